"""The first game (issue 37): Python started in the background while the reader reads, never on a connection that
asks to save data or is a phone's or slow; Play then uses it; the Play button says what the first game fetches.

Timings are not tested here: benchmarks/first_game.py prints them (``make bench-first``).
"""

from __future__ import annotations

import json

import pytest

from .conftest import SITE, first_game_bytes, wait_for_boards

PATH, RULESET = "simple_plastic/full_game.html", "simple_plastic"
READY = "() => window.tsrLivePlay && window.tsrLivePlay.preloaded === 'ready'"
PLAYABLE = "() => window.tsrLivePlay.marks.some(m => m.stage === 'board playable')"
IDLE_TWICE = "() => new Promise(r => requestIdleCallback(() => requestIdleCallback(() => r(true))))"
"""After the page's own idle callback (registered at load, so run first) has run."""
PYODIDE_STARTS = "window.tsrLivePlay.marks.filter(m => /^Python (started|restored)$/.test(m.stage)).length"


def connection(**fields) -> str:
    """An init script: the browser's navigator.connection says ``fields``."""
    return f"Object.defineProperty(navigator, 'connection', {{value: {json.dumps(fields)}}});"


def python_fetched(page) -> bool:
    return any(url.endswith("/pyodide.asm.wasm") for url in (r.url for r in page.context.fetched))


def opened(browser, base_url, script: str, path: str = PATH):
    """The full-game page in a fresh context with ``script`` as its init script, every request to another host
    refused, every response the page and its workers got in ``context.fetched``, and every refusal of the pages'
    Content-Security-Policy (held to it: no bypass) in ``context.refused``."""
    context = browser.new_context(reduced_motion="reduce")
    context.refused = []
    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith(base_url) else route.abort())
    context.add_init_script(script)
    context.fetched = []
    context.on("response", lambda response: context.fetched.append(response))
    page = context.new_page()
    page.on("console", lambda m: context.refused.append(m.text) if "Content Security Policy" in m.text
            or "Refused to" in m.text else None)
    page.goto(f"{base_url}/{path}", wait_until="load")
    return context, page


def test_python_starts_in_the_background_once_and_play_uses_it(browser, base_url):
    context, page = opened(browser, base_url, connection(effectiveType="4g", saveData=False, type="wifi"))
    try:
        page.wait_for_function(READY, timeout=600_000, polling=250)
        assert page.evaluate(PYODIDE_STARTS) == 1
        snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{RULESET}"]')
        button = snapshot.locator(".tsr-play-here")
        assert "first game" not in button.inner_text()  # started already: nothing left to say of its size
        button.click()
        page.wait_for_function(PLAYABLE, timeout=120_000)
        assert page.evaluate(PYODIDE_STARTS) == 1, "Play started Python again"
        assert context.refused == []
        assert len(page.workers) == 1, [w.url for w in page.workers]
        # from the server once (the worker's own request is answered by the site's service worker, which fetched it)
        wasm = [r for r in context.fetched if r.url.endswith("/pyodide.asm.wasm") and not r.from_service_worker]
        assert len(wasm) == 1, "the runtime was fetched twice"
    finally:
        context.close()


def test_a_page_with_a_live_tool_starts_python_in_the_background_too_and_the_tool_uses_it(browser, base_url):
    """The classroom's dice roller: one engine worker for the page's tools and games, started while the reader
    reads; the note's size words go once it has started, and the first roll needs no second start."""
    context, page = opened(browser, base_url, connection(effectiveType="4g", saveData=False, type="wifi"),
                           path="classroom/dice.html")
    try:
        page.wait_for_function(READY, timeout=600_000, polling=250)
        tool = page.locator('.tsr-snapshot[data-tool="boards.classroom:DiceTool"]')
        assert "first use loads Python" not in tool.locator(".live-only").inner_text()
        tool.locator('[data-name="roll"]').click()
        page.wait_for_function("() => document.querySelector('[data-name=out]').textContent.includes('Rolled')",
                               timeout=60_000)
        assert page.evaluate(PYODIDE_STARTS) == 1, "the tool started Python again"
        assert len(page.workers) == 1, [w.url for w in page.workers]
        assert context.refused == []
    finally:
        context.close()


