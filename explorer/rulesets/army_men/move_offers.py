"""The moves offered to a trooper in his action step (book/army_men/moving.md): the full and half allowance in the
eight compass directions, and base to base with each of the three nearest enemies in reach; each legal, by the
quick tests of :mod:`.moving` (:func:`.moving.move_block` words the refusal of any other spot tried).

Listing runs at every position of a game, for every trooper still to act, and most actions move one trooper:
so a trooper's offers are kept between positions (:class:`_Offers`) and brought up to date from what changed
(:func:`~explorer.core.tabletop.between.changed_since`): only the spots a moved trooper came near or left are
tested again. Distances are written out in the loops below: they run for every trooper listed.
"""

from __future__ import annotations

import math
import operator

from explorer.core import tabletop as tt
from explorer.core.tabletop.between import changed_since, kept_between

from .actions import Move
from .data import COHESION_INCHES
from .moving import _SLACK, _company_block, _Ground, _ground_of
from .position import Figure, cut_off, engaged_with, facts

_WHO = operator.attrgetter("side", "squad")  # what makes a figure the same one, for his company
_UNASKED = object()  # a caller that did not pass the kept offers
_MARGIN = 1e-3  # inches: more than every slack of the tests below, so a test that could change is never missed


def move_offers(state, f: Figure, known=None, kept=_UNASKED) -> list[Move]:
    """The moves offered to ``f`` (his side's, in play, his step not over; ``known``: the position's
    :func:`.position.facts`; ``kept``: the game's kept move offers, if the caller has them). Kept by the game
    between positions, and brought up to date."""
    known = known or facts(state)
    ground = _ground_of(state.table, f)
    engaged = engaged_with(state.engaged, f.id) if state.engaged else []
    if kept is _UNASKED:
        kept = kept_between(state, "move offers", 4096)
    if kept is None:  # a what-if board keeps nothing
        return _Offers(state, f, ground, engaged, known).listed
    offers = kept.get(f.id)
    if offers is None or offers.ground is not ground or offers.engaged != engaged \
            or not offers.caught_up(state, f, known):
        offers = kept[f.id] = _Offers(state, f, ground, engaged, known)
    return offers.listed


