"""The site installs as an app and, after one visit, works with no network at all.

The browser test visits only the home page, waits for the service worker to
hold the whole site, then cuts the network (the context goes offline and
every request is refused) and opens pages it never visited.
"""

from __future__ import annotations

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


def _listed(text: str, name: str = "FILES") -> list[list[str]]:
    return json.loads(re.search(rf"const {name} = (\[.*?\]);", text, re.S).group(1))


def _service_worker_files(name: str = "FILES") -> list[str]:
    """The files sw.js fetches on a first visit (``ON_USE``: those it keeps once a page used them)."""
    return [path for path, _ in _listed((SITE / offline_app.SERVICE_WORKER).read_text(encoding="utf-8"), name)]


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
    listed = [path for path, _ in offline_app.precache_list(_site(tmp_path))]
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
    assert [path for path, _ in _listed(text, "ON_USE")] == [
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
    on_disk = {entry for entry, _ in offline_app.precache_list(SITE)}
    assert listed == on_disk
    assert {"index.html", offline_app.MANIFEST, "_static/js/offline-app.js"} <= listed
    assert not any(path.endswith(".map") or path.startswith(".") for path in listed)
    # the page's Python loads on Play only, so a first visit does not fetch it either
    assert any(p.endswith("pyodide.asm.wasm") for p in _service_worker_files("ON_USE"))
    assert not any("pyodide" in p or p.startswith("_static/engine/") for p in _service_worker_files())


# -- in chromium ---------------------------------------------------------------------------

UNVISITED = [
    ("simple_plastic/moving.html", True),  # a chapter with boards
    ("credits.html", False),  # a text page
    ("phlog/quick_reference.html", False),
]


def test_whole_site_works_offline_after_one_visit(browser, base_url):
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    network = {"offline": False, "refused": []}

    def route(route):
        url = route.request.url
        if urlparse(url).hostname != "127.0.0.1" or network["offline"]:
            network["refused"].append(url)
            route.abort()
        else:
            route.continue_()

    context.route("**/*", route)
    try:
        page = context.new_page()
        errors = []
        page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(f"{base_url}/index.html", wait_until="load")

        # ready: a worker is active, so its install (the whole precache) finished.
        scope = page.evaluate("navigator.serviceWorker.ready.then(r => r.scope)")
        assert scope == f"{base_url}/"
        held = page.evaluate("""async () => {
            const names = (await caches.keys()).filter(n => n.startsWith("tsr-site "));
            const cache = await caches.open(names[0]);
            return {names, urls: (await cache.keys()).map(r => r.url)};
        }""")
        assert len(held["names"]) == 1
        expected = {f"{base_url}/{path}" for path in _service_worker_files()}
        assert expected <= set(held["urls"])

        network["offline"] = True
        context.set_offline(True)
        page.reload(wait_until="load")
        assert page.evaluate("navigator.serviceWorker.controller !== null")
        assert "Toy Soldier Rules Explorer" in page.title()

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

        assert network["refused"] == []
        assert errors == []
    finally:
        context.close()


def test_a_rebuilt_site_replaces_the_stored_copy(browser, tmp_path):
    """A new build: the worker updates, fetches only what changed, and drops the old cache."""
    site = tmp_path / "site"
    shutil.copytree(SITE, site, ignore=shutil.ignore_patterns(".doctrees"))
    asked = []

    class Recording(_QuietHandler):
        def do_GET(self):
            asked.append(self.path)
            super().do_GET()

    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(Recording, directory=str(site)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}"
    context = browser.new_context()
    try:
        page = context.new_page()
        page.goto(f"{base}/index.html", wait_until="load")
        page.evaluate("navigator.serviceWorker.ready")
        before = page.evaluate("caches.keys()")
        assert len(before) == 1

        credits = site / "credits.html"
        credits.write_text(credits.read_text(encoding="utf-8").replace(
            "</body>", '<p id="rebuilt">Rebuilt.</p></body>'), encoding="utf-8")
        (site / offline_app.SERVICE_WORKER).write_text(
            offline_app.service_worker(offline_app.precache_list(site)), encoding="utf-8")
        asked.clear()
        after = page.evaluate("""async (old) => {
            const registration = await navigator.serviceWorker.getRegistration();
            await registration.update();
            for (let i = 0; i < 300; i++) {
                const names = await caches.keys();
                if (names.length === 1 && names[0] !== old) return names;
                await new Promise(resolve => setTimeout(resolve, 100));
            }
            return caches.keys();
        }""", before[0])
        assert len(after) == 1 and after != before
        assert sorted(asked) == ["/credits.html", "/sw.js"]  # the rest came from the old cache

        context.set_offline(True)
        page.goto(f"{base}/credits.html", wait_until="load")
        assert page.locator("#rebuilt").inner_text() == "Rebuilt."
    finally:
        context.close()
        server.shutdown()


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
