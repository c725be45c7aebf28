"""Sphinx extension: a page re-runs when the code it imports changes, not only its text.

myst-nb's cache (jupyter-cache) and Sphinx's environment both key a page on
its own source, so after a change to the code a page runs, an untouched page
would keep showing old numbers. Which code that is, is read from the book
itself, never listed by hand (issue 36: a hand-kept list missed ``boards/``):
the project's packages that the pages' code cells import, and those that
their modules import in turn (:func:`notebook_packages`). A hash of them,
compared with the one stored beside the cache, clears the cache and marks
every page out of date when that code moved. Code a page calls at build
time through a directive (``{data-table} boards.compare:lethality_table``)
is not in the notebooks' outputs: when only that moves, every page is read
again but no notebook runs again.
"""

from __future__ import annotations

import hashlib
import re
import shutil
from collections.abc import Iterable, Iterator
from pathlib import Path

from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[1]
_CELL = re.compile(r"^```\{code-cell\}[^\n]*\n(.*?)^```", re.M | re.S)
_IMPORT = re.compile(r"^[ \t]*(?:from[ \t]+([A-Za-z_]\w*)|import[ \t]+([\w., \t]+))", re.M)
_DIRECTIVE_MODULE = re.compile(r"^```\{[\w-]+\}\s+([A-Za-z_][\w.]*):\w+", re.M)  # {data-table} module:name


def project_packages(root: Path = ROOT) -> set[str]:
    """The project's own top-level packages: the checkout's folders with an ``__init__.py``."""
    return {path.parent.name for path in root.glob("*/__init__.py")}


def _cell_code(cell: str) -> str:
    """A code cell's Python: without its options (``:tags:`` lines or a ``---`` block) and IPython's
    ``%magic`` and ``!shell`` lines."""
    lines = cell.splitlines()
    if lines and lines[0].strip() == "---":
        lines = lines[lines.index("---", 1) + 1:] if "---" in lines[1:] else []
    lines = [line for line in lines if not line.startswith(":") and not line.lstrip().startswith(("%", "!"))]
    return "\n".join(lines)


def _imported(code: str) -> Iterator[str]:
    """The top-level names ``code``'s absolute imports start with, wherever they are written (a line's start,
    read as text: quick, and a docstring's "from x" only adds a name, never hides one)."""
    for start, names in _IMPORT.findall(code):
        yield from [start] if start else [name.split()[0].partition(".")[0] for name in names.split(",") if name.strip()]


def _reach(start: Iterable[str], root: Path, own: set[str]) -> set[str]:
    """``start``'s project packages and every project package their modules import, transitively."""
    reached, todo = set(), [name for name in start if name in own]
    while todo:
        package = todo.pop()
        if package in reached:
            continue
        reached.add(package)
        for path in (root / package).rglob("*.py"):
            todo.extend(name for name in _imported(path.read_text(encoding="utf-8")) if name in own)
    return reached


def _pages(root: Path) -> Iterator[str]:
    for path in sorted((root / "book").rglob("*.md")):
        yield path.read_text(encoding="utf-8")


def notebook_packages(root: Path = ROOT) -> set[str]:
    """The project packages whose code the book's notebooks run: imported by a code cell, or by them."""
    own = project_packages(root)
    return _reach((name for page in _pages(root) for cell in _CELL.findall(page)
                   for name in _imported(_cell_code(cell))), root, own)


def directive_packages(root: Path = ROOT) -> set[str]:
    """The project packages the pages' directives call at build time (``{data-table} module:name``), with
    those they import."""
    named = (module.partition(".")[0] for page in _pages(root) for module in _DIRECTIVE_MODULE.findall(page))
    return _reach(named, root, project_packages(root))


def code_hash(root: Path = ROOT, packages: Iterable[str] | None = None) -> str:
    """A hash of the code of ``packages`` (by default those the notebooks run) and the data it reads (its
    ``.toml`` files: the challenges), names and contents."""
    digest = hashlib.sha256()
    for package in sorted(notebook_packages(root) if packages is None else packages):
        for path in sorted((root / package).rglob("*")):
            if path.suffix in (".py", ".toml") and path.is_file():
                digest.update(str(path.relative_to(root)).encode())
                digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(app: Sphinx, config) -> None:
    cache = Path(config.nb_execution_cache_path)
    stamp = cache.parent / f"{cache.name}.code-hash"
    notebooks = notebook_packages()
    current = code_hash(packages=notebooks)
    app.tsr_code_hash = code_hash(packages=notebooks | directive_packages())  # the env check reuses it
    if stamp.exists() and stamp.read_text() == current:
        return
    shutil.rmtree(cache, ignore_errors=True)
    stamp.parent.mkdir(parents=True, exist_ok=True)
    stamp.write_text(current)


def outdated_when_code_changed(app: Sphinx, env, added, changed, removed):
    current = app.tsr_code_hash
    if getattr(env, "tsr_code_hash", None) == current:
        return []
    env.tsr_code_hash = current
    return sorted(env.found_docs)


def setup(app: Sphinx) -> dict:
    app.connect("config-inited", clear_stale_cache)
    app.connect("env-get-outdated", outdated_when_code_changed)
    return {"parallel_read_safe": True, "parallel_write_safe": True, "env_version": 1}
