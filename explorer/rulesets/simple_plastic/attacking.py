"""Attacking (book/simple_plastic/attacking.md, and the specialists of special_units.md): sight,
the to-kill number and its modifiers, who dies, the exact odds, and the attack action itself.

Every number a player sees comes back :class:`Explained`, with the rule sections that made it.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from fractions import Fraction
from math import lcm

from explorer.core import (
    Dist, Event, Explained, Reason, RuleViolation, capped, count_successes, success_chance, successes,
)
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve
from explorer.core.tabletop import LineOfSight, Sight

from .actions import Attack
from .data import BASE_TO_KILL, HIGHEST_TO_KILL, MODIFIERS, NEVER_KILLS
from .position import Board, Figure, Position, group_of, in_play, with_figures
from .sections import ref, refuse


# -- sight -----------------------------------------------------------------------------------------

def sight(board, attacker: Figure, target: Figure) -> LineOfSight:
    """The attacker's line of sight to one figure (any visible part is enough)."""
    settings = board.settings
    blockers = None
    if settings.figures_block_sight:
        blockers = {f.id: f.position for f in in_play(board) if f.id not in (attacker.id, target.id)}
    return board.table.sight(attacker.position, target.position, blockers, hills_block=settings.hills_block_sight)


def _blocked(board, attacker: Figure, target: Figure) -> bool:
    """``sight(board, attacker, target).is_blocked``, without tracing screens or every line when figures do not block."""
    settings = board.settings
    if settings.figures_block_sight:
        return sight(board, attacker, target).is_blocked
    eye, table, hills = attacker.position, board.table, settings.hills_block_sight
    # In a wall's shadow seen from the attacker (the usual answer), without tracing a line.
    return table.hides_all(eye, (target.position,), hills_block=hills) or table.is_blocked(
        eye, target.position, hills_block=hills)


def targets_closest_first(board, attacker: Figure, target: Figure) -> list[Figure]:
    """The members of the target's squad (or the lone target) the attacker can see, closest first (with
    too_well_protected='ignored', only those he can attack)."""
    seen = [f for f in group_of(board, target) if not _blocked(board, attacker, f)]
    if board.settings.too_well_protected == "ignored":
        seen = [f for f in seen if _attackable(board, attacker, f)]
    return sorted(seen, key=lambda f: tt.distance(attacker.position, f.position))


def _attackable(board, attacker: Figure, victim: Figure) -> bool:
    """Whether ``victim``'s own to-kill number is a number a D6 can roll (not more than 6): whether
    :func:`_to_kill_against` gives a number, as yes or no, without its reasons and tracing the cover only when the
    answer turns on it (listing asks this of every target in sight; the worded number is for the attack played)."""
    need, unknown = board.settings.base_to_kill, 0
    conditions = _conditions(board, attacker, victim, None)
    for modifier in MODIFIERS:
        applies = conditions[modifier.condition]
        if applies is None:
            unknown += modifier.delta
        elif applies:
            need += modifier.delta
    if need + max(unknown, 0) <= HIGHEST_TO_KILL:
        return True
    if need + min(unknown, 0) > HIGHEST_TO_KILL:
        return False
    return need + (unknown if _in_cover(board, attacker, victim) else 0) <= HIGHEST_TO_KILL


def closest_target(board, attacker: Figure, target: Figure, shown: list[Figure] | None = None) -> Figure | None:
    """The first of :func:`targets_closest_first`, tracing sight only until a member is seen (``shown``: the
    target's squad, when the caller found it is not hidden behind one wall at once)."""
    remembered = getattr(board, "remembered", None)  # asked when listing attacks, and again by to_kill
    if remembered is not None and board.figures.get(attacker.id) is attacker and board.figures.get(target.id) is target:
        victim = remembered(("closest", attacker.id, target.id),
                            lambda: _closest_target(board, attacker, target, shown))
        if victim is not None and victim is not target:
            # The answer is the squad's, whichever member names it: the attack offered names the victim, and
            # to_kill asks again under his name.
            remembered(("closest", attacker.id, victim.id), lambda: victim)
        return victim
    return _closest_target(board, attacker, target, shown)


