"""Showing a Bokeh layout the same way in JupyterLab and on the static site."""

from __future__ import annotations

import os

import ipywidgets as ipw

LIVE_NOTE = (
    "▶ <b>Plays live in JupyterLab.</b> This control needs Python, so on the website it "
    "shows a snapshot. Run <code>make lab</code> and open this page to play it."
)


def show(layout):
    """Wrap a Bokeh layout as a jupyter_bokeh widget.

    One path for both places: JupyterLab renders it with live Python
    callbacks; the static site renders its saved state with BokehJS served
    locally, and Bokeh's own JS callbacks keep its controls working.
    """
    from jupyter_bokeh import BokehModel

    _load_bokehjs_once()
    return BokehModel(layout)


_bokehjs_loaded = False


def _load_bokehjs_once() -> None:
    """JupyterLab needs BokehJS in the page before a BokehModel can draw.

    Served inline from the bokeh package, so it works offline. Skipped when
    the site is built (conf.py sets TSR_STATIC_BUILD): the site loads BokehJS
    from its own static files instead of embedding it in every page.
    """
    global _bokehjs_loaded
    if _bokehjs_loaded or os.environ.get("TSR_STATIC_BUILD"):
        return
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE

    output_notebook(resources=INLINE, hide_banner=True)
    _bokehjs_loaded = True


def live_only(widget, note: str = LIVE_NOTE):
    """A control that needs a Python kernel, labelled so.

    In JupyterLab it plays. In the site build (``TSR_STATIC_BUILD``) it is a
    snapshot: every control in it is disabled, so it looks and is dead, and
    the note stands right above the first control rather than above the board.
    """
    banner = ipw.HTML(f'<div class="live-only">{note}</div>')
    if not os.environ.get("TSR_STATIC_BUILD"):
        return ipw.VBox([banner, widget])
    _disable(widget)
    children = list(getattr(widget, "children", ()))
    first = next((i for i, child in enumerate(children) if _has_controls(child)), None)
    if first is None:
        return ipw.VBox([banner, widget])
    return ipw.VBox(children[:first] + [banner] + children[first:])


def _controls(widget):
    """Every widget in ``widget`` that a reader could operate (it has ``disabled``)."""
    if hasattr(widget, "disabled"):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _controls(child)


def _has_controls(widget) -> bool:
    return next(_controls(widget), None) is not None


def _disable(widget) -> None:
    for control in _controls(widget):
        control.disabled = True
        if getattr(control, "button_style", ""):
            control.button_style = ""  # a disabled button must not look like the page's call to action
