"""Terrain pieces (polygons of the kinds that matter for sight and moving) and ground height."""

from __future__ import annotations

import math
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum

from .. import geometry as geo
from ..geometry import Point, Polygon
from ..limits import brief
from .measure import BASE_RADIUS

# -- terrain ---------------------------------------------------------------------------

class TerrainKind(str, Enum):
    SOLID = "solid"            # walls, buildings, rocks: blocks sight and moves
    SEMI_SOLID = "semi_solid"  # bushes, hedges, fences: never blocks sight, always partial cover
    HILL = "hill"              # ground at ``elevation``; hides figures lower than its top
    ROUGH = "rough"            # ground a ruleset may slow moves on; never affects sight

    def __repr__(self) -> str:
        return repr(self.value)


@dataclass(frozen=True)
class Terrain:
    """One terrain piece: a name, a kind, a polygon in inches, and (for hills) a level."""

    name: str
    kind: TerrainKind
    shape: Polygon = field(repr=False)
    elevation: int = 0

    def __post_init__(self):
        object.__setattr__(self, "kind", TerrainKind(self.kind))
        if not isinstance(self.shape, Polygon) or not self.shape.is_valid:
            raise ValueError(f"terrain {brief(self.name)} needs a valid, non-empty polygon")
        if self.kind is TerrainKind.HILL and self.elevation < 1:
            raise ValueError(f"hill {brief(self.name)} needs an elevation of 1 or more")

    @classmethod
    def polygon(cls, name: str, kind: TerrainKind | str, points: Iterable[Point], *, elevation: int = 0) -> Terrain:
        return cls(name, TerrainKind(kind), Polygon(tuple(points)), elevation)

    @classmethod
    def rect(cls, name: str, kind: TerrainKind | str, x: float, y: float, width: float, height: float,
             *, elevation: int = 0) -> Terrain:
        """A rectangle with its lower-left corner at ``(x, y)``."""
        corners = [(x, y), (x + width, y), (x + width, y + height), (x, y + height)]
        return cls.polygon(name, kind, corners, elevation=elevation)

    @classmethod
    def circle(cls, name: str, kind: TerrainKind | str, centre: Point, radius: float, *, elevation: int = 0,
               sides: int = 12) -> Terrain:
        """A regular polygon of ``sides`` corners standing in for a circle (keeps saves short)."""
        corners = [
            (round(centre[0] + radius * math.cos(2 * math.pi * k / sides), 6),
             round(centre[1] + radius * math.sin(2 * math.pi * k / sides), 6))
            for k in range(sides)
        ]
        return cls.polygon(name, kind, corners, elevation=elevation)

    @property
    def points(self) -> tuple[Point, ...]:
        """The corners (the closing corner left out)."""
        return self.shape.vertices

    def covers(self, point: Point) -> bool:
        """Whether ``point`` is on or inside the piece."""
        return geo.covers(self.shape, point)

    def touches_base(self, point: Point, radius: float = BASE_RADIUS) -> bool:
        """Whether a base centred at ``point`` touches or overlaps the piece."""
        return geo.dwithin(self.shape, point, radius)

    def to_dict(self) -> dict:
        return {"name": self.name, "kind": self.kind.value, "points": [list(p) for p in self.points],
                "elevation": self.elevation}

    @classmethod
    def from_dict(cls, data: Mapping) -> Terrain:
        kinds = [kind.value for kind in TerrainKind]
        if isinstance(data, Mapping) and data.get("kind") not in kinds:  # Enum's own message quotes it whole
            raise ValueError(f"a terrain piece's kind is one of {', '.join(kinds)}, not {brief(data.get('kind'))}")
        try:
            return cls.polygon(data["name"], data["kind"], data["points"], elevation=data.get("elevation", 0))
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"malformed terrain piece {brief(data)}: {exc}") from None

    def __repr__(self) -> str:
        extra = f", elevation={self.elevation}" if self.elevation else ""
        return f"Terrain.polygon({brief(self.name)}, {brief(self.kind)}, {brief(list(self.points))}{extra})"


def elevation_at(point: Point, terrain: Iterable[Terrain]) -> int:
    """The ground level at ``point``: the highest hill it stands on, 0 off every hill."""
    return max((t.elevation for t in terrain if t.kind is TerrainKind.HILL and t.covers(point)), default=0)


def height_difference(a: Point, b: Point, terrain: Iterable[Terrain]) -> int:
    """How many levels ``b`` stands above ``a`` (negative when below)."""
    terrain = tuple(terrain)
    return elevation_at(b, terrain) - elevation_at(a, terrain)


def is_uphill(a: Point, b: Point, terrain: Iterable[Terrain]) -> bool:
    """Whether ``b`` stands higher than ``a`` (is uphill from it)."""
    return height_difference(a, b, terrain) > 0


def is_downhill(a: Point, b: Point, terrain: Iterable[Terrain]) -> bool:
    """Whether ``b`` stands lower than ``a`` (is downhill from it)."""
    return height_difference(a, b, terrain) < 0
