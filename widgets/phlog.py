"""Widgets for "The Rules! (with no name)" (ruleset ``phlog``).

- :class:`PhlogBoard`: the Board protocol from one player's *view* (or the
  public view, both hands face down), so a hidden card can never reach the
  page: the grid, the fighters, the reachable squares of the activated
  fighter, and the cards that player may see.
- :func:`reach_explorer`: choose a fighter and a movement value, see every
  square it can reach and how (static: precomputed by the engine).
- :func:`hand_figure`: a hand of cards as cards (the odds of each card in an
  attack, and the trick explained, are in :mod:`widgets.phlog_odds`).
- :func:`public_replay`: a recorded bot-versus-bot game, public view (static).
- :class:`PhlogLivePlay`: play a bot in JupyterLab, seeing only your own hand.

Widgets decide no rule: every number here comes from the engine.
"""

from __future__ import annotations

import html
from collections.abc import Iterable, Sequence

from bokeh.layouts import column, row
from bokeh.models import ColumnDataSource, CustomJS, Div, HoverTool, ImageURL, Range1d, Select, Slider
from bokeh.plotting import figure

from explorer import get_ruleset
from explorer.core import play_out
from explorer.rulesets.phlog import (
    Attack, DeclineJoker, EndTurn, GreedyBot, Jump, Nominate, PlayerView, PlayJoker, PlayMovementCard, Step,
    ToggleDoor,
    reachable_squares,
)
from explorer.rulesets.phlog.data import (
    HAND_TO_HAND, RANGED,
)
from explorer.rulesets.phlog.reach import REMOVED, STANDS, STOPS

from .board import make_sources
from .alt_text import ALT_JS, alt_div
from .grid_board import GridBoard
from .links import RuleLinks
from .packing import UNPACK_JS, packed
from boards.toys import LYING

PHLOG = get_ruleset("phlog")
from boards.phlog import (
    STYLES, CARD_W, CARD_H, CARD_STEP, FIRST_ROW, OUT_SIZE, ROW_STEP, PhlogLayers, tile_layer, unit_layer, reach_marks, _face, _rows, _cards,
)
from boards import phlog as _layers


LINKS = RuleLinks("phlog")
rule_href = LINKS.href


def grid_board(table, *, title: str | None = None) -> GridBoard:
    return _layers.grid_board(table, title=title, grid_type=GridBoard)


def board_legend(gb: GridBoard, table, *, fates: bool = False, name: str = "phlog-legend"):
    """The legend of a board of ``table``: its sides, fighter kinds, the terrain on it (a door both shut
    and open), and (``fates``) the reachable squares' marks."""
    kinds = []
    for kind in sorted(set(table.terrain.values()), key=list(STYLES).index):
        kinds.append(kind)
        if f"{kind}_open" in STYLES:
            kinds.append(f"{kind}_open")
    weapons = [w for w in (RANGED, HAND_TO_HAND) if any(f.weapon == w for f in table.fighters.values())]
    return gb.legend(kinds, weapons or (RANGED, HAND_TO_HAND), fates=fates, name=name)


# -- the board in words (its text alternative) -----------------------------------------------------
def _runs(columns: list[int]) -> str:
    """``[0, 1, 2, 5]`` -> ``"0-2, 5"`` (mirrors ``runs`` in :data:`GRID_WORDS_JS`)."""
    out, start = [], None
    for i, c in enumerate(columns):
        if start is None:
            start = c
        if i + 1 == len(columns) or columns[i + 1] != c + 1:
            out.append(str(start) if start == c else f"{start}-{c}")
            start = None
    return ", ".join(out)


def grid_words(layers: dict[str, dict[str, list]], size: tuple[int, int]) -> str:
    """A Phlog board in words, from its layers only (so no hidden card can reach it); mirrors
    :data:`GRID_WORDS_JS`."""
    width, height = size
    parts = [f"Grid of {width} by {height} squares (column from the left, row from the top, both counted from 0)."]
    tiles = layers["tiles"]
    kinds: dict[str, dict[int, list[int]]] = {}
    for x, y, kind in zip(tiles["x"], tiles["y"], tiles["kind"]):
        kinds.setdefault(kind, {}).setdefault(y, []).append(x)
    for kind, rows in kinds.items():
        parts.append(f"{kind[:1].upper() + kind[1:]}: " + "; ".join(f"row {y} columns {_runs(sorted(cols))}"
                                                         for y, cols in rows.items()) + ".")
    parts.append("Every other square is floor.")
    units = layers["units"]
    sides: dict[str, list[str]] = {}
    for uid, side, kind, x, y, note in zip(units["id"], units["side"], units["kind"], units["x"], units["y"],
                                           units["note"]):
        sides.setdefault(side, []).append(f"{uid} {kind.lower()} at column {x}, row {y}" + (f" ({note})" if note else ""))
    for side, fighters in sides.items():
        parts.append(f"{side[:1].upper() + side[1:]}: " + "; ".join(fighters) + ".")
    reach = layers.get("reach", {"x": []})
    if reach["x"]:
        parts.append(f"Can reach {len(reach['x'])} squares: " + "; ".join(
            f"column {x}, row {y}: {cost} points, {fate}"
            for x, y, cost, fate in zip(reach["x"], reach["y"], reach["cost"], reach["fate"])) + ".")
    return " ".join(parts)


