"""Glued numbers: on the site myst-nb puts them in the prose; in JupyterLab the set-up cell's output does."""

import json
import re
from pathlib import Path

import pytest
from IPython.display import Markdown

from widgets import glued as G

BOOK = Path(__file__).resolve().parents[1] / "book"


@pytest.fixture
def in_lab(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)
    monkeypatch.setattr(G, "_VALUES", {})
    monkeypatch.setattr("myst_nb.glue", lambda *a, **k: None)


def _filled(shown: str) -> dict:
    """The placeholder -> HTML table the output's script puts in place."""
    return json.loads(re.search(r"Object\.assign\(nb\.tsrGlued \|\| \{\}, (\{.*?\})\);", shown).group(1))


def test_in_lab_each_placeholder_gets_the_value_the_site_shows(in_lab):
    G.glue("steps", 42)
    G.glue("winner", Markdown("**green**"))
    G.glue("odds", 0.41666666)
    shown = G.glued().data
    filled = _filled(shown)
    assert filled["{glue:}`steps`"] == filled["{glue}`steps`"] == "42"
    assert filled["{glue:md}`winner`"] == "<strong>green</strong>"  # Markdown, rendered as the site renders it
    assert filled["{glue:text}`odds`"] == "0.41666666"
    assert "<code>odds</code> = <b>0.417</b>" in shown and "<details" in shown and "<script>" in shown  # the folded list, the script


def test_a_formatted_role_is_worded_from_the_pages_own_text(in_lab, monkeypatch, tmp_path):
    page = tmp_path / "attacking.md"
    page.write_text("removes the enemy {glue:text}`best:.0%` of the time")
    monkeypatch.setenv("JPY_SESSION_NAME", str(page))  # the page Lab runs, as jupyter_server names it
    G.glue("best", 0.4166)
    assert _filled(G.glued().data)["{glue:text}`best:.0%`"] == "42%"


def test_the_script_finds_its_own_notebook_and_no_value_ends_its_script_early(in_lab):
    G.glue("trap", Markdown("</script><b>x</b>"))
    shown = G.glued().data
    mark = re.search(r'<details id="(tsr-glued-\w+)"', shown).group(1)
    assert f'document.getElementById("{mark}")' in shown and shown.count("</script>") == 1


def test_on_the_site_nothing_is_added(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    monkeypatch.setattr(G, "_VALUES", {"steps": 42})
    assert G.glued() is None


def _setup_cells():
    for page in sorted(BOOK.rglob("*.md")):
        if any(part.startswith((".", "_")) for part in page.relative_to(BOOK).parts):
            continue  # Lab's .ipynb_checkpoints and a build's output, which the site excludes (conf.py) too
        text = page.read_text()
        if "{glue" in text:
            yield page.relative_to(BOOK).as_posix(), text


@pytest.mark.parametrize("name,text", list(_setup_cells()), ids=lambda v: v if "/" in str(v) else "")
def test_every_page_with_placeholders_fills_them_in_lab(name, text):
    """Each page that glues values does it through widgets.glued and ends its set-up cell with glued()."""
    assert "from myst_nb import glue" not in text and "from widgets.glued import glue, glued" in text
    cell = text[text.index("from widgets.glued import glue, glued"):]
    cell = cell[:cell.index("\n```")]
    assert cell.rstrip().splitlines()[-1].startswith("glued()")
