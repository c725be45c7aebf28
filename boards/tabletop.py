"""A tabletop's layers in inches: terrain, move rings, lines of sight, figures, the fallen, as column data.

Drawn by :func:`widgets.tabletop_board.draw_tabletop`; bokeh-free so the
page computes them too. Every layer always has the same columns, so replays
and live play only swap data.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping, Sequence

from explorer.core.tabletop import segment_point_distance

from .naming import Seen, card_words, figure_name
from .palette import SIGHT_COLOURS, side_colour, side_ink
from .toys import sprite, terrain_look

TABLE_FILL = "#F1EFE8"
TERRAIN_STYLE: dict[str, dict] = {
    # kind: fill colour, hatch pattern, the word shown in a figure's tooltip, and the legend's words
    "solid": {"fill": "#5b5b5b", "hatch": " ", "label": "solid: blocks sight and moves",
              "legend": "solid (blocks sight)"},
    "semi_solid": {"fill": "#9CC48C", "hatch": "/", "label": "semi-solid: always partial cover",
                   "legend": "semi-solid (partial cover)"},
    "hill": {"fill": "#C9CBB6", "hatch": " ", "label": "hill", "legend": "hill"},
    "rough": {"fill": "#DDD3C2", "hatch": ".", "label": "rough ground", "legend": "rough ground"},
}
"""Terrain kinds as drawn: solid is dark, hedges green and hatched, hills a pale grey-green (not the
tan of the figures), rough ground dotted."""
HATCH_COLOUR = "#2f5f2f"

MARKERS = {"trooper": "circle", "heavy": "square", "sniper": "triangle"}
"""Marker by kind of unit (any other kind is a diamond), so kinds differ in shape, not just colour."""

SIGHT_DASH = {"clear": "solid", "partial": "dashed", "blocked": "dotted"}
SIGHT_LABEL = {"clear": "clear", "partial": "partial (cover)", "blocked": "blocked"}
KIND_WORDS = {"trooper": "trooper", "heavy": "heavy weapons", "sniper": "sniper"}

TERRAIN_COLUMNS = ("xs", "ys", "name", "kind", "fill", "hatch", "label", "cx", "cy", "look", "ink", "line", "width")
RING_COLUMNS = ("x", "y", "radius", "diameter", "colour", "label")
SIGHT_COLUMNS = ("xs", "ys", "colour", "dash", "verdict", "label")
FIGURE_COLUMNS = ("id", "x", "y", "side", "kind", "colour", "marker", "profile", "squad", "status", "ground",
                  "move", "sprite", "name", "said")
"""``name``: a lone figure's label in plain words (its kind: "sniper"), shown in simple mode instead of its id;
``said``: its card in plain words (:func:`boards.naming.card_words`), said for a tap on it in simple mode."""
FALLEN_COLUMNS = ("id", "x", "y", "colour", "sprite")
RULER_COLUMNS = ("xs", "ys", "x", "y", "text")
"""``sprite``: the figure's toy soldier (:func:`boards.toys.sprite`), drawn lying down when it fell."""


def _empty(columns: Sequence[str]) -> dict[str, list]:
    return {c: [] for c in columns}


def terrain_layer(terrain: Iterable) -> dict[str, list]:
    """Terrain pieces (anything with ``name``, ``kind``, ``points`` and ``elevation``)."""
    data = _empty(TERRAIN_COLUMNS)
    for piece in terrain:
        kind = getattr(piece.kind, "value", piece.kind)
        style = TERRAIN_STYLE.get(kind, TERRAIN_STYLE["rough"])
        look = terrain_look(piece.name, kind)  # drawn as what it is (a wall, a hedge, woods, water, a hill)
        label = style["label"] + (f", level {piece.elevation}" if kind == "hill" else "")
        data["xs"].append([round(p[0], 3) for p in piece.points])
        data["ys"].append([round(p[1], 3) for p in piece.points])
        data["name"].append(piece.name)
        data["kind"].append(kind)
        for column in ("look", "fill", "hatch", "ink", "line", "width"):
            data[column].append(look[column])
        data["label"].append(label)
        # where the name is written: the centre of the piece's corners
        data["cx"].append(round(sum(p[0] for p in piece.points) / len(piece.points), 3))
        data["cy"].append(round(sum(p[1] for p in piece.points) / len(piece.points), 3))
    return data


