"""*Make it a challenge*: a set-up (the table being set up, or the game as it stands) made into a practice
challenge in live play: its goal, hint, title and rule sections picked from lists in words, its solution recorded
by playing it on the board, checked as ``make challenge`` checks a file (:func:`~..challenges.check`), and given
as the documented TOML text and as a link; several made one after another make a lesson, in order.

One command, ``make``, with the edit first: ``begin`` (the set-up's position, and its terrain where changed,
becomes the challenge's start: :meth:`~..setting_up.SetUp.challenge_start`); ``set`` key value (:data:`KEYS`);
``arg`` name value (one of the goal test's arguments; ``None`` takes it back); ``args`` table (all of them, for a
test that takes tests); ``pick`` name x y [reach] (an argument picked by a tap on the board: the figure there, its
squad, the terrain piece there, or a grid square's column and row; a list of figures gains or loses the one tapped);
``record`` [``solution`` or ``prelude``] (the board goes to the challenge's start: play the solution, or the
steps before the learner starts); ``stop`` (the actions played, with their dice, become the solution or the
prelude, and the board goes back to where it was); ``check``; ``result`` (its TOML text
and link); ``add`` (to the lesson being made); ``lesson`` (the lesson's text and link); ``cancel``.
A bad edit is refused in words (the challenge file's own words, :mod:`~..challenges.file_format`) and changes
nothing. While a challenge is being made every answer carries ``making`` (:meth:`Making.making_answer`).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..challenges import (GOAL_KIND_WORDS, GOAL_KINDS, MEASURES, ChallengeError, Goal, challenges_link, check,
                          goal_test_choices, load, ruleset_tests, toml_text)
from ..challenges.goals import args_problem, unknown_names
from ..errors import SetupError
from ..geometry import Polygon, covers
from ..limits import brief
from ..setting_up import SetUp
from .opponents import make_bot
from .setting import piece_at

KEYS = ("title", "name", "hint", "goal_text", "kind", "test", "action", "measure", "limit", "side", "opponent",
        "sections")
"""What ``make set`` sets: the file's keys, ``goal_text`` (the goal in one line), and the goal's ``kind``,
``test``, ``action`` and ``measure``."""
_GOAL_KEYS = {"goal_text": "text", "kind": "kind", "test": "test", "action": "action", "measure": "measure"}
_NEEDED = {"title": "a title", "hint": "a hint", "goal_text": "the goal in one line", "kind": "the goal's kind",
           "sections": "the rule sections it teaches"}


@dataclass
class Draft:
    """A challenge being made: its start (a challenge file's ``start`` block), the keys set so far, the goal
    test's args, the recorded solution (``None``: not recorded yet) and the last check (its text, problems)."""

    setting: SetUp
    start: dict
    keys: dict = field(default_factory=dict)
    args: dict = field(default_factory=dict)
    solution: list | None = None
    checked: tuple | None = None


@dataclass
class _Recording:
    """The board while the solution is played (``board``), its start (a copy, untouched), and the game to go
    back to."""

    board: object
    start: object
    before: tuple  # (state, words, human, bots, bot name)
    what: str = "solution"  # or "prelude": the steps played before the learner starts


class Making:
    """*Make it a challenge* (a part of :class:`~explorer.core.session.Session`)."""

    _draft: Draft | None = None
    _recording: _Recording | None = None
    _made: list | None = None  # the lesson being made: each challenge's table, in order

    def make_challenge(self, edit: str = "begin", *args) -> dict:
        """One step of making a challenge (see the module's docstring); a refusal is said in words and changes
        nothing."""
        if edit == "begin":
            return self._make_begin()
        handler = {"set": self._make_set, "arg": self._make_arg, "args": self._make_args, "pick": self._make_pick,
                   "record": self._make_record, "stop": self._make_stop, "check": self._make_check,
                   "result": self._make_result,
                   "add": self._make_add, "lesson": self._make_lesson, "cancel": self._make_cancel}.get(edit)
        if handler is not None and self._draft is None and edit != "lesson":
            return self._say("error", "No challenge is being made: press Make it a challenge first.")
        refused = self._uncallable(handler, args, f"making a challenge has no step {brief(edit)}",
                                   f"making a challenge's {edit}")
        if refused:
            return refused
        if self._recording is not None and edit not in ("stop", "cancel"):
            return self._say("error", "The solution is being recorded: press Stop recording first.")
        return handler(*args)

    def making_answer(self) -> dict | None:
        """What the maker shows: the challenge so far, what it still needs, the lists to pick from (in words),
        whether the solution is being recorded, the last check's problems; ``None`` when nothing is being made."""
        draft = self._draft
        if draft is None:
            return None
        ruleset = self.ruleset
        setting = draft.setting
        return {
            "challenge": {**draft.keys, "args": dict(draft.args), "start": draft.start, "solution": draft.solution},
            "needs": self._needs(), "recording": self._recording is not None,
            "steps": None if draft.solution is None else len(draft.solution),
            "problems": None if draft.checked is None else list(draft.checked[1]),
            "lesson": [table["title"] for table in self._made or []],
            "choices": {
                "kinds": [{"name": kind, "words": GOAL_KIND_WORDS[kind]} for kind in GOAL_KINDS],
                "tests": goal_test_choices(ruleset), "actions": list(ruleset.action_kinds), "measures": list(MEASURES),
                "sides": list(setting.state.sides), "opponents": ["none", *ruleset.bots],
                "sections": [{"key": key, "title": section.title} for key, section in ruleset.sections.items()],
                "pieces": [piece["id"] for piece in setting.pieces()],
                "terrain": [t["name"] for t in setting.terrain() if isinstance(t, dict)],
            },
        }

    # -- begin and set ------------------------------------------------------------------------------------------
    def _make_begin(self) -> dict:
        if self.challenge is not None:
            return self._say("error", "A challenge is being played: leave it (New game) to make one.")
        if self._recording is not None:
            return self._say("error", "The solution is being recorded: press Stop recording first.")
        try:
            setting = self.setting_up or SetUp.from_state(self.state)
            start = setting.challenge_start()
        except SetupError as refusal:
            return self._say("refused", f"This table cannot be a challenge's start: {refusal}.")
        kept = {} if self._draft is None else self._draft.keys  # begun again: the keys picked are kept
        args = {} if self._draft is None else self._draft.args
        self._draft = Draft(setting, start, dict(kept), dict(args))
        self._draft.keys.setdefault("side", setting.state.current_player)
        return self._say("note", "Making a challenge from this table: pick its goal, give it a title and a hint, "
                                 "then record the solution.")

    def _make_set(self, key, value) -> dict:
        draft = self._draft
        if key not in KEYS:
            return self._say("error", f"a challenge sets {', '.join(KEYS)}, not {brief(key)}")
        problem = self._key_problem(key, value)
        if problem:
            return self._say("refused", f"Not set: {problem}.")
        draft.keys[key] = list(value) if key == "sections" else value
        if key == "test":
            draft.args = {}
        draft.checked = None
        return self._say("note", f"{key.replace('_', ' ').capitalize()} set.")

    def _key_problem(self, key: str, value) -> str | None:
        """What is wrong with ``value`` for ``key``, in a challenge file's own words (the key tried alone in a
        challenge that is otherwise sound), or ``None``."""
        ruleset, draft = self.ruleset, self._draft
        if key == "test":
            tests = ruleset_tests(ruleset)
            return None if isinstance(value, str) and value in tests else \
                f"unknown test {brief(value)}; {ruleset.title} has {', '.join(tests)}"
        if key == "side":
            if value not in draft.setting.state.sides:
                return f"the sides are {' and '.join(draft.setting.state.sides)}, not {brief(value)}"
            try:
                self._trial(side=value).start()
            except ChallengeError as exc:  # the learner's side is the one to act at the start (after the prelude)
                return f"{exc} (set whose turn it is on the table, or record a prelude)"
            return None
        goal = {"kind": "best" if key in ("action", "measure") else "reach", "test": "won",
                "action": next(iter(ruleset.action_kinds)), "text": "The goal."}
        table = {"name": "draft", "title": "Draft", "hint": "A hint.", "limit": 1, "side": draft.keys["side"],
                 "sections": [next(iter(ruleset.sections))], "goal": goal}
        if key in _GOAL_KEYS:
            goal[_GOAL_KEYS[key]] = value
        else:
            table[key] = value
        return _load_problem(table | {"start": draft.start}, ruleset)

    def _make_arg(self, name, value=None) -> dict:
        args = {k: v for k, v in self._draft.args.items() if k != name}
        if value is not None:
            args[name] = value
        return self._with_args(args, f"{name} taken back." if value is None else f"{name}: {value}.")

    def _make_pick(self, name, x, y, reach=None) -> dict:
        """The goal's argument ``name`` picked by a tap at (x, y) on the set-up's board."""
        draft, test = self._draft, self._draft.keys.get("test")
        arg = next((a for c in goal_test_choices(self.ruleset) if c["name"] == test for a in c["args"]
                    if a["name"] == name), None)
        if arg is None:
            return self._say("refused", f"Not set: the goal's test {brief(test or 'not picked yet')} takes no "
                                        f"{brief(name)}.")
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in (x, y)):
            return self._say("error", f"a tap is at two finite numbers, not ({brief(x)}, {brief(y)})")
        setting, spot = draft.setting, (float(x), float(y))
        tabletop = setting.tabletop
        if name in ("col", "row") and not tabletop:  # a square: its column and its row at once
            return self._with_args({**draft.args, "col": round(x), "row": round(y)},
                                   f"The square picked: column {round(x)}, row {round(y)}.")
        if arg["picks"] == "terrain":
            return self._picked_terrain(name, spot, tabletop)
        if arg["picks"] != "piece":
            return self._say("refused", f"Not set: {name} is picked from its list, not on the board.")
        piece = piece_at(setting, spot if tabletop else (round(x), round(y)), self.tap_radius, reach)
        if piece is None:
            return self._say("refused", f"Not set: no figure there to be the goal's {name}; tap nearer one.")
        value = piece.get("squad") if name == "squad" else piece["id"]
        if value is None:
            return self._say("refused", f"Not set: {piece['id']} is in no squad; tap a figure of the squad.")
        if name != "units":
            return self._make_arg(name, value)
        picked = list(draft.args.get(name, []))  # a list: the tap adds the figure, or takes it off the list
        picked = [p for p in picked if p != value] if value in picked else [*picked, value]
        return self._with_args({**draft.args, name: picked} if picked else
                               {k: v for k, v in draft.args.items() if k != name}, f"{name}: {', '.join(picked) or 'none'}.")

    def _picked_terrain(self, name: str, spot: tuple, tabletop: bool) -> dict:
        if not tabletop:
            return self._say("refused", f"Not set: a grid's terrain is squares, with no name for the goal's {name}.")
        terrain = [t for t in self._draft.setting.terrain() if covers(Polygon(tuple(map(tuple, t["points"]))), spot)]
        if not terrain:
            return self._say("refused", f"Not set: no terrain there to be the goal's {name}; tap inside a piece.")
        return self._make_arg(name, terrain[-1]["name"])  # (the top one, drawn last, where pieces overlap)

    def _make_args(self, table) -> dict:
        return self._with_args(table, "The goal's arguments set.")

    def _with_args(self, args, said: str) -> dict:
        draft = self._draft
        test = draft.keys.get("test")
        if test is None:
            return self._say("refused", "Not set: pick the goal's test first.")
        tests = ruleset_tests(self.ruleset)
        problem = args_problem(tests, test, args, partial=True)
        if problem is None:
            missing = unknown_names(tests, Goal("reach", test, args), draft.setting.state)
            problem = missing and f"the goal names {', '.join(map(brief, missing))}, which the table does not have"
        if problem:
            return self._say("refused", f"Not set: {problem}.")
        draft.args, draft.checked = dict(args), None
        return self._say("note", said)

    # -- the solution, played on the board -----------------------------------------------------------------------
    def _make_record(self, what: str = "solution") -> dict:
        """The board at the challenge's start, to play its ``solution`` on; or its ``prelude``: steps played
        before the learner starts (a moment a file cannot hold, as Dice Tactics' first turn, is reached by a
        prelude from one before it), every side played by hand."""
        if what not in ("solution", "prelude"):
            return self._say("error", f"a challenge records its solution or its prelude, not {brief(what)}")
        try:
            start = (self._trial(prelude=False) if what == "prelude" else self._trial()).start()
        except ChallengeError as exc:
            return self._say("refused", f"Not recording: {exc}.")
        opponent = "none" if what == "prelude" else self._draft.keys.get("opponent", "none")
        self._recording = _Recording(start, start.clone(), (self.state, self._words, self.human, self.bots,
                                                             self.bot_name), what)
        self.state, self._words, self.selected, self._floor = start, [], None, len(start.history)
        self.human = start.current_player if what == "prelude" else self._draft.keys["side"]
        self.bots = {} if opponent == "none" else {
            side: make_bot(self.ruleset, opponent, 1) for side in start.sides if side != self.human}
        self._run_bots()
        return self._say("note", f"Recording the {what}: play it on the board, then press Stop recording.")

    def _make_stop(self) -> dict:
        recording, draft = self._recording, self._draft
        if recording is None:
            return self._say("error", "Nothing is being recorded: press Record the solution first.")
        board = self.state if self.state is recording.board else None  # (another game opened: nothing recorded)
        played = board.history[len(recording.start.history):] if board is not None else []
        steps = _steps(recording.start, played, set(self.bots))
        self.state, self._words, self.human, self.bots, self.bot_name = recording.before
        self._recording, self._floor, self.selected = None, 0, None
        if not steps:
            return self._say("note", f"Nothing was recorded: press Record the {recording.what}, then play it.")
        said = f"Recorded {len(steps)} step{'s' if len(steps) > 1 else ''}"
        if recording.what == "prelude":
            draft.start, draft.solution = {**draft.start, "prelude": steps}, None
            draft.keys["side"] = board.current_player
            said += f" before the learner starts: the learner plays {board.current_player}"
        else:
            draft.solution = steps
        draft.checked = None
        return self._say("note", f"{said}.")

    # -- checked, written, linked ----------------------------------------------------------------------------------
    def _make_check(self) -> dict:
        problems = self._checked()[1]
        if problems:
            return self._say("refused", "Not ready: " + _listed(problems))
        return self._say("note", "Ready: the check found nothing wrong.")

    def _make_result(self) -> dict:
        text, problems = self._checked()
        if problems:
            return self._say("refused", "Not ready: " + _listed(problems))
        return {**self._say("note", "Ready: save it as a file or copy its link."), "challenge_text": text,
                "challenge_link": challenges_link(text)}

    def _make_add(self) -> dict:
        text, problems = self._checked()
        if problems:
            return self._say("refused", "Not added: " + _listed(problems))
        table = self._table()
        made = self._made or []
        if any(t["name"] == table["name"] for t in made):
            return self._say("refused", f"Not added: the lesson has a challenge called {table['name']} already: "
                                        "give this one another name.")
        self._made = [*made, table]
        return self._make_lesson()

    def _make_lesson(self) -> dict:
        if not self._made:
            return self._say("error", "No lesson yet: make a challenge, then Add it to the lesson.")
        text = toml_text(self._made)
        count = len(self._made)
        return {**self._say("note", f"The lesson has {count} challenge{'s' if count > 1 else ''}."),
                "lesson_text": text, "lesson_link": challenges_link(text)}

    def _make_cancel(self) -> dict:
        if self._recording is not None:
            self.state, self._words, self.human, self.bots, self.bot_name = self._recording.before
            self._recording, self._floor = None, 0
        self._draft = None
        return self._say("note", "The challenge being made is put away (the lesson made so far is kept).")

    def _checked(self) -> tuple[str, list[str]]:
        """The challenge's TOML text and what is wrong with it in words: what it still needs, what the file
        format refuses, and what :func:`check` finds (worked out once for the same text)."""
        needs = self._needs()
        if needs:
            return "", [f"it still needs {', '.join(needs)}"]
        draft = self._draft
        text = toml_text([self._table()])
        if draft.checked is None or draft.checked[0] != text:
            try:
                challenge = next(iter(load(text, self.ruleset).values()))
                problems = check(challenge)
            except ChallengeError as exc:
                problems = [_unprefixed(str(exc))]
            except Exception as exc:  # noqa: BLE001 - words, never a traceback, even for a fault of the checker
                problems = [f"the checker could not finish ({type(exc).__name__}: {brief(str(exc))})"]
            draft.checked = (text, problems)
        return draft.checked

    def _needs(self) -> list[str]:
        draft = self._draft
        needs = [words for key, words in _NEEDED.items() if key not in draft.keys]
        kind = draft.keys.get("kind")
        if kind in ("reach", "sure") and "test" not in draft.keys:
            needs.append("the goal's test")
        if kind == "best" and "action" not in draft.keys:
            needs.append("the kind of action chosen")
        if draft.solution is None:
            needs.append("a recorded solution")
        return needs

    def _table(self) -> dict:
        """The challenge as the table a ``[[challenge]]`` reads as (its solution recorded, its name from its title
        unless given, its limit the solution's length unless given)."""
        draft, keys = self._draft, self._draft.keys
        goal = {"kind": keys["kind"]}
        if keys["kind"] in ("reach", "sure"):
            goal |= {"test": keys["test"], **({"args": dict(draft.args)} if draft.args else {})}
        if keys["kind"] == "best":
            goal |= {"action": keys["action"], "measure": keys.get("measure", MEASURES[0])}
        if keys["kind"] == "sure" and "action" in keys:
            goal["action"] = keys["action"]
        goal["text"] = keys["goal_text"]
        mine = sum(step["action"].get("player") == keys["side"] for step in draft.solution)
        return {"name": keys.get("name") or _name_of(keys["title"]), "title": keys["title"],
                "sections": list(keys["sections"]), "hint": keys["hint"], "limit": keys.get("limit", max(1, mine)),
                "side": keys["side"], "opponent": keys.get("opponent", "none"), "goal": goal,
                "solution": draft.solution, "start": draft.start}

    def _trial(self, *, side: str | None = None, prelude: bool = True):
        """The challenge so far, sound enough to build its start (its goal a placeholder): ``side`` the learner's,
        else the one picked; without its ``prelude``, the set-up's side to act is the learner's."""
        draft = self._draft
        start = draft.start if prelude else {k: v for k, v in draft.start.items() if k != "prelude"}
        side = side or (draft.keys["side"] if prelude else draft.setting.state.current_player)
        table = {"name": "draft", "title": "Draft", "hint": "A hint.", "limit": 1, "side": side,
                 "opponent": draft.keys.get("opponent", "none"), "sections": [next(iter(self.ruleset.sections))],
                 "goal": {"kind": "reach", "test": "won", "text": "The goal."}, "start": start}
        return next(iter(load(toml_text([table]), self.ruleset).values()))


