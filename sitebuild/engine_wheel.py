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

The page unzips the wheel with :mod:`zipfile` into its file system and puts
it on ``sys.path`` (micropip is not bundled with Pyodide); CPython can also
import straight from it (``sys.path.insert(0, wheel)``).
"""

from __future__ import annotations

import base64
import hashlib
import io
import json
import tomllib
import zipfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DATA = ("*.py", "challenges.toml")  # what the wheel carries of each package
PACKAGES = ("explorer", "boards")  # the engine, and the layers live play draws from it
DIST_NAME = "explorer"  # never published: the name only has to be a valid wheel name
EPOCH = (1980, 1, 1, 0, 0, 0)  # the earliest time a zip entry can hold
SUMMARY = "Toy Soldier Rules Explorer: the rules engine (standard library only)"
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


def wheel_bytes(root: Path = ROOT) -> bytes:
    """The wheel itself, the same bytes for the same source."""
    dist_info = f"{DIST_NAME}-{version(root)}.dist-info"
    files = _sources(root)
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


def build_wheel(target_dir: Path, root: Path = ROOT) -> Path:
    """Write the engine's wheel into ``target_dir``; returns its path."""
    target_dir = Path(target_dir)
    target_dir.mkdir(parents=True, exist_ok=True)
    path = target_dir / wheel_name(root)
    path.write_bytes(wheel_bytes(root))
    return path


def publish(target_dir: Path, pyodide_version: str, runtime_dir: Path, root: Path = ROOT) -> Path:
    """The wheel and ``manifest.json`` in ``target_dir``: the wheel file, its sha256, the Pyodide version, and
    ``files``, the bytes of every file the first game fetches (``runtime_dir``'s RUNTIME_FILES and the wheel, by
    their paths from the site's ``_static/``, the folder holding ``target_dir``): the
    page says their sum on its *Play* button and counts them as they arrive.

    ``target_dir`` is emptied first, so an older wheel never lingers beside the manifest.
    """
    target_dir = Path(target_dir)
    if target_dir.exists():
        for old in target_dir.iterdir():
            old.unlink()
    wheel = build_wheel(target_dir, root)
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
