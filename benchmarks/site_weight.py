"""Print what each page of the built site loads, and how soon its first board is drawn.

Run after ``make site``: ``.venv/bin/python benchmarks/site_weight.py [SITE ...]``
(default ``_build/html``; give two sites to compare them, e.g. before and after a change).
Loads each page in Debian's chromium from a local server; for each page prints the bytes of
every response (uncompressed bodies), the number of files, and the time from navigation to
the first Bokeh canvas (the median of three loads). Asserts nothing: the byte budgets are
held by tests/browser/test_weight.py.
"""

from __future__ import annotations

import functools
import http.server
import statistics
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import CHROMIUM_ARGS, _QuietHandler, _chromium  # noqa: E402

LOADS = 3  # first-board time: the median of this many loads (the machine is shared and noisy)


class _Server(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        pass  # a page closed mid-download (the next load starts at once) is not news


def _serve(site: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = _Server(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}"


def _load(browser, url: str) -> tuple[int, int, float | None]:
    context = browser.new_context(viewport={"width": 1280, "height": 900})  # a cold cache each time
    page = context.new_page()
    responses = []
    page.on("response", lambda r: responses.append(r))
    page.goto(url, wait_until="commit")
    first_board = None
    try:
        page.locator(".bk-Figure canvas").first.wait_for(timeout=15_000)
        first_board = page.evaluate("performance.now()")
    except Exception:  # a page without boards
        pass
    page.wait_for_load_state("networkidle")
    total = 0
    for response in responses:
        try:
            total += len(response.body())
        except Exception:  # a redirect or an aborted request has no body
            pass
    count = len(responses)
    context.close()
    return total, count, first_board


def page_weights(site: Path) -> dict[str, tuple[int, int, float | None]]:
    """page -> (bytes, files, median ms to the first board or None)."""
    server, base = _serve(site)
    pages = sorted(str(p.relative_to(site)) for p in site.rglob("*.html")
                   if "_static" not in p.parts and "_sources" not in p.parts)
    results = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS)
        for path in pages:
            loads = [_load(browser, f"{base}/{path}") for _ in range(LOADS)]
            boards = [ms for _, _, ms in loads if ms is not None]
            results[path] = (loads[0][0], loads[0][1], statistics.median(boards) if boards else None)
        browser.close()
    server.shutdown()
    return results


def _cell(entry) -> str:
    if entry is None:
        return f"{'':>12} {'':>5} {'':>7}"
    total, files, ms = entry
    return f"{total:12,d} {files:5d} {'' if ms is None else f'{ms:,.0f}':>7}"


if __name__ == "__main__":
    sites = [Path(arg) for arg in sys.argv[1:]] or [ROOT / "_build" / "html"]
    measured = [page_weights(site) for site in sites]
    pages = sorted(set().union(*measured), key=lambda p: -max(m.get(p, (0,))[0] for m in measured))
    header = "  ".join(f"{'bytes':>12} {'files':>5} {'board ms':>7}" for _ in sites)
    print(f"{'page':40} {header}")
    for site in sites:
        print(f"  {site}")
    for path in pages:
        print(f"{path:40} " + "  ".join(_cell(m.get(path)) for m in measured))
