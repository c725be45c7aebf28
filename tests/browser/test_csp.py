"""Every page carries a Content-Security-Policy allowing only what the site ships (sitebuild/csp.py).

Without a browser: the policy's hashes, where the tag goes, inline handlers refused. In chromium:
every page of the built site loads, and one move of live play is played (Pyodide in its Web Worker),
in one context, with no ``securitypolicyviolation`` event and no "Refused to" console message.
"""

from __future__ import annotations

import base64
import hashlib
import re
from urllib.parse import urlparse

import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout
from sphinx.errors import ExtensionError

from sitebuild import csp

from .conftest import SITE, bokeh_figures_expected
from .test_browser import PAGES

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


def test_unsafe_eval_only_where_bokeh_compiles_customjs():
    board = PAGE.replace('{"b": 2}', '{"doc": {"type": "object", "name": "CustomJS", "id": "p1"}}')
    assert "'unsafe-eval'" in _policy_of(csp.secure(board))["script-src"]
    assert "'unsafe-eval'" not in _policy_of(csp.secure(PAGE))["script-src"]


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
        assert ("'unsafe-eval'" in policy["script-src"]) == ('"name":"CustomJS' in page.replace(" ", "")), path
    text_pages = [path for path in PAGES if not csp.needs_eval((SITE / path).read_text(encoding="utf-8"))]
    assert {"index.html", "credits.html"} <= set(text_pages)


COLLECT = """
window.__cspViolations = [];
document.addEventListener("securitypolicyviolation", (e) =>
  window.__cspViolations.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
"""
FULL_GAME = "simple_plastic/full_game.html"


def test_every_page_and_a_move_of_live_play_run_with_no_policy_violation(browser, base_url):
    """Also, as this is the one Pyodide boot of these tests: the service worker keeps the page's Python
    from its first use (sitebuild/service-worker.js)."""
    context = browser.new_context()
    context.add_init_script(COLLECT)
    refused, outside = [], []
    context.route("**/*", lambda route: route.continue_() if urlparse(route.request.url).hostname == "127.0.0.1"
                  else (outside.append(route.request.url), route.abort()))
    page = context.new_page()
    page.on("console", lambda m: refused.append(f"{page.url}: {m.text}") if "Content Security Policy" in m.text
            or "Refused to" in m.text else None)
    violations = {}
    try:
        for path in PAGES:
            page.goto(f"{base_url}/{path}", wait_until="load")
            if bokeh_figures_expected(path):
                try:
                    page.locator(".bk-Figure").first.wait_for(timeout=20_000)
                except PlaywrightTimeout:  # e.g. a CustomJS refused: the violation recorded says why
                    violations.setdefault(path, []).append("no board drawn")
            found = page.evaluate("window.__cspViolations")
            if found:
                violations.setdefault(path, []).extend(found)

        page.goto(f"{base_url}/{FULL_GAME}", wait_until="load")
        snapshot = page.locator(".tsr-snapshot").first
        snapshot.locator(".tsr-play-here").click()
        step = snapshot.locator(".tsr-live-step")  # the game table's one big next-step button
        step.wait_for(state="visible", timeout=90_000)
        step.click()
        page.wait_for_function("window.tsrLivePlay.moves.length > 0", timeout=30_000)
        found = page.evaluate("window.__cspViolations")
        if found:
            violations["live play"] = found
        page.wait_for_function("""async () => {
            const names = (await caches.keys()).filter(n => n.startsWith("tsr-site "));
            const urls = (await (await caches.open(names[0])).keys()).map(r => r.url);
            return urls.some(u => u.endsWith("/pyodide.asm.wasm")) && urls.some(u => u.endsWith(".whl"));
        }""", timeout=20_000)
    finally:
        context.close()
    assert violations == {} and refused == [] and outside == []
