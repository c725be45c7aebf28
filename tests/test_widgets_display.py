"""Live-only controls: playable in JupyterLab, a dead snapshot with its note beside the controls on the site."""

import ipywidgets as ipw

from widgets.display import _controls, live_only


def _box():
    board = ipw.HTML("the board")
    play = ipw.Button(description="Play", button_style="primary")
    return ipw.VBox([board, ipw.Dropdown(options=["a"]), ipw.HBox([play])]), play


def test_in_jupyterlab_the_controls_stay_live(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    box, play = _box()
    shown = live_only(box)
    assert not any(c.disabled for c in _controls(shown)) and play.button_style == "primary"


def test_on_the_site_every_control_is_disabled_and_the_note_stands_above_the_first(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    box, play = _box()
    shown = live_only(box)
    assert all(c.disabled for c in _controls(shown)) and play.button_style == ""
    kinds = [type(c).__name__ for c in shown.children]
    assert kinds == ["HTML", "HTML", "Dropdown", "HBox"]  # the board, the note, then the controls
    assert "live-only" in shown.children[1].value
