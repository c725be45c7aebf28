"""Moving (book/simple_plastic/moving.md): one span, squads behind their frontmost unit, cohesion,
closing gaps; the formation a squad takes behind its leader; and the move actions themselves."""

from __future__ import annotations

import math
from collections.abc import Iterator, Mapping, Sequence

from explorer.core import Action, Event, Explained, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.tabletop import COMPASS, EPSILON, Point
from explorer.core.frozen import evolve

from .actions import MoveFigure, MoveSquad
from .data import COHESION_INCHES
from .position import Figure, Position, fmt, living, nearest_enemy, own_figure, is_name, squad_members, with_figures
from .sections import ref, refuse


FORMATION_SPACING = tt.BASE_DIAMETER + COHESION_INCHES / 2  # grid neighbours a quarter inch apart: in cohesion


FOLLOWER_TOLERANCE = 1e-6  # inches a follower may end ahead of its leader: level with him, not in front (rounding only)


CLOSING_STEP = 0.05  # inches between the spots tried when a follower slides toward its leader


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


def _as_point(to) -> Point:
    try:
        x, y = to
        point = (float(x), float(y))
    except (TypeError, ValueError):
        raise refuse("moving.span", f"a destination is a point (x, y) in inches, not {to!r}") from None
    if not all(math.isfinite(c) for c in point):
        raise refuse("moving.span", f"a destination must be a finite point, not {to!r}")
    return point


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
    return remembered(("plan", *key, to), work)


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
    to = _as_point(to)
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
    leader, to = by_id[leader_id], _as_point(to)
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
    if followers is None:
        placed.update(_form_up(board, members, leader, to, direction) if moved else _close_ranks(board, members, leader))
    else:
        placed.update(_explicit_followers(board, by_id, leader, followers))
    _check_places(board, placed)
    if moved:
        _check_behind_leader(by_id, leader, to, direction, placed)
    else:
        _check_closing(by_id, leader, placed)
    if not in_cohesion(list(placed.values())):
        raise refuse("moving.cohesion", f"squad {squad} would not be in cohesion: every member must end within "
                                        f"{COHESION_INCHES:g} inch of another, in one chain")
    return placed, moved


def menu_move_allowed(board, members: Sequence[Figure], leader: Figure, to: Point, others: Sequence[Point],
                      verdicts: dict) -> bool:
    """Whether :func:`plan_squad_move` (followers forming up) or, for a lone figure,
    :func:`plan_figure_move` accepts ``leader`` going to ``to``; remembered in ``verdicts`` across positions.

    ``members`` is the unit's living members (the lone figure alone), ``others`` where every other living
    figure stands. A move's verdict depends on the unit, the table and the settings (one game per
    ``verdicts``), and on other figures only through whether their bases overlap a spot it tries. Formation
    grows one grid step at a time from ``to``, so every spot tried lies within (followers + 1) spacings of
    it: only figures within that and a base more are part of the key, and moves elsewhere on the table
    leave the verdict standing.
    """
    def verdict() -> bool:
        try:
            if leader.squad:
                plan_squad_move(board, leader.squad, leader.id, to)
            else:
                plan_figure_move(board, leader.id, to)
        except RuleViolation:
            return False
        return True

    if tt.distance(leader.position, to) <= EPSILON:
        return verdict()  # closing gaps looks further afield (and is rare): not remembered
    reach = (len(members) if leader.squad else 0) * FORMATION_SPACING + tt.BASE_DIAMETER + 1e-6
    x, y = to
    near = tuple(sorted(p for p in others if abs(p[0] - x) <= reach and abs(p[1] - y) <= reach))
    key = (tuple((f.id, f.x, f.y) for f in members), leader.id, to, near)
    allowed = verdicts.get(key)
    if allowed is None:
        if len(verdicts) > 100_000:
            verdicts.clear()  # a bound on memory; verdicts are only worked out again
        allowed = verdicts[key] = verdict()
    return allowed


def _check_behind_leader(by_id, leader: Figure, to: Point, direction: Point, placed: Mapping[str, Point]) -> None:
    """'Then move the rest of the squad behind him': no follower ends further forward than the leader."""
    front = tt.projection(to, direction)
    for fid, point in placed.items():
        if fid == leader.id:
            continue
        ahead = tt.projection(point, direction) - front
        if ahead > FOLLOWER_TOLERANCE:
            raise refuse("rulings.followers", f"{fid} would end {ahead:.2f} inches ahead of {leader.id}, who "
                                              "leads the move: the rest of the squad follows behind him")


def _check_closing(by_id, leader: Figure, placed: Mapping[str, Point]) -> None:
    """Closing gaps: each follower moves toward the leader, who stays, and ends no further from him."""
    anchor = leader.position
    for fid, point in placed.items():
        if fid == leader.id:
            continue
        start = by_id[fid].position
        if tt.distance(point, start) <= EPSILON:
            continue
        if tt.distance(point, anchor) > tt.distance(start, anchor) + EPSILON:
            raise refuse("rulings.closing_gaps", f"{fid} would end further from {leader.id} than it stood: "
                                                 "closing gaps, the squad draws in on its leader")
        off_line = tt.segment_point_distance(start, anchor, point)
        if off_line > COHESION_INCHES + EPSILON:
            raise refuse("rulings.closing_gaps",
                         f"{fid} would end {off_line:.2f} inches off the line from where it stood to {leader.id}: "
                         f"closing gaps, each member moves toward the leader (within {COHESION_INCHES:g} inch "
                         "of that line)")


