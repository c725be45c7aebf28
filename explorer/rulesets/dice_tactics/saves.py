"""The one legality check of a Dice Tactics position, and the setup and position to and from plain JSON.

:func:`position_problem` serves scenarios, custom positions and loading alike.
The ``from_dict`` functions trust nothing: anything malformed is a
``ValueError`` that says what is wrong.
"""

from __future__ import annotations

import dataclasses
from collections import Counter

from explorer.core.grid import Grid
from explorer.core.gridstate import (
    TerrainCode, grid_and_terrain, grid_and_terrain_to_dict, grid_size_problem, is_whole,
)
from explorer.core.limits import brief
from explorer.core.setting_up import SetupShape

from . import data as d
from .data import CARDS, EDGES, SQUAD, TANK, TERRAIN, UNITS
from .position import (
    END, MAIN, MOVE_KINDS, PENDING_TYPES, PHASES, SETUP, START, Effect, Moving, Position, Setup, Supply, Unit,
)

MAX_GRID = 32
MAX_TURNS = 100_000
MAX_COUNT = 10_000  # resources, VP: far above any game, small enough to stay sane
TERRAIN_CODE = TerrainCode({key: t.symbol for key, t in TERRAIN.items()}, TERRAIN[d.GROUND].symbol)  # ground: blank


def _square(v, grid) -> bool:
    return isinstance(v, tuple) and len(v) == 2 and all(is_whole(x) for x in v) and v in grid


# -- the setup --------------------------------------------------------------------------------------------------
def setup_to_dict(setup: Setup) -> dict:
    return {**grid_and_terrain_to_dict(setup.grid, setup.terrain, TERRAIN_CODE),
            "spawns": {edge: [list(s) for s in squares] for edge, squares in setup.spawns.items()},
            "zone": [list(s) for s in sorted(setup.zone)]}


def _squares(value, what: str, grid: Grid) -> tuple:
    if not isinstance(value, list):
        raise ValueError(f"{what} is a list of [column, row] squares")
    out = []
    for item in value:
        if not isinstance(item, list) or len(item) != 2 or not all(is_whole(x) for x in item) or tuple(item) not in grid:
            raise ValueError(f"{what}: {brief(item)} is not a square of the {grid.width}x{grid.height} board")
        out.append(tuple(item))
    if len(set(out)) != len(out):
        raise ValueError(f"{what} names a square twice")
    return tuple(out)


def setup_from_dict(data) -> Setup:
    grid, terrain = grid_and_terrain(data, TERRAIN_CODE, MAX_GRID, also=("spawns", "zone"))
    spawns = data["spawns"]
    if not isinstance(spawns, dict) or set(spawns) != set(EDGES):
        raise ValueError(f"the spawn points are given for the edges {' and '.join(EDGES)}")
    return Setup(grid, terrain, {e: _squares(spawns[e], f"the {e} spawn points", grid) for e in EDGES},
                 frozenset(_squares(data["zone"], "the Target Zone", grid)))


def setup_problem(setup) -> str | None:
    if not isinstance(setup, Setup) or not isinstance(setup.grid, Grid):
        return "a Dice Tactics game needs a Setup"
    grid = setup.grid
    problem = grid_size_problem(grid, MAX_GRID)
    if problem:
        return problem
    if set(setup.spawns) != set(EDGES):
        return f"spawn points are given for the edges {' and '.join(EDGES)}"
    for edge, squares in setup.spawns.items():
        if len(squares) < d.START_SQUADS or any(not _square(s, grid) for s in squares):
            return f"the {edge} side needs {d.START_SQUADS} spawn points on the board"
        if any(s in setup.zone for s in squares):
            return f"a {edge} spawn point lies in the Target Zone, where nobody may spawn"
        if any(not TERRAIN[setup.kind(s)].tanks_may_enter or setup.kind(s) == d.WINDMILL for s in squares):
            return f"a {edge} spawn point is on water, forest or a windmill"
    if not setup.zone or any(not _square(s, grid) for s in setup.zone):
        return "the Target Zone is a non-empty set of squares of the board"
    if sum(1 for k in setup.terrain.values() if k == d.VILLAGE) < 2:
        return "a board needs at least two villages (to bolster)"
    return None


