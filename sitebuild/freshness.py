"""Sphinx extension: a page re-runs when the code it imports changes, not only its text.

myst-nb's cache (jupyter-cache) and Sphinx's environment both key a page on
its own source, so after a change to ``explorer/`` or ``widgets/`` an
untouched page would keep showing old numbers. A hash of that code,
compared with the one stored beside the cache, clears the cache and marks
every page out of date when the code moved.
"""

from __future__ import annotations

import hashlib
import shutil
from pathlib import Path

from sphinx.application import Sphinx

ROOT = Path(__file__).resolve().parents[1]
CODE = ("explorer", "widgets")


def code_hash(root: Path = ROOT, packages=CODE) -> str:
    digest = hashlib.sha256()
    for package in packages:
        for path in sorted((root / package).rglob("*.py")):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()


def clear_stale_cache(app: Sphinx, config) -> None:
    cache = Path(config.nb_execution_cache_path)
    stamp = cache.parent / f"{cache.name}.code-hash"
    current = app.tsr_code_hash = code_hash()  # read once per build; the env check reuses it
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
