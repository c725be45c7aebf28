"""Play here: a whole game against the bot on each ruleset's full-game page, the engine in a Web Worker.

One Pyodide boot per page. Press "Play here", play a legal action and see the
board's column data change, try an illegal action and read the rule, undo,
then play random legal actions to the result; save to a file and load it back.
No request may leave 127.0.0.1 and no console error may appear.
"""

from __future__ import annotations

import json
import random

import pytest

from .conftest import wait_for_boards

PAGES = {
    "army_men": ("army_men/full_game.html", {"type": "Shoot", "shooter": "g1", "target": "g2"}),
    "simple_plastic": ("simple_plastic/full_game.html", {"type": "Attack", "attacker": "g1", "target": "t1"}),
    "phlog": ("phlog/full_game.html", {"type": "Attack", "target": "tan-1"}),
}

BOARD_DATA = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const rootId = JSON.parse(item.textContent).root_id;
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(rootId) != null);
  const out = {};
  for (const name of ["layer-units", "layer-figures", "layer-cards", "layer-rings", "layer-reach", "layer-links"]) {
    const source = doc.get_model_by_name(name);
    if (source == null) continue;
    const data = source.data instanceof Map ? Object.fromEntries(source.data) : source.data;
    out[name] = JSON.stringify(Object.fromEntries(Object.entries(data).map(([k, v]) => [k, Array.from(v)])));
  }
  return out;
}"""


def _moves(page) -> int:
    return page.evaluate("window.tsrLivePlay.moves.length")


def _after(page, action) -> None:
    """Do ``action`` (a click) and wait for the engine's answer to be shown."""
    before = _moves(page)
    action()
    page.wait_for_function(f"window.tsrLivePlay.moves.length > {before}", timeout=30_000)


@pytest.mark.parametrize("ruleset", sorted(PAGES))
def test_play_a_whole_game_in_the_page(open_page, ruleset, tmp_path):
    path, illegal = PAGES[ruleset]
    page, report = open_page(path)
    wait_for_boards(page)
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    assert snapshot.count() == 1
    before_play = page.evaluate("() => performance.getEntriesByType('resource').map((e) => e.name)")
    assert not any("pyodide" in url or url.endswith(".whl") for url in before_play), "loaded before Play"

    note = snapshot.locator(".live-only").inner_text()  # served over HTTP: no "needs JupyterLab" any more
    assert "Play here" in note and "shows a snapshot" not in note
    snapshot.locator(".tsr-play-here").click()
    menu = snapshot.locator(".tsr-live-actions")
    menu.locator("option").first.wait_for(state="attached", timeout=90_000)
    start = snapshot.element_handle().evaluate(BOARD_DATA)
    assert start, "the board's named sources were not found"

    # legal actions change the board (a Phlog nomination alone shows nothing new: up to three decisions)
    played = 0
    for played in range(1, 4):
        _after(page, lambda: snapshot.locator(".tsr-live-play").click())
        moved = snapshot.element_handle().evaluate(BOARD_DATA)
        if moved != start:
            break
    assert moved != start
    assert snapshot.locator(".tsr-live-log .tsr-live-entry").count() >= 1

    # an illegal one is refused with its rule, and nothing changes
    snapshot.locator(".tsr-live-anything summary").click()
    snapshot.locator(".tsr-live-try").fill(json.dumps(illegal))
    _after(page, lambda: snapshot.locator(".tsr-live-try-button").click())
    status = snapshot.locator(".tsr-live-status")
    assert "Not allowed" in status.inner_text()
    link = status.locator("a.rule-ref")
    assert link.count() == 1 and link.get_attribute("href").startswith("http://127.0.0.1")
    assert f"{ruleset}/" in link.get_attribute("href") and link.inner_text().strip()
    assert snapshot.element_handle().evaluate(BOARD_DATA) == moved

    # undo goes back to the start, a decision at a time
    for _ in range(played):
        _after(page, lambda: snapshot.locator(".tsr-live-undo").click())
    assert "Undone" in status.inner_text()
    assert snapshot.element_handle().evaluate(BOARD_DATA) == start

    # random legal actions to the end
    rng = random.Random(3)
    for _ in range(400):
        if snapshot.get_attribute("data-live-over") == "yes":
            break
        count = menu.locator("option").count()
        menu.select_option(index=rng.randrange(count))
        _after(page, lambda: snapshot.locator(".tsr-live-play").click())
    result = snapshot.locator(".tsr-live-result").inner_text()
    assert result.startswith("Game over"), result

    # save to a file, take a move back, load the file: the result is back
    with page.expect_download() as download:
        _after(page, lambda: snapshot.locator(".tsr-live-save").click())
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["ruleset"] == ruleset
    _after(page, lambda: snapshot.locator(".tsr-live-undo").click())
    assert snapshot.locator(".tsr-live-result").inner_text() == ""
    _after(page, lambda: snapshot.locator(".tsr-live-file").set_input_files(str(saved)))
    assert "Loaded" in status.inner_text()
    assert snapshot.locator(".tsr-live-result").inner_text() == result

    assert not report.problems, report.problems
    assert not any(e.get("ms") is None for e in page.evaluate("window.tsrLivePlay.moves"))
