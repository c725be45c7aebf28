"""The site installs as an app; pages are kept as they are read, the whole book on the reader's request.

Browser tests: a first visit keeps what the page loaded (and downloads nothing else, see
test_weight.py for its bytes); "Keep the whole book offline" on the home page, then the network is
cut (the context goes offline and every request is refused) and unvisited pages open; a rebuilt site
shows a "new version" bar whose Reload brings it; an update whose download fails part-way leaves the
old version working and installs on the next visit.
"""

from __future__ import annotations

import contextlib
import functools
import http.server
import json
import re
import shutil
import threading
from urllib.parse import urlparse

import pytest

from sitebuild import offline_app

from .conftest import SITE, _QuietHandler, wait_for_boards


def _listed(text: str, name: str = "FILES") -> list[list]:
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", text, re.S).group(1))


def _service_worker_files(name: str = "FILES") -> list[str]:
    """The book's files in sw.js (``ON_USE``: those kept only once a page used them)."""
    return [path for path, *_ in _listed((SITE / offline_app.SERVICE_WORKER).read_text(encoding="utf-8"), name)]


@contextlib.contextmanager
def recording_server(site, refuse=()):
    """``site`` served on 127.0.0.1: yields (base URL, log of (path, status, body bytes) per GET).

    ``refuse``: paths answered 500 while they are in it (a mutable set: remove one to heal it)."""
    log = []

    class Recording(_QuietHandler):
        def do_GET(self):
            path = self.path.split("?")[0]
            if path in refuse:
                self.send_error(500)
                log.append((path, 500, 0))
                return
            super().do_GET()

        def send_response(self, code, message=None):
            self._status = code
            super().send_response(code, message)

        def copyfile(self, source, output):
            data = source.read()
            output.write(data)
            log.append((self.path.split("?")[0], self._status, len(data)))

        def send_head(self):
            result = super().send_head()
            if result is None and getattr(self, "_status", 200) != 200:
                log.append((self.path.split("?")[0], self._status, 0))  # 304, 404: no body
            return result

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}", log
    finally:
        server.shutdown()


def held(page) -> set[str]:
    """The addresses the site's cache holds now."""
    return set(page.evaluate("""async () => {
        const names = (await caches.keys()).filter(n => n.startsWith("tsr-site "));
        const urls = [];
        for (const name of names) urls.push(...(await (await caches.open(name)).keys()).map(r => r.url));
        return urls;
    }"""))


def first_visit(page, url: str) -> None:
    """Open ``url`` in a new context and wait until the worker kept what the page loaded: the page and every
    file of the book it loaded (the worker keeps them in parallel, the page itself not necessarily last)."""
    page.goto(url, wait_until="load")
    root = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")  # the site's root, whatever the page
    page.wait_for_load_state("networkidle")
    book = {root + path for path in _service_worker_files() + _service_worker_files("ON_USE")}
    loaded = page.evaluate("[location.href, ...performance.getEntriesByType('resource').map(e => e.name)]")
    wanted = sorted({address.split("?")[0].split("#")[0] for address in loaded} & book)
    assert url.split("?")[0] in wanted
    page.wait_for_function("""async (urls) => {
        const names = (await caches.keys()).filter(n => n.startsWith("tsr-site "));
        if (names.length !== 1) return false;
        const cache = await caches.open(names[0]);
        for (const url of urls) if (!(await cache.match(url))) return false;
        return true;
    }""", arg=wanted, timeout=60_000)


# -- the precache list, without a browser ------------------------------------------------

def _site(tmp_path):
    files = {
        "index.html": "<html>home</html>",
        "simple_plastic/index.html": "<html>simple plastic</html>",
        "_static/app.js": "console.log(1)",
        "_static/app.js.map": "{}",
        "_static/npm/pyodide@0.29.0/pyodide.asm.wasm": "\0asm",
        "_static/engine/explorer-0.1-py3-none-any.whl": "PK",
        "_static/fonts/icons.woff2": "w2",
        "_static/fonts/icons.ttf": "ttf",
        "_static/fonts/icons.svg": "<svg><defs><font id='f'></font></defs></svg>",
        "_static/fonts/logo.svg": "<svg></svg>",
        "_static/locales/fr/LC_MESSAGES/booktheme.mo": "mo",
        "_sources/index.md": "# home",
        ".buildinfo": "config",
        ".doctrees/index.doctree": "tree",
        "objects.inv": "inventory",
        "sw.js": "old worker",
    }
    for name, text in files.items():
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        (tmp_path / name).write_text(text)
    return tmp_path