def ground_under(point, terrain: Iterable) -> str:
    """The words for the ground a figure stands on (for its tooltip): every piece covering ``point``."""
    pieces = []
    for piece in terrain:
        if piece.covers(point):
            kind = getattr(piece.kind, "value", piece.kind)
            style = TERRAIN_STYLE.get(kind, TERRAIN_STYLE["rough"])
            pieces.append(f"{piece.name} ({style['label']}" + (f", level {piece.elevation})" if kind == "hill" else ")"))
    return "; ".join(pieces) or "open ground"


NEAR = 3.0  # inches: a place this close to a terrain piece (or the table's edge) is named by it


def place_words(table, point) -> str:
    """Where ``point`` is on ``table`` in plain words, for live play's words of an action: on or in the terrain
    piece covering it, next to the nearest piece within :data:`NEAR` inches, near the table's edge, or in the
    open; off the table (a move that takes a figure out of play)."""
    x, y = point
    if not (0 <= x <= table.width and 0 <= y <= table.height):
        return "off the table"
    covering = table.terrain_at(point)
    if covering:
        piece = covering[0]
        return f"{'on' if getattr(piece.kind, 'value', piece.kind) == 'hill' else 'in'} the {piece.name}"
    near = [p for p in table.terrain  # within NEAR of its bounding box first: most pieces are far off
            if min(q[0] for q in p.points) - NEAR <= x <= max(q[0] for q in p.points) + NEAR
            and min(q[1] for q in p.points) - NEAR <= y <= max(q[1] for q in p.points) + NEAR]
    gaps = [(min(segment_point_distance(a, b, point) for a, b in zip(p.points, p.points[1:] + p.points[:1])), p)
            for p in near]
    gap, piece = min(gaps, key=lambda item: item[0], default=(None, None))
    if piece is not None and gap <= NEAR:
        return f"next to the {piece.name}"
    if min(x, y, table.width - x, table.height - y) <= NEAR:
        return "near the table's edge"
    return "in the open"


def name_on_table(state, figure_id, seat, seen) -> str | None:
    """``figure_id`` of a tabletop game in words from ``seat`` (:func:`boards.naming.figure_name`), each figure
    of ``state.figures`` as ``seen(figure)`` shows it (a :class:`~boards.naming.Seen`, ``None`` if not shown),
    told apart by the terrain it stands by (:func:`place_words`) where nothing else tells."""
    figures = {fid: shown for fid, figure in state.figures.items() if (shown := seen(figure)) is not None}
    return figure_name(figures, figure_id, seat, place=lambda point: place_words(state.table, point))


def figure_row(fid: str, x: float, y: float, side: str, kind: str, *, sides: Sequence[str] | None = None,
               profile: str = "", squad: str = "", status: str = "", ground: str = "", move: str = "",
               name: str = "", said: str = "") -> dict:
    """One figure's row for :func:`figures_layer` (``ground`` and ``move`` join its tooltip; ``name``, its label in
    plain words, is its kind's by default; ``said``: its card in plain words, :func:`boards.naming.card_words`, which
    the simple mode says for a tap on it)."""
    return {"id": fid, "x": round(x, 3), "y": round(y, 3), "side": side, "kind": kind,
            "colour": (colour := side_colour(side, list(sides) if sides else None)), "marker": MARKERS.get(kind, "diamond"),
            "profile": profile, "squad": squad, "status": status, "ground": ground, "move": move or "-", "sprite": sprite(kind, colour),
            "name": name or KIND_WORDS.get(kind, kind), "said": said}


def figures_layer(rows: Iterable[Mapping]) -> dict[str, list]:
    data = _empty(FIGURE_COLUMNS)
    for row in rows:
        for column in FIGURE_COLUMNS:
            data[column].append(row[column])
    return data


