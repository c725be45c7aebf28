"""Ready-made battles, and the builder for your own (all in inches, origin at the south-west corner)."""

from __future__ import annotations

from collections.abc import Iterable

from explorer.core.tabletop import Point, Table, Terrain

from .data import TABLE_INCHES
from .game import SimplePlasticState
from .mechanics import FORMATION_SPACING, Figure
from .rulings import Settings


def new_state(settings: Settings | None = None, *, figures: Iterable[Figure], terrain: Iterable[Terrain] = (),
              table: tuple[float, float] = TABLE_INCHES, sides: tuple[str, str] = ("green", "tan"),
              first: str | None = None, seed: int = 0) -> SimplePlasticState:
    """A game on any table with any armies (the army rules are checked)."""
    width, height = table
    return SimplePlasticState(settings or Settings(), table=Table(width, height, tuple(terrain)),
                              figures=figures, sides=sides, first=first, seed=seed)


def squad_in_line(side: str, squad: str, start: Point, kinds: Iterable[str], *, prefix: str,
                  along: Point = (0.0, 1.0)) -> list[Figure]:
    """A squad standing shoulder to shoulder (in cohesion) from ``start`` along ``along``."""
    return [
        Figure(f"{prefix}{k + 1}", side, kind, squad,
               start[0] + along[0] * k * FORMATION_SPACING, start[1] + along[1] * k * FORMATION_SPACING)
        for k, kind in enumerate(kinds)
    ]


SKIRMISH_TERRAIN = (
    Terrain.rect("farmhouse", "solid", 20, 12, 8, 12),
    Terrain.rect("hedge", "semi_solid", 12, 6, 10, 1),
    Terrain.polygon("hill", "hill", [(32, 25), (40, 24), (44, 28), (42, 34), (34, 35), (31, 30)], elevation=1),
    Terrain.circle("rocks", "solid", (33, 8), 1.5),
    Terrain.rect("fence", "semi_solid", 36, 9, 0.5, 6),
)
"""The skirmish table: a farmhouse, a hedge, a hill, rocks and a fence (48" x 36")."""


def skirmish(settings: Settings, *, seed: int = 0) -> SimplePlasticState:
    """Two squads of five and a specialist each, either side of a farmhouse.

    Green's heavy machine gun marches with its squad; tan's sniper lies
    alone on the hill. Nobody can see anybody yet: the farmhouse is in the way.
    """
    terrain = SKIRMISH_TERRAIN
    figures = [
        *squad_in_line("green", "alpha", (5, 15), ["trooper"] * 5 + ["heavy"], prefix="g"),
        *squad_in_line("tan", "bravo", (43, 15), ["trooper"] * 5, prefix="t"),
        Figure("t-sniper", "tan", "sniper", None, 38, 28),
    ]
    return new_state(settings, figures=figures, terrain=terrain, seed=seed)


def sniper_duel(settings: Settings, *, seed: int = 0) -> SimplePlasticState:
    """A small fight on a 24-inch board: three troopers and a sniper each, either side of a ruined wall."""
    terrain = (
        Terrain.rect("ruined wall", "solid", 11, 4, 2, 16),
        Terrain.circle("bushes", "semi_solid", (6, 21), 1.5),
        Terrain.circle("thicket", "semi_solid", (18, 3), 1.5),
        Terrain.polygon("knoll", "hill", [(8, 0.5), (16, 0.5), (16, 3), (8, 3)], elevation=1),
    )
    figures = [
        *squad_in_line("green", "alpha", (3, 11), ["trooper"] * 3, prefix="g"),
        Figure("g-sniper", "green", "sniper", None, 2, 16),
        *squad_in_line("tan", "bravo", (21, 11), ["trooper"] * 3, prefix="t"),
        Figure("t-sniper", "tan", "sniper", None, 22, 7),
    ]
    return new_state(settings, figures=figures, terrain=terrain, table=(24.0, 24.0), seed=seed)


def open_field(settings: Settings, *, seed: int = 0) -> SimplePlasticState:
    """No terrain: two squads of five, twelve inches apart. For learning the to-kill roll."""
    figures = [
        *squad_in_line("green", "alpha", (12, 14), ["trooper"] * 5, prefix="g"),
        *squad_in_line("tan", "bravo", (24, 14), ["trooper"] * 5, prefix="t"),
    ]
    return new_state(settings, figures=figures, table=(36.0, 24.0), seed=seed)


SCENARIOS = {"skirmish": skirmish, "sniper_duel": sniper_duel, "open_field": open_field}
