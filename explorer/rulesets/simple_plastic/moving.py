"""Moving (book/simple_plastic/moving.md): one span, squads behind their frontmost unit, cohesion and
closing gaps; planning a move (where its followers end is :mod:`.formation`'s); and the move actions, with
the menu of moves each unit is offered."""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from functools import partial

from explorer.core import Action, Event, Explained, Reason, RuleViolation
from explorer.core.actions import built
from explorer.core import tabletop as tt
from explorer.core.tabletop import COMPASS, EPSILON, Point
from explorer.core.frozen import evolve

from .actions import MoveFigure, MoveSquad
from .data import COHESION_INCHES
from .formation import (
    FORMATION_SPACING, check_behind_leader, check_closing, close_ranks, explicit_followers, file_behind, file_end,
    form_up,
)
from .position import (
    Figure, Position, as_point, fmt, is_name, nearest_enemy, squad_members, with_figures,
)
from .sections import ref, refuse


# -- how far ---------------------------------------------------------------------------------------

def move_allowance(board, figure_id: str) -> Explained[float]:
    """How far a figure's move is measured to: one span (followers in a squad are not measured)."""
    figure = board.figures[figure_id]
    if not figure.alive:
        return Explained(0.0, (Reason(ref("moving.span"), f"{figure.id} is a casualty and does not move"),))
    settings = board.settings
    if settings.span == "child":
        reasons = [Reason(ref("moving.span"), f"one span: {settings.child_span_inches:g} inches")]
    else:
        reasons = [Reason(ref("moving.span"), "adults and older teens use the short span"),
                   Reason(ref("rulings.span_length"), f"the short span is {settings.short_span_inches:g} inches")]
    if figure.squad:
        reasons.append(Reason(ref("moving.squads"), "a squad measures only its frontmost unit's move; the rest follow"))
    return Explained(float(settings.span_inches), tuple(reasons))


def in_cohesion(points: Sequence[Point]) -> bool:
    """Whether bases form one chain, each within one finger (1/2 inch) of another."""
    return tt.chain_connected(points, COHESION_INCHES)


def squad_in_cohesion(board, squad: str) -> bool:
    return in_cohesion([f.position for f in squad_members(board, squad)])


def frontmost(members: Sequence[Figure], direction: Point) -> Figure:
    """The member furthest forward in ``direction`` (the first fielded on a tie)."""
    return max(members, key=lambda f: tt.projection(f.position, direction))


def _check_measured_move(board, figure: Figure, to: Point) -> None:
    allowance = float(board.settings.span_inches) if figure.alive else 0.0  # move_allowance's value, without its reasons
    length = tt.distance(figure.position, to)
    if length > allowance + EPSILON:
        raise refuse("moving.span", f"{figure.id} may move up to {allowance:g} inches, not {length:.2f}")
    if board.table.crosses_solid(figure.position, to):
        raise refuse("rulings.solid_terrain", f"{figure.id} cannot move through solid terrain")


def _check_standing(board, figure_id: str, point: Point) -> None:
    table = board.table
    if not table.on_table(point):
        raise refuse("rulings.bases", f"{figure_id} would stand (partly) off the table at {fmt(point)}")
    if table.in_solid(point):
        raise refuse("rulings.solid_terrain", f"{figure_id} cannot stand on solid terrain at {fmt(point)}")


def _check_places(board, placed: Mapping[str, Point]) -> None:
    """Every base on the table, off solid terrain, and on no other base."""
    for fid, point in placed.items():
        _check_standing(board, fid, point)
    _check_no_overlap(board, placed)


def _check_no_overlap(board, placed: Mapping[str, Point]) -> None:
    others = [(f.id, (f.x, f.y)) for f in board.figures.values() if f.alive and f.id not in placed]
    items = list(placed.items())
    reach = tt.BASE_DIAMETER
    for i, (fid, point) in enumerate(items):
        x, y = point
        for other_id, other in others + items[i + 1:]:
            if abs(other[0] - x) > reach or abs(other[1] - y) > reach:
                continue  # too far apart along one axis to overlap (bases_overlap's own first test)
            if tt.bases_overlap(point, other):
                raise refuse("rulings.bases", f"{fid} would stand on {other_id}'s base at {fmt(point)}")


