"""Ready-made battles, and the builder for your own (inches, origin at the south-west corner)."""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from explorer.core import Game, GameRNG
from explorer.core.tabletop import Point, Table, Terrain
from explorer.core.tabletop.between import shared_table

from .game import OneBrainCellState
from .position import Figure, Position
from .setup import composition_problems, squads_of
from .rulings import Settings

TABLE_INCHES = (48.0, 36.0)
"""The scenarios' table (the sheet names no size)."""
SQUAD_SPACING = 2.0
"""Inches between neighbours in a squad line (well within the 4-inch squad distance)."""


def new_state(settings: Settings | None = None, *, figures: Iterable[Figure], terrain: Iterable[Terrain] = (),
              table: tuple[float, float] | Table = TABLE_INCHES, sides: tuple[str, str] = ("green", "tan"),
              side: str | None = None, round: int = 1, seed: int = 0, scenario: str = "custom",
              check_squads: bool = False, rng: GameRNG | None = None, **position) -> OneBrainCellState:
    """A game at any position (for examples, tests, puzzles).

    By default the round begins with the initiative roll; give ``phase``,
    ``first`` (player A) and the rest of :class:`Position` to start elsewhere.
    ``check_squads`` also checks that every squad is complete (5-10 with a
    leader, two special weapons at most), raising the rule broken.
    """
    settings = settings or Settings()
    figures = tuple(figures)
    if check_squads:
        for squad, members in squads_of(figures).items():
            problems = composition_problems(members, squad)
            if problems:
                raise problems[0]
    # games on the same table share one: what it answers (and what .terrain.kept keeps) depends on nothing else
    board = table if isinstance(table, Table) else shared_table(table[0], table[1], tuple(terrain))
    if isinstance(table, Table) and tuple(terrain):
        board = shared_table(table.width, table.height, (*table.terrain, *terrain))
    game = Game(settings, scenario, board, tuple(sides))
    to_play = side or (settings.first_side if settings.first_side in sides else sides[0])
    for key in ("done", "overwatch"):
        if key in position:
            position[key] = frozenset(position[key])
    if position.get("phase") in ("move", "shoot", "fight") and "first" not in position:
        position["first"] = to_play
    return OneBrainCellState(game, Position.of(figures, to_play, round=round, **position), seed=seed, rng=rng)


def squad_line(side: str, squad: str, start: Point, weapons: Sequence[str], *, prefix: str,
               along: Point = (0.0, 1.0), leader: int = 0) -> list[Figure]:
    """A squad standing in a line from ``start`` along ``along``; figure ``leader`` (0: the first) leads it."""
    return [Figure(f"{prefix}{k + 1}", side, squad, weapon, k == leader, start[0] + along[0] * k * SQUAD_SPACING,
                   start[1] + along[1] * k * SQUAD_SPACING)
            for k, weapon in enumerate(weapons)]


PATROL_TERRAIN = (
    Terrain.rect("farmhouse", "solid", 21, 20, 6, 7),
    Terrain.rect("hedge", "semi_solid", 15, 6, 1, 9),
    Terrain.rect("woods", "rough", 30, 6, 6, 7),
    Terrain.rect("stone wall", "solid", 32, 22, 1, 6),
)
"""The patrol table (44" x 30"): a farmhouse (blocks sight), a hedge (cover), woods (rough), a stone wall."""
PATROL_TABLE = (44.0, 30.0)


def patrol(settings: Settings | None = None, *, seed: int = 0) -> OneBrainCellState:
    """One squad a side on a small table, 9 points each: a leader with a pistol, four rifles and a light machine
    gun."""
    figures = [
        *squad_line("green", "alpha", (5, 8), ["pistol", "rifle", "rifle", "lmg", "rifle", "rifle"], prefix="g"),
        *squad_line("tan", "bravo", (39, 12), ["pistol", "rifle", "rifle", "lmg", "rifle", "rifle"], prefix="t"),
    ]
    return new_state(settings, figures=figures, terrain=PATROL_TERRAIN, table=PATROL_TABLE, seed=seed,
                     scenario="patrol", check_squads=True)


SKIRMISH_TERRAIN = (
    Terrain.rect("farmhouse", "solid", 20, 21, 7, 7),
    Terrain.rect("barn", "solid", 22, 4, 5, 5),
    Terrain.rect("hedge", "semi_solid", 14, 12, 1, 8),
    Terrain.rect("fence", "semi_solid", 33, 13, 1, 9),
    Terrain.rect("woods", "rough", 28, 27, 7, 6),
    Terrain.circle("rocks", "rough", (12, 28), 2.5),
)
"""The skirmish table (48" x 36"): two buildings, a hedge and a fence, woods and rocky ground."""


def skirmish(settings: Settings | None = None, *, seed: int = 0) -> OneBrainCellState:
    """Two squads a side, 22 points each, with every special weapon of the chart among them.

    Green: alpha (leader, five rifles, light machine gun, bazooka: 13 points)
    and bravo (leader, four rifles, mortar: 9). Tan: charlie (leader, five
    rifles, heavy machine gun, flamethrower: 13) and delta (leader, four
    rifles, sniper rifle: 9).
    """
    figures = [
        *squad_line("green", "alpha", (5, 4), ["pistol", "rifle", "rifle", "lmg", "rifle", "rifle", "bazooka",
                                                "rifle"], prefix="ga"),
        *squad_line("green", "bravo", (5, 22), ["rifle", "rifle", "mortar", "rifle", "rifle", "rifle"],
                    prefix="gb"),
        *squad_line("tan", "charlie", (43, 4), ["pistol", "rifle", "rifle", "hmg", "rifle", "flamethrower", "rifle",
                                                 "rifle"], prefix="tc"),
        *squad_line("tan", "delta", (43, 22), ["rifle", "rifle", "sniper", "rifle", "rifle", "rifle"], prefix="td"),
    ]
    return new_state(settings, figures=figures, terrain=SKIRMISH_TERRAIN, seed=seed, scenario="skirmish",
                     check_squads=True)


SCENARIOS = {"patrol": patrol, "skirmish": skirmish}
