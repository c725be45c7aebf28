// Live play's engine, in a module Web Worker: the vendored Pyodide runs the engine's wheel.
//
// Generic over rulesets: it only starts boards.live (Python) and passes JSON both ways.
// Messages in:  {id, kind: "preload", staticURL, config} (the engine started in the background, the page's game
//               started ready for Play)
//               {id, kind: "boot", staticURL, config}  then  {id, kind: "command", name, args}
//               or {id, kind: "start", config} (a new game)
//               or {id, kind: "tool", staticURL, request} (a classroom control: boards.live.tool)
// Messages out: {progress: "words"} while booting, then {id, answer} or {id, error}.
// Everything is fetched from the site itself (staticURL is the site's _static/ folder).

let live = null;

function progress(text) {
  self.postMessage({ progress: text });
}

// Stage marks for benchmarks/first_game.py (the page keeps them in window.tsrLivePlay.marks), on the clock both
// the page and this worker share (the epoch in ms).
const now = () => performance.timeOrigin + performance.now();
function mark(stage) {
  self.postMessage({ mark: stage, at: now() });
}
mark("worker started");

// When each file the runtime fetched had arrived (the browser's resource timing), as marks.
function markArrivals() {
  for (const entry of performance.getEntriesByType("resource")) {
    const name = entry.name.split("/").pop();
    self.postMessage({ mark: `arrived ${name}`, at: performance.timeOrigin + entry.responseEnd, bytes: entry.transferSize });
  }
}

function hex(buffer) {
  return Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");
}

