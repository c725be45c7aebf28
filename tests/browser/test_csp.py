"""Every page carries a Content-Security-Policy allowing only what the site ships (sitebuild/csp.py).

Without a browser: the policy's hashes, where the tag goes, inline handlers refused. In chromium: one move of live
play is played (Pyodide in its Web Worker) under the host's headers and the page's policy, with no
``securitypolicyviolation`` event and no "Refused to" console message (every page loads under its policy with none,
each callback compiled: test_every_page.py).
"""

from __future__ import annotations

import base64
import functools
import hashlib
import http.server
import json
import re
import threading
from pathlib import Path
from urllib.parse import urlparse

import pytest
from sphinx.errors import ExtensionError

from sitebuild import bokeh_callbacks, csp

from .conftest import COLLECT_VIOLATIONS, PAGES, SITE

PAGE = """<!DOCTYPE html>
<html><head>
    <meta charset="utf-8">
    <script>var a = 1;</script>
    <script type="application/json" id="data">{"b": 2}</script>
    <script src="_static/x.js"></script>
    <script type="module">import "./y.js";</script>
</head><body><button onclick="window.print()">Print</button><p>onclick= is just text</p></body></html>"""


def _sha(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode()).digest()).decode() + "'"


def _policy_of(page: str) -> dict[str, list[str]]:
    content = re.search(r'<meta http-equiv="Content-Security-Policy" content="([^"]*)">', page).group(1)
    content = content.replace("&#x27;", "'")
    return {name: values for name, *values in (d.split() for d in content.split("; "))}


def test_inline_scripts_are_hashed_and_data_blocks_are_not():
    assert csp.inline_script_hashes(PAGE) == [_sha("var a = 1;"), _sha('import "./y.js";')]


def test_the_policy_comes_first_in_head_and_the_print_button_loses_its_handler():
    page = csp.secure(PAGE)
    head = page[page.index("<head>"):]
    assert re.match(r'<head>\s*<meta charset="utf-8">\s*<meta http-equiv="Content-Security-Policy"', head)
    assert "onclick" not in page.replace("onclick= is just text", "")
    assert f'<button {csp.PRINT_ATTRIBUTE}>Print</button>' in page
    policy = _policy_of(page)
    assert _sha(csp.PRINT_SCRIPT) in policy["script-src"] and _sha("var a = 1;") in policy["script-src"]
    assert policy["script-src-attr"] == ["'none'"] and policy["object-src"] == ["'none'"]
    assert "'unsafe-eval'" not in policy["script-src"] and "'unsafe-inline'" not in policy["script-src"]
    assert csp.secure(page) == page  # written again (a second build-finished): the same page


BOKEH = '    <script src="_static/bokeh@3.9.2/bokeh.min.js?v=1"></script>\n'


def _board(*models: dict) -> str:
    """PAGE with BokehJS and an embedded document holding ``models``."""
    doc = {"doc": {"roots": [{"type": "object", "name": "Plot", "id": "p0", "attributes": {"models": list(models)}}]}}
    return PAGE.replace('{"b": 2}', json.dumps(doc)).replace("<script>var a", BOKEH + "    <script>var a")


def _callback(name="CustomJS", code="text.text = 'hi';", **attributes) -> dict:
    args = {"type": "map", "entries": [["text", {"id": "p9"}]]}
    return {"type": "object", "name": name, "id": "p1", "attributes": {"args": args, "code": code, **attributes}}


def test_a_pages_callbacks_are_read_from_its_embedded_documents():
    (callback,) = bokeh_callbacks.callbacks(_board(_callback()))
    assert callback == bokeh_callbacks.Callback("CustomJS", ("text",), "text.text = 'hi';", False)
    assert bokeh_callbacks.callbacks(_board(_callback(code="export default () => 1")))[0].module
    assert bokeh_callbacks.callbacks(PAGE) == []


