/* The site's service worker: pages and files are kept as they are read; the whole book on request.
 *
 * A template: sitebuild/offline_app.py writes it to the site's root as sw.js (so its scope is the
 * whole site) with VERSION, FILES and ON_USE filled in. static/js/offline-app.js is its page side.
 * - first visit: nothing is downloaded in the background. The page sends the addresses it loaded
 *   ("keep") and the worker stores those, from the browser's HTTP cache (the page just loaded them);
 *   from then on every file of the site a page uses is stored as it is fetched, the page's Python
 *   (ON_USE) from its first Play;
 * - "keep-book" (the reader's button on the home page): every file of FILES not yet held, with
 *   progress; a mark in the cache remembers the choice, so updates keep the whole book too;
 * - update (a changed sw.js): install builds the new version's cache from what the reader holds:
 *   unchanged files copied from the old cache, changed ones downloaded again, the rest of the book for
 *   a reader who kept it. Under Save-Data (the worker's navigator.connection, or the last page's, as
 *   a worker's may not say) none of that is downloaded: changed files are fetched when next used. Any failure
 *   fails the install: the old version stays in charge, and the browser's next update check (the next
 *   page visited) retries, resuming where it stopped (the half-filled cache is kept). The installed
 *   version then waits until the reader presses Reload on the page's notice ("skip-waiting");
 * - activate: what the old version stored meanwhile is carried over if unchanged; older caches go;
 * - fetch: a GET for this site is answered from the cache, else the network (and then kept);
 *   "dir/" and "dir" find "dir/index.html", "page" finds "page.html". A page neither held nor
 *   reachable gets a short explanation instead of the browser's error.
 */
"use strict";

const VERSION = "@VERSION@";
const FILES = @FILES@;  // the book: [path from this file, hash of its content, bytes]
const ON_USE = @ON_USE@;  // the same, for files kept only once used (the page's Python, PDFs)
const HASHES = new Map(FILES.concat(ON_USE).map(([path, hash]) => [path, hash]));
const BASE = new URL("./", self.location).href;
const PREFIX = "tsr-site " + BASE + " ";  // two copies of the site on one host keep their own caches
const CACHE = PREFIX + VERSION;
const CONTENTS = BASE + "__precache-contents__";  // in each cache, written last: {path: hash} of a complete cache
const WHOLE_BOOK = BASE + "__whole-book__";  // in a cache holding every file of FILES (the reader asked)
const SAVE_DATA = BASE + "__save-data__";  // in a cache while the last page seen asked to save data
const PARALLEL = 6;

self.addEventListener("install", (event) => {
  // The first worker takes charge at once; an update waits for the reader's Reload.
  event.waitUntil(build().then(() => (self.registration.active ? undefined : self.skipWaiting())));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    for (const name of await caches.keys()) {
      if (!name.startsWith(PREFIX) || name === CACHE) continue;
      const old = await caches.open(name);
      const contents = await contentsOf(old);
      if (contents) await copyUnchanged(old, contents, cache);  // what it stored while this one waited
      await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("message", (event) => {
  const data = event.data || {};
  const port = event.ports[0];
  if (data.type === "skip-waiting") event.waitUntil(self.skipWaiting());
  else if (data.type === "keep") event.waitUntil(keep(data.urls || [], Boolean(data.saveData)));
  else if (data.type === "status") event.waitUntil(status().then((answer) => port && port.postMessage(answer)));
  else if (data.type === "keep-book") event.waitUntil(keepBook(port));
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE)) return;
  event.respondWith(fromCache(request.url).then((response) => response || fetchAndKeep(event)));
});

// -- building a version's cache ------------------------------------------------------------

async function build() {
  const cache = await caches.open(CACHE);
  const earlier = await earlierCaches();
  const wholeBook = earlier.some((copy) => copy.wholeBook);
  const spare = !saveData() && !earlier.some((copy) => copy.saveData);
  const wanted = new Set();
  for (const copy of earlier) {
    for (const request of await copy.cache.keys()) {
      const path = pathOf(request.url);
      if (HASHES.has(path)) wanted.add(path);
    }
  }
  if (wholeBook && spare) FILES.forEach(([path]) => wanted.add(path));
  await inParallel([...wanted], async (path) => {
    const url = new URL(path, BASE).href;
    if (await cache.match(url)) return;  // an interrupted install resumes where it stopped
    for (const copy of earlier) {
      const kept = copy.contents.get(path) === HASHES.get(path) && (await copy.cache.match(url));
      if (kept) return cache.put(url, kept);
    }
    if (spare) await download(cache, url, "reload");  // changed since: the new content
  });
  if (wholeBook && spare) await cache.put(WHOLE_BOOK, new Response("1"));
  await cache.put(CONTENTS, new Response(JSON.stringify(Object.fromEntries(HASHES)),
    { headers: { "Content-Type": "application/json" } }));
}

// The complete caches of earlier versions: [{cache, contents: Map path -> hash, wholeBook}].
async function earlierCaches() {
  const found = [];
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const contents = await contentsOf(cache);
    if (contents) {
      found.push({ cache, contents, wholeBook: Boolean(await cache.match(WHOLE_BOOK)),
                   saveData: Boolean(await cache.match(SAVE_DATA)) });
    }
  }
  return found;
}

