"""Shooting (book/one_brain_cell/shooting.md, and the weapons chart of weapons.md): range, sight, cover and
the dice, and where the hits land.

The game's dice and the book's odds read the same ``is_hit``.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Iterable
from dataclasses import dataclass
from fractions import Fraction

from explorer.core import D6, Dist, Event, Explained, Reason, RuleViolation, capped, successes, total_of
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.actions import built

from .actions import Shoot
from .advanced import WORSE, wound_of
from .combat import locked_with
from .data import COHESION_INCHES, TO_HIT, Weapon
from .position import (
    Figure, Position, changed_since, counted, cut_off, enemy, free_to_act, in_play, kept_between, own, refusing,
    remembered, standing,
)
from .sections import key, ref, refuse
from .setup import measure
from .terrain import blocked, blockers, in_cover


# -- a shot's numbers ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Shot:
    """A shot's numbers: the face each die needs, how many dice, the cap on hits, and the shooter's 6s."""

    need: int
    dice: int
    max_hits: int | None = None
    cut_off: bool = False
    band: str = "short"
    cover: bool = False
    spotter: str | None = None


def is_hit(face: int, need: int, cut_off: bool = False) -> bool:
    """Whether one rolled die hits: the rule the game's dice and the book's odds share (a cut-off 6 is a 5)."""
    return counted(face, cut_off) >= need


def count_hits(faces: Iterable[int], shot: Shot) -> int:
    hits = sum(is_hit(f, shot.need, shot.cut_off) for f in faces)
    return hits if shot.max_hits is None else min(hits, shot.max_hits)


def hit_chance(need: int, cut_off: bool = False) -> Fraction:
    return D6.probability_where(lambda face: is_hit(face, need, cut_off))


def hits_distribution(shots: Iterable[Shot]) -> Dist:
    """Exact distribution of the total hits of several shots (each its dice, need and cap)."""
    return total_of(_shot_hits(shot.need, shot.dice, shot.max_hits, shot.cut_off) for shot in shots)


def _shot_hits(need: int, dice: int, max_hits: int | None, cut_off: bool) -> Dist:
    """One shot's hits (its successes and cap kept by the core: asked again, a look-up)."""
    hits = successes(dice, hit_chance(need, cut_off))
    return hits if max_hits is None else capped(hits, max_hits)


def need_to_hit(band: str, cover: bool) -> Explained[int]:
    """The Shooting Chart: 4+ short, 5+ long; 5+ and 6 at a target in cover or rough terrain."""
    need = TO_HIT[band, cover]
    text = f"{band} range{', target in cover or rough terrain' if cover else ''}: {need}+"
    return Explained(need, (Reason(ref("shooting.cover" if cover else "shooting.range"), text),))


def shot_odds(band: str, cover: bool, dice: int = 1, *, max_hits: int | None = None,
              cut_off: bool = False) -> Dist:
    """The exact distribution of hits for the book's odds explorer."""
    return hits_distribution([Shot(need_to_hit(band, cover).value, dice, max_hits, cut_off, band, cover)])


def band_of(settings, weapon: Weapon, d: float) -> str | None:
    """'short', 'long', or ``None`` (out of range or too close) at ``d`` inches: the weapon's rules, without
    their reasons (:func:`range_band` gives both)."""
    if weapon.min_range and d < measure(settings, weapon.min_range) - tt.EPSILON:
        return None
    short = measure(settings, weapon.short_range(settings))
    if weapon.always == "short":
        return "short" if d <= short + tt.EPSILON else None
    if d > measure(settings, weapon.long) + tt.EPSILON:
        return None
    if weapon.always == "long":
        return "long"
    return "short" if d <= short + tt.EPSILON else "long"


def range_band(settings, weapon: Weapon, d: float) -> Explained[str | None]:
    """'short', 'long', or ``None`` (out of range or too close), with the weapon's rules."""
    band = band_of(settings, weapon, d)
    short = measure(settings, weapon.short_range(settings))
    reasons = [Reason(ref("weapons.chart"), f"{weapon.name}: {weapon.dice} "
                                            f"{'die' if weapon.dice == 1 else 'dice'}, short range {short:g}"
                      + ("" if weapon.long is None else f", long range {measure(settings, weapon.long):g}"))]
    if band is None and weapon.min_range and d < measure(settings, weapon.min_range) - tt.EPSILON:
        reasons.append(Reason(ref("weapons.minimum_range"), f"{d:.1f} inches: closer than "
                                                            f"{measure(settings, weapon.min_range):g}, may not fire"))
    elif band is None:
        reasons.append(Reason(ref("shooting.range"), f"{d:.1f} inches: out of range"))
    elif weapon.always:
        reasons.append(Reason(ref("weapons.chart"), f"always counted as {band} range"))
    else:
        reasons.append(Reason(ref("shooting.range"), f"{d:.1f} inches: {band} range"))
    return Explained(band, tuple(reasons))