async function fetchOK(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} could not be loaded (${response.status})`);
  return response;
}

let loading = null;  // the engine loads once, for a game or a page tool, whichever asks first
let started = null;  // {config, answer}: the page's game, started as the engine loaded (JSON both), until Play takes it

function loadEngine(staticURL, config = null) {
  loading = loading || loadPython(staticURL, config === null ? null : JSON.stringify(config));
  return loading;
}

// Progress in words, by the bytes arrived: the manifest (written at build time) says each file's size, and the
// browser's resource timing says when one has arrived. The responses themselves are left as the browser gives
// them (no copy counted on the way, no HEAD request first): the browser compiles the WebAssembly as it streams in
// and may keep the compiled code for its URL, which it cannot do for a copy. (Compiling is the small part: 0.4-1 s
// here against 18-34 s for loadPyodide as a whole; starting Python is the rest, hence the snapshot below.)
const MB = 1e6;

function countArrivals(files, staticURL) {
  const sizes = new Map(Object.entries(files).map(([path, bytes]) => [new URL(path, staticURL).href, bytes]));
  const total = [...sizes.values()].reduce((a, b) => a + b, 0);
  let loaded = 0;
  const say = () => progress(loaded < total
    ? `Loading Python: ${(loaded / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`
    : "Starting Python…");
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const bytes = sizes.get(entry.name.split("?")[0]);
      if (bytes === undefined) continue;
      sizes.delete(entry.name.split("?")[0]);
      loaded += bytes;
      say();
    }
  });
  observer.observe({ type: "resource", buffered: true });
  say();
  return { done() { observer.disconnect(); } };
}

// The page's Python as it stands once the engine is imported, kept in the browser (a Pyodide memory snapshot, 31 MB,
// in Cache Storage, made here: nothing more is downloaded): restoring it skips starting Python and importing the
// engine, which is nearly all of a start (benchmarks/first_game.py: 1.6-2.2 s against 18-34 s on a busy machine).
// One is kept at a time, named by the Pyodide version and the wheel's sha256, so a new build makes a new one.
const SNAPSHOTS = "tsr-python-snapshot";
const ENGINE_SETUP = "import sys\nsys.path.insert(0, '/home/pyodide/engine.whl')\nsys.dont_write_bytecode = True";

async function keptSnapshot(key) {
  try {
    const kept = await (await caches.open(SNAPSHOTS)).match(key);
    return kept ? new Uint8Array(await kept.arrayBuffer()) : null;
  } catch (error) {
    return null;  // no Cache Storage (a private window may have none): Python starts anew
  }
}

async function keepSnapshot(key, bytes) {
  try {
    const cache = await caches.open(SNAPSHOTS);
    for (const old of await cache.keys()) if (old.url !== key) await cache.delete(old);
    await cache.put(key, new Response(bytes));
  } catch (error) { /* full, or no Cache Storage: the next start is a fresh one */ }
}

async function startPython(loadPyodide, indexURL, snapshot, key) {
  if (snapshot) {
    try {
      return { pyodide: await loadPyodide({ indexURL, _loadSnapshot: snapshot }), restored: true };
    } catch (error) {  // unreadable (cut short while kept?): dropped, and Python starts anew
      await caches.open(SNAPSHOTS).then((cache) => cache.delete(key)).catch(() => {});
    }
  }
  return { pyodide: await loadPyodide({ indexURL, _makeSnapshot: true }), restored: false };
}

async function loadPython(staticURL, config) {
  mark("loading");
  const manifest = await (await fetchOK(new URL("engine/manifest.json", staticURL))).json();
  const indexURL = new URL(`npm/pyodide@${manifest.pyodide}/`, staticURL).href;
  const wheelURL = new URL(`engine/${manifest.wheel}`, staticURL);
  const key = new URL(`engine/python-${manifest.pyodide}-${manifest.sha256}.snapshot`, staticURL).href;
  const arrivals = countArrivals(manifest.files || {}, staticURL);
  const wheelBytes = fetchOK(wheelURL).then((r) => r.arrayBuffer());
  const snapshot = keptSnapshot(key);
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  mark("pyodide.mjs imported");
  const { pyodide, restored } = await startPython(loadPyodide, indexURL, await snapshot, key);
  mark(restored ? "Python restored" : "Python started");
  arrivals.done();
  progress("Loading the engine…");
  const wheel = await wheelBytes;
  const digest = hex(await crypto.subtle.digest("SHA-256", wheel));
  if (digest !== manifest.sha256) throw new Error(`the engine's wheel does not match its manifest (sha256 ${digest})`);
  mark("wheel checked");
  // The wheel is imported from as it is (zipimport): only the modules a game imports are unpacked. A snapshot holds
  // Python's memory, not its files: the wheel is written again, where the engine's modules were imported from.
  pyodide.FS.writeFile("/home/pyodide/engine.whl", new Uint8Array(wheel));
  if (!restored) {
    // The page's game is started before the snapshot, so a later start finds its ruleset imported (the answer is
    // kept for Play, as a string: no Python object is handed to JavaScript before the snapshot).
    pyodide.runPython(ENGINE_SETUP + "\nimport boards.live" +
      (config === null ? "" : `\n_first_answer = boards.live.start(${JSON.stringify(config)})`));
    mark("engine imported");
    if (config !== null) started = { config, answer: pyodide.globals.get("_first_answer") };
    try {
      keepSnapshot(key, pyodide.makeMemorySnapshot());  // before any Python object is handed to JavaScript
      mark("snapshot made");
    } catch (error) { /* none kept: the next start is a fresh one */ }
  }
  live = pyodide.pyimport("boards.live");
  if (config !== null && started === null) started = { config, answer: live.start(config) };
  mark("engine ready");
  markArrivals();
}

async function boot(staticURL, config) {
  await loadEngine(staticURL, config);
  progress("Starting the game…");
  const asked = JSON.stringify(config);
  const kept = started && started.config === asked ? started.answer : null;  // the very game, untouched since
  started = null;
  const first = JSON.parse(kept === null ? live.start(asked) : kept);
  mark("first state");
  return first;
}

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    let answer;
    if (kind === "preload") {  // config: the page's game, started ready for Play
      await loadEngine(event.data.staticURL, event.data.config);
      answer = true;
    } else if (kind === "boot") {
      answer = await boot(event.data.staticURL, event.data.config);
    } else if (kind === "tool") {  // a classroom control (boards.classroom): {staticURL, request}
      await loadEngine(event.data.staticURL);
      answer = JSON.parse(live.tool(JSON.stringify(event.data.request)));
    } else if (kind === "start") {  // a new game, perhaps another scenario or side: a new Session
      if (live === null) throw new Error("the engine has not started");
      answer = JSON.parse(live.start(JSON.stringify(event.data.config)));
    } else {
      if (live === null) throw new Error("the engine has not started");
      const started = performance.now();
      answer = JSON.parse(live.command(JSON.stringify({ name: event.data.name, args: event.data.args || [] })));
      answer.engine_ms = performance.now() - started;
    }
    self.postMessage({ id, answer });
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
