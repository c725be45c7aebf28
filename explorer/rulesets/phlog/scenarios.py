"""Ready-made battles, drawn as text maps.

One character a square: ``.`` floor, ``#`` wall, ``+`` door, ``*`` Star-Trek
door, ``O`` pit, ``^`` obstacle, ``~`` set dressing. Fighters: ``G``/``g`` a
ranged / hand-to-hand fighter of green, ``T``/``t`` of tan; they are numbered
``green-1``, ``green-2``... in reading order (row by row from the top).
"""

from __future__ import annotations

from explorer.core.grid import Grid, Square

from .data import HAND_TO_HAND, RANGED, SIDES, TERRAIN, Fighter, PhlogSettings
from .game import PhlogState, terrain_rows

_TERRAIN_BY_SYMBOL = {kind.symbol: kind.key for kind in TERRAIN.values()}
_FIGHTER_SYMBOLS = {"G": (SIDES[0], RANGED), "g": (SIDES[0], HAND_TO_HAND),
                    "T": (SIDES[1], RANGED), "t": (SIDES[1], HAND_TO_HAND)}


def parse_map(text: str) -> tuple[Grid, dict[Square, str], list[Fighter]]:
    """The grid, terrain and fighters drawn in ``text`` (see the module docstring)."""
    rows = [line.strip() for line in text.strip().splitlines()]
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("every row of a map must be as wide as the first")
    terrain, fighters, numbers = {}, [], {side: 0 for side in SIDES}
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            if symbol in _TERRAIN_BY_SYMBOL:
                terrain[(c, r)] = _TERRAIN_BY_SYMBOL[symbol]
            elif symbol in _FIGHTER_SYMBOLS:
                side, weapon = _FIGHTER_SYMBOLS[symbol]
                numbers[side] += 1
                fighters.append(Fighter(f"{side}-{numbers[side]}", side, weapon, (c, r)))
            elif symbol != ".":
                raise ValueError(f"unknown map symbol {symbol!r} at {(c, r)}")
    return Grid(width, len(rows)), terrain, fighters


def from_map(text: str, settings: PhlogSettings | None = None, *, seed: int = 0) -> PhlogState:
    """A new game on the map drawn in ``text``; cards dealt from ``seed``."""
    grid, terrain, fighters = parse_map(text)
    return PhlogState(settings or PhlogSettings(), seed=seed, grid=grid, terrain=terrain, fighters=fighters)


def render_map(table) -> str:
    """The board of a state or view as a text map (removed fighters are not drawn; open doors show as ``/``)."""
    symbol_of = {(side, weapon): s for s, (side, weapon) in _FIGHTER_SYMBOLS.items()}
    lines = [list(row) for row in terrain_rows(table.grid, table.terrain)]
    for col, row in table.open_doors:
        lines[row][col] = "/"
    for fighter in table.fighters.values():
        if fighter.alive:
            col, row = fighter.square
            lines[row][col] = symbol_of.get((fighter.side, fighter.weapon), "?")
    return "\n".join("".join(line) for line in lines)


CORRIDOR_MAP = """
g...~#...t
....~#....
G..O.+..^T
.....#....
###*##.O..
.......##.
g.^.......
......~..t
"""

DUEL_MAP = """
......
g.~..t
......
"""


def corridor(settings: PhlogSettings, seed: int = 0) -> PhlogState:
    """Two rooms and a corridor: walls, a door, a Star-Trek door, pits, obstacles; three fighters a side."""
    return from_map(CORRIDOR_MAP, settings, seed=seed)


def duel(settings: PhlogSettings, seed: int = 0) -> PhlogState:
    """One hand-to-hand fighter each on a small open floor: the card play in its simplest form."""
    return from_map(DUEL_MAP, settings, seed=seed)


SCENARIOS = {"corridor": corridor, "duel": duel}
