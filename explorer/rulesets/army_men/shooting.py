"""Shooting: range, sight and cover, the number a die must reach (every modifier with its rule), the exact
odds of a shot, friendly fire into a fight; and the Shoot action's check and roll (an area-effect weapon's
blast is worked out in :mod:`.standard`)."""

from __future__ import annotations

import functools
import math
from fractions import Fraction
from types import MappingProxyType

from explorer.core import D2, D6, Dist, Event, Explained, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.dice import d2_of
from explorer.core.frozen import evolve, shared
from explorer.core.tabletop import LineOfSight
from explorer.core.tabletop.sight import hides_more_than
from explorer.core.tabletop.between import kept_between
from explorer.core.tabletop.stores import keep_newest
from explorer.core.actions import built

from .actions import Shoot
from .combat import kill
from .data import AREA_KILLS_ON, PROFILES, TO_HIT
from .position import Figure, Position, cut_off, engaged_with, facts
from .sections import ref, refuse
from .standard import area_kills, area_need, area_odds, area_victims
from .turn import own_problem, step_of


def shooting_range(figure: Figure) -> Explained[float]:
    """How far a trooper shoots: his profile's range, doubled if prone."""
    return _range(figure.kind, figure.prone)


@functools.cache
def _range(kind: str, prone: bool) -> Explained[float]:
    p = PROFILES[kind]
    section = "shooting.range" if p.kind == "regular" else "standard.profiles"
    reasons = [Reason(ref(section), f"{p.name}: range {p.range:g} inches")]
    inches = float(p.range)
    if prone:
        inches *= 2
        reasons.append(Reason(ref("standard.prone"), f"prone: double range, {inches:g} inches"))
    return Explained(inches, tuple(reasons))


def sight(board, shooter: Figure, target: Figure) -> LineOfSight:
    return board.table.sight(shooter.position, target.position)


def in_cover(lines: LineOfSight) -> bool:
    """More than half concealed: more than half the sight lines cut or screened (a ruling; a shot's number asks
    the same of :func:`explorer.core.tabletop.sight.hides_more_than`, which builds no lines)."""
    hidden = sum(1 for line in lines.lines if line.blocked_by or line.screened_by)
    return 2 * hidden > len(lines.lines)


def need_to_hit(settings, *, within_half: bool, cover: bool = False, target_moved: bool = False,
                shooter_cut_off: bool = False, target_cut_off: bool = False) -> Explained[int | None]:
    """The number one die must reach to kill, with every modifier and its rule (``None``: the shot cannot be made).

    The one place the shooting numbers are worked out: the game's shots and the
    book's odds both ask it.
    """
    variant = settings.variant or "tutorial"
    numbers = TO_HIT[variant]
    standard = variant == "standard"
    section = "standard.shooting" if standard else "shooting.to_hit"
    if within_half:
        need, text = numbers.within_half, f"within half range: {numbers.within_half}+ kills"
    else:
        need, text = numbers.in_range, f"in range (beyond half): {numbers.in_range}+ kills"
    reasons = [Reason(ref(section), text)]
    if standard and cover:
        if not within_half:
            reasons.append(Reason(ref("standard.cover"), "in cover beyond half range: safe from fire"))
            return Explained(None, tuple(reasons))
        need += 1
        reasons.append(Reason(ref("standard.cover"), "target in cover: needs 1 more", +1))
    if target_moved and (not standard or settings.standard_moving_target):
        need += 1
        reasons.append(Reason(ref("shooting.moving_target"), "target moved in its previous turn: -1 to the roll", +1))
    if standard and settings.leadership == "penalty" and shooter_cut_off:
        need += 1
        reasons.append(Reason(ref("standard.leadership"), "shooter out of cohesion: needs 1 more", +1))
    if standard and settings.leadership == "literal" and shooter_cut_off:
        need -= 1
        reasons.append(Reason(ref("standard.leadership"), "shooter out of cohesion: +1 to his rolls", -1))
    if standard and settings.leadership == "easier_target" and target_cut_off:
        need -= 1
        reasons.append(Reason(ref("standard.leadership"), "target out of cohesion: +1 to rolls against him", -1))
    if need > 6:
        reasons.append(Reason(ref("rulings.modifier_direction"), f"a D6 cannot roll {need}: the shot cannot be made"))
        return Explained(None, tuple(reasons))
    return Explained(need, tuple(reasons))


