"""The reader's side of the built site: printable sheets (no raw markup, no icon script: test_every_page.py)."""

from __future__ import annotations

import re

import pytest

from .conftest import SITE

QUICK_REFERENCES = [f"{name}/quick_reference.html" for name in
                    ("simple_plastic", "phlog", "army_men", "one_brain_cell", "dice_tactics")]
# A PDF's page objects are "/Type /Page"; the page tree is "/Type /Pages".
_PDF_PAGE = re.compile(rb"/Type\s*/Page(?!s)")


def _pdf_pages(pdf: bytes) -> int:
    return len(_PDF_PAGE.findall(pdf))


@pytest.mark.parametrize("paper", ["A4", "Letter"])
@pytest.mark.parametrize("path", QUICK_REFERENCES)
def test_quick_reference_prints_on_one_sheet(open_page, path, paper):
    page, report = open_page(path)
    assert page.locator(".one-sheet").first.is_visible()  # the note saying so, on screen
    pdf = page.pdf(format=paper)
    assert _pdf_pages(pdf) == 1, f"{path} prints on {_pdf_pages(pdf)} {paper} pages"
    assert report.problems == []


@pytest.mark.parametrize("path", QUICK_REFERENCES)
def test_printed_quick_reference_is_the_page_alone_black_on_white(open_page, path):
    page, _ = open_page(path)
    page.emulate_media(media="print")
    for selector in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-header-article",
                     "#jb-print-toc", ".prev-next-footer", ".bd-footer", ".one-sheet"):
        for element in page.locator(selector).all():
            assert not element.is_visible(), f"{selector} prints on {path}"
    assert page.locator("article h1").first.is_visible()
    cells = page.evaluate("""() => [...document.querySelectorAll('article table th, article table td')].map(c => {
        const s = getComputedStyle(c);
        return [s.color, s.backgroundColor, s.borderTopStyle, s.borderTopColor];
    })""")
    assert cells
    for color, background, border_style, border_color in cells:
        assert color == "rgb(0, 0, 0)"
        assert background in ("rgb(255, 255, 255)", "rgba(0, 0, 0, 0)")
        assert border_style == "solid" and border_color == "rgb(0, 0, 0)"


# Every word of a table heading, as a DOM range: a word the line breaks inside has more than one box.
_WORDS_BROKEN_INSIDE = """() => {
    const broken = [];
    for (const th of document.querySelectorAll('article table thead th')) {
        const walker = document.createTreeWalker(th, NodeFilter.SHOW_TEXT);
        for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const word of node.data.matchAll(/\\S+/g)) {
                const range = document.createRange();
                range.setStart(node, word.index);
                range.setEnd(node, word.index + word[0].length);
                if (range.getClientRects().length > 1) broken.push(word[0]);
            }
        }
    }
    return broken;
}"""


@pytest.mark.parametrize("path", QUICK_REFERENCES)
def test_printed_quick_reference_never_breaks_a_table_heading_inside_a_word(open_page, path):
    page, _ = open_page(path)
    page.emulate_media(media="print")
    page.set_viewport_size({"width": 703, "height": 1046})  # A4 less its 12 mm margins, at 96 dpi
    assert page.evaluate(_WORDS_BROKEN_INSIDE) == []


    assert not (SITE / "_static" / "scripts" / "fontawesome.js").exists()
