"""A built site, served on 127.0.0.1, and Debian's chromium driven by Playwright.

The site is built once if ``_build/html`` is missing (``make test`` builds it
first). Every request that leaves 127.0.0.1 is blocked and recorded, which
proves the site works offline.
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path
from typing import NamedTuple
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from sitebuild.engine_wheel import RUNTIME_FILES

ROOT = Path(__file__).resolve().parents[2]
# TSR_SITE lets a build in another folder be tested (e.g. two builds side by side).
SITE = Path(os.environ.get("TSR_SITE", ROOT / "_build" / "html"))
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
]


def _chromium() -> str:
    path = shutil.which("chromium") or "/usr/bin/chromium"
    if not Path(path).exists():
        pytest.fail("Debian's chromium is missing: 'make test' installs it (apt-get install chromium)")
    return path


@pytest.fixture(scope="session")
def site_dir() -> Path:
    if not (SITE / "index.html").exists():
        subprocess.run(
            [sys.executable, "-m", "sphinx", "-W", "--keep-going", "-b", "html", "-c", str(ROOT),
             str(ROOT / "book"), str(SITE)],
            check=True,
        )
    return SITE


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


@pytest.fixture(scope="session")
def base_url(site_dir):
    handler = functools.partial(_QuietHandler, directory=str(site_dir))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}"
    server.shutdown()


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=_chromium(), args=CHROMIUM_ARGS, headless=True)
        yield browser
        browser.close()


def wait_for_boards(page, settle_ms: int = 500) -> None:
    """Wait until BokehJS has drawn the page's first figure, then let the rest settle."""
    page.locator(".bk-Figure").first.wait_for(timeout=20_000)
    page.wait_for_timeout(settle_ms)


class PageReport:
    """What a page did while loading: console errors, failures, outside requests."""

    def __init__(self):
        self.console_errors: list[str] = []
        self.failed: list[str] = []
        self.outside: list[str] = []
        self.responses: list = []  # every response the page received, for its weight

    def loaded_bytes(self) -> int:
        """The bytes of every file the page loaded (uncompressed bodies; redirects have none)."""
        total = 0
        for response in self.responses:
            try:
                total += len(response.body())
            except Exception:  # a redirect or an aborted request has no body
                pass
        return total

    def record_failure(self, url: str, reason: str | None) -> None:
        # A request the browser gave up because the page went away (a reload or a link followed
        # while, say, the favicon was still loading) is not a broken file: missing files arrive as
        # 4xx responses and other hosts are recorded in ``outside``.
        if reason != "net::ERR_ABORTED":
            self.failed.append(f"{url} ({reason})")

    @property
    def problems(self) -> list[str]:
        return (
            [f"console error: {e}" for e in self.console_errors]
            + [f"failed request: {u}" for u in self.failed]
            + [f"request to another host: {u}" for u in self.outside]
        )


SAVE_DATA = "Object.defineProperty(navigator, 'connection', {value: {saveData: true, effectiveType: '4g'}});"
"""An init script: the reader's browser asks to save data (navigator.connection.saveData), as Chromium says it."""


