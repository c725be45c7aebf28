"""Moving (book/simple_plastic/moving.md): one span, squads behind their frontmost unit, cohesion and
closing gaps; planning a move (where its followers end is :mod:`.formation`'s); and the move actions (the menu
of moves each unit is offered is :mod:`.move_offers`')."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from explorer.core import Event, Explained, Reason
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import EPSILON, Point

from .actions import MoveFigure, MoveSquad
from .data import COHESION_INCHES
from .formation import (
    check_behind_leader, check_closing, close_ranks, explicit_followers, file_behind, form_up,
)
from .position import (
    Figure, Position, as_point, fmt, is_name, squad_members, with_figures,
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
    if remembered is None or not _plain_spot(to) or not all(type(k) is str for k in key):
        return work()
    key = ("plan", *key, to)

    def listed_or_work():
        listed = _listed_plan(board, key)
        return listed if listed is not None else work()
    return remembered(key, listed_or_work)


def _plain_spot(to) -> bool:
    """Whether a move's ``to`` is a point of floats, as the engine makes them (anything else meets the checks)."""
    return type(to) is tuple and len(to) == 2 and type(to[0]) is float and type(to[1]) is float


def _listed_plans(state) -> list[tuple[str | None, list[Figure], dict]]:
    """The moves listed in this position whose plan their menu knows, one entry a unit: its squad (``None``: a
    lone unit), its members, and the id of the leader (the unit) of each such move by where he goes. A menu
    knows the plan of a move whose followers simply file behind the leader, and of a lone unit's move: the
    move chosen is done with it, without planning it again."""
    return state.remembered(("listed plans",), list)


def _listed_plan(state, key: tuple):
    """The plan a menu of this position knows for :func:`_remembered_plan`'s ``key`` (``None``: none)."""
    to = key[-1]
    for squad, members, filed in _listed_plans(state):
        leader = filed.get(to)
        if leader is None:
            continue
        if len(key) == 4 and squad == key[1] and leader == key[2]:
            for mover in members:
                if mover.id == leader:
                    return _file_plan(members, mover, to)
        if len(key) == 3 and squad is None and leader == key[1]:
            return to, True
    return None


def _file_plan(members: list[Figure], mover: Figure, to: Point) -> tuple[dict[str, Point], bool]:
    """:func:`plan_squad_move`'s answer for a move whose followers file straight behind the leader."""
    placed = {mover.id: to}
    placed.update(zip([f.id for f in members if f is not mover],
                      file_behind(to, tt.unit_vector((mover.x, mover.y), to), len(members) - 1)))
    return placed, True


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
        leader_free = board.table.is_free(to, others)
        if leader_free and board.table.all_free(spots, others):
            # formation()'s first choice, and a free file passes every check below (see _quick_verdict)
            placed.update(zip((f.id for f in members if f.id != leader.id), spots))
            return placed, moved
        placed.update(form_up(board, members, leader, to, direction, others))
        # Where formation() puts the followers, each stands on the table, off solid terrain and clear of the
        # ``others`` (it takes only free spots), a spacing (more than a base) from the leader and from each other
        # (a file, or points of a grid a spacing apart), and a spacing from one placed before him (a file behind
        # the leader, or a grid grown from the leader's point by neighbours): one chain, a quarter inch apart. So of
        # the checks below only the leader's own base (not on another: checked first, as _check_places would) and
        # "behind the leader" can fail (the grid may grow ahead of him); the rest would pass.
        if not leader_free:
            _check_no_overlap(board, placed)  # refuses the leader's base, which overlaps another
        check_behind_leader(by_id, leader, to, direction, placed)
        return placed, moved
    if followers is None:
        placed.update(close_ranks(board, members, leader))
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

def plan_move(state, act: MoveSquad | MoveFigure):
    """``(placed, moved, unit name, leader id)`` of a legal move; raises the rule that forbids it."""
    offered = _offered_plan(state, act)
    if offered is not None:
        return offered
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


def _offered_plan(state, act: MoveSquad | MoveFigure):
    """:func:`plan_move`'s answer for a move a menu of this position offered (``None``: not one), from the plan
    the menu knows. Such a move (this side's, its unit not moved yet, the followers forming up, to a spot of
    floats the menu found allowed) passes every check of :func:`plan_move`, so only its plan is needed, and
    the menu has it: the move played is nearly always one just listed."""
    if getattr(state, "remembered", None) is None or act.player != state.side or not _plain_spot(act.to):
        return None
    if isinstance(act, MoveSquad):
        squad, leader = act.squad, act.leader
        if act.followers is not None or type(squad) is not str or type(leader) is not str:
            return None
        listed = _listed_plan(state, ("plan", squad, leader, act.to))
        return None if listed is None else (listed[0], listed[1], f"squad:{squad}", f"squad {squad}", leader)
    figure = act.figure
    listed = _listed_plan(state, ("plan", figure, act.to)) if type(figure) is str else None
    return None if listed is None else ({figure: listed[0]}, listed[1], figure, figure, figure)


def do_move(state, act: MoveSquad | MoveFigure) -> tuple[Position, list[Event]]:
    placed, moved, unit, name, mover = plan_move(state, act)
    figures = state.figures
    start = figures[mover].position
    changed = {fid: evolve(figures[fid], x=x, y=y, moved=moved) for fid, (x, y) in placed.items()}
    position = with_figures(state, changed, moved_units=state.moved_units | {unit})
    _hand_on_units(state, placed, position)
    return position, [_move_event(act, name, mover, start, placed, moved)]


UNITS_LISTED = ("units listed",)
"""Under this key, a turn's kept answers hold the position whose units :func:`.move_offers._units` found last, and
those units."""


def _hand_on_units(state, placed: Mapping[str, Point], position: Position) -> None:
    """The units not moved yet in ``position``, the one a move makes, are this position's as listed (when they
    were) but the one that moved (its members are ``placed``): the others' figures are the same objects,
    standing where they stood, and the turn (whose kept answers they hold) is the same."""
    kept = state.kept
    listed = kept.get(UNITS_LISTED)
    if listed is not None and listed[0] is state.position:
        kept[UNITS_LISTED] = (position, [unit for unit in listed[1] if unit[1][0].id not in placed])


_MOVED_RULES = ("simple_plastic:moving.span",)
_SQUAD_MOVED_RULES = ("simple_plastic:moving.span", "simple_plastic:moving.squads", "simple_plastic:moving.cohesion")
_CLOSED_RULES = ("simple_plastic:moving.cohesion",)


def _move_event(act, name: str, mover: str, start: Point, placed: dict, moved: bool) -> Event:
    if moved:
        rules = _SQUAD_MOVED_RULES if isinstance(act, MoveSquad) else _MOVED_RULES
    else:
        rules = _CLOSED_RULES
    return Event.worded("move", rules, _move_words, name, mover, start, placed, moved)


def _move_words(name: str, mover: str, start: Point, placed: dict, moved: bool) -> tuple[str, dict]:
    """The move event's text and data, worded when first read (``Event.worded``: a playout reads none)."""
    length = tt.distance(start, placed[mover])
    if moved:
        text = f"{name} moves: {mover} goes {length:.1f} inches" + (", the rest follow" if len(placed) > 1 else "")
    else:
        text = f"{name} closes its gaps and counts as not having moved"
    data = {"unit": name, "leader": mover, "from": list(start), "distance": length, "moved": moved,
            "positions": {fid: list(p) for fid, p in placed.items()}}
    return text, data
