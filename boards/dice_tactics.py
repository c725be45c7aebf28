"""Dice Tactics' board layers (tiles, units, where a march can go, the players' panel) as column data.

Bokeh-free: ``widgets.dice_tactics.DiceBoard`` draws them; the page's Web
Worker computes them after each move of live play. Only
``DiceTacticsState.view`` data is used for the panel, so nothing hidden from
the seat (the other player's cards, the deck's order) is ever in the layers.
"""

from __future__ import annotations

from fractions import Fraction
from html import escape

from explorer.core.grid import step
from explorer.core.session import Anchor
from explorer.rulesets.dice_tactics import (
    Attack, ChooseEdge, Move, PlayCard, PlayerView, Push, Respawn, Shoot, move_cost,
)
from explorer.rulesets.dice_tactics.data import CARDS, SQUAD, TANK, TERRAIN

from .grid import GridLayers, Highlight, TileStyle, Unit, square_words
from .naming import Seen, card_words, figure_name
from .pages import SQUARES, Curve, Needs, Study
from .palette import OKABE_ITO, side_colour
from .toys import DIE_WORDS, PIPS, die_sprite, sprite

STYLES = {
    "water": TileStyle("water", "#9cc9e8", "#2a6f9e", TERRAIN["water"].effect),
    "bridge": TileStyle("bridge", "#b68a5a", "#4a3016", TERRAIN["bridge"].effect),
    "forest": TileStyle("forest", "#6fa35f", "#1d4213", TERRAIN["forest"].effect),
    "hill": TileStyle("hill", "#d7c08c", "#6b5520", TERRAIN["hill"].effect),
    "village": TileStyle("village", "#e9a98a", "#7a2f12", TERRAIN["village"].effect),
    "tower": TileStyle("tower", "#a9a4c9", "#2d2866", TERRAIN["tower"].effect),
    "ballista": TileStyle("ballista", "#c9a0b8", "#5c1f45", TERRAIN["ballista"].effect),
    "windmill": TileStyle("windmill", "#f2e27a", "#6e5f00", TERRAIN["windmill"].effect),
    "zone": TileStyle("Target Zone (ground)", "#fbe3b0", "#a05a00",
                      "Hold it at the end of your turn (your units in it, none of the enemy's): score the Target die."),
    "spawn": TileStyle("spawn point (ground)", "#e4e0d4", "#555555",
                       "Squads are placed here; defeated units respawn on a free one."),
}
KIND_NAMES = {SQUAD: "SQUAD", TANK: "TANK"}
FIGURE_WORDS = {SQUAD: "squad", TANK: "tank"}
"""Each kind of unit in the simple mode's words."""
TAP_RADIUS = 0.5  # half a square: a tap anywhere in a square means that square

FAMILY = "grid"  # its board: a grid of squares (boards.family)
SIMPLEST = 5  # its place from the simplest game to learn (the house-rules lab's order)
CHAPTER = 5  # its place in the book's order of chapters
SHORT = "Dice Tactics"  # its name on the charts' rows (a phone keeps room for bars)
MARK = (OKABE_ITO["green"], "inverted_triangle")  # its colour and marker on the charts (apart by shape too)


def place(state, square) -> str:
    """A square in plain words, by its terrain (live play's words of an action)."""
    return square_words(STYLES, state.setup.terrain, square)


def name(state, figure_id, seat) -> str | None:
    """A unit in plain words from ``seat``, by its kind and the strength its die shows ("your squad showing 3",
    "the tan tank"), else by the terrain it stands on; one waiting to come back is off the board. Live play's
    words of an action."""
    units = {u.id: _seen(u) for u in state.position.units.values()}
    return figure_name(units, figure_id, seat, y_down=True, place=lambda square: _standing(state, square))


def _seen(unit) -> Seen:
    """A unit as the board shows it: its kind in words and the strength its die shows."""
    return Seen(unit.side, FIGURE_WORDS.get(unit.kind, unit.kind), unit.square,
                mark=f"showing {unit.strength}" if unit.square is not None else "")


def _standing(state, square) -> str:
    """Where a unit stands, by the square's terrain: "in the forest", "on the hill", ``""`` on plain ground."""
    kind = state.setup.terrain.get(tuple(square))
    return f"{'in' if kind in ('forest', 'village', 'water') else 'on'} the {STYLES[kind].name}" if kind in STYLES else ""


