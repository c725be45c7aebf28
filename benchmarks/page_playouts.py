"""Random playouts under the page's Python (Pyodide in chromium), old engine against new (asserts nothing).

    python benchmarks/page_playouts.py [--old COMMIT] [--seconds 4] [--chunks 4] [--only RULESET[:SCENARIO]]

Serves the built site (``TSR_SITE``, default ``_build/html``; only its vendored Pyodide is used, so the
site need not be rebuilt after an engine change) on 127.0.0.1 and opens it in Debian's chromium, every
other host blocked. Two module Web Workers load the site's Pyodide as live play does, each with an engine
wheel built from source by sitebuild/engine_wheel.py: the old commit's (``--old``, default 1ad2a8d,
issue 23's baseline, checked out as benchmarks/compare.py does) and this work tree's. In each, the same
loop as ``benchmarks/engine_speed.py``'s random playouts (it runs that very function: each step lists
``state.legal_actions`` and applies a uniformly random one) runs on every ruleset's first scenario,
``--seconds`` a side in ``--chunks`` turns, alternating old, new, new, old, ... Prints actions/s old, new
and how many times faster new is. Pyodide's clock for CPU time is the wall clock, so a busy machine
shows here more than in CPython's figures; taking turns spreads that over both sides. Takes about a
minute and a half for the five rulesets (two Pyodide boots, then 8 s a ruleset at the defaults).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from compare import BASELINE_23, add_trees, fmt, git, old_worktree, speedup  # noqa: E402
from engine_speed import add_totals  # noqa: E402
from live_play import SITE, _QuietHandler, chromium, offline_context, served  # noqa: E402
from sitebuild.engine_wheel import wheel_bytes  # noqa: E402  (live_play put the work tree on sys.path)

WORKER = HERE / "page_python_worker.mjs"
MODULES = ("engine_speed.py", "timing.py")  # the playout loop, run in the page as it runs in CPython
BENCH = "/_bench/"  # where the worker, the wheels and the modules are served (not part of the site)
MAX_ACTIONS = 5000

BOOT = """
(async ({url, side, indexURL, files}) => {
  window.bench = window.bench || {workers: {}, next: 0};
  const worker = new Worker(url + "page_python_worker.mjs", {type: "module"});
  const pending = new Map();
  worker.onmessage = (event) => { const {id, answer, error} = event.data;
                                  const [ok, fail] = pending.get(id); pending.delete(id);
                                  error === undefined ? ok(answer) : fail(new Error(error)); };
  window.bench.workers[side] = (message) => new Promise((ok, fail) => {
    const id = ++window.bench.next; pending.set(id, [ok, fail]); worker.postMessage({id, ...message}); });
  return window.bench.workers[side]({kind: "boot", indexURL, wheelURL: url + side + ".whl", files});
})
"""
RUN = "(({side, code}) => window.bench.workers[side]({kind: 'run', code}))"

LIST = """
import json, explorer
from engine_speed import list_rows
json.dumps(list_rows(explorer, {only!r}))
"""
MEASURE = """
import json, explorer
from engine_speed import measure_playouts
json.dumps(measure_playouts(explorer.get_ruleset({ruleset!r}), {scenario!r}, {seconds!r}, {seed!r}, {max_actions!r}))
"""


def stage(folder: Path, trees: dict[str, Path]) -> None:
    """The worker and each side's wheel in ``folder`` (served under /_bench/)."""
    (folder / WORKER.name).write_bytes(WORKER.read_bytes())
    for side, tree in trees.items():
        (folder / f"{side}.whl").write_bytes(wheel_bytes(tree))


