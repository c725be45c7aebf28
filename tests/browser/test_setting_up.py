"""Set up the table on a full-game page (live-play/setup.js), tried as a teacher would at 1280x800: the board
becomes an editor; a tap picks a figure and another moves it; a move into a building is refused in words with
nothing changed; a figure is removed, one added, a grid square changed; a hedge made longer and turned by its
controls; figures dragged with the mouse and with a finger (live-play/drag.js), an illegal drop refused in words;
the set-up's link carries it (a save with no actions) and Done plays from there. Screenshots of the editor at 1280
and 390 go to /tmp for a look."""

from __future__ import annotations

import json
import math

import pytest

from explorer.core.session.saving import _unpack_link

from .conftest import BOARD_JS, LIVE_BOARD_JS, answered, axe_violations, moves_made, wait_for_boards


def _open_table(open_page, ruleset: str, width: int = 1280, height: int = 800, touch: bool = False):
    page, report = open_page(f"{ruleset}/full_game.html", width=width, height=height, touch=touch)
    wait_for_boards(page)
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    page.locator(".tsr-play-now").click()
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    return page, report, table


def _tap(page, table, x, y) -> None:
    """A click on the board at board point (x, y), and the engine's answer shown."""
    point = page.evaluate(BOARD_JS, [table.element_handle(), [[x, y]]])["screen"][0]
    answered(page, lambda: page.mouse.click(*point))


def _said(table) -> str:
    return table.locator(".tsr-setup-said").inner_text()


def _play_by_taps(page, table) -> None:
    """Play one action from the set-up by taps: a ringed figure, then the first spot marked for it."""
    before = int(table.get_attribute("data-live-moves"))
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    piece = marks["kinds"].index("piece")
    _tap(page, table, marks["xs"][piece], marks["ys"][piece])
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    target = marks["kinds"].index("target")
    _tap(page, table, marks["xs"][target], marks["ys"][target])
    for answer in (".tsr-which-option", ".tsr-confirm-yes"):  # asked which, or asked first: the first answer
        if table.locator(answer).first.is_visible():
            answered(page, lambda: table.locator(answer).first.click())
    assert int(table.get_attribute("data-live-moves")) > before


def _linked_save(page, table) -> dict:
    """The set-up's save, as Copy link carries it (the link's fragment, read as the engine reads it)."""
    answered(page, lambda: table.locator(".tsr-setup-link").click())
    url = table.locator(".tsr-live-link-text").input_value()
    return _unpack_link(url.split("#game=", 1)[1])["save"]


def test_a_tabletop_set_up_by_taps_and_played(open_page):
    page, report, table = _open_table(open_page, "simple_plastic")
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    editor = table.locator(".tsr-setup")
    assert editor.is_visible() and not table.locator(".tsr-live-step").is_visible()
    _tap(page, table, 5, 15)
    assert "Picked: g1" in table.locator(".tsr-setup-picked").inner_text()
    _tap(page, table, 10, 30)
    assert _said(table) == "g1 moved."
    _tap(page, table, 24, 18)  # into the farmhouse
    assert "g1 stands inside solid terrain" in _said(table)
    _tap(page, table, 43, 15)
    answered(page, lambda: table.locator(".tsr-setup-remove").click())
    assert _said(table) == "t1 taken off."
    table.locator(".tsr-setup-kind").select_option("Trooper")
    table.locator(".tsr-setup-side").select_option("green")
    answered(page, lambda: table.locator(".tsr-setup-add").click())
    _tap(page, table, 12, 30)
    assert _said(table).startswith("Trooper g7 set down")
    controls = ".tsr-setup button:visible, .tsr-setup select:visible, .tsr-setup input:visible"
    for control in table.locator(controls).all():
        box = control.bounding_box()
        assert box["height"] >= 44, f"{control.inner_text()!r} is {box['height']} px high"
    page.screenshot(path="/tmp/setup38-editor-1280.png")
    save = _linked_save(page, table)
    figures = {f["id"]: f for f in save["start"]["position"]["figures"]}
    assert save["actions"] == [] and (figures["g1"]["x"], figures["g1"]["y"]) == (10.0, 30.0)
    assert "t1" not in figures and (figures["g7"]["x"], figures["g7"]["y"]) == (12.0, 30.0)
    answered(page, lambda: table.locator(".tsr-setup-done").click())
    assert not editor.is_visible() and _said(table) == ""
    assert table.locator(".tsr-live-status").inner_text() == "Set up: play from here."
    _play_by_taps(page, table)
    assert not report.problems, report.problems