def grid_board(view, *, title: str | None = None, grid_type: type = GridLayers):
    sides = (view.player, view.opponent)
    return grid_type(view.grid.width, view.grid.height, STYLES, KIND_NAMES, sides, title=title)


def tile_layer(gb: GridLayers, view) -> dict[str, list]:
    """Every square that is not plain ground, with the Target Zone's and the spawn points' ground marked."""
    setup = view.setup
    terrain = dict(setup.terrain)
    spawns = {s for squares in setup.spawns.values() for s in squares}
    for square in setup.zone | spawns:
        if square not in terrain:
            terrain[square] = "zone" if square in setup.zone else "spawn"
    rows = gb.tiles(terrain)
    for i, (x, y) in enumerate(zip(rows["x"], rows["y"])):  # say what each square holds in its tooltip
        square = (x, y)
        extra = []
        if square in setup.zone and terrain[square] != "zone":
            extra.append("in the Target Zone")
        if square in spawns and terrain[square] != "spawn":
            extra.append("a spawn point")
        if square in view.windmills:
            extra.append(f"{view.windmills[square]} resources on it")
        if extra:
            rows["note"][i] = rows["note"][i] + " (" + "; ".join(extra) + ")"
    return rows


def unit_layer(gb: GridLayers, view, *, moving: str | None = None) -> dict[str, list]:
    """The dice on the board, each labelled with its strength (the die's top face)."""
    units = [Unit(u.id, u.side, u.kind, u.square, note=f"strength {u.strength}" + (" (moving)" if u.id == moving
                                                                                    else ""),
                  emphasis=u.id == moving, label=str(u.strength),
                  said=card_words(_seen(u), "moving now" if u.id == moving else ""))
             for u in view.units.values() if u.square is not None]
    return gb.units(units)


def march_marks(view) -> list[Highlight]:
    """Where the units that may move now could step next, with what it costs (the engine's move_cost)."""
    m = view.moving
    if m is None or view.outcome is not None:
        return []
    movers = [view.units[m.unit]] if m.unit else [u for u in view.units.values()
                                                   if u.side == view.side and u.square is not None]
    occupied = {u.square for u in view.units.values() if u.square is not None}
    marks = {}
    for unit in movers:
        if m.kind == "forward" and unit.id in m.moved or m.no_tanks and unit.kind == TANK:
            continue
        free = int(m.kind == "march" and unit.kind == TANK and unit.id in m.moved and unit.id not in m.free_used)
        for direction in "NESW":
            target = step(unit.square, direction)
            if target not in view.grid or target in occupied or view.windmills.get(target, 0) > 0:
                continue
            cost = move_cost(view.setup, unit.kind, unit.square, target, ignore_costs=m.ignore_costs)
            if cost is None or cost.value > m.points + free:
                continue
            detail = "; ".join(f"{r.text} ({r.delta})" for r in cost.reasons)
            marks.setdefault(target, Highlight(target, OKABE_ITO["green"], str(cost.value), "blank",
                                               f"{unit.id} can move here", str(cost.value), detail))
    return list(marks.values())


class DiceLayers:
    """The Board protocol for Dice Tactics, from one player's view (``None``: a spectator's, no hand shown)."""

    grid_type = GridLayers  # widgets.dice_tactics.DiceBoard draws with widgets.grid_board.GridBoard

    def __init__(self, player: str | None = None, *, title: str | None = None):
        self.player = player
        self.title = title
        self._gb = None
        self._table = None

    def view(self, table) -> PlayerView:
        if isinstance(table, PlayerView):
            return table
        return table.view(self.player or table.sides[0])

    def layers(self, table) -> dict[str, dict[str, list]]:
        view = self.view(table)
        if self._gb is None or (self._gb.width, self._gb.height) != (view.grid.width, view.grid.height):
            self._gb = grid_board(view, title=self.title, grid_type=self.grid_type)
        self._table = self._table or view
        gb = self._gb
        moving = view.moving.unit if view.moving is not None and view.moving.unit else None
        return {
            "floor": gb.floor(),
            "tiles": tile_layer(gb, view),
            "units": unit_layer(gb, view, moving=moving),
            "reach": gb.highlights(march_marks(view)),
            "cards": panel_layer(view, public=self.player is None and not isinstance(table, PlayerView)),
        }


