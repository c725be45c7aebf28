"""Practice challenges: a set position, a goal the engine decides, a limit, and the rules it teaches.

A challenge is data, written in a small TOML format a teacher can write too (see ``book/practice.md``
for the format, and each ruleset's ``challenges.toml``). The engine builds its start, grades an attempt
and proves its recorded solution; :func:`check` says in words what is wrong with a challenge.

Three kinds of goal, each decided by the engine, never by sampling:

- ``reach``: a position to reach within the limit, named by a test (``won``, ``enemy_down``, or one of
  the ruleset's own in its ``goals.py``: "the sniper stands where no enemy sees it");
- ``best``: a choice graded exactly: of the actions of one kind legal at that moment, the one chosen
  must have the best exact chance (``state.chance``) by the goal's measure;
- ``sure``: a choice whose test holds whatever the dice and whatever the other side answers: every
  roll of the dice and every legal answer is played out (:func:`outcomes`), none may fail the test.
"""

from __future__ import annotations

import importlib
import importlib.resources
import itertools
import sys
import tomllib
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .actions import Action, action_from_dict
from .errors import MissingDice, RuleViolation, SaveGameError
from .limits import brief
from .rng import GameRNG

GOAL_KINDS = ("reach", "best", "sure")
MEASURES = ("at_least_one", "mean")
"""How a ``best`` goal weighs an action's chance: P(at least 1), or the mean of what the dice decide (a
collection of pieces, those a roll kills, counts by its size)."""
MAX_OUTCOMES = 20_000  # branches a "sure" goal may play out: beyond it the challenge is too big to prove
RANDOM_TRIES = 8        # random attempts the checker plays: a goal any random attempt reaches teaches nothing
MAX_LIMIT = 50


class ChallengeError(ValueError):
    """A challenge that cannot be used: says what is wrong with it, in words."""


# -- tests of a position -------------------------------------------------------------------------------------

def _standing(state) -> dict[str, int]:
    return state._standing()


def _won(state, challenge) -> bool:
    outcome = state.outcome
    return outcome is not None and outcome.winner == challenge.side


def _enemy_down(state, challenge, count: int = 1) -> bool:
    enemy = state.other(challenge.side)
    return challenge.started_with()[enemy] - _standing(state).get(enemy, 0) >= count


def _none_lost(state, challenge) -> bool:
    return _standing(state).get(challenge.side, 0) >= challenge.started_with()[challenge.side]


CORE_TESTS: dict[str, Callable[..., bool]] = {"won": _won, "enemy_down": _enemy_down, "none_lost": _none_lost}
"""Tests every ruleset has. A ruleset adds its own in ``goals.py`` (``TESTS``: name -> f(state, challenge,
**args) -> bool)."""


def _package(ruleset) -> str:
    """The ruleset's package (where its goals.py and challenges.toml live)."""
    return ruleset.state_type.__module__.rpartition(".")[0]


def ruleset_tests(ruleset) -> dict[str, Callable[..., bool]]:
    package = _package(ruleset)
    try:
        goals = importlib.import_module(f"{package}.goals")
    except ModuleNotFoundError as exc:
        if exc.name != f"{package}.goals":
            raise
        return dict(CORE_TESTS)
    return {**CORE_TESTS, **goals.TESTS}


# -- the challenge ---------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Goal:
    kind: str                                        # reach | best | sure
    test: str = ""                                   # reach, sure: a test's name
    args: Mapping[str, Any] = field(default_factory=dict)
    action: str = ""                                 # best: the kind of action chosen ("Shoot")
    measure: str = "at_least_one"                    # best: how a chance is weighed


@dataclass(frozen=True)
class Grade:
    """An attempt, graded: solved or not, 0-3 stars, and why, in words (citing the rules when it failed)."""

    solved: bool
    stars: int
    why: str
    used: int  # the learner's actions so far
    over: bool  # no more tries: the limit is used up, or the game ended