def test_precache_list_holds_every_file_a_browser_may_ask_for(tmp_path):
    listed = [path for path, *_ in offline_app.precache_list(_site(tmp_path))]
    assert listed == sorted([
        "index.html", "simple_plastic/index.html", "_static/app.js",
        "_static/npm/pyodide@0.29.0/pyodide.asm.wasm", "_static/engine/explorer-0.1-py3-none-any.whl",
        "_static/fonts/icons.woff2", "_static/fonts/logo.svg",
    ])


def test_cache_version_follows_the_contents(tmp_path):
    site = _site(tmp_path)
    version = offline_app.cache_version(offline_app.precache_list(site))
    assert offline_app.cache_version(offline_app.precache_list(site)) == version  # same build, same cache
    (site / "_static" / "app.js").write_text("console.log(2)")
    changed = offline_app.cache_version(offline_app.precache_list(site))
    assert changed != version
    (site / "_static" / "app.js").rename(site / "_static" / "app2.js")
    assert offline_app.cache_version(offline_app.precache_list(site)) not in (version, changed)


def test_service_worker_lists_the_files_and_their_version(tmp_path):
    entries = offline_app.precache_list(_site(tmp_path))
    text = offline_app.service_worker(entries)
    assert f'const VERSION = "{offline_app.cache_version(entries)}";' in text
    listed = [tuple(entry) for entry in _listed(text) + _listed(text, "ON_USE")]
    assert sorted(listed) == entries
    assert {path: size for path, _, size in entries}["_static/app.js"] == len("console.log(1)")  # with its bytes
    assert [path for path, *_ in _listed(text, "ON_USE")] == [
        "_static/engine/explorer-0.1-py3-none-any.whl", "_static/npm/pyodide@0.29.0/pyodide.asm.wasm"]
    assert "@" + "FILES@" not in text and "@" + "VERSION@" not in text and "@" + "ON_USE@" not in text


# -- the built site ------------------------------------------------------------------------

def test_manifest_names_the_app_and_files_that_exist():
    manifest = json.loads((SITE / offline_app.MANIFEST).read_text(encoding="utf-8"))
    for field in ("name", "short_name", "start_url", "scope", "display", "theme_color", "background_color", "icons"):
        assert manifest.get(field), field
    assert manifest["display"] == "standalone"
    assert (SITE / manifest["scope"] / manifest["start_url"]).is_file()
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        assert (SITE / icon["src"]).is_file(), icon["src"]
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])


@pytest.mark.parametrize("path", ["index.html", "phlog/moving.html", "simple_plastic/quick_reference.html"])
def test_every_page_links_the_manifest_and_registers_the_worker(path):
    html = (SITE / path).read_text(encoding="utf-8")
    depth = "../" * path.count("/")
    assert f'<link rel="manifest" href="{depth}manifest.webmanifest">' in html
    assert '<meta name="theme-color"' in html
    assert f'src="{depth}_static/js/offline-app.js' in html


def test_precache_list_is_the_whole_built_site():
    listed = set(_service_worker_files() + _service_worker_files("ON_USE"))
    on_disk = {entry for entry, *_ in offline_app.precache_list(SITE)}
    assert listed == on_disk
    assert {"index.html", offline_app.MANIFEST, "_static/js/offline-app.js"} <= listed
    assert not any(path.endswith(".map") or path.startswith(".") for path in listed)
    # the page's Python loads on Play only, so "Keep the whole book" does not fetch it either
    assert any(p.endswith("pyodide.asm.wasm") for p in _service_worker_files("ON_USE"))
    assert not any("pyodide" in p or p.startswith("_static/engine/") for p in _service_worker_files())
    # no page loads a widget manager, so the site has none (it was 3.6 MB of every first visit)
    assert not any("jupyter-widgets" in p or "requirejs" in p or "widgets-offline" in p for p in listed)


# -- in chromium ---------------------------------------------------------------------------

