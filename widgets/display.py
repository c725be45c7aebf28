"""Showing a Bokeh layout the same way in JupyterLab and on the static site."""

from __future__ import annotations

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

    return BokehModel(layout)


def live_only(widget, note: str = LIVE_NOTE):
    """A control that needs a Python kernel, labelled so on the static site."""
    banner = ipw.HTML(f'<div class="live-only">{note}</div>')
    return ipw.VBox([banner, widget])
