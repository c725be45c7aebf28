"""Like the original army-men page: on a desktop every chapter page has three columns (the menu,
the rules, the chapter's Equipment and Notes), the last fed by the ruleset's own data."""

from __future__ import annotations

import pytest

from explorer.core.registry import all_rulesets

from .conftest import SITE

CHAPTER_PAGES = sorted(
    str(p.relative_to(SITE)) for name in all_rulesets() for p in (SITE / name).glob("*.html")
) if SITE.exists() else []


@pytest.mark.parametrize("path", CHAPTER_PAGES)
def test_every_chapter_page_has_its_rulesets_equipment_and_notes(path):
    ruleset = all_rulesets()[path.split("/")[0]]
    html = (SITE / path).read_text(encoding="utf-8")
    for item in ruleset.equipment + ruleset.notes:
        assert item.replace("'", "&#39;") in html or item in html, item


@pytest.mark.parametrize("path", ["simple_plastic/moving.html", "phlog/attacking.html", "phlog/index.html",
                                  "army_men/shooting.html"])
def test_three_columns_on_a_desktop(open_page, path):
    page, report = open_page(path, width=1366, height=900)
    menu = page.locator(".bd-sidebar-primary").bounding_box()
    rules = page.locator("article.bd-article").bounding_box()
    column = page.locator(".bd-sidebar-secondary .equipment-notes")
    assert column.is_visible()
    side = column.bounding_box()
    assert menu["x"] + menu["width"] <= rules["x"] + 1
    assert rules["x"] + rules["width"] <= side["x"] + 1
    assert side["y"] < 900, "Equipment and Notes are not in view at the top of the page"
    assert not page.locator(".equipment-notes--below").is_visible()
    assert column.get_by_text("Equipment", exact=True).is_visible()
    assert report.problems == []


def test_one_search_box_on_a_desktop(open_page):
    page, _ = open_page("simple_plastic/moving.html", width=1366)
    visible = [b for b in page.locator(".search-button-field").all() if b.is_visible()]
    assert len(visible) == 1
