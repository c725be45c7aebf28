"""Practice mode: the ruleset's challenges (:mod:`explorer.core.challenges`) played in the Session: started,
tried again, shown step by step from the recorded solution, and graded in every answer.

Stars by how it was solved: 3 at the first try with no hint, 2 after a hint or a retry, 1 after more; a
challenge *Show me* played is shown, with no stars (solved afterwards by the learner's own hand on a new try: 1)."""

from __future__ import annotations

from dataclasses import dataclass

from ..challenges import as_text, challenges_link, content_key, opened, own_text, ruleset_challenges
from ..errors import ChallengeError
from ..limits import brief
from .opponents import make_bot


@dataclass
class Tries:
    """How a challenge has been tried since it was opened: what its stars depend on."""

    tries: int = 1  # this try's number (Try again adds one)
    hinted: bool = False  # the hint was opened
    shown: bool = False  # Show me played on this try
    failed: bool = False  # this try has been graded a failure (then undone, its solving is not a first try)

    def again(self) -> Tries:
        """The next try: a try that was shown the way counts as a hint besides the retry."""
        return Tries(self.tries + 1, self.hinted or self.shown)

    def stars(self, earned: int) -> int:
        """The stars for a solve whose grade earned ``earned`` (fewer for more actions than the solution's)."""
        if self.shown:
            return 0
        missed = self.tries - 1 + self.failed + self.hinted
        return min(earned, 3 if missed == 0 else 2 if missed == 1 else 1)


