"""The strong bot against greedy at the same thinking time, an old engine against this one (asserts nothing).

    python benchmarks/compare_bots.py [--old COMMIT] [--games 10] [--seconds-per-decision 0.25]
                                      [--only RULESET[:SCENARIO]] [--workers 2] [--json PATH]
                                      [--shipped] [--reuse PATH]
    python benchmarks/compare_bots.py --reprint PATH      # the table of a run --json wrote, again

The strong bot (explorer/core/search.py's ``SearchBot``, each ruleset's ``bots["strong"]``) counts its
budget in nodes (actions applied on copies), not seconds, so a faster engine only makes it stronger if it
is given more nodes. For each ruleset (its first scenario, or the one ``--only`` names) and each engine,
old (``--old``, by default 1ad2a8d, issue 23's baseline) and new (this work tree), this script:

1. collects the positions where the strong bot really looks ahead (it has more than one candidate), from
   two seeded games of strong (its own budget) against greedy, one in each seat;
2. finds the node budget that makes one such decision take ``--seconds-per-decision`` of CPU time on that
   engine: the bot's own budget is timed on those positions (which gives the engine's node rate), then
   budgets the rate says are too long and too short, then budgets between the closest two. Old and new
   take turns, as in benchmarks/compare.py, so a busy machine slows both alike. The bot samples each
   candidate at most ``samples`` times, so it cannot spend more than ``width × samples × (1 + horizon)``
   nodes a decision (fewer where a look-ahead draws no dice): at 0.25 s, already reached on the old engine
   in some rulesets. So ``samples`` is scaled as the budget is (``samples × budget / its own budget``,
   never lowered), and the bot spends the time on more samples of the close candidates; ``--own-samples``
   keeps the bot's own cap, and a row where the cap keeps the bot quicker than asked says "cap";
3. plays strong (that budget) against greedy, ``--games`` seeded games with strong in each seat, on each
   engine (the same seeds on both), ``--workers`` games at a time.

Printed per ruleset: the budget old/new, the node rate, the strong bot's win rate old/new with its 95%
Wilson interval (draws and unfinished games count as not won), in how many games (seed and seat) old and
new did not win alike (more nodes often change no decision: the bot keeps greedy's choice unless another
one does clearly better), the mean CPU time of a decision that looked ahead, old/new, and what the first
side wins when greedy plays both on the same seeds (the first seat's own advantage).
The games depend only on their seeds and the budgets, never on the clock: only the budgets do (on a busy
machine, repeated timings of one budget differ by 10-20%, so the budgets are about as close).
Run time: the games need about 2 engines × rulesets × 2 seats × games × (decisions that look ahead a
game, 20-45) × seconds-per-decision of CPU, shared by the workers (printed before they start); the
calibration about a minute of CPU a ruleset. Measured on the shared 2-core machine, all five rulesets,
``--games 5``: 7 minutes of calibration and 19 of games (26 in all).

``--shipped`` skips the calibration: each engine plays its own strong bot at its own shipped budget (the old
bot's thinking time against the new bot's), and a decision at that budget is timed on positions of each bot's
own games, old and new taking turns ("timed ms"): the wait in the page, whose Python is as much faster as
CPython. ``--reuse PATH`` takes the old engine's games from an earlier ``--json`` run where the job is the same
(the same old tree, ruleset, scenario, seed, seat, budget and samples: the games depend on nothing else), so a
new bot can be measured again without replaying the old engine.

Old and new run in worker processes (this script's ``--serve``) with ``PYTHONPATH`` set to each tree;
only the API both engines share is used, features detected where they could differ (a ruleset's
``bots`` table or its module's ``StrongBot``/``GreedyBot``, the budget as a class attribute or as a
constructor argument).
"""

from __future__ import annotations

import argparse
import importlib
import inspect
import json
import math
import queue
import sys
import threading
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
from compare import BASELINE_23, Worker, add_trees, cannot_import, git, old_worktree  # noqa: E402  (they import no engine)
from engine_speed import cloner, short_error, wanted  # noqa: E402

