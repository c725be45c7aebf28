/* The site's service worker: every page works offline after one visit.
 *
 * A template: sitebuild/offline_app.py writes it to the site's root as sw.js
 * (so its scope is the whole site) with VERSION and FILES filled in.
 * - install: every file of the site goes into a cache named after VERSION
 *   (a file the previous version held with the same content is copied from
 *   its cache instead of downloaded again);
 * - activate: the caches of older versions are deleted;
 *   The page's Python runtime (ON_USE) is not fetched then: it loads only when
 *   a reader presses Play, and is kept from that first use on;
 * - fetch: a GET for this site is answered from the cache, else the network;
 *   "dir/" and "dir" find "dir/index.html", "page" finds "page.html".
 */
"use strict";

const VERSION = "@VERSION@";
const FILES = @FILES@;  // [path from this file, hash of its content]
const ON_USE = @ON_USE@;  // the same, for files cached when first used
const ON_USE_URLS = new Set(ON_USE.map(([path]) => new URL(path, new URL("./", self.location)).href));
const BASE = new URL("./", self.location).href;
const PREFIX = "tsr-site " + BASE + " ";  // two copies of the site on one host keep their own caches
const CACHE = PREFIX + VERSION;
const CONTENTS = BASE + "__precache-contents__";  // in each cache, written last: {path: hash} of a complete cache
const PARALLEL = 6;

self.addEventListener("install", (event) => {
  event.waitUntil(precache().then(() => self.skipWaiting()));
});

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener("fetch", (event) => {
  const request = event.request;
  if (request.method !== "GET" || !request.url.startsWith(BASE)) return;
  event.respondWith(fromCache(request.url).then((response) => response || fetchAndKeep(request)));
});

async function fetchAndKeep(request) {
  const response = await fetch(request);
  const url = new URL(request.url);
  url.search = "";
  if (response.ok && ON_USE_URLS.has(url.href)) {
    const cache = await caches.open(CACHE);
    await cache.put(url.href, response.clone());
  }
  return response;
}

async function precache() {
  const cache = await caches.open(CACHE);
  const earlier = await earlierCopies();
  const queue = FILES.slice();
  async function worker() {
    while (queue.length) {
      const [path, hash] = queue.shift();
      const url = new URL(path, BASE).href;
      if (await cache.match(url)) continue;  // an interrupted install resumes where it stopped
      const copy = earlier.get(path);
      const kept = copy && copy.hash === hash && (await copy.cache.match(url));
      if (kept) {
        await cache.put(url, kept);
        continue;
      }
      const response = await fetch(url, { cache: "reload" });
      if (!response.ok) throw new Error(`sw.js: ${path} answered HTTP ${response.status}`);
      await cache.put(url, await unredirected(response));
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker));
  for (const [path, hash] of ON_USE) {  // a runtime file kept by an earlier version, unchanged: keep it
    const url = new URL(path, BASE).href;
    const copy = earlier.get(path);
    const kept = copy && copy.hash === hash && (await copy.cache.match(url));
    if (kept) await cache.put(url, kept);
  }
  await cache.put(CONTENTS, new Response(JSON.stringify(Object.fromEntries(FILES.concat(ON_USE))),
    { headers: { "Content-Type": "application/json" } }));
}

// path -> {hash, cache} for every file of the complete caches of earlier versions.
async function earlierCopies() {
  const copies = new Map();
  for (const name of await caches.keys()) {
    if (!name.startsWith(PREFIX) || name === CACHE) continue;
    const cache = await caches.open(name);
    const contents = await cache.match(CONTENTS);
    if (!contents) continue;
    for (const [path, hash] of Object.entries(await contents.json())) copies.set(path, { hash, cache });
  }
  return copies;
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
  url.search = "";  // the site's pages and files do not depend on a query (?v=..., search.html?q=...)
  const response = await cache.match(url.href);
  if (response) return response;
  if (url.pathname.endsWith("/")) return cache.match(url.href + "index.html");
  if (/\.[^/]*$/.test(url.pathname)) return undefined;
  if (await cache.match(url.href + "/index.html")) return Response.redirect(url.href + "/", 301);
  return cache.match(url.href + ".html");
}
