"""A Bokeh tabletop in inches, for any ruleset played with a tape measure.

Plain column data in, one figure out (the :class:`widgets.board.Board`
protocol): a ruleset's board turns its state into the layers below with the
``*_layer`` helpers, and :func:`draw_tabletop` builds the figure once.

Layers (every one always present, with the same columns, so replays and live
play only swap data):

- ``terrain``: one patch per piece, filled by kind (solid, semi-solid, hill,
  rough), hatched where colour alone would not tell them apart, and named
  on the board;
- ``rings``: move (or range) rings, a circle in inches round a figure
  (an ellipse of equal width and height in data units, so it is round in
  inches both ways);
- ``sight``: line-of-sight lines, each coloured *and* dashed by what it met
  (clear solid, partial dashed, blocked dotted);
- ``figures``: the living figures, coloured by side, marker by kind, with
  the one hover tooltip of the board (the figure, the ground under it and
  its move, so no two tooltips open together);
- ``fallen``: small crosses where figures fell.

True scale: the figure keeps the table's proportions as it fills the page
width (``sizing_mode="scale_width"``), and its ranges are ``DataRange1d``
fitted to the table with ``match_aspect``, so an inch is the same number
of pixels across and up at every width. The legend is HTML below the
figure (:func:`tabletop_legend`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bokeh.layouts import column
from bokeh.models import CDSView, ColumnDataSource, CustomJS, CustomJSFilter, DataRange1d, HoverTool, ImageURL, LabelSet
from bokeh.plotting import figure as bokeh_figure

from .alt_text import ALT_JS, alt_div, alt_num
from .board import legend_div, swatch_box, swatch_line, swatch_marker
from boards.palette import INK, SIDE_COLOURS, SIGHT_COLOURS, side_colour
from boards.tabletop import (
    TABLE_FILL, TERRAIN_STYLE, MARKERS, SIGHT_DASH, KIND_WORDS, DOWN_BAR, SquadLinksLayers, table_layer,
)
from boards.toys import FIGURE_PX, KIND_EXAMPLES, LYING, sprite, terrain_look
from explorer.core.tabletop.measure import BASE_DIAMETER


def draw_tabletop(sources: Mapping[str, ColumnDataSource], width: float, height: float, *, title: str = "",
                  name: str = "tabletop", figure_size: int = FIGURE_PX, plot_height: int = 420):
    """The table, drawn once from the layer sources (see the module's docstring).

    ``plot_height`` is kept for callers that passed it; the height now follows
    from the page width and the table's proportions (true scale).
    """
    del plot_height  # the board's height is its width times the table's proportions
    # Canvas proportions: the frame (width x height inches) plus the borders around it (axes, title,
    # toolbar), so that the frame keeps the table's proportions and match_aspect has little to add.
    frame_w = 720
    frame_h = frame_w * height / width
    canvas_w, canvas_h = frame_w + 48 + 34, frame_h + (30 if title else 8) + 44
    x_range = DataRange1d(range_padding=0.02, range_padding_units="percent", bounds="auto")
    y_range = DataRange1d(range_padding=0.02, range_padding_units="percent", bounds="auto")
    fig = bokeh_figure(
        title=title or None, name=name, sizing_mode="scale_width", width=int(canvas_w), height=int(canvas_h),
        x_range=x_range, y_range=y_range, match_aspect=True, aspect_scale=1,
        tools="pan,wheel_zoom,zoom_in,zoom_out,reset", active_scroll=None,
        toolbar_location="right", x_axis_label="inches", y_axis_label="inches",
        background_fill_color="#ffffff", border_fill_color="#ffffff", min_border_left=48, min_border_right=4,
        min_border_top=8, min_border_bottom=44,
    )
    fig.toolbar.logo = None
    fig.grid.grid_line_color = "#d8d2c0"
    fig.grid.grid_line_alpha = 0.6
    if fig.title is not None:
        fig.title.text_color = INK
        fig.title.text_font_size = "14px"
    for axis in (fig.xaxis, fig.yaxis):
        axis.axis_label_text_color = INK
        axis.major_label_text_color = INK
        axis.axis_label_text_font_size = "12px"
        axis.major_label_text_font_size = "12px"
    # The table from its layer when the board has one (live play may change the scenario, and the table's size).
    table_source = sources.get("table") or ColumnDataSource(table_layer(width, height))
    table = fig.quad(left="left", right="right", bottom="bottom", top="top", source=table_source,
                     fill_color=TABLE_FILL, line_color="#6b6b47", line_width=2, name="table")
    x_range.renderers = [table]
    y_range.renderers = [table]
    # Terrain as what it is (boards.toys.terrain_look): stone walls, green hedges and woods, blue water, hills.
    fig.patches("xs", "ys", source=sources["terrain"], fill_color="fill", fill_alpha=0.95,
                hatch_pattern="hatch", hatch_color="ink", hatch_alpha=0.55, hatch_scale=9,
                line_color="line", line_width="width", line_join="round", name="terrain")
    fig.add_layout(LabelSet(x="cx", y="cy", text="name", source=sources["terrain"], text_align="center",
                            text_baseline="middle", text_font_size="11px", text_font_style="italic",
                            text_color=INK, background_fill_color="#ffffff", background_fill_alpha=0.7,
                            name="terrain-names"))
    # Rings in data units both ways: an ellipse as wide as it is high, in inches.
    fig.ellipse("x", "y", width="diameter", height="diameter", source=sources["rings"], fill_alpha=0.06,
                fill_color="colour", line_color="colour", line_dash="dashed", line_width=2, name="rings")
    # Sight lines: a white casing under each, so they read over dark terrain too.
    fig.multi_line("xs", "ys", source=sources["sight"], line_color="#ffffff", line_width=5, line_alpha=0.8,
                   name="sight-casing")
    fig.multi_line("xs", "ys", source=sources["sight"], line_color="colour", line_dash="dash", line_width=2.5,
                   line_alpha=0.95, name="sight")
    # Figures as toy soldiers (boards.toys): a silhouette per kind, figure_size px across on screen whatever the
    # table's scale, lying down (turned a quarter, faded) where one fell; the true base drawn faintly on top.
    fig.add_glyph(sources["fallen"], ImageURL(url="sprite", x="x", y="y", w=figure_size, h=figure_size,
                                              w_units="screen", h_units="screen", anchor="center", angle=LYING,
                                              global_alpha=0.7), name="fallen")
    fig.add_glyph(sources["figures"], ImageURL(url="sprite", x="x", y="y", w=figure_size, h=figure_size,
                                               w_units="screen", h_units="screen", anchor="center"),
                  name="figure-sprites")
    fig.circle("x", "y", radius=BASE_DIAMETER / 2, source=sources["figures"], fill_alpha=0, line_color=INK,
               line_alpha=0.4, line_width=1, name="bases")
    # The tooltip's (and a tap's) target: the silhouette's square, unseen.
    figures = fig.scatter("x", "y", source=sources["figures"], marker="square", size=figure_size, fill_alpha=0,
                          line_alpha=0, name="figures")
    label_figures(fig, sources["figures"], figure_size)
    draw_ruler(fig, sources)
    # The board's one tooltip: the figure, the ground it stands on and its move (rings and hills have none,
    # so no two tooltips open over each other).
    fig.add_tools(HoverTool(renderers=[figures], tooltips=[
        ("", "@id (@side)"), ("unit", "@profile"), ("squad", "@squad"), ("now", "@status"),
        ("ground", "@ground"), ("move", "@move"), ("at", "(@x{0.0}, @y{0.0}) in"),
    ]))
    return fig


def draw_ruler(fig, sources) -> None:
    """The ruler of the last move or shot (boards.tabletop.ruler_layer): a line with a tick at every inch, cased
    in white, and its inches written beside its middle, over the figures."""
    if "ruler" not in sources:
        return
    for colour, width, name in (("#ffffff", 6, "ruler-casing"), (INK, 2.5, "ruler")):
        fig.multi_line("xs", "ys", source=sources["ruler"], line_color=colour, line_width=width, line_cap="round",
                       name=name)
    fig.text("x", "y", text="text", source=sources["ruler"], text_font_size="14px", text_font_style="bold",
             text_color=INK, text_align="center", text_baseline="bottom", y_offset=-6,
             background_fill_color="#ffffff", background_fill_alpha=0.85, name="ruler-inches")


ALONE = "operates alone"  # the figures layer's squad for a figure in no squad

# Which figures carry a name on the board: a figure alone, and the first figure of each squad (the
# squad's name; its members stand a finger apart, so one name per squad keeps the board readable).
_NAMED_JS = """
const squad = source.data.squad, seen = new Set(), keep = [];
for (let i = 0; i < squad.length; i++) {
  const alone = squad[i] === %r;
  if (alone === lone && (alone || !seen.has(squad[i]))) { keep.push(i); }
  seen.add(squad[i]);
}
return keep;
""" % ALONE


def label_figures(fig, figures: ColumnDataSource, figure_size: int = 11) -> None:
    """Name the figures on the board: each figure alone by its id (or, shown instead in simple mode, by its kind in
    words: the figures layer's ``name``), each squad once by its name. Works from the column data in the browser, so
    a replay or live play relabels as the figures move. Simple mode swaps which lone label is visible (swapping a
    drawn glyph's text field while the figures come and go upsets BokehJS's filtered views)."""
    for lone, text in ((True, "id"), (True, "name"), (False, "squad")):
        view = CDSView(filter=CustomJSFilter(args=dict(lone=lone), code=_NAMED_JS))
        fig.text("x", "y", text=text, source=figures, view=view, x_offset=figure_size * 0.6 + 2, y_offset=-2,
                 text_font_size="11px", text_font_style="bold", text_color=INK, text_baseline="bottom",
                 background_fill_color="#ffffff", background_fill_alpha=0.65, name=f"figure-names-{text}",
                 visible=text != "name")


def name_lone_figures(layout, plain: bool) -> None:
    """Each figure alone named by its kind in words (``plain``: simple mode's, the figures layer's ``name``, "sniper")
    or by its id (``t-sniper``): live play in Lab, whose Simple choice changes it (:func:`label_figures` names them
    by id); the page's board-view.js nameFigures does the same."""
    from bokeh.models import GlyphRenderer, Plot

    shown = {"figure-names-id": not plain, "figure-names-name": plain}
    # A plot's own renderers, not select(): that walks every model of the board at each answer (90 % of Lab's
    # time a game, profiled)
    renderers = layout.renderers if isinstance(layout, Plot) else layout.select({"type": GlyphRenderer})
    for renderer in renderers:
        if renderer.name in shown:
            renderer.visible = shown[renderer.name]


def tabletop_legend(sides: Sequence[str] = ("green", "tan"), *, kinds: Sequence[str] = ("trooper", "heavy", "sniper"),
                    terrain: Sequence[str] = ("solid", "semi_solid", "hill", "rough"), name: str = "tabletop-legend",
                    markers: Mapping[str, str] = MARKERS, words: Mapping[str, str] = KIND_WORDS,
                    rings: Sequence[tuple[str, str]] = (("#1E4D1F", "how far it may move"),),
                    extra: Sequence[tuple[str, list]] = ()):
    """What the marks mean, below the board: sides, unit kinds, terrain kinds, sight lines.

    ``markers`` and ``words`` give each kind its marker and name; ``rings`` the
    ring colours and what they mean; ``extra`` more ``(heading, items)`` groups."""
    side_items = [(swatch_marker("circle", side_colour(s, list(sides))),
                   s + (" (dark)" if SIDE_COLOURS.get(s) == SIDE_COLOURS["green"] else
                        " (light)" if SIDE_COLOURS.get(s) == SIDE_COLOURS["tan"] else "")) for s in sides]
    side_items.append((sprite_swatch("trooper", "#9a9a9a", lying=True), "fallen (lying down)"))
    side_items += [(swatch_marker("ring", "#ffffff", line=colour, line_width=1.6), meaning) for colour, meaning in rings]
    kind_items = [(sprite_swatch(k, "#ffffff"), words.get(k, k)) for k in kinds]
    looks = {k: terrain_look("", k) for k in terrain}  # each rules kind as its usual look
    terrain_items = [(swatch_box(looks[k]["fill"], hatch=looks[k]["hatch"], hatch_colour=looks[k]["ink"],
                                 line=looks[k]["line"]), f"{TERRAIN_STYLE[k]['legend']}: {KIND_EXAMPLES[k]}")
                     for k in terrain]
    sight_items = [(swatch_line(SIGHT_COLOURS[v], SIGHT_DASH[v]), words) for v, words in
                   (("clear", "clear (solid)"), ("partial", "partial cover (dashed)"), ("blocked", "blocked (dotted)"))]
    sight_items.append((swatch_line(INK, "solid", 2.5), "the ruler: inches of the last move or shot"))
    return legend_div([("Sides", side_items), ("Units", kind_items), ("Terrain", terrain_items),
                       ("Sight", sight_items), *extra], name=name)


def sprite_swatch(kind: str, colour: str, *, lying: bool = False) -> str:
    """The legend's toy soldier of ``kind`` (standing, or lying down as a fallen figure is drawn)."""
    turn = ' style="transform:rotate(-90deg)"' if lying else ""
    return f'<img src="{sprite(kind, colour)}" width="22" height="22" alt=""{turn}>'


# -- the board in words (its text alternative) ---------------------------------------------------

def board_words(layers: dict[str, dict[str, list]], size: tuple[float, float],
                kinds: Mapping[str, str] = KIND_WORDS) -> str:
    """The board of ``layers`` in words, for a screen reader (mirrors :data:`BOARD_WORDS_JS`);
    ``kinds`` words each kind of figure."""
    width, height = size
    parts = [f"Tabletop {alt_num(width)} by {alt_num(height)} inches, seen from above "
             f"(x inches from the left edge, y inches from the bottom edge)."]
    terrain = layers["terrain"]
    if terrain["name"]:
        parts.append("Terrain: " + "; ".join(
            f"{name} ({label}) around ({alt_num(x)}, {alt_num(y)})"
            for name, label, x, y in zip(terrain["name"], terrain["label"], terrain["cx"], terrain["cy"])) + ".")
    figures = layers["figures"]
    groups: dict[str, dict[str, list[str]]] = {}
    for fid, x, y, side, kind, squad in zip(figures["id"], figures["x"], figures["y"], figures["side"],
                                            figures["kind"], figures["squad"]):
        where = f"{fid} {kinds.get(kind, kind)} at ({alt_num(x)}, {alt_num(y)})"
        groups.setdefault(side, {}).setdefault(squad, []).append(where)
    for side, squads in groups.items():
        units = [(f"alone: {', '.join(members)}" if squad == "operates alone"
                  else f"squad {squad} ({len(members)}): {', '.join(members)}") for squad, members in squads.items()]
        parts.append(f"{side[:1].upper() + side[1:]}: " + "; ".join(units) + ".")
    if layers["fallen"]["id"]:
        parts.append("Fallen: " + ", ".join(layers["fallen"]["id"]) + ".")
    sights = list(dict.fromkeys(label.split(" (this line")[0] for label in layers["sight"]["label"]))
    if sights:
        parts.append("Lines of sight: " + "; ".join(sights) + ".")
    rings = layers["rings"]
    if rings["label"]:
        parts.append("Rings: " + "; ".join(f"{label} (radius {alt_num(r)} inches)"
                                            for label, r in zip(rings["label"], rings["radius"])) + ".")
    return " ".join(parts)


BOARD_WORDS_JS = ALT_JS + """
function words(L) {
  const parts = ['Tabletop ' + num(size[0]) + ' by ' + num(size[1]) + ' inches, seen from above '
                 + '(x inches from the left edge, y inches from the bottom edge).'];
  const t = L.terrain;
  if (t.name.length) {
    parts.push('Terrain: ' + Array.from(t.name, (n, i) => n + ' (' + t.label[i] + ') around (' + num(t.cx[i]) + ', '
               + num(t.cy[i]) + ')').join('; ') + '.');
  }
  const f = L.figures, groups = new Map();
  for (let i = 0; i < f.id.length; i++) {
    const where = f.id[i] + ' ' + (kinds[f.kind[i]] || f.kind[i]) + ' at (' + num(f.x[i]) + ', ' + num(f.y[i]) + ')';
    if (!groups.has(f.side[i])) { groups.set(f.side[i], new Map()); }
    const squads = groups.get(f.side[i]);
    if (!squads.has(f.squad[i])) { squads.set(f.squad[i], []); }
    squads.get(f.squad[i]).push(where);
  }
  for (const [side, squads] of groups) {
    const units = [];
    for (const [squad, members] of squads) {
      units.push(squad === 'operates alone' ? 'alone: ' + members.join(', ')
                 : 'squad ' + squad + ' (' + members.length + '): ' + members.join(', '));
    }
    parts.push(side.charAt(0).toUpperCase() + side.slice(1) + ': ' + units.join('; ') + '.');
  }
  if (L.fallen.id.length) { parts.push('Fallen: ' + Array.from(L.fallen.id).join(', ') + '.'); }
  const sights = [...new Set(Array.from(L.sight.label, l => l.split(' (this line')[0]))];
  if (sights.length) { parts.push('Lines of sight: ' + sights.join('; ') + '.'); }
  const r = L.rings;
  if (r.label.length) {
    parts.push('Rings: ' + Array.from(r.label, (l, i) => l + ' (radius ' + num(r.radius[i]) + ' inches)').join('; ') + '.');
  }
  return parts.join(' ');
}
"""


def board_alt(sources, size: tuple[float, float], *, name: str, kinds: Mapping[str, str] = KIND_WORDS):
    """The text alternative of a board drawn from ``sources``: it follows every change of their data
    (a replay step, a move in live play, a new pick), in the browser as in JupyterLab."""
    layers = {key: dict(sources[key].data) for key in ("terrain", "figures", "fallen", "sight", "rings")}
    alt = alt_div(board_words(layers, size, kinds), name=name)
    table = sources.get("table")  # present when the table may change size (live play)
    follow = CustomJS(args=dict(alt=alt, fixed=list(size), table=table, kinds=dict(kinds),
                                **{key: sources[key] for key in layers}), code=BOARD_WORDS_JS + """
        const size = table === null ? fixed : [table.data.right[0], table.data.top[0]];
        alt.text = wrap(words({terrain: terrain.data, figures: figures.data, fallen: fallen.data, sight: sight.data,
                               rings: rings.data}));
    """)
    for key in list(layers) + (["table"] if table is not None else []):
        sources[key].js_on_change("data", follow)
    return alt


def down_swatch(marker: str | None = None) -> str:
    """The legend's bar under a figure lying down (with ``marker``, the figure on it)."""
    return ('<svg width="22" height="16" viewBox="0 0 22 16" aria-hidden="true">'
            '<rect x="1" y="5.5" width="20" height="5" fill="#1E4D1F" stroke="#1a1a1a"/></svg>'
            + (swatch_marker(marker, "#ffffff") if marker else ""))


class TabletopDrawing:
    """How a tabletop ruleset's look (a :class:`boards.tabletop.TabletopLayers`) is drawn with Bokeh: the table,
    its legend below and its text alternative. A ruleset's board mixes it in after its look; see :func:`board`."""

    def figure(self, sources):
        """The table alone (true scale; its one tooltip is on the figures), with the squad links and the bars
        under figures lying down of a look that has them (:class:`boards.tabletop.SquadLinksLayers`)."""
        width, height = self.size
        fig = draw_tabletop(sources, width, height, title=self.title, name=self.name)
        if "links" not in sources:
            return fig
        links = fig.multi_line("xs", "ys", source=sources["links"], line_color="colour", line_width=1.5,
                               line_alpha=0.7, name="links")
        prone = fig.rect("x", "y", width=DOWN_BAR[0], height=DOWN_BAR[1], source=sources["prone"],
                         fill_color="colour", line_color="#1a1a1a", line_width=1, name="prone")
        # under the figures: move both renderers to just before the fallen and the figures
        renderers = [r for r in fig.renderers if r not in (links, prone)]
        at = next(i for i, r in enumerate(renderers) if r.name == "fallen")
        fig.renderers = renderers[:at] + [links, prone] + renderers[at:]
        return fig

    def legend(self):
        """What the marks mean, from the look: its kinds, terrain and rings, and its squads' links and bars."""
        extra = []
        if isinstance(self, SquadLinksLayers):
            extra = [("Squads", [(swatch_line("#1E4D1F", "solid", 1.5), self.links_words),
                                 (down_swatch(self.down_marker), self.down_words)])]
        return tabletop_legend(name=f"{self.name}-legend", kinds=list(self.legend_kinds or self.markers),
                               markers=self.markers, words=self.kind_words, terrain=self.legend_terrain,
                               rings=self.legend_rings, extra=extra)

    def alt(self, sources):
        """The table in words (read by a screen reader), following the sources' changes."""
        return board_alt(sources, self.size, name=f"{self.name}-alt", kinds=self.kind_words)

    def draw(self, sources):
        """The table with its legend below it, and its text alternative."""
        return column(self.figure(sources), self.alt(sources), self.legend(), sizing_mode="stretch_width",
                      name=f"{self.name}-layout")


def board_class(look: type) -> type:
    """The Bokeh board of a tabletop look (a :class:`boards.tabletop.TabletopLayers`): its layers drawn by
    :class:`TabletopDrawing`. A ruleset needs no board class of its own."""
    return type(look.__name__.removesuffix("Layers") + "Board", (look, TabletopDrawing), {"__module__": __name__})


def board_figure(state, **options):
    """A finished board of ``state`` with its legend and text alternative, drawn in its ruleset's look (the
    ``LOOK`` of ``boards/<ruleset>.py``, found through the registry's name of the ruleset)."""
    from boards import family

    from .board import make_sources

    board = board_class(family.look(state.ruleset.name).LOOK)(**options)
    return board.draw(make_sources(board.layers(state)))