@pytest.mark.parametrize("said", [
    {"saveData": True, "effectiveType": "4g"},
    {"saveData": False, "type": "cellular", "effectiveType": "4g"},
    {"saveData": False, "effectiveType": "2g"},
    {"saveData": False, "effectiveType": "slow-2g"},
    {"saveData": False, "type": "wifi", "effectiveType": "4g"},  # the control: this one starts
], ids=["save-data", "cellular", "2g", "slow-2g", "wifi"])
def test_no_background_start_on_a_connection_that_saves_data_or_is_slow(browser, base_url, said):
    context, page = opened(browser, base_url, connection(**said))
    try:
        page.evaluate(IDLE_TWICE)
        started = page.evaluate("window.tsrLivePlay.preloaded || 'no'")
        expected = "no" if said.get("saveData") or said.get("type") == "cellular" or "2g" in said["effectiveType"] else "started"
        assert (started == "no") == (expected == "no"), f"{said}: {started}"
        if expected == "no":
            page.wait_for_timeout(1_000)  # whatever the page would have fetched has had its chance
            assert not page.workers and not python_fetched(page)
    finally:
        context.close()


def test_the_play_button_says_the_first_games_size_until_it_is_kept(browser, base_url):
    context, page = opened(browser, base_url, connection(saveData=True, effectiveType="4g"))
    try:
        button = page.locator(f'.tsr-snapshot[data-ruleset="{RULESET}"] .tsr-play-here')
        size = button.locator(".tsr-play-size")
        size.wait_for(timeout=30_000)
        assert size.inner_text().strip() == f"(first game: {first_game_bytes() / 1e6:.1f} MB, once)"
        assert page.evaluate("window.tsrLivePlay.firstGameBytes") == first_game_bytes()
        top = page.locator(".tsr-play-now .tsr-play-size")  # the Play button at the top says it too
        assert top.count() == 1 and top.inner_text().strip() == size.inner_text().strip()
        said = []
        page.expose_function("tsrSaid", lambda text: said.append(text))
        page.evaluate("""() => new MutationObserver(() => {
            const p = document.querySelector('.tsr-play-progress'); if (p) window.tsrSaid(p.textContent);
        }).observe(document.body, {subtree: true, childList: true, characterData: true})""")
        button.click()
        page.wait_for_function(PLAYABLE, timeout=600_000)
        title = page.locator(".tsr-table-title").first.inner_text()  # the ruleset's name, not the size said beside it
        assert title and "first game" not in title and title in page.locator(".tsr-play-now").first.inner_text()
        total = f"{first_game_bytes() / 1e6:.1f} MB"
        assert any(text.startswith("Loading Python: ") and text.endswith(f" of {total}") for text in said), said
        assert "Loading the engine…" in said and "Starting the game…" in said, said

        # kept by the site's service worker: a second visit's button says nothing of size (the game kept in the
        # browser forgotten, so the page waits for Play rather than bringing it back at once)
        page.evaluate("localStorage.clear()")
        page.goto(f"{base_url}/{PATH}", wait_until="load")
        wait_for_boards(page)
        page.locator(f'.tsr-snapshot[data-ruleset="{RULESET}"] .tsr-play-here').wait_for(state="visible")
        page.wait_for_function("() => window.tsrLivePlay && window.tsrLivePlay.firstGameBytes !== undefined")
        assert page.evaluate("window.tsrLivePlay.firstGameBytes") == 0
        assert page.locator(".tsr-play-size").count() == 0

        # and Python comes back from the snapshot the first game kept: Play restores it, and a move is played
        page.locator(f'.tsr-snapshot[data-ruleset="{RULESET}"] .tsr-play-here').click()
        page.wait_for_function(PLAYABLE, timeout=600_000)
        stages = page.evaluate("window.tsrLivePlay.marks.map(m => m.stage)")
        assert "Python restored" in stages and "Python started" not in stages, stages
        page.locator(".tsr-live-step").click()
        page.wait_for_function("() => window.tsrLivePlay.moves.length > 0", timeout=120_000)
        assert not any(m.get("failed") for m in page.evaluate("window.tsrLivePlay.moves"))
    finally:
        context.close()