@dataclass(frozen=True)
class Challenge:
    """One challenge: see the module's docstring; :func:`load` builds it from its TOML form."""

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

    # -- the start ---------------------------------------------------------------------------------------
    def start(self) -> Any:
        """A new game state at the challenge's start (the learner's side to act)."""
        return _build_start(self)

    def started_with(self) -> dict[str, int]:
        cached = self.__dict__.get("_started_with")
        if cached is None:
            cached = self.__dict__["_started_with"] = _standing(self.start())
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
            return Grade(False, 0, f"That took {used} actions; the goal must be reached in {self.limit}.", used, True)
        if self.goal.kind == "reach":
            if _test(self, state):
                return Grade(True, self._stars(used), f"Done: {self.goal_text}", used, True)
            return Grade(False, 0, self._not_yet(used, over), used, over)
        chosen = self._first_choice(state)
        if chosen is None:
            return Grade(False, 0, self._not_yet(used, over), used, over)
        before, action = chosen
        if self.goal.kind == "best":
            return self._grade_best(before, action, used)
        return self._grade_sure(before, action, used)

    def _stars(self, used: int) -> int:
        best = len([a for a in self.solution_actions() if a[0].player == self.side]) or 1
        if used <= best:
            return 3
        return 2 if used <= (best + self.limit + 1) // 2 else 1

    def _not_yet(self, used: int, over: bool) -> str:
        if not over:
            return f"Goal: {self.goal_text} ({used} of {self.limit} actions used)"
        rules = ", ".join(ref.key for ref in self.refs)
        return f"Not this time: {self.goal_text[:1].lower()}{self.goal_text[1:]} Hint: {self.hint} ({rules})"

    def _first_choice(self, state):
        """The state just before the learner's graded choice, and that choice."""
        replay = self.start()
        begun = len(replay.history)
        wanted = self.goal.action
        for turn in state.history[begun:]:
            action = turn.action
            if action.player == self.side and (not wanted or type(action).__name__ == wanted):
                return replay, action
            replay.apply(action, dice=turn.dice)
        return None

    def _grade_best(self, before, action, used: int) -> Grade:
        weighed = weigh_choices(before, self.goal)
        best = max(weighed.values())
        mine = weighed.get(action)
        if mine is None:
            return Grade(False, 0, f"Choose {_a(self.goal.action)} to finish: {self.goal_text}", used, True)
        if mine == best:
            return Grade(True, 3, f"The best choice: {_chance(mine, self.goal)} ({before.describe(action, self.side)}).",
                         used, True)
        tops = [a for a, value in weighed.items() if value == best]
        return Grade(False, 0, f"{before.describe(action, self.side)[:1].upper()}{before.describe(action, self.side)[1:]}: "
                     f"{_chance(mine, self.goal)}; the best choice ({before.describe(tops[0], self.side)}) has "
                     f"{_chance(best, self.goal)}. {self.hint}", used, True)

    def _grade_sure(self, before, action, used: int) -> Grade:
        failure = sure_failure(self, before, action)
        said = before.describe(action, self.side)
        # A ruleset without dice (phlog's cards) is proved against the other side's every answer instead; with no
        # dice and no opponent (Dice Tactics' attacks) the choice is proved by playing it once.
        if self.ruleset.rolls_dice or self.opponent != "none":
            whatever = "whatever the dice" if self.ruleset.rolls_dice else f"whatever {before.other(self.side)} answers"
            sure, unsure = f"{whatever[:1].upper()}{whatever[1:]}", f"Not {whatever}"
        else:
            sure, unsure = "Nothing is left to chance", "Not this one"
        if failure is None:
            return Grade(True, 3, f"{sure}: {said} always works.", used, True)
        return Grade(False, 0, f"{unsure}: {failure}. {self.hint}", used, True)

    # -- the recorded solution ------------------------------------------------------------------------------
    def solution_actions(self) -> list[tuple[Action, tuple[int, ...] | None]]:
        kinds = self.ruleset.action_kinds
        return [(action_from_dict(dict(step["action"]), kinds), _dice(step.get("dice"))) for step in self.solution]

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
        from .simulate import seeded  # here: simulate imports the registry, which imports this module

        bot = seeded(self.ruleset.bots[self.opponent], seed)  # a bot class may or may not take a seed
        while not state.is_over and state.current_player != self.side:
            state.apply(bot(state))