def fallen_layer(rows: Iterable[tuple]) -> dict[str, list]:
    """``(id, x, y, colour)`` of each figure that fell or lies down, with its kind after them where its toy
    soldier is drawn (lying down)."""
    data = _empty(FALLEN_COLUMNS)
    for fid, x, y, colour, *kind in rows:
        drawn = sprite(kind[0], colour) if kind else ""
        for column, value in zip(FALLEN_COLUMNS, (fid, round(x, 3), round(y, 3), colour, drawn)):
            data[column].append(value)
    return data


def rings_layer(rings: Iterable[tuple[float, float, float, str, str]]) -> dict[str, list]:
    """``(x, y, radius, colour, label)`` of each ring, in inches."""
    data = _empty(RING_COLUMNS)
    for x, y, radius, colour, label in rings:
        for column, value in zip(RING_COLUMNS, (round(x, 3), round(y, 3), radius, 2 * radius, colour, label)):
            data[column].append(value)
    return data


def sight_layer(sights: Iterable[tuple[object, str]]) -> dict[str, list]:
    """Lines of sight: pairs of an engine ``LineOfSight`` and a caption.

    Each of its lines is drawn: clear lines solid blue, lines through cover
    dashed reddish purple, lines cut by something solid dotted black.
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


def before_last(state):
    """The position before ``state``'s last action (a copy taken back: the engine keeps it only to undo)."""
    copy = state.clone()
    copy.undo()
    return copy.position


RULER_TICK = 0.5  # inches: a tick at every whole inch, this long
RULER_ASIDE = 0.9  # inches the ruler lies beside the path or the line of sight (which it would hide)


def ruler_layer(ends) -> dict[str, list]:
    """A ruler from ``ends[0]`` to ``ends[1]`` (points in inches; ``None``: no ruler): its line, a tick at every
    whole inch, and the inches written beside its middle (on the line's row; the ticks' rows say nothing); laid
    :data:`RULER_ASIDE` to the left of the way it measures, as a tape is laid beside a move."""
    data = _empty(RULER_COLUMNS)
    if not ends:
        return data
    (x0, y0), (x1, y1) = ends
    length = math.hypot(x1 - x0, y1 - y0)
    if length < 0.05:
        return data
    ux, uy = (x1 - x0) / length, (y1 - y0) / length
    x0, y0, x1, y1 = x0 - uy * RULER_ASIDE, y0 + ux * RULER_ASIDE, x1 - uy * RULER_ASIDE, y1 + ux * RULER_ASIDE
    rows = [([x0, x1], [y0, y1], (x0 + x1) / 2, (y0 + y1) / 2, f"{length:.1f} in")]
    for inch in range(1, int(length) + 1):
        cx, cy = x0 + ux * inch, y0 + uy * inch
        rows.append(([cx, cx + uy * RULER_TICK], [cy, cy - ux * RULER_TICK], cx, cy, ""))  # towards the path
    for xs, ys, x, y, text in rows:
        for column, value in zip(RULER_COLUMNS, ([round(v, 3) for v in xs], [round(v, 3) for v in ys],
                                                 round(x, 3), round(y, 3), text)):
            data[column].append(value)
    return data


def table_layer(width: float, height: float) -> dict[str, list]:
    """The table itself, as a layer so that live play may start a scenario on a table of another size."""
    return {"left": [0.0], "right": [float(width)], "bottom": [0.0], "top": [float(height)]}


def empty_layers() -> dict[str, dict[str, list]]:
    return {"terrain": _empty(TERRAIN_COLUMNS), "rings": _empty(RING_COLUMNS), "sight": _empty(SIGHT_COLUMNS),
            "figures": _empty(FIGURE_COLUMNS), "fallen": _empty(FALLEN_COLUMNS), "ruler": _empty(RULER_COLUMNS)}


# -- the board family: the layers loop, written once ----------------------------------------------------