def plan_shot(board, shooter_id: str, target_id: str) -> Explained[Shot | None]:
    """What a shot by ``shooter_id`` at ``target_id`` needs now (``None``, the last reason why it cannot be made).

    Range, sight (through a spotter for the mortar), cover and the shooter's
    cohesion; not whose turn it is (the game checks that).
    """
    return remembered(board, ("shot", shooter_id, target_id), lambda: _plan_kept(board, shooter_id, target_id))


def _plan_kept(board, shooter_id: str, target_id: str) -> Explained[Shot | None]:
    """:func:`_plan_shot`, kept too with the shooter's shot offers when they were listed in this very position and
    the target is an enemy in his range (:func:`legal_shots_of` keeps them, and their plans, while nothing they
    read changes: it watches the lines to those enemies)."""
    plan = _plan_shot(board, shooter_id, target_id)
    offers = kept_between(board, "shot offers")
    then = None if offers is None else offers.get(shooter_id)
    if (then is not None and then[1] is board.position and then[0] is board.figures.get(shooter_id)
            and target_id in then[2]):
        then[4][target_id] = plan
    return plan


def _plan_shot(board, shooter_id: str, target_id: str) -> Explained[Shot | None]:
    """:func:`plan_shot`, kept by the game from position to position while nothing it reads changes: where the
    shooter and target stand, his weapon, the figures that could cut the sight line, his cohesion. (A mortar's
    spotters could be anywhere in his squad: its shots are always worked out.)"""
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    weapon = shooter.arms
    if (weapon.indirect or getattr(board, "remembered", None) is None
            or band_of(board.settings, weapon, tt.distance(shooter.position, target.position)) is None):
        return _work_out_shot(board, shooter_id, target_id)
    key = (shooter_id, target_id, shooter.weapon, shooter.position, target.position,
           tuple(blockers(board, shooter, target).items()), cut_off(board, shooter))
    kept = kept_between(board, "shot plans")
    plan = kept.get(key)
    if plan is None:
        plan = kept[key] = _work_out_shot(board, shooter_id, target_id)
    return plan


def _work_out_shot(board, shooter_id: str, target_id: str) -> Explained[Shot | None]:
    shooter, target = board.figures[shooter_id], board.figures[target_id]
    weapon = shooter.arms
    d = tt.distance(shooter.position, target.position)
    band = range_band(board.settings, weapon, d)
    reasons = list(band.reasons)
    if band.value is None:
        return Explained(None, tuple(reasons))
    spotter = None
    eye = shooter
    if blocked(board, shooter, target):
        spotters = [f for f in standing(board, shooter.side) if f.squad == shooter.squad and f.id != shooter.id
                    and not blocked(board, f, target)] if weapon.indirect else []
        if not spotters:
            reasons.append(Reason(ref("shooting.line_of_sight"), f"{shooter_id} cannot see {target_id}"))
            return Explained(None, tuple(reasons))
        spotters.sort(key=lambda f: (in_cover(board, f, target), f.id))
        eye = spotter = spotters[0]
        reasons.append(Reason(ref("weapons.mortar"), f"indirect fire: {spotter.id} of his squad sees {target_id}"))
    numbers = shot_numbers(weapon, band.value, in_cover(board, eye, target), cut_off(board, shooter),
                           spotter.id if spotter else None)
    return Explained(numbers.value, tuple(reasons) + numbers.reasons)


def shot_numbers(weapon: Weapon, band: str, cover: bool, cut_off: bool = False,
                 spotter: str | None = None) -> Explained[Shot | None]:
    """A shot's numbers once its range band is known: the face needed, the dice, the sniper's cap, the 6s of a
    shooter cut off from his squad (``None``: he cannot roll what he needs). The game's shots and the book's
    odds explorer both ask it."""
    need = need_to_hit(band, cover)
    reasons = list(need.reasons)
    if cut_off:
        reasons.append(Reason(ref("squads.cohesion"), "the shooter is more than 4 inches from his squad: "
                                                      "his 6s count as 5s"))
        if need.value == 6:
            reasons.append(Reason(ref("squads.cohesion"), "he cannot roll the 6 he needs"))
            return Explained(None, tuple(reasons))
    if weapon.dice > 1:
        reasons.append(Reason(ref("weapons.chart"), f"{weapon.name.lower()}: {weapon.dice} dice, each may hit"))
    if weapon.max_hits:
        reasons.append(Reason(ref("weapons.sniper"), f"one hit at most from {weapon.dice} dice"))
    return Explained(Shot(need.value, weapon.dice, weapon.max_hits, cut_off, band, cover, spotter), tuple(reasons))


