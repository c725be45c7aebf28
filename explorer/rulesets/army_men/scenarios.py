"""Ready-made battles, and the builder for your own (inches, origin at the south-west corner)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping, Sequence

from explorer.core import Game, GameRNG
from explorer.core.tabletop import Point, Table, Terrain
from explorer.core.tabletop.between import shared_table

from .data import TABLE_INCHES
from .army import army_problems, composition_problems
from .game import ArmyMenState
from .position import Figure, Flag, Position, squads_of
from .setup import deployment_problems
from .standard import flag_terms
from .rulings import Settings

SQUAD_SPACING = 2.0
"""Inches between neighbours in a squad line (well within the 4-inch cohesion)."""


def with_variant(settings: Settings | None, variant: str) -> Settings:
    """``settings`` with the variant chosen: left unset, the scenario's own."""
    settings = settings or Settings()
    return settings if settings.variant else dataclasses.replace(settings, variant=variant)


def new_state(settings: Settings | None = None, *, figures: Iterable[Figure], terrain: Iterable[Terrain] = (),
              table: tuple[float, float] | Table = TABLE_INCHES, sides: tuple[str, str] = ("green", "tan"),
              side: str | None = None, round: int = 1, seed: int = 0, scenario: str = "custom",
              variant: str = "tutorial", check_army: bool = False, rng: GameRNG | None = None,
              **position) -> ArmyMenState:
    """A game at any position (for examples, tests, puzzles).

    ``check_army`` also checks the deployment and that every squad is complete
    (a :class:`RuleViolation` citing the rule); the position always passes the
    one legality check (``ValueError`` saying what is wrong). ``side`` plays
    now (default: ``settings.first_side``); ``position`` may give ``acting``,
    ``done`` and ``engaged``.
    """
    settings = with_variant(settings, variant)
    figures = tuple(figures)
    if check_army:
        problems = deployment_problems(figures)
        for (_, squad), members in squads_of(figures).items():
            problems += composition_problems([f.kind for f in members], squad, variant=settings.variant)
        if problems:
            raise problems[0]
    # games on the same table share one: what it answers depends on nothing else
    board = table if isinstance(table, Table) else shared_table(table[0], table[1], terrain)
    if isinstance(table, Table) and tuple(terrain):
        board = shared_table(table.width, table.height, (*table.terrain, *terrain))
    game = Game(settings, scenario, board, tuple(sides))
    to_play = side or settings.first_of(tuple(sides))
    if settings.deployment == "players" and all(f.in_play for f in figures):
        # the players set up: every trooper waits (his spot kept as the scenario's suggestion), and the side
        # that plays second places first (rulings.deployment_phase)
        figures = tuple(dataclasses.replace(f, status="waiting") for f in figures)
        to_play = side or next(s for s in sides if s != to_play)
    if "done" in position:
        position["done"] = frozenset(position["done"])
    if "engaged" in position:
        position["engaged"] = tuple(tuple(e) for e in position["engaged"])
    return ArmyMenState(game, Position.of(figures, to_play, round=round, **position), seed=seed, rng=rng)


def squad_line(side: str, squad: str, start: Point, kinds: Iterable[str], *, prefix: str,
               along: Point = (0.0, 1.0), prone: Iterable[int] = ()) -> list[Figure]:
    """A squad standing in a line from ``start`` along ``along``, ``SQUAD_SPACING`` apart."""
    prone = set(prone)
    return [Figure(f"{prefix}{k + 1}", side, kind, squad, start[0] + along[0] * k * SQUAD_SPACING,
                   start[1] + along[1] * k * SQUAD_SPACING, prone=k in prone)
            for k, kind in enumerate(kinds)]


def tutorial(settings: Settings, *, seed: int = 0) -> ArmyMenState:
    """The tutorial's first game: five regular troopers a side, 24 inches apart, on a clear table."""
    figures = [
        *squad_line("green", "alpha", (12, 14), ["regular"] * 5, prefix="g"),
        *squad_line("tan", "bravo", (36, 14), ["regular"] * 5, prefix="t"),
    ]
    return new_state(settings, figures=figures, seed=seed, scenario="tutorial", variant="tutorial", check_army=True)


SKIRMISH_TERRAIN = (
    Terrain.rect("farmhouse", "solid", 21, 20, 6, 8),
    Terrain.rect("stone wall", "solid", 22, 6, 1, 7),
    Terrain.rect("hedge", "semi_solid", 14, 2, 1, 10),
    Terrain.rect("fence", "semi_solid", 33, 22, 1, 9),
    Terrain.circle("bushes", "semi_solid", (30, 15), 1.5),
    Terrain.circle("rocks", "solid", (16, 30), 1.5),
)
"""The skirmish table (48" x 36"): a farmhouse, a stone wall, a hedge, a fence, bushes and rocks."""


