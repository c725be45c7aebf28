"""Run a big study from the terminal: ``python -m studies RULESET [SCENARIO] [options]`` (``make study``).

    python -m studies phlog duel --bots greedy --games 10000 --workers 2
    python -m studies phlog duel --bots greedy random --scheduler tcp://10.0.0.5:8786
    python -m studies simple_plastic open_field --games 2000 --set max_rounds=30 --serial

Shows a progress bar on the terminal while the games are played, then prints
each side's wins with a 95% Wilson interval, draws, the mean length of a game
and games per second. ``--check`` plays the same seeds again serially and
says whether every result is identical (it exits 1 if not).
"""

from __future__ import annotations

import argparse
import ast
import sys

from explorer.core.registry import all_rulesets

from . import ProgressBar, Study, workers


def _setting(text: str) -> tuple[str, object]:
    key, equals, value = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"a setting is KEY=VALUE, not {text!r}")
    try:
        return key, ast.literal_eval(value)  # numbers, True/False, quoted strings
    except (ValueError, SyntaxError):
        return key, value  # a bare word is a string


def parse(argv: list[str] | None = None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m studies", description=__doc__.splitlines()[0],
                                     formatter_class=argparse.RawDescriptionHelpFormatter,
                                     epilog="\n".join(__doc__.splitlines()[2:]))
    parser.add_argument("ruleset", choices=sorted(all_rulesets()))
    parser.add_argument("scenario", nargs="?", help="a scenario of the ruleset (default: its first)")
    parser.add_argument("--bots", nargs="+", default=["greedy"], metavar="BOT",
                        help="one bot for every side, or one per side in order (default: greedy)")
    parser.add_argument("--games", type=int, default=10_000, help="how many games (default: 10,000)")
    parser.add_argument("--first-seed", type=int, default=0, help="seeds run from this one (default: 0)")
    parser.add_argument("--set", type=_setting, action="append", default=[], metavar="KEY=VALUE",
                        help="a setting of the ruleset (repeatable), e.g. --set max_rounds=30")
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, metavar="N",
                       help="a Dask LocalCluster of N worker processes on this machine (default: one per core)")
    where.add_argument("--scheduler", metavar="ADDRESS",
                       help="a running Dask cluster, by its scheduler's address, e.g. tcp://10.0.0.5:8786")
    where.add_argument("--serial", action="store_true", help="no cluster: every game in this process")
    parser.add_argument("--chunksize", type=int, help="games per task (default: about 20 tasks per worker, at most 100)")
    parser.add_argument("--check", action="store_true",
                        help="play the same seeds again serially and check every result is identical")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = parse(argv)
    try:
        study = Study(args.ruleset, args.scenario, tuple(args.bots), args.games, args.first_seed,
                      tuple(sorted(args.set)))
    except ValueError as error:
        print(f"python -m studies: {error}", file=sys.stderr)
        return 2
    print(study.describe(), flush=True)
    with workers(args.workers, scheduler=args.scheduler, serial=args.serial) as where:
        run = study.run(where, chunksize=args.chunksize, progress=ProgressBar("Games"))
    print(run.report(heading=False))
    if args.check:
        again = study.run(progress=ProgressBar("Serial check"))
        same = again.results == run.results
        print(f"serial check: {'every result identical' if same else 'RESULTS DIFFER'} "
              f"({again.seconds:,.1f} s, {again.games_per_second:,.1f} games a second serially)")
        return 0 if same else 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
