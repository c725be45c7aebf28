"""sitebuild/accessible.py: the theme's and myst-nb's nameless or misnamed toggles get their names."""

from sitebuild.accessible import accessible_html

PAGE = """
<li class="toctree-l1 has-children"><a class="reference internal" href="phlog/index.html">The Rules! (with no name) &amp; co</a><details><summary><span class="toctree-toggle" role="presentation"><i class="fa-solid fa-chevron-down"></i></span></summary><ul>
<li class="toctree-l1 current active has-children"><a class="current reference internal" href="#">Army Men</a><details open="open"><summary><span class="toctree-toggle"></span></summary><ul>
<details class="admonition hide above-input"><summary aria-label="Toggle hidden content">
<p class="collapsed admonition-title">Show code cell source</p></summary>
<button class="btn search-button-field search-button__button pst-js-only" title="Search" aria-label="Search" data-bs-placement="bottom">
 <span class="search-button__default-text">Search</span>
"""


def test_sidebar_toggles_are_named_after_their_page_and_misleading_labels_go():
    fixed = accessible_html(PAGE)
    assert '<details><summary aria-label="Pages of The Rules! (with no name) &amp; co">' in fixed
    assert '<details open="open"><summary aria-label="Pages of Army Men">' in fixed
    assert "Toggle hidden content" not in fixed and '<details class="admonition hide above-input"><summary>' in fixed
    assert 'aria-label="Search"' not in fixed and 'title="Search"' in fixed


def test_fixing_a_fixed_page_changes_nothing():
    once = accessible_html(PAGE)
    assert accessible_html(once) == once
