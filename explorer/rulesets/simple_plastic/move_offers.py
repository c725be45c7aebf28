"""The moves each unit is offered (book/simple_plastic/moving.md): the eight compass directions at a full and a
half span, and closing gaps, listed by yes/no tests that give the full plan's answers (:mod:`.moving` plans
and checks a move with its words). A unit's menu is kept for the turn under all it reads, and leaves the
plans it knows for the move then played."""

from __future__ import annotations

from explorer.core import Action, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.geometry import box_around
from explorer.core.tabletop import COMPASS, EPSILON, Point
from explorer.core.tabletop.stores import remember

from .actions import MoveFigure, MoveSquad
from .formation import FORMATION_SPACING, file_behind
from .moving import UNITS_LISTED, _listed_plans, _plan_squad_move, in_cohesion, plan_squad_move
from .position import Figure, nearest_enemy


def _units(state) -> list[tuple[str | None, list[Figure], dict, bool]]:
    """The side's units that have not moved yet, in the order fielded: (squad or None, its living members, the
    answers kept for it, whether it is in cohesion); a unit's answers (its cohesion and menus) are kept under
    its members' ids and places, found once here. Once per position (kept under ``UNITS_LISTED`` with the
    position they are found for, which is this function's memo too): listing the moves asks twice (the menu,
    and whether the phase may end). After a move, the units are those of the position moved from but the one
    that moved, handed on by :func:`.moving.do_move` (the same figures: nothing else moved)."""
    kept = state.kept
    listed = kept.get(UNITS_LISTED)
    position = state.position
    if listed is not None and listed[0] is position:
        return listed[1]
    units: dict = {}
    side = position.side
    for f in position.figures.values():
        if f.side == side and f.alive:  # (the side first: it leaves out half the figures)
            unit = f.squad or (None, f.id)  # a squad, or a lone figure, without its text
            members = units.get(unit)
            if members is None:
                units[unit] = [f]
            else:
                members.append(f)
    moved, out = position.moved_units, []
    for unit, members in units.items():
        if moved and (f"squad:{unit}" if type(unit) is str else unit[1]) in moved:  # Figure.unit, written out
            continue
        key = ("unit", tuple([(f.id, f.x, f.y) for f in members]))
        answers = kept.get(key)
        if answers is None:
            answers = kept[key] = {"cohesive": len(members) == 1 or in_cohesion([(f.x, f.y) for f in members])}
        out.append((members[0].squad, members, answers, answers["cohesive"]))
    kept[UNITS_LISTED] = (position, out)
    return out


def candidate_moves(state) -> tuple[list[Action], bool]:
    """A finite menu: the eight compass directions at a full and a half span, and closing gaps; and whether some
    squad has gaps it could close (:func:`gaps_left_open`, found on the way: then the phase may not end)."""
    offers, gaps = [], False
    for squad, members, answers, cohesive in _units(state):
        if not cohesive:
            closing = closing_move(state, squad, members)
            if closing is not None:
                offers.append(closing)
                gaps = True
        offers += _menu(state, squad, members, answers)
    return offers, gaps


def _menu(state, squad: str | None, members: list[Figure], answers: dict) -> tuple[Action, ...]:
    """A unit's compass moves, kept for the turn under everything they depend on besides the table and the
    settings: the unit (in its ``answers``, from :func:`_units`), and where the figures stand that its moves could
    reach (a span away, and as far again as its followers may form up, a spacing each, and a base more). Their
    plans, where the menu knows them, are left for this position's move to be done (:func:`_listed_plans`)."""
    span = state.settings.span_inches
    reach = span + len(members) * FORMATION_SPACING + tt.BASE_DIAMETER + 1e-6
    points = [(f.x, f.y) for f in members]
    unit_box = box_around(points, points[0])
    x0, y0, x1, y1 = unit_box
    x0, x1, y0, y1 = x0 - reach, x1 + reach, y0 - reach, y1 + reach
    # The living bases in the region: the unit's own members always (their box is inside it), and nearly always
    # no other (then no set of the members' ids is made to leave them out). Places first: most bases are far.
    found = [f for f in state.figures.values() if x0 <= f.x <= x1 and y0 <= f.y <= y1 and f.alive]
    if len(found) == len(members):
        near = ()
    else:
        ids = {f.id for f in members}
        near = tuple(sorted([(f.x, f.y) for f in found if f.id not in ids]))
    entry = answers.get(near)  # the unit's menus, by the bases near it (a tuple; "cohesive" is text)
    if entry is None:
        entry = answers[near] = _work_out_menu(state, span, squad, members, near, (x0, y0, x1, y1), unit_box)
    if entry[1]:
        _listed_plans(state).append((squad, members, entry[1]))
    return entry[0]


