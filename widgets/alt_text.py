"""Text alternatives for boards and charts.

Every board and chart has one beside it: a Div (class ``tsr-alt``) whose words a
screen reader reads and sighted readers do not see. Boards that change in the
page (replays, pickers) rewrite it from JavaScript with :data:`ALT_JS`, which
writes exactly what :func:`alt_html` and :func:`alt_num` write in Python.
"""

from __future__ import annotations

import html
import math

from bokeh.models import Div


ALT_CLASS = "tsr-alt"
ALT_STYLE = ("position:absolute;width:1px;height:1px;padding:0;margin:-1px;overflow:hidden;"
             "clip:rect(0,0,0,0);clip-path:inset(50%);white-space:nowrap;border:0")
ALT_JS = """
const esc = t => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const wrap = t => '<p role="note" style="%s">' + esc(t) + '</p>';
const num = x => String(Math.floor(x * 10 + 0.5) / 10);
""" % ALT_STYLE


def alt_html(words: str) -> str:
    """The HTML of a text alternative (mirrors ``wrap`` in :data:`ALT_JS`)."""
    return f'<p role="note" style="{ALT_STYLE}">{html.escape(words, quote=False)}</p>'


def alt_div(words: str, *, name: str):
    """A text alternative for the board or chart next to it: read by a screen reader, not shown."""
    # Out of the layout's flow (its words are clipped away anyway): a layout keeps no empty line for it (on a phone,
    # Phlog's board and cards were pushed apart by two such lines).
    return Div(text=alt_html(words), name=name, css_classes=[ALT_CLASS], sizing_mode="stretch_width",
               styles={"position": "absolute", "height": "1px", "overflow": "hidden"})


def alt_num(x: float) -> str:
    """A number to one decimal, as ``num`` in :data:`ALT_JS` writes it (24.0 -> "24", 8.25 -> "8.3")."""
    v = math.floor(x * 10 + 0.5) / 10
    return str(int(v)) if v == int(v) else str(v)