# -- planning a move -------------------------------------------------------------------------------

def _remembered_plan(board, key: tuple, to, work):
    """A legal move's plan, worked out once per position when the board is a game state.

    Listing the legal moves, checking the one chosen and doing it ask the same
    question three times. Only plain keys (names, a point of floats) are
    remembered, so malformed moves still meet the checks in their usual order;
    refusals are not remembered (``work`` raises before anything is stored).
    """
    remembered = getattr(board, "remembered", None)
    plain = (type(to) is tuple and len(to) == 2 and type(to[0]) is float and type(to[1]) is float
             and all(type(k) is str for k in key))
    if remembered is None or not plain:
        return work()
    key = ("plan", *key, to)

    def listed_or_work():
        listed = _listed_plans(board).get(key)
        return listed() if listed is not None else work()
    return remembered(key, listed_or_work)


def plan_figure_move(board, figure_id: str, to) -> tuple[Point, bool]:
    """Check a lone unit's move: its new place, and whether it counts as having moved."""
    return _remembered_plan(board, (figure_id,), to, lambda: _plan_figure_move(board, figure_id, to))


def _plan_figure_move(board, figure_id: str, to) -> tuple[Point, bool]:
    figure = board.figures[figure_id]
    if not figure.alive:
        raise refuse("moving.span", f"{figure_id} is a casualty and cannot move")
    if figure.squad:
        raise refuse("moving.squads",
                     f"{figure_id} is in squad {figure.squad}: units in a squad move with it (MoveSquad)")
    to = as_point(to)
    _check_measured_move(board, figure, to)
    _check_places(board, {figure_id: to})
    return to, tt.distance(figure.position, to) > EPSILON


def plan_squad_move(board, squad: str, leader_id: str, to, followers=None) -> tuple[dict[str, Point], bool]:
    """Check a squad move: everyone's new place, and whether the squad counts as having moved.

    ``followers`` is ``None`` (they form up behind the leader, or close ranks
    on a leader who stays) or pairs of ``(figure_id, (x, y))``; members not
    listed stay where they are. A leader who stays where he is only closes
    gaps: allowed only to a squad with gaps, and each follower moves toward
    him (ruling ``closing_gaps``). A leader who moves has the rest of the
    squad end behind him (ruling ``followers``).
    """
    if followers is not None:
        return _plan_squad_move(board, squad, leader_id, to, followers)
    placed, moved = _remembered_plan(board, (squad, leader_id), to,
                                     lambda: _plan_squad_move(board, squad, leader_id, to, None))
    return dict(placed), moved  # a copy: the remembered plan must not be changed by the caller


def _plan_squad_move(board, squad: str, leader_id: str, to, followers=None) -> tuple[dict[str, Point], bool]:
    members = squad_members(board, squad)
    if not members:
        raise refuse("moving.squads", f"there is no squad {squad!r} with living members")
    by_id = {f.id: f for f in members}
    if leader_id not in by_id:
        raise refuse("moving.squads", f"{leader_id!r} is not a living member of squad {squad}")
    leader, to = by_id[leader_id], as_point(to)
    moved = tt.distance(leader.position, to) > EPSILON
    if not moved and in_cohesion([f.position for f in members]):
        raise refuse("rulings.closing_gaps", f"squad {squad} has no gaps to close: a squad whose leader stays "
                                             "where he is only closes gaps, and this one has none (to stay put, "
                                             "just do not move it)")
    direction = tt.unit_vector(leader.position, to)
    if moved and board.settings.leader == "frontmost":
        _check_frontmost(members, leader, direction)
    _check_measured_move(board, leader, to)
    _check_standing(board, leader.id, to)
    placed = {leader.id: to}
    if followers is None and moved:
        others = [f.position for f in board.figures.values() if f.alive and f.id not in by_id]
        spots = file_behind(to, direction, len(members) - 1)
        if board.table.is_free(to, others) and board.table.all_free(spots, others):
            # formation()'s first choice, and a free file passes every check below (see _quick_verdict)
            placed.update(zip((f.id for f in members if f.id != leader.id), spots))
            return placed, moved
    if followers is None:
        placed.update(form_up(board, members, leader, to, direction) if moved else close_ranks(board, members, leader))
    else:
        placed.update(explicit_followers(board, by_id, leader, followers))
    _check_places(board, placed)
    if moved:
        check_behind_leader(by_id, leader, to, direction, placed)
    else:
        check_closing(by_id, leader, placed)
    if not in_cohesion(list(placed.values())):
        raise refuse("moving.cohesion", f"squad {squad} would not be in cohesion: every member must end within "
                                        f"{COHESION_INCHES:g} inch of another, in one chain")
    return placed, moved


