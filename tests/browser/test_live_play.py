"""Play here: a game against the bot on each ruleset's full-game page, the engine in a Web Worker.

One Pyodide boot per page. Press "Play here", play a legal action and see the
board's column data change, try an illegal action and read the rule, undo,
then play random legal actions from the list; save to a file and load it back.
No request may leave 127.0.0.1 and no console error may appear.
"""

from __future__ import annotations

import re
import json
import random

import pytest

from .conftest import LIVE_BOARD_JS, answered, wait_for_boards

PAGES = {
    "army_men": ("army_men/full_game.html", {"type": "Shoot", "shooter": "g1", "target": "g2"}),
    "simple_plastic": ("simple_plastic/full_game.html", {"type": "Attack", "attacker": "g1", "target": "t1"}),
    "phlog": ("phlog/full_game.html", {"type": "Attack", "target": "tan-1"}),
    "one_brain_cell": ("one_brain_cell/full_game.html", {"type": "Shoot", "shooter": "g1", "target": "g2"}),
    "dice_tactics": ("dice_tactics/full_game.html",
                     {"type": "Attack", "player": "green", "attacker": "green-1", "defender": "tan-1"}),
}
RANDOM_ACTIONS = 40  # picked at random from the list, after the first moves and the undo

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


def _full_mode(snapshot) -> None:
    """The game table's full mode (the list of actions, Play): every ruleset opens in the simple one."""
    simple = snapshot.locator(".tsr-live-simple")
    if simple.is_checked():
        simple.uncheck()


@pytest.mark.parametrize("ruleset", sorted(PAGES))
def test_play_undo_save_and_load_a_game_in_the_page(open_page, ruleset, tmp_path):
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
    _full_mode(snapshot)
    start = snapshot.element_handle().evaluate(BOARD_DATA)
    assert start, "the board's named sources were not found"

    # legal actions change the board (a Phlog nomination alone shows nothing new: up to three decisions)
    played = 0
    for played in range(1, 4):
        answered(page, lambda: snapshot.locator(".tsr-live-play").click(), timeout=30_000)
        moved = snapshot.element_handle().evaluate(BOARD_DATA)
        if moved != start:
            break
    assert moved != start
    assert snapshot.locator(".tsr-live-log .tsr-live-entry").count() >= 1

    # an illegal one is refused with its rule, and nothing changes
    snapshot.locator(".tsr-live-more summary").click()  # the More drawer: dice, Try anything, Save, Load
    snapshot.locator(".tsr-live-try").fill(json.dumps(illegal))
    answered(page, lambda: snapshot.locator(".tsr-live-try-button").click(), timeout=30_000)
    status = snapshot.locator(".tsr-live-status")
    assert "Not allowed" in status.inner_text()
    link = status.locator("a.rule-ref")
    assert link.count() == 1 and link.get_attribute("href").startswith("http://127.0.0.1")
    assert f"{ruleset}/" in link.get_attribute("href") and link.inner_text().strip()
    assert snapshot.element_handle().evaluate(BOARD_DATA) == moved

    # undo goes back to the start, a decision at a time
    for _ in range(played):
        answered(page, lambda: snapshot.locator(".tsr-live-undo").click(), timeout=30_000)
    assert "Undone" in status.inner_text()
    assert snapshot.element_handle().evaluate(BOARD_DATA) == start

    # random legal actions from the list, all kinds (whole games to the end, by taps and by keys, are
    # test_game_table.py's and test_keyboard.py's)
    rng = random.Random(3)
    for _ in range(RANDOM_ACTIONS):
        if snapshot.get_attribute("data-live-over") == "yes":
            break
        count = menu.locator("option").count()
        menu.select_option(index=rng.randrange(count))
        answered(page, lambda: snapshot.locator(".tsr-live-play").click(), timeout=30_000)
    result = snapshot.locator(".tsr-live-result").inner_text()
    played = snapshot.element_handle().evaluate(BOARD_DATA)
    log = snapshot.locator(".tsr-live-log").inner_text()

    # save to a file, take a move back, load the file: the game is back as it was
    with page.expect_download() as download:
        answered(page, lambda: snapshot.locator(".tsr-live-save").click(), timeout=30_000)
    saved = tmp_path / "game.json"
    download.value.save_as(saved)
    assert json.loads(saved.read_text())["ruleset"] == ruleset
    answered(page, lambda: snapshot.locator(".tsr-live-undo").click(), timeout=30_000)
    assert snapshot.locator(".tsr-live-log").inner_text() != log
    answered(page, lambda: snapshot.locator(".tsr-live-file").set_input_files(str(saved)), timeout=30_000)
    assert "Loaded" in status.inner_text()
    assert snapshot.locator(".tsr-live-result").inner_text() == result
    assert snapshot.element_handle().evaluate(BOARD_DATA) == played

    assert not report.problems, report.problems
    assert not any(e.get("ms") is None for e in page.evaluate("window.tsrLivePlay.moves"))


