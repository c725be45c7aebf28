// Live play's engine, in a module Web Worker: the vendored Pyodide runs the engine's wheel.
//
// Generic over rulesets: it only starts boards.live (Python) and passes JSON both ways.
// Messages in:  {id, kind: "boot", staticURL, config}  then  {id, kind: "command", name, args}
//               or {id, kind: "start", config} (a new game)
//               or {id, kind: "tool", staticURL, request} (a classroom control: boards.live.tool)
// Messages out: {progress: "words"} while booting, then {id, answer} or {id, error}.
// Everything is fetched from the site itself (staticURL is the site's _static/ folder).

let live = null;

function progress(text) {
  self.postMessage({ progress: text });
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

function loadEngine(staticURL) {
  loading = loading || loadPython(staticURL);
  return loading;
}

// Progress in bytes: the runtime's files are sized first (HEAD, no body), then every byte that arrives
// through fetch is counted (the runtime fetches its WebAssembly, standard library and lock file with
// it); its two JavaScript modules are imported, so they count once imported.
const RUNTIME_FILES = ["pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"];
const MB = 1024 * 1024;

async function sizeOf(url) {
  try {
    const response = await fetch(url, { method: "HEAD" });
    return Number(response.headers.get("content-length")) || 0;
  } catch (error) {
    return 0;
  }
}

function countBytes(total) {
  let loaded = 0;
  const say = () => progress(total > 0
    ? `Loading Python: ${(Math.min(loaded, total) / MB).toFixed(1)} of ${(total / MB).toFixed(1)} MB`
    : `Loading Python: ${(loaded / MB).toFixed(1)} MB`);
  const plainFetch = self.fetch.bind(self);
  self.fetch = async (input, init) => {
    const response = await plainFetch(input, init);
    if (!response.body || (init && init.method === "HEAD")) return response;
    const counted = response.body.pipeThrough(new TransformStream({
      transform(chunk, controller) { loaded += chunk.byteLength; say(); controller.enqueue(chunk); },
    }));
    const copy = new Response(counted, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(copy, "url", { value: response.url });
    return copy;
  };
  say();
  return { add(bytes) { loaded += bytes; say(); }, done() { self.fetch = plainFetch; } };
}

async function loadPython(staticURL) {
  const manifest = await (await fetchOK(new URL("engine/manifest.json", staticURL))).json();
  const indexURL = new URL(`npm/pyodide@${manifest.pyodide}/`, staticURL).href;
  const wheelURL = new URL(`engine/${manifest.wheel}`, staticURL);
  const sizes = await Promise.all([...RUNTIME_FILES.map((name) => sizeOf(indexURL + name)), sizeOf(wheelURL)]);
  const bytes = countBytes(sizes.reduce((a, b) => a + b, 0));
  const wheelBytes = fetchOK(wheelURL).then((r) => r.arrayBuffer());
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  bytes.add(sizes[0]);
  const pyodide = await loadPyodide({ indexURL });
  bytes.add(sizes[1]);  // pyodide.asm.mjs, imported by loadPyodide
  bytes.done();
  progress("Loading the engine…");
  const wheel = await wheelBytes;
  const digest = hex(await crypto.subtle.digest("SHA-256", wheel));
  if (digest !== manifest.sha256) throw new Error(`the engine's wheel does not match its manifest (sha256 ${digest})`);
  pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(wheel));
  pyodide.runPython([
    "import sys, zipfile",
    "zipfile.ZipFile('/tmp/engine.whl').extractall('/home/pyodide/engine')",
    "sys.path.insert(0, '/home/pyodide/engine')",
    "sys.dont_write_bytecode = True",
  ].join("\n"));
  live = pyodide.pyimport("boards.live");
}

async function boot(staticURL, config) {
  await loadEngine(staticURL);
  progress("Starting the game…");
  return JSON.parse(live.start(JSON.stringify(config)));
}

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    let answer;
    if (kind === "boot") {
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
