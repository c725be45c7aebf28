"""The printable book: the PDFs 'make site' prints into the built site, the links to them, the print rules."""

from __future__ import annotations

import posixpath
import re
from html.parser import HTMLParser

import pytest
from pypdf import PdfReader

from explorer.core.registry import all_rulesets
from conformance.cases import shipped_rulesets
from sitebuild import pdf as printable

from .conftest import SITE

RULESETS = sorted(shipped_rulesets())  # the site's (not the test run's toy ruleset: it has no PDF)


def _read(name: str) -> PdfReader:
    path = SITE / name
    assert path.is_file(), f"{name} is missing: 'make site' (or 'make pdf') prints it"
    assert path.read_bytes()[:5] == b"%PDF-"
    return PdfReader(path)


def _words(text: str) -> str:
    """Text to compare: case, spacing and hyphens (army-men, Army Men) aside."""
    return " ".join(text.replace("-", " ").split()).casefold()


def _page_title(path: str) -> str:
    """The page's heading, as the site shows it (without the ¶ of its link)."""
    html = (SITE / path).read_text(encoding="utf-8")
    heading = re.search(r"<h1[^>]*>(.*?)</h1>", html, re.S).group(1)
    return " ".join(re.sub(r"<[^>]+>|¶|#", " ", heading).split())


class _Links(HTMLParser):
    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self._inside = 0

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if tag == "p" and "tsr-pdf-links" in (attributes.get("class") or ""):
            self._inside = 1
        elif self._inside and tag == "a":
            self.hrefs.append(attributes["href"])

    def handle_endtag(self, tag):
        if tag == "p":
            self._inside = 0


def _pdf_links(path: str) -> list[str]:
    """The PDFs a built page links, as paths from the site's root."""
    parser = _Links()
    parser.feed((SITE / path).read_text(encoding="utf-8"))
    return [posixpath.normpath(posixpath.join(posixpath.dirname(path), href)) for href in parser.hrefs]


def test_every_ruleset_has_a_quick_reference_pdf_with_its_title():
    assert len(RULESETS) == 5
    for name in RULESETS:
        page = f"{name}/quick_reference.html"
        sheet = printable.quick_reference_pdf(f"{name}/quick_reference")
        reader = _read(sheet)
        assert len(reader.pages) == 1, f"{sheet} takes {len(reader.pages)} sheets, not one"
        text = _words("".join(p.extract_text() for p in reader.pages))
        assert _words(_page_title(page)) in text, f"{sheet} lacks its page's title"
        assert _words(all_rulesets()[name].title) in text, f"{sheet} does not name its rules"


def _bookmarks(reader: PdfReader, outline=None, depth: int = 0) -> list[tuple[int, str, int]]:
    """The outline, flattened: [(depth, title, page index)]."""
    found = []
    for item in reader.outline if outline is None else outline:
        if isinstance(item, list):
            found += _bookmarks(reader, item, depth + 1)
        else:
            found.append((depth, item.title, reader.get_destination_page_number(item)))
    return found


def test_the_rulebook_holds_every_page_of_the_menu_in_order():
    pages = printable.book_pages((SITE / "index.html").read_text(encoding="utf-8"))
    assert len(pages) >= 50 and pages[0][0] == "index.html"
    reader = _read(printable.BOOK_PDF)
    assert len(reader.pages) > len(pages)  # a title page, then at least a sheet a page
    bookmarks = _bookmarks(reader)
    assert [title for _, title, _ in bookmarks] == ["Title page"] + [title for _, title in pages]
    starts = [start for _, _, start in bookmarks]
    assert starts == sorted(set(starts)) and starts[0] == 0  # a page of its own for each, in order
    # a chapter's pages sit under its first: the quick references one level down
    assert [depth for depth, title, _ in bookmarks if title == "Quick reference"] == [1] * len(RULESETS)
    first = _words(reader.pages[0].extract_text())
    assert _words("Toy Soldier Rules Explorer") in first and _words(printable.CREDITS) in first
    # the pages themselves, not just their bookmarks: each quick reference on the sheet its bookmark opens
    for _, title, start in bookmarks:
        if title == "Quick reference":
            assert "quick reference" in _words(reader.pages[start].extract_text())


@pytest.mark.parametrize("path", ["index.html"] + [f"{name}/quick_reference.html" for name in RULESETS])
def test_the_site_links_its_pdfs_and_the_links_resolve(path):
    links = _pdf_links(path)
    assert printable.BOOK_PDF in links
    if path != "index.html":
        assert printable.quick_reference_pdf(path.removesuffix(".html")) in links
    for link in links:
        assert (SITE / link).is_file(), f"{path} links {link}, which is missing"


def test_a_pdf_link_is_served_as_a_pdf(open_page):
    page, report = open_page("simple_plastic/quick_reference.html")
    link = page.locator(".tsr-pdf-links a").first
    response = page.request.get(link.evaluate("a => a.href"))
    assert response.ok and response.body()[:5] == b"%PDF-"
    assert report.problems == []


@pytest.mark.parametrize("path", ["index.html", "simple_plastic/full_game.html"])
def test_print_hides_the_navigation_and_the_controls(open_page, path):
    page, _ = open_page(path)
    page.emulate_media(media="print")
    for selector in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-header-article",
                     ".prev-next-footer", ".bd-footer", "#searchbox", ".tsr-pdf-links", ".tsr-play-bar",
                     ".tsr-live", "details.hide"):
        for element in page.locator(selector).all():
            assert not element.is_visible(), f"{selector} prints on {path}"
    # the page's own buttons (Bokeh's, inside its boards, are hidden by sitebuild/pdf.py when it prints)
    shown = page.evaluate("() => [...document.querySelectorAll('button')].filter(b => b.checkVisibility()).length")
    assert shown == 0, f"{shown} buttons print on {path}"
    assert page.locator("h1:visible").first.inner_text().strip() == _page_title(path)  # the title still prints