UNVISITED = [
    ("simple_plastic/moving.html", True),  # a chapter with boards
    ("credits.html", False),  # a text page
    ("phlog/quick_reference.html", False),
]


def _offline_context(browser):
    """A context whose network can be cut: (context, network switch and refused requests)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, bypass_csp=True)  # (conftest.open_in)
    network = {"offline": False, "refused": []}

    def route(route):
        url = route.request.url
        if urlparse(url).hostname != "127.0.0.1" or network["offline"]:
            network["refused"].append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", route)
    return context, network


def test_pages_are_kept_as_read_and_the_whole_book_on_request(browser, base_url):
    context, network = _offline_context(browser)
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(f"{m.text} {m.location.get('url')}") if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        first_visit(page, f"{base_url}/index.html")
        assert page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)") == f"{base_url}/"
        kept = held(page)
        assert f"{base_url}/index.html" in kept and f"{base_url}/credits.html" not in kept  # nothing unasked

        # Offline: the page read works; one never opened says why it is missing (no browser error page).
        network["offline"] = True
        context.set_offline(True)
        page.reload(wait_until="load")
        assert "Toy Soldier Rules Explorer" in page.title()
        page.goto(f"{base_url}/phlog/quick_reference.html", wait_until="load")
        assert page.locator("h1").inner_text() == "This page is not kept for reading offline"

        # Online again: the reader keeps the whole book from the home page, watching its progress.
        network["offline"] = False
        context.set_offline(False)
        page.goto(f"{base_url}/index.html", wait_until="load")
        box = page.locator(".tsr-offline-book")
        box.get_by_role("button", name="Keep the whole book offline").click()
        status = box.locator('[role="status"]')
        status.filter(has_text="The whole book is kept").wait_for(timeout=120_000)
        assert box.locator("progress").evaluate("p => p.value === p.max && p.max > 1e6")
        assert {f"{base_url}/{path}" for path in _service_worker_files()} <= held(page)
        assert not any("pyodide" in url for url in held(page))  # the page's Python: from its first Play

        network["offline"] = True
        context.set_offline(True)
        seen = []
        page.on("response", lambda response: seen.append(response))
        for path, boards in UNVISITED:
            start = len(seen)
            page.goto(f"{base_url}/{path}", wait_until="load")
            if boards:
                wait_for_boards(page)
                assert page.locator(".bk-Figure").first.bounding_box()["width"] > 0
            else:
                page.wait_for_timeout(300)
            responses = seen[start:]
            assert page.locator("main h1").first.inner_text().strip()
            assert responses and all(r.from_service_worker and r.ok for r in responses), [
                (r.url, r.status) for r in responses if not (r.from_service_worker and r.ok)
            ]

        # A folder's address finds its index.html with no server to do it.
        page.goto(f"{base_url}/simple_plastic/", wait_until="load")
        assert page.url == f"{base_url}/simple_plastic/"
        assert page.locator("main h1").first.inner_text().strip()
        # The home page remembers the choice.
        page.goto(f"{base_url}/index.html", wait_until="load")
        page.locator(".tsr-offline-book").get_by_text("The whole book is kept").wait_for()

        # (chromium fetches a tab's icon itself, not through the page's service worker: refused when offline)
        assert [url for url in network["refused"] if "quick_reference" not in url and "favicon" not in url] == []
        assert [e for e in errors if "quick_reference" not in e and "favicon" not in e] == []
    finally:
        context.close()


def _rebuild(site, *, extra=""):
    """The site of ``site`` rebuilt with one change to credits.html (and a new sw.js)."""
    credits = site / "credits.html"
    credits.write_text(credits.read_text(encoding="utf-8").replace(
        "</body>", f'<p id="rebuilt">Rebuilt.{extra}</p></body>'), encoding="utf-8")
    (site / offline_app.SERVICE_WORKER).write_text(
        offline_app.service_worker(offline_app.precache_list(site)), encoding="utf-8")


UPDATE = """async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    try { await registration.update(); } catch (error) { return String(error); }
    return "checked";
}"""


@pytest.mark.parametrize("save_data", [False, True], ids=["", "save-data"])
def test_a_rebuilt_site_offers_its_new_version(browser, tmp_path, save_data):
    """A new build: the worker fetches only what the reader holds and changed (nothing under Save-Data:
    it is fetched when used), a bar offers the new version, Reload brings it."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns(".doctrees", "pdf"))
    context = browser.new_context(bypass_csp=True)
    with recording_server(site) as (base, asked):
        try:
            page = context.new_page()
            if save_data:
                context.new_cdp_session(page).send("Emulation.setDataSaverOverride", {"dataSaverEnabled": True})
            first_visit(page, f"{base}/credits.html")
            assert page.evaluate("navigator.connection.saveData") == save_data
            before = page.evaluate("caches.keys()")
            assert page.locator(".tsr-update").count() == 0

            _rebuild(site)
            asked.clear()
            page.evaluate(UPDATE)
            bar = page.locator(".tsr-update")
            bar.wait_for(timeout=20_000)
            assert "A new version of this book is ready" in bar.inner_text()
            fetched = {path for path, status, _ in asked if status == 200} - {"/_static/css/offline-app.css"}  # the bar's
            assert sorted(fetched) == (["/sw.js"] if save_data else ["/credits.html", "/sw.js"])  # the rest: old cache
            assert page.locator("#rebuilt").count() == 0  # the old version until the reader says so

            bar.get_by_role("button", name="Reload").click()
            page.locator("#rebuilt").wait_for(timeout=20_000)
            after = page.evaluate("caches.keys()")
            assert len(after) == 1 and after != before

            context.set_offline(True)
            page.goto(f"{base}/credits.html", wait_until="load")
            assert page.locator("#rebuilt").inner_text() == "Rebuilt."
        finally:
            context.close()