async function contentsOf(cache) {
  const contents = await cache.match(CONTENTS);
  return contents ? new Map(Object.entries(await contents.json())) : null;
}

async function copyUnchanged(old, contents, cache) {
  for (const request of await old.keys()) {
    const path = pathOf(request.url);
    if (path && HASHES.get(path) === contents.get(path) && !(await cache.match(request.url))) {
      await cache.put(request.url, await old.match(request));
    }
  }
}

// -- keeping files -----------------------------------------------------------------------

// The files a page loaded before this worker was in charge of it (the first visit), and whether the
// page's browser asks to save data (a worker's own navigator.connection may not say so: remembered for
// the next update's install).
async function keep(urls, pageSavesData) {
  const cache = await caches.open(CACHE);
  if (pageSavesData) await cache.put(SAVE_DATA, new Response("1"));
  else await cache.delete(SAVE_DATA);
  await inParallel(urls, async (address) => {
    const path = pathOf(address);
    const url = path && new URL(path, BASE).href;
    if (!HASHES.has(path) || (await cache.match(url))) return;
    try {
      await download(cache, url, "default", address);  // the page's own copy, from the HTTP cache
    } catch (error) {  // offline already, or gone: it will be kept when next used
    }
  });
}

async function status() {
  const cache = await caches.open(CACHE);
  const held = new Set((await cache.keys()).map((request) => request.url));
  let total = 0, kept = 0;
  for (const [path, , bytes] of FILES) {
    total += bytes;
    if (held.has(new URL(path, BASE).href)) kept += bytes;
  }
  return { type: "status", wholeBook: held.has(WHOLE_BOOK), kept, total,
           onUse: ON_USE.filter(([path]) => path.includes("pyodide") || path.includes("engine"))
             .reduce((sum, [, , bytes]) => sum + bytes, 0) };
}

// Every file of the book, with progress for the page ({type: "progress", kept, total}).
async function keepBook(port) {
  const tell = (message) => port && port.postMessage(message);
  const cache = await caches.open(CACHE);
  let { kept, total } = await status();
  tell({ type: "progress", kept, total });
  try {
    await inParallel(FILES, async ([path, , bytes]) => {
      const url = new URL(path, BASE).href;
      if (await cache.match(url)) return;
      await download(cache, url, "no-cache");
      kept += bytes;
      tell({ type: "progress", kept, total });
    });
    await cache.put(WHOLE_BOOK, new Response("1"));
    tell({ type: "done", kept, total });
  } catch (error) {
    tell({ type: "failed", kept, total, error: String(error) });
  }
}

async function download(cache, url, mode, address = url) {
  const response = await fetch(address, { cache: mode });
  if (!response.ok) throw new Error(`sw.js: ${url} answered HTTP ${response.status}`);
  await cache.put(url, await unredirected(response));
}

async function fetchAndKeep(event) {
  const request = event.request;
  let response;
  try {
    response = await fetch(request);
  } catch (error) {
    if (request.mode === "navigate") return notKept();
    throw error;
  }
  const path = pathOf(request.url);
  if (response.status === 200 && response.type === "basic" && HASHES.has(path)) {
    const copy = response.clone();
    event.waitUntil(caches.open(CACHE).then((cache) => cache.put(new URL(path, BASE).href, copy)));
  }
  return response;
}

// -- answering ---------------------------------------------------------------------------

// The site's path of an address ("" if not this site's): no query or fragment, a folder's index.html.
function pathOf(address) {
  const url = new URL(address, BASE);
  url.search = "";  // the site's pages and files do not depend on a query (?v=..., search.html?q=...)
  url.hash = "";
  if (!url.href.startsWith(BASE)) return "";
  const path = url.href.slice(BASE.length);
  return path === "" || path.endsWith("/") ? path + "index.html" : path;
}

// A response that followed a redirect cannot answer a page navigation: keep only its content.
async function unredirected(response) {
  if (!response.redirected) return response;
  return new Response(await response.blob(),
    { status: response.status, statusText: response.statusText, headers: response.headers });
}

async function fromCache(address) {
  const cache = await caches.open(CACHE);
  const url = new URL(address);
  url.hash = "";
  url.search = "";
  const response = await cache.match(url.href);
  if (response) return response;
  if (url.pathname.endsWith("/")) return cache.match(url.href + "index.html");
  if (/\.[^/]*$/.test(url.pathname)) return undefined;
  if (await cache.match(url.href + "/index.html")) return Response.redirect(url.href + "/", 301);
  return cache.match(url.href + ".html");
}

function notKept() {
  return new Response(
    '<!DOCTYPE html><html lang="en"><meta charset="utf-8"><title>Not kept offline</title>' +
    '<link rel="icon" href="data:,">' +  // no request for /favicon.ico, which is not there offline
    "<h1>This page is not kept for reading offline</h1>" +
    "<p>You are offline, and this page was never opened on this device. Pages are kept as you read " +
    'them; to keep every page, press "Keep the whole book offline" on the home page while online.</p>',
    { status: 503, headers: { "Content-Type": "text/html; charset=utf-8" } });
}

function saveData() {
  return Boolean(self.navigator.connection && self.navigator.connection.saveData);
}

async function inParallel(items, task) {
  const queue = items.slice();
  const worker = async () => { while (queue.length) await task(queue.shift()); };
  await Promise.all(Array.from({ length: PARALLEL }, worker));
}
