"""Example positions for the book: a "what if" duel for every condition, and a firefight.

Pure set-up (figures and terrain, no rule decided here): the book asks the
engine's own mechanics about these boards, so the odds it shows are the odds
the game plays by.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import product

from explorer.core.tabletop import Table, Terrain

from .data import PROFILES
from .actions import EndPhase
from .game import SimplePlasticState
from .formation import FORMATION_SPACING
from .position import Board, Figure
from .rulings import Settings
from .scenarios import SKIRMISH_TERRAIN, new_state, squad_in_line

HEIGHTS = ("level", "uphill", "downhill")
"""Where the target stands: on the same level, uphill or downhill from the attacker."""

SQUAD_SIZES = (1, 2, 3, 4, 5)

_DUEL_TABLES: dict[tuple[str, bool], Table] = {}


def _duel_table(height: str, cover: bool) -> Table:
    """One table per (height, cover), shared so the engine's sight cache is reused."""
    key = (height, cover)
    if key not in _DUEL_TABLES:
        terrain = []
        if height == "uphill":    # the target's end of the table is a hill
            terrain.append(Terrain.rect("hill", "hill", 9, 0, 15, 12, elevation=1))
        if height == "downhill":  # the attacker stands on a hill
            terrain.append(Terrain.rect("hill", "hill", 0, 0, 4, 12, elevation=1))
        if cover:                 # a hedge right across, in front of the target's squad
            terrain.append(Terrain.rect("hedge", "semi_solid", 8, 0, 0.5, 12))
        _DUEL_TABLES[key] = Table(24.0, 12.0, tuple(terrain))
    return _DUEL_TABLES[key]


def duel_board(attacker: str = "trooper", target: str = "trooper", *, moved: bool = False,
               height: str = "level", cover: bool = False, vehicle: bool = False, squad_size: int = 1,
               settings: Settings | None = None) -> Board:
    """Attacker ``"a"`` eight inches from target ``"t"``, with exactly the conditions asked for.

    A target that is not a sniper leads a squad of ``squad_size`` (the rest
    troopers, in a file going away from the attacker, all in the same
    conditions); a sniper is always alone. ``vehicle`` puts the whole target
    squad in a vehicle. A sniper that ``moved`` cannot attack (the engine
    says why).
    """
    if height not in HEIGHTS:
        raise ValueError(f"height is one of {', '.join(HEIGHTS)}, not {height!r}")
    if attacker not in PROFILES or target not in PROFILES:
        raise ValueError(f"kinds of unit are {', '.join(PROFILES)}")
    size = 1 if PROFILES[target].in_squad == "never" else squad_size
    attacker_squad = None if PROFILES[attacker].in_squad == "never" else "alpha"
    figures = [Figure("a", "green", attacker, attacker_squad, 2.0, 6.0, moved=moved)]
    if PROFILES[attacker].special:  # one specialist per squad: the attacker's side fields a squad
        figures.append(Figure("a2", "green", "trooper", "alpha", 1.0, 11.0))
    squad = "bravo" if size > 1 or PROFILES[target].in_squad != "never" else None
    for k in range(size):
        kind = target if k == 0 else "trooper"
        fid = "t" if k == 0 else f"t{k + 1}"
        figures.append(Figure(fid, "tan", kind, squad, 10.0 + k * FORMATION_SPACING, 6.0, in_vehicle=vehicle))
    if squad is None:  # a lone sniper: its side fields a squad elsewhere
        figures.append(Figure("t-squad", "tan", "trooper", "bravo", 22.0, 11.0))
    return Board({f.id: f for f in figures}, _duel_table(height, cover), settings or Settings())


def duel_conditions() -> Iterator[dict]:
    """Every combination of conditions the odds explorer offers."""
    for attacker, target, moved, height, cover, vehicle, size in product(
            PROFILES, PROFILES, (False, True), HEIGHTS, (False, True), (False, True), SQUAD_SIZES):
        yield {"attacker": attacker, "target": target, "moved": moved, "height": height, "cover": cover,
               "vehicle": vehicle, "squad_size": size}


def firefight(settings: Settings | None = None, *, seed: int = 0) -> SimplePlasticState:
    """The skirmish table a few turns in, in green's attack phase: every kind of sight at once.

    Green's squad alpha, its heavy weapon at the west end, has come round the
    farmhouse's south side; tan's squad bravo holds the rocks and the fence;
    tan's sniper lies on the hill. Some pairs see each other clearly, some
    through cover, some not at all.
    """
    terrain = SKIRMISH_TERRAIN
    figures = [
        *squad_in_line("green", "alpha", (24, 8.0), ["heavy"] + ["trooper"] * 4, prefix="g", along=(1.0, 0.0)),
        *squad_in_line("tan", "bravo", (37.5, 9.5), ["trooper"] * 5, prefix="t"),
        Figure("t-sniper", "tan", "sniper", None, 38, 28),
    ]
    state = new_state(settings, figures=figures, terrain=terrain, seed=seed)
    state.apply(EndPhase("green"))  # green stood still: its attack phase
    return state