def cards_words(layers: dict[str, dict[str, list]]) -> str:
    """The cards a seat may see, in words (mirrors :data:`CARDS_WORDS_JS`)."""
    labels = layers["card_labels"]["text"]
    cards = layers["cards"]
    faces = [note for note, hatch in zip(cards["note"], cards["hatch"]) if hatch == "blank"]
    return ("Cards: " + "; ".join(labels) + "."
            + (" Face up: " + "; ".join(faces) + "." if faces else " No card face up."))


GRID_WORDS_JS = ALT_JS + """
function runs(cols) {
  const out = [];
  let start = null;
  for (let i = 0; i < cols.length; i++) {
    if (start === null) { start = cols[i]; }
    if (i + 1 === cols.length || cols[i + 1] !== cols[i] + 1) {
      out.push(start === cols[i] ? String(start) : start + '-' + cols[i]);
      start = null;
    }
  }
  return out.join(', ');
}
function words(L) {
  const parts = ['Grid of ' + size[0] + ' by ' + size[1] + ' squares (column from the left, row from the top, '
                 + 'both counted from 0).'];
  const t = L.tiles, kinds = new Map();
  for (let i = 0; i < t.x.length; i++) {
    if (!kinds.has(t.kind[i])) { kinds.set(t.kind[i], new Map()); }
    const rows = kinds.get(t.kind[i]);
    if (!rows.has(t.y[i])) { rows.set(t.y[i], []); }
    rows.get(t.y[i]).push(t.x[i]);
  }
  for (const [kind, rows] of kinds) {
    const bits = [];
    for (const [y, cols] of rows) { bits.push('row ' + y + ' columns ' + runs(cols.slice().sort((a, b) => a - b))); }
    parts.push(kind.charAt(0).toUpperCase() + kind.slice(1) + ': ' + bits.join('; ') + '.');
  }
  parts.push('Every other square is floor.');
  const u = L.units, sides = new Map();
  for (let i = 0; i < u.id.length; i++) {
    if (!sides.has(u.side[i])) { sides.set(u.side[i], []); }
    sides.get(u.side[i]).push(u.id[i] + ' ' + u.kind[i].toLowerCase() + ' at column ' + u.x[i] + ', row ' + u.y[i]
                              + (u.note[i] ? ' (' + u.note[i] + ')' : ''));
  }
  for (const [side, fighters] of sides) {
    parts.push(side.charAt(0).toUpperCase() + side.slice(1) + ': ' + fighters.join('; ') + '.');
  }
  const r = L.reach;
  if (r !== null && r.x.length) {
    parts.push('Can reach ' + r.x.length + ' squares: ' + Array.from(r.x, (x, i) => 'column ' + x + ', row ' + r.y[i]
               + ': ' + r.cost[i] + ' points, ' + r.fate[i]).join('; ') + '.');
  }
  return parts.join(' ');
}
"""

CARDS_WORDS_JS = ALT_JS + """
const L = {cards: cards.data, card_labels: labels.data};
const faces = Array.from(L.cards.note).filter((_, i) => L.cards.hatch[i] === 'blank');
alt.text = wrap('Cards: ' + Array.from(L.card_labels.text).join('; ') + '.'
                + (faces.length ? ' Face up: ' + faces.join('; ') + '.' : ' No card face up.'));
"""


def grid_alt(sources, size: tuple[int, int], *, name: str):
    """The text alternative of a grid board: follows every change of its sources (replays, live play)."""
    keys = [k for k in ("tiles", "units", "reach") if k in sources]
    alt = alt_div(grid_words({k: dict(sources[k].data) for k in keys}, size), name=name)
    floor = sources.get("floor")  # present when the board may change size (live play)
    follow = CustomJS(args=dict(alt=alt, fixed=list(size), floor=floor, tiles=sources["tiles"], units=sources["units"],
                                reach=sources.get("reach")), code=GRID_WORDS_JS + """
        const size = floor === null ? fixed : [Math.max(...floor.data.x) + 1, Math.max(...floor.data.y) + 1];
        alt.text = wrap(words({tiles: tiles.data, units: units.data, reach: reach === null ? null : reach.data}));
    """)
    for key in keys + (["floor"] if floor is not None else []):
        sources[key].js_on_change("data", follow)
    return alt