def test_an_update_that_fails_part_way_installs_on_the_next_visit(browser, tmp_path):
    site = tmp_path / "site"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns(".doctrees", "pdf"))
    context = browser.new_context(bypass_csp=True)
    refuse = set()
    with recording_server(site, refuse=refuse) as (base, asked):
        try:
            page = context.new_page()
            first_visit(page, f"{base}/credits.html")
            before = page.evaluate("caches.keys()")

            _rebuild(site)
            refuse.add("/credits.html")  # the server fails the changed page during the update's install
            asked.clear()
            page.evaluate(UPDATE)
            for _ in range(200):  # the install asks for the changed page (and fails)
                if ("/credits.html", 500, 0) in asked:
                    break
                page.wait_for_timeout(100)
            assert ("/credits.html", 500, 0) in asked
            page.wait_for_function("navigator.serviceWorker.getRegistration().then(r => !r.installing)")
            assert page.evaluate("navigator.serviceWorker.getRegistration().then(r => r.waiting === null)")
            assert page.locator(".tsr-update").count() == 0
            complete = page.evaluate("""async (name) => Boolean(await (await caches.open(name)).match(
                new URL("__precache-contents__", location.href).href))""", before[0])
            assert complete  # the old version's cache is whole and in charge: the old page, offline too
            context.set_offline(True)
            page.reload(wait_until="load")
            assert page.locator("main h1").first.inner_text().strip() and page.locator("#rebuilt").count() == 0
            context.set_offline(False)

            # The next visit, the server well again: the update installs and is offered.
            refuse.clear()
            page.goto(f"{base}/index.html", wait_until="load")
            page.evaluate(UPDATE)
            page.locator(".tsr-update").wait_for(timeout=20_000)
            page.locator(".tsr-update").get_by_role("button", name="Reload").click()
            page.wait_for_function("caches.keys().then(k => k.length === 1)", timeout=20_000)
            page.goto(f"{base}/credits.html", wait_until="load")
            assert page.locator("#rebuilt").inner_text() == "Rebuilt."
        finally:
            context.close()


def test_a_page_opened_from_disk_registers_nothing(browser):
    context = browser.new_context()
    try:
        page = context.new_page()
        messages = []
        page.on("console", lambda m: messages.append(m.text) if m.type in ("error", "warning") else None)
        page.on("pageerror", lambda e: messages.append(str(e)))
        page.goto((SITE / "credits.html").as_uri(), wait_until="load")
        page.wait_for_timeout(500)
        assert page.locator("main h1").first.inner_text().strip()
        assert [m for m in messages if "worker" in m.lower() or "offline" in m.lower()] == []
        assert context.service_workers == []
    finally:
        context.close()
