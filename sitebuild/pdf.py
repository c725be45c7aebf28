"""The printable book: a PDF of each ruleset's quick reference and of the whole rulebook.

    python -m sitebuild.pdf SITE_DIR [--paper A4|Letter]

Made from the built site (``make pdf``; ``make site`` runs it after the HTML), with
Debian's chromium driven by Playwright, the browser the tests use: no LaTeX. Each page
of the site's menu, in the menu's order, is opened from a server on 127.0.0.1 (every
other request is refused), in print media and at the paper's width from the start, so
BokehJS lays its boards out for paper; once every board of the page is drawn, chromium
prints it (the print rules are ``static/css/print.css``). The quick references are
written as they are; the rulebook is a title page with the credits followed by every
page, merged with pypdf, with a bookmark per page (a chapter's pages under its
first). Chromium's own outline of headings is not used: it needs a tagged PDF, a
third larger.

The files go to ``SITE_DIR/pdf/`` (``quick_reference_pdf`` and ``BOOK_PDF`` name
them), and ``sw.js`` is written again so the offline app knows them (kept once a
reader opened one, not fetched on a first visit: ``offline_app.ON_USE``).

``TSR_PDF_TIMES=1`` prints how long each page took to load and to print.

As a Sphinx extension (conf.py) this module also puts the links to those files in
the pages, from the same names: on each quick reference and on the home page.
"""

from __future__ import annotations

import argparse
import asyncio
import functools
import html
import http.server
import io
import os
import posixpath
import re
import shutil
import sys
import threading
import time
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin, urlparse

PDF_DIR = "pdf"
BOOK_PDF = f"{PDF_DIR}/rulebook.pdf"
QUICK_REFERENCE = "quick_reference"  # the page name of each ruleset's quick reference
PAPER_MM = {"A4": (210.0, 297.0), "Letter": (215.9, 279.4)}
MARGIN_MM = 12  # the @page margin of print.css
# The same chromium switches as tests/browser/conftest.py: no sandbox (root), no GPU, nothing fetched.
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-background-networking",
    "--disable-component-update", "--no-first-run", "--disable-sync", "--disable-quic",
]
CREDITS = "The rules belong to their authors; this book explains them in its own words."


# -- names: what the printer writes and the pages link --------------------------------------

def quick_reference_pdf(pagename: str) -> str | None:
    """``army_men/quick_reference`` -> ``pdf/army_men-quick-reference.pdf``; None for any other page."""
    parts = pagename.split("/")
    if len(parts) == 2 and parts[1] == QUICK_REFERENCE:
        return f"{PDF_DIR}/{parts[0]}-quick-reference.pdf"
    return None


def pdf_links(pagename: str, root_doc: str = "index") -> list[tuple[str, str]]:
    """The PDFs a page links: [(path from the site's root, link text)]."""
    sheet = quick_reference_pdf(pagename)
    if sheet:
        return [(sheet, "This sheet as a PDF"), (BOOK_PDF, "The whole rulebook as a PDF")]
    if pagename == root_doc:
        return [(BOOK_PDF, "The whole rulebook as a PDF")]
    return []


# -- the book's order: the site's own menu -------------------------------------------------------

class _MenuParser(HTMLParser):
    """The links of the left-hand menu (``nav.bd-docs-nav``) and the home page's, in order."""

    def __init__(self):
        super().__init__()
        self.links: list[tuple[str, str]] = []
        self._nav_depth = 0  # >0 inside the menu
        self._href: str | None = None
        self._text: list[str] = []

    def handle_starttag(self, tag, attrs):
        attributes = dict(attrs)
        if self._nav_depth:
            if tag == "nav":
                self._nav_depth += 1
            elif tag == "a" and "internal" in (attributes.get("class") or "").split():
                self._href, self._text = attributes.get("href"), []
        elif tag == "nav" and "bd-docs-nav" in (attributes.get("class") or "").split():
            self._nav_depth = 1

    def handle_endtag(self, tag):
        if not self._nav_depth:
            return
        if tag == "nav":
            self._nav_depth -= 1
        elif tag == "a" and self._href is not None:
            self.links.append((self._href, " ".join("".join(self._text).split())))
            self._href = None

    def handle_data(self, data):
        if self._href is not None:
            self._text.append(data)