def open_in(browser, base_url: str, path: str, *, width: int = 1280, height: int = 900, touch: bool = False,
            motion: str = "reduce", save_data: bool = True, csp: bool = False):
    """``path`` in a fresh context, every outside request blocked and recorded: (context, page, report).

    ``save_data``: the browser asks to save data (SAVE_DATA), so a page with Play here does not start its Python in
    the background (live-play/page.js preloadWhenIdle): what a page loads is what it weighs before the reader
    asks, and a game's test starts from Play. tests/browser/test_first_game.py tests the background start.

    ``touch``: a phone's (touch, mobile, 2x pixels). ``motion``: the reader's prefers-reduced-motion; "reduce" by
    default, so the other side's turn is told at once (live-play/story.js) and a test reads the board as it ends:
    tests/browser/test_story.py watches the play-out with "no-preference".

    ``csp``: the page's Content-Security-Policy holds (its violations gathered in ``window.__cspViolations``)."""
    # The pages' Content-Security-Policy allows no 'unsafe-eval' (issue 36), and Playwright's wait_for_function polls
    # its predicate with an eval in the page: these tests bypass the policy, tests/browser/test_csp.py holds the
    # pages to it (every callback compiled under it, a move played with no violation).
    options = {"viewport": {"width": width, "height": height}, "bypass_csp": not csp, "reduced_motion": motion}
    if touch:
        options.update(has_touch=True, is_mobile=True, device_scale_factor=2)
    context = browser.new_context(**options)
    if save_data:
        context.add_init_script(SAVE_DATA)
    if csp:
        context.add_init_script(COLLECT_VIOLATIONS)
    report = PageReport()

    def route(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            report.outside.append(route.request.url)
            route.abort()

    context.route("**/*", route)
    page = context.new_page()
    page.on("console", lambda m: report.console_errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: report.console_errors.append(str(e)))
    page.on("requestfailed", lambda r: report.record_failure(r.url, r.failure))
    page.on("response", lambda r: report.responses.append(r))
    page.on("response", lambda r: report.failed.append(f"{r.status} {r.url}") if r.status >= 400 else None)
    page.goto(f"{base_url}/{path}", wait_until="load")
    page.wait_for_load_state("networkidle")
    return context, page, report


@pytest.fixture
def open_page(browser, base_url):
    contexts = []

    def _open(path: str, *, width: int = 1280, height: int = 900, touch: bool = False, motion: str = "reduce"):
        """``path`` in a fresh context; ``touch``: a phone's (touch, mobile, 2x pixels); ``motion``: see open_in."""
        context, page, report = open_in(browser, base_url, path, width=width, height=height, touch=touch,
                                        motion=motion)
        contexts.append(context)
        return page, report

    yield _open
    for context in contexts:
        context.close()


def bokeh_figures_expected(path: str) -> int:
    """Boards on a page: inside ipywidgets (live play) or embedded straight into the page."""
    html = (SITE / path).read_text(encoding="utf-8")
    widgets = html.count('"model_name": "BokehModel"') + html.count('"model_name":"BokehModel"')
    return widgets + html.count('class="tsr-bokeh"')


PAGES = sorted(
    str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts
) if SITE.exists() else ["index.html"]
"""Every page of the built site."""

COLLECT_VIOLATIONS = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
"""An init script: the page's Content-Security-Policy violations, as the browser reports them."""
# Every Bokeh callback of the page compiled now (BokehJS compiles one when it first runs): each must come from the
# site's served table (bokeh-callbacks.js counts them), none from a string the policy refuses to compile.
COMPILE_CALLBACKS = """async () => {
  const kinds = ["CustomJS", "CustomJSFilter"].map((name) => Bokeh.Models.get(name));
  const errors = [];
  let compiled = 0;
  for (const doc of Bokeh.documents) for (const model of doc.all_models) {
    try {
      if (model instanceof kinds[0]) { await model.compile(); compiled += 1; }
      else if (model instanceof kinds[1] && typeof model.func === "function") compiled += 1;
    } catch (error) { errors.push(String(error)); }
  }
  const served = window.tsrBokehCallbacksServed;
  return {compiled, errors, misses: served ? served.misses : ["bokeh-callbacks.js not loaded"]};
}"""


class PageVisit(NamedTuple):
    """What one load of a page did: its problems, the bytes it loaded, the Bokeh figures it drew, the text it
    showed, the URLs it asked for, and what its Content-Security-Policy refused (violations, and callbacks that
    did not compile from the site's served table)."""

    problems: list[str]
    loaded_bytes: int
    figures_drawn: int
    text: str
    requests: list[str]
    refused: list[str]


@pytest.fixture(scope="session")
def page_visit(browser, base_url):
    """Each page of the site loaded once, at desktop width, in a fresh context holding the page to its own policy
    (no bypass), for every test that reads the same facts of it (tests/browser/test_every_page.py): one load a
    page, not one a test."""
    from sitebuild import bokeh_callbacks

    visits: dict[str, PageVisit] = {}

    def visit(path: str) -> PageVisit:
        if path not in visits:
            context, page, report = open_in(browser, base_url, path, csp=True)
            drawn, refused = 0, []
            if bokeh_figures_expected(path):
                # Bokeh draws inside shadow roots; Playwright's locators look inside them.
                figures = page.locator(".bk-Figure")
                try:
                    figures.first.wait_for(timeout=20_000)
                    page.locator("canvas").first.wait_for(timeout=20_000)
                except PlaywrightTimeout:  # e.g. a callback refused: the figures drawn (none) and the problems say
                    pass
                drawn = sum(1 for box in (f.bounding_box() for f in figures.all())
                            if box and box["width"] * box["height"] > 0)
            if bokeh_callbacks.callbacks((SITE / path).read_text("utf-8")):
                compiled = page.evaluate(COMPILE_CALLBACKS)
                if compiled["errors"] or compiled["misses"] or not compiled["compiled"]:
                    refused.append(f"callbacks: {compiled}")
            refused += page.evaluate("window.__cspViolations")
            visits[path] = PageVisit(report.problems, report.loaded_bytes(), drawn,
                                     page.evaluate("document.body.innerText"),
                                     [response.url for response in report.responses], refused)
            context.close()
        return visits[path]

    return visit


# axe-core, the accessibility checker, for the tests only: fetched from the npm registry once by the
# same machinery as the site's own third-party files (sitebuild/vendor.py, ``npm pack``), but into
# _build/test-vendor/, beside the built site and never into .vendor/ (which the site serves).
AXE = {"version": "4.14.1", "files": ["axe.min.js", "LICENSE"], "licence": "MPL-2.0"}


@pytest.fixture(scope="session")
def axe_script() -> str:
    """The text of axe.min.js, downloaded once per machine (kept until ``make clean``)."""
    import tempfile

    from sitebuild import vendor

    root = ROOT / "_build" / "test-vendor"
    root.mkdir(parents=True, exist_ok=True)
    target = vendor.package_dir("axe-core", AXE["version"], root)
    if not (target / ".complete").exists():
        # Fetched beside the target and moved into place in one step, so test processes running side by
        # side never read a half-written copy.
        with tempfile.TemporaryDirectory(dir=root) as tmp:
            fetched = vendor.fetch("axe-core", AXE, Path(tmp))
            target.parent.mkdir(parents=True, exist_ok=True)
            try:
                fetched.rename(target)
            except OSError:  # another process got there first
                pass
    return (target / "axe.min.js").read_text(encoding="utf-8")


LIVE_BOARD_JS = """
  // The live board of a snapshot: its Bokeh document and the plot view that draws the choices marks.
  function liveBoard(snapshot) {
    const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
    const rootId = JSON.parse(item.textContent).root_id;
    const doc = Bokeh.documents.find((d) => d.get_model_by_id(rootId) != null);
    const marks = doc.get_model_by_name("choices-pieces");
    function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }
    for (const root of Object.values(Bokeh.index)) {
      for (const view of views(root)) {
        if (view.model.renderers && view.model.renderers.includes(marks)) return [doc, view];
      }
    }
    return null;
  }
"""


# The live board's plot: its box on the screen, board points' places on the screen (no scrolling: a player
# taps what is in view), and its choices layer (the marks a tap chooses or plays); null before it is drawn.
BOARD_JS = """([snapshot, points]) => {""" + LIVE_BOARD_JS + """
  const found = liveBoard(snapshot);
  if (!found) return null;
  const [doc, view] = found;
  const box = view.canvas_view.el.getBoundingClientRect();
  const data = doc.get_model_by_name("layer-choices").data;
  const column = (name) => Array.from(data instanceof Map ? data.get(name) : data[name]);
  return { box: [box.left, box.top, box.right, box.bottom],
           kinds: column("kind"), xs: column("x"), ys: column("y"),
           screen: (points || []).map(([x, y]) => [box.left + view.frame.x_scale.compute(x),
                                                   box.top + view.frame.y_scale.compute(y)]) };
}"""


def moves_made(page) -> int:
    """How many answers the page's engine has given (window.tsrLivePlay.moves)."""
    return page.evaluate("window.tsrLivePlay.moves.length")


def answered(page, action, timeout: int = 60_000) -> None:
    """Do ``action`` (a click, a tap, a file chosen) and wait for the engine's answer to be shown."""
    before = moves_made(page)
    action()
    page.wait_for_function(f"window.tsrLivePlay.moves.length > {before}", timeout=timeout)

"""A JavaScript function for the browser tests' page.evaluate snippets: ``liveBoard(snapshot)`` gives
``[doc, view]``, the live board's document and the plot view drawing its choices marks (or null)."""


def axe_violations(page, axe_script: str, *, impacts=("critical", "serious"), include: str | None = None,
                   exclude: tuple[str, ...] = ()) -> list[str]:
    """axe-core's violations (its default rules: WCAG 2 A/AA and best practice) on ``page`` as it is now, at ``impacts``, one line per element.

    ``include``: a CSS selector to check only that part (say the live game); ``exclude``: parts to skip.
    Each line reads ``impact rule-id: help | selector | what to fix`` so a failing test says where."""
    if not page.evaluate("() => typeof window.axe === 'object'"):
        # Evaluated by the test's own DevTools channel: the site's Content-Security-Policy refuses an injected
        # <script> (as it should), and axe is the test's tool, not the page's.
        page.evaluate(axe_script + "\n;0")
    context = {"include": [[include]] if include else [["html"]], "exclude": [[s] for s in exclude]}
    results = page.evaluate("([context]) => axe.run(context, {resultTypes: ['violations']})", [context])
    lines = []
    for violation in results["violations"]:
        if violation["impact"] not in impacts:
            continue
        for node in violation["nodes"]:
            target = " >> ".join(str(t) for t in node["target"])
            summary = node.get("failureSummary", "").replace("\n", " ")
            lines.append(f"{violation['impact']} {violation['id']}: {violation['help']} | {target} | {summary}")
    return lines


def first_game_bytes() -> int:
    """What the first game fetches, read from the site's files (not from the manifest the page reads)."""
    manifest = json.loads((SITE / "_static" / "engine" / "manifest.json").read_text())
    runtime = SITE / "_static" / "npm" / f"pyodide@{manifest['pyodide']}"
    wheel = SITE / "_static" / "engine" / manifest["wheel"]
    return sum((runtime / name).stat().st_size for name in RUNTIME_FILES) + wheel.stat().st_size
