"""Glued numbers: on the site in the prose; in JupyterLab the set-up cell says what each placeholder stands for."""

from IPython.display import Markdown

from widgets import glued as G


def test_in_lab_the_placeholders_are_listed_with_their_values(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.setattr(G, "_VALUES", {})
    monkeypatch.setattr("myst_nb.glue", lambda *a, **k: None)
    G.glue("steps", 42)
    G.glue("winner", Markdown("green"))
    G.glue("odds", 0.41666666)
    shown = G.glued().data
    assert "<code>{glue:md}`steps`</code> = <b>42</b>" in shown and "<b>green</b>" in shown and "<b>0.417</b>" in shown


def test_on_the_site_nothing_is_added(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    monkeypatch.setattr(G, "_VALUES", {"steps": 42})
    assert G.glued() is None
