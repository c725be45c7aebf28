"""Moving the activated fighter: steps, jumps, and working doors."""

from __future__ import annotations

from explorer.core import Event, RuleViolation
from explorer.core.actions import PUBLIC
from explorer.core.grid import are_adjacent, step
from explorer.core.frozen import evolve, made, maker, shared
from explorer.core.gridstate import setup_memo

from .actions import Attack, EndTurn, Jump, Step, ToggleDoor
from .data import (
    DOOR, DOOR_COST, JUMP_COST_PER_SQUARE, MIN_JUMP_SQUARES, RANGED, STAR_TREK_DOOR, STEP_COST, WALL, Fighter,
)
from .line_of_sight import sees_by, sight_lines
from .mechanics import (
    arrival, jump_refusal, rays, step_refusal, toggle_door_refusal,
)
from .position import cited, count, event
from .sections import refuse
from .turn import fighter_turn_refusal


def mover_refusal(state) -> RuleViolation | None:
    """Why the activated fighter may not move now, if it may not."""
    refusal = fighter_turn_refusal(state)
    if refusal:
        return refusal
    p = state.position
    fighter = state.activated_fighter
    if p.movement_stopped:
        return refuse(p.movement_stopped, f"{fighter.id}'s movement has ended this turn")
    return None


# -- the offers: the same rules as the checks, asked through their cheap "block" form ---------------------------
def fighter_offers(state) -> list:
    """What the activated fighter may do now, in order: steps, jumps, doors, attacks, then ending the turn (one
    function for the whole phase, so the fighter, the board and the points are looked up once; a list, not a
    generator, and ``alive`` read as its square: this is the hottest part of listing).

    What the terrain alone decides is settled once per table, square and player (:func:`_square_plan`); here
    only what changes is asked: who stands where, which doors are open, the points left. These are the tests
    of ``on_board_block`` (a step), :func:`~.mechanics.jumps_from` (a jump), ``door_block`` and
    ``attack_block``, written out in the loop (a call an offer costs more than its tests)."""
    p = state.position
    player = p.side
    fighter = p.fighters[p.activated]  # the move phase always has its fighter (the position's check says so)
    square = fighter.square
    kept = state.__dict__  # the square's plan and the board, as _square_plan and state.board keep them, read here
    plans = kept.get("_offer_plans")  # (the hottest listing: two calls less)
    if plans is None:
        plans = kept["_offer_plans"] = _plans(state.game.setup)
    plan = plans.get((square, player))
    if plan is None:
        plan = _square_plan(state.game.setup, square, player)
    if square is None:
        return [plan[4]]
    board = kept.get("_board")
    board = board[2] if board is not None and board[0] is p.fighters and board[1] is p.open_doors else state.board
    occupants, open_doors = board.occupants, board.open_doors
    if not p.movement_stopped:
        points = p.movement_left
        unhindered = plan[6].get(points)
        if unhindered is None:
            unhindered = plan[6][points] = _unhindered(plan, points)
        area, listed = unhindered
        if area is not None and occupants.keys().isdisjoint(area):  # nobody on a square the moves ask, nor next to
            # the fighter (so no hand-to-hand attack): the terrain alone decides, as it does at most positions
            if fighter.weapon != RANGED or p.attacked:
                return listed  # (a tuple: the core keeps it as it is)
            return [*listed[:-1], *_ranged_attacks(state, board, fighter), listed[-1]]
    offers = []
    if not p.movement_stopped:
        if points >= STEP_COST:
            for act, to, door in plan[0]:  # not a wall (the plan); not occupied; a door only if open
                if to not in occupants and (not door or to in open_doors):
                    offers.append(act)
        longest = points // JUMP_COST_PER_SQUARE
        if longest >= MIN_JUMP_SQUARES:
            over_fighters = board.settings.jump_over_fighters
            keys = occupants.keys()
            for line, by_length in plan[1]:  # each direction: the jumps up to the first wall jumped over
                clear, acts = by_length[longest] if longest < len(by_length) else by_length[-1]
                if clear is not None and keys.isdisjoint(clear):  # nobody, and no door, on the squares they use:
                    offers += acts  # the terrain alone decides (so it is for most directions at most positions)
                    continue
                for squares, over, over_door, landing, landing_door, act in line:  # shortest first
                    if squares > longest:
                        break
                    if over in occupants:  # a door a fighter stands in is open: jumped only if the setting says
                        if not over_fighters:
                            break
                    elif over_door and over not in open_doors:
                        break
                    if act is not None and landing not in occupants and (not landing_door or landing in open_doors):
                        offers.append(act)
        if points >= DOOR_COST:
            for door, act in plan[2]:
                if door not in occupants:  # a fighter in the frame holds it open
                    offers.append(act)
    if not p.attacked:  # attack_block: a card in hand (asked after the squares around, for hand-to-hand: most
        side = fighter.side  # moves find nobody there), and a target
        if fighter.weapon == RANGED:
            offers += _ranged_attacks(state, board, fighter)
        else:  # an enemy standing next to it (diagonally too, if the setting says): asked of the squares around it
            # (a few lookups), then offered in the fighters' order, as the rule lists them
            near = []
            for there in plan[5] if board.settings.diagonal_hand_to_hand else plan[3]:  # (loops, not
                target = occupants.get(there)  # comprehensions: each of those is a call, and most find nobody)
                if target is not None and target.side != side:
                    near.append(target)
            if near and state.hand_split(player)[0]:
                if len(near) > 1:
                    ids = {target.id for target in near}
                    near = [target for target in p.fighters.values() if target.id in ids]
                for target in near:
                    offers.append(made(Attack, player, target.id))
    offers.append(plan[4])
    return offers