def _check_frontmost(members: Sequence[Figure], leader: Figure, direction: Point) -> None:
    front = frontmost(members, direction)
    lead = tt.projection(front.position, direction) - tt.projection(leader.position, direction)
    if lead > COHESION_INCHES + EPSILON:
        raise refuse("moving.squads", f"{leader.id} is not the frontmost unit for a move that way "
                                      f"({front.id} is {lead:.2f} inches ahead): move the frontmost unit first")


# -- the move actions ------------------------------------------------------------------------------

def units_to_move(state) -> list[tuple[str | None, list[Figure]]]:
    """The side's units that have not moved yet, in the order fielded: (squad or None, its living members)."""
    def work():
        units: dict[str, list[Figure]] = {}
        side, moved = state.side, state.moved_units
        for f in state.figures.values():
            if f.alive and f.side == side and f.unit not in moved:
                units.setdefault(f.unit, []).append(f)
        return [(members[0].squad, members) for members in units.values()]
    return state.remembered(("units",), work)


def candidate_moves(state) -> Iterator[Action]:
    """A finite menu: the eight compass directions at a full and a half span, and closing gaps."""
    for squad, members in units_to_move(state):
        if squad and not _cohesive(state, members):
            closing = closing_move(state, squad, members)
            if closing is not None:
                yield closing
        yield from _menu(state, squad, members)


def _menu(state, squad: str | None, members: list[Figure]) -> tuple[Action, ...]:
    """A unit's compass moves, kept for the game under everything they depend on besides the table and the
    settings: the unit, and where the figures stand that its moves could reach (a span away, and as far again as
    its followers may form up, a spacing each, and a base more). Their plans, where the menu knows them, are
    left for this position's move to be done (:func:`_listed_plans`)."""
    reach = state.settings.span_inches + len(members) * FORMATION_SPACING + tt.BASE_DIAMETER + 1e-6
    xs, ys = [f.x for f in members], [f.y for f in members]
    ids = {f.id for f in members}
    x0, x1, y0, y1 = min(xs) - reach, max(xs) + reach, min(ys) - reach, max(ys) + reach
    near = tuple(sorted((f.x, f.y) for f in state.figures.values()
                        if f.alive and x0 <= f.x <= x1 and y0 <= f.y <= y1 and f.id not in ids))
    key = ("menu", _unit_key(members), near)
    kept = state.kept
    entry = kept.get(key)
    if entry is None:
        entry = kept[key] = _work_out_menu(state, squad, members, near, (x0, y0, x1, y1))
    menu, plans = entry
    if plans:
        _listed_plans(state).update(plans)
    return menu


def _listed_plans(state) -> dict:
    """The plans of the moves listed in this position, under :func:`_remembered_plan`'s keys, each to be worked
    out when asked (a menu knows a move's plan when its followers simply file behind the leader): the move
    chosen is done with its own, without planning it again."""
    return state.remembered(("listed plans",), dict)


