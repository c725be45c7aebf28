"""The attacks each unit is offered (book/simple_plastic/attacking.md): every attacker with an attack left, at
each enemy squad or lone unit it may attack, asked of the rules' yes/no tests (:mod:`.attacking` works out the
to-kill number with its words, for the attack played). Offers are kept for the turn under all they read."""

from __future__ import annotations

from explorer.core import Action
from explorer.core.actions import built
from explorer.core.tabletop import Point

from .actions import Attack
from .attacking import _attackable, closest_target
from .position import Figure


def candidate_attacks(state) -> list[Action]:
    """Each attacker with an attack left, at each enemy squad or lone unit it may attack, in the order fielded
    (:func:`attack_offer` each, with each squad's bases gathered once a listing): an attack phase lists every
    attacker against every enemy unit, most of them for the first time (someone moved)."""
    side = state.side
    groups: dict[str, list[Figure]] = {}
    attackers = []
    for f in state.figures.values():
        if f.alive:
            if f.side == side:
                attackers.append(f)
            else:
                unit = f.squad or (None, f.id)  # what Figure.unit names, without its text
                members = groups.get(unit)
                if members is None:
                    groups[unit] = [f]
                else:
                    members.append(f)
    used = state.position.attacks_used
    used = dict(used) if used else None
    settings = state.settings
    kept = None if settings.figures_block_sight else state.kept  # offers kept only when figures do not block
    targets = [(members, None if kept is None else _offers_at(kept, tuple([(f.id, f.x, f.y) for f in members])),
                [(f.x, f.y) for f in members]) for members in groups.values()]
    hills, out = settings.hills_block_sight, []
    for attacker in attackers:
        if used and used.get(attacker.id, 0) >= attacker.profile.attacks:
            continue
        key = (attacker.id, attacker.x, attacker.y, attacker.moved)  # _kept_offer's key, made once an attacker
        for members, offers, points in targets:
            if offers is None:
                found = _attack_offer(state, attacker, members[0])
            else:  # _kept_offer, its kept answer looked up here
                found = offers.get(key, _UNKNOWN)
                if found is _UNKNOWN:
                    found = offers[key] = _new_offer(state, hills, attacker, members, points)
            if found is not None:
                out.append(found)
    return out


def attack_offer(state, attacker: Figure, members: list[Figure], where: tuple | None = None) -> Attack | None:
    """The attack ``attacker`` may make on a squad (its living ``members``, or a lone unit), at the closest
    member in sight; ``None`` if none can be attacked. Attacks made this turn are not counted here.

    Kept for the turn when figures do not block sight: the offer then depends only on where the attacker and
    the members stand (``where``: their ids and places), whether the attacker has moved (kinds never change
    in play), the table and the settings."""
    if state.settings.figures_block_sight:
        return _attack_offer(state, attacker, members[0])
    if where is None:
        where = tuple((f.id, f.x, f.y) for f in members)
    return _kept_offer(state, _offers_at(state.kept, where), state.settings.hills_block_sight, attacker, members,
                       [(x, y) for _, x, y in where])


def _offers_at(kept: dict, where: tuple) -> dict:
    """The attacks kept against one enemy squad or lone unit standing ``where`` (its members' ids and places),
    by attacker: found once a listing for each enemy unit, so that each attacker's own key is short."""
    offers = kept.get(("attack", where))
    if offers is None:
        offers = kept[("attack", where)] = {}
    return offers


def _kept_offer(state, offers: dict, hills: bool, attacker: Figure, members: list[Figure],
                points: list[Point]) -> Attack | None:
    """:func:`attack_offer` when figures do not block sight, with what a listing gathers once: the attacks kept
    against these ``members`` (:func:`_offers_at`), whether hills block sight, and the bases' ``points``."""
    key = (attacker.id, attacker.x, attacker.y, attacker.moved)
    offer = offers.get(key, _UNKNOWN)
    if offer is _UNKNOWN:
        offer = offers[key] = _new_offer(state, hills, attacker, members, points)
    return offer


def _new_offer(state, hills: bool, attacker: Figure, members: list[Figure], points: list[Point]) -> Attack | None:
    """The answer :func:`_kept_offer` keeps, worked out."""
    # A sniper who moved, or a squad in one wall's shadow (the usual answer), offers nothing: settled before
    # anything else (_attack_offer's first test, then its sight, without tracing a line).
    if (attacker.moved and not attacker.profile.attacks_after_moving) or state.table.hides_all(
            (attacker.x, attacker.y), points, hills_block=hills):
        return None
    return _attack_offer(state, attacker, members[0], members)


_UNKNOWN = object()


def _attack_offer(state, attacker: Figure, target: Figure, shown: list[Figure] | None = None) -> Attack | None:
    """The attack ``attacker`` may make on ``target``'s squad (at its closest member in sight), or ``None``
    (``shown``: the squad's members, found not hidden behind one wall at once)."""
    # to_kill(...).value is not None, asked as yes or no (the same tests in the same order, without words)
    if attacker.moved and not attacker.profile.attacks_after_moving:
        return None  # a sniper who moved
    victim = closest_target(state, attacker, target, shown)
    if victim is not None and _attackable(state, attacker, victim):
        return built(Attack, attacker.side, attacker.id, victim.id)  # names read from the position
    return None
