"""What the grid rulesets' states share: the save hooks, the grid and its terrain to and from JSON.

A grid ruleset (phlog, dice_tactics) keeps its legality check and its position's JSON in its own ``saves`` module;
its state class derives from :class:`GridState` and names that module, and the five save hooks of the core's
contract (:class:`~explorer.core.state.GameState`) answer from it. Its setup's grid and terrain are saved the same
way by both: ``"grid": [columns, rows]`` and ``"terrain"``, rows of one symbol a square (:class:`TerrainCode`),
read back by :func:`grid_and_terrain`, which trusts nothing and says what is wrong.

:class:`GridState` also keeps the legal actions last listed in full for a position: an action taken from that very
list (the same object, as a bot or a player picks it) is not checked a second time when it is applied.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType
from typing import ClassVar

from .grid import Grid
from .limits import brief
from .state import GameState


_MEMOS: dict = {}  # id(setup) -> (setup, its answers)
_SHARED: dict = {}  # (type, repr) of a setup -> its answers, one dict for every equal setup


def setup_memo(setup) -> dict:
    """A dict of answers kept for ``setup``, a game's fixed board: only answers worked out from the board itself
    (terrain never changes in a game), so every game on an equal board shares them; each new game of a scenario
    builds its own setup, and would otherwise work out the same answers again. Found by identity (a setup never
    changes, and the entry keeps it alive so its id stays its own), then, once a setup, by what it holds: its
    type and its ``repr`` (a setup is plain data; equal text, equal board)."""
    entry = _MEMOS.get(id(setup))
    if entry is None or entry[0] is not setup:
        if len(_MEMOS) >= 256:  # bound the memory: only the boards in play come back
            _MEMOS.clear()
        if len(_SHARED) >= 64:
            _SHARED.clear()
        answers = _SHARED.setdefault((type(setup), repr(setup)), {})
        entry = _MEMOS[id(setup)] = (setup, answers)
    return entry[1]


def is_whole(value) -> bool:
    """A whole number that is not ``True`` or ``False`` (JSON and Python both let a bool pass for an int)."""
    return isinstance(value, int) and not isinstance(value, bool)


class GridState(GameState):
    """A grid ruleset's state: the core's five save hooks answered by the ruleset's ``saves`` module (the class
    attribute ``saves``: ``position_problem(game, position)``, ``setup_to_dict``, ``setup_from_dict``,
    ``position_to_dict`` and ``position_from_dict(game, data)``)."""

    saves: ClassVar[ModuleType]

    @classmethod
    def _position_problem(cls, game, position):
        return cls.saves.position_problem(game, position)

    @classmethod
    def _setup_to_dict(cls, setup):
        return cls.saves.setup_to_dict(setup)

    @classmethod
    def _setup_from_dict(cls, data):
        return cls.saves.setup_from_dict(data)

    @classmethod
    def _position_to_dict(cls, position):
        return cls.saves.position_to_dict(position)

    @classmethod
    def _position_from_dict(cls, game, data):
        return cls.saves.position_from_dict(game, data)


class TerrainCode:
    """A ruleset's terrain as text rows, one symbol a square: ``symbols`` by terrain kind, and ``blank``, the symbol
    of a square the terrain does not name (phlog's open floor ``.``, dice_tactics' ground)."""

    def __init__(self, symbols: Mapping[str, str], blank: str):
        self.symbols = dict(symbols)
        self.blank = blank
        self.kinds = {symbol: kind for kind, symbol in self.symbols.items()}

    def rows(self, grid: Grid, terrain: Mapping) -> list[str]:
        """The terrain as text rows: compact and readable in a save."""
        symbols, blank = self.symbols, self.blank
        return ["".join(symbols[terrain[(c, r)]] if (c, r) in terrain else blank for c in range(grid.width))
                for r in range(grid.height)]

    def terrain(self, rows) -> dict:
        """The terrain of text rows (the blank symbol names nothing); an unknown symbol is a ``ValueError``."""
        terrain = {}
        for r, row in enumerate(rows):
            for c, symbol in enumerate(row):
                if symbol == self.blank:
                    continue
                if symbol not in self.kinds:
                    raise ValueError(f"unknown terrain symbol {brief(symbol)} at {(c, r)}")
                terrain[(c, r)] = self.kinds[symbol]
        return terrain


def grid_size_problem(grid: Grid, most: int) -> str | None:
    if not 1 <= grid.width <= most or not 1 <= grid.height <= most:
        return f"a grid is 1 to {most} squares each way, not {grid.width}x{grid.height}"
    return None


def grid_and_terrain_to_dict(grid: Grid, terrain: Mapping, code: TerrainCode) -> dict:
    return {"grid": [grid.width, grid.height], "terrain": code.rows(grid, terrain)}


def grid_and_terrain(data, code: TerrainCode, most: int, *, also: tuple[str, ...] = ()) -> tuple[Grid, dict]:
    """The grid and terrain of a saved setup: an object with exactly ``grid``, ``terrain`` and the ruleset's own
    keys ``also`` (read by the ruleset), the grid at most ``most`` squares each way."""
    keys = ("grid", "terrain", *also)
    if not isinstance(data, dict) or set(data) != set(keys):
        raise ValueError(f"the setup is an object with {', '.join(map(repr, keys[:-1]))} and {keys[-1]!r}: 'grid' "
                         "is [columns, rows], 'terrain' rows of symbols")
    size = data["grid"]
    if not isinstance(size, list) or len(size) != 2 or not all(is_whole(v) for v in size):
        raise ValueError(f"the grid is [columns, rows], two whole numbers, not {brief(size)}")
    if not all(1 <= v <= most for v in size):
        raise ValueError(f"a grid is 1 to {most} squares each way, not {size[0]}x{size[1]}")
    grid = Grid(*size)
    rows = data["terrain"]
    if (not isinstance(rows, list) or len(rows) != grid.height
            or any(not isinstance(row, str) or len(row) != grid.width for row in rows)):
        raise ValueError(f"the terrain is {grid.height} rows of {grid.width} symbols")
    return grid, code.terrain(rows)