def test_served_callbacks_need_no_unsafe_eval_and_others_keep_it():
    served = bokeh_callbacks.serve(_board(_callback(), _callback("CustomJSFilter")), "", "v1")
    assert served.count(bokeh_callbacks.TABLE) == 1 and served.index(bokeh_callbacks.TABLE) < served.index("var a")
    assert served.index("bokeh.min.js") < served.index(bokeh_callbacks.TABLE)
    assert "'unsafe-eval'" not in _policy_of(csp.secure(served))["script-src"]
    # not served: a page that does not load the table, a kind the patch does not know, an ES-module callback
    assert "'unsafe-eval'" in _policy_of(csp.secure(_board(_callback())))["script-src"]
    for model in (_callback("CustomJSTickFormatter"), _callback(code="export default () => 1")):
        page = bokeh_callbacks.serve(_board(_callback(), model), "", "v1")
        assert bokeh_callbacks.TABLE in page and "'unsafe-eval'" in _policy_of(csp.secure(page))["script-src"]
    # a CustomJS the page's JSON hides from the reader (in a string) is counted, and keeps it
    hidden = bokeh_callbacks.serve(_board(_callback()), "", "v1").replace("</body>", '<script type="application/json">'
                                                                         '"{\\"name\\": \\"CustomJS\\"}"</script></body>')
    assert "'unsafe-eval'" in _policy_of(csp.secure(hidden))["script-src"]
    assert "'unsafe-eval'" not in _policy_of(csp.secure(PAGE))["script-src"]


def test_the_table_holds_each_callback_once_as_a_function_of_its_names():
    script = bokeh_callbacks.table_script({bokeh_callbacks.Callback("CustomJS", ("text",), "text.text = 1;", False),
                                           bokeh_callbacks.Callback("CustomJSFilter", ("lone",), "return [];", False)})
    assert '"CustomJS\\ntext\\ntext.text = 1;": function (text, cb_obj, cb_data, cb_context) {' in script
    assert '"CustomJSFilter\\nlone\\nreturn [];": function (lone, source) {' in script
    assert script.index("window.tsrBokehCallbacks = {") < script.index('Bokeh.Models.get("CustomJS")')


def test_another_inline_handler_fails_the_build_naming_the_page():
    with pytest.raises(ExtensionError, match=r"credits.html: inline event handler\(s\) onload"):
        csp.secure(PAGE.replace("<body>", '<body onload="go()">'), "credits.html")


# -- the built site ----------------------------------------------------------------------------

def test_every_page_has_a_policy_naming_no_other_host():
    for path in PAGES:
        page = (SITE / path).read_text(encoding="utf-8")
        assert page.count("Content-Security-Policy") == 1, path
        policy = _policy_of(page)
        values = [value for values in policy.values() for value in values]
        assert not [v for v in values if re.match(r"https?:|\*", v)], path
        assert sorted(set(policy["script-src"]) - set(csp.POLICY["script-src"]) - {"'unsafe-eval'"}) == sorted(
            csp.inline_script_hashes(page)), path
        assert ("'unsafe-eval'" in policy["script-src"]) == csp.needs_eval(page), path
    text_pages = [path for path in PAGES if not csp.needs_eval((SITE / path).read_text(encoding="utf-8"))]
    assert {"index.html", "credits.html"} <= set(text_pages)


def test_no_page_needs_unsafe_eval_for_its_bokeh_callbacks():
    """Issue 36: 'unsafe-eval' was on every page with a CustomJS model (38 of 75). Every callback is now served
    as the site's own script, so the pages carrying it are those with a callback that is not: none."""
    pages = {path: (SITE / path).read_text(encoding="utf-8") for path in PAGES}
    with_callbacks = [path for path, page in pages.items() if bokeh_callbacks.callbacks(page)]
    evaluating = [path for path, page in pages.items() if "'unsafe-eval'" in page]
    unserved = [path for path, page in pages.items() if not all(c.servable for c in bokeh_callbacks.callbacks(page))]
    print(f"{len(pages)} pages, {len(with_callbacks)} with Bokeh callbacks, {len(evaluating)} with 'unsafe-eval'")
    assert {p for p in PAGES if p.endswith("full_game.html")} <= set(with_callbacks)
    assert evaluating == unserved == []
    assert all(bokeh_callbacks.TABLE in pages[path] for path in with_callbacks)