def _load_problem(table: dict, ruleset) -> str | None:
    try:
        load(toml_text([table]), ruleset)
    except ChallengeError as exc:
        return _unprefixed(str(exc))
    return None


def _listed(problems: list[str]) -> str:
    """The check's problems as one sentence (a problem's own full stop dropped: no "..")."""
    return "; ".join(p.rstrip(".") for p in problems) + "."


def _unprefixed(text: str) -> str:
    """A file's refusal without "challenge 1 (name): ": there is one challenge, the one being made."""
    return re.sub(r"^challenge 1( \([^)]*\))?: ", "", text)


def _name_of(title: str) -> str:
    """A challenge's name from its title, as a link carries it ("Into cover!" -> "into-cover")."""
    return "-".join(re.findall(r"[a-z0-9]+", title.lower()))[:40].strip("-") or "my-challenge"


def _steps(start, played, bots: set) -> list[dict]:
    """The turns ``played`` from ``start`` as a challenge's solution steps: each action not a bot's (a bot's
    answers are the challenge's opponent's, played again by it), with the faces of the dice it rolled, entered by
    hand or drawn by the game (replayed on a copy of the start, its dice watched)."""
    replay, steps = start.clone(), []
    for turn in played:
        faces: list[int] = []
        roll = replay.roll
        replay.roll = lambda n=1, sides=6: _kept(faces, roll(n, sides))  # (this copy only: an instance attribute)
        try:
            replay.apply(turn.action, dice=turn.dice)
        finally:
            del replay.roll
        if turn.action.player not in bots:
            steps.append({"action": turn.action.to_dict(), **({"dice": faces} if faces else {})})
    return steps


def _kept(faces: list, rolled: tuple) -> tuple:
    faces.extend(rolled)
    return rolled