def test_a_grid_set_up_and_played(open_page):
    page, report, table = _open_table(open_page, "dice_tactics")
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    table.locator(".tsr-setup-square-kind").select_option("forest")
    answered(page, lambda: table.locator(".tsr-setup-paint").click())
    _tap(page, table, 1, 2)
    assert _said(table) == "Square 1, 2: forest."
    answered(page, lambda: table.locator(".tsr-setup-stop").click())
    save = _linked_save(page, table)
    assert save["setup"]["terrain"][2] == ".fT.=.T.." and save["actions"] == []
    unit = next(u for u in save["start"]["position"]["units"] if u[0] == "green-1")
    _tap(page, table, *unit[4])
    assert "Picked: green-1" in table.locator(".tsr-setup-picked").inner_text()
    _tap(page, table, 3, 0)  # onto a windmill: refused, and green-1 stays where it was
    assert "green-1 stands on a windmill that holds resources" in _said(table), _said(table)
    assert "Picked: green-1" in table.locator(".tsr-setup-picked").inner_text()
    _tap(page, table, 1, 3)
    assert _said(table) == "green-1 moved."
    assert next(u for u in _linked_save(page, table)["start"]["position"]["units"] if u[0] == "green-1")[4] == [1, 3]
    answered(page, lambda: table.locator(".tsr-setup-done").click())
    assert not table.locator(".tsr-setup").is_visible()
    step = table.locator(".tsr-live-step")
    if step.is_visible():
        before = int(table.get_attribute("data-live-moves"))
        answered(page, lambda: step.click())
        assert int(table.get_attribute("data-live-moves")) > before
    assert not report.problems, report.problems


def test_the_editor_on_a_phone(open_page, axe_script):
    page, report, table = _open_table(open_page, "phlog", width=390, height=844)
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    table.locator(".tsr-setup").scroll_into_view_if_needed()
    page.screenshot(path="/tmp/setup38-editor-390.png")
    page.screenshot(path="/tmp/setup38-editor-390-full.png", full_page=True)
    assert table.locator(".tsr-setup-cards").is_visible()  # Phlog's hands and piles
    assert axe_violations(page, axe_script, include=".tsr-setup") == []
    table.locator(".tsr-setup-card").select_option(index=0)
    answered(page, lambda: table.locator(".tsr-setup-move-card").click())
    assert _said(table).endswith("from green's hand to green's draw pile."), _said(table)
    assert not report.problems, report.problems


def test_a_hedge_made_longer_and_turned_by_its_controls(open_page, axe_script):
    page, report, table = _open_table(open_page, "simple_plastic")
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    table.locator(".tsr-setup-terrain-name").select_option("hedge")
    width, depth = table.locator(".tsr-setup-width"), table.locator(".tsr-setup-depth")
    assert (width.input_value(), depth.input_value()) == ("10", "1")  # the scenario's hedge, along it and across
    width.fill("60")
    answered(page, lambda: table.locator(".tsr-setup-resize").click())
    assert "Not set: a width is a number of inches above 0 and at most 48" in _said(table), _said(table)
    assert width.input_value() == "10"  # refused: the box shows the hedge as it is
    width.fill("12")
    depth.fill("0.5")
    answered(page, lambda: table.locator(".tsr-setup-resize").click())
    assert _said(table) == "hedge: 12 by 0.5 inches."
    answered(page, lambda: table.locator(".tsr-setup-turn-terrain").click())
    assert _said(table) == "hedge turned 45 degrees."
    assert (width.input_value(), depth.input_value()) == ("12", "0.5")  # turned, it keeps its length
    for control in (width, depth, table.locator(".tsr-setup-resize"), table.locator(".tsr-setup-turn-terrain")):
        assert control.bounding_box()["height"] >= 44
    assert axe_violations(page, axe_script, include=".tsr-setup") == []  # the boxes labelled in words
    hedge = _linked_save(page, table)["setup"]["terrain"][1]
    assert hedge["name"] == "hedge" and hedge["points"] == [  # 12 by 0.5 about (17, 6.5), turned 45 degrees
        [12.934136, 2.080583], [21.419417, 10.565864], [21.065864, 10.919417], [12.580583, 2.434136]]
    assert not report.problems, report.problems


# The live board's x range and a finger's reach (22 CSS px) in board units: a pan changes the one, a drop is
# placed within the other.
RANGES_JS = """([snapshot]) => {""" + LIVE_BOARD_JS + """
  const [, view] = liveBoard(snapshot);
  const xs = view.frame.x_scale;
  return { x: [view.model.x_range.start, view.model.x_range.end], reach: Math.abs(xs.invert(22) - xs.invert(0)) };
}"""