# -- the legality check -----------------------------------------------------------------------------------------
def all_cards(copies: int) -> Counter:
    return Counter({key: copies for key in CARDS})


def position_problem(game, p) -> str | None:
    setup = game.setup
    problem = setup_problem(setup)
    if problem:
        return problem
    if not isinstance(p, Position):
        return "a Dice Tactics game needs a Position"
    sides = game.sides
    grid = setup.grid
    if p.side not in sides:
        return f"the player to move is one of {', '.join(sides)}, not {brief(p.side)}"
    if not is_whole(p.turn) or not 1 <= p.turn <= MAX_TURNS:
        return f"the turn is a whole number from 1 to {MAX_TURNS}"
    if p.side != sides[(p.turn - 1) % 2]:
        return f"turn {p.turn} is {sides[(p.turn - 1) % 2]}'s"
    if p.phase not in PHASES:
        return f"the phase is one of {', '.join(PHASES)}, not {brief(p.phase)}"
    if not is_whole(p.marker) or not 1 <= p.marker <= game.settings.track_length:
        return f"the Operation Marker is on a space from 1 to {game.settings.track_length}, not {brief(p.marker)}"
    for field in ("supply", "resources", "vp", "hands", "edges"):
        if not isinstance(getattr(p, field), dict) or set(getattr(p, field)) != set(sides) and field != "edges":
            return f"{field} must be given for exactly {' and '.join(sides)}"
    for side in sides:
        s = p.supply[side]
        if not isinstance(s, Supply) or not is_whole(s.squads) or not is_whole(s.tanks):
            return f"{side}'s supply is a count of squads and tanks"
        if not 0 <= s.tanks <= d.START_TANKS:
            return f"{side}'s supply holds 0 to {d.START_TANKS} tanks, not {s.tanks}"
        if not 0 <= s.squads <= d.START_SQUADS + d.START_TANKS:
            return f"{side}'s supply holds 0 to {d.START_SQUADS + d.START_TANKS} squads, not {s.squads}"
        for field in ("resources", "vp"):
            v = getattr(p, field)[side]
            if not is_whole(v) or not 0 <= v <= MAX_COUNT:
                return f"{side}'s {field} is a whole number from 0 to {MAX_COUNT}, not {brief(v)}"
    if not is_whole(p.temporary) or not 0 <= p.temporary <= 1:
        return "the temporary resource is 0 or 1"
    if not is_whole(p.actions_left) or not 0 <= p.actions_left <= d.ACTIONS_PER_TURN:
        return f"actions left are 0 to {d.ACTIONS_PER_TURN}"
    # units
    if not isinstance(p.units, dict) or len(p.units) > 4 * (d.START_SQUADS + d.START_TANKS):
        return "the units are a mapping of at most a few dozen units"
    seen = {}
    per_side = Counter()
    for name, u in p.units.items():
        if not isinstance(u, Unit) or u.id != name or u.side not in sides or u.kind not in UNITS:
            return f"unit {brief(name)} is not a unit of {' or '.join(sides)}"
        kind = UNITS[u.kind]
        if not is_whole(u.strength) or not (kind.low if u.square is not None else 0) <= u.strength <= kind.high:
            return f"{name} is a {u.kind} with strength {kind.low} to {kind.high}, not {brief(u.strength)}"
        if u.kind == TANK and u.strength <= d.MACHINERY_AT:
            return f"{name} is a tank of {u.strength}: Machinery destroys a tank at {d.MACHINERY_AT}"
        if u.square is None:
            continue
        if not _square(u.square, grid):
            return f"{name} stands off the board at {brief(u.square)}"
        if u.square in seen:
            return f"{name} and {seen[u.square]} stand on the same space {u.square}"
        seen[u.square] = name
        if u.kind == TANK and not TERRAIN[setup.kind(u.square)].tanks_may_enter:
            return f"{name} is a tank in {setup.kind(u.square)}, where tanks cannot go"
        per_side[(u.side, u.kind)] += 1
    for side in sides:
        squads = sum(1 for u in p.units.values() if u.side == side and u.kind == SQUAD) + p.supply[side].squads
        tanks = sum(1 for u in p.units.values() if u.side == side and u.kind == TANK) + p.supply[side].tanks
        if squads > d.START_SQUADS + d.START_TANKS or tanks > d.START_TANKS:
            return f"{side} has {squads} squads and {tanks} tanks: more than the game holds"
    waiting = {u.id for u in p.units.values() if u.square is None}
    decisions = ([p.pending] if p.pending is not None else []) + list(p.queue)
    named = {getattr(x, "unit", "") for x in decisions}
    if waiting - named:
        return f"{', '.join(sorted(waiting - named))} is off the board with no respawn waiting"
    # cards
    if not all(isinstance(h, tuple) and len(h) <= d.HAND_SIZE + 1 for h in p.hands.values()):
        return f"a hand holds at most {d.HAND_SIZE} cards (one more while discarding)"
    if not isinstance(p.draft, dict) or set(p.draft) - set(sides):
        return "the draft offers cards to the players only"
    cards = Counter(p.deck)
    for pile in (*p.hands.values(), *p.draft.values()):
        cards.update(pile)
    if cards != all_cards(game.settings.card_copies):
        return f"the Action deck must hold {game.settings.card_copies} of each of the {len(CARDS)} cards exactly"
    if not isinstance(p.windmills, dict) or set(p.windmills) != {s for s, k in setup.terrain.items()
                                                                  if k == d.WINDMILL}:
        return "every windmill, and nothing else, holds a count of resources"
    if any(not is_whole(v) or not 0 <= v <= MAX_COUNT for v in p.windmills.values()):
        return "a windmill holds a whole number of resources"
    for name, u in p.units.items():
        if u.square is not None and setup.kind(u.square) == d.WINDMILL and p.windmills[u.square] > 0:
            return f"{name} stands on a windmill that holds resources"
    # the setup phase and decisions
    if p.phase == SETUP:
        if p.pending is None:
            return "the setup waits for a choice"
    elif p.draft or (p.edges and set(p.edges) != set(sides)):
        return "the draft and the choice of sides are over once play has begun"
    if set(p.edges) and (set(p.edges) != set(sides) or sorted(p.edges.values()) != sorted(EDGES)):
        return "each player has one side of the board"
    if not p.edges and p.units:
        return "no unit is placed before the sides of the board are chosen"
    for x in decisions:
        if not isinstance(x, PENDING_TYPES) or x.player not in sides:
            return f"{brief(x)} is not a decision of this game"
        if hasattr(x, "unit") and x.unit and x.unit not in p.units:
            return f"a decision names {brief(x.unit)}, who is not in the game"
    if p.moving is not None:
        m = p.moving
        if not isinstance(m, Moving) or m.kind not in MOVE_KINDS or not is_whole(m.points) or not 0 <= m.points <= 10:
            return "a march under way has a kind and 0 to 10 movements left"
        if m.unit and m.unit not in p.units or any(u not in p.units for u in m.moved):
            return "a march names units that are not in the game"
    if not isinstance(p.effects, tuple) or any(not isinstance(e, Effect) or e.name not in CARDS or e.side not in sides
                                                or not is_whole(e.turn) or not 1 <= e.turn <= MAX_TURNS
                                                for e in p.effects):
        return "effects are cards' effects on a player, in a turn of the game"
    for field in ("shot", "acted"):
        strangers = sorted(u for u in getattr(p, field) if u not in p.units)
        if strangers:
            return f"{field} names {brief(strangers[0])}, who is not a unit of the game"
    return None


