"""Showing a Bokeh layout the same way in JupyterLab and on the static site."""

from __future__ import annotations

import hashlib
import json
import logging
import os

import ipywidgets as ipw

LIVE_NOTE = (
    "▶ <b>Plays live in JupyterLab.</b> This control needs Python, so on the website it "
    "shows a snapshot. Run <code>make lab</code> and open this page to play it."
)


def show(layout):
    """Show a Bokeh layout as a cell's output.

    In JupyterLab it is a jupyter_bokeh widget, with live Python callbacks.
    On the static site (``TSR_STATIC_BUILD``) it is a plain BokehJS embed:
    its controls work through Bokeh's own JS callbacks, and a page whose
    boards need nothing more loads no ipywidgets manager (3.6 MB).
    """
    if os.environ.get("TSR_STATIC_BUILD"):
        return StaticBokeh(layout)
    return bokeh_widget(layout)


def _touch_friendly(layout):
    from .board import touch_friendly

    touch_friendly(layout)  # a swipe over any board or chart scrolls the page; a tap shows its tooltip
    return layout


def bokeh_widget(layout):
    """A Bokeh layout as an ipywidget, to sit inside ipywidgets containers (live play).

    On the static site it is an HTML widget holding the static embed, which
    the snapshot of the live widget (``live_only``) writes into the page.
    """
    _touch_friendly(layout)
    if os.environ.get("TSR_STATIC_BUILD"):
        return ipw.HTML(StaticBokeh(layout)._repr_html_())
    from jupyter_bokeh import BokehModel

    _load_bokehjs_once()
    return BokehModel(layout)


def close_bokeh_widget(widget) -> None:
    """Close a board's widget (its model gone from the browser). jupyter_bokeh's BokehModel unhooks itself from its
    document when closed, and again when collected, which fails: once closed it is left no document to unhook."""
    widget.close()
    if hasattr(widget, "_model"):
        from bokeh.models import Div

        widget._model = Div()  # (a model in no document)


STATIC_CLASS = "tsr-bokeh"
"""The class of a static embed's element (sitebuild/offline.py looks for it to load BokehJS)."""


class StaticBokeh:
    """A Bokeh layout embedded as JSON that BokehJS (served by the site) draws when the page loads."""

    def __init__(self, layout):
        from bokeh.embed import json_item

        _touch_friendly(layout)
        # A live board's kernel Tap handlers do nothing in a static page (there the board's CustomJS passes
        # taps to the page's own engine), so Bokeh's warning about them is silenced, not printed on the page.
        quiet = logging.getLogger("bokeh.embed.util")
        level, quiet.level = quiet.level, logging.ERROR
        try:
            item = json_item(layout)
        finally:
            quiet.setLevel(level)
        # Key order matters: BokehJS reads an object in full where it first meets it, and refers to it after.
        self.item = json.dumps(item, separators=(",", ":"))

    def _repr_html_(self) -> str:
        # A name from the content keeps rebuilds identical; "</" must not end the script early.
        target = f"{STATIC_CLASS}-{hashlib.sha1(self.item.encode()).hexdigest()[:12]}"
        item = self.item.replace("</", "<\\/")
        return (f'<div id="{target}" class="{STATIC_CLASS}"></div>'
                f'<script type="application/json" id="{target}-item">{item}</script>'
                "<script>(function () {"
                f'const draw = () => Bokeh.embed.embed_item(JSON.parse(document.getElementById("{target}-item")'
                f'.textContent), "{target}");'
                'if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", draw);'
                " else draw(); })();</script>")


_bokehjs_sent: set[str] = set()  # the browser windows (front-end sessions) that hold BokehJS


def _frontend() -> str | None:
    """The browser window that asked for this output: each JupyterLab page (a refresh, a second window)
    talks to the kernel with a session id of its own, sent in every request."""
    try:
        from IPython import get_ipython

        kernel = getattr(get_ipython(), "kernel", None)
        return kernel.get_parent()["header"]["session"] if kernel is not None else None
    except (AttributeError, KeyError, TypeError):
        return None


def _load_bokehjs_once() -> None:
    """JupyterLab needs BokehJS in the page before a BokehModel can draw: sent once to each browser window.

    A refreshed page or a second window is a new front end with nothing loaded, so it
    gets BokehJS again with its first board, with no kernel restart; a window that
    already holds it is not sent the 5 MB again. Served inline from the bokeh package,
    so it works offline. Skipped when the site is built (conf.py sets
    TSR_STATIC_BUILD): the site loads BokehJS from its own static files instead of
    embedding it in every page.
    """
    if os.environ.get("TSR_STATIC_BUILD"):
        return
    frontend = _frontend()
    if frontend is not None and frontend in _bokehjs_sent:
        return
    from bokeh.io import output_notebook
    from bokeh.resources import INLINE

    output_notebook(resources=INLINE, hide_banner=True)
    if frontend is not None:
        _bokehjs_sent.add(frontend)


def live_only(widget, note: str = LIVE_NOTE, *, play: dict | None = None, tool: type | None = None):
    """A control that needs a Python kernel, labelled so on the site.

    In JupyterLab it plays, with no note. In the site build (``TSR_STATIC_BUILD``) it is a
    snapshot in plain HTML (widgets/snapshot.py): its board drawn by BokehJS,
    every control disabled, and the note right above the first control
    rather than above the board. ``play`` (a Session's ``config()``) makes
    the snapshot playable in the page: a "Play here" button and the game's
    data attributes, for sitebuild/static/js/live-play.js. ``tool`` (a page
    tool of :mod:`boards.classroom`) makes its named controls live in the page.
    """
    if not os.environ.get("TSR_STATIC_BUILD"):
        return widget  # in JupyterLab it simply plays: the "needs Python" note is for the site
    banner = ipw.HTML(f'<div class="live-only">{note}</div>')
    from .snapshot import StaticSnapshot

    children = list(getattr(widget, "children", ()))
    first = next((i for i, child in enumerate(children) if _has_controls(child)), None)
    if first is None:
        return StaticSnapshot(ipw.VBox([banner, widget]), play=play, tool=tool)
    return StaticSnapshot(ipw.VBox(children[:first] + [banner] + children[first:]), play=play, tool=tool)


def _controls(widget):
    """Every widget in ``widget`` that a reader could operate (it has ``disabled``)."""
    if hasattr(widget, "disabled"):
        yield widget
    for child in getattr(widget, "children", ()):
        yield from _controls(child)


def _has_controls(widget) -> bool:
    return next(_controls(widget), None) is not None
