"""Every page within its byte budget (issue 9): sizes, not times, so a test may hold them.

A text page loads under 1 MB in all, a page with boards under 3 MB, and no page's
own HTML is over 300 kB. Bytes are the uncompressed bodies of every file the page
loads in chromium (``benchmarks/site_weight.py`` prints the same figures per page).
"""

from __future__ import annotations

import pytest

from .conftest import SITE, bokeh_figures_expected
from .test_browser import PAGES

MB = 1_000_000
TEXT_PAGE_BUDGET = 1 * MB
BOARD_PAGE_BUDGET = 3 * MB
HTML_BUDGET = 300_000


def budget(path: str) -> int:
    return BOARD_PAGE_BUDGET if bokeh_figures_expected(path) else TEXT_PAGE_BUDGET


@pytest.mark.parametrize("path", PAGES)
def test_page_within_its_byte_budget(page_visit, path):
    loaded = page_visit(path).loaded_bytes
    assert loaded <= budget(path), f"{path} loads {loaded:,} bytes, over its budget of {budget(path):,}"


@pytest.mark.parametrize("path", PAGES)
def test_page_html_within_budget(path):
    size = (SITE / path).stat().st_size
    assert size <= HTML_BUDGET, f"{path} is {size:,} bytes of HTML, over {HTML_BUDGET:,}"