def _closest_target(board, attacker: Figure, target: Figure, group: list[Figure] | None = None) -> Figure | None:
    """:func:`closest_target` worked out (``group``: the target's, when the caller has it, and has already
    found it is not hidden behind one wall at once)."""
    settings = board.settings
    ax, ay = attacker.x, attacker.y
    if group is None:
        group = group_of(board, target)
        if len(group) > 1 and not settings.figures_block_sight and board.table.hides_all(
                (ax, ay), [(f.x, f.y) for f in group], hills_block=settings.hills_block_sight):
            return None  # a squad behind one wall: every member blocked, settled at once (the usual answer)
    if len(group) > 1:
        hypot = math.hypot  # tt.distance(attacker.position, f.position), written out
        by_distance = sorted(group, key=lambda f: hypot(f.x - ax, f.y - ay))
    else:
        by_distance = group
    # A stable sort, so filtering after sorting keeps the order filtering before it gives.
    if settings.figures_block_sight:
        seen = (f for f in by_distance if not _blocked(board, attacker, f))
    else:  # _blocked, written out: every member until one is seen
        table, hills = board.table, settings.hills_block_sight
        seen = (f for f in by_distance if not (table.hides_all((ax, ay), ((f.x, f.y),), hills_block=hills)
                                               or table.is_blocked((ax, ay), (f.x, f.y), hills_block=hills)))
    first = next(seen, None)
    if first is not None and settings.too_well_protected == "ignored" and not _attackable(board, attacker, first):
        # passed over (rulings.too_well_protected); if nobody can be attacked, the closest says why
        return next((f for f in seen if _attackable(board, attacker, f)), first)
    return first


# -- the to-kill number ----------------------------------------------------------------------------

def modifier_conditions(board, attacker: Figure, victim: Figure) -> dict[str, bool]:
    """Which rows of the modifiers table apply (keys are ``data.MODIFIERS`` conditions)."""
    return _conditions(board, attacker, victim, _in_cover(board, attacker, victim))


def _conditions(board, attacker: Figure, victim: Figure, cover: bool | None) -> dict[str, bool | None]:
    """:func:`modifier_conditions`, with ``cover`` given (``None``: not asked yet)."""
    table = board.table
    height = table.elevation_at(victim.position) - table.elevation_at(attacker.position)
    return {
        "target_downhill": height < 0,
        "attacker_special": attacker.is_special,
        "attacker_did_not_move": not attacker.moved,
        "target_uphill": height > 0,
        "target_in_cover": cover,
        "target_special": victim.is_special,
        "target_in_vehicle": victim.in_vehicle,
    }


def _in_cover(board, attacker: Figure, victim: Figure) -> bool:
    """Whether ``sight(board, attacker, victim)`` is PARTIAL: not clear, and not blocked. Without figures that
    block sight, the table answers both as yes or no, tracing no line it need not."""
    settings = board.settings
    if settings.figures_block_sight:
        return sight(board, attacker, victim).sight is Sight.PARTIAL
    table, eye, hills = board.table, attacker.position, settings.hills_block_sight
    return not table.sees_clearly(eye, victim.position, hills_block=hills) and not table.is_blocked(
        eye, victim.position, hills_block=hills)


def _cannot(reasons: list[Reason], section: str, text: str) -> Explained[int | None]:
    return Explained(None, (*reasons, Reason(ref(section), text)))


def to_kill(board, attacker_id: str, target_id: str) -> Explained[int | None]:
    """The number ``attacker`` needs on a D6 to kill, attacking ``target``'s squad (or ``target``).

    ``None`` when the attack cannot be made; the last reason says why.
    The attack falls on the closest member of the target's squad the attacker
    can see, and that member's conditions set the number.
    """
    # A game state keeps answers for its current position (checking, then doing an attack). Not kept for the turn
    # under where everyone stands: an attack played asks it once (1,722 worked out for 1,724 asked in SP skirmish
    # playouts), and the odds and the bots ask to_kill_number, which names no cover.
    remembered = getattr(board, "remembered", None)
    if remembered is not None:
        return remembered(("to_kill", attacker_id, target_id), lambda: _to_kill(board, attacker_id, target_id))
    return _to_kill(board, attacker_id, target_id)