LINK_COLUMNS = ("xs", "ys", "colour", "label")
DOWN_BAR = (2.0, 0.6)
"""A figure lying down, drawn as a bar under it, inches across and up (seen from above)."""


def links_layer(links) -> dict[str, list]:
    """``((x0, x1), (y0, y1), colour, label)`` of each line between squad mates."""
    data = _empty(LINK_COLUMNS)
    for xs, ys, colour, label in links:
        for column, value in zip(LINK_COLUMNS, ([round(x, 3) for x in xs], [round(y, 3) for y in ys], colour, label)):
            data[column].append(value)
    return data


class TabletopLayers:
    """Every tabletop board's layers from a state: the table, terrain, rings, sight, figures and the fallen.

    The loop is here once; a ruleset's board is a small *look* on top of it: its ``markers`` (a marker per
    kind), and the hooks below (which figures stand on the table and which fell, a figure's kind, tooltip
    words, rings and sight lines), plus :meth:`extra_layers` for what only it draws. Subclasses set
    ``title``, ``name`` and ``size`` in their ``__init__``.
    """

    markers: Mapping[str, str] = MARKERS
    kind_words: Mapping[str, str] = KIND_WORDS
    """Each kind in words (the board's text alternative and its legend)."""
    legend_kinds: Sequence[str] | None = None
    """The kinds the legend shows, in order (``None``: every kind of ``markers``)."""
    legend_terrain: Sequence[str] = ("solid", "semi_solid", "hill", "rough")
    legend_rings: Sequence[tuple[str, str]] = (("#1E4D1F", "how far it may move"),)
    """Each ring colour the board draws and what it means, for the legend."""

    def layers(self, state) -> dict[str, dict[str, list]]:
        self.size = (state.table.width, state.table.height)
        sides = self.sides_of(state)
        rings = list(self._rings(state, sides))
        rows, fallen, down = [], [], []
        for f in state.figures.values():
            if self.on_table(f):
                kind = self.kind_of(f)
                row = figure_row(f.id, f.x, f.y, f.side, kind, sides=sides, profile=self.profile(state, f),
                                 squad=self.squad_of(f), status=self.status(state, f),
                                 ground=ground_under(f.position, state.table.terrain), move=self.move(state, f, rings),
                                 name=self.kind_words.get(kind, kind),
                                 said=card_words(self.seen(f), *self.plain_status(state, f)))
                row["marker"] = self.markers.get(kind, "diamond")
                rows.append(row)
                if self.down(f):
                    down.append((f.id, f.x, f.y, side_ink(f.side, sides)))
            elif self.fell(f):
                fallen.append((f.id, f.x, f.y, side_colour(f.side, sides), self.kind_of(f)))
        return {
            "table": table_layer(*self.size),
            "terrain": terrain_layer(state.table.terrain),
            "rings": rings_layer(rings),
            "sight": sight_layer(self._sights(state)),
            "figures": figures_layer(rows),
            "fallen": fallen_layer(fallen),
            "ruler": ruler_layer(self.measured(state)),
            **self.extra_layers(state, sides, down),
        }

    def measured(self, state):
        """What the ruler measures: the last shot (shooter to target), else the last move of the figure that
        acted (from where it stood); ``None`` when the last action was neither."""
        history = getattr(state, "history", None)
        last = history[-1].action if history else None
        if last is None:
            return None
        shot = self.shot(last)
        if shot and all(fid in state.figures for fid in shot):
            return state.figures[shot[0]].position, state.figures[shot[1]].position
        fid = self.actor(last)
        before = before_last(state).figures if hasattr(state, "clone") else {}
        if fid and fid in before and fid in state.figures and self.on_table(state.figures[fid]):
            return before[fid].position, state.figures[fid].position
        return None

    def actor(self, action) -> str | None:
        """The figure that acted in ``action`` (its move is measured; ``None``: none)."""
        return None

    def shot(self, action) -> tuple[str, str] | None:
        """``(shooter, target)`` if ``action`` is a shot (its sight line drawn where the look draws it)."""
        return None

    # -- the look: what a ruleset says ---------------------------------------------------------------
    def sides_of(self, state) -> list[str]:
        return list(state.sides)

    def on_table(self, figure) -> bool:
        """Drawn as a figure (standing or down); otherwise drawn as fallen if :meth:`fell`."""
        return figure.in_play

    def fell(self, figure) -> bool:
        return True

    def down(self, figure) -> bool:
        """Lying down on the table (drawn with a bar under it where the look has a ``prone`` layer)."""
        return False

    def kind_of(self, figure) -> str:
        return figure.kind

    def squad_of(self, figure) -> str:
        return figure.squad

    def profile(self, state, figure) -> str:
        return ""

    def status(self, state, figure) -> str:
        return ""

    def seen(self, figure) -> Seen:
        """The figure as the board shows it (:class:`~boards.naming.Seen`: side, kind in words, squad), as the
        ruleset's ``name`` sees it: the start of its card in plain words."""
        return Seen(figure.side, self.kind_words.get(self.kind_of(figure), self.kind_of(figure)), None)

    def plain_status(self, state, figure) -> tuple[str, ...]:
        """The figure's state in plain words for its card (no id: a figure it fights is not named)."""
        return ()

    def move(self, state, figure, rings) -> str:
        """The figure's move for its tooltip (``rings``: this board's rings, already worked out)."""
        return ""

    def _rings(self, state, sides):
        return ()

    def _sights(self, state):
        return ()

    def extra_layers(self, state, sides, down) -> dict[str, dict[str, list]]:
        """The look's own layers (``down``: ``(id, x, y, ink)`` of each figure lying down)."""
        return {}


