"""The engine as a pure-Python wheel, built with the site, for the page's own Python (Pyodide).

The wheel holds the ``explorer`` package and ``boards`` (the boards' column
data, bokeh-free, for live play in the page) and nothing else (no tests, no
widgets, no ``__pycache__``), with the ``*.dist-info`` a wheel needs:
``METADATA``, ``WHEEL`` (``Root-Is-Purelib: true``, tag ``py3-none-any``)
and ``RECORD`` (a sha256 per file). Every entry has a fixed timestamp and
mode and the entries are in a fixed order, so the same source gives the
same bytes (and the same sha256 in the manifest).

Why the standard library's :mod:`zipfile` rather than ``pip wheel`` or
``build``: the engine is pure Python from the standard library, so a wheel
is a zip of its files plus three small text files. ``build`` would bring an
isolated environment and setuptools into every site build, and its wheel
would hold whatever ``pyproject.toml`` packages (the widgets too), with
timestamps that change from build to build; this module is about seventy
lines with nothing to install.

The page imports from the wheel as it is (``sys.path.insert(0, wheel)``: zipimport; micropip is not
bundled with Pyodide), and so can CPython.

The site's wheel carries each module compiled by the page's own Python instead of its source (:func:`compiled`:
the vendored Pyodide under Node.js, :data:`RUNNER`), as ``name.pyc`` where ``name.py`` was, which zipimport
imports as it is: the page's first game then imports the engine without compiling 180 modules. Measured under
Node.js on this busy machine: import and first game 1.9-2.5 s from the sources, 0.4-1.0 s compiled. The price is
bytes: 0.96 MB of wheel, not 0.56 (the compiled files keep docstrings, which the engine reads for its words,
and line numbers, not columns: ``PYTHONNODEBUGRANGES``). They are "unchecked hash" pycs: valid whatever the
times in the zip, the same bytes for the same source, and only for the page's Python (3.14): CPython imports
from :func:`build_wheel`'s plain wheel, as the tests do.
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import shutil
import subprocess
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ("*.py", "challenges.toml")  # what the wheel carries of each package
PACKAGES = ("explorer", "boards")  # the engine, and the layers live play draws from it
DIST_NAME = "explorer"  # never published: the name only has to be a valid wheel name
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can hold
SUMMARY = "Toy Soldier Rules Explorer: the rules engine (standard library only)"
RUNNER = ROOT / "sitebuild" / "run_in_pyodide.mjs"
"""Runs Python in the vendored Pyodide under Node.js, the wheel unzipped on its path (the tests use it too)."""
RUNTIME_FILES = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json")
"""What the page's first game fetches of the vendored Pyodide (loadPyodide with no packages), besides the wheel."""


def version(root: Path = ROOT) -> str:
    return tomllib.loads((root / "pyproject.toml").read_text())["project"]["version"]


def wheel_name(root: Path = ROOT) -> str:
    return f"{DIST_NAME}-{version(root)}-py3-none-any.whl"


def _sources(root: Path) -> list[tuple[str, bytes]]:
    """``(path in the wheel, bytes)`` of every ``.py`` file of the packages and the data they read (the
    rulesets' ``challenges.toml``), sorted."""
    files = sorted(p for name in PACKAGES for pattern in DATA for p in (root / name).rglob(pattern)
                   if "__pycache__" not in p.parts)
    return [(p.relative_to(root).as_posix(), p.read_bytes()) for p in files]


def _digest(data: bytes) -> str:
    return "sha256=" + base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()


def _entry(name: str) -> zipfile.ZipInfo:
    info = zipfile.ZipInfo(name, date_time=EPOCH)
    info.external_attr = 0o644 << 16
    info.compress_type = zipfile.ZIP_DEFLATED
    info.create_system = 3  # Unix, whatever machine builds it
    return info


def wheel_bytes(root: Path = ROOT, compiled: dict[str, bytes] | None = None) -> bytes:
    """The wheel itself, the same bytes for the same source; with ``compiled`` (a ``.py`` path in the wheel ->
    its ``.pyc`` bytes), each module compiled in place of its source."""
    dist_info = f"{DIST_NAME}-{version(root)}.dist-info"
    compiled = compiled or {}
    files = sorted((name + "c", compiled[name]) if name in compiled else (name, data) for name, data in _sources(root))
    files.append((f"{dist_info}/METADATA", (
        "Metadata-Version: 2.1\n"
        f"Name: {DIST_NAME}\n"
        f"Version: {version(root)}\n"
        f"Summary: {SUMMARY}\n"
        "License: MIT\n"
        "Requires-Python: >=3.11\n"
    ).encode()))
    files.append((f"{dist_info}/WHEEL", (
        "Wheel-Version: 1.0\n"
        "Generator: sitebuild.engine_wheel\n"
        "Root-Is-Purelib: true\n"
        "Tag: py3-none-any\n"
    ).encode()))
    record = "".join(f"{name},{_digest(data)},{len(data)}\n" for name, data in files)
    files.append((f"{dist_info}/RECORD", (record + f"{dist_info}/RECORD,,\n").encode()))

    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as wheel:
        for name, data in files:
            wheel.writestr(_entry(name), data, compresslevel=9)
    return buffer.getvalue()