def to_kill_number(board, attacker_id: str, target_id: str) -> int | None:
    """``to_kill(board, attacker_id, target_id).value``, without its reasons (no sight traced to name the cover):
    the odds need only the number, and bots weigh every attack they might make."""
    attacker, target = board.figures[attacker_id], board.figures[target_id]
    sniper_moved = attacker.moved and not attacker.profile.attacks_after_moving
    if not attacker.alive or attacker.side == target.side or sniper_moved or not group_of(board, target):
        return None
    victim = closest_target(board, attacker, target)
    if victim is None:
        return None
    need = board.settings.base_to_kill + sum(m.delta for m in _applying(board, attacker, victim))
    return None if need > HIGHEST_TO_KILL else max(need, NEVER_KILLS + 1)  # a 1 never kills


def _applying(board, attacker: Figure, victim: Figure, cover: bool | None = None) -> list:
    """The rows of the modifiers table that apply, in its order (``cover``: whether the victim is in cover, if
    known; else asked of :func:`_in_cover`)."""
    conditions = _conditions(board, attacker, victim, _in_cover(board, attacker, victim) if cover is None else cover)
    return [modifier for modifier in MODIFIERS if conditions[modifier.condition]]


def _to_kill(board, attacker_id: str, target_id: str) -> Explained[int | None]:
    attacker, target = board.figures[attacker_id], board.figures[target_id]
    reasons: list[Reason] = []
    if not attacker.alive:
        return _cannot(reasons, "attacking", f"{attacker.id} is a casualty and cannot attack")
    if attacker.side == target.side:
        return _cannot(reasons, "attacking", f"{target.id} is on {attacker.id}'s own side")
    if not attacker.profile.attacks_after_moving and attacker.moved:
        return _cannot(reasons, "special_units.sniper",
                       f"{attacker.id} is a sniper and has moved: snipers cannot attack after moving")
    if not group_of(board, target):
        return _cannot(reasons, "attacking", f"{target.id} is already a casualty")
    victim = closest_target(board, attacker, target)
    if victim is None:
        cover = ", ".join(sight(board, attacker, target).cover)
        return _cannot(reasons, "attacking.line_of_sight",
                       f"{target.id} is completely blocked from {attacker.id}'s sight ({cover})")
    if victim.id != target.id:
        passing = " who can be attacked" if board.settings.too_well_protected == "ignored" else ""
        reasons.append(Reason(ref("attacking.closest_first"), f"the attack falls on {victim.id}, the closest member "
                                                               f"of squad {victim.squad} in sight{passing}"))
    return _to_kill_against(board, attacker, victim, reasons)


def _to_kill_against(board, attacker: Figure, victim: Figure, reasons: list[Reason]) -> Explained[int | None]:
    need = board.settings.base_to_kill
    reasons.append(_base_reason(need))
    # Sight traced once, in full: whether the victim is in cover (PARTIAL) and what covers him, named below. (The
    # quick yes/no tests of _in_cover first, then the lines for the names, traced most lines twice: most attacks
    # played are at a victim in cover.)
    lines = sight(board, attacker, victim)
    for modifier in _applying(board, attacker, victim, lines.sight is Sight.PARTIAL):
        need += modifier.delta
        if modifier.condition == "target_in_cover":
            reasons.append(Reason(ref("attacking.modifiers"), f"{modifier.text} ({', '.join(lines.cover)})",
                                  modifier.delta))
        else:
            reasons.append(_MODIFIER_REASONS[modifier.condition])
    if need > HIGHEST_TO_KILL:
        return _cannot(reasons, "attacking.too_well_protected",
                       f"{victim.id} would need {need}: more than {HIGHEST_TO_KILL}, too well protected to be attacked")
    if need <= NEVER_KILLS:
        reasons.append(Reason(ref("attacking.natural_one"), f"a roll of {NEVER_KILLS} never kills, so {need}+ is 2+"))
        need = NEVER_KILLS + 1
    return Explained(need, tuple(reasons))


@functools.lru_cache(maxsize=16)
def _base_reason(need: int) -> Reason:
    """The to-kill number's first reason (a value: made once for each base number, not at every attack)."""
    house = "" if need == BASE_TO_KILL else f" (house rule; the source says {BASE_TO_KILL})"
    return Reason(ref("attacking.to_kill"), f"a roll of {need} or more kills{house}")


