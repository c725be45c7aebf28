"""Sphinx extension: the site installs as an app and works offline after one visit.

- ``manifest.webmanifest`` at the site's root names the app, its colours (from
  ``static/css/army-men.css``) and its icons (``static/icons/``, drawn by
  ``make_icons.py``);
- every page's head links it, with the theme colour and an Apple touch icon;
- ``sw.js`` at the site's root (so its scope is every page) is
  ``service-worker.js`` with the site's file list filled in: every file of the
  built site, whatever adds it (pages, ``_static/``, BokehJS, the Python
  runtime, the engine's wheel), with the hash and size of each, and a version
  computed from their contents, so a rebuilt site updates the stored copy and
  the same build keeps it. The worker downloads nothing on a first visit beyond
  what the page itself loaded: it keeps pages and files as they are read, and
  the whole book (``FILES``: all but ``ON_USE``) only when the reader asks.
  ``static/js/offline-app.js`` registers it (over http(s) only), offers
  "Keep the whole book offline" on the home page and says when a new version
  is ready.

Why not Workbox: ``workbox-build`` needs Node and its ~40 npm dependencies
(Babel, Rollup) at every site build, which ``vendor.py`` (``npm pack``: one
tarball, no dependencies) does not provide; and what this site needs beyond
Workbox's precache-everything model (nothing precached, the whole book on a
button with progress, Save-Data, keeping the reader's pages across updates) is
custom code in a Workbox worker too. The hand-written worker is ~200 lines.

The list is made last at ``build-finished`` (after other extensions have added
or removed files), from the output folder itself.
"""

from __future__ import annotations

import fnmatch
import functools
import hashlib
import json
import re
from pathlib import Path

from sphinx.application import Sphinx
from sphinx.util import logging

logger = logging.getLogger(__name__)

HERE = Path(__file__).parent
MANIFEST = "manifest.webmanifest"
SERVICE_WORKER = "sw.js"
ICONS = (  # in _static/, from sitebuild/static/
    {"src": "_static/icons/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "_static/icons/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "_static/icons/icon-maskable-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    {"src": "_static/favicon.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"},
)
# Files a browser never asks for: build records, the inventory for other
# Sphinx projects, source maps for developer tools, the theme's translation
# catalogues (used at build time).
SKIP = ("objects.inv", "_sources/*", "*.map", "*.po", "*.mo", SERVICE_WORKER)
# The page's Python runtime and the engine's wheel (13.6 MB) load only when a
# reader presses Play (issue 8): the worker keeps them once that first Play
# fetched them, and "Keep the whole book offline" does not download them.
# The printable book's PDFs (sitebuild/pdf.py, several MB) likewise: kept once a reader opened one.
ON_USE = ("_static/npm/pyodide@*/*", "_static/engine/*", "pdf/*")
# Older font formats beside a woff2 font are fallbacks for browsers that have
# no service worker either: every @font-face of the site lists woff2 first.
LEGACY_FONTS = (".eot", ".ttf", ".woff", ".svg")


@functools.cache
def palette(css: Path = HERE / "static" / "css" / "army-men.css") -> dict[str, str]:
    """The ``--tsr-*`` colours of the site's stylesheet: {"olive": "#4b5320", ...}."""
    return dict(re.findall(r"--tsr-([a-z-]+):\s*(#[0-9a-fA-F]{3,8})\s*;", css.read_text()))


def web_manifest(title: str) -> dict:
    colours = palette()
    return {
        "name": title,
        "short_name": "Toy Soldiers",
        "description": "Rules, boards and odds for toy soldier wargames; works offline.",
        "lang": "en",
        "start_url": "./index.html",
        "scope": "./",
        "display": "standalone",
        "theme_color": colours["olive"],
        "background_color": colours["khaki"],
        "icons": list(ICONS),
    }


def _is_legacy_font(path: Path) -> bool:
    if path.suffix not in LEGACY_FONTS or not any(path.parent.glob("*.woff2")):
        return False
    return path.suffix != ".svg" or b"<font" in path.read_bytes()


def _skipped(relative: str, path: Path) -> bool:
    if any(part.startswith(".") for part in relative.split("/")):  # .buildinfo, .doctrees/
        return True
    return any(fnmatch.fnmatch(relative, pattern) for pattern in SKIP) or _is_legacy_font(path)


def precache_list(outdir: Path) -> list[tuple[str, str, int]]:
    """Every file of the built site a browser may ask for: (path, content hash, bytes), sorted."""
    entries = []
    for path in sorted(outdir.rglob("*")):
        relative = path.relative_to(outdir).as_posix()
        if path.is_file() and not _skipped(relative, path):
            data = path.read_bytes()
            entries.append((relative, hashlib.sha256(data).hexdigest()[:16], len(data)))
    return entries


def cache_version(entries: list[tuple[str, str, int]]) -> str:
    """Changes when any file is added, removed, renamed or changed."""
    digest = hashlib.sha256()
    for relative, content, _ in entries:
        digest.update(f"{relative}\0{content}\n".encode())
    return digest.hexdigest()[:16]


def on_use(relative: str) -> bool:
    """Cached when first used, not on the first visit (see ``ON_USE``)."""
    return any(fnmatch.fnmatch(relative, pattern) for pattern in ON_USE)


def service_worker(entries: list[tuple[str, str, int]]) -> str:
    template = (HERE / "service-worker.js").read_text()

    def listing(chosen):
        return "[\n" + ",\n".join(json.dumps(list(entry)) for entry in chosen) + "\n]"

    return (template.replace("@VERSION@", cache_version(entries))
            .replace("@FILES@", listing(e for e in entries if not on_use(e[0])))
            .replace("@ON_USE@", listing(e for e in entries if on_use(e[0]))))


def add_head_links(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    if app.builder.format != "html" or "pathto" not in context:
        return
    pathto = context["pathto"]
    context["metatags"] = context.get("metatags", "") + (
        f'\n    <link rel="manifest" href="{pathto(MANIFEST, 1)}">'
        f'\n    <meta name="theme-color" content="{palette()["olive"]}">'
        f'\n    <link rel="apple-touch-icon" href="{pathto(ICONS[0]["src"], 1)}">'
    )


def write_service_worker(outdir: Path) -> list[tuple[str, str, int]]:
    """``sw.js`` for the site in ``outdir`` as it is now (sitebuild/pdf.py calls it again after adding the PDFs)."""
    entries = precache_list(outdir)
    (outdir / SERVICE_WORKER).write_text(service_worker(entries), encoding="utf-8")
    return entries


def write_app_files(app: Sphinx, exception) -> None:
    if exception is not None or app.builder.format != "html":
        return
    outdir = Path(app.outdir)
    manifest = json.dumps(web_manifest(app.config.html_title or app.config.project), indent=2) + "\n"
    (outdir / MANIFEST).write_text(manifest, encoding="utf-8")
    entries = write_service_worker(outdir)
    book = [size for relative, _, size in entries if not on_use(relative)]
    logger.info(f"offline app: {SERVICE_WORKER} keeps pages as they are read; the whole book, on the reader's "
                f"request, is {len(book)} files, {sum(book) / 1e6:.1f} MB (and {len(entries) - len(book)} "
                "runtime files are kept once used)")


def setup(app: Sphinx) -> dict:
    app.connect("html-page-context", add_head_links)
    # Last of the build-finished handlers: the list must see the final output folder.
    app.connect("build-finished", write_app_files, priority=900)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
