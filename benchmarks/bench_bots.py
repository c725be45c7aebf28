"""How the strong bot (explorer/core/search.py) fares against the greedy one, in figures (asserts nothing).

    python benchmarks/bench_bots.py                 # every ruleset, 20 games a seat (a few minutes)
    python benchmarks/bench_bots.py --games 40 --workers 2 phlog dice_tactics

For each ruleset's first scenario: strong plays each side against greedy, ``--games`` seeded games a side
(so sides are swapped), and the strong bot's wins are printed as a share with its 95% Wilson interval
(explorer.core.stats.share), draws and unfinished games apart, beside what greedy itself wins in that
seat on the same seeds (the seat's own advantage). Then the CPython time the strong bot takes
per decision (mean and slowest), the nodes (actions applied on copies) it spent and how often it overruled
greedy's choice, against greedy's time.
The page's Python (Pyodide) is about 3-5x slower than CPython.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent.parent))

from explorer.core import GameFactory, all_rulesets, get_ruleset, run_many  # noqa: E402
from explorer.core.search import seeded  # noqa: E402
from explorer.core.stats import share  # noqa: E402


@dataclasses.dataclass(frozen=True)
class Match:
    """Strong plays ``strong_side``, greedy the other (``""``: greedy both); plain data, so it pickles."""

    ruleset: str
    strong_side: str

    def __call__(self, seed: int) -> dict:
        bots = get_ruleset(self.ruleset).bots
        sides = get_ruleset(self.ruleset).new_game(seed=seed).sides
        return {side: seeded(bots["strong" if side == self.strong_side else "greedy"], seed * 31 + i)
                for i, side in enumerate(sides)}


def versus(name: str, games: int, executor) -> None:
    ruleset = get_ruleset(name)
    scenario = next(iter(ruleset.scenarios))
    sides = ruleset.new_game(scenario).sides
    wins = draws = unfinished = total = 0
    parts = []
    for side in sides:
        results = run_many(GameFactory.of(name, scenario), Match(name, side), range(1, games + 1),
                           executor=executor)
        won = sum(1 for r in results if r.outcome is not None and r.outcome.winner == side)
        drawn = sum(1 for r in results if r.outcome is not None and r.outcome.winner is None)
        open_ = sum(1 for r in results if r.outcome is None)
        wins, draws, unfinished, total = wins + won, draws + drawn, unfinished + open_, total + len(results)
        baseline = run_many(GameFactory.of(name, scenario), Match(name, ""), range(1, games + 1))
        greedy_won = sum(1 for r in baseline if r.outcome is not None and r.outcome.winner == side)
        parts.append(f"as {side}: {share(won, len(results))}; greedy in that seat, same seeds: "
                     f"{share(greedy_won, len(baseline))}")
    print(f"{name:15} {scenario:12} strong beats greedy {share(wins, total)}; draws {draws}, unfinished "
          f"{unfinished}")
    for part in parts:
        print(f"{'':28} {part}")


def timing(name: str, decisions: int = 40) -> None:
    """Strong's and greedy's time per decision on CPython, along a game strong plays against greedy."""
    ruleset = get_ruleset(name)
    state = ruleset.new_game(seed=7)
    strong = seeded(ruleset.bots["strong"], 7)
    greedy = seeded(ruleset.bots["greedy"], 8)
    first = state.sides[0]
    strong_times, greedy_times, nodes, overruled = [], [], [], 0
    while not state.is_over and len(strong_times) < decisions:
        player = state.current_player
        t0 = time.perf_counter()
        if player == first:
            greedy(state)  # timed only: what greedy takes to choose here
            t1 = time.perf_counter()
            action = strong(state)
            strong_times.append(time.perf_counter() - t1)
            greedy_times.append(t1 - t0)
            nodes.append(strong.nodes)
            overruled += strong.deviated
        else:
            action = greedy(state)
        state.apply(action)
    mean = sum(strong_times) / len(strong_times)
    print(f"{name:15} strong {1000 * mean:7.1f} ms a decision (slowest {1000 * max(strong_times):7.1f} ms, "
          f"{sum(nodes) / len(nodes):5.1f} nodes, greedy overruled {overruled}); greedy {1000 * sum(greedy_times) / len(greedy_times):6.1f} ms "
          f"({len(strong_times)} decisions; budget {strong.budget}, horizon {strong.horizon})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets to measure (default: every one)")
    parser.add_argument("--games", type=int, default=20, help="games with strong on each side")
    parser.add_argument("--workers", type=int, default=1, help="processes (default: 1, in this process)")
    parser.add_argument("--no-timing", action="store_true")
    args = parser.parse_args()
    names = args.rulesets or sorted(all_rulesets())
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    try:
        if not args.no_timing:
            print("Time per decision, CPython:")
            for name in names:
                timing(name)
        print(f"\nStrong against greedy, {args.games} games with strong on each side (first scenario):")
        for name in names:
            versus(name, args.games, executor)
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main()
