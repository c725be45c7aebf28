"""The built concept index: every link on it leads to a page and an anchor that the built site has."""

from __future__ import annotations

from html.parser import HTMLParser
from urllib.parse import unquote, urlparse

import pytest

from explorer.core.concepts import concept_index
from tests.conformance.cases import shipped_rulesets

from .conftest import SITE

PAGE = "compare/concepts.html"

pytestmark = pytest.mark.skipif(SITE.exists() and not (SITE / PAGE).exists(),
                                reason="this build lacks the concept index")


class _Ids(HTMLParser):
    def __init__(self, text: str):
        super().__init__()
        self.ids: set[str] = set()
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        self.ids.update(value for name, value in attrs if name == "id" and value)


def test_every_link_on_the_concepts_page_leads_to_an_anchor_that_exists(open_page, base_url):
    page, _ = open_page(PAGE)
    # a.href is the link resolved against the page's own address, as a click would follow it
    hrefs = page.evaluate("() => [...document.querySelectorAll('article a[href]')].map(a => a.href)")
    rule_links = page.evaluate("() => document.querySelectorAll('article a.rule-ref').length")
    # a link in every row; the built site has the shipped rulesets (not the test run's toy one)
    assert rule_links == sum(len(rows) for rows in concept_index(shipped_rulesets()).values())
    broken = []
    for href in hrefs:
        url = urlparse(href)
        if f"{url.scheme}://{url.netloc}" != base_url:
            broken.append(f"{href}: leaves the site")
            continue
        path = unquote(url.path).lstrip("/")
        target = SITE / (path + "index.html" if path.endswith("/") or not path else path)
        if not target.is_file():
            broken.append(f"{href}: no page {target.relative_to(SITE)}")
        elif url.fragment and unquote(url.fragment) not in _Ids(target.read_text(encoding="utf-8")).ids:
            broken.append(f"{href}: no anchor #{url.fragment} in {target.relative_to(SITE)}")
    assert hrefs and broken == []
