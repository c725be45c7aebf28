"""Big studies on a Dask cluster: the engine's runner, unchanged, on a LocalCluster of 2 workers.

One small cluster for the module (starting one takes seconds); the games are
phlog duels between greedy bots, the fastest scenario with bots that finish
in a few dozen actions.
"""

import pytest

pytest.importorskip("distributed")

from explorer.core import get_ruleset, run_many  # noqa: E402
from studies import ProgressBar, Study, chunk_for, local_cluster, workers  # noqa: E402
from studies.__main__ import main, parse  # noqa: E402

STUDY = Study("phlog", "duel", ("greedy",), games=200)


@pytest.fixture(scope="module")
def cluster():
    with local_cluster(2) as where:
        yield where


@pytest.fixture(scope="module")
def serial():
    return STUDY.run()


def test_a_study_on_a_local_cluster_gives_the_results_of_the_serial_run(cluster, serial):
    on_cluster = STUDY.run(cluster)
    assert on_cluster.chunksize > 1  # several games a task
    assert on_cluster.results == serial.results
    assert [r.seed for r in on_cluster.results] == list(range(200))


def test_chunked_and_unchunked_tasks_on_the_cluster_agree(cluster, serial):
    seeds = STUDY.seeds[:40]
    one_each = run_many(STUDY.game, STUDY.players, seeds, executor=cluster.executor, chunksize=1)
    in_chunks = run_many(STUDY.game, STUDY.players, seeds, executor=cluster.executor, chunksize=7)
    assert one_each == in_chunks == serial.results[:40]


def test_progress_reaches_the_total_on_the_cluster(cluster):
    calls = []
    Study("phlog", "duel", games=60).run(cluster, chunksize=10, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 60) and calls[-1] == (60, 60)
    assert len(calls) == 1 + 60 // 10  # once at the start, then once per task
    assert [done for done, _ in calls] == sorted(done for done, _ in calls)


def test_a_bot_per_side_is_played_the_same_on_the_cluster(cluster):
    study = Study("phlog", "duel", ("greedy", "random"), games=30)
    assert study.run(cluster).results == study.run().results


def test_the_progress_bar_counts_up_to_the_total_and_closes(monkeypatch, capsys):
    bar = ProgressBar("Games", disable=False)
    Study("phlog", "duel", ("greedy",), games=5).run(progress=bar)
    assert bar.bar.n == bar.bar.total == 5 and bar.bar.disable  # closed when the last game was in
    # On the static site the bar is drawn off screen and its last state printed once, as text.
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    static = ProgressBar("Games")
    Study("phlog", "duel", ("greedy",), games=5).run(progress=static)
    printed = capsys.readouterr().out
    assert printed.count("5/5") == 1 and printed.startswith("Games: 100%")


def test_the_command_plays_on_a_running_cluster_named_by_its_scheduler(cluster, serial, capsys):
    assert cluster.scheduler.startswith("tcp://127.0.0.1:")
    assert main(["phlog", "duel", "--games", "200", "--scheduler", cluster.scheduler]) == 0
    out = capsys.readouterr().out
    assert f"on the Dask cluster at {cluster.scheduler} (2 worker threads)" in out
    summary = serial.summary
    assert f"green won {summary.win_share('green')}" in out  # the serial run's figures, to the game


def test_a_study_says_what_it_plays_and_refuses_what_it_cannot():
    assert STUDY.sides == ("green", "tan")
    assert "duel, greedy bots: 200 games (seeds 0 to 199)" in STUDY.describe()
    with pytest.raises(ValueError, match="bots"):
        Study("phlog", "duel", ("clever",))
    with pytest.raises(ValueError, match="one per side"):
        Study("phlog", "duel", ("greedy", "random", "greedy"))
    with pytest.raises(ValueError, match="unknown scenario"):
        Study("phlog", "no_such_scenario")


def test_a_task_holds_about_twenty_tasks_a_worker_and_never_more_than_100_games():
    assert chunk_for(300, 2) == 7
    assert chunk_for(10_000, 2) == 100
    assert chunk_for(10, 4) == 1


def test_the_report_gives_wins_with_intervals_length_and_speed(serial):
    report = serial.report()
    assert "green won" in report and "95% CI" in report and "n=200" in report
    assert "games a second" in report and "serially" in report


def test_the_command_plays_serially_and_checks(capsys):
    assert main(["phlog", "duel", "--games", "12", "--serial", "--check"]) == 0
    out = capsys.readouterr().out
    assert "12 games (seeds 0 to 11)" in out and "serial check: every result identical" in out
    args = parse(["phlog", "duel", "--bots", "greedy", "random", "--scheduler", "tcp://127.0.0.1:8786",
                  "--set", "max_rounds=30", "--set", "ace_high=True"])
    assert args.bots == ["greedy", "random"] and args.scheduler == "tcp://127.0.0.1:8786"
    assert dict(args.set) == {"max_rounds": 30, "ace_high": True}
    with pytest.raises(SystemExit):
        parse(["phlog", "--workers", "2", "--serial"])  # one place to play, not two


def test_the_command_names_a_mistake_in_one_line(capsys):
    assert main(["phlog", "duel", "--bots", "clever", "--serial"]) == 2
    err = capsys.readouterr().err
    bots = ", ".join(get_ruleset("phlog").bots)
    assert err.count("\n") == 1 and f"has the bots {bots}, not clever" in err


def test_serial_means_no_executor():
    with workers(serial=True) as where:
        assert where.executor is None and where.slots == 1


def _slow_heartbeats(dask_scheduler):
    """The scheduler deliberately slowed: each worker's heartbeat waits, then finds its connection closed
    (what a busy machine did: the worker logs "Failed to communicate with scheduler during heartbeat")."""
    import asyncio

    from distributed.comm.core import CommClosedError

    dask_scheduler.slowed_heartbeats = 0

    async def heartbeat_worker(**_):
        dask_scheduler.slowed_heartbeats += 1
        await asyncio.sleep(0.2)
        raise CommClosedError("the scheduler is slowed on purpose")

    dask_scheduler.handlers["heartbeat_worker"] = heartbeat_worker


def test_a_slowed_scheduler_puts_nothing_on_stderr_and_the_results_are_the_same(capfd, serial):
    import time

    from distributed import Client

    # a cluster of its own, started here, so that its workers' stderr is captured too
    with local_cluster(2) as cluster, Client(cluster.scheduler) as client:
        client.run_on_scheduler(_slow_heartbeats)
        on_cluster = STUDY.run(cluster)
        for _ in range(600):  # each worker beats every second or so: wait until both have failed twice
            if client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.slowed_heartbeats) >= 4:
                break
            time.sleep(0.1)
        slowed = client.run_on_scheduler(lambda dask_scheduler: dask_scheduler.slowed_heartbeats)
    out, err = capfd.readouterr()
    assert slowed >= 4
    assert on_cluster.results == serial.results
    assert (out, err) == ("", "")
