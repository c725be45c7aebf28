"""How fast the Simple Plastic Wargame engine answers, in figures (asserts nothing).

    python benchmarks/bench_simple_plastic.py

Prints: odds queries per second (to-kill with its reasons, exact kill
distributions), engine actions per second in random playouts, and complete
bot-versus-bot games per second.
"""

from __future__ import annotations

import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from timing import report, timed  # noqa: E402

from explorer.core import GameRNG, RandomBot, play_out
from explorer.rulesets.simple_plastic import RULESET, EndPhase, GreedyBot
from explorer.rulesets.simple_plastic.attacking import kill_distribution, to_kill
from explorer.rulesets.simple_plastic.position import Board, in_play


def pairs_in_sight(state):
    return [(a.id, t.id) for a in in_play(state, "green") for t in in_play(state, "tan")
            if to_kill(state, a.id, t.id).value is not None]


def bench_odds() -> None:
    state = RULESET.new_game("open_field")
    state.apply(EndPhase("green"))
    pairs = pairs_in_sight(state)

    def fresh_board():  # a new table: sight is measured, not remembered
        return Board(dict(state.figures), type(state.table)(state.table.width, state.table.height,
                                                            state.table.terrain), state.settings)

    def cold_query():
        board = fresh_board()
        a, t = pairs[0]
        kill_distribution(board, a, t)

    warm = iter(range(10**9))

    def warm_query():
        a, t = pairs[next(warm) % len(pairs)]
        to_kill(state, a, t)
        kill_distribution(state, a, t)

    for label, fn in (("to-kill + kill distribution, fresh table", cold_query),
                      ("to-kill + kill distribution, same table (sight cached)", warm_query)):
        report(label, *timed(fn), width=58)
    skirmish = RULESET.new_game("skirmish")
    sniper = next(f for f in skirmish.figures.values() if f.kind == "sniper")
    board = Board.of(skirmish).moving(sniper.id, 30, 20)  # in sight of green's squad
    target = next(f for f in in_play(board, "green"))

    def sniper_two_attacks():
        kill_distribution(board, sniper.id, target.id)  # both attacks, re-targeting after a kill

    calls, elapsed = timed(sniper_two_attacks)
    print(f"  {'sniper, both attacks on a squad (exact)':58s} {calls / elapsed:10,.0f} /s")


def bench_playouts(scenario: str, games: int = 20) -> None:
    actions, start = 0, time.perf_counter()
    for seed in range(games):
        state = RULESET.new_game(scenario, seed=seed, max_rounds=30)
        rng = GameRNG(seed)
        while not state.is_over:
            state.apply(rng.choice(list(iter(state.legal_actions))))
            actions += 1
    elapsed = time.perf_counter() - start
    print(f"  {scenario:12s} random playouts: {actions / elapsed:8,.0f} actions/s "
          f"({games} games, {actions} actions, {elapsed:.1f} s; includes listing the legal actions)")


def bench_games(scenario: str, bots: str, games: int = 10) -> None:
    start, actions, rounds = time.perf_counter(), 0, 0
    for seed in range(games):
        state = RULESET.new_game(scenario, seed=seed, max_rounds=30)
        players = ({"green": GreedyBot(seed), "tan": GreedyBot(seed + 1)} if bots == "greedy"
                   else {"green": RandomBot(seed), "tan": RandomBot(seed + 1)})
        play_out(state, players, max_actions=10_000)
        actions += len(state.history)
        rounds += state.round
    elapsed = time.perf_counter() - start
    print(f"  {scenario:12s} {bots:6s} v {bots:6s}: {games / elapsed:6.2f} games/s "
          f"(mean {actions / games:.0f} actions, {rounds / games:.1f} rounds a game)")


def main() -> None:
    print("Odds queries")
    bench_odds()
    print("Engine actions per second (seeded random choice among the legal actions)")
    for scenario in RULESET.scenarios:
        bench_playouts(scenario)
    print("Complete bot-versus-bot games per second (round limit 30)")
    for scenario in RULESET.scenarios:
        bench_games(scenario, "greedy")
        bench_games(scenario, "random")


if __name__ == "__main__":
    main()
