"""Sphinx extension: names for the theme's and myst-nb's controls that have none, or a wrong one.

axe-core (tests/browser/test_accessibility.py) finds three kinds of control in every page that come
from other packages' templates, each fixed here in the written HTML once the build is done:

- the left column's expand toggles (pydata-sphinx-theme's ``<details><summary>`` holding only a
  chevron icon): named after the page whose sub-pages they show;
- myst-nb's "Show code cell source" toggles, whose ``aria-label="Toggle hidden content"`` hides
  the visible words from a screen reader (and speech control, which goes by what is seen):
  the label goes, the visible words name the control;
- the theme's search button, ``aria-label="Search"`` over the visible "Search Ctrl+K": the same.

Every rewrite is idempotent: a page that an incremental build did not write again is left as it is.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from sphinx.application import Sphinx

# <a ...>Army Men</a><details open="open"><summary> — the theme's toctree, one line per entry (the page
# shown has class="current reference internal").
_NAV_TOGGLE = re.compile(
    r'(<a class="(?:current )?reference internal" href="[^"]*">([^<]*)</a><details(?: open="open")?>)<summary>')
_CELL_TOGGLE = '<summary aria-label="Toggle hidden content">'
_SEARCH_BUTTON = re.compile(r'(<button class="btn search-button-field[^"]*"[^>]*?) aria-label="Search"')


def accessible_html(page: str) -> str:
    """``page`` with every fix above made."""
    page = _NAV_TOGGLE.sub(
        lambda m: f'{m.group(1)}<summary aria-label="Pages of {html.escape(html.unescape(m.group(2)), quote=True)}">',
        page)
    page = page.replace(_CELL_TOGGLE, "<summary>")
    return _SEARCH_BUTTON.sub(r"\1", page)


def fix_pages(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for path in Path(app.outdir).rglob("*.html"):
        text = path.read_text(encoding="utf-8")
        fixed = accessible_html(text)
        if fixed != text:
            path.write_text(fixed, encoding="utf-8")


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", fix_pages)  # before offline_app (priority 900) hashes the pages
    return {"parallel_read_safe": True, "parallel_write_safe": True}
