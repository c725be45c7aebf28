"""What a Dice Tactics game is made of: the fixed setup, and the frozen position that changes.

A game begins in the ``setup`` phase (the second player picks a side of the
board, then the draft), each a pending :class:`~explorer.core.Decision`.
A turn then runs ``start`` (an action card, ballista shots) → ``main`` (two
actions) → ``end`` (terrain actions) and passes. Choices that follow an
action (where a defeated unit respawns, eliminate or capture, where a pushed
defender goes, what Prep discards) are pending decisions of the player who
attacked; the rest of them wait in ``queue``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from explorer.core import Decision, Event
from explorer.core.actions import PUBLIC
from explorer.core.frozen import evolve
from explorer.core.grid import Grid, Square

from .sections import ref

SETUP, START, MAIN, END = "setup", "start", "main", "end"
PHASES = (SETUP, START, MAIN, END)
MARCH, FORWARD, SABOTAGE, RELOCATE = "march", "forward", "sabotage", "relocate"
MOVE_KINDS = (MARCH, FORWARD, SABOTAGE, RELOCATE)


@dataclasses.dataclass(frozen=True)
class Setup:
    """What never changes in a game: the grid, its terrain, the spawn points of each edge, the Target Zone."""

    grid: Grid
    terrain: Mapping[Square, str]  # squares not named are ground
    spawns: Mapping[str, tuple[Square, ...]]  # edge -> its spawn points
    zone: frozenset[Square]

    def kind(self, square: Square) -> str:
        return self.terrain.get(square, "ground")


@dataclasses.dataclass(frozen=True)
class Unit:
    """A die on the board: its top face is its strength. ``square`` is ``None`` while it waits to respawn."""

    id: str
    side: str
    kind: str
    strength: int
    square: Square | None


@dataclasses.dataclass(frozen=True)
class Supply:
    squads: int = 0
    tanks: int = 0


@dataclasses.dataclass(frozen=True)
class Effect:
    """A card's effect that lasts: ``name`` (a card key), for ``side`` (whom it helps or hinders), in ``turn``."""

    name: str
    side: str
    turn: int


@dataclasses.dataclass(frozen=True)
class Moving:
    """A March (or Forward!, Sabotage, Relocate) under way: the movements left and what has moved."""

    kind: str
    points: int
    unit: str = ""  # the one unit that may move ("" for any of the player's)
    moved: tuple[str, ...] = ()  # units that have moved, in order
    free_used: tuple[str, ...] = ()  # tanks that took their Motorized free movement
    ignore_costs: bool = False  # Navigation Expert
    no_tanks: bool = False  # Fuel Shortage


@dataclasses.dataclass(frozen=True)
class EdgeChoice(Decision):
    @property
    def prompt(self) -> str:
        return "choose a side of the board"


@dataclasses.dataclass(frozen=True)
class DraftPick(Decision):
    @property
    def prompt(self) -> str:
        return "keep one of the action cards offered"


@dataclasses.dataclass(frozen=True)
class RespawnChoice(Decision):
    unit: str = ""

    @property
    def prompt(self) -> str:
        return f"choose a spawn point for {self.unit}"


@dataclasses.dataclass(frozen=True)
class ClaimChoice(Decision):
    unit: str = ""

    @property
    def prompt(self) -> str:
        return f"eliminate or capture {self.unit}"


@dataclasses.dataclass(frozen=True)
class PushChoice(Decision):
    unit: str = ""

    @property
    def prompt(self) -> str:
        return f"choose the space {self.unit} is pushed to"


@dataclasses.dataclass(frozen=True)
class DiscardChoice(Decision):
    @property
    def prompt(self) -> str:
        return "discard down to two cards"


PENDING_TYPES = (EdgeChoice, DraftPick, RespawnChoice, ClaimChoice, PushChoice, DiscardChoice)


@dataclasses.dataclass(frozen=True)
class Position:
    """The part of a game that changes. Never mutated: each action builds the next one."""

    units: Mapping[str, Unit]
    supply: Mapping[str, Supply]
    resources: Mapping[str, int]
    vp: Mapping[str, int]
    hands: Mapping[str, tuple[str, ...]]
    deck: tuple[str, ...]
    windmills: Mapping[Square, int]
    edges: Mapping[str, str]  # player -> edge (empty until chosen)
    side: str
    turn: int = 1
    marker: int = 1  # the Operation Marker's space, from 1
    phase: str = SETUP
    actions_left: int = 0
    temporary: int = 0  # resources of the active player that vanish at the end of the turn
    card_played: bool = False
    shot: frozenset[str] = frozenset()  # units that shot a ballista this turn
    acted: frozenset[str] = frozenset()  # units that took their end-of-turn terrain action
    effects: tuple[Effect, ...] = ()
    moving: Moving | None = None
    draft: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict)  # cards offered
    queue: tuple[Decision, ...] = ()  # decisions waiting behind ``pending``
    pending: Decision | None = None
    finished: bool = False  # the Operation Track has run out

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def with_unit(self, unit: Unit) -> Position:
        return evolve(self, units={**self.units, unit.id: unit})

    def plus(self, field: str, side: str, amount: int) -> Position:
        values = getattr(self, field)
        return evolve(self, **{field: {**values, side: values[side] + amount}})

    def occupant(self, square) -> Unit | None:
        for unit in self.units.values():
            if unit.square == square:
                return unit
        return None

    def in_play(self, side: str) -> list[Unit]:
        return [u for u in self.units.values() if u.side == side and u.square is not None]

    def effect(self, name: str, side: str, turn: int | None = None) -> bool:
        turn = self.turn if turn is None else turn
        return any(e.name == name and e.side == side and e.turn == turn for e in self.effects)


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


_CITED: dict[tuple[str, ...], tuple[str, ...]] = {}


def event(kind: str, text: str, keys: tuple[str, ...], visibility: str = PUBLIC, **data) -> Event:
    """An event citing the sections ``keys``, seen by everyone or by the one player ``visibility``."""
    cited = _CITED.get(keys)
    if cited is None:
        cited = _CITED[keys] = tuple(ref(k).key for k in keys)
    return Event(kind, text, cited, {"visibility": visibility, **data})