def book_pages(index_html: str, index: str = "index.html") -> list[tuple[str, str]]:
    """Every page of the book in the menu's order, the home page first: [(path, title)].

    Read from the built home page's left-hand menu (the toc of book/_toc.yml, as the
    reader sees it; there the home page links itself as ``#``); anchors, links to
    other sites and repeats are dropped."""
    parser = _MenuParser()
    parser.feed(index_html)
    pages, seen = [], set()
    for href, title in parser.links:
        path = re.sub(r"^(\./)+", "", urlparse(href).path) or index
        if path not in seen:
            seen.add(path)
            pages.append((path, title))
    return pages


# -- printing ----------------------------------------------------------------------------------

class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class _QuietServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        if not isinstance(sys.exc_info()[1], ConnectionError):  # a page left before a file arrived
            super().handle_error(request, client_address)


def _serve(site: Path):
    handler = functools.partial(_QuietHandler, directory=str(site))
    server = _QuietServer(("127.0.0.1", 0), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server


def boards_expected(page_html: str) -> int:
    """Bokeh boards a built page draws: inside ipywidgets (jupyter_bokeh) or embedded straight in the page."""
    widgets = page_html.count('"model_name": "BokehModel"') + page_html.count('"model_name":"BokehModel"')
    return widgets + page_html.count('class="tsr-bokeh"')


# True once BokehJS has built and drawn ``expected`` figures and each root view has finished
# (``has_finished``: laid out and painted, children included); the jupyter_bokeh boards register there too.
_BOARDS_DRAWN = """(expected) => {
  const index = window.Bokeh && window.Bokeh.index;
  if (!index) return expected == 0;
  const figures = [...index.query(view => view.model && view.model.type == "Figure")];
  return figures.length >= expected && [...index].concat(figures).every(view => view.has_finished());
}"""


# Bokeh's own buttons (a replay's Back and Forward) sit inside its shadow DOM, out of the print
# stylesheet's reach: hidden here, before printing.
_HIDE_BOKEH_BUTTONS = """() => {
  const index = window.Bokeh && window.Bokeh.index;
  if (!index) return;
  for (const view of index.query(view => view.model && ["Button", "Toggle", "Dropdown"].includes(view.model.type)))
    view.el.style.display = "none";
}"""


async def wait_for_boards(page, expected: int, timeout_ms: int = 30_000) -> None:
    """Wait until the page's ``expected`` Bokeh figures are drawn, and its fonts loaded."""
    try:
        await page.wait_for_function(_BOARDS_DRAWN, arg=expected, timeout=timeout_ms, polling=100)
    except Exception as error:
        raise TimeoutError(f"{page.url}: its {expected} boards were not drawn") from error
    await page.evaluate("document.fonts.ready.then(() => true)")
    await page.wait_for_timeout(100)  # a frame or two for the last canvas paint


def print_width_px(paper: str) -> int:
    """The printable width of a sheet at CSS pixels (96 per inch): the page is laid out at it."""
    return round((PAPER_MM[paper][0] - 2 * MARGIN_MM) / 25.4 * 96)


def byline(folder: str) -> str:
    """Whose rules a chapter explains (``Adly Abdullah, 2016``), from the engine's registry; '' for another chapter."""
    from explorer.core.registry import all_rulesets

    ruleset = all_rulesets().get(folder)
    return f"{ruleset.author}, {ruleset.year}" if ruleset else ""


def title_page_html(title: str, copyright_line: str, pages: list[tuple[str, str]]) -> str:
    """The rulebook's first sheet: its title, its chapters and whose rules they are, and the credits."""
    chapters = []
    for path, chapter in pages:
        if path.endswith("/index.html"):
            by = byline(path.split("/")[0])
            chapters.append(f"<li>{html.escape(chapter)}" + (f" <span>({html.escape(by)})</span>" if by else "") + "</li>")
    chapters = "".join(chapters)
    return f"""<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>{html.escape(title)}</title>
<link rel="stylesheet" href="_static/fonts.css">
<style>
  @page {{ margin: 25mm 20mm; }}
  body {{ font-family: "Roboto Slab", Georgia, serif; color: #000; }}
  h1 {{ font-size: 30pt; margin: 30mm 0 4mm; }}
  .subtitle {{ font-size: 14pt; margin: 0 0 16mm; }}
  ul {{ font-size: 12pt; line-height: 1.6; }}
  li span {{ font-size: 10pt; }}
  .credits {{ position: absolute; bottom: 0; font-size: 10pt; }}
</style></head><body>
<h1>{html.escape(title)}</h1>
<p class="subtitle">An interactive rulebook for toy-soldier wargames, on paper.</p>
<ul>{chapters}</ul>
<div class="credits"><p>{html.escape(CREDITS)}</p><p>{html.escape(copyright_line)}</p></div>
</body></html>"""


def _copyright(index_html: str) -> str:
    match = re.search(r'class="copyright"[^>]*>(.*?)</p>', index_html, re.S)
    text = re.sub(r"<[^>]+>", "", match.group(1)) if match else ""
    return " ".join(html.unescape(text).split())


def _site_title(index_html: str) -> str:
    match = re.search(r"<title>(.*?)</title>", index_html, re.S)
    title = html.unescape(match.group(1)).strip() if match else "Rulebook"
    return re.split(r"\s+[—|-]\s+", title)[-1]


def print_pages(site: Path, pages: list[tuple[str, str]], paper: str = "A4", workers: int = 2, log=print):
    """Each page printed by chromium, in order: ([(path, title, pdf bytes)], the title page's pdf).

    ``workers`` pages load at once (one tab each): a page mostly waits on BokehJS, so two
    tabs keep two cores busy."""
    return asyncio.run(_print_pages(site, pages, paper, workers, log))


async def _print_pages(site, pages, paper, workers, log):
    from playwright.async_api import async_playwright

    index_html = (site / "index.html").read_text(encoding="utf-8")
    server = _serve(site)
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    printed: list = [None] * len(pages)
    waiting = list(enumerate(pages))
    outside: list[str] = []
    timed = bool(os.environ.get("TSR_PDF_TIMES"))

    async def route(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            await route.continue_()
        else:
            outside.append(route.request.url)
            await route.abort()

    async def tab(context):
        page = await context.new_page()
        await page.emulate_media(media="print")  # laid out for paper from the start, boards included
        while waiting:
            number, (path, title) = waiting.pop(0)
            began = time.monotonic()
            await page.goto(urljoin(base, path), wait_until="load")
            await wait_for_boards(page, boards_expected((site / path).read_text(encoding="utf-8")))
            await page.evaluate(_HIDE_BOKEH_BUTTONS)
            loaded = time.monotonic()
            printed[number] = (path, title, await page.pdf(format=paper))
            if timed:
                log(f"pdf: {path}: loaded in {loaded - began:.1f} s, printed in {time.monotonic() - loaded:.1f} s")
        return page

    try:
        async with async_playwright() as playwright:
            chromium = shutil.which("chromium") or "/usr/bin/chromium"
            browser = await playwright.chromium.launch(executable_path=chromium, args=CHROMIUM_ARGS, headless=True)
            context = await browser.new_context(viewport={"width": print_width_px(paper), "height": 1000})
            await context.route("**/*", route)
            tabs = await asyncio.gather(*(tab(context) for _ in range(max(1, workers))))
            page = tabs[0]
            await page.goto(base + "index.html", wait_until="load")  # so the title page finds the site's fonts
            await page.set_content(title_page_html(_site_title(index_html), _copyright(index_html), pages),
                                   wait_until="load")
            await page.evaluate("document.fonts.ready.then(() => true)")
            title_page = await page.pdf(format=paper)
            await browser.close()
    finally:
        server.shutdown()
    if outside:
        raise RuntimeError(f"pages asked for files from elsewhere: {sorted(set(outside))}")
    return printed, title_page


def assemble(site: Path, pages, printed, title_page: bytes) -> dict[str, tuple[int, int]]:
    """Write the quick references and the rulebook into ``site/pdf``: {file: (pages, bytes)}."""
    from pypdf import PdfReader, PdfWriter

    index_html = (site / "index.html").read_text(encoding="utf-8")
    out = site / PDF_DIR
    shutil.rmtree(out, ignore_errors=True)
    out.mkdir(parents=True)
    chapters = {path.split("/")[0]: title for path, title in pages if path.endswith("/index.html")}
    written: dict[str, tuple[int, int]] = {}

    def write(name: str, title: str, writer: PdfWriter) -> None:
        writer.add_metadata({"/Title": title, "/Creator": "Toy Soldier Rules Explorer (sitebuild/pdf.py)"})
        writer.compress_identical_objects(remove_duplicates=True, remove_unreferenced=True)
        buffer = io.BytesIO()
        writer.write(buffer)
        (site / name).write_bytes(buffer.getvalue())
        written[name] = (len(writer.pages), len(buffer.getvalue()))

    for path, title, pdf in printed:
        sheet = quick_reference_pdf(path.removesuffix(".html"))
        if sheet:
            writer = PdfWriter()
            writer.append(PdfReader(io.BytesIO(pdf)))
            ruleset = path.split("/")[0]
            write(sheet, f"{chapters.get(ruleset, ruleset)}: {title.lower()}", writer)
    book = PdfWriter()
    book.append(PdfReader(io.BytesIO(title_page)), import_outline=False)
    book.add_outline_item(title="Title page", page_number=0)
    chapter_items = {}  # a chapter's folder -> the bookmark of its first page, which holds the others
    for path, title, pdf in printed:
        first = len(book.pages)
        book.append(PdfReader(io.BytesIO(pdf)), import_outline=False)
        folder, name = posixpath.split(path)
        item = book.add_outline_item(title=title, page_number=first, parent=None if name == "index.html" else chapter_items.get(folder))
        if name == "index.html" and folder:
            chapter_items[folder] = item
    book.page_mode = "/UseOutlines"
    write(BOOK_PDF, _site_title(index_html), book)
    return written


def build(site: Path, paper: str = "A4", log=print) -> dict[str, tuple[int, int]]:
    """Print the quick references and the rulebook into ``site/pdf``: {file: (pages, bytes)}."""
    started = time.monotonic()
    pages = book_pages((site / "index.html").read_text(encoding="utf-8"))
    printed, title_page = print_pages(site, pages, paper, log=log)
    log(f"pdf: printed {len(printed)} pages in {time.monotonic() - started:.0f} s")
    written = assemble(site, pages, printed, title_page)
    for name, (count, size) in written.items():
        log(f"pdf: {name}: {count} pages, {size / 1e6:.2f} MB")
    _rewrite_service_worker(site)
    log(f"pdf: done in {time.monotonic() - started:.0f} s")
    return written


def _rewrite_service_worker(site: Path) -> None:
    """sw.js lists every file of the site with its hash: list the PDFs too."""
    from sitebuild import offline_app

    if (site / offline_app.SERVICE_WORKER).exists():
        offline_app.write_service_worker(site)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m sitebuild.pdf", description=__doc__.split("\n\n")[0])
    parser.add_argument("site", type=Path, help="the built site (e.g. _build/html)")
    parser.add_argument("--paper", choices=sorted(PAPER_MM), default="A4")
    args = parser.parse_args(argv)
    if not (args.site / "index.html").exists():
        parser.error(f"no built site in {args.site}: run 'make site' first")
    build(args.site, args.paper)
    return 0


# -- the Sphinx side: links to the PDFs ----------------------------------------------------------

def add_pdf_links(app, pagename: str, templatename, context, doctree) -> None:
    """``tsr_pdf_links`` for the template (layout.html): [(href from this page, text)]."""
    if "pathto" not in context:
        return
    context["tsr_pdf_links"] = [(context["pathto"](path, 1), text)
                                for path, text in pdf_links(pagename, app.config.root_doc)]


def setup(app) -> dict:
    app.connect("html-page-context", add_pdf_links)
    return {"parallel_read_safe": True, "parallel_write_safe": True}


if __name__ == "__main__":
    sys.exit(main())
