"""A square grid: squares, orthogonal neighbours, straight lines, line of sight.

Generic for every grid ruleset. A square is a ``(col, row)`` tuple; column 0
is the left edge and row 0 the top edge, so a board printed as text reads in
the same order as its rows. Directions are the four letters ``N E S W``
(``N`` is towards row 0).

Line of sight follows the segment between two square centres and looks at
every square it touches (a "supercover" line), computed with integers only,
so the answer never depends on rounding.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from .limits import brief

Square = tuple[int, int]

DIRECTIONS: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
"""The orthogonal directions, in clockwise order from north."""

DIAGONALS: dict[str, tuple[int, int]] = {"NE": (1, -1), "SE": (1, 1), "SW": (-1, 1), "NW": (-1, -1)}


@dataclasses.dataclass(frozen=True)
class Grid:
    """The board's extent: ``width`` columns by ``height`` rows."""

    width: int
    height: int

    def __post_init__(self):
        for size in (self.width, self.height):
            if isinstance(size, bool) or not isinstance(size, int):
                raise ValueError(f"a grid is a whole number of columns and rows, not {brief(self.width)}x{brief(self.height)}")
        if self.width < 1 or self.height < 1:
            raise ValueError(f"a grid needs at least one square, not {self.width}x{self.height}")

    def __contains__(self, square: object) -> bool:
        return (
            isinstance(square, tuple) and len(square) == 2
            and 0 <= square[0] < self.width and 0 <= square[1] < self.height
        )

    def squares(self) -> Iterator[Square]:
        """Every square, row by row from the top left."""
        for row in range(self.height):
            for col in range(self.width):
                yield (col, row)

    def neighbours(self, square: Square, *, diagonal: bool = False) -> list[Square]:
        """The squares next to ``square`` on the board (orthogonal only unless ``diagonal``)."""
        offsets = list(DIRECTIONS.values()) + (list(DIAGONALS.values()) if diagonal else [])
        return [s for s in (_add(square, o) for o in offsets) if s in self]


def step(square: Square, direction: str, distance: int = 1) -> Square:
    """The square ``distance`` squares away in ``direction`` (may be off the board)."""
    dc, dr = DIRECTIONS[direction]
    return (square[0] + dc * distance, square[1] + dr * distance)


def ray(square: Square, direction: str, length: int) -> tuple[Square, ...]:
    """The ``length`` squares in a straight line from ``square`` (which is not included)."""
    return tuple(step(square, direction, n) for n in range(1, length + 1))


def direction_between(a: Square, b: Square) -> str | None:
    """The direction from ``a`` straight to ``b`` along a row or column, else ``None``."""
    dc, dr = b[0] - a[0], b[1] - a[1]
    if (dc == 0) == (dr == 0):  # same square, or not in line
        return None
    unit = (_sign(dc), _sign(dr))
    return next(name for name, offset in DIRECTIONS.items() if offset == unit)


def manhattan(a: Square, b: Square) -> int:
    """Orthogonal steps from ``a`` to ``b`` on an empty board."""
    return abs(a[0] - b[0]) + abs(a[1] - b[1])


def chebyshev(a: Square, b: Square) -> int:
    """King's-move distance: diagonal steps allowed."""
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def are_adjacent(a: Square, b: Square, *, diagonal: bool = False) -> bool:
    """Whether ``a`` and ``b`` touch along a side (or also at a corner, if ``diagonal``)."""
    return chebyshev(a, b) == 1 if diagonal else manhattan(a, b) == 1


@dataclasses.dataclass(frozen=True)
class SightLine:
    """The squares the segment between two square centres touches.

    ``squares`` is the walk from ``a`` to ``b`` (both included). Where the
    segment passes exactly through a corner, the two squares that meet the
    segment only at that corner are listed as a pair in ``corners``.
    """

    squares: tuple[Square, ...]
    corners: tuple[tuple[Square, Square], ...] = ()

    @property
    def between(self) -> tuple[Square, ...]:
        """The walk without its two ends."""
        return self.squares[1:-1]