@shared  # a handful of (need, dice) pairs, asked for every shot weighed
def hit_chance(need: int, dice: int = 1) -> Fraction:
    """Chance that at least one of ``dice`` D6 reaches ``need`` (a rate of fire above 1 at one target)."""
    one = D6.probability_where(lambda face: face >= need)
    return 1 - (1 - one) ** dice


def is_hit(face: int, need: int) -> bool:
    """The rule the game's dice and the odds share: a face at or above the number needed kills."""
    return face >= need


def shot_odds(settings, *, within_half: bool, cover: bool = False, target_moved: bool = False,
              shooter_cut_off: bool = False, target_cut_off: bool = False, dice: int = 1) -> Explained[Fraction]:
    """The exact chance a shot kills, for the book's odds explorer, with the reasons for the number needed."""
    need = need_to_hit(settings, within_half=within_half, cover=cover, target_moved=target_moved,
                       shooter_cut_off=shooter_cut_off, target_cut_off=target_cut_off)
    if need.value is None:
        return Explained(Fraction(0), need.reasons)
    reasons = need.reasons
    if dice > 1:
        reasons += (Reason(ref("shooting.rate_of_fire"), f"{dice} dice at one target: any one kills"),)
    return Explained(hit_chance(need.value, dice), reasons)


def odds_table(settings, dice: int = 1) -> dict:
    """The chance to kill for every range band, cover and moving target (the book's table)."""
    rows = []
    standard = (settings.variant or "tutorial") == "standard"
    for within_half in (True, False):
        for cover in ((False, True) if standard else (False,)):
            for moved in (False, True):
                odds = shot_odds(settings, within_half=within_half, cover=cover, target_moved=moved, dice=dice)
                rows.append(["within half" if within_half else "beyond half", "yes" if cover else "no",
                             "yes" if moved else "no", str(odds.value)])
    return {"columns": ["Range", "Cover", "Target moved", "Chance to kill"], "rows": rows}


def to_hit(board, shooter_id: str, target_id: str, known=None) -> Explained[int | None]:
    """What a shooter needs to kill a target on the board now (``None``, last reason why not); worked out
    once for a position (listing the shots, checking and rolling one, a bot weighing it all ask; ``known``: the
    board's :func:`.position.facts`, if the caller has them)."""
    known = known or facts(board)
    memo = known.memo
    key = ("to_hit", shooter_id, target_id)
    need = memo.get(key)
    if need is None:
        # the answer hangs on the shooter (where, his weapon, prone), the target (where, whether he moved),
        # whether each is cut off, the table and the settings only: kept across positions too (most actions
        # leave most pairs as they were)
        shooter, target = board.figures[shooter_id], board.figures[target_id]
        pair = (shooter_id, shooter.x, shooter.y, shooter.kind, shooter.prone, target_id, target.x, target.y,
                target.moved, cut_off(board, shooter, known), cut_off(board, target, known))
        kept = _NEEDS.get(pair)
        if kept is not None and kept[0] is board.table and kept[1] is board.settings:
            need = kept[2]
        else:
            need = _to_hit(board, shooter_id, target_id)
            keep_newest(_NEEDS, pair, (board.table, board.settings, need), 1024)  # each holds its reasons
        memo[key] = need
    return need


_UNASKED = object()  # a caller that did not pass the kept offers
_NEEDS: dict[tuple, tuple] = {}  # the pair as it matters to a shot -> (table, settings, what the shooter needs)