def handler_for(extra: Path):
    class Handler(_QuietHandler):
        """The site, and ``extra``'s files under /_bench/."""

        def translate_path(self, path: str) -> str:
            if path.startswith(BENCH):
                return str(extra / path[len(BENCH):].split("?")[0].split("#")[0])
            return super().translate_path(path)

    return Handler


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    add_trees(parser, BASELINE_23)
    parser.add_argument("--seconds", type=float, default=4.0, help="playout time a ruleset, per side (default 4)")
    parser.add_argument("--chunks", type=int, default=4, help="turns a side the time is split into (default 4)")
    parser.add_argument("--only", action="append", default=[], metavar="RULESET[:SCENARIO]")
    parser.add_argument("--json", metavar="PATH", help="also write the figures here")
    args = parser.parse_args(argv)
    manifest = SITE / "_static" / "engine" / "manifest.json"
    if not manifest.exists():
        sys.exit(f"no built site at {SITE} (its _static/engine/manifest.json names the page's Pyodide): "
                 "run 'make site', or copy a build there")
    pyodide = json.loads(manifest.read_text())["pyodide"]
    trees = {"old": old_worktree(args.old), "new": args.new.resolve()}
    print(f"Random playouts (full listing) under the page's Python: Pyodide {pyodide} in chromium, a Web Worker")
    for side, tree in trees.items():
        print(f"  {side}: {tree}  ({git('log', '-1', '--format=%h %s', cwd=tree)[:90]})")
    files = {name: (HERE / name).read_text() for name in MODULES}

    results: dict[tuple[str, str], dict] = {}
    with tempfile.TemporaryDirectory() as folder:
        stage(Path(folder), trees)
        with served(SITE, handler_for(Path(folder))) as base, chromium() as browser:
            page = offline_context(browser).new_page()
            page.goto(f"{base}/index.html", wait_until="load")
            errors = {}
            for side in trees:
                try:
                    version = page.evaluate(BOOT, {"url": base + BENCH, "side": side, "files": files,
                                                   "indexURL": f"{base}/_static/npm/pyodide@{pyodide}/"})
                    print(f"  {side} engine loaded (Python {version.split()[0]})", file=sys.stderr, flush=True)
                except Exception as exc:
                    errors[side] = str(exc).splitlines()[0]
            if "new" in errors:
                sys.exit(f"the new engine does not load in the page's Python: {errors['new']}")
            rows = json.loads(page.evaluate(RUN, {"side": "new", "code": LIST.format(only=args.only)}))
            firsts = {}
            for row in rows:  # each ruleset's first scenario, unless --only names one
                if row["scenario"] is not None:
                    firsts.setdefault(row["ruleset"], row["scenario"])
            chunk = args.seconds / args.chunks
            turn = 0
            for ruleset, scenario in firsts.items():
                print(f"  {ruleset} / {scenario}", file=sys.stderr, flush=True)
                got = results[(ruleset, scenario)] = {side: {} for side in trees}
                for c in range(args.chunks):
                    for side in (("old", "new") if turn % 2 == 0 else ("new", "old")):
                        if side in errors or "error" in got[side]:
                            continue
                        code = MEASURE.format(ruleset=ruleset, scenario=scenario, seconds=chunk, seed=1000 * c,
                                              max_actions=MAX_ACTIONS)
                        try:
                            answer = json.loads(page.evaluate(RUN, {"side": side, "code": code}))
                            got[side] = add_totals(got[side], answer)
                        except Exception as exc:
                            got[side] = {"error": str(exc).strip().splitlines()[-1]}
                    turn += 1

    print()
    print(f"Each figure: {args.chunks} turns of {chunk:g} s a side, alternating old and new, summed; "
          "× = new / old.")
    head = ("ruleset", "scenario", "old act/s", "new act/s", "×")
    lines = []
    for (ruleset, scenario), got in results.items():
        rate = {side: (got[side]["actions"] / got[side]["seconds"] if got[side].get("seconds") else None)
                for side in trees}
        lines.append((ruleset, scenario, fmt(rate["old"], "{:,.0f}"), fmt(rate["new"], "{:,.0f}"),
                      speedup(rate["old"], rate["new"], True)))
        for side in trees:
            if side in errors or "error" in got[side]:
                lines.append(("", f"  {side}: {errors.get(side) or got[side]['error']}", "", "", ""))
    widths = [max(len(h), *(len(l[i]) for l in lines if l[2])) for i, h in enumerate(head)]
    for cells in (head, tuple("-" * w for w in widths), *lines):
        if not cells[2] and cells[1].startswith("  "):
            print(cells[1])
            continue
        print("  ".join(c.ljust(w) if i < 2 else c.rjust(w) for i, (c, w) in enumerate(zip(cells, widths))))
    if args.json:
        Path(args.json).write_text(json.dumps({"pyodide": pyodide, "trees": {k: str(v) for k, v in trees.items()},
                                               "rows": [{"ruleset": r, "scenario": s, **got}
                                                        for (r, s), got in results.items()]}, indent=1) + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
