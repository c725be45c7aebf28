"""Big studies: thousands of bot games on a Dask cluster, with a progress bar.

The engine's :func:`explorer.core.run_many` takes any ``concurrent.futures.Executor``;
Dask's ``Client.get_executor()`` is one, so a study runs on a cluster unchanged
(a ``LocalCluster`` on this machine, or a real cluster named by its scheduler's
address). Every game depends only on its seed, so a study gives the very same
results serially, on one worker or on many.

This package lives outside the engine: it needs Dask (``distributed``) and
tqdm, which the engine, running in the web page too, must not. The command
is ``python -m studies`` (``make study``); the book's *Big studies* page uses
the same pieces.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import io
import logging
import os
import time
from collections.abc import Iterator
from concurrent.futures import Executor

from explorer.core import GameFactory, GameResult, SameBot, SideBots, run_many, summarize
from explorer.core.registry import get_ruleset
from explorer.core.simulate import Summary

__all__ = ["Study", "StudyRun", "Workers", "workers", "local_cluster", "dask_cluster", "ProgressBar", "chunk_for"]


@dataclasses.dataclass(frozen=True)
class Study:
    """Which games a study plays: a ruleset's scenario, the bots (one name for every side, or one per
    side in the order of the sides), ``games`` seeds from ``first_seed``, and any settings."""

    ruleset: str
    scenario: str | None = None
    bots: tuple[str, ...] = ("greedy",)
    games: int = 10_000
    first_seed: int = 0
    settings: tuple[tuple[str, object], ...] = ()
    max_actions: int = 5000

    def __post_init__(self):
        ruleset = get_ruleset(self.ruleset)
        unknown = [b for b in self.bots if b not in ruleset.bots]
        if unknown or not self.bots:
            raise ValueError(f"{ruleset.title} has the bots {', '.join(ruleset.bots)}, not {', '.join(unknown) or 'none'}")
        if len(self.bots) not in (1, len(self.sides)):
            raise ValueError(f"name one bot for every side or one per side ({', '.join(self.sides)}), "
                             f"not {len(self.bots)}")
        if self.games < 1:
            raise ValueError(f"a study plays at least one game, not {self.games}")

    @property
    def game(self) -> GameFactory:
        return GameFactory(self.ruleset, self.scenario, self.settings)

    @functools.cached_property
    def sides(self) -> tuple[str, ...]:
        return tuple(self.game(self.first_seed).sides)  # a first game also checks the scenario and settings

    @property
    def players(self):
        """What plays each game: a :class:`SameBot` or, with a bot per side, a :class:`SideBots`."""
        classes = get_ruleset(self.ruleset).bots
        if len(self.bots) == 1:
            return SameBot(classes[self.bots[0]], self.sides)
        return SideBots(tuple((side, classes[bot]) for side, bot in zip(self.sides, self.bots)))

    @property
    def seeds(self) -> range:
        return range(self.first_seed, self.first_seed + self.games)

    def describe(self) -> str:
        ruleset = get_ruleset(self.ruleset)
        scenario = self.scenario or next(iter(ruleset.scenarios))
        bots = (f"{self.bots[0]} bots" if len(self.bots) == 1
                else " against ".join(f"{bot} {side}" for side, bot in zip(self.sides, self.bots)))
        settings = "".join(f", {key}={value!r}" for key, value in self.settings)
        return (f"{ruleset.title}, {scenario}, {bots}{settings}: {self.games:,} games "
                f"(seeds {self.seeds[0]:,} to {self.seeds[-1]:,})")

    def run(self, where: Workers | None = None, *, chunksize: int | None = None, progress=None) -> StudyRun:
        """Play the study's games (serially without ``where``); ``progress(done, total)`` as they finish."""
        where = where or Workers(None, 1, "serially, in this process")
        chunk = (chunksize or chunk_for(self.games, where.slots)) if where.executor is not None else None
        start = time.perf_counter()
        results = run_many(self.game, self.players, self.seeds, executor=where.executor,
                           max_actions=self.max_actions, chunksize=chunk or 1, progress=progress)
        return StudyRun(self, results, time.perf_counter() - start, where.description, chunk)