def casualty_order(board, target_id: str) -> list[str]:
    """Who a shot's hits fall on: the target, then the nearest figures of his squad in play (ties by name)."""
    def work():
        target = board.figures[target_id]
        mates = [f for f in in_play(board, target.side) if f.squad == target.squad and f.id != target_id]
        mates.sort(key=lambda f: (tt.distance(f.position, target.position), f.id))
        return (target_id, *(f.id for f in mates))
    return list(remembered(board, ("casualties", target_id), work))  # asked of every shot at him


# -- the shoot step -----------------------------------------------------------------------------------

@refusing
def check_shoot(state, act: Shoot) -> None:
    f = own(state, act.player, act.shooter, "shooting", "shooter")
    target = enemy(state, act.player, act.target, "shooting")
    if f.shot or f.id in state.position.done:
        raise refuse("shooting", f"{f.id} has already shot this turn")
    if f.moved == "charge":
        raise refuse("rulings.charge", f"{f.id} charged this turn: a charge is all he does")
    if f.moved and f.arms.no_move:
        raise refuse("weapons.no_move", f"{f.id}'s {f.arms.name.lower()} may not move and shoot in the same "
                                          "turn")
    locked = locked_with(state, f)
    if locked:
        raise refuse("rulings.h2h_shooting", f"{f.id} is locked in H2H with {locked[0].id} and may not shoot")
    plan = plan_shot(state, f.id, target.id)
    if plan.value is None:
        last = plan.reasons[-1]
        raise RuleViolation(last.text, last.ref)


def may_shoot(state, f: Figure, *, unless_locked: bool = True) -> bool:
    """:func:`check_shoot`'s tests of the shooter as a yes or no, for a standing figure of the side to play
    (``unless_locked=False``: all but the lock, for a caller that knows he is not locked)."""
    # his own flags first: many figures asked have shot already (listing asks every standing figure)
    return (not f.shot and f.id not in state.position.done and f.moved != "charge" and free_to_act(state, f)
            and not (f.moved and f.arms.no_move) and not (unless_locked and locked_with(state, f)))


def legal_shots_of(state, f: Figure) -> list:
    """The shots offered to ``f``: at each enemy in play he can hit (:func:`can_shoot`, not the worded check).
    Kept figure by figure between positions, with the plans worked out meanwhile, while nothing they read
    changes (:func:`_disturbed`); the plans kept are remembered for the position too."""
    if not may_shoot(state, f, unless_locked=False):
        return []
    kept = kept_between(state, "shot offers")
    then = kept.get(f.id)
    # Kept offers were listed when he was not locked; an enemy that moved or stood up, which alone could lock
    # him, has them worked out again.
    if then is not None and then[0] is f:
        gone = _disturbed(state, f, *then[1:3])
        if gone is not None:  # the same shots, less those at enemies out of the battle since
            in_range, shots, plans = then[2], then[3], then[4]
            if gone:
                in_range = {i: at for i, at in in_range.items() if i not in gone}
                shots = tuple(a for a in shots if a.target not in gone)
                plans = {i: plan for i, plan in plans.items() if i not in gone}
            kept[f.id] = (f, state.position, in_range, shots, plans)
            for target, plan in plans.items():
                remembered(state, ("shot", f.id, target), lambda plan=plan: plan)
            return list(shots)
    if locked_with(state, f):
        return []
    side, settings, weapon, here = state.side, state.settings, f.arms, f.position
    in_range = [e for e in in_play(state, state.other(side))
                if band_of(settings, weapon, tt.distance(here, e.position)) is not None]  # worth a look
    shots = tuple(built(Shoot, side, f.id, e.id) for e in in_range if can_shoot(state, f, e))
    kept[f.id] = (f, state.position, {e.id: e.position for e in in_range}, shots, {})
    return list(shots)


def can_shoot(board, shooter: Figure, target: Figure) -> bool:
    """Whether :func:`plan_shot` finds a shot, as a yes or no for listing: in range, in sight, and not needing a
    6 that he, cut off from his squad, cannot roll (the plan, with its words, is worked out when asked for). A
    mortar's shot, with its spotters, is planned."""
    weapon = shooter.arms
    if weapon.indirect:
        return plan_shot(board, shooter.id, target.id).value is not None
    band = band_of(board.settings, weapon, tt.distance(shooter.position, target.position))
    if band is None or blocked(board, shooter, target):
        return False
    if not cut_off(board, shooter):
        return True
    # Cover is traced only where it decides (the chart asks a 6 in one of the two cases: long range in cover).
    open_six, cover_six = TO_HIT[band, False] == 6, TO_HIT[band, True] == 6
    if open_six == cover_six:
        return not open_six
    return TO_HIT[band, in_cover(board, shooter, target)] != 6


