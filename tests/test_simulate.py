"""Many-game simulation: reproducible, and the same whatever Executor runs it."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from explorer.core import GameFactory, GameResult, Outcome, RandomBot, SameBot, run_many, summarize

PHLOG_DUEL = GameFactory.of("phlog", "duel")
RANDOM_BOTS = SameBot(RandomBot, ("green", "tan"))


def test_a_study_is_the_same_serial_threaded_or_in_processes():
    serial = run_many(PHLOG_DUEL, RANDOM_BOTS, range(4))
    with ThreadPoolExecutor(2) as threads:
        assert run_many(PHLOG_DUEL, RANDOM_BOTS, range(4), executor=threads) == serial
    with ProcessPoolExecutor(2) as processes:
        assert run_many(PHLOG_DUEL, RANDOM_BOTS, range(4), executor=processes) == serial


def test_every_game_of_a_study_ends_with_an_outcome():
    results = run_many(PHLOG_DUEL, RANDOM_BOTS, range(3))
    assert [r.seed for r in results] == [0, 1, 2]
    assert all(r.outcome is not None and r.actions > 0 for r in results)


def test_settings_reach_the_game():
    game = GameFactory.of("simple_plastic", "open_field", heavy_weapons_kills="one")(seed=5)
    assert game.settings.heavy_weapons_kills == "one"
    with pytest.raises(ValueError, match="unknown setting"):
        GameFactory.of("simple_plastic", "open_field", colour="red")(seed=5)


def test_summary_counts_wins_draws_and_unfinished_games():
    results = [
        GameResult(0, Outcome("green", "x"), 10, 2),
        GameResult(1, Outcome("green", "x"), 20, 4),
        GameResult(2, Outcome(None, "draw"), 30, 6),
        GameResult(3, None, 40, 8),
    ]
    summary = summarize(results)
    assert summary.wins == {"green": 2} and summary.draws == 1 and summary.unfinished == 1
    assert summary.win_rate("green") == 0.5 and summary.win_rate("tan") == 0
    assert summary.mean_actions == 25 and summary.mean_rounds == 5
