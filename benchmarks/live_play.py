"""Print what "Play here" costs on each full-game page: bytes, time to the first move, per-move latency.

Run after building the site: ``TSR_SITE=/path/to/html .venv/bin/python benchmarks/live_play.py``
(default ``_build/html``). Serves the site on 127.0.0.1 with Python's http.server and
drives Debian's chromium (headless, every other host blocked). Per page it prints:

- bytes loaded from the click on (raw, and gzip level 6 of the same bodies);
- time from the click to the first playable move (the action menu filled), with a cold
  browser cache (a new context) and a warm one (the same context, the page reloaded);
- median and worst latency of a move over a whole game of random legal actions: from the
  click on Play until the answer is drawn (engine plus redraw, to the next animation frame),
  and the engine's share measured in the worker.

Asserts nothing; the figures vary on this shared machine.
"""

from __future__ import annotations

import contextlib
import functools
import gzip
import http.server
import os
import random
import statistics
import sys
import threading
import time
from pathlib import Path
from urllib.parse import urlparse

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = Path(os.environ.get("TSR_SITE", ROOT / "_build" / "html"))
sys.path.insert(0, str(ROOT))
from boards import family  # noqa: E402
from tests.browser.conftest import CHROMIUM_ARGS, _chromium, _QuietHandler  # noqa: E402

PLAY_FILES = ("/npm/pyodide@", "/engine/", "/js/play-worker.mjs")
"""What Play itself fetches (the runtime, the engine's wheel, manifest and rule links, the worker); the site's
offline service worker may cache other pages meanwhile, which is not Play's doing and is counted apart."""

PAGES = {ruleset: f"{ruleset}/full_game.html" for ruleset in family.rulesets()}
"""Every registered ruleset's full-game page, in the book's order of chapters."""


def _block_others(route):
    if urlparse(route.request.url).hostname == "127.0.0.1":
        route.continue_()
    else:
        route.abort()


@contextlib.contextmanager
def served(directory: Path, handler=_QuietHandler):
    """``directory`` served by ``handler`` on 127.0.0.1 (a free port) while the block runs: its base URL."""
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(handler, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()


@contextlib.contextmanager
def chromium():
    """Debian's chromium, headless, as the browser tests start it."""
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


def offline_context(browser):
    """A new browser context whose every request to another host is refused."""
    context = browser.new_context()
    context.route("**/*", _block_others)
    return context


def _first_move(page, url: str, ruleset: str) -> tuple[float, list]:
    page.goto(url, wait_until="load")
    page.locator(".bk-Figure").first.wait_for(timeout=30_000)
    responses = []
    page.context.on("response", lambda response: responses.append(response))
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    started = time.perf_counter()
    snapshot.locator(".tsr-play-here").click()
    snapshot.locator(".tsr-live-actions option").first.wait_for(state="attached", timeout=120_000)
    return time.perf_counter() - started, responses


def _bytes(responses) -> tuple[int, int]:
    raw = packed = 0
    for response in responses:
        try:
            body = response.body()
        except Exception:
            continue
        raw += len(body)
        packed += len(gzip.compress(body, 6))
    return raw, packed


def _game(page, ruleset: str) -> list[dict]:
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    if snapshot.locator(".tsr-live-simple").is_checked():  # simple mode (the default) hides the list of actions
        snapshot.locator(".tsr-live-simple").uncheck()
    menu = snapshot.locator(".tsr-live-actions")
    rng = random.Random(1)
    page.evaluate("window.tsrLivePlay.moves = []")
    for _ in range(500):
        if snapshot.get_attribute("data-live-over") == "yes":
            break
        menu.select_option(index=rng.randrange(menu.locator("option").count()))
        before = page.evaluate("window.tsrLivePlay.moves.length")
        snapshot.locator(".tsr-live-play").click()
        page.wait_for_function(f"window.tsrLivePlay.moves.length > {before}", timeout=30_000)
    return page.evaluate("window.tsrLivePlay.moves")


def main() -> None:
    with served(SITE) as base, chromium() as browser:
        for ruleset, path in PAGES.items():
            context = offline_context(browser)
            page = context.new_page()
            cold, responses = _first_move(page, f"{base}/{path}", ruleset)
            own = [r for r in responses if any(k in r.url for k in PLAY_FILES)]
            raw, packed = _bytes(own)
            other, _ = _bytes([r for r in responses if r not in own])
            moves = _game(page, ruleset)
            warm, _ = _first_move(page, f"{base}/{path}", ruleset)  # same context: the browser cache is warm
            context.close()
            total = [m["ms"] for m in moves]
            engine = [m["engine_ms"] for m in moves if m.get("engine_ms") is not None]
            print(f"{ruleset}: Play here loads {raw / 1e6:.2f} MB raw, {packed / 1e6:.2f} MB gzip "
                  f"({len(own)} files; meanwhile the offline service worker cached {len(responses) - len(own)} other files, "
                  f"{other / 1e6:.2f} MB)")
            print(f"  first playable move: cold {cold:.1f} s, warm {warm:.1f} s")
            print(f"  per move over a game of {len(total)} moves: median {statistics.median(total):.0f} ms, "
                  f"worst {max(total):.0f} ms (engine median {statistics.median(engine):.0f} ms, "
                  f"worst {max(engine):.0f} ms)")


if __name__ == "__main__":
    main()
