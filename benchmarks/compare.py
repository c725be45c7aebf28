"""The engine's speed, an old commit against the work tree, side by side (asserts nothing).

    python benchmarks/compare.py [--old COMMIT] [--new PATH] [--seconds 2] [--chunks 8] [--json PATH]

Checks the old commit out in a git worktree, ``/tmp/bench-old-<sha>`` (made once with
``git worktree add --detach``, reused afterwards), and starts THIS checkout's
``benchmarks/engine_speed.py --serve`` twice, each with ``PYTHONPATH`` set to one tree so it
imports that tree's ``explorer``. The two workers take turns: every figure of every ruleset and
scenario is measured in ``--chunks`` short runs a side, alternating old, new, new, old, ...,
and the counts and times are summed, so a shared, noisy machine slows both sides alike (one
worker idles while the other measures). Prints old, new and how many times faster new is.

Each ruleset is measured in a fresh pair of workers (as pyperf runs each benchmark in fresh
processes), so its figures do not depend on which rulesets were measured before it: a worker
that has played them carries their kept answers, caches and heap (Simple Plastic, measured
last, came out at x7.4-x7.6 in workers shared by every ruleset, against x8.3-x9.0 alone).

``--new PATH`` measures another tree as "new" (default: this work tree); for instance
``--new /tmp/bench-old-1ad2a8d`` measures the old engine against itself (expect about ×1.0).
``--bots`` and ``--page`` go on, in the same run, with the strong bot's win rate against greedy at the
same thinking time (benchmarks/compare_bots.py) and random playouts under the page's Python
(benchmarks/page_playouts.py), on the same two trees and ``--only`` rulesets (their first scenario
there, unless named), their other options at their defaults; issue 23's figures in one run:
``python benchmarks/compare.py --bots --page``.
"""

from __future__ import annotations

import argparse
import json
import os
import queue
import subprocess
import sys
import tempfile
import threading
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
SPEED = HERE / "engine_speed.py"
sys.path.insert(0, str(HERE))
from engine_speed import FIGURES, MEASURES, add_totals, figures  # noqa: E402  (imports no engine)

BASELINE_23 = "1ad2a8d"  # issue 23's baseline: before the tabletop rulesets were rebuilt on one base
DEFAULT_OLD = BASELINE_23  # the latest issue's baseline (issue 7's, before the engine's second edition: defcdbf)
LABELS = {
    "playout_actions_per_s": "random playout, actions/s",
    "sampled_actions_per_s": "sampled playout, actions/s",
    "sampled_over_listed": "  sampled/listed, same run",
    "apply_undo_pairs_per_s": "apply+undo pairs/s",
    "clone_us": "clone, µs",
    "greedy_games_per_s": "greedy v greedy, games/s",
    "greedy_actions_per_game": "  actions a greedy game",
    "new_game_ms": "new game, ms",
}


def git(*args: str, cwd: Path = ROOT) -> str:
    return subprocess.run(["git", *args], cwd=cwd, check=True, capture_output=True, text=True).stdout.strip()


def old_worktree(commit: str) -> Path:
    """A detached worktree of ``commit`` under /tmp, made if missing, reused if it is there."""
    full = git("rev-parse", "--verify", f"{commit}^{{commit}}")
    path = Path(tempfile.gettempdir()) / f"bench-old-{full[:7]}"
    if path.exists():
        try:
            head = git("rev-parse", "HEAD", cwd=path)
        except subprocess.CalledProcessError:
            head = None
        if head != full:
            sys.exit(f"{path} exists but is not a checkout of {full[:7]}; remove it "
                     f"('git worktree remove --force {path}') and run again")
        return path
    git("worktree", "prune")
    print(f"making a worktree of {full[:7]} at {path}", file=sys.stderr)
    git("worktree", "add", "--detach", str(path), full)
    return path


