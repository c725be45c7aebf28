"""Phones and projectors (issue 9, points 7 and 8).

- At 390 px no page scrolls sideways; a finger's swipe over a board scrolls
  the page and leaves the board where it was; a tap on a figure shows what
  hover shows.
- Projector mode: one toggle in the page header, remembered across pages
  and reloads, that enlarges the text and widens the boards.
"""

from __future__ import annotations

import pytest

from .conftest import SITE

PHONE_PAGES = ["index.html", "simple_plastic/index.html", "simple_plastic/moving.html", "phlog/moving.html",
               "simple_plastic/quick_reference.html", "phlog/quick_reference.html"]
BOARD_PAGES = ["simple_plastic/moving.html", "phlog/moving.html"]

pytestmark = pytest.mark.skipif(SITE.exists() and not all((SITE / p).exists() for p in PHONE_PAGES),
                                reason="this build lacks a chapter these tests visit")


@pytest.fixture
def open_phone(open_page):
    """A page in a 390 px phone context with touch, offline like every browser test."""
    def _open(path: str, *, width: int = 390, height: int = 844, touch: bool = True):
        return open_page(path, width=width, height=height, touch=touch)

    return _open


# The first board of the page: its name, ranges, and where one of its figures (or squares) is on screen.
BOARD = """() => {
  for (const doc of Bokeh.documents) {
    for (const fig of doc._all_models.values()) {
      if (!(typeof fig.name === 'string' && fig.name.endsWith('board') && 'x_range' in fig)) continue;
      const view = Bokeh.index.find_one(fig);
      if (view == null) continue;
      const box = view.el.getBoundingClientRect();
      if (box.width === 0) continue;
      const figures = fig.renderers.find(r => r.name === 'figures' || r.name === 'cells');
      const data = figures.data_source.data;
      const i = Math.floor(data.x.length / 2);
      const sx = view.frame.x_scale.compute(data.x[i]), sy = view.frame.y_scale.compute(data.y[i]);
      return {name: fig.name, ranges: [fig.x_range.start, fig.x_range.end, fig.y_range.start, fig.y_range.end],
              top: box.top, left: box.left, width: box.width, height: box.height,
              figure: [box.left + sx, box.top + sy]};
    }
  }
  return null;
}"""


def _board(page) -> dict:
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0 && Bokeh.index", timeout=20_000)
    page.wait_for_timeout(500)
    board = page.evaluate(BOARD)
    assert board is not None, "no board drawn"
    return board


@pytest.mark.parametrize("path", PHONE_PAGES)
def test_no_sideways_scroll_on_a_phone(open_phone, path):
    page, report = open_phone(path)
    if "moving" in path:
        _board(page)
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"{path} is {width} px wide at 390"
    assert report.problems == []


def test_the_home_pages_chapter_column_is_reachable_on_a_phone(open_phone):
    page, _ = open_phone("index.html")
    link = page.locator("table a[href$='simple_plastic/index.html']").first
    link.scroll_into_view_if_needed()
    box = link.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390


def test_equipment_and_notes_sit_below_the_text_on_a_phone(open_phone):
    page, _ = open_phone("simple_plastic/moving.html")
    article = page.locator("article.bd-article").bounding_box()
    first = page.locator("article.bd-article section > p").first.bounding_box()
    assert first["width"] >= 0.9 * article["width"], "the text is squeezed"
    column = page.locator(".equipment-notes--below .equipment-notes")
    assert column.is_visible(), "no Equipment and Notes below the text"
    box = column.bounding_box()
    assert box["width"] >= 0.9 * article["width"], "Equipment and Notes stand beside the text, not below it"
    assert box["y"] > article["y"] + article["height"] - 1, "Equipment and Notes stand before the text"


@pytest.mark.parametrize("path", BOARD_PAGES)
def test_a_swipe_over_a_board_scrolls_the_page(open_phone, path):
    page, report = open_phone(path)
    board = _board(page)
    page.evaluate(f"window.scrollTo(0, window.scrollY + {board['top']} - 200)")
    page.wait_for_timeout(300)
    board = _board(page)
    before = page.evaluate("window.scrollY")
    x = board["left"] + board["width"] / 2
    y = board["top"] + min(board["height"] * 0.8, 300)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]})
    for step in range(1, 11):
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y - 18 * step}]})
        page.wait_for_timeout(16)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    page.wait_for_timeout(600)
    after = page.evaluate("window.scrollY")
    assert after > before + 50, f"the page did not scroll ({before} -> {after})"
    assert page.evaluate(BOARD)["ranges"] == board["ranges"], "the board panned"
    assert report.problems == []


