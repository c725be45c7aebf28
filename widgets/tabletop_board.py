"""A Bokeh tabletop in inches, for any ruleset played with a tape measure.

Plain column data in, one figure out (the :class:`widgets.board.Board`
protocol): a ruleset's board turns its state into the layers below with the
``*_layer`` helpers, and :func:`draw_tabletop` builds the figure once.

Layers (every one always present, with the same columns, so replays and live
play only swap data):

- ``terrain``: one patch per piece, filled by kind (solid, semi-solid, hill,
  rough), hatched where colour alone would not tell them apart;
- ``rings``: move (or range) rings, a circle in inches round a figure;
- ``sight``: line-of-sight lines, each coloured and dashed by what it met
  (clear, partial, blocked);
- ``figures``: the living figures, coloured by side, marker by kind, with a
  hover tooltip of the figure's profile;
- ``fallen``: small crosses where figures fell.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence

from bokeh.models import ColumnDataSource, HoverTool, Range1d
from bokeh.plotting import figure as bokeh_figure

from .palette import SIGHT_COLOURS, side_colour

TERRAIN_STYLE: dict[str, dict] = {
    # kind: fill colour, hatch pattern, and the word shown on hover
    "solid": {"fill": "#5b5b5b", "hatch": " ", "label": "solid: blocks sight and moves"},
    "semi_solid": {"fill": "#8fbf7f", "hatch": "/", "label": "semi-solid: always partial cover"},
    "hill": {"fill": "#c9a96b", "hatch": " ", "label": "hill"},
    "rough": {"fill": "#c9b79c", "hatch": ".", "label": "rough ground"},
}
"""Terrain kinds as drawn: solid is dark, hedges green and hatched, hills sand."""

MARKERS = {"trooper": "circle", "heavy": "square", "sniper": "triangle"}
"""Marker by kind of unit (any other kind is a diamond), so kinds differ in shape, not just colour."""

SIGHT_DASH = {"clear": "solid", "partial": "dashed", "blocked": "dotted"}
SIGHT_LABEL = {"clear": "clear", "partial": "partial (cover)", "blocked": "blocked"}

TERRAIN_COLUMNS = ("xs", "ys", "name", "kind", "fill", "hatch", "label")
RING_COLUMNS = ("x", "y", "radius", "colour", "label")
SIGHT_COLUMNS = ("xs", "ys", "colour", "dash", "verdict", "label")
FIGURE_COLUMNS = ("id", "x", "y", "side", "kind", "colour", "marker", "profile", "squad", "status")
FALLEN_COLUMNS = ("id", "x", "y", "colour")


def _empty(columns: Sequence[str]) -> dict[str, list]:
    return {c: [] for c in columns}


def terrain_layer(terrain: Iterable) -> dict[str, list]:
    """Terrain pieces (anything with ``name``, ``kind``, ``points`` and ``elevation``)."""
    data = _empty(TERRAIN_COLUMNS)
    for piece in terrain:
        kind = getattr(piece.kind, "value", piece.kind)
        style = TERRAIN_STYLE.get(kind, TERRAIN_STYLE["rough"])
        label = style["label"] + (f", level {piece.elevation}" if kind == "hill" else "")
        data["xs"].append([round(p[0], 3) for p in piece.points])
        data["ys"].append([round(p[1], 3) for p in piece.points])
        data["name"].append(piece.name)
        data["kind"].append(kind)
        data["fill"].append(style["fill"])
        data["hatch"].append(style["hatch"])
        data["label"].append(label)
    return data


def figure_row(fid: str, x: float, y: float, side: str, kind: str, *, sides: Sequence[str] | None = None,
               profile: str = "", squad: str = "", status: str = "") -> dict:
    """One figure's row for :func:`figures_layer`."""
    return {"id": fid, "x": round(x, 3), "y": round(y, 3), "side": side, "kind": kind,
            "colour": side_colour(side, list(sides) if sides else None), "marker": MARKERS.get(kind, "diamond"),
            "profile": profile, "squad": squad, "status": status}


def figures_layer(rows: Iterable[Mapping]) -> dict[str, list]:
    data = _empty(FIGURE_COLUMNS)
    for row in rows:
        for column in FIGURE_COLUMNS:
            data[column].append(row[column])
    return data


def fallen_layer(rows: Iterable[tuple[str, float, float, str]]) -> dict[str, list]:
    """``(id, x, y, colour)`` of each figure that fell."""
    data = _empty(FALLEN_COLUMNS)
    for fid, x, y, colour in rows:
        for column, value in zip(FALLEN_COLUMNS, (fid, round(x, 3), round(y, 3), colour)):
            data[column].append(value)
    return data


