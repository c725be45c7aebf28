"""Ready-made battles, drawn as text maps.

One character a square: ``.`` floor, ``#`` wall, ``+`` door, ``*`` Star-Trek
door, ``O`` pit, ``^`` obstacle, ``~`` set dressing. Fighters: ``G``/``g`` a
ranged / hand-to-hand fighter of green, ``T``/``t`` of tan; they are numbered
``green-1``, ``green-2``... in reading order (row by row from the top).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from explorer.core import Game
from explorer.core.cards import Card, Piles, parse_code
from explorer.core.grid import Grid, Square
from explorer.core.rng import GameRNG

from .data import HAND_TO_HAND, RANGED, SIDES, TERRAIN, Fighter
from .game import PhlogState
from .position import Position, Setup
from .saves import MAX_GRID, TERRAIN_CODE
from .settings import Settings
from .turn import deal
from .view import all_cards

_TERRAIN_BY_SYMBOL = {kind.symbol: kind.key for kind in TERRAIN.values()}
_FIGHTER_SYMBOLS = {"G": (SIDES[0], RANGED), "g": (SIDES[0], HAND_TO_HAND),
                    "T": (SIDES[1], RANGED), "t": (SIDES[1], HAND_TO_HAND)}


def parse_map(text: str) -> tuple[Grid, dict[Square, str], list[Fighter]]:
    """The grid, terrain and fighters drawn in ``text`` (see the module docstring)."""
    if not isinstance(text, str) or not text.strip():
        raise ValueError("a map is text: one line of symbols a row")
    rows = [line.strip() for line in text.strip().splitlines()]
    width = len(rows[0])
    if any(len(row) != width for row in rows):
        raise ValueError("every row of a map must be as wide as the first")
    if width > MAX_GRID or len(rows) > MAX_GRID:
        raise ValueError(f"a map is at most {MAX_GRID} squares each way, not {width}x{len(rows)}")
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


Cards = Iterable[str | Card]


def arrange_cards(sides: tuple[str, str], *, hands: Mapping[str, Cards] | None = None,
                  draw: Mapping[str, Cards] | None = None, spent: Mapping[str, Cards] | None = None,
                  rest_to: str | None = None) -> dict[str, Piles]:
    """Piles with exactly the named cards in each hand, draw pile (the last named is drawn first) and
    spent pile. Every card not named goes under the named draw cards, jokers at the very bottom: split
    between the two draw piles, or all to ``rest_to``. The order is fixed (no shuffle), so a puzzle
    plays the same whatever the seed."""
    named = {side: tuple(tuple(parse_code(c) if not isinstance(c, Card) else c for c in (pile or {}).get(side, ()))
                         for pile in (hands, draw, spent)) for side in sides}
    for pile in (hands, draw, spent):
        unknown = set(pile or {}) - set(sides)
        if unknown:
            raise ValueError(f"cards are dealt to {' and '.join(sides)}, not {', '.join(map(str, unknown))}")
    if rest_to is not None and rest_to not in sides:
        raise ValueError(f"rest_to names a player ({' or '.join(sides)}), not {rest_to!r}")
    used = {c for piles in named.values() for pile in piles for c in pile}
    rest = sorted((c for c in all_cards(sides) if c not in used), key=lambda c: (not c.is_joker, c.code))
    piles = {}
    for i, side in enumerate(sides):
        hand, on_top, spent_cards = named[side]
        underneath = rest[i::2] if rest_to is None else (rest if side == rest_to else [])
        piles[side] = Piles(draw=tuple(underneath) + on_top, hand=hand, spent=spent_cards)
    return piles


def from_map(text: str, settings: Settings | None = None, *, seed: int = 0, scenario: str = "custom",
             hands: Mapping[str, Cards] | None = None, draw: Mapping[str, Cards] | None = None,
             spent: Mapping[str, Cards] | None = None, rest_to: str | None = None,
             open_doors: Iterable[Square] = (), side: str | None = None, turn: int = 1) -> PhlogState:
    """A game on the map drawn in ``text``: the public way to set up any position.

    With no cards named, the deck is shuffled and dealt from ``seed``. Naming
    ``hands``, ``draw`` or ``spent`` (side -> card codes; see
    :func:`arrange_cards`) sets the piles exactly instead. ``open_doors``,
    ``side`` (whose turn) and ``turn`` complete the position. The result
    passes the one legality check (``ValueError`` saying what is wrong).
    """
    grid, terrain, fighters = parse_map(text)
    settings = settings if settings is not None else Settings()
    game = Game(settings, scenario, Setup(grid, terrain), SIDES)
    rng = GameRNG(seed)
    if hands is None and draw is None and spent is None and rest_to is None:
        piles = deal(game.sides, rng.shuffle)
    else:
        piles = arrange_cards(game.sides, hands=hands, draw=draw, spent=spent, rest_to=rest_to)
    position = Position(fighters={f.id: f for f in fighters}, piles=piles, side=side or game.sides[0], turn=turn,
                        open_doors=frozenset(tuple(s) for s in open_doors))
    return PhlogState(game, position, rng=rng)


def render_map(table) -> str:
    """The board of a state or view as a text map (removed fighters are not drawn; open doors show as ``/``)."""
    symbol_of = {(side, weapon): s for s, (side, weapon) in _FIGHTER_SYMBOLS.items()}
    lines = [list(row) for row in TERRAIN_CODE.rows(table.grid, table.terrain)]
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


def corridor(settings: Settings, seed: int = 0) -> PhlogState:
    """Two rooms and a corridor: walls, a door, a Star-Trek door, pits, obstacles; three fighters a side."""
    return from_map(CORRIDOR_MAP, settings, seed=seed, scenario="corridor")


def duel(settings: Settings, seed: int = 0) -> PhlogState:
    """One hand-to-hand fighter each on a small open floor: the card play in its simplest form."""
    return from_map(DUEL_MAP, settings, seed=seed, scenario="duel")


SCENARIOS = {"corridor": corridor, "duel": duel}