_MODIFIER_REASONS = {m.condition: Reason(ref("attacking.modifiers"), m.text, m.delta) for m in MODIFIERS}
"""Each modifier's reason, made once (values); the cover's own names the things that cover, at each attack."""


def kill_chance(need: int) -> Fraction:
    """Chance one D6 kills when it needs ``need`` or more (a 1 never kills)."""
    return success_chance(need, natural_fail=NEVER_KILLS)


# -- how many die ----------------------------------------------------------------------------------

def kills_possible(board, attacker: Figure, visible: Sequence[Figure]) -> int:
    """Most figures one attack can kill: one, or one per die for heavy weapons (a setting)."""
    if attacker.profile.dice > 1 and board.settings.heavy_weapons_kills == "each_die":
        return min(attacker.profile.dice, len(visible))
    return 1


def attack_distribution(board, attacker_id: str, target_id: str) -> Dist:
    """Exact distribution of the number of figures one attack kills (0 if it cannot be made)."""
    need = to_kill_number(board, attacker_id, target_id)
    if need is None:
        return Dist.constant(0)
    attacker = board.figures[attacker_id]
    return _kills(attacker.profile.dice, need, _kill_cap(board, attacker, board.figures[target_id]))


@functools.lru_cache(maxsize=256)
def _kills(dice: int, need: int, cap: int) -> Dist:
    """Kills from ``dice`` dice each killing on ``need`` or more, at most ``cap``: a few dozen distributions in
    all (a Dist never changes), made once instead of at every attack weighed."""
    return capped(successes(dice, kill_chance(need)), cap)


def _kill_cap(board, attacker: Figure, target: Figure) -> int:
    """:func:`kills_possible`, tracing sight to the whole squad only when the answer depends on it."""
    if attacker.profile.dice > 1 and board.settings.heavy_weapons_kills == "each_die":
        return kills_possible(board, attacker, targets_closest_first(board, attacker, target))
    return 1


def kill_distribution(board, attacker_id: str, target_id: str, *, attacks: int | None = None) -> Dist:
    """Exact distribution of kills from ``attacks`` attacks on the same target.

    ``attacks=None`` means every attack the unit has in a turn (a sniper's
    two). After each kill the next attack falls on the next closest member
    in sight, whose own conditions count.
    """
    attacker = board.figures[attacker_id]
    attacks = attacker.profile.attacks if attacks is None else attacks
    first = attack_distribution(board, attacker_id, target_id)
    if attacks <= 1:
        return first
    visible = targets_closest_first(board, attacker, board.figures[target_id])
    branches = []
    for kills, probability in first.pmf().items():
        after = Board.of(board).without(*(f.id for f in visible[:kills]))
        if group_of(after, board.figures[target_id]):
            rest = kill_distribution(after, attacker_id, target_id, attacks=attacks - 1)
        else:
            rest = Dist.constant(0)
        branches.append((probability, rest + kills))
    return mixture(branches)


def mixture(branches: Sequence[tuple[Fraction, Dist]]) -> Dist:
    """Exact mix of distributions, each taken with its probability."""
    scale = lcm(*(p.denominator * d.total for p, d in branches))
    weights: dict = {}
    for p, dist in branches:
        for outcome, w in dist.weights.items():
            weights[outcome] = weights.get(outcome, 0) + int(p * w * scale / dist.total)
    return Dist(weights)


def casualties(board, attacker_id: str, target_id: str, hits: int) -> Explained[tuple[str, ...]]:
    """Who dies when an attack scores ``hits`` kills: closest first."""
    attacker, target = board.figures[attacker_id], board.figures[target_id]
    if hits <= 0:
        dead = ()
    elif attacker.profile.dice > 1 and board.settings.heavy_weapons_kills == "each_die":
        visible = targets_closest_first(board, attacker, target)
        dead = tuple(f.id for f in visible[:min(hits, kills_possible(board, attacker, visible))])
    else:  # one dies at most (kills_possible): the closest in sight, traced only until he is seen
        victim = closest_target(board, attacker, target)
        dead = () if victim is None else (victim.id,)
    heavy = None if attacker.profile.dice <= 1 else board.settings.heavy_weapons_kills == "each_die"
    return Explained(dead, _casualty_reasons(heavy))


