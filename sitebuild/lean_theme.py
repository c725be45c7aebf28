"""Sphinx extension: the theme without its 1.5 MB icon script.

pydata-sphinx-theme puts ``_static/scripts/fontawesome.js`` (1.56 MB, every
Font Awesome icon as JavaScript, which then swaps each ``<i>`` for an SVG) on
every page. The theme's own stylesheet already draws the same icons from its
Font Awesome webfont (``vendor/fontawesome/webfonts``), loaded only by pages
that show an icon, so the script is dropped: ``templates/layout.html`` passes
the theme's ``css`` block (conf.py: ``templates_path``) through the ``without_fontawesome_js`` filter, and
the unused script is not shipped.

The themes also copy two of their Jinja template files into ``_static`` as if they were static files
(``webpack-macros.html``, ``sbt-webpack-macros.html``: macros that ``layout.html`` imports when the
page is made). Served, each is a page of raw ``{% macro %}`` markup at a public address, so they are
removed from the output too (tests/browser/test_csp.py: no HTML file of the built site holds Jinja markup).
"""

from __future__ import annotations

import re
from pathlib import Path

from markupsafe import Markup
from sphinx.application import Sphinx

_FONTAWESOME_SCRIPT = re.compile(
    r"\s*(?:<!--[^>]*custom icons\s*-->\s*)?<script\b[^>]*fontawesome\.js[^>]*>\s*</script>", re.IGNORECASE
)


def without_fontawesome_js(head: str) -> Markup:
    """The page head without the theme's fontawesome.js script tag."""
    return Markup(_FONTAWESOME_SCRIPT.sub("", str(head)))


def add_filter(app: Sphinx) -> None:
    templates = getattr(app.builder, "templates", None)
    if templates is not None and hasattr(templates, "environment"):
        templates.environment.filters["without_fontawesome_js"] = without_fontawesome_js


UNSERVED = ("scripts/fontawesome.js", "scripts/fontawesome.js.map", "webpack-macros.html", "sbt-webpack-macros.html")
"""Files the themes copy into ``_static`` that the site does not serve (paths under ``_static``)."""


def remove_unserved_files(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    for name in UNSERVED:
        (Path(app.outdir) / "_static" / name).unlink(missing_ok=True)


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", add_filter)
    app.connect("build-finished", remove_unserved_files)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
