"""The strong bot against greedy, old bot and new in one run, on this tree's engine (asserts nothing).

    python benchmarks/bench_strong_bot.py [--old COMMIT] [--games 10] [--workers 1] [RULESET ...]

For each ruleset with a ``strong`` bot (its first scenario): ``--games`` seeded games with strong in each seat
against greedy (so sides are swapped every game, the same seeds for old and new), the strong bot's wins as a
share with its 95% Wilson interval (explorer.core.stats.share; draws and unfinished games count as not won),
and the CPU time (``time.process_time``) of each of its decisions, p50 and p95, in ms. The old bot is the
ruleset's ``bots.py`` and ``explorer/core/search.py`` as they were at ``--old`` (default: issue 37's
starting commit), loaded from git into this engine, so only the bots differ. ``--new-only`` skips the old;
``--set budget=600,horizon=12`` tries the new bot with other class attributes.
Run it at ``nice 10`` on a shared machine. CPU: about 23 s for each game a seat (old and new, the five rulesets;
phlog 60% of it), so ``--games 20`` about 8 minutes (``make bench-strong``).
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from explorer.core import all_rulesets, get_ruleset  # noqa: E402
from explorer.core.simulate import seeded  # noqa: E402
from explorer.core.stats import share  # noqa: E402

START_37 = "a9b037a"  # issue 37's starting commit


def _old_module(name: str, path: str, commit: str, replace: dict[str, str]):
    """The module at ``path`` as it was at ``commit``, imported as ``name`` (relative imports resolve in its
    package: the ruleset's own modules of this tree)."""
    source = subprocess.run(["git", "show", f"{commit}:{path}"], cwd=ROOT, capture_output=True, text=True,
                            check=True).stdout
    for old, new in replace.items():
        source = source.replace(old, new)
    spec = importlib.util.spec_from_loader(name, loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = name.rpartition(".")[0]
    sys.modules[name] = module
    exec(compile(source, f"{commit}:{path}", "exec"), module.__dict__)
    return module


def old_bots(ruleset: str, commit: str) -> dict:
    """The ruleset's ``BOTS`` as they were at ``commit`` (with that commit's search)."""
    if "explorer.core._old_search" not in sys.modules:
        _old_module("explorer.core._old_search", "explorer/core/search.py", commit, {})
    module = _old_module(f"explorer.rulesets.{ruleset}._old_bots", f"explorer/rulesets/{ruleset}/bots.py", commit,
                         {"from explorer.core.search import": "from explorer.core._old_search import"})
    return module.BOTS


def play(job: tuple) -> tuple[bool, list[float]]:
    """One game: (ruleset, which bot, commit, seed, strong's seat); whether strong won, its decision times."""
    ruleset, which, commit, seed, seat, options = job
    rules = get_ruleset(ruleset)
    strong_class = (old_bots(ruleset, commit) if which == "old" else rules.bots)["strong"]
    if options and which == "new":  # --set: the new bot's class attributes tried otherwise
        strong_class = type(strong_class.__name__, (strong_class,), options)
    state = rules.new_game(seed=seed)
    side = state.sides[seat]
    bots = {s: seeded(strong_class if s == side else rules.bots["greedy"], seed * 31 + i)
            for i, s in enumerate(state.sides)}
    times = []
    for _ in range(5000):
        if state.is_over:
            break
        player = state.current_player
        t0 = time.process_time()
        action = bots[player](state)
        if player == side:
            times.append(time.process_time() - t0)
        state.apply(action)
    won = state.outcome is not None and state.outcome.winner == side
    return won, times


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] if ordered else 0.0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets to measure (default: every one with a strong bot)")
    parser.add_argument("--games", type=int, default=10, help="games with strong in each seat")
    parser.add_argument("--old", default=START_37, help=f"the old bot's commit (default {START_37})")
    parser.add_argument("--new-only", action="store_true", help="measure this tree's bot alone")
    parser.add_argument("--old-only", action="store_true", help="measure the old bot alone")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--set", default="", help="the new bot's attributes, e.g. budget=600,horizon=12")
    args = parser.parse_args()
    names = args.rulesets or sorted(n for n in all_rulesets() if "strong" in get_ruleset(n).bots)
    options = {k: float(v) if "." in v else int(v) for k, v in (kv.split("=") for kv in args.set.split(",") if kv)}
    kinds = ["old"] * (not args.new_only) + ["new"] * (not args.old_only)
    executor = ProcessPoolExecutor(args.workers) if args.workers > 1 else None
    tried = f" ({args.set})" if args.set else ""
    print(f"strong{tried} against greedy, {args.games} games with strong in each seat; CPU ms a strong decision")
    print(f"{'ruleset':15} {'bot':4} {'wins':>34} {'p50 ms':>7} {'p95 ms':>7} {'max ms':>7} {'decisions':>9}")
    try:
        for name in names:
            for which in kinds:
                jobs = [(name, which, args.old, seed, seat, options)
                        for seed in range(1, args.games + 1) for seat in (0, 1)]
                results = list(executor.map(play, jobs) if executor else map(play, jobs))
                wins = sum(won for won, _ in results)
                times = [1000 * t for _, ts in results for t in ts]
                print(f"{name:15} {which:4} {str(share(wins, len(results))):>34} {percentile(times, .5):7.1f} "
                      f"{percentile(times, .95):7.1f} {max(times, default=0):7.1f} {len(times):9}", flush=True)
    finally:
        if executor is not None:
            executor.shutdown()


if __name__ == "__main__":
    main()