# -- to and from JSON ---------------------------------------------------------------------------------------------
def _decision_to_dict(x) -> dict:
    return {"type": type(x).__name__, **dataclasses.asdict(x)}


def _decision_from_dict(data):
    kinds = {k.__name__: k for k in PENDING_TYPES}
    if not isinstance(data, dict) or data.get("type") not in kinds:
        raise ValueError(f"a decision is one of {', '.join(kinds)}, not {brief(data)}")
    kind = kinds[data["type"]]
    fields = {f.name for f in dataclasses.fields(kind)}
    given = {k: v for k, v in data.items() if k != "type"}
    if set(given) != fields or not all(isinstance(v, str) for v in given.values()):
        raise ValueError(f"a {data['type']} has the fields {', '.join(sorted(fields))}, each text")
    return kind(**given)


def position_to_dict(p: Position) -> dict:
    return {
        "units": [[u.id, u.side, u.kind, u.strength, list(u.square) if u.square else None] for u in p.units.values()],
        "supply": {s: [v.squads, v.tanks] for s, v in p.supply.items()},
        "resources": dict(p.resources), "vp": dict(p.vp),
        "hands": {s: list(h) for s, h in p.hands.items()}, "deck": list(p.deck),
        "draft": {s: list(h) for s, h in p.draft.items()},
        "windmills": [[c, r, n] for (c, r), n in sorted(p.windmills.items())],
        "edges": dict(p.edges), "side": p.side, "turn": p.turn, "marker": p.marker, "phase": p.phase,
        "actions_left": p.actions_left, "temporary": p.temporary, "card_played": p.card_played,
        "shot": sorted(p.shot), "acted": sorted(p.acted),
        "effects": [[e.name, e.side, e.turn] for e in p.effects],
        "moving": None if p.moving is None else {
            "kind": p.moving.kind, "points": p.moving.points, "unit": p.moving.unit, "moved": list(p.moving.moved),
            "free_used": list(p.moving.free_used), "ignore_costs": p.moving.ignore_costs,
            "no_tanks": p.moving.no_tanks},
        "queue": [_decision_to_dict(x) for x in p.queue],
        "pending": None if p.pending is None else _decision_to_dict(p.pending),
        "finished": p.finished,
    }