# The text of every tooltip Bokeh shows (they live in shadow roots).
TOOLTIPS = """() => {
  const out = [];
  const walk = (root) => {
    for (const e of root.querySelectorAll('*')) {
      if (e.classList && e.classList.contains('bk-Tooltip') && getComputedStyle(e).display !== 'none') {
        out.push((e.shadowRoot || e).textContent);
      }
      if (e.shadowRoot) walk(e.shadowRoot);
    }
  };
  walk(document);
  return out;
}"""


def _tooltips(page) -> list[str]:
    return page.evaluate(TOOLTIPS)


@pytest.mark.parametrize("path", BOARD_PAGES)
def test_a_tap_shows_what_hover_shows(open_phone, path):
    page, report = open_phone(path)
    board = _board(page)
    page.evaluate(f"window.scrollTo(0, window.scrollY + {board['top']} - 100)")
    page.wait_for_timeout(300)
    board = _board(page)
    assert _tooltips(page) == []
    page.touchscreen.tap(*board["figure"])
    page.wait_for_timeout(400)
    shown = _tooltips(page)
    assert shown and any(t.strip() for t in shown), "a tap showed no tooltip"
    assert page.evaluate(BOARD)["ranges"] == board["ranges"]
    assert report.problems == []


def _font(page) -> float:
    return page.evaluate("parseFloat(getComputedStyle(document.body).fontSize)")


def test_projector_mode_enlarges_and_is_remembered(open_phone):
    page, report = open_phone("simple_plastic/moving.html", width=1920, height=1080, touch=False)
    before = _board(page)
    font = _font(page)
    toggle = page.get_by_role("button", name="Projector")
    assert toggle.count() == 1 and toggle.get_attribute("aria-pressed") == "false"
    toggle.focus()
    page.keyboard.press("Enter")  # keyboard accessible
    page.wait_for_timeout(800)
    assert page.evaluate("document.documentElement.classList.contains('tsr-projector')")
    assert toggle.get_attribute("aria-pressed") == "true"
    assert _font(page) >= 1.3 * font
    after = _board(page)
    assert after["width"] > 1.3 * before["width"], "the board did not widen"
    # it fills the screen, but no more than the screen: the whole table in view without scrolling
    assert after["width"] >= 0.75 * 1920 or after["height"] >= 0.75 * 1080, after
    assert after["height"] <= 1080, "the board is taller than the screen"
    # the markers grew too (they are sized in screen pixels)
    size = page.evaluate("""() => { for (const d of Bokeh.documents) for (const m of d._all_models.values())
        if (m.type === 'Scatter' && m.name === 'figures') return m.size.value ?? m.size; return null; }""")
    assert size is None or size >= 20
    # remembered: after a reload and on another page
    page.reload(wait_until="load")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.classList.contains('tsr-projector')")
    assert _font(page) >= 1.3 * font
    page.goto(page.url.replace("simple_plastic/moving.html", "phlog/moving.html"), wait_until="load")
    page.wait_for_load_state("networkidle")
    assert page.evaluate("document.documentElement.classList.contains('tsr-projector')")
    # and off again
    page.get_by_role("button", name="Projector").click()
    page.wait_for_timeout(300)
    assert not page.evaluate("document.documentElement.classList.contains('tsr-projector')")
    assert page.evaluate("localStorage.getItem('tsr-projector')") == "off"
    assert report.problems == []


def test_projector_mode_marks_the_selected_button_strongly(open_phone):
    # simple_plastic/attacking has Bokeh button groups (pick an attacker, a target)
    page, report = open_phone("simple_plastic/attacking.html", width=1920, height=1080, touch=False)
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0", timeout=20_000)
    page.evaluate("localStorage.setItem('tsr-projector', 'on')")
    page.reload(wait_until="load")
    page.wait_for_load_state("networkidle")
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0", timeout=20_000)
    page.wait_for_timeout(1500)
    active = page.locator(".bk-btn.bk-active, .widget-toggle-button.mod-active, .jupyter-button.mod-active")
    assert active.count() > 0, "no selected button on the page"
    colour = active.first.evaluate("e => getComputedStyle(e).backgroundColor")
    rgb = [int(c) for c in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
    assert sum(rgb) / 3 < 100, f"the selected button is {colour}, not strongly marked"
    assert report.problems == []