def skirmish(settings: Settings, *, seed: int = 0) -> ArmyMenState:
    """A standard skirmish: a squad of eight a side, 30 inches apart, with cover between them.

    Green brings a sargent, five regulars, a submachine gunner and a mortar;
    tan a sargent, four regulars (one of them prone), a grenadier and a
    flamethrower: 120 points each.
    """
    settings = with_variant(settings, "standard")
    if settings.variant != "standard":
        raise ValueError("the skirmish needs the standard rules (sargents, special weapons, cover): "
                         "play it with variant='standard'")
    return new_state(settings, figures=_skirmish_armies(), terrain=SKIRMISH_TERRAIN, seed=seed, scenario="standard",
                     variant="standard", check_army=True)


def _skirmish_armies() -> list[Figure]:
    return [
        *squad_line("green", "alpha", (6, 8), ["sargent", "regular", "regular", "regular", "regular", "regular",
                                               "submachine_gunner", "heavy_weapon"], prefix="g"),
        *squad_line("tan", "bravo", (40, 10), ["sargent", "regular", "regular", "regular", "regular", "grenadier",
                                               "flamethrower"], prefix="t", prone=(4,)),
    ]


FLAG_POINT = (24.0, 16.0)
"""The capture-the-flag marker: the middle of the skirmish table, south of the farmhouse."""


def capture_the_flag(settings: Settings, *, seed: int = 0) -> ArmyMenState:
    """The skirmish's table and squads with a flag in the middle; each side rolls its terms before play.

    The terms are rolled with the game's own random numbers (so a seed
    replays them) and shown in the setup log.
    """
    settings = with_variant(settings, "standard")
    if settings.variant != "standard":
        raise ValueError("capture the flag is a standard-rules scenario: play it with variant='standard'")
    rng = GameRNG(seed)
    terms = []
    for side in ("green", "tan"):
        a, b, inches, d3 = rng.roll(4)
        terms.append((side, *flag_terms((a, b), inches, d3)))
    flag = Flag(*FLAG_POINT, tuple(terms), (("green", 0), ("tan", 0)))
    return new_state(settings, figures=_skirmish_armies(), terrain=SKIRMISH_TERRAIN, seed=seed, rng=rng,
                     scenario="capture_the_flag", variant="standard", check_army=True, flag=flag)


ARMY_COLUMNS = {"green": (6.0, 3.0), "tan": (42.0, -3.0)}
"""Where built armies deploy on the skirmish table: each side's first squad's x, and the step to the next squad."""
MAX_SQUADS = 3
"""Squads a side that fit the skirmish table 24 inches from the enemy."""


def army_game(armies: Mapping[str, Mapping[str, Sequence[str]]], settings: Settings | None = None, *,
              points: int | None = None, seed: int = 0) -> ArmyMenState:
    """A standard game on the skirmish table from the armies the players built: side -> squad -> kinds.

    Every army is checked first (:func:`army_problems`, the ``points`` agreed
    included); the first broken rule is raised as a :class:`RuleViolation`.
    Each squad stands in a line, green's from the west edge and tan's from
    the east, 24 inches or more apart.
    """
    if set(armies) != set(ARMY_COLUMNS):
        raise ValueError(f"armies are given for the sides {', '.join(ARMY_COLUMNS)}, not {', '.join(armies)}")
    figures: list[Figure] = []
    for side, squads in armies.items():
        problems = army_problems(squads, points=points)
        if problems:
            raise problems[0]
        if len(squads) > MAX_SQUADS:
            raise ValueError(f"{side} brings {len(squads)} squads; the skirmish table has room for {MAX_SQUADS}")
        x, step = ARMY_COLUMNS[side]
        for k, (squad, kinds) in enumerate(squads.items()):
            figures += squad_line(side, squad, (x + k * step, 8.0), kinds, prefix=f"{side[0]}{k + 1}-")
    settings = with_variant(settings, "standard")
    return new_state(settings, figures=figures, terrain=SKIRMISH_TERRAIN, seed=seed, scenario="army",
                     variant="standard", check_army=True)


def tutorial_set_up_yourselves(settings: Settings, *, seed: int = 0) -> ArmyMenState:
    """The tutorial's first game, the players setting their squads up themselves (deployment='players')."""
    return tutorial(dataclasses.replace(settings, deployment="players"), seed=seed)


SCENARIOS = {"tutorial": tutorial, "tutorial_set_up_yourselves": tutorial_set_up_yourselves, "standard": skirmish,
             "capture_the_flag": capture_the_flag}