def test_no_html_file_of_the_site_is_a_template():
    """The themes copy two Jinja macro files into _static (webpack-macros.html, sbt-webpack-macros.html):
    served, each would be a page of raw template markup. sitebuild/lean_theme.py removes them."""
    templates = [str(path.relative_to(SITE)) for path in SITE.rglob("*.html")
                 if re.search(r"\{%|\{\{", path.read_text(encoding="utf-8", errors="replace"))]
    assert templates == []


FULL_GAME = "simple_plastic/full_game.html"
MOVED = "() => window.tsrLivePlay.moves.length > 0"
"""A function, not an expression: Playwright polls an expression by eval() in the page, which the page's policy
refuses ('unsafe-eval' is not allowed) whenever the first look does not already find it true."""


# -- the headers a host should add (README, "Publish the site") ------------------------------------------

def test_the_readme_names_each_header_a_host_should_add():
    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    rows = [line.replace("`", "") for line in readme.splitlines() if line.startswith("| ")]
    for path, value in csp.HOST_HEADERS.items():
        where = path if path.startswith("/") else "(*.html)"
        row = next((row for row in rows if row.startswith(f"| {where}") or where in row.split("|")[1]), None)
        assert row is not None and row.split("|")[2].strip() == f"Content-Security-Policy: {value}", path


def _served_with_host_headers(site: Path):
    """A server of the built site sending README's headers (each worker's policy, frame-ancestors)."""
    class Handler(http.server.SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass

        def end_headers(self):
            path = urlparse(self.path).path
            value = csp.HOST_HEADERS.get(path)
            if value is None and (path.endswith(".html") or path.endswith("/")):
                value = csp.HOST_HEADERS["every page (*.html)"]
            if value is not None:
                self.send_header("Content-Security-Policy", value)
            super().end_headers()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Handler, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def test_live_play_and_the_service_worker_run_under_the_host_headers(browser, site_dir):
    """The page's Python worker boots Pyodide and plays a move under WORKER_POLICY (and the page under its own
    policy, the host's and the page's both holding), and the service worker installs under it and keeps the
    page's Python from its first use (sitebuild/service-worker.js): no console message of a refusal, from the
    page or from a worker. (Every page loads under its policy with no violation: test_every_page.py.)"""
    server = _served_with_host_headers(site_dir)
    context = browser.new_context()
    context.add_init_script(COLLECT_VIOLATIONS)
    page = context.new_page()
    refused = []

    def listen(source):
        source.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text
                  or "Refused to" in m.text else None)
    listen(page)
    page.on("worker", listen)
    try:
        page.goto(f"http://127.0.0.1:{server.server_address[1]}/{FULL_GAME}", wait_until="load")
        snapshot = page.locator(".tsr-snapshot").first
        snapshot.locator(".tsr-play-here").click()
        step = snapshot.locator(".tsr-live-step")
        step.wait_for(state="visible", timeout=120_000)
        step.click()
        page.wait_for_function(MOVED, timeout=30_000)
        page.wait_for_function("() => navigator.serviceWorker.getRegistration().then(r => !!(r && r.active))",
                               timeout=30_000)
        page.wait_for_function("""async () => {  // the service worker keeps the page's Python from its first use
            const names = (await caches.keys()).filter(n => n.startsWith("tsr-site "));
            const urls = (await (await caches.open(names[0])).keys()).map(r => r.url);
            return urls.some(u => u.endsWith("/pyodide.asm.wasm")) && urls.some(u => u.endsWith(".whl"));
        }""", timeout=20_000)
        violations = page.evaluate("window.__cspViolations")
    finally:
        context.close()
        server.shutdown()
    assert violations == [] and refused == []