def _work_out_menu(state, squad: str | None, members: list[Figure], others: tuple[Point, ...],
                   region: tuple[float, float, float, float]) -> tuple[tuple[Action, ...], dict]:
    """The menu's moves in order (for each compass direction, the frontmost unit a span, then half a span), and
    the plans of those whose followers simply file behind. ``others``: the other bases in ``region``, which
    holds every spot and path of every move listed."""
    span, side, table = state.settings.span_inches, state.side, state.table
    count = len(members) - 1
    kind = MoveSquad if squad else MoveFigure
    # What could stand in a move's way here: solid pieces, and other bases (each grown by as much as makes a
    # box test enough). With none, only the table's edge can stop a move, and with the region on the table,
    # nothing.
    reach = tt.BASE_DIAMETER + 1e-6  # bases further apart than this along one axis cannot overlap
    blocks = table.solid_boxes_near(*region) + [(x - reach, y - reach, x + reach, y + reach) for x, y in others]
    open_ground = not blocks and table.on_table(region[:2]) and table.on_table(region[2:])
    menu, plans = [], {}
    for dx, dy in COMPASS.values():
        mover = members[0]
        if squad:  # frontmost(), written out: eight directions for every unit listed
            best = mover.x * dx + mover.y * dy
            for f in members:
                ahead = f.x * dx + f.y * dy
                if ahead > best:
                    mover, best = f, ahead
        start = mover.x, mover.y
        for length in (span, span / 2):
            to = (start[0] + dx * length, start[1] + dy * length)  # tt.step(), written out
            if open_ground:
                allowed = True
            else:
                last = file_end(to, tt.unit_vector(start, to), count) if count else to
                allowed = _open_verdict(table, start, to, last, blocks)
                if allowed is None:
                    allowed = _quick_verdict(table, members, mover, to, others)
            if allowed is None:  # the followers cannot file straight behind: the full plan decides
                try:
                    _plan_squad_move(state, squad, mover.id, to)
                    allowed = True
                except RuleViolation:
                    allowed = False
            elif allowed and squad:  # the plan is the file: formation()'s first choice, free (see _quick_verdict)
                plans[("plan", squad, mover.id, to)] = partial(_file_plan, members, mover, to)
            elif allowed:
                plans[("plan", mover.id, to)] = partial(_moved_to, to)
            if allowed:
                # the engine's own names and a point of floats: nothing to clean again
                menu.append(built(kind, side, squad, mover.id, to, None) if squad else built(kind, side, mover.id, to))
    return tuple(menu), plans


def _file_plan(members: list[Figure], mover: Figure, to: Point) -> tuple[dict[str, Point], bool]:
    """:func:`plan_squad_move`'s answer for a move whose followers file straight behind the leader."""
    placed = {mover.id: to}
    placed.update(zip((f.id for f in members if f is not mover),
                      file_behind(to, tt.unit_vector(mover.position, to), len(members) - 1)))
    return placed, True


def _moved_to(to: Point) -> tuple[Point, bool]:
    """:func:`plan_figure_move`'s answer for a lone unit's move from the menu."""
    return to, True


def _open_verdict(table, start: Point, to: Point, last: Point, blocks) -> bool | None:
    """:func:`_quick_verdict`'s answer where the path from ``start`` to ``to`` and the file behind, to ``last``,
    stay clear of every one of ``blocks`` (solid pieces and other bases, grown: see :func:`_work_out_menu`);
    ``None`` elsewhere (ask it).

    There only the table's edge can refuse: the leader's spot first, then the file's last spot (the file's
    spots run in a straight line, each coordinate in step with the next, so the first and last on the table
    put all of them on it)."""
    if blocks:
        lo_x, hi_x = min(start[0], to[0], last[0]), max(start[0], to[0], last[0])
        lo_y, hi_y = min(start[1], to[1], last[1]), max(start[1], to[1], last[1])
        for x0, y0, x1, y1 in blocks:
            if not (x1 < lo_x or x0 > hi_x or y1 < lo_y or y0 > hi_y):
                return None
    if not table.on_table(to):
        return False
    return True if table.on_table(last) else None


def _quick_verdict(table, members: list[Figure], mover: Figure, to: Point, others: tuple[Point, ...]) -> bool | None:
    """Whether :func:`plan_squad_move` (followers forming up) or, alone, :func:`plan_figure_move` allows a menu
    move of ``mover``, the frontmost, a span or half a span to ``to``, by its cheap tests alone; ``None`` when
    the followers cannot simply file straight behind him, as :func:`~explorer.core.tabletop.formation` first
    tries (then only the full plan can say). A file of bases a spacing apart straight behind a leader who ends
    where he may stand is on the table, off solid terrain, clear of other bases (``others``: every other
    living figure near enough), behind him and in cohesion; so when the file is free, the move is allowed."""
    start = mover.position
    if table.crosses_solid(start, to) or not table.is_free(to, others):
        return False
    count = len(members) - 1
    if count == 0:
        return True
    return True if table.all_free(file_behind(to, tt.unit_vector(start, to), count), others) else None


