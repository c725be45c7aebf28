"""One challenge: its start, the grading of an attempt (0-3 stars, and why in words), its recorded solution."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ..actions import Action, action_from_dict
from ..simulate import seeded
from .goals import Goal, goal_holds, standing
from .proving import sure_failure, weigh_choices
from .starting import build_start, step_dice


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
            return Grade(False, 0, f"That took {used} actions; the goal must be reached in {self.limit}.", used, True)
        if self.goal.kind == "reach":
            if goal_holds(self, state):
                return Grade(True, self._stars(used), f"Done: {self.goal_text}", used, True)
            if over and self._rolled(state) and self._played_as_solved(state):
                # the right actions, the wrong dice: the hint would tell a child who got it right that it was wrong
                return Grade(False, 0, "You played it the right way, but the dice said no this time. Try again!",
                             used, over)
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


def _chance(value: Fraction, goal: Goal) -> str:
    if goal.measure == "mean":
        return f"on average {float(value):.2f}"
    return f"a {value.numerator}/{value.denominator} chance ({float(value):.0%})"


def _a(kind: str) -> str:
    words = "".join(f" {c.lower()}" if c.isupper() else c for c in kind).strip()
    return f"{'an' if words[:1] in 'aeiou' else 'a'} {words}"

