"""What the tabletop chapters' pages share on the static site: a replay that steps, pages that fit a phone."""

from __future__ import annotations

import pytest

from .conftest import SITE, wait_for_boards

CHAPTERS = [name for name in ("simple_plastic", "army_men") if (SITE / name / "full_game.html").exists()]


@pytest.mark.parametrize("chapter", CHAPTERS)
def test_replay_forward_button_changes_the_log_and_the_board(open_page, chapter):
    page, report = open_page(f"{chapter}/full_game.html")
    wait_for_boards(page)
    log = page.locator(".replay-log div").first
    log.scroll_into_view_if_needed()
    assert "Start of the game" in log.inner_text()
    # The replay's own board: the one in the column that holds the replay log (live play draws another).
    board = page.locator(".bk-Column", has=page.locator(".replay-log")).locator(".bk-Figure").first
    before = board.screenshot()
    forward = page.get_by_role("button", name="Forward ▶")
    for _ in range(3):
        forward.click()
        page.wait_for_timeout(200)
    assert "Step 3" in log.inner_text()
    assert board.screenshot() != before
    page.get_by_role("button", name="◀ Back").click()
    page.wait_for_timeout(200)
    assert "Step 2" in log.inner_text()
    assert report.problems == []


# A cell's output that is wider than its column scrolls inside it (or is cut), so the page itself does not: each
# output but a table (which scrolls sideways by design) must fit. Bokeh wraps neither a legend nor a title.
OUTPUTS_WIDER_THAN_THEIR_COLUMN = """() => [...document.querySelectorAll('.cell_output .output')]
    .filter(e => !e.querySelector('table') && e.scrollWidth > e.clientWidth + 2)
    .map(e => `${e.closest('section') ? e.closest('section').id : ''}: ${e.scrollWidth} px in ${e.clientWidth}`)"""


@pytest.mark.parametrize("path", ["simple_plastic/index.html", "simple_plastic/attacking.html",
                                  "simple_plastic/full_game.html", "army_men/index.html", "army_men/shooting.html",
                                  "army_men/army.html", "army_men/full_game.html", "classroom/house_rules.html",
                                  "phlog/attacking.html"])
def test_phone_width_has_no_sideways_scroll(open_page, path):
    if not (SITE / path).exists():
        pytest.skip(f"this build has no {path}")
    page, _ = open_page(path, width=390, height=844)
    wait_for_boards(page)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
    assert page.evaluate(OUTPUTS_WIDER_THAN_THEIR_COLUMN) == []
