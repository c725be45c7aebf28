"""Opening and saving a book page in JupyterLab leaves it byte for byte as it was.

``make lab`` serves ``book/`` (``jupyter lab book/index.md``: the server's root is the
folder of the file it opens), and Lab saves a page through jupytext's contents manager,
which reads its options from a ``jupytext.toml`` it finds only inside that root. Every
page is opened and saved here through that contents manager, rooted as ``make lab``
roots it, in a copy of the book (no browser, no kernel).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from jupytext import TextFileContentsManager

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
PAGES = sorted(p.relative_to(BOOK).as_posix() for p in BOOK.rglob("*.md") if ".ipynb_checkpoints" not in p.parts)


def test_make_lab_serves_the_book_folder():
    """The root the test below uses is the one ``make lab`` gets: the folder of the page it opens."""
    lab = next(line for line in (ROOT / "Makefile").read_text().splitlines() if "jupyter lab" in line)
    assert lab.split()[-1] == "book/index.md"


@pytest.fixture(scope="module")
def lab_book(tmp_path_factory) -> Path:
    copy = tmp_path_factory.mktemp("lab") / "book"
    shutil.copytree(BOOK, copy, ignore=shutil.ignore_patterns(".ipynb_checkpoints", "_build"))
    return copy


def test_every_page_saved_through_jupytext_is_unchanged(lab_book):
    manager = TextFileContentsManager(root_dir=str(lab_book))
    changed = []
    for page in PAGES:
        model = manager.get(page)  # as Lab opens it: a notebook
        assert model["type"] == "notebook", page
        manager.save({"type": "notebook", "format": "json", "content": model["content"]}, page)
        if (lab_book / page).read_bytes() != (BOOK / page).read_bytes():
            changed.append(page)
    assert not changed, f"{len(changed)} of {len(PAGES)} pages rewritten by a save in Lab: {changed[:5]}"
