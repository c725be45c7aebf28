"""Print where the seconds go from *Play* to the first playable board, beside a bare start of the same Pyodide.

Run after building the site: ``TSR_SITE=/path/to/html .venv/bin/python benchmarks/first_game.py [--runs 3]``
(``make bench-first``). Serves the site on 127.0.0.1 and drives Debian's chromium (headless, other hosts
blocked). In each run, in this order, each in a new browser context (an empty cache):

- bare, cold: an empty page of the same origin imports the vendored ``pyodide.mjs``, calls ``loadPyodide()``
  and runs ``1+1``; then bare, warm: the same page opened again in the same context (the browser's cache full);
- Play, cold: the ruleset's full-game page, *Play here* pressed at once (no background start: the page is
  opened as under Save-Data); then Play, warm: the page opened again in the same context (the browser's cache and
  the site's service worker full), *Play here* pressed at once;
- Play after reading: the page opened in a new context and left to start its Python in the background
  (``window.tsrLivePlay.preloaded``), then *Play here* pressed.

Each stage is read from the marks the page and the engine's worker leave in ``window.tsrLivePlay.marks``
(sitebuild/static/js/play-worker.mjs) on one epoch clock, and from the browser's resource timing (when a file had
arrived). Prints the median of the runs per stage (the machine may be busy: repeat). Asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from benchmarks.live_play import _block_others, chromium, served  # noqa: E402

SITE = Path(os.environ.get("TSR_SITE", ROOT / "_build" / "html"))
BARE = "/_bare_pyodide.html"
SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}});"


def bare_page(pyodide: str) -> str:
    """An empty page: import the vendored Pyodide, start it, ``1+1``; its marks on the same clock as Play's."""
    return f"""<!DOCTYPE html><html><head><meta charset="utf-8"><title>bare</title></head><body>
<script type="module">
const at = () => performance.timeOrigin + performance.now();
const marks = window.bareMarks = [{{stage: "Play", at: at()}}];
const indexURL = new URL("/_static/npm/pyodide@{pyodide}/", location.href).href;
const {{ loadPyodide }} = await import(indexURL + "pyodide.mjs");
marks.push({{stage: "pyodide.mjs imported", at: at()}});
const py = await loadPyodide({{ indexURL }});
marks.push({{stage: "Python started", at: at()}});
py.runPython("1+1");
marks.push({{stage: "1+1", at: at()}});
for (const e of performance.getEntriesByType("resource"))
  marks.push({{stage: "arrived " + e.name.split("/").pop(), at: performance.timeOrigin + e.responseEnd}});
window.bareDone = true;
</script></body></html>"""


def new_context(browser, base: str, pyodide: str, save_data: bool = False):
    context = browser.new_context(bypass_csp=True, reduced_motion="reduce")
    context.route("**/*", _block_others)
    html = bare_page(pyodide)
    context.route(f"{base}{BARE}", lambda route: route.fulfill(status=200, content_type="text/html", body=html))
    if save_data:
        context.add_init_script(SAVE_DATA)
    return context


def bare_run(context, base: str) -> dict[str, float]:
    page = context.new_page()
    page.goto(f"{base}{BARE}")
    page.wait_for_function("window.bareDone === true", timeout=600_000, polling=100)
    marks = page.evaluate("window.bareMarks")
    page.close()
    return relative(marks)


def play_run(context, base: str, path: str, ruleset: str, wait_preload: bool = False) -> dict[str, float]:
    page = context.new_page()
    page.goto(f"{base}/{path}", wait_until="load")
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    button = snapshot.locator(".tsr-play-here")
    button.wait_for(state="visible", timeout=60_000)
    if wait_preload:
        page.wait_for_function("window.tsrLivePlay && window.tsrLivePlay.preloaded === 'ready'",
                               timeout=600_000, polling=200)
        page.evaluate("window.tsrLivePlay.marks = []")
    button.click()
    page.wait_for_function("window.tsrLivePlay.marks.some(m => m.stage === 'board playable')",
                           timeout=600_000, polling=100)
    marks = page.evaluate("window.tsrLivePlay.marks")
    page.evaluate("localStorage.clear()")  # the next visit starts from Play, not from the game kept here
    page.close()
    return relative(marks)


def relative(marks: list[dict]) -> dict[str, float]:
    """Each stage's time in seconds after Play (the last mark of a name wins; arrivals before Play dropped)."""
    start = next(m["at"] for m in marks if m["stage"] == "Play")
    return {m["stage"]: (m["at"] - start) / 1000 for m in marks if m["at"] >= start - 1}


def medians(runs: list[dict[str, float]]) -> dict[str, float]:
    stages = sorted({s for run in runs for s in run}, key=lambda s: statistics.median(r.get(s, 0) for r in runs))
    return {s: statistics.median(r[s] for r in runs if s in r) for s in stages}


def show(title: str, runs: list[dict[str, float]], end: str) -> float:
    table = medians(runs)
    totals = [r[end] for r in runs if end in r]
    print(f"{title}: {statistics.median(totals):.2f} s to '{end}' (runs: {', '.join(f'{t:.2f}' for t in totals)})")
    for stage, seconds in table.items():
        print(f"  {seconds:7.2f} s  {stage}")
    return statistics.median(totals)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--ruleset", default="simple_plastic")
    parser.add_argument("--no-preload", action="store_true", help="skip 'Play after reading' (a site without it)")
    args = parser.parse_args()
    pyodide = json.loads((SITE / "_static" / "engine" / "manifest.json").read_text())["pyodide"]
    path = f"{args.ruleset}/full_game.html"
    found = {key: [] for key in ("bare cold", "bare warm", "play cold", "play warm", "play after reading")}
    with served(SITE) as base, chromium() as browser:
        for run in range(args.runs):
            context = new_context(browser, base, pyodide)
            found["bare cold"].append(bare_run(context, base))
            found["bare warm"].append(bare_run(context, base))
            context.close()
            context = new_context(browser, base, pyodide, save_data=True)
            found["play cold"].append(play_run(context, base, path, args.ruleset))
            found["play warm"].append(play_run(context, base, path, args.ruleset))
            context.close()
            if not args.no_preload:
                context = new_context(browser, base, pyodide)
                found["play after reading"].append(play_run(context, base, path, args.ruleset, wait_preload=True))
                context.close()
            print(f"run {run + 1} of {args.runs} done", file=sys.stderr)
    print(f"{args.ruleset}, median of {args.runs} runs; seconds after Play (bare: after the page's script starts)")
    figures = {}
    for key, runs in found.items():
        if runs:
            figures[key] = show(key, runs, "1+1" if key.startswith("bare") else "board playable")
    for heat in ("cold", "warm"):
        print(f"Play {heat} / bare {heat}: x{figures[f'play {heat}'] / figures[f'bare {heat}']:.2f}")


if __name__ == "__main__":
    main()
