"""The boards (scenarios), drawn as text maps, and :func:`custom` for any position.

One character a space: ``.`` ground, ``~`` water, ``=`` bridge, ``f`` forest,
``h`` hill, ``V`` village, ``T`` tower, ``B`` ballista, ``W`` windmill. Each
board is mirror-symmetric, uses every kind of terrain, has four spawn points
on the west and on the east edge, and a Target Zone in the middle.
"""

from __future__ import annotations

from collections.abc import Mapping

from explorer.core import Game
from explorer.core.grid import Grid
from explorer.core.rng import GameRNG

from . import data as d
from .data import CARDS, SIDES
from .game import DiceTacticsState
from .position import MAIN, SETUP, START, EdgeChoice, Position, Setup, Supply, Unit
from .saves import TERRAIN_CODE
from .settings import Settings


RIVER_CROSSING = """
V..W~W..V
.h..~..h.
..T.=.T..
.B.f~f.B.
..V.=.V..
.h..~..h.
V..W~W..V
"""

HILL_COUNTRY = """
.V..W.W..V.
...~.h.~...
...~f.f~...
.B.=.T.=.B.
...~f.f~...
...~.h.~...
.V..W.W..V.
"""

BOARDS = {"river_crossing": RIVER_CROSSING, "hill_country": HILL_COUNTRY}


def board(text: str, spawns=None, zone=None) -> Setup:
    """The board drawn in ``text``. By default the spawn points are the west and east edges' second, third,
    third-last and second-last spaces, and the Target Zone the middle 3 by 3 block."""
    rows = [line.strip() for line in text.strip().splitlines()]
    if not rows or any(len(row) != len(rows[0]) for row in rows):
        raise ValueError("a map is rows of symbols, all as wide as the first")
    width, height = len(rows[0]), len(rows)
    edge_rows = (1, 2, height - 3, height - 2)
    spawns = spawns or {"west": tuple((0, r) for r in edge_rows), "east": tuple((width - 1, r) for r in edge_rows)}
    middle = frozenset((c, r) for c in range(width // 2 - 1, width // 2 + 2) for r in range(height // 2 - 1,
                                                                                         height // 2 + 2))
    return Setup(Grid(width, height), TERRAIN_CODE.terrain(rows), dict(spawns),
                 frozenset(zone if zone is not None else middle))


def new_game(text: str, settings: Settings, seed: int = 0, *, scenario: str = "custom") -> DiceTacticsState:
    """A game at its very start: the second player is to choose a side, the draft's cards are dealt."""
    setup = board(text)
    game = Game(settings, scenario, setup, SIDES)
    rng = GameRNG(seed)
    deck = [key for key in CARDS for _ in range(settings.card_copies)]
    rng.shuffle(deck)
    draft = {side: tuple(deck.pop() for _ in range(d.DRAFT_DEAL)) for side in SIDES}
    position = Position(
        units={}, supply={s: Supply(d.START_SQUADS, d.START_TANKS) for s in SIDES},
        resources={s: d.START_RESOURCES for s in SIDES}, vp={s: 0 for s in SIDES}, hands={s: () for s in SIDES},
        deck=tuple(deck), windmills=_mills(setup, settings), edges={}, side=SIDES[0], phase=SETUP, draft=draft,
        pending=EdgeChoice(SIDES[1], "setup.sides"),
    )
    return DiceTacticsState(game, position, rng=rng)


def _mills(setup, settings) -> dict:
    return {s: settings.windmill_resources for s, k in setup.terrain.items() if k == d.WINDMILL}


def river_crossing(settings: Settings, seed: int = 0) -> DiceTacticsState:
    """A river down the middle, crossed by two bridges; forests and a pool of water hold the Target Zone."""
    return new_game(RIVER_CROSSING, settings, seed, scenario="river_crossing")


def hill_country(settings: Settings, seed: int = 0) -> DiceTacticsState:
    """A tower on the central crossroads, forests at the corners of the zone, hills above and below it,
    and a stream on each flank with one bridge."""
    return new_game(HILL_COUNTRY, settings, seed, scenario="hill_country")


SCENARIOS = {"river_crossing": river_crossing, "hill_country": hill_country}

UnitSpec = tuple  # (kind, strength, (column, row))


def custom(text: str = RIVER_CROSSING, units: Mapping[str, UnitSpec] | None = None, settings: Settings | None = None,
           *, seed: int = 0, side: str = SIDES[0], turn: int | None = None, phase: str = START,
           hands: Mapping[str, tuple] | None = None, resources: Mapping[str, int] | None = None,
           vp: Mapping[str, int] | None = None, supply: Mapping[str, tuple[int, int]] | None = None,
           windmills: Mapping | None = None, marker: int = 1, effects: tuple = ()) -> DiceTacticsState:
    """A game already under way, in the phase ``phase`` of ``side``'s turn: the public way to set up a
    position (tests, puzzles, the book's examples). ``units`` maps ids (``green-1``) to (kind, strength,
    square); green deploys west, tan east. The rest of the Action deck is shuffled from ``seed``. The
    result passes the one legality check (``ValueError`` saying what is wrong)."""
    settings = settings or Settings()
    setup = board(text)
    game = Game(settings, "custom", setup, SIDES)
    rng = GameRNG(seed)
    hands = {s: tuple((hands or {}).get(s, ())) for s in SIDES}
    deck = [key for key in CARDS for _ in range(settings.card_copies)]
    for hand in hands.values():
        for card in hand:
            if card not in deck:
                raise ValueError(f"{card!r} is not a card left in the Action deck")
            deck.remove(card)
    rng.shuffle(deck)
    made = {name: Unit(name, name.rsplit("-", 1)[0], kind, strength, tuple(square) if square else None)
            for name, (kind, strength, square) in (units or {}).items()}
    stock = supply or {s: (0, max(0, d.START_TANKS - sum(u.side == s and u.kind == "tank" for u in made.values())))
                       for s in SIDES}
    mills = _mills(setup, settings)
    mills.update(windmills or {})
    turn = turn if turn is not None else SIDES.index(side) + 1
    position = Position(
        units=made, supply={s: Supply(*stock[s]) for s in SIDES},
        resources={s: (resources or {}).get(s, d.START_RESOURCES) for s in SIDES},
        vp={s: (vp or {}).get(s, 0) for s in SIDES}, hands=hands, deck=tuple(deck), windmills=mills,
        edges={SIDES[0]: "west", SIDES[1]: "east"}, side=side, turn=turn, marker=marker, phase=phase,
        actions_left=d.ACTIONS_PER_TURN if phase in (START, MAIN) else 0, effects=tuple(effects),
    )
    return DiceTacticsState(game, position, rng=rng)