class SquadLinksLayers(TabletopLayers):
    """A look whose squads keep together and whose figures shoot: ``links`` between squad mates close enough
    (``cohesion``) from :meth:`_links`, ``prone``, a bar under each figure lying down, and the ranges and sight
    of the figure who acted last.

    ``ranges``: ``"last"`` rings the ranges of the figure named by the last action (:meth:`actor`); a list
    of ids rings those; ``None`` draws none. ``sights``: ``(shooter, target)`` pairs whose sight lines are
    drawn; ``last_shot`` also draws the last shot's (:meth:`shot`). ``cohesion``: draws the links (and the
    look's cohesion rings).
    """

    board_name = "board"
    links_words = "within 4 inches of a squad mate"
    down_words = "lying down"
    """What the bar under a figure means, for the legend."""
    down_marker: str | None = None
    """A marker drawn after the bar in the legend (a figure standing on it), or none."""

    def __init__(self, *, ranges="last", sights=(), last_shot: bool = True, cohesion: bool = True,
                 title: str = "", name: str | None = None):
        self.ranges = ranges
        self.sights = tuple(sights)
        self.last_shot = last_shot
        self.cohesion = cohesion
        self.title = title
        self.name = name or self.board_name
        self.size = (48.0, 36.0)

    @staticmethod
    def _last(state):
        history = getattr(state, "history", None)
        return history[-1].action if history else None

    def sight(self, state, shooter, target):
        """The engine's line of sight from ``shooter`` to ``target`` (figures)."""
        raise NotImplementedError

    def _ring_ids(self, state) -> list[str]:
        if self.ranges is None:
            return []
        if self.ranges != "last":
            return [fid for fid in self.ranges if state.figures[fid].in_play]
        fid = self.actor(self._last(state))
        return [fid] if fid and state.figures[fid].in_play else []

    def _sights(self, state):
        pairs = list(self.sights)
        shot = self.shot(self._last(state)) if self.last_shot else None
        if shot:
            pairs.append(shot)
        for shooter, target in pairs:
            yield self.sight(state, state.figures[shooter], state.figures[target]), f"{shooter} to {target}"

    def extra_layers(self, state, sides, down):
        return {"links": links_layer(self._links(state, sides) if self.cohesion else ()),
                "prone": fallen_layer(down)}  # the same columns as the fallen: where, and whose

    def _links(self, state, sides):
        return ()
