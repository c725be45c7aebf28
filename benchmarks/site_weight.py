"""Print what each page of the built site transfers (every file it loads).

Run after ``make site``: ``.venv/bin/python benchmarks/site_weight.py``.
Loads each page in Debian's chromium from a local server and sums the bytes
of every response; prints a table, heaviest first. Asserts nothing.
"""

from __future__ import annotations

import functools
import http.server
import sys
import threading
from pathlib import Path

from playwright.sync_api import sync_playwright

ROOT = Path(__file__).resolve().parents[1]
SITE = ROOT / "_build" / "html"
sys.path.insert(0, str(ROOT))
from tests.browser.conftest import CHROMIUM_ARGS, _QuietHandler  # noqa: E402


def page_weights() -> list[tuple[str, int, int]]:
    handler = functools.partial(_QuietHandler, directory=str(SITE))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    pages = sorted(str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if "_static" not in p.parts)
    results = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=CHROMIUM_ARGS)
        for path in pages:
            page = browser.new_page()
            sizes: dict[str, int] = {}

            def record(response, sizes=sizes):
                try:
                    sizes[response.url] = len(response.body())
                except Exception:  # redirects and aborted requests have no body
                    pass

            page.on("response", record)
            page.goto(f"{base}/{path}", wait_until="networkidle")
            results.append((path, sum(sizes.values()), len(sizes)))
            page.close()
        browser.close()
    server.shutdown()
    return sorted(results, key=lambda r: -r[1])


if __name__ == "__main__":
    print(f"{'page':48} {'bytes':>12} {'files':>6}")
    for path, total, files in page_weights():
        print(f"{path:48} {total:12,d} {files:6d}")