def rings_layer(rings: Iterable[tuple[float, float, float, str, str]]) -> dict[str, list]:
    """``(x, y, radius, colour, label)`` of each ring, in inches."""
    data = _empty(RING_COLUMNS)
    for x, y, radius, colour, label in rings:
        for column, value in zip(RING_COLUMNS, (round(x, 3), round(y, 3), radius, colour, label)):
            data[column].append(value)
    return data


def sight_layer(sights: Iterable[tuple[object, str]]) -> dict[str, list]:
    """Lines of sight: pairs of an engine ``LineOfSight`` and a caption.

    Each of its lines is drawn: clear lines solid green, lines through cover
    dashed orange, lines cut by something solid dotted vermillion.
    """
    data = _empty(SIGHT_COLUMNS)
    for los, caption in sights:
        for line in los.lines:
            verdict = "blocked" if line.blocked_by else "partial" if line.screened_by else "clear"
            met = ", ".join(line.blocked_by + line.screened_by)
            data["xs"].append([round(line.start[0], 3), round(line.end[0], 3)])
            data["ys"].append([round(line.start[1], 3), round(line.end[1], 3)])
            data["colour"].append(SIGHT_COLOURS[verdict])
            data["dash"].append(SIGHT_DASH[verdict])
            data["verdict"].append(verdict)
            data["label"].append(f"{caption}: {los.sight.value}" + (f" (this line: {met})" if met else ""))
    return data


def empty_layers() -> dict[str, dict[str, list]]:
    return {"terrain": _empty(TERRAIN_COLUMNS), "rings": _empty(RING_COLUMNS), "sight": _empty(SIGHT_COLUMNS),
            "figures": _empty(FIGURE_COLUMNS), "fallen": _empty(FALLEN_COLUMNS)}


def draw_tabletop(sources: Mapping[str, ColumnDataSource], width: float, height: float, *, title: str = "",
                  name: str = "tabletop", figure_size: int = 11, plot_height: int = 420):
    """The table, drawn once from the layer sources (see the module's docstring)."""
    fig = bokeh_figure(
        title=title or None, name=name, sizing_mode="stretch_width", height=plot_height,
        x_range=Range1d(-0.5, width + 0.5, bounds=(-2, width + 2)),
        y_range=Range1d(-0.5, height + 0.5, bounds=(-2, height + 2)),
        match_aspect=True, tools="pan,wheel_zoom,reset", active_scroll=None,
        toolbar_location="right", x_axis_label="inches", y_axis_label="inches",
        background_fill_color="#f3efe2", border_fill_color="#ffffff",
    )
    fig.toolbar.logo = None
    fig.grid.grid_line_color = "#d8d2c0"
    fig.grid.grid_line_alpha = 0.6
    fig.quad(left=0, right=width, bottom=0, top=height, fill_color="#e9e4d2", line_color="#6b6b47", line_width=2)
    patches = fig.patches("xs", "ys", source=sources["terrain"], fill_color="fill", fill_alpha=0.85,
                          hatch_pattern="hatch", hatch_color="#2f5f2f", hatch_alpha=0.45, hatch_scale=8,
                          line_color="#3c3c3c", line_width=1, name="terrain")
    fig.circle("x", "y", radius="radius", source=sources["rings"], fill_alpha=0.06, fill_color="colour",
               line_color="colour", line_dash="dashed", line_width=2, name="rings")
    fig.multi_line("xs", "ys", source=sources["sight"], line_color="colour", line_dash="dash", line_width=2.5,
                   line_alpha=0.9, name="sight")
    fig.scatter("x", "y", source=sources["fallen"], marker="x", size=figure_size * 0.8, line_color="colour",
                line_width=2, line_alpha=0.55, name="fallen")
    figures = fig.scatter("x", "y", source=sources["figures"], marker="marker", size=figure_size,
                          fill_color="colour", line_color="#1a1a1a", line_width=1.5, name="figures")
    fig.add_tools(HoverTool(renderers=[figures], tooltips=[
        ("", "@id (@side)"), ("unit", "@profile"), ("squad", "@squad"), ("now", "@status"),
        ("at", "(@x{0.0}, @y{0.0}) in"),
    ]))
    fig.add_tools(HoverTool(renderers=[patches], tooltips=[("", "@name"), ("terrain", "@label")]))
    return fig
