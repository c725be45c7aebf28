"""Many-game simulation: reproducible, and the same whatever Executor runs it."""

from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

from explorer.core import (
    GameFactory, GameResult, Outcome, RandomBot, SameBot, SideBots, as_played, run_many, summarize,
)

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


def test_chunks_of_seeds_per_task_change_no_result():
    serial = run_many(PHLOG_DUEL, RANDOM_BOTS, range(7))
    with ThreadPoolExecutor(2) as threads:
        for chunksize in (1, 2, 3, 7, 50):
            assert run_many(PHLOG_DUEL, RANDOM_BOTS, range(7), executor=threads, chunksize=chunksize) == serial
    with ProcessPoolExecutor(2) as processes:
        assert run_many(PHLOG_DUEL, RANDOM_BOTS, range(7), executor=processes, chunksize=3) == serial


def test_results_come_back_in_the_order_of_the_seeds_even_out_of_order_and_repeated():
    seeds = [5, 2, 9, 2, 0]
    with ThreadPoolExecutor(2) as threads:
        results = run_many(PHLOG_DUEL, RANDOM_BOTS, seeds, executor=threads, chunksize=2)
    assert [r.seed for r in results] == seeds
    assert results[1] == results[3]


def test_progress_counts_every_game_up_to_the_total():
    serial_calls = []
    run_many(PHLOG_DUEL, RANDOM_BOTS, range(3), progress=lambda done, total: serial_calls.append((done, total)))
    assert serial_calls == [(0, 3), (1, 3), (2, 3), (3, 3)]  # serially: after every game
    calls = []
    with ThreadPoolExecutor(2) as threads:
        run_many(PHLOG_DUEL, RANDOM_BOTS, range(7), executor=threads, chunksize=3,
                 progress=lambda done, total: calls.append((done, total)))
    # on an executor: once per task; the tasks hold 3, 3 and 1 games and finish in any order
    assert calls[0] == (0, 7) and calls[-1] == (7, 7) and len(calls) == 4
    assert all(total == 7 for _, total in calls)
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)
    assert {b - a for (a, _), (b, _) in zip(calls, calls[1:])} <= {1, 3}


def test_as_played_hands_over_every_result_as_its_game_ends():
    serial = run_many(PHLOG_DUEL, RANDOM_BOTS, range(6))
    assert list(as_played(PHLOG_DUEL, RANDOM_BOTS, range(6))) == serial  # serially, in seed order
    with ThreadPoolExecutor(2) as threads:
        played = list(as_played(PHLOG_DUEL, RANDOM_BOTS, range(6), executor=threads, chunksize=4))
    assert sorted(played, key=lambda r: r.seed) == serial


def test_leaving_as_played_early_cancels_the_games_not_started():
    submitted = []

    class Recorder(ThreadPoolExecutor):
        def submit(self, *args, **kwargs):
            submitted.append(super().submit(*args, **kwargs))
            return submitted[-1]

    with Recorder(1) as pool:
        games = as_played(PHLOG_DUEL, RANDOM_BOTS, range(40), executor=pool)
        next(games)
        games.close()
        assert sum(f.cancelled() for f in submitted) >= 30  # one worker: most had not started


def test_a_chunk_size_is_a_whole_number_of_games():
    for bad in (0, -1, 2.5):
        with pytest.raises(ValueError, match="chunksize"):
            run_many(PHLOG_DUEL, RANDOM_BOTS, range(2), chunksize=bad)


def test_side_bots_give_each_side_its_own_bot_seeded_as_same_bot_seeds_them():
    from explorer.rulesets.phlog import GreedyBot

    same = SideBots.of(green=RandomBot, tan=RandomBot)
    assert run_many(PHLOG_DUEL, same, range(3)) == run_many(PHLOG_DUEL, RANDOM_BOTS, range(3))
    mixed = SideBots.of(green=GreedyBot, tan=RandomBot)
    bots = mixed(4)
    assert isinstance(bots["green"], GreedyBot) and isinstance(bots["tan"], RandomBot)
    results = run_many(PHLOG_DUEL, mixed, range(4))
    assert all(r.outcome is not None for r in results)
