"""The built site in a real browser: offline, error-free, boards draw and react."""

from __future__ import annotations

import pytest

from .conftest import SITE

PAGES = sorted(
    str(p.relative_to(SITE)) for p in SITE.rglob("*.html") if "_static" not in p.parts and "_sources" not in p.parts
) if SITE.exists() else ["index.html"]


def _bokeh_figures_expected(path: str) -> int:
    """Boards on a page: inside ipywidgets (live play) or embedded straight into the page."""
    html = (SITE / path).read_text(encoding="utf-8")
    widgets = html.count('"model_name": "BokehModel"') + html.count('"model_name":"BokehModel"')
    return widgets + html.count('class="tsr-bokeh"')


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_offline_without_errors(open_page, path):
    page, report = open_page(path)
    if _bokeh_figures_expected(path):
        page.locator("canvas").first.wait_for(timeout=20_000)
    assert report.problems == []


@pytest.mark.parametrize("path", [p for p in PAGES if _bokeh_figures_expected(p)])
def test_every_bokeh_figure_draws_a_canvas(open_page, path):
    page, _ = open_page(path)
    expected = _bokeh_figures_expected(path)
    # Bokeh draws inside shadow roots; Playwright's locators look inside them.
    figures = page.locator(".bk-Figure")
    figures.first.wait_for(timeout=20_000)
    drawn = [box for box in (f.bounding_box() for f in figures.all()) if box and box["width"] * box["height"] > 0]
    assert len(drawn) >= expected


def test_moving_a_slider_changes_the_odds_chart(open_page):
    page, report = open_page("classroom/dice.html")
    page.locator(".bk-Figure").first.wait_for(timeout=20_000)
    summary = page.get_by_text("dice needing").first
    before_text = summary.inner_text()
    chart = page.locator(".bk-Figure, .bk-Canvas").first
    before = chart.screenshot()
    handle = page.locator(".noUi-handle").first
    handle.focus()
    handle.press("ArrowRight")
    handle.press("ArrowRight")
    page.wait_for_timeout(300)
    assert summary.inner_text() != before_text
    assert summary.inner_text().startswith("6 dice")
    assert chart.screenshot() != before
    assert report.problems == []


def test_phone_width_has_no_sideways_scroll(open_page):
    page, _ = open_page("index.html", width=390, height=844)
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1