class Worker:
    """A benchmark script's ``--serve`` mode on one tree (PYTHONPATH set to it, so it imports that tree's
    explorer): by default engine_speed.py's; benchmarks/compare_bots.py runs its own."""

    def __init__(self, tree: Path, script: Path = SPEED):
        self.tree = tree
        self.script = script
        self.proc: subprocess.Popen | None = None
        self.answers: queue.Queue = queue.Queue()

    def start(self) -> None:
        env = {**os.environ, "PYTHONPATH": str(self.tree)}
        self.proc = subprocess.Popen([sys.executable, str(self.script), "--serve"], cwd=self.tree, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        self.answers = answers = queue.Queue()
        threading.Thread(target=lambda: [answers.put(line) for line in self.proc.stdout] + [answers.put(None)],
                         daemon=True).start()
        threading.Thread(target=lambda: self.proc.stderr.read(), daemon=True).start()  # never blocks on a full pipe

    def ask(self, request: dict, timeout: float) -> dict:
        """The answer to one request, or {"error": ...} (a dead or stuck worker is restarted next time)."""
        if self.proc is None or self.proc.poll() is not None:
            self.start()
        try:
            self.proc.stdin.write(json.dumps(request) + "\n")
            self.proc.stdin.flush()
            line = self.answers.get(timeout=timeout)
        except (BrokenPipeError, OSError):
            line = None
        except queue.Empty:
            self.stop()
            return {"error": f"no answer within {timeout:.0f} s"}
        if line is None:
            code = self.proc.wait()
            self.proc = None
            return {"error": f"{self.script.name} --serve exited with {code}"}
        return json.loads(line)

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()
        self.proc = None


def add_trees(parser: argparse.ArgumentParser, old: str = DEFAULT_OLD) -> None:
    """The ``--old COMMIT`` and ``--new PATH`` options of every old-against-new benchmark."""
    parser.add_argument("--old", default=old, help=f"the old commit (default {old})")
    parser.add_argument("--new", type=Path, default=ROOT, help="the new tree (default: this work tree)")


def cannot_import(tree: Path) -> str | None:
    """Why ``explorer`` does not import from ``tree`` (None if it does)."""
    env = {**os.environ, "PYTHONPATH": str(tree)}
    proc = subprocess.run([sys.executable, "-c", "import explorer"], cwd=tree, env=env, capture_output=True,
                          text=True, timeout=120)
    return None if proc.returncode == 0 else (proc.stderr.strip().splitlines() or ["?"])[-1]


def speedup(old: float | None, new: float | None, more_is_faster: bool | None) -> str:
    if old is None or new is None or more_is_faster is None:
        return ""
    if not old or not new:
        return "—"
    return f"×{(new / old if more_is_faster else old / new):,.1f}"


def fmt(value, spec: str) -> str:
    return "—" if value is None else spec.format(value)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_trees(parser)
    parser.add_argument("--seconds", type=float, default=2.0, help="time box of each measurement (default 2)")
    parser.add_argument("--chunks", type=int, default=8,
                        help="each figure is this many alternating runs a side, summed (default 8)")
    parser.add_argument("--seed", type=int, default=0, help="first game seed (default 0)")
    parser.add_argument("--max-actions", type=int, default=5000, help="cap on actions a game (default 5000)")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET[:SCENARIO]")
    parser.add_argument("--json", metavar="PATH", help="also write both sides' figures here")
    parser.add_argument("--bots", action="store_true", help="then the strong bot against greedy at the same "
                        "thinking time (benchmarks/compare_bots.py, its own defaults)")
    parser.add_argument("--page", action="store_true", help="then random playouts under the page's Python "
                        "(benchmarks/page_playouts.py, its own defaults; needs a built site)")
    args = parser.parse_args(argv)

    old_tree, new_tree = old_worktree(args.old), args.new.resolve()
    sides = {"old": old_tree, "new": new_tree}
    described = {side: (git("log", "-1", "--format=%h %s", cwd=tree) if (tree / ".git").exists() else str(tree))
                 for side, tree in sides.items()}
    if new_tree == ROOT and git("status", "--porcelain", "--", "explorer", cwd=ROOT):
        described["new"] += " + uncommitted changes"
    print("Engine speed, old against new")
    for side, tree in sides.items():
        print(f"  {side}: {tree}  ({described[side]})")

    workers = {side: Worker(tree) for side, tree in sides.items()}
    rows: list[tuple[str, str | None]] = []
    errors: dict[str, str] = {}
    listed: dict[str, set] = {}
    broken: dict[str, dict[str, str]] = {}
    for side, worker in workers.items():
        error = cannot_import(worker.tree)
        answer = {"error": f"cannot import explorer: {error}"} if error else worker.ask({"list": True}, 120)
        if "error" in answer:
            errors[side] = answer["error"]
            print(f"  {side} side cannot be measured: {answer['error']}")
        found = answer.get("rows", [])
        broken[side] = {r["ruleset"]: r["errors"]["ruleset"] for r in found if "ruleset" in r.get("errors", {})}
        listed[side] = {(r["ruleset"], r["scenario"]) for r in found if r["ruleset"] not in broken[side]}
        rows += [(r["ruleset"], r["scenario"]) for r in found
                 if r["ruleset"] not in broken[side] and (r["ruleset"], r["scenario"]) not in rows]
    for side in sides:  # a ruleset that loads on neither side still gets a row
        rows += [(r, None) for r in broken[side] if (r, None) not in rows and not any(r == x for x, _ in rows)]
    if args.only:
        rows = [r for r in rows if any(o == r[0] or o == f"{r[0]}:{r[1]}" for o in args.only)]

    # results[row][side] = {"details": {measure: totals}, "errors": {measure: error}}
    results = {row: {side: {"details": {}, "errors": {"ruleset": broken[side][row[0]]} if row[0] in broken[side]
                            else {}} for side in sides} for row in rows}
    chunk = args.seconds / args.chunks
    timeout = 120 + 30 * chunk
    turn = 0
    try:
        for index, row in enumerate(rows):
            if index and row[0] != rows[index - 1][0]:  # each ruleset in fresh workers (see the module's docstring)
                for worker in workers.values():
                    worker.stop()
            print(f"  {row[0]} / {row[1]}", file=sys.stderr, flush=True)
            for measure in MEASURES:
                for c in range(args.chunks):
                    order = ("old", "new") if turn % 2 == 0 else ("new", "old")
                    turn += 1
                    for side in order:
                        got = results[row][side]
                        if (side in errors or row not in listed[side] or row[0] in broken[side]
                                or measure in got["errors"]):
                            continue
                        request = {"ruleset": row[0], "scenario": row[1], "measure": measure, "seconds": chunk,
                                   "seed": args.seed + 1000 * c, "max_actions": args.max_actions}
                        answer = workers[side].ask(request, timeout)
                        if "error" in answer:
                            got["errors"][measure] = answer["error"]
                            got["details"].pop(measure, None)
                        else:
                            got["details"][measure] = add_totals(got["details"].get(measure), answer["details"])
    finally:
        for worker in workers.values():
            worker.stop()
    for both in results.values():
        for got in both.values():
            got["figures"] = figures(got["details"])

    # -- the table ------------------------------------------------------------------------------
    print()
    print(f"Old and new run in two worker processes that take turns: each figure is {args.chunks} runs of "
          f"{chunk:g} s a side,\nalternating old, new, new, old, ..., summed; only the measured work is timed, "
          f"in process CPU time;\neach ruleset in fresh worker processes.")
    print("× = how many times faster new is (new/old for rates, old/new for costs).")
    print()
    head = ("ruleset", "scenario", "figure", "old", "new", "×")
    lines = []
    for (ruleset, scenario), both in results.items():
        first = True
        for key, _, spec, faster in FIGURES:
            old = both["old"].get("figures", {}).get(key)
            new = both["new"].get("figures", {}).get(key)
            lines.append((ruleset if first else "", (scenario or "—") if first else "", LABELS[key],
                          fmt(old, spec), fmt(new, spec), speedup(old, new, faster)))
            first = False
        for side in ("old", "new"):
            side_errors = both[side].get("errors", {})
            if len(side_errors) > 1 and len(set(side_errors.values())) == 1:
                side_errors = {"all figures": next(iter(side_errors.values()))}
            for name, error in side_errors.items():
                lines.append(("", "", f"  {side}, {name}: {error}", "", "", ""))
            if side in errors:
                lines.append(("", "", f"  {side}: not measured", "", "", ""))
            elif (ruleset, scenario) not in listed[side] and ruleset not in broken[side]:
                lines.append(("", "", f"  {side}: no such ruleset/scenario", "", "", ""))
    columns = [l for l in lines if l[3] or l[4] or not l[2].startswith("  ")]  # error lines run on
    widths = [max([len(h)] + [len(l[i]) for l in columns]) for i, h in enumerate(head)]

    def show(cells) -> None:
        if cells[2].startswith("  ") and not cells[3]:  # an error line: not forced into the columns
            print(" " * (widths[0] + widths[1] + 4) + cells[2].strip())
            return
        print("  ".join(c.ljust(w) if i < 3 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))

    show(head)
    show(tuple("-" * w for w in widths))
    for cells in lines:
        show(cells)
    if any(got["details"].get("clone", {}).get("method") == "deepcopy"
           for both in results.values() for got in both.values()):
        print("\nclone: where a state has no clone(), copy.deepcopy(state) was timed.")

    if args.json:
        out = {"old": {"tree": str(old_tree), "commit": described["old"]},
               "new": {"tree": str(new_tree), "commit": described["new"]},
               "seconds": args.seconds, "chunks": args.chunks, "errors": errors,
               "rows": [{"ruleset": r, "scenario": s, "old": both["old"], "new": both["new"]}
                        for (r, s), both in results.items()]}
        Path(args.json).write_text(json.dumps(out, indent=1, ensure_ascii=False) + "\n")
    trees = ["--old", args.old, "--new", str(new_tree), *(f"--only={only}" for only in args.only)]
    if args.bots:
        import compare_bots

        print()
        compare_bots.main(trees)
    if args.page:
        import page_playouts  # imports playwright: only when asked

        print()
        page_playouts.main(trees)
    return 0


if __name__ == "__main__":
    sys.exit(main())
