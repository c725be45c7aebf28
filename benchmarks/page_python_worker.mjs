// The page's Python (the site's vendored Pyodide) in a module Web Worker, as live play runs it
// (sitebuild/static/js/play-worker.mjs), but running whatever Python benchmarks/page_playouts.py sends.
//
// Messages in:  {id, kind: "boot", indexURL, wheelURL, files: {name: text}}: loads Pyodide from
//               indexURL, unzips the engine's wheel onto sys.path as the page does, writes the
//               benchmark's own modules beside it; {id, kind: "run", code}: runs code, answers its
//               last expression (a string).
// Messages out: {id, answer} or {id, error}.

let pyodide = null;

self.onmessage = async (event) => {
  const { id, kind } = event.data;
  try {
    let answer;
    if (kind === "boot") {
      const { indexURL, wheelURL, files } = event.data;
      const { loadPyodide } = await import(indexURL + "pyodide.mjs");
      pyodide = await loadPyodide({ indexURL });
      const response = await fetch(wheelURL);
      if (!response.ok) throw new Error(`${wheelURL} could not be loaded (${response.status})`);
      pyodide.FS.writeFile("/tmp/engine.whl", new Uint8Array(await response.arrayBuffer()));
      pyodide.FS.mkdirTree("/home/pyodide/bench");
      for (const [name, text] of Object.entries(files)) pyodide.FS.writeFile(`/home/pyodide/bench/${name}`, text);
      answer = pyodide.runPython([
        "import sys, zipfile",
        "zipfile.ZipFile('/tmp/engine.whl').extractall('/home/pyodide/engine')",
        "sys.path[:0] = ['/home/pyodide/engine', '/home/pyodide/bench']",
        "sys.dont_write_bytecode = True",
        "sys.version",
      ].join("\n"));
    } else {
      if (pyodide === null) throw new Error("boot first");
      answer = pyodide.runPython(event.data.code);
    }
    self.postMessage({ id, answer });
  } catch (error) {
    self.postMessage({ id, error: String((error && error.message) || error) });
  }
};