def cards_alt(cards: ColumnDataSource, labels: ColumnDataSource, *, name: str = "phlog-cards-alt"):
    """The text alternative of the cards figure (only what the seat may see: it is made from the same data)."""
    alt = alt_div(cards_words({"cards": dict(cards.data), "card_labels": dict(labels.data)}), name=name)
    follow = CustomJS(args=dict(alt=alt, cards=cards, labels=labels), code=CARDS_WORDS_JS)
    cards.js_on_change("data", follow)
    labels.js_on_change("data", follow)
    return alt


class PhlogBoard(PhlogLayers):
    """:class:`boards.phlog.PhlogLayers` drawn with Bokeh: the Board protocol for Phlog, from one player's view."""

    grid_type = GridBoard

    def draw(self, sources):
        gb = self._gb
        if gb is None:
            raise ValueError("call layers(state) before draw(sources)")
        board = gb.figure(sources["tiles"], sources["units"], sources["reach"], floor=sources.get("floor"),
                          name="phlog-board")
        alt = grid_alt(sources, (gb.width, gb.height), name="phlog-board-alt")
        legend = board_legend(gb, self._table, fates=self.reach)
        if not self.cards:
            return column(board, alt, legend, sizing_mode="stretch_width", name="phlog-board-layout")
        return column(board, alt, legend, cards_figure(sources["cards"], sources["card_labels"], out=sources.get("out")),
                      cards_alt(sources["cards"], sources["card_labels"]),
                      sizing_mode="stretch_width", name="phlog-board-layout")


CARDS_X = (-0.1, 11.5)  # the cards figure's width in card units


def draw_cards(fig, cards: ColumnDataSource):
    """Cards as playing cards (boards.toys.card_sprite, a back for a face-down one), a card's width and height in
    the figure's units, so they grow with it. Under each, a rect of the same size: what a tap on a card finds
    (live-play/taps.js) and the hover's target."""
    faces = fig.rect("x", "y", CARD_W, CARD_H, source=cards, fill_alpha=0, line_alpha=0, name="card-faces")
    fig.add_glyph(cards, ImageURL(url="sprite", x="x", y="y", w=CARD_W, h=CARD_H, anchor="center"),
                  name="card-sprites")
    fig.add_tools(HoverTool(renderers=[faces], tooltips=[("", "@note")]))


def cards_figure(cards: ColumnDataSource, labels: ColumnDataSource, *, rows: int = 3, name: str = "phlog-cards",
                 out: ColumnDataSource | None = None):
    """Both seats' rows of cards and the cards on the table (as playing cards, at least 44 CSS px tall on a
    390 px phone), and each side's fighters out of the game lying down at the right of its row."""
    height = FIRST_ROW + ROW_STEP * (rows - 1) + CARD_H / 2 + 0.15  # down to the last row's cards
    width_px = 640
    fig = figure(width=width_px, height=int(height * width_px / (CARDS_X[1] - CARDS_X[0])), x_range=Range1d(*CARDS_X),
                 y_range=Range1d(height, 0), sizing_mode="scale_width", toolbar_location=None, name=name, min_border=2)
    fig.axis.visible = False
    fig.grid.visible = False
    fig.outline_line_color = None
    fig.background_fill_color = "#f4f1ea"
    draw_cards(fig, cards)
    fig.text("x", "y", text="text", source=labels, text_align="left", text_baseline="middle", text_font_size="12px",
             text_color="#2c3034")
    if out is not None:
        fig.add_glyph(out, ImageURL(url="sprite", x="x", y="y", w=OUT_SIZE, h=OUT_SIZE, anchor="center", angle=LYING,
                                    global_alpha=0.6), name="out-sprites")
    return fig