class _Offers:
    """A trooper's moves in one position, as the company of the others allows them: what his ground offers
    (and the base-to-base spots by the enemies in reach), each with whether it is allowed, and the list of
    those allowed. :meth:`caught_up` brings them to a later position."""

    __slots__ = ("ground", "engaged", "position", "cohesion", "entries", "allowed", "listed")

    def __init__(self, state, f: Figure, ground: _Ground, engaged: list[str], known):
        self.ground, self.engaged, self.position = ground, engaged, getattr(state, "position", None)
        allowance, (sx, sy) = ground.allowance, ground.start
        hypot, base = math.hypot, tt.BASE_DIAMETER
        entries = ground.offers  # the compass spots the ground allows
        # base to base with the three nearest enemies in reach (a nearer one is in reach too); as near: in order
        enemies = []
        for i, e in enumerate(known.sides.get(state.other(f.side), ())):
            d = hypot(e.x - sx, e.y - sy)
            if d - base <= allowance:
                enemies.append((d, i, e))
        if enemies:
            tried = []
            for _, _, e in sorted(enemies)[:3]:
                entry = None if e.id in engaged else ground.charge(e.position)
                if entry is not None and entry[1] not in tried:
                    tried.append(entry[1])
                    if entry[0] is not None:
                        entries = entries + [entry]
        self.entries = entries
        near, opponents, cohesion, mates = _company(state, f, ground, known)
        self.cohesion = cohesion
        if near or opponents or cohesion:
            self.allowed = [not on_table or _company_block(to, near, opponents, cohesion, mates) is None
                            for _, to, on_table in entries]
            self.listed = [act for (act, _, _), ok in zip(entries, self.allowed) if ok]
        else:
            self.allowed = [True] * len(entries)
            self.listed = [act for act, _, _ in entries]

    def caught_up(self, state, f: Figure, known) -> bool:
        """Brought up to the state's position (his ground and tied fights the same): the spots whose answer a
        trooper who moved, fell or left can change are tested again (all of them if he is no longer bound to
        keep cohesion, or is now). False: what changed can change more than that (an enemy near enough to
        charge, different figures), so they must be worked out anew."""
        if self.position is state.position:
            return True
        changes = changed_since(state, self.position, _WHO)
        if changes is None:
            return False
        allowance, (sx, sy) = self.ground.allowance, self.ground.start
        charge = allowance + tt.BASE_DIAMETER + _MARGIN  # an enemy as near may be charged
        keeps = COHESION_INCHES + _MARGIN  # a mate as near may keep him in cohesion (or no longer)
        cohesion_counts = state.settings.leave_cohesion == "forbidden"
        hypot, figures = math.hypot, state.figures
        retest, bound = set(), False
        for fid, side, ax, ay, bx, by, fell in changes:
            if fid == f.id:
                return False
            if side != f.side:
                if hypot(ax - sx, ay - sy) <= charge or hypot(bx - sx, by - sy) <= charge:
                    return False
                continue  # farther, an enemy neither takes one of his spots nor is charged
            now_in = figures[fid].status == "in_play"
            was = None if fell and now_in else (ax, ay)  # where he stood in play, and stands now (None: not)
            now = (bx, by) if now_in else None
            mate = figures[fid].squad == f.squad
            if mate and cohesion_counts and any(p is not None and hypot(p[0] - sx, p[1] - sy) <= keeps
                                                for p in (was, now)):
                bound = True
            keeps_him = mate and self.cohesion
            far = allowance + (COHESION_INCHES if keeps_him else tt.BASE_DIAMETER) + _MARGIN
            if any(p is not None and hypot(p[0] - sx, p[1] - sy) <= far for p in (was, now)):
                self._retest(retest, was, now, keeps_him)  # else too far from every spot (within his allowance)
        if bound and self.cohesion == (len(known.squads.get((f.side, f.squad), ())) > 1
                                       and not cut_off(state, f, known)):
            bound = False  # still bound to keep cohesion, or still not
        if retest or bound:
            near, opponents, cohesion, mates = _company(state, f, self.ground, known)
            entries, allowed = self.entries, self.allowed
            if cohesion != self.cohesion:  # bound to keep cohesion now, or no longer: every spot changes
                self.cohesion, retest = cohesion, range(len(entries))
            for i in retest:
                allowed[i] = not entries[i][2] or _company_block(entries[i][1], near, opponents, cohesion,
                                                                 mates) is None
            self.listed = [act for (act, _, _), ok in zip(entries, allowed) if ok]
        self.position = state.position
        return True

    def _retest(self, retest: set, was, now, keeps_him: bool) -> None:
        """Add to ``retest`` the spots (on the table) whose answer a friend who stood at ``was`` and stands at
        ``now`` (``None``: not in play) can change: those his base may have left or taken, and, if he is a mate
        who may keep the trooper in cohesion (``keeps_him``), those allowed that he no longer keeps and those
        refused that he keeps now (a spot he keeps both before and after keeps its answer)."""
        base, reach = tt.BASE_DIAMETER + _MARGIN, COHESION_INCHES + _MARGIN
        inches = COHESION_INCHES + tt.EPSILON  # exactly :func:`.moving._company_block`'s test of a mate
        hypot, allowed = math.hypot, self.allowed
        # not in play: a spot infinitely far, which no test below finds near (the loop written out: it runs for
        # every spot of every trooper a moved trooper passes near)
        wx, wy = was if was is not None else (math.inf, math.inf)
        nx, ny = now if now is not None else (math.inf, math.inf)
        for i, (_, (tx, ty), on_table) in enumerate(self.entries):
            if not on_table:
                continue  # off the table, only the ground counts
            if (-base <= wx - tx <= base and -base <= wy - ty <= base
                    or -base <= nx - tx <= base and -base <= ny - ty <= base):
                retest.add(i)  # his base may have left it, or taken it
            elif keeps_him:
                kept_now = hypot(nx - tx, ny - ty) <= inches
                if allowed[i]:
                    if not kept_now and -reach <= wx - tx <= reach and -reach <= wy - ty <= reach:
                        retest.add(i)  # he may have been the one mate keeping it
                elif kept_now:
                    retest.add(i)  # refused before, perhaps only for want of a mate near


def _company(state, f: Figure, ground: _Ground, known) -> tuple[list, tuple, bool, list]:
    """What the others in play answer for ``f``'s spots (:func:`.moving._company_block`): where those within his
    allowance and a base stand, where those he is locked in a tied fight with stand, whether he must keep
    cohesion, and where the squad mates who could keep him in it stand."""
    allowance, (sx, sy) = ground.allowance, ground.start
    hypot = math.hypot
    reach = allowance + _SLACK + tt.BASE_DIAMETER
    near = [(g.x, g.y) for g in known.in_play if -reach <= g.x - sx <= reach and -reach <= g.y - sy <= reach
            and hypot(g.x - sx, g.y - sy) <= reach and g.id != f.id]
    opponents = tuple(state.figures[o].position for o in engaged_with(state.engaged, f.id)) if state.engaged else ()
    mates = [m for m in known.squads.get((f.side, f.squad), ()) if m.id != f.id]
    cohesion = bool(mates) and state.settings.leave_cohesion == "forbidden" and not cut_off(state, f, known)
    if cohesion:
        reach = allowance + _SLACK + COHESION_INCHES
        mates = [(m.x, m.y) for m in mates if hypot(m.x - sx, m.y - sy) <= reach]
    return near, opponents, cohesion, mates
