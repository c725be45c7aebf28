"""Tabletop geometry in inches, shared by every ruleset played with a tape measure.

Figures are small discs (:data:`BASE_DIAMETER` across) standing at points;
terrain pieces are polygons (:class:`~explorer.core.geometry.Polygon`, pure
Python, so the engine needs nothing outside the standard library) of three
kinds that matter for sight (solid, semi-solid, hill) and one that only
matters for moving (rough).

Line of sight follows the usual toy-soldier rule "any visible part is
enough": from the attacker's centre (its eye) draw :data:`SIGHT_LINES` lines
to points spread across the target's base, at right angles to the line
between them. The target is BLOCKED only if solid terrain cuts every line,
in PARTIAL cover if solid terrain cuts some line or any line passes through
semi-solid terrain, and CLEAR otherwise. Rulesets decide what each answer
means (a modifier, "may not shoot", ...); this module only measures.

The package is split by concern: :mod:`.measure` (points, distances, bases),
:mod:`.terrain`, :mod:`.sight`, :mod:`.table` (the table and its caches, kept in :mod:`.stores`, the
what-if board, loading a table from a save), :mod:`.formation` and :mod:`.figures`
(the base of every tabletop ruleset's figure, position check and state).
"""

from ..geometry import Point
from .formation import formation
from .measure import (
    BASE_DIAMETER, BASE_RADIUS, COMPASS, EPSILON, bases_overlap, chain_connected, compass_points, distance, gap_between,
    is_point, projection, segment_point_distance, step, unit_vector,
)
from .sight import SIGHT_LINES, LineOfSight, Sight, SightLine, line_of_sight, sight_points
from .table import MAX_TABLE_INCHES, MAX_TERRAIN, Board, Table, table_from_dict
from .terrain import Terrain, TerrainKind, elevation_at, height_difference, is_downhill, is_uphill

__all__ = [
    "BASE_DIAMETER", "BASE_RADIUS", "COMPASS", "EPSILON", "MAX_TABLE_INCHES", "MAX_TERRAIN", "SIGHT_LINES", "Board",
    "LineOfSight", "Point", "Sight", "SightLine", "Table", "Terrain", "TerrainKind", "bases_overlap", "chain_connected",
    "compass_points", "distance", "elevation_at", "formation", "gap_between", "height_difference", "is_downhill",
    "is_point", "is_uphill", "line_of_sight", "projection", "segment_point_distance", "sight_points", "step",
    "table_from_dict", "unit_vector",
]
