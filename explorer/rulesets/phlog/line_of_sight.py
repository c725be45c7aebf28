"""Line of sight on the phlog board: :func:`sight` (the line, and what blocks it, for words and pictures) and
:func:`sees` (only whether it is clear, for the legal-action list and the bots, from plans kept per table)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING

from explorer.core.grid import Sight, Square, line_of_sight, supercover
from explorer.core.gridstate import setup_memo

from .data import DOOR, STAR_TREK_DOOR, WALL

if TYPE_CHECKING:
    from .mechanics import Board


def sight(board: Board, a: Square, b: Square) -> Sight:
    return line_of_sight(a, b, board.blocks_sight, through_corners=board.settings.sight_through_corners)


def sees(board: Board, a: Square, b: Square) -> bool:
    """Whether :func:`sight` is clear from ``a`` to ``b`` (two squares of the board), without its words.

    The legal-action list asks it for every enemy of a ranged fighter at every position, so what the terrain
    alone decides is worked out once per table (terrain never changes in a game): a wall on the line blocks
    it for good; what is left to ask is only the squares whose blocking can change (doors, and every square
    when fighters block sight) and the corner pairs, asked exactly as :func:`~explorer.core.grid.line_of_sight`
    asks them."""
    return sees_by(sight_lines(board), board, a, b)


def sight_lines(board: Board) -> dict:
    """The sight plans kept for ``board``'s table under its sight setting, by (from, to) square (what
    :func:`sees_by` asks: a listing asks it once for all its lines)."""
    by_fighters = board.settings.fighters_block_sight
    memo = setup_memo(board.terrain)
    lines = memo.get(("sight", by_fighters))
    if lines is None:
        lines = memo[("sight", by_fighters)] = {}
    return lines


def sees_by(lines: dict, board: Board, a: Square, b: Square) -> bool:
    """:func:`sees`, with the table's sight plans ``lines`` (:func:`sight_lines`) already found."""
    plan = lines.get((a, b))
    if plan is None:
        if len(lines) >= 65536:  # bound the memory (a 64-square grid has far more pairs than a game asks)
            lines.clear()
        plan = lines[(a, b)] = _sight_plan(board.terrain, a, b, board.settings.fighters_block_sight)
    if plan is _WALLED_OFF:
        return False
    watch, corners = plan
    blocks = board.blocks_sight
    through = board.settings.sight_through_corners
    for square in watch:
        if blocks(square):
            return False
    for first, second in corners:
        blocking = (first not in (a, b) and blocks(first)) + (second not in (a, b) and blocks(second))
        if blocking and (not through or blocking == 2):
            return False
    return True


_WALLED_OFF = "walled off"
_CHANGING = (DOOR, STAR_TREK_DOOR)  # terrain whose blocking of sight changes during a game


def _sight_plan(terrain: Mapping[Square, str], a: Square, b: Square, by_fighters: bool):
    """What :func:`sees` asks of the line from ``a`` to ``b``: ``_WALLED_OFF``, or the squares between
    whose blocking can change and the corner pairs that can block (a pair of plain floor never does)."""
    line = supercover(a, b)
    kinds = [terrain.get(s) for s in line.between]
    if WALL in kinds:
        return _WALLED_OFF
    watch = tuple(s for s, kind in zip(line.between, kinds) if by_fighters or kind in _CHANGING)
    corners = tuple(pair for pair in line.corners
                    if by_fighters or any(terrain.get(s) in (WALL, *_CHANGING) for s in pair))
    return watch, corners