def hand_figure(view: PlayerView, *, title: str | None = None):
    """One player's hand as cards (from their view: never anyone else's cards)."""
    values = view.settings.card_values
    cards = _rows([_face(c, values, 0.5 + i * CARD_STEP, 0.75) for i, c in enumerate(view.hand)])
    width = max(6, len(view.hand)) * CARD_STEP + 0.2
    fig = figure(width=int(width * 56), height=int(1.6 * 56) + 30, x_range=Range1d(-0.1, width),
                 y_range=Range1d(1.55, -0.05),
                 sizing_mode="scale_width", toolbar_location=None, name="phlog-hand", min_border=2,
                 title=title or f"{view.player}'s hand", max_width=420)
    fig.axis.visible = False
    fig.grid.visible = False
    fig.outline_line_color = None
    fig.background_fill_color = "#f4f1ea"
    source = ColumnDataSource(cards)
    draw_cards(fig, source)
    words = (f"{view.player}'s hand, {_cards(len(view.hand))}: " + "; ".join(cards["note"]) + "."
             if view.hand else f"{view.player}'s hand is empty.")
    return column(fig, alt_div(words, name="phlog-hand-alt"), sizing_mode="stretch_width", max_width=420,
                  name="phlog-hand-layout")


def board_figure(table, player: str | None = None, *, cards: bool = True, title: str | None = None):
    """A snapshot of ``table`` from ``player``'s view (``None``: public)."""
    board = PhlogBoard(player, cards=cards, title=title)
    return board.draw(make_sources(board.layers(table)))


# -- the reachable-squares explorer ------------------------------------------------------------------
def reach_summary(fighter_id: str, movement: int, routes: dict) -> str:
    marks = [r.value for r in routes.values() if r.value.actions]
    by_fate = {fate: sum(1 for r in marks if r.fate == fate) for fate in (STANDS, STOPS, REMOVED)}
    jumps = sum(1 for r in marks if any(isinstance(a, Jump) for a in r.actions))
    doors = sum(1 for r in marks if any(isinstance(a, ToggleDoor) for a in r.actions))
    keys = sorted({reason.ref.key for r in routes.values() for reason in r.reasons})
    parts = [f"<b>{html.escape(fighter_id)}</b> with <b>{movement}</b> movement point{'s' * (movement != 1)} "
             f"can reach <b>{len(marks)}</b> square{'s' * (len(marks) != 1)}: "
             f"{by_fate[STANDS]} where it stands (green), {by_fate[STOPS]} where its movement ends (yellow, "
             f"dotted), {by_fate[REMOVED]} where it is removed (red, crossed)."]
    if jumps:
        parts.append(f"{jumps} of them need{'s' * (jumps == 1)} a jump.")
    if doors:
        parts.append(f"{doors} of them need{'s' * (doors == 1)} a door opened on the way.")
    parts.append("The number in a square is the cheapest cost; hover or tap a square for the route.")
    if keys:
        parts.append("Rules used: " + LINKS.links(keys))
    return " ".join(parts)


def reach_table(table, fighters: Sequence[str] | None = None, movements: Iterable[int] = range(1, 14), *,
                detail: bool = True) -> dict[str, dict]:
    """Every (fighter, movement) the explorer offers: its highlight layer and its summary, keyed ``'id|m'``."""
    fighters = list(fighters or [f.id for f in table.fighters.values() if f.alive])
    out = {}
    gb = grid_board(table)
    for fid in fighters:
        for movement in movements:
            routes = reachable_squares(table, fid, movement)
            out[f"{fid}|{movement}"] = {"layer": gb.highlights(reach_marks(routes, detail=detail)),
                                        "summary": reach_summary(fid, movement, routes)}
    return out


def reach_explorer(table, fighters: Sequence[str] | None = None, *, fighter: str | None = None, movement: int = 5,
                   movements: Sequence[int] | None = None, title: str | None = None):
    """Choose a fighter and a movement value; see where it can go (static-site safe: all precomputed)."""
    values = table.settings.card_values.values()
    movements = list(movements or values)
    fighters = list(fighters or [f.id for f in table.fighters.values() if f.alive])
    fighter = fighter or fighters[0]
    data = reach_table(table, fighters, movements)
    gb = grid_board(table, title=title)
    units = {fid: unit_layer(gb, table, activated=fid) for fid in fighters}
    key = f"{fighter}|{movement}"
    sources = {"tiles": ColumnDataSource(tile_layer(gb, table)), "units": ColumnDataSource(units[fighter]),
               "reach": ColumnDataSource(data[key]["layer"], name="reach-squares")}
    fig = gb.figure(sources["tiles"], sources["units"], sources["reach"], name="phlog-reach-board")
    choose = Select(title="Fighter", value=fighter, options=fighters, name="reach-fighter", width=160)
    points = Slider(start=movements[0], end=movements[-1], value=movement, step=1,
                    title="Movement (the card's value)", name="reach-movement", sizing_mode="stretch_width")
    summary = Div(text=data[key]["summary"], name="reach-summary", sizing_mode="stretch_width")
    layers = {k: v["layer"] for k, v in data.items()}
    summaries = {k: v["summary"] for k, v in data.items()}
    update = CustomJS(args=dict(choose=choose, points=points, reach=sources["reach"], unit_source=sources["units"],
                                tables=packed({"layers": layers, "summaries": summaries, "units": units}),
                                summary=summary), code=UNPACK_JS + """
        const {layers, summaries, units} = unpack(tables);
        const key = `${choose.value}|${points.value}`;
        reach.data = layers[key];
        unit_source.data = units[choose.value];
        summary.text = summaries[key];
    """)
    choose.js_on_change("value", update)
    points.js_on_change("value", update)
    legend = board_legend(gb, table, fates=True, name="phlog-reach-legend")
    alt = grid_alt(sources, (gb.width, gb.height), name="phlog-reach-alt")
    return column(row(choose, points, sizing_mode="stretch_width"), fig, alt, legend, summary,
                  sizing_mode="stretch_width")