def chunk_for(games: int, slots: int) -> int:
    """Games per task: about twenty tasks for each game that can run at once (so the work stays shared out
    to the end and the bar moves), never more than 100 games a task."""
    return max(1, min(100, games // (20 * max(1, slots))))


@dataclasses.dataclass(frozen=True)
class StudyRun:
    """A study's results, in seed order, and how long they took where."""

    study: Study
    results: list[GameResult]
    seconds: float
    where: str
    chunksize: int | None  # games a task; None: played serially

    @property
    def summary(self) -> Summary:
        return summarize(self.results)

    @property
    def games_per_second(self) -> float:
        return len(self.results) / self.seconds if self.seconds else float("inf")

    def report(self, *, heading: bool = True) -> str:
        """What the games came to: wins with 95% Wilson intervals, draws, mean length, and the speed
        (after the study's description, unless ``heading`` is false)."""
        summary = self.summary
        lines = [self.study.describe()] if heading else []
        lines.append(f"played {self.where}" + (f" ({self.chunksize} games a task)" if self.chunksize else ""))
        width = max(len(side) for side in self.study.sides)
        lines += [f"  {side:{width}} won {summary.win_share(side)}" for side in self.study.sides]
        lines.append(f"  draws {summary.draws:,}, unfinished (action limit) {summary.unfinished:,}")
        lines.append(f"  a game took {summary.mean_actions:.1f} actions and {summary.mean_rounds:.2f} rounds on average")
        lines.append(f"{self.seconds:,.1f} s, {self.games_per_second:,.1f} games a second")
        return "\n".join(lines)


# -- where the games are played --------------------------------------------------------------------
@dataclasses.dataclass(frozen=True)
class Workers:
    """Where a study runs: an executor (``None``: serially), how many games it plays at once, in words, and
    the address of its cluster's scheduler (for a second client: ``--scheduler``)."""

    executor: Executor | None
    slots: int
    description: str
    scheduler: str | None = None


@contextlib.contextmanager
def local_cluster(workers: int = 2) -> Iterator[Workers]:
    """A Dask ``LocalCluster`` of ``workers`` processes with one thread each (the engine is pure Python, so
    threads would share one core) on this machine's loopback address, its dashboard off and its logs silent
    but for critical ones, in this process and the workers': on a busy machine a worker's heartbeat may fail
    and be logged as an error (issue 36: into a cell's stderr, which fails the book's build) while the games
    go on; a game that really fails raises in the study instead.

    With the dashboard off the scheduler still answers a few HTTP routes (its health check); they go to a
    free port, not the dashboard's 8787, which another cluster may hold (Dask would warn on stderr).
    """
    import dask
    from distributed import Client, LocalCluster

    # The workers' statistical profiler samples the stack of a running task every few milliseconds: for a
    # pure-Python game that cost about 7% of a worker's time, and nothing here reads the profiles.
    with dask.config.set({"distributed.worker.profile.enabled": False}):
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, host="127.0.0.1",
                               dashboard_address=None, scheduler_kwargs={"dashboard_address": "127.0.0.1:0"},
                               silence_logs=logging.CRITICAL)
    with cluster, Client(cluster) as client:
        _load_engine(client)
        yield Workers(client.get_executor(pure=False), workers,
                      f"on a Dask LocalCluster of {workers} worker process{'es' if workers > 1 else ''}",
                      cluster.scheduler_address)


@contextlib.contextmanager
def dask_cluster(scheduler: str, *, timeout: float = 30) -> Iterator[Workers]:
    """A running Dask cluster, named by its scheduler's address (``tcp://host:8786``). Its workers must have
    this project installed, the same version (they import the engine to play)."""
    from distributed import Client

    with Client(scheduler, timeout=timeout) as client:
        _load_engine(client)
        threads = sum(client.nthreads().values())
        yield Workers(client.get_executor(pure=False), max(1, threads),
                      f"on the Dask cluster at {scheduler} ({threads} worker threads)", scheduler)


def _load_engine(client) -> None:
    """Every worker imports the engine and its rulesets now, not during the first games: a worker without
    the project installed fails here, saying so, and the games-per-second figure measures games."""
    client.run(exec, "import explorer; explorer.all_rulesets()")


@contextlib.contextmanager
def workers(count: int | None = None, *, scheduler: str | None = None, serial: bool = False) -> Iterator[Workers]:
    """Serially, on a real cluster (``scheduler``), or on a LocalCluster of ``count`` workers (every core)."""
    if serial:
        yield Workers(None, 1, "serially, in this process")
    elif scheduler:
        with dask_cluster(scheduler) as where:
            yield where
    else:
        with local_cluster(count or os.cpu_count() or 1) as where:
            yield where


# -- progress ---------------------------------------------------------------------------------------
class ProgressBar:
    """``run_many``'s ``progress(done, total)`` as a tqdm bar: a widget in JupyterLab, text in a terminal.

    While the static site is built (``TSR_STATIC_BUILD``) the bar is drawn off screen and only its last
    state is printed as text: the site shows no ipywidgets for it, and nothing of it needs a script.
    """

    def __init__(self, description: str = "Games", **options):
        self.description = description
        self.options = options
        self.bar = None
        self.static = bool(os.environ.get("TSR_STATIC_BUILD"))

    def __call__(self, done: int, total: int) -> None:
        if self.bar is None:
            self.bar = self._open(total)
        self.bar.update(done - self.bar.n)
        if done >= total:
            self.close()

    def _open(self, total: int):
        options = {"desc": self.description, "unit": " games", "total": total, **self.options}
        if self.static:
            from tqdm.std import tqdm

            return tqdm(file=io.StringIO(), mininterval=3600, **options)
        from tqdm.auto import tqdm

        return tqdm(**options)

    def close(self) -> None:
        if self.bar is None or self.bar.disable:
            return
        if self.static:
            self.bar.refresh()
            print(self.bar)
        self.bar.close()
        self.bar.disable = True
