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


def test_wilson_interval_matches_the_textbook_values():
    from explorer.core.stats import share, wilson_interval

    # Wilson (1927) via Newcombe (1998), table I: 81 of 263 -> 0.2553 to 0.3662; 0 of 20 -> 0 to 0.1611.
    low, high = wilson_interval(81, 263)
    assert (round(low, 4), round(high, 4)) == (0.2553, 0.3662)
    assert tuple(round(x, 4) for x in wilson_interval(0, 20)) == (0.0, 0.1611)
    assert wilson_interval(0, 0) == (0.0, 1.0)
    assert str(share(15, 20)) == "75% (95% CI 53%–89%, n=20)"
    with pytest.raises(ValueError, match="between 0 and n"):
        wilson_interval(21, 20)


def test_a_summary_gives_each_side_its_win_share_with_an_interval():
    results = [GameResult(i, Outcome("green" if i < 3 else "tan", "x"), 10, 2) for i in range(4)]
    green = summarize(results).win_share("green")
    assert (green.hits, green.n, green.value) == (3, 4, 0.75)
    assert 0 < green.low < 0.75 < green.high <= 1