def _ranged_attacks(state, board, fighter) -> list:
    """The attacks of the activated ranged ``fighter``, which has not attacked yet: one an enemy standing in sight
    (the sight plans found once), with a card in hand."""
    p = state.position
    player, side, square = p.side, fighter.side, fighter.square
    if not state.hand_split(player)[0]:
        return []
    lines = sight_lines(board)
    return [made(Attack, player, target.id) for target in p.fighters.values()
            if target.square is not None and target.side != side and sees_by(lines, board, square, target.square)]


def _unhindered(plan: tuple, points: int) -> tuple:
    """``(squares, offers)``: the offers of a fighter on the square of ``plan`` with ``points`` left, steps, jumps,
    doors and ending the turn, when no other fighter stands on any of ``squares``, those its moves ask and those
    next to it (so no hand-to-hand attack is offered either); ``(None, ())`` when a door among them makes the open
    doors decide too. Kept in the plan by points (what :func:`fighter_offers` asks, without the fighters, when
    nobody is near)."""
    steps, jumps, doors, _, end, around = plan[:6]
    squares = set(around)  # (the steps' squares among them)
    offers = []
    if points >= STEP_COST:
        for act, _, door in steps:
            if door:
                return None, ()
            offers.append(act)
    longest = points // JUMP_COST_PER_SQUARE
    if longest >= MIN_JUMP_SQUARES:
        for _, by_length in jumps:
            clear, acts = by_length[longest] if longest < len(by_length) else by_length[-1]
            if clear is None:
                return None, ()
            squares |= clear
            offers += acts
    if points >= DOOR_COST:
        for door, act in doors:
            squares.add(door)
            offers.append(act)
    return frozenset(squares), (*offers, end)


