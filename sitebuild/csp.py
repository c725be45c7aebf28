"""Sphinx extension: a Content-Security-Policy on every page, allowing only what the site ships.

The site is static, so the policy is a ``<meta http-equiv="Content-Security-Policy">`` tag, the
first thing in each page's ``<head>`` (a meta policy covers only what follows it). It is written at
``build-finished`` over every HTML file of the output, so it sees each page as written (Bokeh's embed
scripts, the theme's, myst-nb's): the page's own inline scripts are allowed by their sha256 hashes,
every other script must come from the site itself, and nothing anywhere may come from another host.

- ``worker-src 'self'``: live play runs the page's Python (Pyodide) in a module Web Worker loaded
  from ``_static/js/``. No ``'wasm-unsafe-eval'``: measured, the page compiles no WebAssembly; the
  worker does, and a worker loaded from a URL takes its policy from its own response's headers,
  not from the page's meta tag (a static host sends none), so the page's policy cannot reach it;
- ``style-src 'unsafe-inline'``: BokehJS and the theme set inline styles (attributes and ``<style>``
  in shadow roots): an allowance for styles, which run no code;
- ``img-src data:``: BokehJS draws its toolbar icons from ``data:`` images (measured: refused, they
  are missing);
- no inline event handlers (no ``'unsafe-hashes'``): the theme's print button's
  ``onclick="window.print()"`` becomes ``data-tsr-print`` with a hashed inline listener, and any other
  ``on...=`` attribute fails the build, naming the page.

Measured with every page loaded under this policy in chromium (tests/browser/test_csp.py): Pyodide,
its module worker and BokehJS's drawing need no ``'unsafe-eval'``, but BokehJS compiles the code of a
``CustomJS`` model (and ``CustomJSFilter``, ``CustomJSTickFormatter``, ...) with ``new Function`` (or
``eval("import(blob)")`` for an ES-module callback), and the boards' interactions are such callbacks
(widgets/). Before issue 36 that put ``'unsafe-eval'`` on 38 of 75 pages, every full-game page among
them. Now sitebuild/bokeh_callbacks.py serves the code of every ``CustomJS`` and ``CustomJSFilter`` as
the site's own script, and ``'unsafe-eval'`` is left only on a page holding a callback it cannot serve
(another ``CustomJS*`` model, an ES-module callback): none today.

A static host sends no headers, so two things the page's meta policy cannot do are the publisher's
(README, "Publishing the site"): a policy for the workers (the page's Python worker and the service
worker take their policy from their own responses' headers) and ``frame-ancestors`` (ignored in a
meta tag).
"""

from __future__ import annotations

import base64
import hashlib
import html
import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.errors import ExtensionError
from sphinx.util import logging

from sitebuild import bokeh_callbacks

logger = logging.getLogger(__name__)

POLICY = {
    "default-src": ["'self'"],
    "script-src": ["'self'"],  # + the page's inline scripts' hashes (and 'unsafe-eval' where CustomJS needs it)
    "script-src-attr": ["'none'"],
    "worker-src": ["'self'"],
    "connect-src": ["'self'"],
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "font-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
}
# What a host should send as headers, which a page's meta tag cannot do (README, "Publish the site"): the two
# workers take their policy from their own responses (measured in chromium, tests/browser/test_csp.py: the
# page's Python worker runs under this one and not without 'wasm-unsafe-eval', Pyodide compiling its
# WebAssembly), and frame-ancestors is ignored in a meta tag.
WORKER_POLICY = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'"
HOST_HEADERS = {
    "/sw.js": WORKER_POLICY,
    "/_static/js/play-worker.mjs": WORKER_POLICY,
    "every page (*.html)": "frame-ancestors 'none'",
}
META_START = '<meta http-equiv="Content-Security-Policy"'
# The theme's print button (sphinx-book-theme): its handler moves into a listener the policy allows.
PRINT_HANDLER = 'onclick="window.print()"'
PRINT_ATTRIBUTE = "data-tsr-print"
PRINT_SCRIPT = ('document.addEventListener("click", (event) => { '
                f'if (event.target.closest("[{PRINT_ATTRIBUTE}]")) window.print(); }});')