def _names(cards) -> str:
    return ", ".join(CARDS[c].name for c in cards) or "no cards"


def panel_lines(view, *, public: bool = False) -> list[str]:
    """The players' panel in words: the operation, then each player's VP, resources, supply and cards."""
    lines = [f"Round {view.round} · Operation Marker on space {view.marker} of {view.settings.track_length} · "
             f"Target die {view.target} · {view.side} to play ({view.phase})"]
    for side in (view.player, view.opponent):
        supply = view.supply[side]
        head = (f"{side}{' (you)' if side == view.player and not public else ''}: {view.vp[side]} VP · "
                f"{view.resources[side]} resources · supply {supply.squads} squads, {supply.tanks} tanks")
        if side == view.player and not public:
            cards = f"hand: {_names(view.hand)}" + (f"; offered: {_names(view.offered)}" if view.offered else "")
        else:
            count = view.opponent_hand_count if side == view.opponent else len(view.hand)
            cards = f"{count} card{'s' * (count != 1)} in hand, face down"
        lines += [head, f"    {cards}"]
    effects = [f"{CARDS[e.name].name} ({e.side}, turn {e.turn})" for e in view.effects]
    lines.append("In effect: " + (", ".join(effects) if effects else "no card") + f" · deck {view.deck_count} cards")
    return lines


def panel_layer(view, *, public: bool = False) -> dict[str, list]:
    """The panel's lines (``text``), and each as the HTML the page shows (``html``): words that wrap on a phone,
    the Target die as a die's face (its number in words for a screen reader), and each side's units waiting to
    come back lying down by its line."""
    lines = panel_lines(view, public=public)
    html = [f"<div>{escape(line)}</div>" for line in lines]
    die = (f' <img src="{die_sprite(view.target)}" width="24" height="24" alt="showing {DIE_WORDS[view.target]}" '
           'style="vertical-align:middle">' if view.target in PIPS else "")
    html[0] = "<div>" + escape(lines[0]).replace(f"Target die {view.target}", f"<b>Target die {view.target}</b>{die}", 1) + "</div>"
    sides = {side: 1 + 2 * i for i, side in enumerate((view.player, view.opponent))}
    for side, line in sides.items():
        out = [u for u in view.units.values() if u.side == side and u.square is None]
        if out:
            html[line] = html[line][:-6] + "".join(_lying(u, view) for u in out) + "</div>"
    return {"x": [0.1] * len(lines), "y": [0.5 + i for i in range(len(lines))], "text": lines, "html": html}


def _lying(unit, view) -> str:
    """A unit waiting to come back, lying down (turned, faded) by its side's line of the panel."""
    colour = side_colour(unit.side, [view.player, view.opponent])
    return (f' <img src="{sprite(unit.kind, colour)}" width="22" height="22" alt="a {FIGURE_WORDS.get(unit.kind, unit.kind)}'
            ' waiting to come back" style="transform:rotate(-90deg);opacity:.6;vertical-align:middle">')


def anchor(state, action) -> Anchor | None:
    """Where an action sits on the grid: tap a unit, then the space it moves to or the enemy it attacks (or
    shoots); tap a spawn point to respawn, a space to push to. Cards and terrain actions stay in the list."""
    units = state.position.units
    if isinstance(action, Move):
        unit = units[action.unit]
        return Anchor(unit.square, step(unit.square, action.direction))
    if isinstance(action, (Attack, Shoot)):
        attacker = units[action.attacker if isinstance(action, Attack) else action.unit]
        defender = units[action.defender if isinstance(action, Attack) else action.target]
        return Anchor(attacker.square, defender.square)
    if isinstance(action, (Respawn, Push)):
        return Anchor(None, action.square)
    if isinstance(action, ChooseEdge):
        return Anchor(None, state.setup.spawns[action.edge][0])
    if isinstance(action, PlayCard) and action.unit and units.get(action.unit) is not None:
        return None  # a card is chosen from the list (its unit is named there)
    return None


def live_board(human: str) -> DiceLayers:
    """The board of live play: the human's own view (their cards face up, the bot's as a count)."""
    return DiceLayers(human)


def card_faces(state, seat: str) -> dict[str, dict]:
    """The seat's own cards (in hand, and offered in the draft) as live play's card buttons show them, by the
    key its card actions name: the card's name and what it does (the rules in our own words)."""
    view = state.view(seat)
    return {key: {"face": CARDS[key].name, "does": CARDS[key].text} for key in (*view.hand, *view.offered)}


