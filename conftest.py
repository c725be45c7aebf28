"""Collect every MyST notebook under book/ as an nbval test (no hand-kept list).

nbval reads only ``.ipynb``; jupytext turns each text notebook into one and
nbval runs it in a real kernel, in the page's own folder, cell by cell.
"""

import os
from unittest import mock

import jupytext
import nbval.plugin
import pytest
from hypothesis import HealthCheck, settings

# The conformance invariants live in a plain module (the page's Python runs them too): keep pytest's
# detailed assertion messages for them.
pytest.register_assert_rewrite("conformance.checks")

# No clock in the suite: hypothesis's deadline (200 ms an example) and its too-slow health check time the
# machine, not the code, and fail on a busy one (issue 36: a 0.14 ms case failed its deadline under load).
# Speed is measured in benchmarks/. CI also replays the same examples every run (a failure is reproducible);
# elsewhere each run explores anew.
settings.register_profile("house", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("ci", parent=settings.get_profile("house"), derandomize=True, print_blob=True)
settings.load_profile("ci" if os.environ.get("CI") else "house")


def _is_notebook(path) -> bool:
    """A page with code to run (every page names its kernel, text-only ones too: see tests/test_book_canonical.py)."""
    text = path.read_text(encoding="utf-8")
    return text.startswith("---") and "kernelspec:" in text[:600] and "```{code-cell}" in text


class MystNotebook(nbval.plugin.IPyNbFile):
    def collect(self):
        read = lambda path, as_version: jupytext.read(path, fmt="md:myst")  # noqa: E731
        with mock.patch.object(nbval.plugin.nbformat, "read", read):
            yield from super().collect()


def pytest_collect_file(file_path, parent):
    if (
        file_path.suffix == ".md"
        and "book" in file_path.parts
        and parent.config.option.nbval_lax
        and _is_notebook(file_path)
    ):
        return MystNotebook.from_parent(parent, path=file_path)
    return None