_COMPASS = tuple(COMPASS.values())


_STEPS: dict = {}  # _steps' answers, by span and file length (a game has one span, a side a few unit sizes)


def _steps(span: float, back: float) -> tuple[tuple[int, float, float, float, float], ...]:
    """The menu's sixteen moves, in its order (for each compass direction, a span, then half a span), each as
    (the direction's index in ``_COMPASS``, the step's x and y, ``back`` along the direction's x and y): the step
    is :func:`~explorer.core.tabletop.step`'s product, so a spot is the mover's place plus it, to the last bit."""
    key = (span, back)
    steps = _STEPS.get(key)
    if steps is None:
        steps = tuple([(index, dx * length, dy * length, back * dx, back * dy)
                       for index, (dx, dy) in enumerate(_COMPASS) for length in (span, span / 2)])
        remember(_STEPS, key, steps, 256)  # (a bound on memory: settings made by hand, one after another)
    return steps


_MARGIN = 1e-6
"""Inches, far wider than rounding: a file's end found from the compass direction (not from the move's own
:func:`~explorer.core.tabletop.unit_vector`, as :func:`.formation.file_behind` finds it) lies within 1e-10 of it (a
direction off by a few units in the last place of the table's coordinates over a span, times the file's length),
so an end this far inside the table's edge is on it, and the boxes round the blocks, grown by as much again
(``reach`` and the solid pieces' pad), meet every box that holds the file."""