_KEYS = {"units", "supply", "resources", "vp", "hands", "deck", "draft", "windmills", "edges", "side", "turn",
         "marker", "phase", "actions_left", "temporary", "card_played", "shot", "acted", "effects", "moving",
         "queue", "pending", "finished"}


def _texts(v, what) -> tuple:
    if not isinstance(v, list) or not all(isinstance(x, str) for x in v):
        raise ValueError(f"{what} is a list of names")
    return tuple(v)


def _counts(v, what, sides) -> dict:
    if not isinstance(v, dict) or set(v) != set(sides) or not all(is_whole(x) for x in v.values()):
        raise ValueError(f"{what} is a whole number for each of {' and '.join(sides)}")
    return dict(v)


def _bool(v, what) -> bool:
    if not isinstance(v, bool):
        raise ValueError(f"{what} is true or false")
    return v


def position_from_dict(game, data) -> Position:
    if not isinstance(data, dict) or set(data) != _KEYS:
        raise ValueError(f"a position is an object with {', '.join(sorted(_KEYS))}")
    sides = game.sides
    units = {}
    if not isinstance(data["units"], list):
        raise ValueError("units are a list of [id, side, kind, strength, square]")
    for row in data["units"]:
        if not isinstance(row, list) or len(row) != 5 or not all(isinstance(x, str) for x in row[:3]):
            raise ValueError(f"a unit is [id, side, kind, strength, square], not {brief(row)}")
        square = row[4]
        if square is not None:
            if not isinstance(square, list) or len(square) != 2 or not all(is_whole(x) for x in square):
                raise ValueError(f"a unit's square is [column, row] or null, not {brief(square)}")
            square = tuple(square)
        if row[0] in units:
            raise ValueError(f"two units are called {brief(row[0])}")
        units[row[0]] = Unit(row[0], row[1], row[2], row[3], square)
    supply = data["supply"]
    if not isinstance(supply, dict) or set(supply) != set(sides) or not all(
            isinstance(v, list) and len(v) == 2 and all(is_whole(x) for x in v) for v in supply.values()):
        raise ValueError("the supply is [squads, tanks] for each player")
    hands, draft = data["hands"], data["draft"]
    if not isinstance(hands, dict) or set(hands) != set(sides) or not isinstance(draft, dict) or set(draft) - set(sides):
        raise ValueError("hands (and the draft) are given per player")
    mills = data["windmills"]
    if not isinstance(mills, list) or not all(isinstance(m, list) and len(m) == 3 and all(is_whole(x) for x in m)
                                              for m in mills):
        raise ValueError("windmills are [column, row, resources]")
    edges = data["edges"]
    if not isinstance(edges, dict) or not all(isinstance(k, str) and isinstance(v, str) for k, v in edges.items()):
        raise ValueError("edges map players to sides of the board")
    effects = data["effects"]
    if not isinstance(effects, list) or not all(
            isinstance(e, list) and len(e) == 3 and isinstance(e[0], str) and isinstance(e[1], str) and is_whole(e[2])
            for e in effects):
        raise ValueError("effects are [card, player, turn]")
    moving = data["moving"]
    if moving is not None:
        if not isinstance(moving, dict) or set(moving) != {f.name for f in dataclasses.fields(Moving)}:
            raise ValueError("a march under way has kind, points, unit, moved, free_used, ignore_costs, no_tanks")
        if not isinstance(moving["kind"], str) or not is_whole(moving["points"]) or not isinstance(moving["unit"], str):
            raise ValueError("a march under way has a kind, a number of movements and a unit")
        moving = Moving(moving["kind"], moving["points"], moving["unit"], _texts(moving["moved"], "moved"),
                        _texts(moving["free_used"], "free_used"), _bool(moving["ignore_costs"], "ignore_costs"),
                        _bool(moving["no_tanks"], "no_tanks"))
    for key in ("side", "phase"):
        if not isinstance(data[key], str):
            raise ValueError(f"{key} is text")
    for key in ("turn", "marker", "actions_left", "temporary"):
        if not is_whole(data[key]):
            raise ValueError(f"{key} is a whole number")
    if not isinstance(data["queue"], list):
        raise ValueError("the queue is a list of decisions")
    return Position(
        units=units, supply={s: Supply(*v) for s, v in supply.items()},
        resources=_counts(data["resources"], "resources", sides), vp=_counts(data["vp"], "VP", sides),
        hands={s: _texts(h, f"{s}'s hand") for s, h in hands.items()}, deck=_texts(data["deck"], "the deck"),
        windmills={(c, r): n for c, r, n in mills}, edges=dict(edges), side=data["side"], turn=data["turn"],
        marker=data["marker"], phase=data["phase"], actions_left=data["actions_left"], temporary=data["temporary"],
        card_played=_bool(data["card_played"], "card_played"), shot=frozenset(_texts(data["shot"], "shot")),
        acted=frozenset(_texts(data["acted"], "acted")), effects=tuple(Effect(*e) for e in effects), moving=moving,
        draft={s: _texts(h, f"{s}'s draft") for s, h in draft.items()},
        queue=tuple(_decision_from_dict(x) for x in data["queue"]),
        pending=None if data["pending"] is None else _decision_from_dict(data["pending"]),
        finished=_bool(data["finished"], "finished"),
    )


SETTING_UP = SetupShape(  # the set-up editor (core/setting_up.py): squads and tanks, a die's face their strength
    pieces="units", fields=("id", "side", "kind", "strength", "square"), place=("square",),
    kinds={UNITS[k].name: {"kind": k, "strength": 3} for k in (SQUAD, TANK)},
    fields_set={"strength": tuple(range(1, d.MAX_STRENGTH + 1))},
    piles={"{side}'s hand": ("hands", "{side}"), "the deck": ("deck",)},
    supply={SQUAD: ("supply", "{side}", 0), TANK: ("supply", "{side}", 1)},
    phases={phase: {"phase": phase} for phase in (START, MAIN, END)})
