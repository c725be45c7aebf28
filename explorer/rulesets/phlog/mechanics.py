"""The rules of the board and of the trick, as small pure functions.

A :class:`Board` is a read-only picture of the table (grid, terrain, doors,
fighters, settings) built from a game state or from a player's view; the
``*_refusal`` functions answer "may this be done?" with ``None`` or with the
:class:`RuleViolation` to raise, so the game, its legal-action list and the
movement explorer all ask the same question the same way. Each is written as
a cheap ``*_block`` (a tag naming what forbids it, or ``None``), which the
legal-action list and the explorer ask, and the words of the refusal, built
only when a refusal is shown.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Iterator, Mapping

from explorer.core import Explained, Reason, RuleViolation
from explorer.core.cards import Card
from explorer.core.grid import DIRECTIONS, Grid, Square, are_adjacent, ray, step
from explorer.core.frozen import evolve

from .data import (
    DOOR, DOOR_COST, JUMP_COST_PER_SQUARE, MIN_JUMP_SQUARES, OBSTACLE, PIT, REMOVAL_MARGIN, STAR_TREK_DOOR,
    STEP_COST, WALL, Fighter,
)
from .settings import Settings
from .sections import ref, refuse
from .line_of_sight import sees, sight


@dataclasses.dataclass(frozen=True)
class Board:
    grid: Grid
    terrain: Mapping[Square, str]
    open_doors: frozenset[Square]  # ordinary doors opened by a fighter
    occupants: Mapping[Square, Fighter]
    settings: Settings

    @classmethod
    def of(cls, table) -> Board:
        """The board of anything with ``grid``, ``terrain``, ``open_doors``, ``fighters`` and ``settings``."""
        occupants = {f.square: f for f in table.fighters.values() if f.square is not None}  # the alive ones
        return cls(table.grid, table.terrain, frozenset(table.open_doors), occupants, table.settings)

    def without(self, fighter: Fighter) -> Board:
        """The board with ``fighter`` lifted off (it does not block its own path)."""
        occupants = {s: f for s, f in self.occupants.items() if f.id != fighter.id}
        return evolve(self, occupants=occupants)

    def moved(self, before: Fighter, after: Fighter) -> Board:
        """The board with ``before`` (standing on it) replaced by ``after``, moved or removed: what a move
        changes, without looking at every fighter again."""
        occupants = dict(self.occupants)
        del occupants[before.square]
        if after.square is not None:
            occupants[after.square] = after
        return evolve(self, occupants=occupants)

    def kind(self, square: Square) -> str | None:
        return self.terrain.get(square)

    def door_is_open(self, square: Square) -> bool:
        """A fighter in a door frame keeps any door open; an ordinary door also stays open once opened."""
        kind = self.kind(square)
        if kind == DOOR:
            return square in self.open_doors or square in self.occupants
        if kind == STAR_TREK_DOOR:
            return square in self.occupants
        return False

    def blocks_sight(self, square: Square) -> bool:
        kind = self.kind(square)
        if kind == WALL or (kind in (DOOR, STAR_TREK_DOOR) and not self.door_is_open(square)):
            return True
        return self.settings.fighters_block_sight and square in self.occupants


# -- moving ---------------------------------------------------------------------------


# Each rule below is written once, as a cheap ``*_block`` that names what forbids the move (a short
# tag, or ``None``), and a ``*_refusal`` that turns that tag into words and a citation. The search
# for reachable squares and the legal-action list ask the block thousands of times a turn and only
# test it for truth, so they must not pay for formatting a message they never show.

OFF_BOARD, WALLED, CLOSED_DOOR, OCCUPIED, NO_POINTS, NOT_A_DIRECTION = (
    "off_board", "wall", "closed_door", "occupied", "no_points", "not_a_direction")


def entry_block(board: Board, square: Square) -> str | None:
    """What keeps a fighter from ending up standing in ``square``, as a tag (``None``: nothing)."""
    if square not in board.grid:
        return OFF_BOARD
    return on_board_block(board, square)


def on_board_block(board: Board, square: Square) -> str | None:
    """:func:`entry_block` for a square known to be on the board (as the squares of :func:`rays` are)."""
    kind = board.terrain.get(square)
    if kind == WALL:
        return WALLED
    if kind == DOOR and not board.door_is_open(square):
        return CLOSED_DOOR
    if square in board.occupants:
        return OCCUPIED
    return None


def _entry_refusal(board: Board, square: Square, verb: str) -> RuleViolation | None:
    """Why a fighter may not end up standing in ``square``, if it may not."""
    block = entry_block(board, square)
    if block is None:
        return None
    if block == OFF_BOARD:
        return refuse("setup.grid", f"cannot {verb} {square}: it is off the board")
    if block == WALLED:
        return refuse("terrain.walls", f"cannot {verb} {square}: walls are impassable")
    if block == CLOSED_DOOR:
        return refuse("terrain.doors",
                      f"cannot {verb} {square}: the door is closed (opening it costs {DOOR_COST} movement point)")
    return refuse("moving.occupied", f"cannot {verb} {square}: {board.occupants[square].id} is standing there")


def step_block(board: Board, square: Square, direction: str, points: int) -> str | None:
    """What stops a fighter on ``square`` stepping one square in ``direction`` with ``points`` left, as a tag."""
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        return NOT_A_DIRECTION
    if points < STEP_COST:
        return NO_POINTS
    return entry_block(board, step(square, direction))


def step_refusal(board: Board, fighter: Fighter, direction: str, points: int) -> RuleViolation | None:
    """Why ``fighter`` may not step one square in ``direction`` with ``points`` left, if it may not."""
    block = step_block(board, fighter.square, direction, points)
    if block is None:
        return None
    if block == NOT_A_DIRECTION:
        return refuse("moving.orthogonal", f"{direction!r} is not a direction: fighters move N, E, S or W only")
    if block == NO_POINTS:
        return refuse("moving.points", f"{fighter.id} has no movement points left")
    return _entry_refusal(board, step(fighter.square, direction), "move to")


def jump_refusal(board: Board, fighter: Fighter, direction: str, squares: int, points: int) -> RuleViolation | None:
    """Why ``fighter`` may not jump ``squares`` squares in ``direction``, if it may not."""
    if not isinstance(direction, str) or direction not in DIRECTIONS:
        return refuse("moving.jump", f"{direction!r} is not a direction: a jump goes N, E, S or W in a straight line")
    if not isinstance(squares, int) or isinstance(squares, bool) or squares < MIN_JUMP_SQUARES:
        return refuse("moving.jump", f"a jump moves at least {MIN_JUMP_SQUARES} squares (that costs "
                                     f"{MIN_JUMP_SQUARES * JUMP_COST_PER_SQUARE} movement points)")
    cost = jump_cost(squares).value
    if cost > points:
        return refuse("moving.points",
                      f"jumping {squares} squares costs {cost} movement points; {fighter.id} has {points}")
    *over, landing = ray(fighter.square, direction, squares)
    for square in over:
        refusal = _jumped_square_refusal(board, square)
        if refusal:
            return refusal
    return _entry_refusal(board, landing, "land on")


def legal_jumps(board: Board, fighter: Fighter, points: int) -> Iterator[tuple[str, int]]:
    """Every ``(direction, squares)`` jump :func:`jump_refusal` allows ``fighter``."""
    return jumps_from(board, fighter.square, points)


def jumps_from(board: Board, square: Square, points: int) -> Iterator[tuple[str, int]]:
    """Every ``(direction, squares)`` jump :func:`jump_refusal` allows from ``square``, found in one pass a
    direction: a square that cannot be jumped over rules out every longer jump that way too (and the edge of
    the board ends every ray: a jump over or onto a square off the board is refused)."""
    longest = points // JUMP_COST_PER_SQUARE
    if longest < MIN_JUMP_SQUARES:
        return
    # The hottest loop of listing and of the reach search: on_board_block and _over_block are written out here
    # (the same tests, in local names), as a function call a square costs more than the tests.
    terrain, occupants, open_doors = board.terrain, board.occupants, board.open_doors
    over_fighters = board.settings.jump_over_fighters
    for direction, line in rays(board.grid, square):
        for squares in range(MIN_JUMP_SQUARES, min(longest, len(line)) + 1):
            over = line[squares - 2]
            kind = terrain.get(over)
            if kind == WALL:  # WALLED
                break
            if over in occupants:  # OCCUPIED (a door a fighter stands in is open): jumped only if the setting says
                if not over_fighters:
                    break
            elif kind == DOOR and over not in open_doors:  # CLOSED_DOOR
                break
            landing = line[squares - 1]
            kind = terrain.get(landing)
            if landing not in occupants and kind != WALL and (kind != DOOR or landing in open_doors):
                yield direction, squares


@functools.lru_cache(maxsize=4096)
def rays(grid: Grid, square: Square) -> tuple[tuple[str, tuple[Square, ...]], ...]:
    """For each direction in order, the squares of the board from ``square``'s neighbour that way to the edge
    (the grid never changes: worked out once)."""
    out = []
    for direction in DIRECTIONS:
        ray, here = [], step(square, direction)
        while here in grid:
            ray.append(here)
            here = step(here, direction)
        out.append((direction, tuple(ray)))
    return tuple(out)


def jumped_square_block(board: Board, square: Square) -> str | None:
    """What keeps a fighter from jumping over ``square``, as a tag (``None``: nothing): what keeps it
    from standing there, except a fighter where the setting lets jumps pass over fighters."""
    return _over_block(board, entry_block(board, square))


def _over_block(board: Board, block: str | None) -> str | None:
    """What keeps a fighter from jumping over a square whose entry ``block`` is given: all of it, except a
    fighter where the setting lets jumps pass over fighters."""
    return None if block == OCCUPIED and board.settings.jump_over_fighters else block


def _jumped_square_refusal(board: Board, square: Square) -> RuleViolation | None:
    block = jumped_square_block(board, square)
    if block is None:
        return None
    if block == OFF_BOARD:
        return refuse("setup.grid", f"cannot jump over {square}: it is off the board")
    if block == WALLED:
        return refuse("terrain.walls", f"cannot jump over the wall at {square}: fighters may not scale walls")
    if block == CLOSED_DOOR:
        return refuse("terrain.doors", f"cannot jump through the closed door at {square}")
    return refuse("moving.occupied", f"cannot jump over {board.occupants[square].id}: fighters may not pass through "
                                     "another fighter's square")


NOT_A_SQUARE, SELF_OPENING, NO_DOOR, HELD_OPEN, NOT_NEXT_TO = (
    "not_a_square", "self_opening", "no_door", "held_open", "not_next_to")


def toggle_door_block(board: Board, fighter: Fighter, square: Square, points: int) -> str | None:
    """What stops ``fighter`` opening or closing the door at ``square``, as a tag (``None``: nothing)."""
    if not (isinstance(square, tuple) and len(square) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in square)):
        return NOT_A_SQUARE
    return door_block(board, fighter, square, points)


def door_block(board: Board, fighter: Fighter, square: Square, points: int) -> str | None:
    """:func:`toggle_door_block` for a square the engine made (a pair of whole numbers)."""
    kind = board.terrain.get(square)
    if kind == STAR_TREK_DOOR:
        return SELF_OPENING
    if kind != DOOR:
        return NO_DOOR
    if square in board.occupants:
        return HELD_OPEN
    if not are_adjacent(fighter.square, square):
        return NOT_NEXT_TO
    if points < DOOR_COST:
        return NO_POINTS
    return None


def toggle_door_refusal(board: Board, fighter: Fighter, square: Square, points: int) -> RuleViolation | None:
    """Why ``fighter`` may not open or close the door at ``square``, if it may not."""
    block = toggle_door_block(board, fighter, square, points)
    if block is None:
        return None
    if block == NOT_A_SQUARE:
        return refuse("terrain.doors", f"{square!r} is not a square: give (column, row)")
    if block == SELF_OPENING:
        return refuse("terrain.star_trek_doors", f"the Star-Trek door at {square} opens and closes by itself")
    if block == NO_DOOR:
        return refuse("terrain.doors", f"there is no door at {square}")
    if block == HELD_OPEN:
        return refuse("terrain.doors",
                      f"{board.occupants[square].id} stands in the door frame at {square}, keeping it open")
    if block == NOT_NEXT_TO:
        return refuse("terrain.doors", f"{fighter.id} must stand next to the door at {square} to open or close it")
    return refuse("moving.points",
                  f"opening or closing a door costs {DOOR_COST} movement point; {fighter.id} has none left")


@dataclasses.dataclass(frozen=True)
class Arrival:
    """What entering a square does to the fighter: stop its movement, or remove it."""

    ends_movement: bool = False
    removes: bool = False
    reason: Reason | None = None


def arrival(board: Board, square: Square) -> Arrival:
    """What entering ``square`` does: it depends only on the square's kind and one setting, so each answer is
    made once and shared (moves and the reach search ask it for every square entered)."""
    kind = board.terrain.get(square)
    if kind != PIT and kind != OBSTACLE:
        return _NO_EFFECT
    key = (kind, board.settings.deadly_obstacles)
    found = _ARRIVALS.get(key)
    if found is None:
        found = _ARRIVALS[key] = _arrival(kind, key[1])
    return found


_NO_EFFECT = Arrival()
_ARRIVALS: dict[tuple[str, bool], Arrival] = {}  # at most two kinds by two settings


def _arrival(kind: str, deadly: bool) -> Arrival:
    if kind == PIT:
        return Arrival(True, True, Reason(ref("terrain.pits"), "ends its movement in a pit: removed from play"))
    text = "ends its movement on an obstacle: " + ("removed from play" if deadly else "it stops there")
    return Arrival(True, deadly, Reason(ref("terrain.obstacles"), text))


def jump_cost(squares: int) -> Explained[int]:
    cost = squares * JUMP_COST_PER_SQUARE
    return Explained(cost, (Reason(ref("moving.jump"), f"jump {squares} squares over {squares - 1}", cost),))


# -- attacking ------------------------------------------------------------------------


NO_TARGET, OWN_BAND, OUT_OF_SIGHT, OUT_OF_REACH = "no_target", "own_band", "out_of_sight", "out_of_reach"


def attack_block(board: Board, attacker: Fighter, target: Fighter | None) -> str | None:
    """What stops ``attacker`` attacking ``target`` from where it stands, as a tag (``None``: nothing)."""
    if not isinstance(target, Fighter) or not target.alive:
        return NO_TARGET
    if target.side == attacker.side:
        return OWN_BAND
    if attacker.ranged:
        return None if sees(board, attacker.square, target.square) else OUT_OF_SIGHT
    if not are_adjacent(attacker.square, target.square, diagonal=board.settings.diagonal_hand_to_hand):
        return OUT_OF_REACH
    return None


def attack_range(board: Board, attacker: Fighter) -> int | None:
    """The farthest, in orthogonal steps, a target can be for :func:`attack_block` to allow the attack
    (``None``: no limit, sight decides). Kept beside the rule it bounds, for searches that skip hopeless
    squares."""
    if attacker.ranged:
        return None
    return 2 if board.settings.diagonal_hand_to_hand else 1


def attack_refusal(board: Board, attacker: Fighter, target: Fighter | None) -> RuleViolation | None:
    """Why ``attacker`` may not attack ``target`` from where it stands, if it may not."""
    block = attack_block(board, attacker, target)
    if block is None:
        return None
    if block == NO_TARGET:
        return refuse("attacking", "there is no such fighter on the board to attack")
    if block == OWN_BAND:
        return refuse("attacking", f"{target.id} is in {attacker.id}'s own band")
    if block == OUT_OF_SIGHT:
        blockers = ", ".join(map(str, sight(board, attacker.square, target.square).blocked_by))
        return refuse("attacking.line_of_sight",
                      f"{attacker.id} cannot see {target.id}: sight is blocked at {blockers}")
    where = ("next to (orthogonally or diagonally)" if board.settings.diagonal_hand_to_hand
             else "orthogonally next to")
    return refuse("attacking.hand_to_hand", f"a hand-to-hand attack needs {target.id} {where} {attacker.id}")


def card_value(card: Card, settings: Settings) -> Explained[int]:
    value = settings.card_values.value(card)
    return Explained(value, (Reason(ref("attacking.card_values"), f"{card} counts {value}"),))


@dataclasses.dataclass(frozen=True)
class Trick:
    """Two card values compared: who wins, by how much, and whose figure goes."""

    attack: int
    defence: int
    needed: int = REMOVAL_MARGIN  # the margin that removes the loser's figure (the setting removal_margin)

    @property
    def margin(self) -> int:
        return self.attack - self.defence

    @property
    def winner(self) -> str | None:
        return None if self.margin == 0 else ("attacker" if self.margin > 0 else "defender")

    @property
    def removed(self) -> str | None:
        """The role whose figure is removed: the loser, when the winner wins by four or more."""
        if abs(self.margin) < self.needed:
            return None
        return "defender" if self.margin > 0 else "attacker"


def resolve_trick(attack: int, defence: int, needed: int = REMOVAL_MARGIN) -> Explained[Trick]:
    trick = Trick(attack, defence, needed)
    if trick.winner is None:
        reasons = [Reason(ref("attacking.trick"), f"{attack} ties {defence}: nobody wins the trick")]
    else:
        high, low = max(attack, defence), min(attack, defence)
        reasons = [Reason(ref("attacking.trick"), f"{high} beats {low}: the {trick.winner} wins by {high - low}")]
        if trick.removed:
            reasons.append(Reason(ref("attacking.removal"),
                                  f"won by {needed} or more: the {trick.removed}'s figure is removed"))
        else:
            reasons.append(Reason(ref("attacking.removal"), f"won by less than {needed}: nobody is removed"))
    return Explained(trick, tuple(reasons))


def spoils_taker(trick: Trick, settings: Settings) -> str | None:
    """The role that keeps both cards; ``None`` when each card goes to its own player's spent pile."""
    if trick.winner:
        return trick.winner
    return None if settings.ties == "own_cards" else settings.ties