_SCRIPT = re.compile(r"<script\b([^>]*)>(.*?)</script>", re.S | re.I)
_TYPE = re.compile(r"""\btype\s*=\s*["']?([^"'\s>]+)""", re.I)
_SRC = re.compile(r"\bsrc\s*=", re.I)
# An event-handler attribute inside a tag (not text that happens to say "onclick=").
_HANDLER = re.compile(r"<[a-zA-Z][^<>]*?\s(on[a-z]+)\s*=", re.S)
_HEAD = re.compile(r"<head\b[^>]*>", re.I)
_CHARSET = re.compile(r"\s*<meta charset=[^>]*>", re.I)
# A Bokeh model whose JavaScript BokehJS compiles from a string, in a page's embedded documents (JSON, its
# quotes perhaps escaped inside a string): counted to be sure every one was read as a callback.
_CUSTOM_JS = re.compile(r'\\?"name\\?":\s*\\?"CustomJS[A-Za-z]*\\?"')
JS_TYPES = {"", "text/javascript", "application/javascript", "module"}


def _digest(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode() + "'"


def inline_script_hashes(page: str) -> list[str]:
    """The CSP hash of each inline script the browser would run (data blocks such as JSON are not run)."""
    hashes = []
    for attributes, body in _SCRIPT.findall(page):
        kind = _TYPE.search(attributes)
        if not _SRC.search(attributes) and (kind.group(1).lower() if kind else "") in JS_TYPES:
            hashes.append(_digest(body))
    return list(dict.fromkeys(hashes))


def needs_eval(page: str) -> bool:
    """Whether the page's Bokeh documents hold code BokehJS must compile from a string: a ``CustomJS*``
    model the site does not serve as its own script, or one not read as a callback at all."""
    unread = len(_CUSTOM_JS.findall(page)) > len(bokeh_callbacks.callbacks(page))
    return unread or bokeh_callbacks.needs_eval(page)


def policy(page: str) -> str:
    scripts = POLICY["script-src"] + (["'unsafe-eval'"] if needs_eval(page) else []) + inline_script_hashes(page)
    directives = dict(POLICY, **{"script-src": scripts})
    return "; ".join(f"{name} {' '.join(values)}" for name, values in directives.items())


def secure(page: str, name: str = "page") -> str:
    """``page`` with its policy first in ``<head>`` (replacing an earlier one, so a rebuild is the same)."""
    page = re.sub(rf"\n?[ \t]*{META_START}[^>]*>", "", page)
    if PRINT_HANDLER in page:
        page = page.replace(PRINT_HANDLER, PRINT_ATTRIBUTE)
        if PRINT_SCRIPT not in page:
            page = page.replace("</body>", f"<script>{PRINT_SCRIPT}</script>\n</body>", 1)
    handlers = sorted(set(_HANDLER.findall(page)))
    if handlers:
        raise ExtensionError(f"{name}: inline event handler(s) {', '.join(handlers)}: the site's "
                             "Content-Security-Policy forbids them (sitebuild/csp.py); add a listener from a script")
    head = _HEAD.search(page)
    if head is None:
        raise ExtensionError(f"{name}: no <head> to put the Content-Security-Policy in")
    charset = _CHARSET.match(page, head.end())  # the charset declaration stays first
    at = charset.end() if charset else head.end()
    meta = f'\n    {META_START} content="{html.escape(policy(page), quote=True)}">'
    return page[:at] + meta + page[at:]


def add_policies(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    pages = [p for p in outdir.rglob("*.html") if not ({"_static", "_sources"} & set(p.relative_to(outdir).parts))]
    for path in pages:
        path.write_text(secure(path.read_text(encoding="utf-8"), str(path.relative_to(outdir))), encoding="utf-8")
    evaluating = sum(needs_eval(path.read_text(encoding="utf-8")) for path in pages)
    logger.info(f"csp: a Content-Security-Policy on {len(pages)} pages ('unsafe-eval' on {evaluating}: "
                "Bokeh CustomJS not served as a script)")


def setup(app: Sphinx) -> dict:
    # Before sitebuild/offline_app.py (priority 900) lists the files and their hashes for the service worker.
    app.connect("build-finished", add_policies, priority=800)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
