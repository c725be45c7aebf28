"""Sphinx extension: the build fails if MyST markup reaches a page unrendered.

A ``{glue:md}`key``` in a directive option, a role or directive name that no
extension knows in a string that is never parsed, a glued Markdown string
with a ``{rule}`` in it: each would show its source text to the reader. After
the HTML is written, every page of the book is read again (its text outside
``<script>``, ``<style>``, ``<pre>`` and ``<code>``, where markup may be shown
on purpose) and each piece of raw markup is a warning naming the page; the
build runs with ``-W``, so the warning fails it.
"""

from __future__ import annotations

import html
import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

# Elements whose text is code or data, not prose: raw markup there is on purpose.
_SKIPPED = re.compile(
    r"<(script|style|pre|code|textarea|kbd|samp)\b[^>]*>.*?</\1\s*>", re.IGNORECASE | re.DOTALL
)
_TAG = re.compile(r"<[^>]+>")
_RAW_MARKUP = re.compile(
    r"\{glue(?::\w+)?\}"                                   # any glue role or directive
    r"|\{rule\}"                                           # the book's own rule role
    r"|\{[A-Za-z][\w.+-]*(?::[\w.+-]+)*\}`[^`\n]*`"        # any role: {name}`text`
    r"|(?:```|~~~|:::)\s*\{[A-Za-z][\w.+-]*(?::[\w.+-]+)*\}"  # a directive fence: ```{name}
)


def raw_markup(page_html: str) -> list[str]:
    """The pieces of unrendered MyST markup in a page's prose (empty if none)."""
    text = _TAG.sub(" ", _SKIPPED.sub(" ", page_html))
    text = html.unescape(text)
    found = []
    for match in _RAW_MARKUP.finditer(text):
        start, end = max(0, match.start() - 30), min(len(text), match.end() + 30)
        found.append(" ".join(text[start:end].split()))
    return found


def check_pages(pages: dict[str, Path]) -> dict[str, list[str]]:
    """Raw markup per page name, for the pages (name: HTML file) that have any."""
    problems = {}
    for name, path in sorted(pages.items()):
        if path.is_file():
            found = raw_markup(path.read_text(encoding="utf-8"))
            if found:
                problems[name] = found
    return problems


def check_built_site(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    pages = {docname: Path(app.builder.get_outfilename(docname)) for docname in app.env.found_docs}
    for docname, found in check_pages(pages).items():
        for snippet in found:
            logger.warning("raw markup reached the page %s: %r", docname, snippet, location=docname)


def setup(app: Sphinx) -> dict:
    app.connect("build-finished", check_built_site)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