CALIBRATION_GAMES = (2, 10)  # at least one with strong in each seat; more while too few positions are found
CALIBRATION_STEPS = 6  # budgets timed at most, per side
SEED = 1  # first game seed; calibration games use seeds from CALIBRATION_SEED on, apart from the measured ones
CALIBRATION_SEED = 10_000


# -- the worker: runs on one tree's engine ----------------------------------------------------------
class Engine:
    """One tree's rulesets, bots and calibration positions, answering the parent's requests."""

    def __init__(self):
        import explorer
        from explorer.core.simulate import seeded

        self.explorer = explorer
        self.seeded = seeded
        self.positions: dict[tuple[str, str], list] = {}

    def bots(self, name: str) -> tuple[type, type]:
        """``(strong, greedy)`` classes: the ruleset's ``bots`` table, else its module's classes."""
        table = getattr(self.explorer.get_ruleset(name), "bots", None) or {}
        module = importlib.import_module(f"explorer.rulesets.{name}")
        strong = table.get("strong") or getattr(module, "StrongBot", None)
        greedy = table.get("greedy") or getattr(module, "GreedyBot", None)
        if strong is None or greedy is None:
            raise LookupError(f"{name} has no {'strong' if strong is None else 'greedy'} bot on this engine")
        return strong, greedy

    def strong_bot(self, name: str, budget: int | None, samples: int | None, seed: int):
        """A seeded strong bot with ``budget`` nodes a decision (None: its own) and ``samples`` (None: its own)."""
        strong, _ = self.bots(name)
        if budget is None and samples is None:
            return self.seeded(strong, seed)
        changes = {k: v for k, v in (("budget", budget), ("samples", samples)) if v is not None}
        if all(hasattr(strong, k) for k in changes):  # a class attribute: a subclass with the new value
            return self.seeded(type(strong.__name__, (strong,), changes), seed)
        parameters = inspect.signature(strong).parameters
        if all(k in parameters for k in changes):  # else a constructor argument
            return strong(seed=seed, **changes) if "seed" in parameters else strong(**changes)
        raise LookupError(f"{name}'s strong bot takes no {' or '.join(changes)} on this engine")

    def describe(self, name: str, only: list[str]) -> dict:
        ruleset = self.explorer.get_ruleset(name)
        scenarios = [s if isinstance(s, str) else s.name for s in ruleset.scenarios]
        scenario = next((s for s in scenarios if wanted(only, name, s)), None)
        strong, _ = self.bots(name)
        shape = {k: getattr(strong, k, None) for k in ("budget", "width", "samples", "horizon")}
        return {"scenario": scenario, "sides": list(ruleset.new_game(scenario, seed=SEED).sides), **shape}

    def play(self, name: str, scenario: str, seed: int, strong_side: str | None, budget: int | None,
             samples: int | None, max_actions: int, keep: list | None = None) -> dict:
        """One game, strong in ``strong_side`` (None: greedy both), each bot seeded from the game's seed as
        benchmarks/bench_bots.py seeds them. Times the strong bot's decisions in process CPU time;
        ``keep`` collects a copy of each position where it looked ahead."""
        state = self.explorer.get_ruleset(name).new_game(scenario, seed=seed)
        _, greedy = self.bots(name)
        bots = {side: (self.strong_bot(name, budget, samples, seed * 31 + i) if side == strong_side
                       else self.seeded(greedy, seed * 31 + i)) for i, side in enumerate(state.sides)}
        _, clone = cloner(state)
        calls = searched = nodes = 0
        seconds = 0.0
        for _ in range(max_actions):
            if state.is_over:
                break
            player = state.current_player
            if player != strong_side:
                state.apply(bots[player](state))
                continue
            before = clone(state) if keep is not None else None
            t0 = time.process_time()
            action = bots[player](state)
            spent = time.process_time() - t0
            calls += 1
            if getattr(bots[player], "nodes", 1):  # it looked ahead (an engine without .nodes: every call)
                searched += 1
                seconds += spent
                nodes += getattr(bots[player], "nodes", 0)
                if keep is not None:
                    keep.append(before)
            state.apply(action)
        outcome = state.outcome
        return {"over": outcome is not None, "winner": outcome.winner if outcome is not None else None,
                "actions": len(state.history), "calls": calls, "searched": searched, "seconds": seconds,
                "nodes": nodes}

    def collect(self, name: str, scenario: str, count: int, max_actions: int) -> dict:
        """Keep up to ``count`` positions where the strong bot (its own budget) looked ahead, evenly spread
        over games with it in each seat in turn (a bot that seldom looks ahead is given more games); how many
        decisions a game it looked ahead in."""
        sides = self.explorer.get_ruleset(name).new_game(scenario, seed=SEED).sides
        found: list = []
        games: list[dict] = []
        fewest, most = CALIBRATION_GAMES
        while len(games) < fewest or len(found) < count and len(games) < most:
            games.append(self.play(name, scenario, CALIBRATION_SEED + len(games), sides[len(games) % len(sides)],
                                   None, None, max_actions, keep=found))
        if len(found) > count:
            found = [found[k * len(found) // count] for k in range(count)]
        self.positions[(name, scenario)] = found
        return {"positions": len(found), "games": len(games), "searched_per_game": sum(g["searched"] for g in games) / len(games),
                "calls_per_game": sum(g["calls"] for g in games) / len(games)}

    def time_budget(self, name: str, scenario: str, budget: int, samples: int | None) -> dict:
        """The strong bot's decisions on the kept positions with ``budget`` nodes: total CPU time and nodes."""
        seconds, nodes, positions = 0.0, 0, self.positions[(name, scenario)]
        for i, position in enumerate(positions):
            _, clone = cloner(position)
            state = clone(position)  # a bot may look ahead on the state it is given: never on the kept one
            bot = self.strong_bot(name, budget, samples, CALIBRATION_SEED + i)
            t0 = time.process_time()
            bot(state)
            seconds += time.process_time() - t0
            nodes += getattr(bot, "nodes", 0)
        return {"decisions": len(positions), "seconds": seconds, "nodes": nodes}


def serve() -> int:
    """Answer requests, one JSON object a line on stdin, one JSON answer a line on stdout (see Engine)."""
    out, sys.stdout = sys.stdout, sys.stderr  # nothing else may write on the answer channel
    try:
        engine = Engine()
    except Exception as exc:
        engine, broken = None, f"cannot import explorer: {short_error(exc)}"
    for line in sys.stdin:
        request = json.loads(line)
        try:
            if engine is None:
                raise RuntimeError(broken)
            do = request.pop("do")
            if do == "rulesets":
                names = engine.explorer.all_rulesets()
                answer = {"rulesets": sorted(n if isinstance(n, str) else n.name for n in names)}
            else:
                answer = getattr(engine, do)(**request)
        except Exception as exc:
            answer = {"error": short_error(exc)}
        out.write(json.dumps(answer) + "\n")
        out.flush()
    return 0


# -- the parent: calibrates, deals out the games, prints -------------------------------------------
def asked(worker: Worker, request: dict, timeout: float = 900) -> dict:
    answer = worker.ask(request, timeout)
    if "error" in answer:
        raise RuntimeError(answer["error"])
    return answer


def cap(shape: dict) -> int | None:
    """The most nodes the bot can spend on a decision: every candidate sampled as often as it may be."""
    try:
        return shape["width"] * shape["samples"] * (1 + shape["horizon"])
    except (KeyError, TypeError):
        return None


def lifted(shape: dict, budget: int) -> int:
    """The samples a candidate for ``budget`` nodes: the bot's own, scaled as its budget is (never fewer), so
    that at its own budget it is the bot as it ships and with ten times the budget it may sample each
    candidate ten times as often (successive halving gives the survivors most of them)."""
    return max(shape["samples"], math.ceil(shape["samples"] * budget / shape["budget"]))


def calibrate(workers: dict[str, Worker], name: str, scenario: str, shape: dict, args) -> dict:
    """Each side's budget for ``args.seconds_per_decision`` a decision, old and new taking turns."""
    target = args.seconds_per_decision
    found = {side: {"shape": shape[side]} for side in workers}
    for side, worker in workers.items():
        found[side].update(asked(worker, {"do": "collect", "name": name, "scenario": scenario,
                                          "count": args.positions, "max_actions": args.max_actions}))
    live = [side for side in workers if found[side]["positions"]]
    for side in workers:
        if side not in live:
            found[side].update(budget=shape[side]["budget"], note=f"no look-ahead in {found[side]['games']} games")
    tried: dict[str, list[tuple[int, float, float]]] = {side: [] for side in live}  # (budget, s, nodes) a decision
    most = {side: None if args.lift_cap else cap(shape[side]) for side in live}
    for step in range(CALIBRATION_STEPS):
        for side in (live if step % 2 == 0 else live[::-1]):
            budget = next_budget(tried[side], target, most[side], shape[side]["budget"] or 100)
            if budget is None:
                continue
            got = asked(workers[side], {"do": "time_budget", "name": name, "scenario": scenario, "budget": budget,
                                        "samples": lifted(shape[side], budget) if args.lift_cap else None})
            tried[side].append((budget, got["seconds"] / got["decisions"], got["nodes"] / got["decisions"]))
    for side in live:
        points = sorted(tried[side])
        budget, seconds, nodes = min(points, key=lambda p: abs(math.log(max(p[1], 1e-9) / target)))
        found[side].update(budget=budget, seconds=seconds, node_rate=nodes / seconds if seconds else None,
                           capped=seconds < 0.85 * target and budget == points[-1][0],
                           samples=lifted(shape[side], budget) if args.lift_cap else None)
        print(f"    {side}: budgets tried " + ", ".join(f"{b} ({1000 * s:.0f} ms, {n:.0f} nodes)" for b, s, n in points),
              file=sys.stderr, flush=True)
    return found


def time_shipped(workers: dict[str, Worker], name: str, scenario: str, shape: dict, args) -> dict:
    """Each side's own strong bot, at its shipped budget, timed on positions where it looks ahead: the seconds
    a decision takes in the page (its Python is as much faster as CPython), old and new taking turns."""
    found = {side: {"shape": shape[side], "budget": None, "shipped": shape[side]["budget"]} for side in workers}
    for side, worker in workers.items():
        found[side].update(asked(worker, {"do": "collect", "name": name, "scenario": scenario,
                                          "count": args.positions, "max_actions": args.max_actions}))
    spent = {side: [0.0, 0, 0] for side in workers}  # seconds, decisions, nodes
    live = [side for side in workers if found[side]["positions"]]
    for step in range(CALIBRATION_STEPS):
        for side in (live if step % 2 == 0 else live[::-1]):
            got = asked(workers[side], {"do": "time_budget", "name": name, "scenario": scenario, "budget": None,
                                        "samples": None})
            spent[side] = [spent[side][0] + got["seconds"], spent[side][1] + got["decisions"],
                           spent[side][2] + got["nodes"]]
    for side in live:
        seconds, decisions, nodes = spent[side]
        found[side].update(seconds=seconds / decisions, node_rate=nodes / seconds if seconds else None)
    if len(live) == 2:
        print(f"    a decision at the shipped budget: old {1000 * found['old']['seconds']:.0f} ms, new "
              f"{1000 * found['new']['seconds']:.0f} ms", file=sys.stderr, flush=True)
    return found


def next_budget(points: list[tuple[int, float, float]], target: float, most: int | None, first: int) -> int | None:
    """The next budget to time: the bot's own first; then, while no budget tried was too slow, one the node
    rate says is twice the time asked (at most ``most``); while none was too quick, half what the rate says;
    then between the closest too quick and too slow, interpolated linearly (a decision's time grows about
    in proportion to its budget). None: nothing left to try (the cap is reached and still too quick, or the
    next budget was tried already)."""
    if not points:
        return first
    quick = [p for p in points if p[1] < target]
    slow = [p for p in points if p[1] >= target]
    if not slow:
        budget, seconds, _ = max(quick)
        guess = budget * max(2.0, 2 * target / max(seconds, 1e-9))
    elif not quick:
        budget, seconds, _ = min(slow)
        guess = budget * min(0.5, target / seconds / 2)
    else:
        (b0, t0, _), (b1, t1, _) = max(quick), min(slow)
        guess = b0 + (b1 - b0) * (target - t0) / (t1 - t0) if t1 > t0 else (b0 + b1) / 2
    guess = max(1, round(guess if most is None else min(guess, most)))
    return None if any(b == guess for b, _, _ in points) else guess


def play_all(trees: dict[str, Path], jobs: list[dict], workers: int) -> list[dict]:
    """Each job on its side's engine, ``workers`` games at a time (each thread its own worker per side)."""
    todo: queue.Queue = queue.Queue()
    for job in jobs:
        todo.put(job)
    done: list[dict] = []
    lock = threading.Lock()
    started = time.perf_counter()

    def run() -> None:
        mine = {side: Worker(tree, Path(__file__).resolve()) for side, tree in trees.items()}
        try:
            while True:
                try:
                    job = todo.get_nowait()
                except queue.Empty:
                    return
                request = {k: v for k, v in job.items() if k not in ("side", "seat")}
                answer = mine[job["side"]].ask({"do": "play", **request}, 3600)
                with lock:
                    done.append({**job, **answer})
                    if len(done) % 10 == 0 or len(done) == len(jobs):
                        print(f"  {len(done)}/{len(jobs)} games, {time.perf_counter() - started:.0f} s",
                              file=sys.stderr, flush=True)
        finally:
            for worker in mine.values():
                worker.stop()

    threads = [threading.Thread(target=run) for _ in range(max(1, workers))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return done


def key(job: dict) -> tuple:
    """What makes two old-engine games the same game (the games depend only on these, never on the clock)."""
    return tuple(job.get(k) for k in ("name", "scenario", "seed", "strong_side", "budget", "samples", "max_actions"))


def reusable(paths: list[str], old_tree: Path) -> dict[tuple, dict]:
    """The old engine's games of earlier runs (``--json``) on the same old tree, by :func:`key`."""
    games = {}
    for path in paths:
        run = json.loads(Path(path).read_text())
        if Path(run["trees"]["old"]).resolve() != old_tree.resolve():
            continue
        for game in run["games"]:
            if game["side"] == "old" and "error" not in game:
                games[key(game)] = {k: game[k] for k in ("over", "winner", "actions", "calls", "searched",
                                                         "seconds", "nodes")}
    return games


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_trees(parser, BASELINE_23)
    parser.add_argument("--games", type=int, default=10, help="games with strong in each seat, per engine (default 10)")
    parser.add_argument("--seconds-per-decision", type=float, default=0.25,
                        help="CPU seconds a decision that looks ahead should take (default 0.25)")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET[:SCENARIO]",
                        help="only these rulesets (repeatable; default every one, its first scenario)")
    parser.add_argument("--workers", type=int, default=2, help="games played at once (default 2)")
    parser.add_argument("--positions", type=int, default=12, help="positions the budget is timed on (default 12)")
    parser.add_argument("--own-samples", dest="lift_cap", action="store_false",
                        help="keep the bot's own samples a candidate (a cap on the nodes it can spend)")
    parser.add_argument("--max-actions", type=int, default=3000, help="cap on actions a game (default 3000)")
    parser.add_argument("--shipped", action="store_true",
                        help="no calibration: each engine's strong bot at its own shipped budget (its own thinking "
                             "time; the table says each one's CPU time a decision)")
    parser.add_argument("--reuse", metavar="PATH", action="append", default=[],
                        help="take the old engine's games from a run --json wrote, where the job is the same "
                             "(same old tree, ruleset, scenario, seed, seat, budget, samples); repeatable")
    parser.add_argument("--serve", action="store_true", help="answer JSON requests on stdin (the worker mode)")
    parser.add_argument("--json", metavar="PATH", help="also write the figures here")
    parser.add_argument("--reprint", metavar="PATH", help="print the table of a run --json wrote, play nothing")
    args = parser.parse_args(argv)
    if args.serve:
        return serve()
    if args.reprint:
        report(json.loads(Path(args.reprint).read_text()))
        return 0
    began = time.perf_counter()

    trees = {"old": old_worktree(args.old), "new": args.new.resolve()}
    print("The strong bot against greedy at " + ("each engine's own shipped budget" if args.shipped else
          f"{args.seconds_per_decision:g} s of CPU a decision") + ", old engine against new")
    for side, tree in trees.items():
        described = git("log", "-1", "--format=%h %s", cwd=tree) if (tree / ".git").exists() else str(tree)
        if tree == ROOT and git("status", "--porcelain", "--", "explorer", cwd=ROOT):
            described += " + uncommitted changes"
        print(f"  {side}: {tree}  ({described[:100]})")
        if error := cannot_import(tree):
            sys.exit(f"the {side} engine cannot be imported: {error}")

    main_workers = {side: Worker(tree, Path(__file__).resolve()) for side, tree in trees.items()}
    rows: dict[str, dict] = {}
    try:
        names = [n for n in asked(main_workers["new"], {"do": "rulesets"})["rulesets"]
                 if wanted(args.only, n)]
        for name in names:
            shape = {side: asked(w, {"do": "describe", "name": name, "only": args.only})
                     for side, w in main_workers.items()}
            scenario = shape["new"]["scenario"]
            if scenario is None:
                continue
            if args.shipped:
                print(f"  timing {name} / {scenario} at the shipped budgets", file=sys.stderr, flush=True)
                found = time_shipped(main_workers, name, scenario, shape, args)
            else:
                print(f"  calibrating {name} / {scenario}", file=sys.stderr, flush=True)
                found = calibrate(main_workers, name, scenario, shape, args)
            rows[name] = {"scenario": scenario, "sides": shape["new"]["sides"], "found": found}
    finally:
        for worker in main_workers.values():
            worker.stop()

    estimate = sum(2 * args.games * row["found"][side].get("searched_per_game", 0)
                   * row["found"][side].get("seconds", 0) for row in rows.values() for side in trees)
    print(f"  calibration took {time.perf_counter() - began:.0f} s; the games need about {estimate / 60:.0f} min of CPU "
          f"at least, shared by {args.workers} workers (a busy machine gives them less than a core each)", flush=True)
    jobs = []
    for seed in range(SEED, SEED + args.games):
        for name, row in rows.items():
            for seat in row["sides"]:
                for side in trees:
                    found = row["found"][side]
                    jobs.append({"side": side, "name": name, "scenario": row["scenario"], "seed": seed,
                                 "strong_side": seat, "budget": found["budget"], "samples": found.get("samples"),
                                 "max_actions": args.max_actions})
            jobs.append({"side": "new", "name": name, "scenario": row["scenario"], "seed": seed,  # greedy both
                         "strong_side": None, "budget": None, "samples": None, "max_actions": args.max_actions})
    reused = reusable(args.reuse, trees["old"])
    kept = [{**job, **reused[key(job)]} for job in jobs if job["side"] == "old" and key(job) in reused]
    if kept:
        print(f"  {len(kept)} old games taken from {', '.join(args.reuse)}", file=sys.stderr, flush=True)
    results = kept + play_all(trees, [job for job in jobs if not (job["side"] == "old" and key(job) in reused)],
                              args.workers)
    run = {"settings": {"seconds_per_decision": None if args.shipped else args.seconds_per_decision,
                        "games": args.games, "lift_cap": args.lift_cap,
                        "minutes": (time.perf_counter() - began) / 60},
           "trees": {k: str(v) for k, v in trees.items()}, "rows": rows, "games": results}
    report(run)
    if args.json:
        Path(args.json).write_text(json.dumps(run, indent=1) + "\n")
    return 0


def report(run: dict) -> None:
    """The table of a run (as ``--json`` writes it; ``--reprint PATH`` prints it again)."""
    sys.path.insert(0, str(ROOT))
    from explorer.core.stats import share  # the project's Wilson interval (the same in both engines)

    settings, rows, results = run["settings"], run["rows"], run["games"]
    print()
    thinking = (f"budget for {settings['seconds_per_decision']:g} s of CPU a decision that looks ahead"
                if settings["seconds_per_decision"] else "each engine's own shipped budget")
    print(f"Strong ({thinking}) against "
          f"greedy, {settings['games']} games with strong in each seat, per engine; the same seeds on both. "
          f"Took {settings['minutes']:.0f} min.")
    print("win = strong's wins / games (draws and unfinished count as not won), 95% Wilson interval; "
          "ms = mean CPU time of a decision that looked ahead in those games (old and new games may have run on a "
          "machine busy differently);")
    print("timed ms = a decision's CPU time at that budget on positions of the bot's own games, old and new "
          "taking turns (the steadier comparison of thinking time);")
    print("nodes/s = the engine's rate inside the search at calibration; other winner = games (seed and seat) "
          "that old and new strong did not win alike;")
    print("greedy v greedy = what the first side wins when greedy plays both sides, on the same seeds "
          "(the first seat's own advantage).")
    head = ("ruleset", "scenario", "budget old/new", "nodes/s old/new", "win old", "win new", "other winner",
            "ms old/new", "timed ms old/new", "greedy v greedy")
    lines = []
    for name, row in rows.items():
        cells, won_by = {}, {}
        for side in ("old", "new"):
            found = row["found"][side]
            games = [r for r in results if r["name"] == name and r["side"] == side and r.get("strong_side")]
            broken = [r for r in games if "error" in r]
            good = [r for r in games if "error" not in r]
            won = sum(1 for r in good if r["over"] and r["winner"] == r["strong_side"])
            won_by[side] = {(r["seed"], r["strong_side"]): r["over"] and r["winner"] == r["strong_side"] for r in good}
            decided = sum(r["searched"] for r in good)
            seconds = sum(r["seconds"] for r in good)
            budget = f"{found['budget'] or found.get('shipped')}" + (" cap" if found.get("capped") else "") + \
                (f" s{found['samples']}" if found.get("samples") else "")
            cells[side] = {"budget": budget if "note" not in found else f"{found['budget']} ({found['note']})",
                           "rate": f"{found['node_rate']:,.0f}" if found.get("node_rate") else "—",
                           "win": str(share(won, len(good))).replace("95% CI ", "") + (
                               f" +{len(broken)} failed: {broken[0]['error']}" if broken else ""),
                           "ms": f"{1000 * seconds / decided:.0f}" if decided else "—",
                           "timed": f"{1000 * found['seconds']:.0f}" if found.get("seconds") else "—"}
        both = won_by["old"].keys() & won_by["new"].keys()
        differ = sum(won_by["old"][k] != won_by["new"][k] for k in both)
        baseline = {r["seed"]: r for r in results if r["name"] == name and not r.get("strong_side") and "error" not in r}
        first = row["sides"][0]
        first_won = sum(1 for r in baseline.values() if r["over"] and r["winner"] == first)
        lines.append((name, row["scenario"], f"{cells['old']['budget']} / {cells['new']['budget']}",
                      f"{cells['old']['rate']} / {cells['new']['rate']}", cells["old"]["win"], cells["new"]["win"],
                      f"{differ} of {len(both)}", f"{cells['old']['ms']} / {cells['new']['ms']}",
                      f"{cells['old']['timed']} / {cells['new']['timed']}",
                      f"{first} {share(first_won, len(baseline)).value:.0%} of {len(baseline)}" if baseline else "—"))
    widths = [max(len(h), *(len(l[i]) for l in lines)) for i, h in enumerate(head)]
    for cells in (head, tuple("-" * w for w in widths), *lines):
        print("  ".join(c.ljust(w) for c, w in zip(cells, widths)))
    if settings["lift_cap"] and settings["seconds_per_decision"]:
        print("sN: the bot samples a candidate up to N times (raised with the budget so that it can spend it).")
    if any(row["found"][s].get("capped") for row in rows.values() for s in ("old", "new")):
        print("cap: the bot was quicker than asked even at its most nodes a decision.")


if __name__ == "__main__":
    sys.exit(main())