@functools.lru_cache(maxsize=4)
def _casualty_reasons(heavy: bool | None) -> tuple[Reason, ...]:
    """:func:`casualties`' reasons (``heavy``: ``None`` for one die, else whether heavy weapons kill one figure a
    killing die): values, made once for each rule, not at every attack."""
    reasons = [Reason(ref("attacking.closest_first"), "attacks are resolved closest first")]
    if heavy is not None:
        rule = "one figure per killing die" if heavy else "at most one figure"
        reasons.append(Reason(ref("rulings.heavy_weapons_kills"), f"heavy weapons kill {rule}"))
    return tuple(reasons)


# -- the attack action -----------------------------------------------------------------------------

def plan_attack(state, act: Attack) -> Explained:
    attacker = state.own_figure(act.player, act.attacker, section="attacking", what="attacker")
    state.figure_named(act.target, section="attacking", what="target")
    allowed = attacker.profile.attacks
    if state.attacks_used.get(attacker.id, 0) >= allowed:
        section = "special_units.sniper" if allowed > 1 else "attacking"
        raise refuse(section, f"{attacker.id} has already made its {allowed} attack{'s' if allowed > 1 else ''} "
                              "this turn")
    need = to_kill(state, act.attacker, act.target)
    if need.value is None:
        last = need.reasons[-1]
        raise RuleViolation(last.text, last.ref)
    return need


def do_attack(state, act: Attack) -> tuple[Position, list[Event]]:
    # The number alone, as to_kill_number finds it (no sight traced in full to name the cover): its reasons are the
    # attack event's words, worded when first read (a playout reads none) from the position attacked in.
    attacker = state.figures[act.attacker]
    victim = closest_target(state, attacker, state.figures[act.target])
    applying = _applying(state, attacker, victim)
    need = state.settings.base_to_kill + sum(modifier.delta for modifier in applying)
    rules = _to_kill_rules(victim.id != act.target, bool(applying), need <= NEVER_KILLS)
    need = max(need, NEVER_KILLS + 1)  # a 1 never kills
    faces = state.roll(attacker.profile.dice)
    hits = count_successes(faces, need, natural_fail=NEVER_KILLS)
    dead = casualties(state, act.attacker, act.target, hits)
    used = state.attacks_used
    used[attacker.id] = used.get(attacker.id, 0) + 1
    changed = {fid: evolve(state.figures[fid], alive=False) for fid in dead.value}
    attacked_in = Board(state.figures, state.table, state.settings)
    position = with_figures(state, changed, attacks_used=tuple(sorted(used.items())))
    events = [Event.worded("attack", rules, _attack_words, attacked_in, act, faces, hits, dead)]
    events += [Event.made("casualty", f"{fid} is killed", tuple(r.key for r in dead.refs), {"figure": fid})
               for fid in dead.value]
    return position, events


@functools.lru_cache(maxsize=8)
def _to_kill_rules(closest_first: bool, modified: bool, natural_one: bool) -> tuple[str, ...]:
    """The rules an allowed attack's to-kill number cites (the refs of :func:`_to_kill`'s reasons, in their order):
    the closest member in sight if the attack falls on another, the base number, the modifiers if any apply, a
    natural 1 if the number is 1 or less."""
    cited = (("attacking.closest_first", closest_first), ("attacking.to_kill", True),
             ("attacking.modifiers", modified), ("attacking.natural_one", natural_one))
    return tuple(ref(section).key for section, cites in cited if cites)


def attack_chance(state, act: Attack) -> Dist:
    return attack_distribution(state, act.attacker, act.target)


def _attack_words(board, act, faces, hits: int, dead: Explained) -> tuple[str, dict]:
    """The attack event's text and data (``Event.worded``): the to-kill number with its reasons, from ``board``,
    the position attacked in."""
    need = _to_kill(board, act.attacker, act.target)
    shown = ", ".join(map(str, faces))
    result = f"kills {', '.join(dead.value)}" if dead.value else "no kill"
    data = {"attacker": act.attacker, "target": act.target, "need": need.value, "dice": list(faces),
            "hits": hits, "killed": list(dead.value), "why": [str(r) for r in need.reasons]}
    return f"{act.attacker} attacks {act.target}, needing {need.value}+: rolls {shown}: {result}", data