# -- choosing on the board, in a game of the reader's choosing --------------------------------------
CHOICES = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const rootId = JSON.parse(item.textContent).root_id;
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(rootId) != null);
  const column = (name) => {
    const data = doc.get_model_by_name(name).data;
    return Object.fromEntries(Array.from(data instanceof Map ? data : Object.entries(data), ([k, v]) => [k, Array.from(v)]));
  };
  return { choices: column("layer-choices"), table: doc.get_model_by_name("layer-table") ? column("layer-table") : null,
           floor: doc.get_model_by_name("layer-floor") ? column("layer-floor") : null };
}"""

TO_SCREEN = """([snapshot, x, y]) => {
  // the board's point (x, y) on the screen, through the plot's own scales, the board scrolled into view""" + LIVE_BOARD_JS + """
  const found = liveBoard(snapshot);
  if (!found) return null;
  const view = found[1];
  // the marks must be on the board itself, beside its figures (not on the cards or elsewhere)
  const onBoard = view.model.renderers.some((r) => r.data_source && ["layer-units", "layer-figures"].includes(r.data_source.name));
  if (!onBoard) return null;
  view.el.scrollIntoView({ block: "center" });
  const box = view.canvas_view.el.getBoundingClientRect();
  return [box.left + view.frame.x_scale.compute(x), box.top + view.frame.y_scale.compute(y)];
}"""

# Phlog as tan: the duel is lost before a single tap, so another scenario on the same side.
FLAG = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const rings = doc.get_model_by_name("layer-rings");
  const data = rings.data instanceof Map ? Object.fromEntries(rings.data) : rings.data;
  return Array.from(data.label).includes("the flag");
}"""

OTHER_GAME = {"simple_plastic": ("sniper_duel", "tan"), "phlog": ("duel", "green"),
              "dice_tactics": ("hill_country", "tan"), "one_brain_cell": ("skirmish", "tan"),
              "army_men": ("capture_the_flag", "tan")}  # every army-men table is 48 by 36: the flag shows instead


def _tap(page, snapshot, x, y) -> None:
    point = page.evaluate(TO_SCREEN, [snapshot.element_handle(), x, y])
    assert point is not None, "the choices are not marked on the live board's own plot"
    answered(page, lambda: page.mouse.click(*point), timeout=30_000)


