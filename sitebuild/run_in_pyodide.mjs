// Run Python on the page's own runtime (the vendored Pyodide) under Node.js, with the engine's wheel.
//
//   node sitebuild/run_in_pyodide.mjs --pyodide DIR --wheel FILE [--package DIR ...] [--env NAME=VALUE ...] < snippet.py
//
// Loads Pyodide from DIR only (nothing is fetched from any host) with each --env variable set,
// puts the wheel on sys.path as /home/pyodide/engine.whl as the page does (zipimport: see
// sitebuild/static/js/play-worker.mjs), copies each --package folder's .py files beside it
// (for test helpers), then runs the Python read from stdin. What Python
// prints goes to stdout; the last line of stderr is JSON timings in milliseconds (the run's CPU too).
import fs from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

function parse(argv) {
  const args = { packages: [], env: {} };
  for (let i = 0; i < argv.length; i += 2) {
    const [flag, value] = [argv[i], argv[i + 1]];
    if (value === undefined) throw new Error(`${flag} needs a value`);
    if (flag === "--pyodide") args.pyodide = path.resolve(value);
    else if (flag === "--wheel") args.wheel = path.resolve(value);
    else if (flag === "--package") args.packages.push(path.resolve(value));
    else if (flag === "--env") { const [name, ...rest] = value.split("="); args.env[name] = rest.join("="); }
    else throw new Error(`unknown option ${flag}`);
  }
  if (!args.pyodide || !args.wheel) throw new Error("usage: run_in_pyodide.mjs --pyodide DIR --wheel FILE [--package DIR ...] < code.py");
  return args;
}

function copyPython(FS, from, to) {
  FS.mkdirTree(to);
  for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory() && entry.name !== "__pycache__") copyPython(FS, source, `${to}/${entry.name}`);
    else if (entry.isFile() && entry.name.endsWith(".py")) FS.writeFile(`${to}/${entry.name}`, fs.readFileSync(source));
  }
}

async function main() {
  const args = parse(process.argv.slice(2));
  const code = fs.readFileSync(0, "utf8");
  const started = performance.now();
  const { loadPyodide } = await import(pathToFileURL(path.join(args.pyodide, "pyodide.mjs")).href);
  const pyodide = await loadPyodide({ indexURL: args.pyodide + path.sep, env: args.env });
  const booted = performance.now();
  // Copied: Pyodide hands a view of a buffer it reuses for the next write, and a pipe's write is sent later, so
  // a long output written as the view came out garbled (a multi-byte character torn apart).
  pyodide.setStdout({ write: (bytes) => { process.stdout.write(Buffer.from(bytes)); return bytes.length; } });
  pyodide.setStderr({ write: (bytes) => { process.stderr.write(Buffer.from(bytes)); return bytes.length; } });

  pyodide.FS.writeFile("/home/pyodide/engine.whl", fs.readFileSync(args.wheel));
  for (const dir of args.packages) copyPython(pyodide.FS, dir, `/home/pyodide/helpers/${path.basename(dir)}`);
  await pyodide.runPythonAsync(`
import sys
sys.path[:0] = ["/home/pyodide/engine.whl", "/home/pyodide/helpers"]
sys.dont_write_bytecode = True
`);
  const installed = performance.now();
  const cpu = process.cpuUsage();
  await pyodide.runPythonAsync(code);
  const finished = performance.now();
  const used = process.cpuUsage(cpu);
  process.stderr.write("\n" + JSON.stringify({
    boot_ms: Math.round(booted - started),
    install_ms: Math.round(installed - booted),
    run_ms: Math.round(finished - installed),
    run_cpu_ms: Math.round((used.user + used.system) / 1000),  // the CPU the snippet took (a busy machine's wall time is not)
  }) + "\n");
}

main().catch((error) => {
  process.stderr.write(`${error.stack || error}\n`);
  process.exit(1);
});
