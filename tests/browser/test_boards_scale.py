"""Boards at true scale, with a legend, at a phone's, a desktop's and a projector's width.

An inch (Simple Plastic) or a square (Phlog) must be as many pixels across as
up, so a move ring is a circle of the right radius. Measured in the browser
from what BokehJS laid out: each board's frame size (``inner_width``,
``inner_height``) over the span of its ranges, read through
``Bokeh.documents``.
"""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

PAGES = ["simple_plastic/moving.html", "phlog/moving.html"]
WIDTHS = [390, 1280, 1920]

pytestmark = pytest.mark.skipif(not all((SITE / page).exists() for page in PAGES) and SITE.exists(),
                                reason="this build has no Simple Plastic or Phlog chapter")

# Every figure whose name ends in "board" is a board; for each: pixels per unit across and up,
# the pixel width and height of its rings (if it has any), and whether a legend is in the same layout.
MEASURE = """() => {
  const boards = [];
  for (const doc of Bokeh.documents) {
    const models = [...doc._all_models.values()];
    const legends = models.filter(m => (m.css_classes || []).includes('tsr-board-legend'));
    for (const fig of models) {
      if (!(typeof fig.name === 'string' && fig.name.endsWith('board') && 'x_range' in fig && 'inner_width' in fig)) {
        continue;
      }
      const across = fig.inner_width / Math.abs(fig.x_range.end - fig.x_range.start);
      const up = fig.inner_height / Math.abs(fig.y_range.end - fig.y_range.start);
      const rings = [];
      for (const r of fig.renderers) {
        if (r.name !== 'rings') continue;
        const data = r.data_source.data;
        for (let i = 0; i < (data.diameter || []).length; i++) {
          rings.push([data.diameter[i] * across, data.diameter[i] * up]);
        }
      }
      boards.push({name: fig.name, width: fig.inner_width, height: fig.inner_height, across, up, rings,
                   legends: legends.length});
    }
  }
  return boards;
}"""


def measure(page) -> list[dict]:
    page.wait_for_function("() => window.Bokeh && Bokeh.documents.length > 0", timeout=20_000)
    page.wait_for_timeout(300)
    return page.evaluate(MEASURE)


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("path", PAGES)
def test_an_inch_or_a_square_is_as_long_across_as_up(open_page, path, width):
    page, report = open_page(path, width=width, height=900)
    wait_for_boards(page, settle_ms=800)
    boards = measure(page)
    assert boards, f"no board on {path}"
    for board in boards:
        assert board["width"] > 0 and board["height"] > 0, board
        assert board["up"] == pytest.approx(board["across"], rel=0.02), board
        for ring_width, ring_height in board["rings"]:
            assert ring_height == pytest.approx(ring_width, rel=0.02), board
    # boards fill the width available: on a phone no board is narrower than two thirds of the screen
    if width == 390:
        assert min(board["width"] for board in boards) >= 390 * 0.6
    assert report.problems == []


@pytest.mark.parametrize("width", [390, 1280])
@pytest.mark.parametrize("path", PAGES)
def test_every_board_has_a_legend_below_it(open_page, path, width):
    page, _ = open_page(path, width=width, height=900)
    wait_for_boards(page)
    boards = measure(page)
    assert boards and all(board["legends"] >= 1 for board in boards)
    legends = page.locator(".tsr-board-legend-body")  # the legend's HTML, inside the Div's shadow root
    assert legends.count() >= len(boards)
    for index in range(legends.count()):
        legend = legends.nth(index)
        legend.scroll_into_view_if_needed()
        assert legend.is_visible()
        text = legend.inner_text()
        assert "green" in text and "tan" in text
        # readable: real text, at least 12 px, near-black (over 15:1 on the white it sits on)
        size, colour = legend.evaluate("e => { const s = getComputedStyle(e); return [parseFloat(s.fontSize), s.color]; }")
        assert size >= 12 and colour in ("rgb(26, 26, 26)", "rgb(0, 0, 0)")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
