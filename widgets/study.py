"""Charts of many simulated games: how a house rule moves wins and game length."""

from __future__ import annotations

from bokeh.layouts import column, row
from bokeh.models import ColumnDataSource, FactorRange, HoverTool
from bokeh.plotting import figure

from explorer.core.simulate import Summary

from .alt_text import alt_div
from .palette import BAR, side_colour


def study_chart(summaries: dict[str, Summary], sides: tuple[str, ...]):
    """Win rates by side and mean game length, one group of bars per variant."""
    variants = list(summaries)
    wins = ColumnDataSource({
        "x": [(v, s) for v in variants for s in sides],
        "rate": [summaries[v].win_rate(s) for v in variants for s in sides],
        "colour": [side_colour(s, list(sides)) for _ in variants for s in sides],
        "games": [summaries[v].games for v in variants for _ in sides],
    })
    win_fig = figure(
        x_range=FactorRange(*wins.data["x"]), y_range=(0, 1), height=300, sizing_mode="stretch_width",
        title="Share of games won", toolbar_location=None, name="study-wins",
    )
    win_fig.vbar(x="x", top="rate", width=0.8, color="colour", source=wins)
    win_fig.add_tools(HoverTool(tooltips=[("variant, side", "@x"), ("won", "@rate{0.0%}"), ("of games", "@games")]))
    win_fig.xaxis.major_label_orientation = 0.9
    length = ColumnDataSource({"variant": variants, "rounds": [summaries[v].mean_rounds for v in variants]})
    length_fig = figure(
        x_range=variants, height=300, sizing_mode="stretch_width", title="Mean game length (rounds)",
        toolbar_location=None, name="study-length",
    )
    length_fig.vbar(x="variant", top="rounds", width=0.7, color=BAR, source=length)
    length_fig.add_tools(HoverTool(tooltips=[("variant", "@variant"), ("mean rounds", "@rounds{0.0}")]))
    length_fig.xaxis.major_label_orientation = 0.9
    charts = row(win_fig, length_fig, sizing_mode="stretch_width")
    return column(charts, alt_div(study_words(summaries, sides), name="study-alt"), sizing_mode="stretch_width")


def study_words(summaries: dict[str, Summary], sides: tuple[str, ...]) -> str:
    """The two charts in words, for a screen reader."""
    parts = []
    for variant, summary in summaries.items():
        won = ", ".join(f"{side} won {summary.win_rate(side):.0%}" for side in sides)
        parts.append(f"{variant}: {won} of {summary.games} games; {summary.mean_rounds:.1f} rounds on average")
    return "Bot games under each house rule. " + ". ".join(parts) + "."
