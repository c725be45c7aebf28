"""Where a squad's followers end when it moves (book/simple_plastic/moving.md: squads and cohesion, and the
rulings on followers and closing gaps): forming up behind a leader who moves, closing ranks on one who stays,
or placed by hand; and the checks on where they end. :mod:`.moving` plans the move around them."""

from __future__ import annotations

import math
from collections.abc import Mapping

from explorer.core import tabletop as tt
from explorer.core.tabletop import EPSILON, Point

from .data import COHESION_INCHES
from .position import Figure, as_point, fmt, in_play
from .sections import refuse


FORMATION_SPACING = tt.BASE_DIAMETER + COHESION_INCHES / 2  # grid neighbours a quarter inch apart: in cohesion


FOLLOWER_TOLERANCE = 1e-6  # inches a follower may end ahead of its leader: level with him, not in front (rounding only)


CLOSING_STEP = 0.05  # inches between the spots tried when a follower slides toward its leader


def check_behind_leader(by_id, leader: Figure, to: Point, direction: Point, placed: Mapping[str, Point]) -> None:
    """'Then move the rest of the squad behind him': no follower ends further forward than the leader."""
    front = tt.projection(to, direction)
    for fid, point in placed.items():
        if fid == leader.id:
            continue
        ahead = tt.projection(point, direction) - front
        if ahead > FOLLOWER_TOLERANCE:
            raise refuse("rulings.followers", f"{fid} would end {ahead:.2f} inches ahead of {leader.id}, who "
                                              "leads the move: the rest of the squad follows behind him")


def check_closing(by_id, leader: Figure, placed: Mapping[str, Point]) -> None:
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


def file_behind(to: Point, direction: Point, count: int) -> tuple[Point, ...]:
    """The first choice of :func:`~explorer.core.tabletop.formation` for ``count`` followers of a leader who
    moved ``direction`` to ``to``: a file straight behind him, a spacing apart (taken whenever it is free)."""
    (tx, ty), bx, by = to, -direction[0], -direction[1]
    return tuple([(tx + k * FORMATION_SPACING * bx, ty + k * FORMATION_SPACING * by) for k in range(1, count + 1)])


def form_up(board, members, leader, to, direction, occupied: list[Point]) -> dict[str, Point]:
    """Where the followers of a ``leader`` who moves ``direction`` to ``to`` end (``occupied``: the bases of every
    other figure in play): :func:`~explorer.core.tabletop.formation`'s places, a spacing apart."""
    followers = [f for f in members if f.id != leader.id]
    if not followers:
        return {}
    spots = tt.formation(board.table, to, direction, len(followers), occupied=occupied, spacing=FORMATION_SPACING)
    if spots is None:
        raise refuse("rulings.followers", f"there is no room for squad {leader.squad} to form up at {fmt(to)}")
    return {f.id: spot for f, spot in zip(followers, spots)}


def close_ranks(board, members, leader) -> dict[str, Point]:
    """Close gaps on a leader who stays: each follower, nearest first, slides straight toward him.

    A follower moves only as far as it must to be within one finger of a
    member already placed (the leader first), so the squad draws in without
    its front going anywhere.
    """
    anchor = leader.position
    member_ids = {f.id for f in members}
    others = [f.position for f in in_play(board) if f.id not in member_ids]
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
            # The first spot it may stand on within a finger of one placed; else the last it may stand on (the
            # nearest the leader); else where it stands. Spots are tried in order and the first near one ends it.
            taken, last_free = [*others, *placed.values(), *waiting], None
            for p in candidates:
                if _free_spot(board, p, taken):
                    if any(tt.gap_between(p, q) <= COHESION_INCHES + EPSILON for q in placed.values()):
                        spot = p
                        break
                    last_free = p
            else:
                spot = last_free if last_free is not None else start
        placed[f.id] = spot
    del placed[leader.id]
    return placed


def _free_spot(board, point: Point, taken) -> bool:
    table = board.table
    return (table.on_table(point) and not table.in_solid(point)
            and not any(tt.bases_overlap(point, q) for q in taken))


def explicit_followers(board, by_id, leader, followers) -> dict[str, Point]:
    placed: dict[str, Point] = {}
    try:
        pairs = [(fid, as_point(point)) for fid, point in followers]
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