# -- on the cross-ruleset pages (boards/compare.py, lesson.py and classroom.py read these via boards.family) --

NEEDS = Needs(
    dice="6 a player in two colours, never rolled: a die's face is a unit's strength",
    cards="an Action deck of 20 (two copies of ten cards); a Target die",
    measuring="none: spaces are counted",
    time="not stated by the source",
)
STUDY = Study("river_crossing", 30, 20, 1)
PIECES = "dice (units)"  # what the pages count a side in


def pieces_a_side(state) -> dict[str, int]:
    """Units come onto the board from a supply: the rules' starting supply, a side."""
    from explorer.rulesets.dice_tactics.data import START_SQUADS, START_TANKS

    return {side: START_SQUADS + START_TANKS for side in state.sides}


def playing_area(state) -> str:
    grid = state.setup.grid
    return f"{grid.width} × {grid.height} spaces"


def attack_loss(squares: int, cover: bool) -> Fraction:
    """A starting squad (strength 3) attacks one: 1 certain loss in the open, none against a squad in a forest."""
    from explorer.core.registry import get_ruleset
    from explorer.rulesets.dice_tactics import data, mechanics

    strength = get_ruleset("dice_tactics").settings().squad_strength
    if squares > data.UNITS[data.SQUAD].range:
        return Fraction(0)
    defend = strength + (data.TERRAIN[data.FOREST].defend if cover else 0)
    return Fraction(1 if mechanics.losses(strength, defend) >= 1 else 0)


def curve() -> Curve:
    return Curve("dice_tactics", "a starting squad (strength 3) attacks one", "squares", SQUARES,
                 tuple(attack_loss(d, False) for d in SQUARES), tuple(attack_loss(d, True) for d in SQUARES),
                 "in a forest (+1 strength defending)",
                 "no dice: the attack always takes 1 strength point off in the open (a squad dies at 0), "
                 "none in a forest")


def lessons() -> list:
    """The classroom exercises of this ruleset (boards.lesson), each answer its own odds code's."""
    from explorer.core.grid import Grid
    from explorer.rulesets.dice_tactics.mechanics import fight
    from explorer.rulesets.dice_tactics.position import Setup, Unit
    from .lesson import Choice, Exercise

    def attack(where: str):
        setup = Setup(Grid(2, 1), {(1, 0): where}, {}, frozenset())
        mine, theirs = Unit("green-1", "green", "squad", 4, (0, 0)), Unit("tan-1", "tan", "squad", 4, (1, 0))
        done = fight(setup, mine, theirs)
        return done.losses, done.counter or 0

    water, forest = attack("water"), attack("forest")
    return [Exercise(
        "dice-tactics-water-or-forest", "dice_tactics", "Dice Tactics: which attack?",
        "Your squad showing 4 stands next to two enemy squads, each showing 4: one in water, one in a forest. "
        "Which should it attack?",
        (Choice("The squad in the water", Fraction(water[0] - water[1]),
                f"it takes {water[0]} losses and you take {water[1]}"),
         Choice("The squad in the forest", Fraction(forest[0] - forest[1]),
                f"it takes {forest[0]} losses and you take {forest[1]}")),
        ("dice_tactics:attacking.losses", "dice_tactics:attacking.counter", "dice_tactics:terrain.water",
         "dice_tactics:terrain.forest"),
        "losses dealt minus losses taken",
        "No die is rolled: each result is certain (probability 1). The dice are the units, not a chance.")]


def house_rule_odds(settings) -> list[tuple[str, Fraction]]:
    """A few exact chances (or numbers) a house rule may move, for the house-rules lab (boards.classroom)."""
    from explorer.rulesets.dice_tactics.data import RESPAWN_STRENGTH, START_TARGET
    from explorer.rulesets.dice_tactics.mechanics import losses, target_die

    strength = settings.squad_strength
    return [(f"losses a fresh squad deals a respawned unit (strength {RESPAWN_STRENGTH}; a number, no dice)",
             Fraction(losses(strength, RESPAWN_STRENGTH))),
            ("VP for holding the Target Zone at the track's last space (a number)",
             Fraction(target_die(settings.track_length, settings.target_step, START_TARGET)))]
