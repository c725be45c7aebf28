"""One challenge: its start, the grading of an attempt (0-3 stars, and why: in one short sentence a child can read,
and in full), its recorded solution."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from ..actions import Action, action_from_dict
from ..simulate import seeded
from .goals import Goal, goal_holds, standing
from .proving import sure_failure, weigh_choices
from .starting import build_start, step_dice


@dataclass(frozen=True)
class Grade:
    """An attempt, graded: solved or not, 0-3 stars, and why, in words: in full (the proof, the chances as
    fractions, the hint and the rules) and ``said`` in one short sentence a child can read (the chances in words)."""

    solved: bool
    stars: int
    why: str
    used: int  # the learner's actions so far
    over: bool  # no more tries: the limit is used up, or the game ended
    said: str = ""  # the grade in one short sentence ("" for a grade made elsewhere: ``why`` says it)


@dataclass(frozen=True)
class Challenge:
    """One challenge: see :mod:`explorer.core.challenges`; :func:`~.file_format.load` builds it from its TOML form."""

    ruleset: Any
    name: str
    title: str
    goal_text: str
    sections: tuple[str, ...]
    hint: str
    limit: int
    side: str
    start_spec: Mapping[str, Any]
    goal: Goal
    solution: tuple[Mapping[str, Any], ...]
    opponent: str = "none"
    order: int = 0
    text: str = field(default="", compare=False, repr=False)  # the TOML text it was read from (its whole file):
    # its own text and its key from it, when asked: file_format.own_text and content_key

    # -- the start ---------------------------------------------------------------------------------------
    def start(self) -> Any:
        """A new game state at the challenge's start (the learner's side to act)."""
        return build_start(self)

    def started_with(self) -> dict[str, int]:
        cached = self.__dict__.get("_started_with")
        if cached is None:
            cached = self.__dict__["_started_with"] = standing(self.start())
        return dict(cached)

    @property
    def refs(self) -> tuple:
        return tuple(self.ruleset.ref(key) for key in self.sections)

    # -- grading -----------------------------------------------------------------------------------------
    def attempt(self, state) -> list[Action]:
        """The learner's actions in ``state`` since the start."""
        begun = self.__dict__.get("_begun")
        if begun is None:
            begun = self.__dict__["_begun"] = len(self.start().history)
        return [turn.action for turn in state.history[begun:] if turn.action.player == self.side]

    def solved(self, state) -> bool:
        return self.grade(state).solved

    def grade(self, state) -> Grade:
        used = len(self.attempt(state))
        over = used >= self.limit or state.is_over
        if used > self.limit:
            too_many = f"That took {used} actions; the goal must be reached in {self.limit}."
            return Grade(False, 0, too_many, used, True, f"That took too many actions: you have {self.limit}.")
        if self.goal.kind == "reach":
            if goal_holds(self, state):
                return Grade(True, self._stars(used), f"Done: {self.goal_text}", used, True, "You did it!")
            if over and self._rolled(state) and self._played_as_solved(state):
                # the right actions, the wrong dice: the hint would tell a child who got it right that it was wrong
                unlucky = "You played it the right way, but the dice said no this time."
                return Grade(False, 0, f"{unlucky} Try again!", used, over, unlucky)
            return self._not_yet(used, over)
        chosen = self._first_choice(state)
        if chosen is None:
            return self._not_yet(used, over)
        before, action, key = chosen
        if self.goal.kind == "best":
            return self._grade_best(before, action, used, key)
        return self._grade_sure(before, action, used, key)

    def _stars(self, used: int) -> int:
        best = len([a for a in self.solution_actions() if a[0].player == self.side]) or 1
        if used <= best:
            return 3
        return 2 if used <= (best + self.limit + 1) // 2 else 1

    def _rolled(self, state) -> bool:
        """Whether any dice were rolled since the start (entered by hand, or the game's own random numbers
        drawn): only then may the dice be blamed."""
        start = self.start()
        return self.ruleset.rolls_dice and (state.rng.counter != start.rng.counter or any(
            turn.dice for turn in state.history[len(start.history):]))

    def _played_as_solved(self, state) -> bool:
        """Whether the learner's first actions are the recorded solution's (whatever the dice rolled)."""
        solution = [action for action, _ in self.solution_actions() if action.player == self.side]
        return bool(solution) and self.attempt(state)[:len(solution)] == solution

    def _not_yet(self, used: int, over: bool) -> Grade:
        if not over:
            return Grade(False, 0, f"Goal: {self.goal_text} ({used} of {self.limit} actions used)", used, over,
                         f"{used} of {self.limit} actions used: keep going.")
        rules = ", ".join(ref.key for ref in self.refs)
        return Grade(False, 0, f"Not this time: {self.goal_text[:1].lower()}{self.goal_text[1:]} Hint: {self.hint} "
                     f"({rules})", used, over, "Not this time: the goal is not reached.")

    def _first_choice(self, state):
        """The state just before the learner's graded choice, that choice, and the play up to it (the key its
        verdict is remembered by)."""
        replay = self.start()
        begun = len(replay.history)
        wanted = self.goal.action
        for index, turn in enumerate(state.history[begun:], begun):
            action = turn.action
            if action.player == self.side and (not wanted or type(action).__name__ == wanted):
                return replay, action, tuple((t.action, t.dice) for t in state.history[begun:index + 1])
            replay.apply(action, dice=turn.dice)
        return None

    def _verdict(self, key, work):
        """``work()``, worked out once for the play ``key`` (an answer is graded every time the page asks where
        the game stands; proving a choice may play thousands of branches): the last few verdicts are kept."""
        kept = self.__dict__.setdefault("_verdicts", {})
        if key not in kept:
            if len(kept) >= _KEPT_VERDICTS:
                kept.pop(next(iter(kept)))  # the oldest
            kept[key] = work()
        return kept[key]

    def _grade_best(self, before, action, used: int, key) -> Grade:
        weighed = self._verdict(key, lambda: weigh_choices(before, self.goal))
        best = max(weighed.values())
        mine = weighed.get(action)
        if mine is None:
            finish = f"Choose {_a(self.goal.action)} to finish: {self.goal_text}"
            return Grade(False, 0, finish, used, True, finish)
        said = before.describe(action, self.side)
        if mine == best:
            return Grade(True, 3, f"The best choice: {_chance(mine, self.goal)} ({said}).", used, True,
                         f"{_upper(chance_words(mine, self.goal))}: the best shot here!")
        tops = [a for a, value in weighed.items() if value == best]
        return Grade(False, 0, f"{_upper(said)}: {_chance(mine, self.goal)}; the best choice "
                     f"({before.describe(tops[0], self.side)}) has {_chance(best, self.goal)}. {self.hint}", used, True,
                     f"That has {chance_words(mine, self.goal)}, but the best shot has {chance_words(best, self.goal)}.")

    def _grade_sure(self, before, action, used: int, key) -> Grade:
        failure = self._verdict(key, lambda: sure_failure(self, before, action))
        said = before.describe(action, self.side)
        # A ruleset without dice (phlog's cards) is proved against the other side's every answer instead; with no
        # dice and no opponent (Dice Tactics' attacks) the choice is proved by playing it once.
        if self.ruleset.rolls_dice or self.opponent != "none":
            whatever = "whatever the dice" if self.ruleset.rolls_dice else f"whatever {before.other(self.side)} answers"
            sure, unsure = _upper(whatever), f"Not {whatever}"
            yes, no = (("Yes: it works whatever the dice roll!", "Not always: some rolls of the dice make it fail.")
                       if self.ruleset.rolls_dice else (f"Yes: it works whatever {before.other(self.side)} does!",
                                                        f"Not always: {before.other(self.side)} has an answer that stops it."))
        else:
            sure, unsure = "Nothing is left to chance", "Not this one"
            yes, no = "Yes: that does it!", "That one does not do it."
        if failure is None:
            return Grade(True, 3, f"{sure}: {said} always works.", used, True, yes)
        return Grade(False, 0, f"{unsure}: {failure}. {self.hint}", used, True, no)

    # -- the recorded solution ------------------------------------------------------------------------------
    def solution_actions(self) -> list[tuple[Action, tuple[int, ...] | None]]:
        kinds = self.ruleset.action_kinds
        return [(action_from_dict(dict(step["action"]), kinds), step_dice(step.get("dice"))) for step in self.solution]

    def play_solution(self, *, upto: int | None = None):
        """The start with the recorded solution played (its first ``upto`` steps), the opponent answering."""
        state = self.start()
        for action, dice in self.solution_actions()[:upto]:
            state.apply(action, dice=dice)
            self.answer(state)
        return state

    def answer(self, state, seed: int = 1) -> None:
        """The other side plays until the learner is to act again (``opponent``: a bot's name; "none":
        the challenge never hands the other side a move)."""
        if self.opponent == "none":
            return
        bot = seeded(self.ruleset.bots[self.opponent], seed)  # a bot class may or may not take a seed
        while not state.is_over and state.current_player != self.side:
            state.apply(bot(state))


_KEPT_VERDICTS = 32  # verdicts a challenge keeps (a few learners' plays at once, in Lab or a test run)


def chance_words(value: Fraction, goal: Goal) -> str:
    """A chance in words a child can read: "1 chance in 2", "about 7 chances in 10" (``_chance`` says it as a
    fraction and a percentage, for grown-ups)."""
    if goal.measure == "mean":
        return f"about {float(value):.1f} on average"
    if value == 0:
        return "no chance"
    if value == 1:
        return "every chance"
    if value.denominator > 12:  # 25 in 36 is no help to a child: said in tenths
        tenths = round(value * 10)
        if tenths == 0:
            return "less than 1 chance in 10"
        if tenths == 10:
            return "more than 9 chances in 10"
        return f"about {tenths} chance{'s' if tenths > 1 else ''} in 10"
    return f"{value.numerator} chance{'s' if value.numerator > 1 else ''} in {value.denominator}"


def _upper(words: str) -> str:
    return words[:1].upper() + words[1:]


def _chance(value: Fraction, goal: Goal) -> str:
    if goal.measure == "mean":
        return f"on average {float(value):.2f}"
    return f"a {value.numerator}/{value.denominator} chance ({float(value):.0%})"


def _a(kind: str) -> str:
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"