def _check_frontmost(members: Sequence[Figure], leader: Figure, direction: Point) -> None:
    front = frontmost(members, direction)
    lead = tt.projection(front.position, direction) - tt.projection(leader.position, direction)
    if lead > COHESION_INCHES + EPSILON:
        raise refuse("moving.squads", f"{leader.id} is not the frontmost unit for a move that way "
                                      f"({front.id} is {lead:.2f} inches ahead): move the frontmost unit first")


# -- the formation behind the leader ---------------------------------------------------------------

def _form_up(board, members, leader, to, direction) -> dict[str, Point]:
    followers = [f for f in members if f.id != leader.id]
    if not followers:
        return {}
    member_ids = {f.id for f in members}
    occupied = [f.position for f in living(board) if f.id not in member_ids]
    spots = tt.formation(board.table, to, direction, len(followers), occupied=occupied, spacing=FORMATION_SPACING)
    if spots is None:
        raise refuse("rulings.followers", f"there is no room for squad {leader.squad} to form up at {fmt(to)}")
    return {f.id: spot for f, spot in zip(followers, spots)}


def _close_ranks(board, members, leader) -> dict[str, Point]:
    """Close gaps on a leader who stays: each follower, nearest first, slides straight toward him.

    A follower moves only as far as it must to be within one finger of a
    member already placed (the leader first), so the squad draws in without
    its front going anywhere.
    """
    anchor = leader.position
    member_ids = {f.id for f in members}
    others = [f.position for f in living(board) if f.id not in member_ids]
    followers = sorted((f for f in members if f.id != leader.id), key=lambda f: tt.distance(f.position, anchor))
    placed: dict[str, Point] = {leader.id: anchor}
    for k, f in enumerate(followers):
        waiting = [g.position for g in followers[k + 1:]]
        start = f.position
        span = tt.distance(start, anchor)
        back = tt.unit_vector(anchor, start)
        spot = start
        if back is not None:
            steps = max(1, math.ceil((span - tt.BASE_DIAMETER) / CLOSING_STEP))
            candidates = [start] + [tt.step(anchor, back, span - (span - tt.BASE_DIAMETER) * i / steps)
                                    for i in range(1, steps + 1)]
            standable = [p for p in candidates
                         if _free_spot(board, p, [*others, *placed.values(), *waiting])]
            near = [p for p in standable if any(tt.gap_between(p, q) <= COHESION_INCHES + EPSILON
                                                for q in placed.values())]
            spot = near[0] if near else (standable[-1] if standable else start)
        placed[f.id] = spot
    del placed[leader.id]
    return placed


def _free_spot(board, point: Point, taken) -> bool:
    table = board.table
    return (table.on_table(point) and not table.in_solid(point)
            and not any(tt.bases_overlap(point, q) for q in taken))


def _explicit_followers(board, by_id, leader, followers) -> dict[str, Point]:
    placed: dict[str, Point] = {}
    try:
        pairs = [(fid, _as_point(point)) for fid, point in followers]
    except (TypeError, ValueError):
        raise refuse("moving.squads", "followers are pairs of (figure id, (x, y))") from None
    for fid, point in pairs:
        if fid not in by_id or fid == leader.id:
            raise refuse("moving.squads", f"{fid!r} is not a follower in squad {leader.squad}")
        if fid in placed:
            raise refuse("moving.squads", f"{fid} is placed twice")
        placed[fid] = point
    for fid, figure in by_id.items():
        if fid != leader.id and fid not in placed:
            placed[fid] = figure.position
    return placed


# -- the move actions ------------------------------------------------------------------------------

def units_to_move(state) -> Iterator[tuple[str | None, list[Figure]]]:
    seen = set()
    for f in living(state, state.side):
        if f.unit in state.moved_units or f.unit in seen:
            continue
        seen.add(f.unit)
        yield (f.squad, squad_members(state, f.squad)) if f.squad else (None, [f])


def candidate_moves(state) -> Iterator[Action]:
    """A finite menu: the eight compass directions at a full and a half span, and closing gaps."""
    span, side = state.settings.span_inches, state.side
    verdicts = state.__dict__.setdefault("_menu_verdicts", {})  # shared by clones: one game, one table
    for squad, members in units_to_move(state):
        if squad and not in_cohesion([f.position for f in members]):
            closing = closing_move(state, squad, members)
            if closing is not None:
                yield closing
        ids = {f.id for f in members}
        others = [f.position for f in living(state) if f.id not in ids]
        for direction in COMPASS.values():
            mover = frontmost(members, direction) if squad else members[0]
            for length in (span, span / 2):
                to = tt.step(mover.position, direction, length)
                if menu_move_allowed(state, members, mover, to, others, verdicts):
                    yield MoveSquad(side, squad, mover.id, to) if squad else MoveFigure(side, mover.id, to)


def closing_move(state, squad: str, members: list[Figure]) -> MoveSquad | None:
    """Close ranks on the member nearest the enemy, which stays where it is."""
    def to_enemy(f):
        enemy = nearest_enemy(state, f)
        return tt.distance(f.position, enemy.position) if enemy else 0.0
    leader = min(members, key=to_enemy)
    try:
        plan_squad_move(state, squad, leader.id, leader.position)
    except RuleViolation:
        return None
    return MoveSquad(state.side, squad, leader.id, leader.position)


def gaps_left_open(state) -> list[str]:
    """This side's squads with gaps that could be closed and are not yet."""
    open_squads = []
    for squad, members in units_to_move(state):
        if squad and not in_cohesion([f.position for f in members]) and closing_move(state, squad, members):
            open_squads.append(squad)
    return open_squads


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
        figure = own_figure(state, act.player, act.figure, "moving.span", "figure")
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
