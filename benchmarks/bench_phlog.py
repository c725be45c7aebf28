"""How fast "The Rules! (with no name)" engine answers, in figures (asserts nothing).

    python benchmarks/bench_phlog.py

Prints: attack-odds queries (both assumptions, with and without jokers), the
reachable-squares explorer, engine actions per second in random playouts,
and complete bot-versus-bot games per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from timing import report, timed  # noqa: E402

from explorer import get_ruleset
from explorer.core import RandomBot, play_out
from explorer.rulesets.phlog import BEST, UNIFORM, GreedyBot, Nominate, attack_odds, reachable_squares

PHLOG = get_ruleset("phlog")


def bench_odds() -> None:
    game = PHLOG.new_game("corridor", seed=1)
    view = game.view("green")
    for assumption in (UNIFORM, BEST):
        for jokers in (False, True):
            calls, elapsed = timed(lambda: attack_odds(view, assumption=assumption, jokers=jokers))
            report(f"attack odds, whole hand, {assumption}{' + jokers' if jokers else ''}", calls, elapsed)
    calls, elapsed = timed(lambda: attack_odds(game, "green", BEST))
    report("attack odds from the state (view built each time)", calls, elapsed)


def bench_reach() -> None:
    game = PHLOG.new_game("corridor", seed=1)
    for movement in (6, 13):
        calls, elapsed = timed(lambda: reachable_squares(game, "green-3", movement))
        report(f"reachable squares, {movement} movement points", calls, elapsed)


def bench_playouts() -> None:
    actions, start, games = 0, time.perf_counter(), 0
    while time.perf_counter() - start < 3.0:
        game = PHLOG.new_game("corridor", seed=games)
        bots = {side: RandomBot(games * 2 + i) for i, side in enumerate(game.sides)}
        play_out(game, bots, max_actions=3000)
        actions += len(game.history)
        games += 1
    elapsed = time.perf_counter() - start
    report(f"engine actions, random playouts ({games} games)", actions, elapsed, "actions/s")
    game = PHLOG.new_game("corridor", seed=3)
    first = next(iter(game.legal_actions))
    assert isinstance(first, Nominate)
    calls, elapsed = timed(lambda: list(game.legal_actions))
    report("legal actions listed, start of a turn", calls, elapsed)


def bench_bot_games() -> None:
    for scenario in ("duel", "corridor"):
        for label, make in (("greedy v greedy", lambda s: {"green": GreedyBot(), "tan": GreedyBot()}),
                            ("random v random", lambda s: {"green": RandomBot(s), "tan": RandomBot(s + 1)})):
            games, start, actions = 0, time.perf_counter(), 0
            while time.perf_counter() - start < 2.0:
                game = play_out(PHLOG.new_game(scenario, seed=games), make(games), max_actions=5000)
                actions += len(game.history)
                games += 1
            elapsed = time.perf_counter() - start
            report(f"complete games, {scenario}, {label} (~{actions // games} actions)", games, elapsed, "games/s")


if __name__ == "__main__":
    print("The Rules! (with no name): engine speed")
    for title, bench in (("Odds", bench_odds), ("Movement explorer", bench_reach),
                         ("Random playouts", bench_playouts), ("Bot games", bench_bot_games)):
        print(title)
        bench()