@pytest.mark.parametrize("ruleset", sorted(PAGES))
def test_choose_the_game_then_play_it_by_tapping_the_board(open_page, ruleset):
    """Another scenario and side before "Play here"; then figures and targets chosen on the board itself,
    taps in quick succession included (Bokeh calls the second a double tap)."""
    path, _ = PAGES[ruleset]
    page, report = open_page(path)
    wait_for_boards(page)
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    first = snapshot.element_handle().evaluate(CHOICES)
    scenario, side = OTHER_GAME[ruleset]
    snapshot.locator(".tsr-live-scenario").select_option(scenario)
    snapshot.locator(".tsr-live-side").select_option(side)
    snapshot.locator(".tsr-play-here").click()
    snapshot.locator(".tsr-live-turn").wait_for(timeout=90_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    _full_mode(snapshot)
    board = snapshot.element_handle().evaluate(CHOICES)
    if ruleset == "army_men":
        assert snapshot.element_handle().evaluate(FLAG), "the capture-the-flag marker is not on the board"
    else:
        assert (board["table"], board["floor"]) != (first["table"], first["floor"]), "the board kept the old size"
    assert f"({side})" in snapshot.locator(".tsr-live-turn").inner_text()

    log = snapshot.locator(".tsr-live-log .tsr-live-entry")
    mine = lambda: snapshot.locator(".tsr-live-log .tsr-live-entry b", has_text="You:").count()  # noqa: E731
    by_tap = 0
    for _ in range(12):  # a figure, then a marked target, until a tap has played one action of ours
        if by_tap:
            break
        choices = snapshot.element_handle().evaluate(CHOICES)["choices"]
        if not choices["kind"]:
            answered(page, lambda: snapshot.locator(".tsr-live-play").click(), timeout=30_000)  # a card: from the list
            continue
        at = choices["kind"].index("target") if "target" in choices["kind"] else 0
        before = mine()
        _tap(page, snapshot, choices["x"][at], choices["y"][at])
        by_tap += mine() - before
    assert by_tap >= 1 and log.count() >= 1
    status = snapshot.locator(".tsr-live-status")
    if ruleset not in ("phlog", "dice_tactics"):  # a table: any point is tried, one too far is refused with its rule
        answered(page, lambda: snapshot.locator(".tsr-live-new").click(), timeout=30_000)
        assert mine() == 0  # a fresh game of the same choosing
        choices = snapshot.element_handle().evaluate(CHOICES)["choices"]
        for _ in range(4):  # a game that opens with a roll or a choice (1BC's initiative): from the list first
            if "piece" in choices["kind"] or "chosen" in choices["kind"]:
                break
            answered(page, lambda: snapshot.locator(".tsr-live-play").click(), timeout=30_000)
            choices = snapshot.element_handle().evaluate(CHOICES)["choices"]
        piece = choices["kind"].index("piece") if "piece" in choices["kind"] else choices["kind"].index("chosen")
        x, y = choices["x"][piece], choices["y"][piece]
        if choices["kind"][piece] == "piece":
            _tap(page, snapshot, x, y)
        board = snapshot.element_handle().evaluate(CHOICES)["table"]
        far = (board["right"][0] - 0.5) if x < board["right"][0] / 2 else 0.5
        _tap(page, snapshot, far, y)
        assert "Not allowed" in status.inner_text() and status.locator("a.rule-ref").count() == 1
    assert not report.problems, report.problems


def test_set_the_squad_up_by_tapping_the_table(open_page):
    """Army men, "tutorial set up yourselves": the bot's tan squad is placed first; each tap places the next
    green trooper where it falls, and a spot too near the enemy is refused with the deployment rule."""
    page, report = open_page(PAGES["army_men"][0])
    wait_for_boards(page)
    snapshot = page.locator('.tsr-snapshot[data-ruleset="army_men"]')
    snapshot.locator(".tsr-live-scenario").select_option("tutorial_set_up_yourselves")
    snapshot.locator(".tsr-live-side").select_option("green")
    snapshot.locator(".tsr-play-here").click()
    snapshot.locator(".tsr-live-turn").wait_for(timeout=90_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    log = snapshot.locator(".tsr-live-log")  # folded in simple mode (the default): its words, not its rendering
    assert "sets up" in log.text_content() and "t5" not in log.text_content()  # simple mode: no figure ids
    simple = snapshot.locator(".tsr-live-simple")
    simple.uncheck()  # the expert's log: the engine's own words
    assert "t5 sets up" in log.text_content()  # the bot's whole squad is on the table
    _tap(page, snapshot, 5.0, 10.0)  # a marked place within a finger's reach plays; open table is asked about first
    confirm = snapshot.locator(".tsr-live-confirm")
    if confirm.is_visible():
        assert "Go there?" in confirm.inner_text() and "g1" not in log.text_content()
        answered(page, lambda: confirm.get_by_role("button", name="Yes, play it").click())
    assert re.search(r"g1 sets up at \((\d+\.\d), (\d+\.\d)\)", log.text_content())
    _tap(page, snapshot, 30.0, 10.0)  # well within 24 inches of tan
    status = snapshot.locator(".tsr-live-status")
    assert "Not allowed" in status.inner_text() and "from the enemy" in status.inner_text()
    assert status.locator("a.rule-ref").inner_text() == "Deployment"
    _tap(page, snapshot, 5.9, 12.4)  # near a marked spot (within a finger's width): that spot, or asked which
    which = snapshot.locator(".tsr-which-option:visible")
    if which.count():
        answered(page, lambda: which.first.click())
    assert re.search(r"g2 sets up at \((\d+\.\d), (\d+\.\d)\)", log.text_content())
    assert not report.problems, report.problems


def test_pick_the_strong_opponent_then_another_mid_game(open_page):
    """The opponent picker (the snapshot's data-bots): the strong bot starts the game; another takes over."""
    page, report = open_page(PAGES["phlog"][0])
    wait_for_boards(page)
    snapshot = page.locator('.tsr-snapshot[data-ruleset="phlog"]')
    picker = snapshot.locator(".tsr-live-bot")
    assert picker.locator("option").evaluate_all("options => options.map(o => o.value)")[:2] == ["greedy", "strong"]
    picker.select_option("strong")
    snapshot.locator(".tsr-play-here").click()
    snapshot.locator(".tsr-live-turn").wait_for(timeout=90_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    answered(page, lambda: picker.select_option("greedy"), timeout=30_000)
    assert "Your opponent is now the greedy bot." in snapshot.locator(".tsr-live-status").inner_text()
    assert not report.problems, report.problems