# -- best choice and "whatever the dice" -----------------------------------------------------------------

def weigh_choices(state, goal: Goal) -> dict[Action, Fraction]:
    """Every legal action of the goal's kind, with its exact chance weighed by the goal's measure."""
    weighed = {}
    for action in state.legal_actions:
        if type(action).__name__ != goal.action:
            continue
        dist = state.chance(action)
        if dist is None:
            weighed[action] = Fraction(0)
        elif goal.measure == "mean":
            weighed[action] = Fraction(dist.map(_number).mean())
        else:
            weighed[action] = dist.probability_where(lambda value: _number(value) >= 1)
    return weighed


def _number(value) -> float:
    """What one outcome of the dice counts: a number as it is; the pieces a roll kills (a tuple of ids, as
    Army Men's shots give them) by how many they are."""
    if isinstance(value, (tuple, frozenset)):
        return len(value)
    return value if isinstance(value, (int, float)) else 0


def outcomes(state, action, *, until: Callable[[Any], bool], limit: int = MAX_OUTCOMES) -> Iterator[tuple[Any, str]]:
    """Every way ``action`` can turn out: each roll of its dice (faces entered one by one) and then,
    while ``until(state)`` is false, every legal action of whoever is to act, each with its own rolls.
    Yields (the state at the end of the branch, the branch in words). Raises ``ChallengeError`` past
    ``limit`` branches (too big to prove)."""
    count = itertools.count(1)

    def played(state, action, said) -> Iterator[tuple[Any, str]]:
        for dice in _rolls(state, action):
            branch = state.clone()
            branch.apply(action, dice=dice)
            # told from the state it was offered in: after it, an "End move" reads as the phase that follows
            words = f"{said}{'; ' if said else ''}{_step(state, action, first=not said)}" + (
                f" rolling {list(dice)}" if dice else "")
            if branch.is_over or until(branch):
                if next(count) > limit:
                    raise ChallengeError(f"more than {limit:,} ways this can turn out: too many to prove")
                yield branch, words
                continue
            for reply in list(branch.legal_actions):
                yield from played(branch, reply, words)

    yield from played(state, action, "")


def _step(state, action, *, first: bool) -> str:
    """One step of a branch in words: as its player sees it (a card chosen face down is named: the branch
    plays to where it is shown), each answer after the first step with the name of the player answering."""
    player = getattr(action, "player", None)
    words = state.describe(action, player)
    return words if first or player is None else f"{player}: {words}"


def _rolls(state, action) -> Iterator[tuple[int, ...] | None]:
    """Each roll ``action`` can make: ``None`` when it rolls no dice, else every tuple of faces."""
    probe = state.clone()
    try:
        probe.apply(action, dice=())
        yield None if not probe.history[-1].dice else ()
        return
    except MissingDice as missing:
        pending = [(f,) for f in range(1, missing.sides + 1)]
    while pending:
        faces = pending.pop(0)
        probe = state.clone()
        try:
            probe.apply(action, dice=faces)
        except MissingDice as missing:
            pending[:0] = [(*faces, f) for f in range(1, missing.sides + 1)]
            continue
        yield faces


def sure_failure(challenge: Challenge, before, action) -> str | None:
    """How ``action`` can fail the challenge's test (one branch, in words), or ``None``: it never does."""
    for end, words in outcomes(before, action, until=lambda s: _has_choice(challenge, s)):
        if not _test(challenge, end):
            return f"if {words}, the goal is not reached"
    return None


