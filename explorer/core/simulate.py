"""Bots and many-game simulation.

A bot is any callable ``bot(state) -> action``. :func:`run_many` plays games
with any :class:`concurrent.futures.Executor` (threads, processes, or a Dask
or Ray executor), so a study can outgrow one machine without new code.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Mapping
from concurrent.futures import Executor
from typing import Protocol

from .actions import Action
from .registry import get_ruleset
from .rng import GameRNG
from .state import GameState, Outcome
from .stats import Share, share


class Bot(Protocol):
    def __call__(self, state: GameState) -> Action: ...


class RandomBot:
    """Plays a uniformly random legal action, from its own seeded RNG."""

    def __init__(self, seed: int = 0):
        self.rng = GameRNG(seed)

    def __call__(self, state: GameState) -> Action:
        return self.rng.choice(list(state.legal_actions))

    def __repr__(self) -> str:
        return "RandomBot()"


@dataclasses.dataclass(frozen=True)
class GameResult:
    seed: int
    outcome: Outcome | None  # None: stopped at the action limit
    actions: int
    rounds: int


def play_out(state: GameState, bots: Mapping[str, Bot], *, max_actions: int = 5000) -> GameState:
    """Let the bots play ``state`` until the game ends (or ``max_actions``)."""
    for _ in range(max_actions):
        if state.is_over:
            break
        state.apply(bots[state.current_player](state))
    return state


def _play_one(make_game: Callable[[int], GameState], make_bots: Callable[[int], Mapping[str, Bot]],
              seed: int, max_actions: int) -> GameResult:
    state = play_out(make_game(seed), make_bots(seed), max_actions=max_actions)
    return GameResult(seed, state.outcome, len(state.history), state.round)


def run_many(
    make_game: Callable[[int], GameState],
    make_bots: Callable[[int], Mapping[str, Bot]],
    seeds: Iterable[int],
    *,
    executor: Executor | None = None,
    max_actions: int = 5000,
) -> list[GameResult]:
    """Play one game per seed; in order of ``seeds``. Arguments must pickle for process pools."""
    seeds = list(seeds)
    if executor is None:
        return [_play_one(make_game, make_bots, s, max_actions) for s in seeds]
    futures = [executor.submit(_play_one, make_game, make_bots, s, max_actions) for s in seeds]
    return [f.result() for f in futures]


@dataclasses.dataclass(frozen=True)
class GameFactory:
    """Makes the game of a study for a seed; plain data, so it pickles for process pools."""

    ruleset: str
    scenario: str | None = None
    settings: tuple[tuple[str, object], ...] = ()

    @classmethod
    def of(cls, ruleset: str, scenario: str | None = None, **settings) -> GameFactory:
        return cls(ruleset, scenario, tuple(sorted(settings.items())))

    def __call__(self, seed: int) -> GameState:
        return get_ruleset(self.ruleset).new_game(self.scenario, seed=seed, **dict(self.settings))


@dataclasses.dataclass(frozen=True)
class SameBot:
    """Every side played by a fresh bot of one class (seeded per game when it takes a seed)."""

    bot: type
    sides: tuple[str, ...]

    def __call__(self, seed: int) -> dict[str, Bot]:
        import inspect

        seeded = "seed" in inspect.signature(self.bot).parameters
        return {side: self.bot(seed=seed * 31 + i) if seeded else self.bot() for i, side in enumerate(self.sides)}


@dataclasses.dataclass(frozen=True)
class Summary:
    """What many games of a study came to."""

    games: int
    wins: dict[str, int]
    draws: int
    unfinished: int
    mean_actions: float
    mean_rounds: float

    def win_rate(self, side: str) -> float:
        return self.wins.get(side, 0) / self.games if self.games else 0.0

    def win_share(self, side: str) -> Share:
        """``side``'s wins with their 95% confidence interval."""
        return share(self.wins.get(side, 0), self.games)


def summarize(results: Iterable[GameResult]) -> Summary:
    results = list(results)
    wins: dict[str, int] = {}
    draws = unfinished = 0
    for result in results:
        if result.outcome is None:
            unfinished += 1
        elif result.outcome.winner is None:
            draws += 1
        else:
            wins[result.outcome.winner] = wins.get(result.outcome.winner, 0) + 1
    count = len(results) or 1
    return Summary(
        len(results), dict(sorted(wins.items())), draws, unfinished,
        sum(r.actions for r in results) / count, sum(r.rounds for r in results) / count,
    )
