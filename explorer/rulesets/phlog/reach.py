"""Where a fighter can get to with so many movement points: the reachable-squares explorer.

A cheapest-first search over (square, doors opened on the way), using the
same refusal functions as the game, so every route it shows can be played
action by action.
"""

from __future__ import annotations

import dataclasses
import heapq
from itertools import count

from explorer.core import Explained, Reason
from explorer.core.grid import DIRECTIONS, Square, are_adjacent, step
from explorer.core.frozen import evolve

from .actions import Action, Jump, Step, ToggleDoor
from .data import DOOR, DOOR_COST, JUMP_COST_PER_SQUARE, STEP_COST, Fighter
from .mechanics import Board, arrival, legal_jumps, step_refusal
from .sections import ref

STANDS, STOPS, REMOVED = "stands", "stops", "removed"


@dataclasses.dataclass(frozen=True)
class Route:
    """The cheapest way found to a square: its cost, the actions to play, and what happens on arrival."""

    square: Square
    cost: int
    actions: tuple[Action, ...] = ()
    path: tuple[Square, ...] = ()  # every square stood on, the start included
    fate: str = STANDS  # "stands"; "stops" (movement ends there); "removed" (falls in a pit)

    def __str__(self) -> str:
        return f"{self.cost} movement point{'s' * (self.cost != 1)}"


def reachable_squares(table, fighter: Fighter | str, movement: int) -> dict[Square, Explained[Route]]:
    """Every square ``fighter`` can reach spending at most ``movement`` points, with the cheapest route.

    ``table`` is a game state or a player's view. Routes include jumps and
    opening doors on the way. Squares where the movement would end (an
    obstacle, or a pit that removes the fighter) are included, with their
    ``fate`` saying so, but the search does not go on from them.
    """
    if isinstance(fighter, str):
        fighter = table.fighters[fighter]
    if not fighter.alive:
        return {}
    board = Board.of(table).without(fighter)
    doors = [square for square, kind in board.terrain.items() if kind == DOOR]
    start = (fighter.square, board.open_doors)
    best = {start: 0}
    found: dict[Square, Explained[Route]] = {}
    tie_break = count()
    queue = [(0, next(tie_break), start, (), (fighter.square,), ())]
    while queue:
        cost, _, node, actions, path, reasons = heapq.heappop(queue)
        if best.get(node, cost) < cost:
            continue
        square, opened = node
        arrived = arrival(board, square) if actions else None
        fate = STANDS if not arrived or not arrived.ends_movement else (REMOVED if arrived.removes else STOPS)
        if square not in found:
            route = Route(square, cost, actions, path, fate)
            found[square] = Explained(route, reasons + ((arrived.reason,) if fate != STANDS else ()))
        if fate != STANDS:
            continue  # movement ends here
        here = evolve(board, open_doors=opened)
        mover = evolve(fighter, square=square)
        for move, new_square, new_opened, spent, reason in _moves(here, mover, movement - cost, doors):
            new_node = (new_square, new_opened)
            new_cost = cost + spent
            if new_cost < best.get(new_node, new_cost + 1):
                best[new_node] = new_cost
                new_path = path if new_square == square else path + (new_square,)
                heapq.heappush(queue, (new_cost, next(tie_break), new_node, actions + (move,), new_path,
                                       reasons + (reason,)))
    return found


def _moves(board: Board, fighter: Fighter, points: int, doors: list[Square]):
    """Each single action the fighter could take next: (action, square after, doors open after, cost, reason)."""
    square = fighter.square
    for direction in DIRECTIONS:
        if not step_refusal(board, fighter, direction, points):
            to = step(square, direction)
            yield Step(fighter.side, direction), to, board.open_doors, STEP_COST, Reason(
                ref("moving.points"), f"step {direction} to {to}", STEP_COST)
    for door in doors:
        if door not in board.open_doors and are_adjacent(square, door) and points >= DOOR_COST:
            yield ToggleDoor(fighter.side, door), square, board.open_doors | {door}, DOOR_COST, Reason(
                ref("terrain.doors"), f"open the door at {door}", DOOR_COST)
    for direction, squares in legal_jumps(board, fighter, points):
        to = step(square, direction, squares)
        cost = squares * JUMP_COST_PER_SQUARE
        yield Jump(fighter.side, direction, squares), to, board.open_doors, cost, Reason(
            ref("moving.jump"), f"jump {squares} squares {direction} to {to}", cost)
