"""Where a group of bases stands behind a figure: a file, or a connected group around obstacles."""

from __future__ import annotations

import heapq
from collections.abc import Sequence

from ..geometry import Point
from .measure import BASE_DIAMETER
from .table import Table

# -- formations ---------------------------------------------------------------------

def formation(table: Table, anchor: Point, facing: Point | None, count: int, *,
              occupied: Sequence[Point] = (), spacing: float = BASE_DIAMETER + 0.25,
              max_reach: int = 64) -> tuple[Point, ...] | None:
    """Places for ``count`` bases in one connected group behind a figure at ``anchor``.

    First choice is a file straight behind the anchor, ``spacing`` inches
    apart. Where terrain, the table edge or other bases (``occupied``) are in
    the way, the group grows instead on a square grid of ``spacing`` turned to
    ``facing``: each base on a free grid point next to one already placed,
    nearest the file first, so the group stays connected (grid neighbours are
    ``spacing`` apart) and flows around obstacles. ``None`` if there is no
    room (the anchor is boxed in).
    """
    if count <= 0:
        return ()
    fx, fy = facing or (1.0, 0.0)
    back, side = (-fx, -fy), (-fy, fx)
    file = tuple((anchor[0] + k * spacing * back[0], anchor[1] + k * spacing * back[1]) for k in range(1, count + 1))
    if table.all_free(file, occupied):
        return file
    reach = count + 2
    while True:
        placed = _grow_formation(table, anchor, back, side, count, occupied, spacing, reach)
        if placed is not None or reach >= max_reach:
            return placed
        reach *= 2


def _grow_formation(table, anchor, back, side, count, occupied, spacing, reach):
    def where(cell):
        di, dj = cell[0] * spacing, cell[1] * spacing
        return (anchor[0] + di * back[0] + dj * side[0], anchor[1] + di * back[1] + dj * side[1])

    free_cache = {}

    def free(cell):  # asked only of the cells next to the group, so most of the grid is never measured
        if cell not in free_cache:
            inside = abs(cell[0]) <= reach and abs(cell[1]) <= reach
            free_cache[cell] = inside and table.is_free(where(cell), occupied)
        return free_cache[cell]

    def cost(cell):  # the file behind the anchor first, then widen; ahead of it last
        i, j = cell
        return (i if i >= 0 else 3 * -i + 2) + 1.5 * abs(j)

    heap, seen, placed = [], {(0, 0)}, []

    def push_neighbours(cell):
        i, j = cell
        for n in ((i + 1, j), (i - 1, j), (i, j + 1), (i, j - 1)):
            if n not in seen and free(n):
                seen.add(n)
                heapq.heappush(heap, (cost(n), n))

    push_neighbours((0, 0))
    while heap and len(placed) < count:
        _, cell = heapq.heappop(heap)
        placed.append(where(cell))
        push_neighbours(cell)
    return tuple(placed) if len(placed) == count else None