def _unit_key(members: list[Figure]) -> tuple:
    return tuple((f.id, f.x, f.y) for f in members)


def _cohesive(state, members: list[Figure]) -> bool:
    key = ("cohesive", _unit_key(members))
    found = state.kept.get(key)
    if found is None:
        found = state.kept[key] = in_cohesion([f.position for f in members])
    return found


def closing_move(state, squad: str, members: list[Figure]) -> MoveSquad | None:
    """Close ranks on the member nearest the enemy, which stays where it is."""
    def work():
        def to_enemy(f):
            enemy = nearest_enemy(state, f)
            return tt.distance(f.position, enemy.position) if enemy else 0.0
        leader = min(members, key=to_enemy)
        try:
            plan_squad_move(state, squad, leader.id, leader.position)
        except RuleViolation:
            return None
        return MoveSquad(state.side, squad, leader.id, leader.position)
    return state.remembered(("closing", squad), work)


def gaps_left_open(state) -> list[str]:
    """This side's squads with gaps that could be closed and are not yet."""
    return [squad for squad, members in units_to_move(state)
            if squad and not _cohesive(state, members) and closing_move(state, squad, members)]


def plan_move(state, act: MoveSquad | MoveFigure):
    """``(placed, moved, unit name, leader id)`` of a legal move; raises the rule that forbids it."""
    if isinstance(act, MoveSquad):
        if not is_name(act.squad):
            raise refuse("moving.squads", f"a squad is named by text, not {act.squad!r}")
        members = squad_members(state, act.squad)
        if not members:
            raise refuse("moving.squads", f"there is no squad {act.squad!r} with living members")
        if members[0].side != act.player:
            raise refuse("turn", f"squad {act.squad} is {members[0].side}'s, not {act.player}'s: a player "
                                 "moves their own squads only")
        if not is_name(act.leader):
            raise refuse("moving.squads", f"the leader is named by a figure's id (text), not {act.leader!r}")
        unit, name = f"squad:{act.squad}", f"squad {act.squad}"
    else:
        figure = state.own_figure(act.player, act.figure, section="moving.span", what="figure")
        unit, name = figure.unit, act.figure
    if unit in state.moved_units:
        raise refuse("moving.span", f"{name} has already moved this turn")
    if isinstance(act, MoveSquad):
        placed, moved = plan_squad_move(state, act.squad, act.leader, act.to, act.followers)
        return placed, moved, unit, name, act.leader
    to, moved = plan_figure_move(state, act.figure, act.to)
    return {act.figure: to}, moved, unit, name, act.figure


def do_move(state, act: MoveSquad | MoveFigure) -> tuple[Position, list[Event]]:
    placed, moved, unit, name, mover = plan_move(state, act)
    start = state.figures[mover].position
    changed = {fid: evolve(state.figures[fid], x=x, y=y, moved=moved) for fid, (x, y) in placed.items()}
    position = with_figures(state, changed, moved_units=state.moved_units | {unit})
    return position, [_move_event(act, name, mover, start, placed, moved)]


def _move_event(act, name: str, mover: str, start: Point, placed: dict, moved: bool) -> Event:
    length = tt.distance(start, placed[mover])
    if moved:
        text = f"{name} moves: {mover} goes {length:.1f} inches" + (", the rest follow" if len(placed) > 1 else "")
        rules = ("simple_plastic:moving.span",)
        if isinstance(act, MoveSquad):
            rules += ("simple_plastic:moving.squads", "simple_plastic:moving.cohesion")
    else:
        text = f"{name} closes its gaps and counts as not having moved"
        rules = ("simple_plastic:moving.cohesion",)
    data = {"unit": name, "leader": mover, "from": list(start), "distance": length, "moved": moved,
            "positions": {fid: list(p) for fid, p in placed.items()}}
    return Event("move", text, rules, data)