def _has_choice(challenge: Challenge, state) -> bool:
    """The learner is to act with a choice to make: a position where all the learner may do is the ruleset's
    one-button next step ("End move" with nothing left to move) is played on, so "whatever the other side
    answers" reaches the other side's turn."""
    return state.current_player == challenge.side and any(
        type(action).__name__ not in challenge.ruleset.next_step for action in state.legal_actions)


def _test(challenge: Challenge, state) -> bool:
    tests = ruleset_tests(challenge.ruleset)
    return bool(tests[challenge.goal.test](state, challenge, **challenge.goal.args))


def _chance(value: Fraction, goal: Goal) -> str:
    if goal.measure == "mean":
        return f"on average {float(value):.2f}"
    return f"a {value.numerator}/{value.denominator} chance ({float(value):.0%})"


def _a(kind: str) -> str:
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"


def _dice(value) -> tuple[int, ...] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ChallengeError(f"dice are a list of faces, not {brief(value)}")
    return tuple(value)


# -- building the start ----------------------------------------------------------------------------------

def _build_start(challenge: Challenge):
    spec = challenge.start_spec
    ruleset = challenge.ruleset
    settings = dict(spec.get("settings", {}))
    try:
        state = ruleset.new_game(spec.get("scenario"), seed=spec.get("seed", 1), **settings)
    except (ValueError, TypeError) as exc:
        raise ChallengeError(f"the start cannot be made: {exc}") from None
    edits = {key: spec[key] for key in ("figures", "remove", "position") if key in spec}
    if edits:
        save = state.to_dict()
        position = _edited(save["start"]["position"], edits)
        save["start"]["position"] = save["current"]["position"] = position
        save["actions"] = []
        try:
            state = type(state).from_dict(save)
        except SaveGameError as exc:
            raise ChallengeError(f"the start is not a legal position: {exc}") from None
    kinds = ruleset.action_kinds
    for index, step in enumerate(spec.get("prelude", ())):
        try:
            state.apply(action_from_dict(dict(step["action"]), kinds), dice=_dice(step.get("dice")))
        except (KeyError, ValueError, TypeError) as exc:
            raise ChallengeError(f"prelude step {index + 1} cannot be played: {exc}") from None
    if state.is_over:
        raise ChallengeError(f"the game is over at the start: {state.outcome.reason}")
    if state.current_player != challenge.side:
        raise ChallengeError(f"at the start {state.current_player} is to act, not the learner's side {challenge.side}")
    return state


def _edited(position: dict, edits: Mapping[str, Any]) -> dict:
    """The saved ``position`` with its pieces (the list of objects with an ``id``: figures, fighters, units)
    changed by id (``figures``: id -> fields), some taken off (``remove``), and top-level keys set
    (``position``)."""
    position = dict(position)
    pieces_key = next((key for key, value in position.items()
                       if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value)),
                      None)
    changes, removed = dict(edits.get("figures", {})), list(edits.get("remove", ()))
    if (changes or removed) and pieces_key is None:
        raise ChallengeError("this position has no pieces with ids to change")
    if pieces_key is not None:
        known = {piece["id"] for piece in position[pieces_key]}
        unknown = [name for name in [*changes, *removed] if name not in known]
        if unknown:
            raise ChallengeError(f"no piece called {', '.join(map(brief, unknown))} in the start: the pieces are "
                                 f"{', '.join(sorted(known))}")
        pieces = []
        for piece in position[pieces_key]:
            if piece["id"] in removed:
                continue
            change = changes.get(piece["id"], {})
            bad = [key for key in change if key not in piece]
            if bad:
                raise ChallengeError(f"{piece['id']} has no field {', '.join(map(brief, bad))}; its fields are "
                                     f"{', '.join(piece)}")
            pieces.append({**piece, **change})
        position[pieces_key] = pieces
    for key, value in dict(edits.get("position", {})).items():
        if key not in position:
            raise ChallengeError(f"the position has no {brief(key)}; it has {', '.join(position)}")
        position[key] = value
    return position


# -- loading the text format -----------------------------------------------------------------------------

