"""Bots and many-game simulation.

A bot is any callable ``bot(state) -> action``. :func:`run_many` plays games
with any :class:`concurrent.futures.Executor` (threads, processes, or a Dask
or Ray executor), so a study can outgrow one machine without new code. Each
game depends only on its seed, so the results are the same whatever plays
them: serially, on any executor, one game or a chunk of games per task.
Long studies report progress (``progress(done, total)``), and
:func:`as_played` hands each result over as soon as its game ends.
"""

from __future__ import annotations

import dataclasses
import inspect
from collections.abc import Callable, Iterable, Iterator, Mapping
from concurrent.futures import Executor, as_completed
from typing import Protocol

from .actions import Action
from .records import Outcome
from .registry import get_ruleset
from .rng import GameRNG
from .state import GameState
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


def _play_chunk(make_game: Callable[[int], GameState], make_bots: Callable[[int], Mapping[str, Bot]],
                seeds: tuple[int, ...], max_actions: int) -> list[GameResult]:
    """One task of a study: the games of a few seeds, one after the other."""
    return [_play_one(make_game, make_bots, seed, max_actions) for seed in seeds]


Progress = Callable[[int, int], object]
"""``progress(done, total)``: called with ``0`` before the first game and again whenever games finish."""


def _played(make_game, make_bots, seeds: list[int], executor: Executor | None, max_actions: int,
            chunksize: int) -> Iterator[tuple[int, list[GameResult]]]:
    """``(index of the first seed, results)`` for each chunk of ``seeds``, as the chunks finish."""
    if not isinstance(chunksize, int) or chunksize < 1:
        raise ValueError(f"chunksize must be a whole number of games, 1 or more, not {chunksize!r}")
    if executor is None:
        for index, seed in enumerate(seeds):
            yield index, [_play_one(make_game, make_bots, seed, max_actions)]
        return
    starts = range(0, len(seeds), chunksize)
    pending = {executor.submit(_play_chunk, make_game, make_bots, tuple(seeds[i:i + chunksize]), max_actions): i
               for i in starts}
    try:
        for future in as_completed(pending):
            yield pending.pop(future), future.result()
    finally:  # stopped early (the caller broke off, or a game raised): the games not started are not played
        for future in pending:
            future.cancel()


def as_played(
    make_game: Callable[[int], GameState],
    make_bots: Callable[[int], Mapping[str, Bot]],
    seeds: Iterable[int],
    *,
    executor: Executor | None = None,
    max_actions: int = 5000,
    chunksize: int = 1,
) -> Iterator[GameResult]:
    """Each game's result as soon as it is played: in seed order serially, in the order games finish on an
    ``executor``. Leaving the loop early cancels the games not yet started.

    ``chunksize`` seeds go to each task an executor runs (fewer, bigger tasks: less overhead on a
    cluster); it never changes a result.
    """
    for _, results in _played(make_game, make_bots, list(seeds), executor, max_actions, chunksize):
        yield from results


def run_many(
    make_game: Callable[[int], GameState],
    make_bots: Callable[[int], Mapping[str, Bot]],
    seeds: Iterable[int],
    *,
    executor: Executor | None = None,
    max_actions: int = 5000,
    chunksize: int = 1,
    progress: Progress | None = None,
) -> list[GameResult]:
    """Play one game per seed; in order of ``seeds``, whatever the executor and ``chunksize``.

    Arguments must pickle for process pools and clusters. ``progress(done, total)`` is called with 0 first,
    then each time a game (serially) or a task of ``chunksize`` games (on an executor) finishes; a
    terminal or notebook progress bar fits it.
    """
    seeds = list(seeds)
    results: list[GameResult | None] = [None] * len(seeds)
    done = 0
    if progress is not None:
        progress(0, len(seeds))
    for start, chunk in _played(make_game, make_bots, seeds, executor, max_actions, chunksize):
        results[start:start + len(chunk)] = chunk
        done += len(chunk)
        if progress is not None:
            progress(done, len(seeds))
    return results  # type: ignore[return-value]  (every slot is filled)


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


def seeded(bot: type, seed: int) -> Bot:
    """A new bot of class ``bot``, seeded with ``seed`` where it takes a seed."""
    return bot(seed=seed) if "seed" in inspect.signature(bot).parameters else bot()


def _fresh_bot(bot: type, seed: int, index: int) -> Bot:
    """A new bot of class ``bot`` for the side at ``index``, seeded from the game's seed when it takes a seed."""
    return seeded(bot, seed * 31 + index)


@dataclasses.dataclass(frozen=True)
class SameBot:
    """Every side played by a fresh bot of one class (seeded per game when it takes a seed)."""

    bot: type
    sides: tuple[str, ...]

    def __call__(self, seed: int) -> dict[str, Bot]:
        return {side: _fresh_bot(self.bot, seed, i) for i, side in enumerate(self.sides)}


@dataclasses.dataclass(frozen=True)
class SideBots:
    """Each side played by a fresh bot of its own class, seeded as :class:`SameBot` seeds them (so a
    ``SideBots`` with one class throughout plays exactly the games of that ``SameBot``)."""

    bots: tuple[tuple[str, type], ...]

    @classmethod
    def of(cls, **bots: type) -> SideBots:
        """``SideBots.of(green=GreedyBot, tan=RandomBot)``: the sides in the order given."""
        return cls(tuple(bots.items()))

    def __call__(self, seed: int) -> dict[str, Bot]:
        return {side: _fresh_bot(bot, seed, i) for i, (side, bot) in enumerate(self.bots)}


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