# -- the replay --------------------------------------------------------------------------------------
def greedy_game(seed: int = 2, scenario: str = "corridor", **settings):
    """GreedyBot against GreedyBot, played to the end from ``seed``: the same game every time."""
    return play_out(PHLOG.new_game(scenario, seed=seed, **settings), {"green": GreedyBot(), "tan": GreedyBot()},
                    max_actions=3000)


def public_replay(final_state, *, title: str = "Step"):
    """The recorded game as a spectator sees it: both hands face down, only public events in the log."""
    from .replay import replay

    return replay(PhlogBoard(None, reach_detail=False), final_state, links=LINKS, title=title)


def partial_game(final_state, steps: int):
    """A copy of a recorded game with only its first ``steps`` actions (for short replays)."""
    game = final_state.clone()
    while len(game.history) > steps:
        game.undo()
    return game


# -- live play ------------------------------------------------------------------------------------
def _try_anything(state, human: str) -> list:
    """Actions a learner may *try*, legal or not: each illegal one is refused with its rule."""
    view = state.view(human)
    tries = [Step(human, d) for d in "NESW"] + [Jump(human, d, n) for d in "NESW" for n in (2, 3)]
    tries += [Attack(human, f.id) for f in view.fighters.values() if f.alive and f.side != human]
    tries += [Nominate(human, f.id) for f in view.fighters.values() if f.alive and f.side == human]
    tries += [PlayMovementCard(human, c.code) for c in view.hand if not c.is_joker]
    tries += [PlayJoker(human, 1), DeclineJoker(human), EndTurn(human)]
    return tries


class PhlogLivePlay:
    """Play Phlog against a bot in JupyterLab, seeing only what your seat may see.

    Built on :class:`widgets.live.LivePlay`: the board comes from
    ``view(human)``, the log from ``events_for(human)`` (the bot's draws and
    face-down choices never appear), and a second list lets you *try* a move
    the rules forbid, to read why.
    """

    def __init__(self, state, human: str = "green", bot=None):
        import ipywidgets as ipw

        from .live import LivePlay

        opponent = state.other(human)
        # The human's seat: the bot's face-down choices are described without their card, and the
        # log shows only what the human may see. A save holds the bot's hand: it comes with a warning.
        self.live = LivePlay(state, PhlogBoard(human), {opponent: bot or GreedyBot()}, links=LINKS, hidden=True,
                             board_for=PhlogBoard)
        self.tries = ipw.Dropdown(description="Try", layout=ipw.Layout(width="100%"))
        self.try_button = ipw.Button(description="Try it", tooltip="Try any move, legal or not: see the rule")
        self.try_button.on_click(lambda _: self.live.play(self.tries.value))
        self.live.on_show.append(lambda _: self._refresh_tries())
        self._refresh_tries()

    @property
    def human(self) -> str:
        """The side played here (New game may change it)."""
        return self.live.viewer

    @property
    def state(self):
        return self.live.state

    def play(self, action) -> None:
        self.live.play(action)

    def undo(self) -> None:
        self.live.undo()

    @property
    def status(self) -> str:
        return self.live.status.value

    def _refresh_tries(self) -> None:
        state = self.live.state
        tries = [] if state.is_over or self.live.curtain else _try_anything(state, self.human)  # curtain: no hand
        self.tries.options = [(state.describe(a, self.human), a) for a in tries]
        self.tries.index = 0 if tries else None

    def widget(self):
        import ipywidgets as ipw

        return self.live.widget(extra=(ipw.HBox([self.tries, self.try_button]),))


def live_play(seed: int = 7, human: str = "green", scenario: str = "corridor"):
    """A new game against GreedyBot, ready to show with ``.widget()``."""
    return PhlogLivePlay(PHLOG.new_game(scenario, seed=seed), human)