class Practice:
    """Practice challenges (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def challenges(self, opened: bool = False) -> list[dict]:
        """The ruleset's practice challenges (``opened``: the lesson opened), in order: name, title, goal, the
        rules each teaches, and ``key``, what its stars are kept by (opened ones: name and content digest)."""
        return [{"name": c.name, "title": c.title, "goal": c.goal_text, "kind": c.goal.kind,
                 "rules": [self._rule(ref) for ref in c.refs], "key": content_key(c) if opened else c.name}
                for c in self._listed(opened).values()]

    def _listed(self, opened: bool) -> dict:
        return self.lesson if opened else ruleset_challenges(self.ruleset)

    def open_lesson(self, data: str, form: str = "text") -> dict:
        """Open a challenge or a lesson (several, in order): ``data`` is TOML text, a file's bytes in base64 or a
        link's text (``form``: text, file, link). Every challenge is read and checked first: anything wrong is
        refused in words, and the game, the challenge being played and how it was tried are left as they were.
        Opened, the answer lists the lesson (``lesson``); its challenges start with :meth:`practise` (``opened``)."""
        try:
            lesson = opened(as_text(data, form), self.ruleset)
        except ChallengeError as exc:
            return self._say("error", f"Not opened: {exc}.")
        self.lesson = lesson
        self._tried = {key: tries for key, tries in self._tried.items() if not isinstance(key, tuple)}
        count = f"{len(lesson)} challenges" if len(lesson) > 1 else "a challenge"
        return {**self._say("note", f"Opened {count}: {', '.join(c.title for c in lesson.values())}."),
                "lesson": self.challenges(opened=True)}

    def challenge_link(self, whole_lesson: bool = False) -> dict:
        """The challenge being played as a link's text (``challenge_link``): its own TOML text, packed;
        ``whole_lesson``: the lesson opened, every challenge in order."""
        if whole_lesson and self.lesson is None:
            return self._say("error", "No lesson to link: open a challenges file first.")
        if not whole_lesson and self.challenge is None:
            return self._say("error", "No challenge to link: choose one first.")
        texts = [own_text(c) for c in self.lesson.values()] if whole_lesson else [own_text(self.challenge)]
        text = "\n".join(texts)
        return {**self.answer(), "challenge_link": challenges_link(text)}

    def practise(self, name: str, opened: bool = False) -> dict:
        """Start the practice challenge ``name`` (``opened``: of the lesson opened): its position, the human on
        its side, its opponent (if the other side answers at all). Answers then carry ``challenge`` (the goal,
        the grade, stars, why)."""
        listed = self._listed(bool(opened))
        challenge = listed.get(name) if isinstance(name, str) else None
        if challenge is None:
            names = ", ".join(listed) or "none"
            where = "the lesson opened" if opened else self.ruleset.title
            return self._say("error", f"No challenge {brief(name)}: {where} has {names}")
        tried = self._tried.get(self._tries_key(challenge))  # opened again (from the list, Next): one more try
        self._tries = self._tried[self._tries_key(challenge)] = Tries() if tried is None else tried.again()
        return self._begin(challenge)

    def _tries_key(self, challenge) -> str | tuple:
        """How its tries are kept: a shipped challenge by name, an opened one by its key (apart from the others)."""
        return ("opened", content_key(challenge)) if self._is_opened(challenge) else challenge.name

    def _is_opened(self, challenge) -> bool:
        return self.lesson is not None and self.lesson.get(challenge.name) is challenge

    def _begin(self, challenge) -> dict:
        """The challenge from its start (a new try of it: how it was tried so far is kept)."""
        state = challenge.start()
        if self.challenge is None:  # what a new game goes back to afterwards
            self._before_practice = (self.human, self.bots, self.bot_name)
        others = [side for side in state.sides if side != challenge.side]
        self.bots = {} if challenge.opponent == "none" else {
            side: make_bot(self.ruleset, challenge.opponent, self.bot_seed) for side in others}
        self.bot_name = challenge.opponent if self.bots else self.bot_name
        self.state, self.human, self.scenario, self.selected = state, challenge.side, state.game.scenario, None
        self.challenge, self._floor, self._words = challenge, len(state.history), self._history_words(state)
        self._run_bots()
        return self._say("note", f"Challenge: {challenge.title}. {challenge.goal_text}")

    def retry(self) -> dict:
        """The challenge again from its start."""
        if self.challenge is None:
            return self._say("error", "No challenge to try again: choose one first.")
        self._tries = self._tried[self._tries_key(self.challenge)] = self._tries.again()
        return self._begin(self.challenge)

    def hint(self) -> dict:
        """The hint is read (the page and Lab show it; the Session counts it against the stars)."""
        if self.challenge is None:
            return self._say("error", "No hint: choose a challenge first.")
        self._tries.hinted = True
        return self.answer()

    def show_me(self) -> dict:
        """Play the next step of the challenge's recorded solution (from the start again when the attempt has left
        it), with its dice, and say which step it was."""
        challenge = self.challenge
        if challenge is None:
            return self._say("error", "Nothing to show: choose a challenge first.")
        steps = challenge.solution_actions()
        mine = [turn.action for turn in self.state.history[self._floor:] if turn.action.player == challenge.side]
        if len(mine) >= len(steps) or mine != [action for action, _ in steps[:len(mine)]]:
            self._begin(challenge)
            mine = []
        self._tries.shown = True
        action, dice = steps[len(mine)]
        words = self.state.describe(action, self.seat)
        answer = self._apply(action, dice)
        if answer["message"] is not None:
            return answer
        return self._say("note", f"Step {len(mine) + 1} of {len(steps)}: {words}.")

    def _practice(self) -> dict | None:
        """The ``challenge`` part of an answer: what it is, and the attempt so far, graded."""
        challenge = self.challenge
        if challenge is None:
            return None
        grade = challenge.grade(self.state)
        over = grade.over or self.state.current_player not in (challenge.side, *self.bots)
        if over and not grade.solved:
            self._tries.failed = True  # undone and solved afterwards, it is not solved at the first try
        is_opened = self._is_opened(challenge)
        names = list(self._listed(is_opened))
        index = names.index(challenge.name)
        return {"name": challenge.name, "title": challenge.title, "goal": challenge.goal_text, "kind": challenge.goal.kind,
                "hint": challenge.hint, "rules": [self._rule(ref) for ref in challenge.refs], "limit": challenge.limit,
                "used": grade.used, "solved": grade.solved, "stars": self._tries.stars(grade.stars) if grade.solved else 0,
                "shown": self._tries.shown, "said": grade.said or grade.why, "why": grade.why, "over": over,
                "steps": len(challenge.solution), "index": index, "count": len(names),
                "next": names[index + 1] if index + 1 < len(names) else None, "opened": is_opened,
                "key": content_key(challenge) if is_opened else challenge.name}

    def _leave_practice(self, *, restore: bool = False) -> None:
        """Out of practice; ``restore``: the side and opponent from before the first challenge too."""
        if self.challenge is not None and restore:
            self.human, self.bots, self.bot_name = self._before_practice
        self.challenge, self._floor = None, 0
