"""Charts of the comparison chapter: the numbers come from :mod:`boards.compare`, worked out by the engine."""

from __future__ import annotations

from collections.abc import Sequence

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, FactorRange, HoverTool, Legend, LegendItem, Span
from bokeh.plotting import figure

from boards import family
from boards.compare import GRID, TABLETOP, Curve, Length, Pairing, lethality_words, percent
from explorer.core.registry import get_ruleset

from .alt_text import alt_div
from boards.palette import INK


def short(name: str) -> str:
    """A ruleset's short name for the charts' row labels (its board module's ``SHORT``), so a phone keeps room
    for the bars."""
    return family.look(name).SHORT


def mark(name: str) -> tuple[str, str]:
    """A ruleset's colour and marker on the charts (its board module's ``MARK``): told apart by shape as well as
    by colour."""
    return family.look(name).MARK


def _panel(curves: Sequence[Curve], unit: str, title: str, name: str):
    fig = figure(height=470, sizing_mode="stretch_width", y_range=(-0.03, 1.03), title=title,
                 x_axis_label=f"distance to the target ({unit})", y_axis_label="chance per attack",
                 toolbar_location=None, name=name)
    fig.yaxis.formatter.use_scientific = False
    items = []
    for order, curve in enumerate(curves):  # later curves' markers smaller, so markers at one value nest, all seen
        colour, marker = mark(curve.ruleset)
        for where, values, dash in (("in the open", curve.open, "solid"), ("in cover", curve.cover, "dashed")):
            source = ColumnDataSource({
                "d": list(curve.distances), "p": [float(v) for v in values],
                "exact": [str(v) for v in values], "pct": [percent(v) for v in values],
                "ruleset": [curve.title] * len(values), "where": [where] * len(values),
                "attacker": [curve.attacker] * len(values),
            })
            line = fig.step("d", "p", source=source, color=colour, line_width=3, line_dash=dash, mode="center")
            dots = fig.scatter("d", "p", source=source, marker=marker, size=15 - 4 * order, color=colour,
                               fill_color=colour if where == "in the open" else "white", line_color=INK)
            items.append(LegendItem(label=f"{curve.title}, {where}", renderers=[line, dots]))
    fig.add_tools(HoverTool(tooltips=[("", "@ruleset, @where"), ("attack", "@attacker"), ("distance", f"@d {unit}"),
                                      ("chance", "@exact (@pct)")]))
    fig.add_layout(Legend(items=items, location="top_right", label_text_font_size="11pt"), "below")
    return fig


def lethality_chart(curves: Sequence[Curve]):
    """One attack's chance to take an enemy figure off, against distance: a tabletop panel in inches and a grid
    panel in squares (the grid rulesets name no common scale), in the open (solid) and in cover (dashed)."""
    tabletop = _panel([c for c in curves if c.ruleset in TABLETOP], "inches",
                      "Tabletop: one attack takes a figure off", "compare-lethality-tabletop")
    grid = _panel([c for c in curves if c.ruleset in GRID], "squares",
                  "Grid: a figure (Dice Tactics: a point) off", "compare-lethality-grid")
    return column(tabletop, grid,  # one above the other: side by side, a phone would squash both
                  alt_div(lethality_words(curves), name="compare-lethality-alt"), sizing_mode="stretch_width")


def _share_chart(labels, shares, colours, markers, *, title: str, x_label: str, name: str, notes=()):
    """Shares with their 95% intervals, one row a label; ``notes``: (label, text) rows with no games."""
    factors = list(labels) + [label for label, _ in notes]
    fig = figure(y_range=FactorRange(*reversed(factors)), x_range=(0, 1), height=70 + 42 * len(factors),
                 sizing_mode="stretch_width", title=title, x_axis_label=x_label, toolbar_location=None, name=name,
                 min_border_right=14)  # room for the last tick's "1"
    source = ColumnDataSource({
        "label": list(labels), "value": [s.value for s in shares], "low": [s.low for s in shares],
        "high": [s.high for s in shares], "text": [str(s) for s in shares], "colour": list(colours),
        "marker": list(markers),
    })
    fig.segment("low", "label", "high", "label", source=source, color="colour", line_width=4)
    fig.scatter("value", "label", source=source, marker="marker", size=13, color="colour", line_color=INK)
    if notes:
        fig.text([0.02] * len(notes), [label for label, _ in notes], [text for _, text in notes],
                 text_baseline="middle", text_font_size="11pt", text_color=INK)
    fig.add_layout(Span(location=0.5, dimension="height", line_color=INK, line_dash="dotted"))
    fig.add_tools(HoverTool(tooltips=[("", "@label"), ("share", "@text")]))
    fig.xaxis.formatter.use_scientific = False
    return fig


def first_player_chart(study: dict[str, Length]):
    """How often the side that moves first wins, greedy against greedy, with 95% intervals."""
    labels = [short(name) for name in study]
    shares = [result.first_wins for result in study.values()]
    fig = _share_chart(labels, shares, [mark(n)[0] for n in study], [mark(n)[1] for n in study],
                       title="First player's wins\n(bar: 95% interval)",  # two lines: a phone's width
                       x_label="share won by the side moving first",
                       name="compare-first-player")
    words = "; ".join(f"{get_ruleset(name).title}: the first player won {s}" for name, s in zip(study, shares))
    return column(fig, alt_div(words + ".", name="compare-first-player-alt"), sizing_mode="stretch_width")


def luck_chart(pairings: Sequence[Pairing]):
    """How often the weaker bot wins, each pairing on each ruleset; a pairing a ruleset lacks a bot for is shown
    as a line of text where its bar would be."""
    played = [p for p in pairings if not p.not_played]
    label = lambda p: f"{short(p.ruleset)}: {p.weaker} v {p.stronger}"  # noqa: E731
    # short enough for a phone's width; why it was not played is in the table and the alt text
    notes = [(label(p), "not played") for p in pairings if p.not_played]
    fig = _share_chart([label(p) for p in played], [p.upsets for p in played], [mark(p.ruleset)[0] for p in played],
                       [mark(p.ruleset)[1] for p in played],
                       title="Weaker bot's wins\n(bar: 95% interval)",  # two lines: a phone's width
                       x_label="share won by the weaker bot",
                       name="compare-luck", notes=notes)
    words = "; ".join(p.words() for p in pairings)
    return column(fig, alt_div(words + ".", name="compare-luck-alt"), sizing_mode="stretch_width")