def _disturbed(state, f: Figure, then, in_range: dict) -> frozenset | None:
    """What changed since position ``then`` does to the shots offered to ``f`` (``f`` being the same): the enemies
    he had in range now out of the battle (their shots go; they no longer block a line), or ``None`` when his
    shots must be worked out again: an enemy wounded, recovered or back in the battle (after an undo, or in
    another line of play: a search's copies of the game share what is kept), a figure that came to or left the
    line to one of them (it blocks sight), any enemy that moved; a friend that moved within his cohesion
    distance or fell (his cohesion counts the living); anything at all for a mortar (his spotters are his
    squad)."""
    changes = changed_since(state, then)
    if changes is None or changes and f.arms.indirect:
        return None
    fx, fy = f.position
    base = tt.BASE_DIAMETER + 1e-5  # blockers: within a base's width of the line between the centres
    cohesion = measure(state.settings, COHESION_INCHES) + 1e-5
    figures, gone = state.figures, set()
    for fid, side, ax, ay, bx, by, fell in changes:
        if side == f.side:
            if fell or min(math.hypot(ax - fx, ay - fy), math.hypot(bx - fx, by - fy)) <= cohesion:
                return None
        elif ax != bx or ay != by:
            return None
        elif figures[fid].in_play:  # wounded, recovered, or back in the battle (an undo, another line of play)
            return None
        elif fid in in_range:
            gone.add(fid)
        for eid, e in in_range.items():
            if eid != fid and (tt.segment_point_distance((fx, fy), e, (ax, ay)) <= base
                               or tt.segment_point_distance((fx, fy), e, (bx, by)) <= base):
                return None
    return frozenset(gone)


def land_hits(state, figures: dict, victims: list[str], events: list[Event]) -> None:
    """Hits land on ``victims``: removed, or a roll on the wound table each (advanced wounding)."""
    if not victims:
        return
    if not state.settings.wounding:
        for v in victims:
            figures[v] = figures[v].with_status("dead")
            events.append(Event("casualty", f"{v} is hit and removed", (key("shooting.multiple_hits"),),
                                {"figure": v}))
        return
    faces = state.roll(len(victims))
    for v, face in zip(victims, faces):
        result = wound_of(face)
        old = figures[v].status
        worse = max(result, old, key=lambda s: WORSE.get(s, 0))
        status = "dead" if worse == "killed" else worse
        figures[v] = figures[v].with_status(status)
        events.append(Event("wound", f"{v} is hit: wound roll {face}, {result}"
                            + ("" if status == result or result == "killed" else f" (stays {status})"),
                            (key("advanced.wounding"),), {"figure": v, "face": face, "status": status}))


def do_shoot(state, act: Shoot) -> tuple[Position, list[Event]]:
    plan = plan_shot(state, act.shooter, act.target)
    shot = plan.value
    faces = state.roll(shot.dice)
    hits = count_hits(faces, shot)
    order = casualty_order(state, act.target)
    victims = order[:hits]
    figures = dict(state.figures)
    shooter = figures[act.shooter]
    figures[act.shooter] = evolve(shooter, shot=True)
    text = (f"{act.shooter} shoots at {act.target} ({shot.band} range{', cover' if shot.cover else ''}, "
            f"{shot.need}+): rolls {', '.join(map(str, faces))}, {hits} hit{'s' * (hits != 1)}")
    events = [Event("shot", text, tuple(dict.fromkeys(r.ref.key for r in plan.reasons)),
                    {"shooter": act.shooter, "target": act.target, "dice": list(faces), "need": shot.need,
                     "hits": hits, "victims": victims})]
    land_hits(state, figures, victims, events)
    target_squad = state.figures[act.target].squad
    return state.react(figures, act.shooter, events, "shoot", squad=shooter.squad, only=target_squad,
                           returning=tuple(v for v in victims if state.figures[v].squad == target_squad))


def shot_chance(state, act: Shoot) -> Dist:
    shot = plan_shot(state, act.shooter, act.target).value
    return _capped_hits(shot.need, shot.dice, shot.max_hits, shot.cut_off, len(casualty_order(state, act.target)))


@functools.lru_cache(maxsize=1024)
def _capped_hits(need: int, dice: int, max_hits: int | None, cut_off: bool, room: int) -> Dist:
    """The hits of one shot, no more than the ``room`` figures it can fall on (a few dozen kinds come up)."""
    return hits_distribution([Shot(need, dice, max_hits, cut_off)]).map(lambda k: min(k, room))
