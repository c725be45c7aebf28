"""The small charts and words the odds explorers share: a bar chart of exact chances, its column data and its
in-browser update, a percentage, a bold control label and a list of reasons.

Shared by every ruleset's explorers (army men, 1BC, Simple Plastic, Dice Tactics), so no chapter imports
another chapter's private helpers.
"""

from __future__ import annotations

from bokeh.models import Div, HoverTool, LabelSet, Range1d
from bokeh.plotting import figure as bokeh_figure

from .alt_text import ALT_JS
from boards.palette import BAR, OKABE_ITO

TEXT_STYLE = {"font-size": "15px", "line-height": "1.45"}  # explanations readable on a phone and a projector


def percent(p) -> str:
    """A chance as a percentage: whole at 0 and 1, to a tenth otherwise (the same in :data:`BARS_JS`)."""
    return f"{float(p):.0%}" if p in (0, 1) else f"{float(p):.1%}"


def bars(source, name: str, title: str, x_label: str, n: int):
    """A bar chart of ``n`` exact chances (0, 1, ... on the x axis), drawn from :func:`bar_data` columns."""
    fig = bokeh_figure(height=230, sizing_mode="stretch_width", x_range=Range1d(-0.5, n - 0.5),
                       y_range=Range1d(0, 1.14), title=title, x_axis_label=x_label, y_axis_label="probability",
                       toolbar_location=None, name=name)
    fig.vbar(x="k", top="p", width=0.75, source=source, color="colour")
    fig.add_layout(LabelSet(x="k", y="p", text="label", source=source, text_align="center", y_offset=3,
                            text_font_size="11pt"))
    fig.xaxis.ticker = list(range(n))
    fig.add_tools(HoverTool(tooltips=[(x_label, "@k"), ("probability", "@label")]))
    return fig


def bar_data(p: list[float], chosen: int | None = None) -> dict:
    """The columns of :func:`bars` for chances ``p``; the ``chosen`` bar stands out in vermillion."""
    return {"k": list(range(len(p))), "p": p, "label": [percent(x) for x in p],
            "colour": [OKABE_ITO["vermillion"] if k == chosen else BAR for k in range(len(p))]}


BARS_JS = ALT_JS + """
const pct = x => (x === 0 || x === 1) ? (100 * x).toFixed(0) + '%%' : (100 * x).toFixed(1) + '%%';
function bars(source, p, chosen) {
  source.data = {k: p.map((_, i) => i), p: p, label: p.map(pct),
                 colour: p.map((_, i) => i === chosen ? '%s' : '%s')};
}
""" % (OKABE_ITO["vermillion"], BAR)
""":func:`bar_data` and :func:`percent` in the browser: ``bars(source, p, chosen)`` and ``pct(x)``."""


def why_list(texts: list[str], indices: list[int]) -> str:
    """The reasons numbered ``indices`` of ``texts`` (a :class:`widgets.packing.ReasonIndex`'s), as a list."""
    return "<ul>" + "".join(f"<li>{texts[i]}</li>" for i in indices) + "</ul>"


def label(words: str):
    """A control's heading, in bold."""
    return Div(text=f"<b>{words}</b>", sizing_mode="stretch_width")