def _screen(page, table, *points):
    return page.evaluate(BOARD_JS, [table.element_handle(), [list(p) for p in points]])["screen"]


def _mouse_drag(page, table, start, end) -> None:
    (x0, y0), (x1, y1) = _screen(page, table, start, end)
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(x1, y1, steps=8)
    page.mouse.up()


def _finger_drag(page, table, start, end) -> None:
    """A one-finger drag by the browser's own touch input (CDP), as a phone's touch screen sends it."""
    (x0, y0), (x1, y1) = _screen(page, table, start, end)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]})
    for step in range(1, 9):
        point = {"x": x0 + (x1 - x0) * step / 8, "y": y0 + (y1 - y0) * step / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})


def _figure_at(page, table, piece: str) -> tuple[float, float]:
    figure = next(f for f in _linked_save(page, table)["start"]["position"]["figures"] if f["id"] == piece)
    return figure["x"], figure["y"]


def test_figures_dragged_with_the_mouse_an_illegal_drop_refused_and_open_table_still_panned(open_page):
    page, report, table = _open_table(open_page, "simple_plastic")
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    reach = page.evaluate(RANGES_JS, [table.element_handle()])["reach"]
    answered(page, lambda: _mouse_drag(page, table, (5, 15), (10, 30)))
    assert _said(table) == "g1 moved."
    assert math.dist(_figure_at(page, table, "g1"), (10, 30)) <= reach
    answered(page, lambda: _mouse_drag(page, table, (5, 15.75), (50, 20)))  # off the table's right edge
    assert "Not set: g2 cannot stand there" in _said(table) and "off the 48 by 36 inch table" in _said(table)
    assert _figure_at(page, table, "g2") == (5.0, 15.75)
    # Zoomed in (the whole table cannot pan), a drag of a piece moves it and leaves the board where it is; a drag
    # from open table (here the farmhouse: terrain is not dragged) pans the board and asks the editor nothing.
    page.mouse.move(*_screen(page, table, (12, 20))[0])
    page.mouse.wheel(0, -200)
    page.wait_for_timeout(500)
    zoomed = page.evaluate(RANGES_JS, [table.element_handle()])["x"]
    answered(page, lambda: _mouse_drag(page, table, (5, 16.5), (8, 20)))
    assert _said(table) == "g3 moved." and page.evaluate(RANGES_JS, [table.element_handle()])["x"] == zoomed
    moves = moves_made(page)
    _mouse_drag(page, table, (22, 20), (26, 16))
    page.wait_for_timeout(300)
    assert page.evaluate(RANGES_JS, [table.element_handle()])["x"] != zoomed, "open table did not pan"
    assert moves_made(page) == moves
    assert not report.problems, report.problems


def test_a_figure_dragged_by_a_finger_on_a_phone(open_page):
    page, report, table = _open_table(open_page, "simple_plastic", width=390, height=844, touch=True)
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    table.evaluate("(t) => t.scrollTo(0, 0)")
    scrolled = table.evaluate("(t) => [t.scrollTop, window.scrollY]")
    reach = page.evaluate(RANGES_JS, [table.element_handle()])["reach"]
    answered(page, lambda: _finger_drag(page, table, (5, 15), (10, 30)))
    assert _said(table) == "g1 moved." and table.evaluate("(t) => [t.scrollTop, window.scrollY]") == scrolled
    assert math.dist(_figure_at(page, table, "g1"), (10, 30)) <= reach
    answered(page, lambda: _finger_drag(page, table, (5, 16.5), (24, 18)))  # into the farmhouse
    assert "Not set: g3 cannot stand there" in _said(table) and "g3 stands inside solid terrain" in _said(table)
    assert _figure_at(page, table, "g3") == (5.0, 16.5)
    answered(page, lambda: page.touchscreen.tap(*_screen(page, table, (5, 17.25))[0]))  # a tap still picks
    assert "Picked: g4" in table.locator(".tsr-setup-picked").inner_text()
    moves = moves_made(page)
    _finger_drag(page, table, (30, 8), (30, 26))  # a swipe from open table scrolls as before, and asks nothing
    page.wait_for_timeout(600)
    assert table.evaluate("(t) => t.scrollTop + window.scrollY") > sum(scrolled) + 20 and moves_made(page) == moves
    assert not report.problems, report.problems