def _to_hit(board, shooter_id: str, target_id: str) -> Explained[int | None]:
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    reach = shooting_range(shooter)
    d = tt.distance(shooter.position, target.position)
    if d > reach.value + tt.EPSILON:
        return Explained(None, reach.reasons + (
            Reason(ref("shooting.range"), f"{target_id} is {d:.1f} inches away: out of range"),))
    # whether he sees the target at all first (the table's quick test, which stops at the first clear line):
    # the lines are traced in full only for the cover of an aimed shot
    if board.table.is_blocked(shooter.position, target.position):
        return Explained(None, (Reason(ref("shooting.line_of_sight"), f"{shooter_id} cannot see {target_id}"),))
    if shooter.profile.area:
        return Explained(None, (Reason(ref("standard.area_effect"), "an area-effect weapon rolls for every trooper "
                                                                     "near the target instead"),))
    # in_cover(sight(...)), counted without building the lines: a shot's number needs only whether he is covered
    cover = hides_more_than(shooter.position, target.position, board.table.terrain, tt.SIGHT_LINES // 2)
    settings = board.settings
    need = need_to_hit(settings, within_half=d <= reach.value / 2 + tt.EPSILON, cover=cover,
                       target_moved=target.moved, shooter_cut_off=cut_off(board, shooter),
                       target_cut_off=cut_off(board, target))
    return Explained(need.value, reach.reasons + need.reasons)


def friendly_in_fight(board, engaged, shooter: Figure, target: Figure) -> Figure | None:
    """The shooter's own trooper locked in combat with the target (the D2's '1'), if any."""
    ids = sorted(fid for fid in engaged_with(engaged, target.id) if board.figures[fid].side == shooter.side)
    return board.figures[ids[0]] if ids else None


def shot_distribution(board, engaged, shooter_id: str, target_id: str) -> Dist:
    """Exact distribution of who dies (a tuple of ids, empty for a miss) from an aimed shot."""
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    need = to_hit(board, shooter_id, target_id).value
    p = hit_chance(need, shooter.profile.dice)
    friend = friendly_in_fight(board, engaged, shooter, target)
    miss = 1 - p
    if friend is None:
        weights = {(target.id,): p, (): miss}
    else:
        one = D2.probability(1)
        weights = {(friend.id,): p * one, (target.id,): p * (1 - one), (): miss}
    common = math.lcm(*(w.denominator for w in weights.values()))
    return Dist({k: int(w * common) for k, w in weights.items()})


# -- the Shoot action ------------------------------------------------------------------------------


def reloading(state, shooter: Figure) -> bool:
    """A weapon of rate of fire 1/2 that fired last turn (it shoots every other turn)."""
    p = shooter.profile
    return p.turns_between_shots > 1 and shooter.fired_round > 0 and state.round - shooter.fired_round < p.turns_between_shots


def aimable(need: Explained[int | None], shooter: Figure) -> bool:
    """Whether a shot with this :func:`to_hit` answer may be made: a number to roll, or an area-effect weapon
    in range and sight (it rolls for everyone near the target instead)."""
    return need.value is not None or shooter.profile.area and need.reasons[-1].ref == ref("standard.area_effect")


def shot_need(state, act: Shoot) -> Explained[int | None] | RuleViolation:
    """What the shot needs to kill (``None`` for an area-effect weapon), or the rule that forbids it."""
    problem = own_problem(state, act.player, act.shooter, "shooting", "shooter")
    if problem is not None:
        return problem
    shooter = state.figures[act.shooter]
    if not isinstance(act.target, str) or act.target not in state.figures:
        return refuse("shooting", f"there is no trooper {act.target!r:.40} to shoot at")
    target = state.figures[act.target]
    if target.side == shooter.side:
        return refuse("shooting", f"{act.target} is on {shooter.id}'s side: select an enemy trooper as the target")
    if not target.in_play:
        return refuse("combat.the_end", f"{act.target} is out of play")
    if state.position.acting == shooter.id:
        return refuse("turn.action_step", f"{shooter.id} has already shot in this action step")
    if engaged_with(state.engaged, shooter.id):
        return refuse("combat.tie", f"{shooter.id} is locked in combat and may not shoot")
    p = shooter.profile
    if reloading(state, shooter):
        return refuse("rulings.half_rate", f"{shooter.id}'s {p.name} fired last turn: rate of fire "
                                           f"{p.rate_of_fire}, one shot every {p.turns_between_shots} turns")
    need = to_hit(state, shooter.id, target.id)
    if not aimable(need, shooter):
        last = need.reasons[-1]
        return RuleViolation(last.text, last.ref)
    return need


def shot_offers(state, f: Figure, known=None, kept=_UNASKED) -> list[Shoot]:
    """The shots ``f`` (his side's, in play, his step not over) may take now: at each enemy in range and sight
    he has a number to roll against (the range first, the cheap test; ``known``: the position's
    :func:`.position.facts`; ``kept``: the game's kept shot offers, if the caller has them).

    Kept between positions: they read only the shooter, the round (a weapon reloading), whether he is cut off,
    and the enemies in play (where they stand, whether they moved, which of them are cut off: the same enemy
    figures, the same answers). While his side plays, the enemy stands still (it only loses men), so his shots
    are worked out again only when he or his cohesion changed, or an enemy fell."""
    if state.position.acting == f.id or state.engaged and engaged_with(state.engaged, f.id) or reloading(state, f):
        return []
    known = known or facts(state)
    side = state.side
    enemies = known.sides.get(state.other(side), ())
    cut = cut_off(state, f, known)
    if kept is _UNASKED:
        kept = kept_between(state, "shot offers", 4096)
    if kept is not None:
        then = kept.get(f.id)
        # the same enemy figures: a tuple compares them by identity first, without a call each
        if then is not None and then[0] is f and then[1] is cut and then[2] == enemies:
            return then[3]
    reach = _range(f.kind, f.prone).value + tt.EPSILON
    x, y, hypot = f.x, f.y, math.hypot  # tt.distance, written out: this runs for every pair listed
    listed = [built(Shoot, side, f.id, e.id) for e in enemies
              if hypot(e.x - x, e.y - y) <= reach and aimable(to_hit(state, f.id, e.id, known), f)]
    if kept is not None:
        kept[f.id] = (f, cut, enemies, listed)
    return listed


def check_shoot(state, act: Shoot) -> RuleViolation | None:
    need = shot_need(state, act)
    return need if isinstance(need, RuleViolation) else None


def chance_shoot(state, act: Shoot) -> Dist:
    shooter = state.figures[act.shooter]
    if shooter.profile.area:
        return area_odds(state, act.target).value
    return shot_distribution(state, state.engaged, act.shooter, act.target)


def do_shoot(state, act: Shoot) -> tuple[Position, list[Event]]:
    need = shot_need(state, act)
    shooter, target = state.figures[act.shooter], state.figures[act.target]
    figures, engaged = dict(state.figures), list(state.engaged)
    figures[shooter.id] = evolve(shooter, fired_round=state.round)
    done = step_of(state, shooter.id)
    events = []
    if shooter.profile.area:
        victims = area_victims(state, target)
        faces = state.roll(len(victims))
        needs = [area_need(state, v).value for v in victims]
        dead = [v.id for v, face, need in zip(victims, faces, needs) if area_kills(face, need)]
        counted = [fid for fid, face in zip([v.id for v in victims], faces) if fid in dead and face < AREA_KILLS_ON]
        rolls = ", ".join(f"{v.id} {face}" + (" (out of cohesion: his 5 counts as a 6)" if v.id in counted else "")
                          for v, face in zip(victims, faces))
        rules = ("army_men:standard.area_effect",) + (("army_men:standard.leadership",) if counted else ())
        events.append(Event("area", f"{shooter.id} fires his {shooter.profile.name} at {target.id}: {rolls}", rules,
                            {"shooter": shooter.id, "target": target.id, "victims": [v.id for v in victims],
                             "dice": list(faces), "killed": dead}))
    else:
        faces = state.roll(shooter.profile.dice)
        hit = any(is_hit(face, need.value) for face in faces)
        dead = [target.id] if hit else []
        text = f"{shooter.id} shoots at {target.id}, needing {need.value}+: rolls {', '.join(map(str, faces))}"
        friend = friendly_in_fight(state, state.engaged, shooter, target) if hit else None
        data = {"shooter": shooter.id, "target": target.id, "need": need.value, "dice": list(faces),
                "why": [str(r) for r in need.reasons]}
        if friend is not None:
            (face,) = state.roll(1)
            d2 = d2_of(face)
            dead = [friend.id] if d2 == 1 else [target.id]
            text += f"; a hit in a fight: D2 (a {face}) is {d2}"
            data["d2"] = d2
        data["killed"] = dead
        text += f": {'kills ' + dead[0] if dead else 'misses'}"
        rules = tuple(r.key for r in need.refs) + (("army_men:shooting.friendly_fire",) if friend else ())
        events.append(Event("shot", text, rules, data))
    kill(figures, engaged, dead)
    events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid}) for fid in dead]
    if shooter.profile.fires_and_moves:
        acting = shooter.id
    else:
        acting, done = None, done | {shooter.id}
    position = evolve(state.position, figures=MappingProxyType(figures), acting=acting, done=done,
                      engaged=tuple(engaged))
    return position, events