def build_wheel(target_dir: Path, root: Path = ROOT, compile_in: Path | None = None) -> Path:
    """Write the engine's wheel into ``target_dir``; returns its path. ``compile_in``: a Pyodide folder (the
    vendored runtime) whose Python compiles every module into the wheel too (:func:`compiled`)."""
    target_dir = Path(target_dir)
    target_dir.mkdir(parents=True, exist_ok=True)
    path = target_dir / wheel_name(root)
    path.write_bytes(wheel_bytes(root))
    if compile_in is not None:
        path.write_bytes(wheel_bytes(root, compiled(path, compile_in)))
    return path


_COMPILE = """
import base64, importlib.util, json, zipfile
from importlib._bootstrap_external import _code_to_hash_pyc
out, wheel = {}, "/home/pyodide/engine.whl"
assert all(column is None for *_, column in compile("x = 1", "", "exec").co_positions()), \
    "columns would be kept: PYTHONNODEBUGRANGES was not heard"
archive = zipfile.ZipFile(wheel)
for name in sorted(n for n in archive.namelist() if n.endswith(".py")):
    data = archive.read(name)
    code = compile(data, f"{wheel}/{name}", "exec", dont_inherit=True)
    out[name] = base64.b64encode(bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))).decode()
print(json.dumps(out))
"""
"""Compiles each module as ``py_compile`` does for ``UNCHECKED_HASH`` (its file named as the page imports it:
``/home/pyodide/engine.whl/...``, what a traceback in the page shows)."""


def compiled(wheel: Path, pyodide_dir: Path) -> dict[str, bytes]:
    """Each ``.py`` of ``wheel`` compiled by the Python of the Pyodide in ``pyodide_dir`` (under Node.js): its path
    in the wheel -> the ``.pyc`` bytes. Node.js is needed ('make browser' installs Debian's nodejs)."""
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        raise RuntimeError("Node.js is needed to compile the engine for the page's Python: install Debian's "
                           "nodejs ('make browser' does).")
    result = subprocess.run([node, str(RUNNER), "--pyodide", str(pyodide_dir), "--wheel", str(wheel),
                             "--env", "PYTHONNODEBUGRANGES=1"],
                            input=_COMPILE, capture_output=True, text=True, timeout=1800)
    if result.returncode != 0:
        raise RuntimeError(f"compiling the engine in the page's Python failed: {result.stderr[-2000:]}")
    return {name: base64.b64decode(data) for name, data in json.loads(result.stdout.splitlines()[-1]).items()}


def publish(target_dir: Path, pyodide_version: str, runtime_dir: Path, root: Path = ROOT, *,
            compile_in: Path | None = None) -> Path:
    """The wheel and ``manifest.json`` in ``target_dir``: the wheel file, its sha256, the Pyodide version, and
    ``files``, the bytes of every file the first game fetches (``runtime_dir``'s RUNTIME_FILES and the wheel, by
    their paths from the site's ``_static/``, the folder holding ``target_dir``): the
    page says their sum on its *Play* button and counts them as they arrive. ``compile_in``: as for
    :func:`build_wheel` (the site build compiles in the vendored runtime).

    ``target_dir`` is emptied first, so an older wheel never lingers beside the manifest.
    """
    target_dir = Path(target_dir)
    if target_dir.exists():
        for old in target_dir.iterdir():
            old.unlink()
    wheel = build_wheel(target_dir, root, compile_in)
    manifest = {
        "wheel": wheel.name,
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "pyodide": pyodide_version,
        "files": {(folder / name).relative_to(target_dir.parent).as_posix(): (folder / name).stat().st_size
                  for folder, name in [(Path(runtime_dir), n) for n in RUNTIME_FILES] + [(target_dir, wheel.name)]},
    }
    path = target_dir / "manifest.json"
    path.write_text(json.dumps(manifest, indent=2) + "\n")
    return path