def supercover(a: Square, b: Square) -> SightLine:
    """Every square the segment from the centre of ``a`` to the centre of ``b`` touches.

    Remembered for squares of whole numbers (a line never changes, and games ask for the
    same few again and again: every legal-action list asks whether each shooter sees each
    target). Walks one square at a time, deciding with exact integer arithmetic whether
    the segment next crosses a vertical or a horizontal grid line, or both at once
    (exactly through a corner).
    """
    if _whole(a) and _whole(b):  # (1.0, 2) equals (1, 2) as a key, but its line holds floats
        key = (a, b)
        line = _LINES.get(key)
        if line is None:
            if len(_LINES) >= 65536:  # bound the memory
                _LINES.clear()
            line = _LINES[key] = _supercover(a, b)
        return line
    return _supercover(a, b)


_LINES: dict[tuple[Square, Square], SightLine] = {}


def _whole(square) -> bool:
    return type(square) is tuple and len(square) == 2 and type(square[0]) is int and type(square[1]) is int


def _supercover(a: Square, b: Square) -> SightLine:
    dx, dy = abs(b[0] - a[0]), abs(b[1] - a[1])
    sx, sy = _sign(b[0] - a[0]), _sign(b[1] - a[1])
    x, y = a
    squares, corners = [a], []
    ix = iy = 0
    while ix < dx or iy < dy:
        # Compare where the next vertical and horizontal crossings fall along the segment.
        decision = (1 + 2 * ix) * dy - (1 + 2 * iy) * dx
        if decision == 0:
            corners.append(((x + sx, y), (x, y + sy)))
            x, y, ix, iy = x + sx, y + sy, ix + 1, iy + 1
        elif decision < 0:
            x, ix = x + sx, ix + 1
        else:
            y, iy = y + sy, iy + 1
        squares.append((x, y))
    return SightLine(tuple(squares), tuple(corners))


def bresenham(a: Square, b: Square) -> tuple[Square, ...]:
    """The classic thin line of squares from ``a`` to ``b`` (one square per step of the long axis)."""
    dx, dy = abs(b[0] - a[0]), -abs(b[1] - a[1])
    sx, sy = _sign(b[0] - a[0]), _sign(b[1] - a[1])
    x, y = a
    error = dx + dy
    squares = [a]
    while (x, y) != b:
        doubled = 2 * error
        if doubled >= dy:
            error, x = error + dy, x + sx
        if doubled <= dx:
            error, y = error + dx, y + sy
        squares.append((x, y))
    return tuple(squares)


@dataclasses.dataclass(frozen=True)
class Sight:
    """Whether ``a`` sees ``b``, the line looked along, and the squares that block it."""

    clear: bool
    line: SightLine
    blocked_by: tuple[Square, ...] = ()

    def __bool__(self) -> bool:
        return self.clear


def line_of_sight(
    a: Square,
    b: Square,
    blocks: Callable[[Square], bool],
    *,
    through_corners: bool = True,
) -> Sight:
    """Can ``a`` see ``b``? ``blocks(square)`` says whether a square stops sight.

    The two end squares never block. Where the line passes exactly through a
    corner, ``through_corners=True`` lets sight slip between the two squares
    meeting there unless both block; ``False`` lets either one block it.
    """
    line = supercover(a, b)
    blockers = [s for s in line.between if blocks(s)]
    for first, second in line.corners:
        corner_blockers = [s for s in (first, second) if s not in (a, b) and blocks(s)]
        if corner_blockers and (not through_corners or len(corner_blockers) == 2):
            blockers.extend(corner_blockers)
    blocked_by = tuple(dict.fromkeys(blockers))
    return Sight(not blocked_by, line, blocked_by)


def _add(square: Square, offset: tuple[int, int]) -> Square:
    return (square[0] + offset[0], square[1] + offset[1])


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)
