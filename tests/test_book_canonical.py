"""The book's pages are in the form JupyterLab's jupytext writes, so opening and saving one changes nothing.

JupyterLab saves a page through jupytext's contents manager, with the options of the
``book/jupytext.toml`` (in ``book/``, the folder ``make lab`` serves). Every page read and
written back that way must come out byte for byte as it is, and name the kernel
exactly as Lab does when the kernel starts (a page without one would ask which kernel to
start, and gain one when saved).
"""

from __future__ import annotations

from pathlib import Path

import jupytext
import pytest
from jupytext.config import load_jupytext_configuration_file

ROOT = Path(__file__).resolve().parents[1]
PAGES = sorted(p for p in (ROOT / "book").rglob("*.md") if ".ipynb_checkpoints" not in p.parts)
# As JupyterLab writes it when a page's kernel starts (ipykernel's own spec, in this order): a page naming
# its kernel any other way is rewritten by Lab's first save.
KERNEL = {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"}


def lab_format() -> dict:
    """The format JupyterLab's jupytext writes a book page in (jupytext.toml's options included)."""
    fmt = {"extension": ".md", "format_name": "myst"}
    load_jupytext_configuration_file(str(ROOT / "book" / "jupytext.toml")).set_default_format_options(fmt)
    return fmt


def canonical(text: str) -> str:
    return jupytext.writes(jupytext.reads(text, fmt="md:myst"), fmt=lab_format())


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_page_round_trips_through_jupytext_unchanged(page):
    text = page.read_text(encoding="utf-8")
    assert canonical(text) == text, f"rewrite it: python -m tests.test_book_canonical {page.relative_to(ROOT)}"


@pytest.mark.parametrize("page", PAGES, ids=[str(p.relative_to(ROOT)) for p in PAGES])
def test_page_names_its_kernel(page):
    notebook = jupytext.reads(page.read_text(encoding="utf-8"), fmt="md:myst")
    assert notebook.metadata.get("kernelspec") == KERNEL


def test_no_version_stamps_are_written():
    assert "jupytext_version" not in canonical(PAGES[0].read_text(encoding="utf-8"))


def rewrite(page: Path) -> bool:
    """Put ``page`` in canonical form, naming the kernel; True if it changed."""
    text = page.read_text(encoding="utf-8")
    notebook = jupytext.reads(text, fmt="md:myst")
    notebook.metadata["kernelspec"] = dict(KERNEL)
    new = jupytext.writes(notebook, fmt=lab_format())
    if new != text:
        page.write_text(new, encoding="utf-8")
    return new != text


if __name__ == "__main__":
    import sys

    for name in sys.argv[1:] or PAGES:
        if rewrite(Path(name)):
            print(f"rewrote {name}")


def test_no_page_holds_a_toctree_that_jupyterlab_would_show_as_code():
    """The site map is book/_toc.yml (sphinx-external-toc), so every page reads cleanly in JupyterLab."""
    pages = sorted(Path(__file__).resolve().parents[1].glob("book/**/*.md"))
    assert pages and not [p.name for p in pages if "{toctree}" in p.read_text(encoding="utf-8")]
