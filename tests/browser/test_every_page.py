"""Every page of the built site, loaded once in chromium (conftest.py ``page_visit``: a fresh context a page, at
desktop width, the page held to its own Content-Security-Policy), and the facts every page must show: it loads
offline with no error; each Bokeh figure draws; it stays within its byte budget (test_weight.py); it shows no raw
markup and loads no icon script; its policy refuses nothing and every Bokeh callback compiles from the site's
served table (sitebuild/csp.py, sitebuild/bokeh_callbacks.py).

One file, so one test process loads each page once (``--dist loadfile``), where four files each loaded them all."""

from __future__ import annotations

import re

import pytest

from .conftest import PAGES, bokeh_figures_expected
from .test_weight import budget


@pytest.mark.parametrize("path", PAGES)
def test_page_loads_offline_without_errors(page_visit, path):
    assert page_visit(path).problems == []


@pytest.mark.parametrize("path", [p for p in PAGES if bokeh_figures_expected(p)])
def test_every_bokeh_figure_draws_a_canvas(page_visit, path):
    assert page_visit(path).figures_drawn >= bokeh_figures_expected(path)


@pytest.mark.parametrize("path", PAGES)
def test_page_within_its_byte_budget(page_visit, path):
    loaded = page_visit(path).loaded_bytes
    assert loaded <= budget(path), f"{path} loads {loaded:,} bytes, over its budget of {budget(path):,}"


RAW_MARKUP = re.compile(r"\{glue(?::\w+)?\}|\{rule\}|\{[a-z][\w-]*(?::[\w-]+)*\}`")


@pytest.mark.parametrize("path", PAGES)
def test_no_page_shows_raw_markup(page_visit, path):
    assert RAW_MARKUP.findall(page_visit(path).text) == []


@pytest.mark.parametrize("path", PAGES)
def test_no_page_loads_fontawesome_js(page_visit, path):
    assert [url for url in page_visit(path).requests if "fontawesome.js" in url.lower()] == []


@pytest.mark.parametrize("path", PAGES)
def test_page_runs_with_no_policy_violation(page_visit, path):
    assert page_visit(path).refused == []