def _square_plan(setup, square, player: str) -> tuple:
    """What the terrain alone says of ``player``'s fighter on ``square`` (kept per table: terrain never changes
    in a game): ``(steps, jumps, doors, neighbours, end turn, neighbours diagonally too, unhindered)``, each action
    made once (``unhindered``: :func:`_unhindered`'s answers, by points, filled as asked):

    - ``steps``: ``(Step, square stepped to, is a door)`` for each direction whose next square is no wall;
    - ``jumps``: for each direction, ``(squares, square jumped over, it is a door, landing, it is a door, Jump)``
      for each length until a wall would be jumped over (the Jump is ``None`` where the landing is a wall: no jump
      lands there, and the next, longer one jumps over that wall, so the line ends with it), with the same
      answers by the longest jump the points allow, for a way clear of fighters (:func:`_by_length`);
    - ``doors``: ``(door, ToggleDoor)`` for the ordinary doors next to the square."""
    plans = _plans(setup)
    plan = plans.get((square, player))
    if plan is None:
        plan = plans[(square, player)] = _make_square_plan(setup, square, player)
    return plan


def _plans(setup) -> dict:
    """The square plans of ``setup``'s table, by ``(square, player)`` (kept with the table's other answers)."""
    memo = setup_memo(setup)
    plans = memo.get("offer_plans")
    if plans is None:
        plans = memo["offer_plans"] = {}
    return plans


def _make_square_plan(setup, square, player: str) -> tuple:
    end = made(EndTurn, player)
    if square is None:
        return ((), (), (), (), end, (), {})
    terrain = setup.terrain
    steps, jumps = [], []
    for direction, line in rays(setup.grid, square):
        if line and terrain.get(line[0]) != WALL:
            steps.append((made(Step, player, direction), line[0], terrain.get(line[0]) == DOOR))
        found = []
        for squares in range(MIN_JUMP_SQUARES, len(line) + 1):
            over, landing = line[squares - 2], line[squares - 1]
            if terrain.get(over) == WALL:
                break
            landed = terrain.get(landing)
            act = None if landed == WALL else made(Jump, player, direction, squares)
            found.append((squares, over, terrain.get(over) == DOOR, landing, landed == DOOR, act))
        jumps.append((tuple(found), _by_length(found, line, terrain)))
    doors = tuple((door, made(ToggleDoor, player, door)) for door in doors_next_to(setup, square))
    grid = setup.grid
    return (tuple(steps), tuple(jumps), doors, tuple(grid.neighbours(square)), end,
            tuple(grid.neighbours(square, diagonal=True)), {})


def _by_length(found: list, line: tuple, terrain) -> tuple:
    """For each jump length ``n`` at most (0 to the ray's length), ``(squares, jumps)``: the squares the jumps of at
    most ``n`` squares cross or land on, and those jumps, as the terrain alone allows them. When no fighter stands
    on those squares the jumps are exactly these; ``squares`` is ``None`` where one is a door (open or not: asked
    each time)."""
    out = []
    for n in range(len(line) + 1):
        used = line[:min(n, found[-1][0])] if found else ()
        doors = any(terrain.get(square) == DOOR for square in used)
        acts = tuple(act for squares, *_, act in found if squares <= n and act is not None)
        out.append((None if doors else frozenset(used), acts))
    return tuple(out)


def doors(setup) -> tuple:
    """The ordinary doors' squares, in the terrain's order (the setup never changes: found once)."""
    memo = setup_memo(setup)
    found = memo.get("doors")
    if found is None:
        found = memo["doors"] = tuple(s for s, kind in setup.terrain.items() if kind == DOOR)
    return found


def doors_next_to(setup, square) -> tuple:
    """The ordinary doors next to ``square``, in the terrain's order: the only ones :func:`door_block` can
    allow a fighter there to work (found once a square: the setup never changes)."""
    memo = setup_memo(setup)
    near = memo.get("doors_next_to")
    if near is None:
        near = memo["doors_next_to"] = {}
    found = near.get(square)
    if found is None:
        found = near[square] = tuple(door for door in doors(setup) if are_adjacent(square, door))
    return found


def check_step(state, act) -> RuleViolation | None:
    return mover_refusal(state) or step_refusal(state.board, state.activated_fighter, act.direction,
                                                state.position.movement_left)