_KEYS = {"name", "title", "goal", "sections", "hint", "limit", "side", "start", "solution", "opponent"}
_START_KEYS = {"scenario", "seed", "settings", "figures", "remove", "position", "prelude"}
_GOAL_KEYS = {"kind", "test", "args", "action", "measure"}


def load(text: str, ruleset) -> dict[str, Challenge]:
    """The challenges of a TOML text, by name, in order; ``ChallengeError`` saying what is malformed."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChallengeError(f"not readable as TOML: {exc}") from None
    if set(data) - {"challenge"} or not isinstance(data.get("challenge"), list):
        raise ChallengeError("a challenges file holds [[challenge]] tables, and nothing else")
    found: dict[str, Challenge] = {}
    for order, entry in enumerate(data["challenge"]):
        where = f"challenge {order + 1}" + (f" ({entry['name']})" if isinstance(entry.get("name"), str) else "")
        try:
            challenge = _one(entry, ruleset, order)
        except ChallengeError as exc:
            raise ChallengeError(f"{where}: {exc}") from None
        if challenge.name in found:
            raise ChallengeError(f"{where}: the name {challenge.name!r} is used twice")
        found[challenge.name] = challenge
    return found


def _one(entry: Mapping, ruleset, order: int) -> Challenge:
    unknown = set(entry) - _KEYS
    if unknown:
        raise ChallengeError(f"unknown keys {', '.join(sorted(unknown))}; a challenge has {', '.join(sorted(_KEYS))}")
    missing = {"name", "title", "goal", "sections", "hint", "limit", "side", "start"} - set(entry)
    if missing:
        raise ChallengeError(f"missing {', '.join(sorted(missing))}")
    for key in ("name", "title", "hint", "side"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise ChallengeError(f"{key} is text")
    goal = entry["goal"]
    if not isinstance(goal, Mapping) or not isinstance(goal.get("text"), str):
        raise ChallengeError("goal is a table with text (the goal in one line) and kind")
    kind = goal.get("kind")
    if kind not in GOAL_KINDS:
        raise ChallengeError(f"the goal's kind is one of {', '.join(GOAL_KINDS)}, not {brief(kind)}")
    extra = set(goal) - _GOAL_KEYS - {"text"}
    if extra:
        raise ChallengeError(f"the goal has unknown keys {', '.join(sorted(extra))}")
    parsed = Goal(kind, goal.get("test", ""), dict(goal.get("args", {})), goal.get("action", ""),
                  goal.get("measure", "at_least_one"))
    tests = ruleset_tests(ruleset)
    if kind in ("reach", "sure") and parsed.test not in tests:
        raise ChallengeError(f"unknown test {brief(parsed.test)}; {ruleset.title} has {', '.join(tests)}")
    if kind == "best":
        if parsed.action not in ruleset.action_kinds:
            raise ChallengeError(f"a best-choice goal names an action of {ruleset.title} "
                                 f"({', '.join(ruleset.action_kinds)}), not {brief(parsed.action)}")
        if parsed.measure not in MEASURES:
            raise ChallengeError(f"the measure is one of {', '.join(MEASURES)}, not {brief(parsed.measure)}")
    sections = entry["sections"]
    if not isinstance(sections, list) or not sections:
        raise ChallengeError("sections is a list of the rule sections it teaches")
    for key in sections:
        if key not in ruleset.sections:
            raise ChallengeError(f"{ruleset.title} has no rule section {brief(key)}")
    limit = entry["limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ChallengeError(f"limit is the learner's actions allowed, a whole number from 1 to {MAX_LIMIT}")
    start = entry["start"]
    if not isinstance(start, Mapping) or set(start) - _START_KEYS:
        raise ChallengeError(f"start is a table of {', '.join(sorted(_START_KEYS))}")
    opponent = entry.get("opponent", "none")
    if opponent != "none" and opponent not in ruleset.bots:
        raise ChallengeError(f"the opponent is none or a bot ({', '.join(ruleset.bots)}), not {brief(opponent)}")
    solution = entry.get("solution", [])
    if not isinstance(solution, list) or not all(isinstance(s, Mapping) and "action" in s for s in solution):
        raise ChallengeError("solution is a list of steps, each with an action (and dice where it rolls)")
    return Challenge(ruleset, entry["name"], entry["title"], goal["text"], tuple(sections), entry["hint"], limit,
                     entry["side"], dict(start), parsed, tuple(dict(s) for s in solution), opponent, order)


def ruleset_challenges(ruleset) -> dict[str, Challenge]:
    """The challenges a ruleset ships (its package's ``challenges.toml``), by name, in order."""
    package = _package(ruleset)
    try:
        text = importlib.resources.files(package).joinpath("challenges.toml").read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return load(text, ruleset)


# -- checking one -------------------------------------------------------------------------------------------

def check(challenge: Challenge, *, tries: int = RANDOM_TRIES) -> list[str]:
    """What is wrong with ``challenge``, in words (an empty list: nothing). The start is a legal position
    with the learner to act and not already solved; the recorded solution reaches the goal within the
    limit; doing nothing and random attempts do not; a "sure" goal holds on every outcome."""
    try:
        start = challenge.start()
    except ChallengeError as exc:
        return [str(exc)]
    problems = []
    if challenge.goal.kind == "reach" and _test(challenge, start):
        problems.append("the start already reaches the goal")
    try:
        solved = challenge.play_solution()
    except (RuleViolation, ValueError) as exc:
        return [*problems, f"the recorded solution cannot be played: {exc}"]
    grade = challenge.grade(solved)
    if not grade.solved:
        problems.append(f"the recorded solution does not solve it: {grade.why}")
    nothing = _doing_nothing(challenge, start)
    if nothing is not None and challenge.grade(nothing).solved:
        problems.append("doing nothing (the next step only) solves it")
    lucky = sum(challenge.grade(_random_attempt(challenge, seed)).solved for seed in range(1, tries + 1))
    if lucky > tries // 4:
        problems.append(f"{lucky} of {tries} random attempts solve it: the goal must need the rule it teaches")
    return problems


def _doing_nothing(challenge: Challenge, start):
    state = start.clone()
    step = next((a for a in state.legal_actions if type(a).__name__ in challenge.ruleset.next_step), None)
    if step is None:
        return None
    state.apply(step)
    challenge.answer(state)
    return state


def _random_attempt(challenge: Challenge, seed: int):
    rng = GameRNG(seed)
    state = challenge.start()
    for _ in range(challenge.limit):
        if state.is_over or state.current_player != challenge.side:
            break
        state.apply(rng.choice(list(state.legal_actions)))
        challenge.answer(state, seed)
        if challenge.grade(state).solved:
            break
    return state


def main(argv: list[str] | None = None) -> int:
    """``python -m explorer.core.challenges RULESET FILE.toml``: check every challenge of a file, in words."""
    import argparse
    from pathlib import Path

    from .registry import get_ruleset

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("ruleset", help="the ruleset the challenges are for (army_men, phlog, ...)")
    parser.add_argument("file", nargs="?", help="a challenges file (default: the ruleset's own)")
    args = parser.parse_args(argv)
    ruleset = get_ruleset(args.ruleset)
    try:
        challenges = (load(Path(args.file).read_text(encoding="utf-8"), ruleset) if args.file
                      else ruleset_challenges(ruleset))
    except (ChallengeError, OSError) as exc:
        print(f"The file cannot be used: {exc}")
        return 1
    failed = 0
    for challenge in challenges.values():
        problems = check(challenge)
        failed += bool(problems)
        print(f"{'ok ' if not problems else 'NO '} {challenge.name}: {challenge.title}")
        for problem in problems:
            print(f"      - {problem}")
    print(f"{len(challenges) - failed} of {len(challenges)} challenges are ready.")
    return 1 if failed or not challenges else 0


if __name__ == "__main__":
    sys.exit(main())
