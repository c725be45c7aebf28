"""Where a fighter can get to with so many movement points: the reachable-squares explorer.

A cheapest-first search over (square, doors opened on the way), using the
same rules as the game (in their cheap ``*_block`` form), so every route it
shows can be played action by action.

Bots ask it for many squares each decision but follow one route, so the
search keeps each route as a linked trail of moves and spells out actions and
reasons only for the routes asked for (:func:`spell_out`).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator
from typing import NamedTuple

from explorer.core import Explained, Reason
from explorer.core.grid import Square, are_adjacent, step
from explorer.core.frozen import evolve, made
from explorer.core.gridstate import setup_memo

from .actions import Action, Jump, Step, ToggleDoor
from .data import DOOR, DOOR_COST, JUMP_COST_PER_SQUARE, STEP_COST, Fighter
from .mechanics import Arrival, Board, arrival, jumps_from, on_board_block, rays
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
    return {square: spell_out(fighter, spot) for square, spot in reachable_spots(table, fighter, movement).items()}


class Spot(NamedTuple):
    """A square the search reached, with its cheapest route still a trail of moves (see :func:`spell_out`)."""

    square: Square
    cost: int
    fate: str
    trail: tuple | None  # (the trail before, the last _Move); None for the square the fighter stands on
    arrived: Arrival | None


def reachable_spots(table, fighter: Fighter, movement: int) -> dict[Square, Spot]:
    """:func:`reachable_squares` without spelling out the routes, for bots that ask about many squares
    and follow one route. The same search, so the same squares, costs and routes."""
    return {spot.square: spot for spot in spots_in_order(table, fighter, movement)}


def spots_in_order(table, fighter: Fighter, movement: int, *, lifted: Board | None = None) -> Iterator[Spot]:
    """Each square reached, once, cheapest first (costs never go down), found as they are asked for.

    The spots found for ``movement`` are exactly those of a larger budget that
    cost at most ``movement``, in the same order: squares are settled cheapest
    first, and a cheaper route never depends on a dearer one. ``lifted``: the table's board without the fighter,
    if the caller has it already.
    """
    if not fighter.alive:
        return
    board = lifted if lifted is not None else Board.of(table).without(fighter)
    doors = [square for square, kind in board.terrain.items() if kind == DOOR]
    # The board with each set of doors opened on the way, built once, with its remembered moves.
    boards = {board.open_doors: (board, _remembered_moves(board))}
    arrivals: dict[Square, Arrival] = {}
    start = (fighter.square, board.open_doors)
    best = {start: 0}
    found: set[Square] = set()
    # Cheapest first, and among equal costs first queued first: a bucket of routes a cost, each in the order
    # queued (every move costs at least a point, so a route queued while a bucket is worked goes in a later one).
    # A queued route is its last move and the route before it (a linked trail): the actions, path and reasons
    # are spelled out only when asked for, not for every route tried.
    buckets: dict[int, list] = {0: [(start, None)]}
    # The bots' hottest loop: functions and the dicts' get are looked up once, in local names; a Spot is made
    # as the tuple it is (its class's __new__ is a Python function).
    best_get, new_spot = best.get, tuple.__new__
    unlimited = _unlimited(board)
    cost = top = 0
    while cost <= top:
        queued = buckets.pop(cost, None)
        if queued is None:
            cost += 1
            continue
        points = movement - cost
        for node, trail in queued:
            if best_get(node, cost) < cost:
                continue  # a cheaper route to it was found after this one was queued
            square, opened = node
            arrived = None
            fate = STANDS
            if trail is not None:
                arrived = arrivals.get(square)
                if arrived is None:
                    arrived = arrivals[square] = arrival(board, square)
                if arrived.ends_movement:
                    fate = REMOVED if arrived.removes else STOPS
            if square not in found:
                found.add(square)
                yield new_spot(Spot, (square, cost, fate, trail, arrived))
            if fate != STANDS:
                continue  # movement ends here
            here = boards.get(opened)
            if here is None:
                opened_board = evolve(board, open_doors=opened)
                here = boards[opened] = (opened_board, _remembered_moves(opened_board))
            moves = here[1].get(square)
            if moves is None:
                moves = here[1][square] = _moves_kept(here[0], square, unlimited, doors)
            for move_cost, new_node, move in moves:  # (a move's cost, where it leads: (square, doors open), the move)
                if move_cost > points:
                    continue  # every move is allowed with fewer points exactly when it costs no more than those
                new_cost = cost + move_cost
                if new_cost < best_get(new_node, new_cost + 1):
                    best[new_node] = new_cost
                    later = buckets.get(new_cost)
                    if later is None:
                        later = buckets[new_cost] = []
                        if new_cost > top:
                            top = new_cost
                    later.append((new_node, (trail, move)))
        cost += 1


_MOVES: dict = {}  # what a board is made of -> (its terrain, its settings, {square: moves})


def _unlimited(board: Board) -> int:
    """Points enough for any move on ``board`` (the longest jump crosses it)."""
    return max(STEP_COST, DOOR_COST, JUMP_COST_PER_SQUARE * (board.grid.width + board.grid.height))


def _remembered_moves(board: Board) -> dict:
    """The moves already found on ``board`` from each square, with points enough for any (see :func:`_moves`).

    Consecutive searches of a turn are made on the same board (the moving fighter is lifted off it) and
    expand many of the same squares, so they share these. The key holds everything
    :func:`_moves` reads: grid, terrain and settings (by identity: the setup is never changed, and the
    entry keeps them alive, so an identity is never reused), open doors and occupied squares."""
    key = (board.grid, id(board.terrain), id(board.settings), board.open_doors, frozenset(board.occupants))
    entry = _MOVES.get(key)
    if entry is None or entry[0] is not board.terrain or entry[1] is not board.settings:
        if len(_MOVES) >= 64:  # bound the memory: a game only comes back to the boards of its last turns
            _MOVES.clear()
        entry = _MOVES[key] = (board.terrain, board.settings, {})
    return entry[2]


def _moves_kept(board: Board, square: Square, points: int, doors: list[Square]) -> tuple:
    """:func:`_moves` as ``(cost, (square led to, doors open after), move)`` (what the search reads), kept per table
    for what those moves read: the open doors, the setting for jumping over fighters and the fighters standing in
    line with the square (a step or a jump crosses only squares of its row or column). A new board (someone moved)
    misses :func:`_remembered_moves`, but most squares it asks about see the same fighters in line as before."""
    x, y = square
    in_line = tuple(sorted(s for s in board.occupants if s[0] == x or s[1] == y))
    key = (square, board.grid, board.open_doors, board.settings.jump_over_fighters, points, in_line)
    memo = setup_memo(board.terrain)
    kept = memo.get("moves_in_line")
    if kept is None or len(kept) >= 65536:  # bound the memory: only the positions of recent games come back
        kept = memo["moves_in_line"] = {}
    moves = kept.get(key)
    if moves is None:
        moves = kept[key] = tuple((move.cost, (move.to, move.opened), move)
                                  for move in _moves(board, square, points, doors))
    return moves


class _Move(NamedTuple):
    """One action of a route, before it is spelled out: ``kind`` is "step", "door" or "jump"."""

    kind: str
    direction: str | None
    squares: int  # a jump's length
    to: Square  # where the fighter stands after it
    opened: frozenset[Square]  # the doors open after it
    cost: int
    door: Square | None = None  # the door a "door" move opens


def _moves(board: Board, square: Square, points: int, doors: list[Square]) -> Iterator[_Move]:
    """Each single action a fighter on ``square`` could take next (steps, opening doors, jumps, in that order).

    With fewer points, the moves are these same ones that cost no more than the points, in the same
    order: no rule here asks for more points than the move costs."""
    opened = board.open_doors
    if points >= STEP_COST:  # as step_block, for the four directions (a ray's first square is on the board)
        for direction, line in rays(board.grid, square):
            if line and on_board_block(board, line[0]) is None:
                yield _Move("step", direction, 1, line[0], opened, STEP_COST)
    if points >= DOOR_COST:
        for door in doors:
            if door not in opened and are_adjacent(square, door):
                yield _Move("door", None, 0, square, opened | {door}, DOOR_COST, door)
    for direction, squares in jumps_from(board, square, points):
        yield _Move("jump", direction, squares, step(square, direction, squares), opened,
                    squares * JUMP_COST_PER_SQUARE)


def spell_out(fighter: Fighter, spot: Spot) -> Explained[Route]:
    """The route of a spot: its actions, the squares stood on, and the reasons."""
    moves = []
    trail = spot.trail
    while trail is not None:
        trail, move = trail
        moves.append(move)
    moves.reverse()
    actions, reasons, path = [], [], [fighter.square]
    for move in moves:
        actions.append(_action(fighter.side, move))
        reasons.append(_reason(move))
        if move.to != path[-1]:
            path.append(move.to)
    if spot.fate != STANDS:
        reasons.append(spot.arrived.reason)
    return Explained(Route(spot.square, spot.cost, tuple(actions), tuple(path), spot.fate), tuple(reasons))


def first_action(fighter: Fighter, spot: Spot) -> Action | None:
    """The first action of the spot's route (``spell_out(fighter, spot).value.actions[0]``), without spelling out
    the rest: a bot that follows a route plays one action, then looks again. ``None`` for the fighter's own square."""
    trail, first = spot.trail, None
    while trail is not None:
        trail, first = trail
    return None if first is None else _action(fighter.side, first)


def _action(side: str, move: _Move) -> Action:
    # made: the engine's own values, and the same few actions come back at every search
    if move.kind == "step":
        return made(Step, side, move.direction)
    if move.kind == "door":
        return made(ToggleDoor, side, move.door)
    return made(Jump, side, move.direction, move.squares)


def _reason(move: _Move) -> Reason:
    if move.kind == "step":
        return Reason(ref("moving.points"), f"step {move.direction} to {move.to}", move.cost)
    if move.kind == "door":
        return Reason(ref("terrain.doors"), f"open the door at {move.door}", move.cost)
    return Reason(ref("moving.jump"), f"jump {move.squares} squares {move.direction} to {move.to}", move.cost)