def do_step(state, act):
    p = state.position
    fighter = p.fighters[p.activated]  # (state.activated_fighter, read directly: every step)
    return relocate(state, fighter, step(fighter.square, act.direction), STEP_COST, f"steps {act.direction}",
                    _STEP_RULES)


def check_jump(state, act) -> RuleViolation | None:
    return mover_refusal(state) or jump_refusal(state.board, state.activated_fighter, act.direction, act.squares,
                                                state.position.movement_left)


def do_jump(state, act):
    fighter = state.activated_fighter
    return relocate(state, fighter, step(fighter.square, act.direction, act.squares),
                    act.squares * JUMP_COST_PER_SQUARE, f"jumps {act.squares} squares {act.direction}", _JUMP_RULES)


_PLACED = maker(Fighter, "id", "side", "weapon", "square")  # a fighter on its new square (relocate)
_STEP_RULES, _JUMP_RULES = cited(("moving.orthogonal", "moving.points")), cited(("moving.jump", "moving.points"))


def relocate(state, fighter, to, cost: int, how: str, rules: tuple[str, ...]):
    p = state.position
    board = state.__dict__.get("_board")  # state.board, read in place as fighter_offers does (every move)
    board = board[2] if board is not None and board[0] is p.fighters and board[1] is p.open_doors else state.board
    left = p.movement_left - cost
    # (worded when first read: a playout reads none, and the same move seldom comes again to be shared)
    events = [Event.worded("move", rules, _move_words, fighter.id, how, to, cost, left)]
    terrain = board.terrain
    if terrain.get(fighter.square) == STAR_TREK_DOOR:
        events.append(_star_trek_door(fighter.square, "shut"))
    if terrain.get(to) == STAR_TREK_DOOR:
        events.append(_star_trek_door(to, "open"))
    result = arrival(board, to)
    # The fighter on its new square: made once and shared, as actions are (a frozen value, and the same few fighters
    # come to the same few squares again and again): no new object kept a move.
    moved = _PLACED(fighter.id, fighter.side, fighter.weapon, to)
    # One new position with everything the move changed (each evolve copies the whole position), its changes named
    # in the call (a dict of them handed on costs more: every move).
    if result.ends_movement:
        if result.removes:
            moved = evolve(fighter, square=None)
        events.append(Event("arrival", f"{fighter.id} {result.reason.text}.", (result.reason.ref.key,),
                            {"visibility": PUBLIC, "removed": result.removes}))
    fighters = {**p.fighters, fighter.id: moved}
    state.moved_to(fighters, board.moved(fighter, moved), removed=result.removes)
    if not result.ends_movement:
        return evolve(p, fighters=fighters, movement_left=left), events
    return evolve(p, fighters=fighters, movement_left=left, movement_stopped=result.reason.ref.section), events


def _move_words(fighter: str, how: str, to, cost: int, left: int) -> tuple[str, dict]:
    return (f"{fighter} {how} to {to} ({count(cost, 'point')}; {left} left).",
            {"fighter": fighter, "to": list(to), "visibility": PUBLIC})


@shared
def _star_trek_door(square, slides: str):
    return event("door", f"The Star-Trek door at {square} slides {slides}.", ("terrain.star_trek_doors",))


def check_toggle_door(state, act) -> RuleViolation | None:
    return mover_refusal(state) or toggle_door_refusal(state.board, state.activated_fighter, act.square,
                                                       state.position.movement_left)


def do_toggle_door(state, act):
    p = state.position
    square = act.square
    opening = square not in p.open_doors
    doors = p.open_doors | {square} if opening else p.open_doors - {square}
    left = p.movement_left - DOOR_COST
    verb = "opens" if opening else "closes"
    return (evolve(p, open_doors=frozenset(doors), movement_left=left),
            [event("door", f"{state.activated_fighter.id} {verb} the door at {square} ({DOOR_COST} point; "
                   f"{left} left).", ("terrain.doors",), square=list(square), open=opening)])
