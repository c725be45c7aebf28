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
    """A control that needs a Python kernel, labelled so on the static site."""
    banner = ipw.HTML(f'<div class="live-only">{note}</div>')
    return ipw.VBox([banner, widget])
