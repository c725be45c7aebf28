"""Ready-made battles, and the builder for your own (all in inches, origin at the south-west corner)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from explorer.core import Game
from explorer.core.tabletop import Point, Table, Terrain
from explorer.core.tabletop.between import shared_table

from .data import TABLE_INCHES
from .game import SimplePlasticState
from .formation import FORMATION_SPACING
from .position import Figure, Position, army_problems
from .rulings import Settings


def new_state(settings: Settings | None = None, *, figures: Iterable[Figure], terrain: Iterable[Terrain] = (),
              table: tuple[float, float] | Table = TABLE_INCHES, sides: tuple[str, str] = ("green", "tan"),
              first: str | None = None, side: str | None = None, phase: str = "move", round: int = 1,
              moved_units: Iterable[str] = (), attacks_used: Mapping[str, int] | None = None, seed: int = 0,
              scenario: str = "custom") -> SimplePlasticState:
    """A game at any position: any table, any armies, any side to play, any phase (for examples, tests, puzzles).

    ``table`` is a :class:`Table` or its ``(width, height)`` in inches (then
    ``terrain`` goes on it). ``side`` (or ``first``) plays now, in ``phase``
    of ``round``; ``moved_units`` and ``attacks_used`` say what it has done
    this turn (a figure marked ``moved`` adds its unit). The army rules are checked first (a :class:`RuleViolation`
    citing the rule); then the position passes the one legality check
    (``ValueError`` saying what is wrong).
    """
    figures = tuple(figures)
    problems = army_problems(figures)
    if problems:
        raise problems[0]
    if isinstance(table, Table):
        board = table if not tuple(terrain) else shared_table(table.width, table.height, (*table.terrain, *terrain))
    else:
        width, height = table
        board = shared_table(width, height, tuple(terrain))
    game = Game(settings or Settings(), scenario, board, tuple(sides))
    to_play = side or first or game.sides[0]
    position = Position.of(figures, to_play, phase=phase, round=round, moved_units=frozenset(moved_units) | {f.unit for f in figures if f.moved},
                           attacks_used=tuple(sorted((attacks_used or {}).items())))
    return SimplePlasticState(game, position, seed=seed)


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
    return new_state(settings, figures=figures, terrain=terrain, seed=seed, scenario="skirmish")


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
    return new_state(settings, figures=figures, terrain=terrain, table=(24.0, 24.0), seed=seed, scenario="sniper_duel")


def open_field(settings: Settings, *, seed: int = 0) -> SimplePlasticState:
    """No terrain: two squads of five, twelve inches apart. For learning the to-kill roll."""
    figures = [
        *squad_in_line("green", "alpha", (12, 14), ["trooper"] * 5, prefix="g"),
        *squad_in_line("tan", "bravo", (24, 14), ["trooper"] * 5, prefix="t"),
    ]
    return new_state(settings, figures=figures, table=(36.0, 24.0), seed=seed, scenario="open_field")


SCENARIOS = {"skirmish": skirmish, "sniper_duel": sniper_duel, "open_field": open_field}
