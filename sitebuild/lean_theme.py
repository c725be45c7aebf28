"""Sphinx extension: the theme without its 1.5 MB icon script.

pydata-sphinx-theme puts ``_static/scripts/fontawesome.js`` (1.56 MB, every
Font Awesome icon as JavaScript, which then swaps each ``<i>`` for an SVG) on
every page. The theme's own stylesheet already draws the same icons from its
Font Awesome webfont (``vendor/fontawesome/webfonts``), loaded only by pages
that show an icon, so the script is dropped: ``templates/layout.html`` passes
the theme's ``css`` block (conf.py: ``templates_path``) through the ``without_fontawesome_js`` filter, and
the unused script is not shipped.
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


def remove_unused_script(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    scripts = Path(app.outdir) / "_static" / "scripts"
    for name in ("fontawesome.js", "fontawesome.js.map"):
        (scripts / name).unlink(missing_ok=True)


def setup(app: Sphinx) -> dict:
    app.connect("builder-inited", add_filter)
    app.connect("build-finished", remove_unused_script)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