def _work_out_menu(state, span: float, squad: str | None, members: list[Figure], others: tuple[Point, ...],
                   region: tuple[float, float, float, float],
                   unit_box: tuple[float, float, float, float]) -> tuple[tuple[Action, ...], dict]:
    """The menu's moves in order (for each compass direction, the frontmost unit a span, then half a span), and
    the id of the leader of each move whose plan it knows (a lone unit's, or followers filing behind), by where he goes.
    ``span``: the settings' span; ``others``: the other bases in ``region``, which holds every spot and path of every
    move listed; ``unit_box``: the box round the members.

    Written plainly (``on_table``, ``step``, ``built`` and the box tests inline, by the same arithmetic): a fresh
    menu is worked out for nearly every unit in every turn, so its loop is most of a move listing. A move's
    tests that only settle the easy cases (whether the file's end is surely on the table, the box of the move
    and its file clear of every block) leave the rest to :func:`_quick_verdict`, which answers them all."""
    side, table = state.side, state.table
    count = len(members) - 1
    kind = MoveSquad if squad else MoveFigure
    # What could stand in a move's way here: solid pieces, and other bases (each grown by as much as makes a
    # box test enough). With none, only the table's edge can stop a move (and with every spot and file's end surely
    # on the table, below, nothing).
    reach = tt.BASE_DIAMETER + _MARGIN  # bases further apart than this along one axis cannot overlap
    blocks = table.solid_boxes_near(*region)
    if others:  # (nearly always none)
        blocks = blocks + [(x - reach, y - reach, x + reach, y + reach) for x, y in others]  # (a new list)
    low = tt.BASE_RADIUS - EPSILON  # table.on_table's bounds
    high_x, high_y = table.width - low, table.height - low
    back = count * FORMATION_SPACING  # how far behind its leader a file ends
    end_x0, end_x1 = low + _MARGIN, high_x - _MARGIN  # a file's end found from the direction, surely on the table
    end_y0, end_y1 = low + _MARGIN, high_y - _MARGIN
    # Every spot lies within a span of a member, and every file's end a span less ``back`` (a span, or half a span,
    # forward, then ``back`` behind: to within rounding): with the unit's box that far inside the table's edge
    # (and a margin far wider than rounding), no spot, or no file's end, need be tested against the edge.
    ux0, uy0, ux1, uy1 = unit_box
    spots_on = end_x0 <= ux0 - span and ux1 + span <= end_x1 and end_y0 <= uy0 - span and uy1 + span <= end_y1
    ends = max(abs(span - back), abs(span / 2 - back)) + _MARGIN
    ends_on = not count or (end_x0 <= ux0 - ends and ux1 + ends <= end_x1 and end_y0 <= uy0 - ends and
                            uy1 + ends <= end_y1)
    open_ground = not blocks and spots_on and ends_on
    new = object.__new__
    places = [(f.x, f.y, f, f.id) for f in members]
    fronts = _frontmost_each_way(places) if count else places * 8
    menu, plans = [], {}
    for index, ox, oy, bx, by in _steps(span, back):
        sx, sy, mover, mid = fronts[index]
        tx, ty = sx + ox, sy + oy
        to = (tx, ty)
        if not open_ground:
            ex, ey = tx - bx, ty - by  # the file's end (the spot itself, alone), to within far less than _MARGIN
            # the path and the file clear of every block, then the table's edge
            allowed = True
            if blocks:  # the box of start, spot and file's end (min and max, written out)
                lo_x, hi_x = (tx, sx) if tx < sx else (sx, tx)
                if ex < lo_x:
                    lo_x = ex
                elif ex > hi_x:
                    hi_x = ex
                lo_y, hi_y = (ty, sy) if ty < sy else (sy, ty)
                if ey < lo_y:
                    lo_y = ey
                elif ey > hi_y:
                    hi_y = ey
                for bx0, by0, bx1, by1 in blocks:
                    if not (bx1 < lo_x or bx0 > hi_x or by1 < lo_y or by0 > hi_y):
                        allowed = None
                        break
            if allowed:
                if not spots_on and not (low <= tx <= high_x and low <= ty <= high_y):
                    continue  # off the table
                if not ends_on and not (end_x0 <= ex <= end_x1 and end_y0 <= ey <= end_y1):
                    allowed = None
            if allowed is None:
                allowed = _quick_verdict(table, members, mover, to, others)
            if allowed is None:  # the followers cannot file straight behind: the full plan decides
                try:
                    _plan_squad_move(state, squad, mid, to)
                except RuleViolation:
                    continue
            elif not allowed:
                continue
            else:
                plans[to] = mid  # followers filing behind (or alone): formation()'s first choice (see _quick_verdict)
        else:  # open ground: allowed, the followers filing behind
            plans[to] = mid
        # allowed: built(), field by field (the engine's own names and a point of floats, nothing to clean again)
        act = new(kind)
        fields = act.__dict__
        fields["player"] = side
        if squad:
            fields["squad"] = squad
            fields["leader"] = mid
            fields["to"] = to
            fields["followers"] = None
        else:
            fields["figure"] = mid
            fields["to"] = to
        menu.append(act)
    return tuple(menu), plans


def _frontmost_each_way(places: list[tuple]) -> list[tuple]:
    """:func:`frontmost` of the members at ``places`` (``(x, y, ...)``, in the order fielded) for each direction
    of ``_COMPASS``, in its order, as the ``places`` entry. Each direction's opposite is 4 on, and its vector is the
    exact negation, so each member's projection on it is the exact negation too: one pass a pair of opposite
    directions finds the first greatest (frontmost one way) and the first least (frontmost the other)."""
    fronts: list = [None] * 8
    for index in range(4):
        dx, dy = _COMPASS[index]
        first = places[0]
        top = bottom = first[0] * dx + first[1] * dy
        ahead_most = behind_most = first
        for place in places:
            ahead = place[0] * dx + place[1] * dy
            if ahead > top:
                top, ahead_most = ahead, place
            elif ahead < bottom:
                bottom, behind_most = ahead, place
        fronts[index], fronts[index + 4] = ahead_most, behind_most
    return fronts


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
    return [squad for squad, members, _, cohesive in _units(state)
            if not cohesive and closing_move(state, squad, members)]
