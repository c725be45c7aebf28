"""The long check, run on demand (``make soak``): many random games of every ruleset and scenario.

    python -m tests.conformance.soak --games 10000

Each game is played to its end with a round limit by uniformly random legal
actions; every listed action must be accepted, the game must end within
the bound, and its save must load back to the same game. Prints figures
per scenario and the first failures; exits 1 if any game broke a rule of
the contract. Also fuzzes saves and actions at the size given.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time

from explorer.core import load_json

from .cases import ACTION_BOUND, ROUND_BOUND, new_game, scenario_cases


def soak(case, games: int) -> tuple[int, int, list[str]]:
    actions, failures = 0, []
    for seed in range(games):
        rng = random.Random(seed)
        state = new_game(case, seed, max_rounds=ROUND_BOUND)
        try:
            while not state.is_over and len(state.history) < ACTION_BOUND:
                state.apply(rng.choice(list(state.legal_actions)))
            if not state.is_over:
                failures.append(f"seed {seed}: not over after {ACTION_BOUND} actions")
            if seed % 10 == 0 and load_json(state.to_json()) != state:
                failures.append(f"seed {seed}: the save does not load back to the same game")
        except Exception as exc:  # noqa: BLE001 - a soak reports every kind of failure
            failures.append(f"seed {seed}: {type(exc).__name__}: {exc}")
        actions += len(state.history)
    return games, actions, failures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000, help="random games per scenario")
    parser.add_argument("--fuzz", type=int, default=5_000, help="mutated saves and odd actions per scenario")
    args = parser.parse_args()
    broken = 0
    print(f"{'ruleset / scenario':32} {'games':>7} {'actions':>10} {'act/game':>9} {'seconds':>8}  failures")
    for case in scenario_cases():
        start = time.perf_counter()
        games, actions, failures = soak(case, args.games)
        seconds = time.perf_counter() - start
        broken += len(failures)
        print(f"{'/'.join(case):32} {games:7,} {actions:10,} {actions / games:9.1f} {seconds:8.1f}  {len(failures)}")
        for failure in failures[:5]:
            print(f"    {failure}")
    env = {**os.environ, "FUZZ_SAVES": str(args.fuzz), "FUZZ_ACTIONS": str(args.fuzz)}
    fuzz = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                           "tests/conformance/test_fuzz.py"], env=env)
    return 1 if broken or fuzz.returncode else 0


if __name__ == "__main__":
    sys.exit(main())
