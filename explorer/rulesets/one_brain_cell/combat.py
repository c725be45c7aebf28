"""H2H combat (book/one_brain_cell/combat.md): who is locked with whom, the fight's roll and who is removed.

The game's dice and the book's odds read the same rule: the attackers' best and lowest roll (``attackers_roll``) and
who is removed for it (``losers_of``).
"""

from __future__ import annotations

import functools
from collections.abc import Iterator
from dataclasses import dataclass
from fractions import Fraction
from types import MappingProxyType

from explorer.core import D6, Dist, Event, Explained, Reason
from explorer.core import tabletop as tt
from explorer.core.frozen import evolve, shared
from explorer.core.tabletop import Point

from .actions import EndStep, Fight as FightAction
from .data import CONTACT_INCHES, MAX_GANG
from .position import (
    Figure, Position, activate, active_squad, counted, cut_off, enemy, facing, refusing, standing,
)
from .sections import key, ref, refuse


# -- locked in H2H ------------------------------------------------------------------------------------

def in_contact(a: Point, b: Point) -> bool:
    """Within 1 inch, base edge to base edge: locked in H2H."""
    return tt.gap_between(a, b) <= CONTACT_INCHES + tt.EPSILON


def locked_with(board, figure: Figure) -> list[Figure]:
    """The standing enemies a standing figure is locked in H2H with (none for a figure lying down)."""
    if not figure.standing:
        return []
    if board.figures.get(figure.id) is not figure:
        return _in_contact_with(board, figure)
    ids = facing(board, "locked", figure, lambda: tuple(e.id for e in _in_contact_with(board, figure)))
    figures = board.figures
    return [figures[i] for i in ids]


def _in_contact_with(board, figure: Figure) -> list[Figure]:
    reach = CONTACT_INCHES + tt.BASE_DIAMETER + 1e-6  # a box test first: no base farther on either axis touches
    x, y = figure.position
    return [e for e in standing(board) if e.side != figure.side and -reach <= e.x - x <= reach
            and -reach <= e.y - y <= reach and in_contact(figure.position, e.position)]


# -- the fight ------------------------------------------------------------------------------------------

@dataclass(frozen=True)
class Fight:
    """One H2H fight: up to three attackers against one defender, each with his modifiers and his 6s."""

    defender: str
    attackers: tuple[str, ...]
    modifiers: tuple[Explained[int], ...]   # attackers' in order, then the defender's
    cut_off: tuple[bool, ...]               # the same order

    @property
    def fighters(self) -> tuple[str, ...]:
        return (*self.attackers, self.defender)


def attackers_of(board, target: Figure, side: str, squad: str | None = None) -> list[Figure]:
    """The active side's standing figures locked with ``target`` (its squad only, when one is activated), at most 3."""
    near = [f for f in locked_with(board, target) if f.side == side and (squad is None or f.squad == squad)]
    near.sort(key=lambda f: (tt.distance(f.position, target.position), f.id))
    return near[:MAX_GANG]


def h2h_modifier(figure: Figure, extra_attackers: int = 0) -> Explained[int]:
    reasons = []
    if figure.arms.close_combat:
        reasons.append(Reason(ref("combat.modifiers"), f"{figure.id} has a {figure.arms.name.lower()}", +1))
    if figure.leader:
        reasons.append(Reason(ref("combat.modifiers"), f"{figure.id} is a squad leader", +1))
    if extra_attackers:
        reasons.append(Reason(ref("combat.modifiers"), f"{extra_attackers + 1} attackers gang up", extra_attackers))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def plan_fight(board, target_id: str, side: str, squad: str | None = None) -> Fight:
    target = board.figures[target_id]
    attackers = attackers_of(board, target, side, squad)
    extra = len(attackers) - 1
    mods = tuple(h2h_modifier(a, extra) for a in attackers) + (h2h_modifier(target),)
    offs = tuple(cut_off(board, f) for f in (*attackers, target))
    return Fight(target_id, tuple(a.id for a in attackers), mods, offs)


def h2h_total(face: int, modifier: int, cut_off: bool) -> int:
    return counted(face, cut_off) + modifier


def fight_losers(faces: tuple[int, ...], fight: Fight, gang_loss: str = "all") -> tuple[str, ...]:
    """Who is removed when the fighters roll ``faces`` (attackers' in order, then the defender's)."""
    totals = [h2h_total(f, m.value, c) for f, m, c in zip(faces, fight.modifiers, fight.cut_off)]
    roll = functools.reduce(attackers_roll, [attacker_roll(t, f, gang_loss) for t, f in zip(totals, fight.attackers)])
    return losers_of(roll, totals[-1], fight, gang_loss)


def attacker_roll(total: int, fid: str, gang_loss: str) -> tuple:
    """One attacker's roll as the rule reads it: ``(his total, (his total, his id))``; the second part (who is lowest)
    only when the lowest alone is removed (``gang_loss='one'``), else None (fewer outcomes to weigh)."""
    return total, ((total, fid) if gang_loss == "one" else None)


def attackers_roll(one: tuple, other: tuple) -> tuple:
    """Two attackers' rolls as one: the best total, and the lowest (the smaller id, if two rolled the same)."""
    return max(one[0], other[0]), (None if one[1] is None else min(one[1], other[1]))


def losers_of(roll: tuple, defender_total: int, fight: Fight, gang_loss: str) -> tuple[str, ...]:
    """Who is removed: the rule the game's dice and the book's odds share (empty: a tie, fight again)."""
    best, lowest = roll
    if best > defender_total:
        return (fight.defender,)
    if best == defender_total:
        return ()
    return (lowest[1],) if gang_loss == "one" else tuple(fight.attackers)


@shared  # the same fights are weighed again and again (a Fight is a frozen value, its Dist never changes)
def fight_distribution(fight: Fight, gang_loss: str = "all") -> Dist:
    """Exact distribution of who is removed (a tuple of ids; empty for a tie), every face of every die counted:
    the attackers' rolls joined one die at a time (a handful of outcomes each), not every roll of the pool listed."""
    rolls = [_totals(m.value, c).map(lambda t, fid=fid: attacker_roll(t, fid, gang_loss))
             for fid, m, c in zip(fight.attackers, fight.modifiers, fight.cut_off)]
    roll = functools.reduce(lambda a, b: a.combine(b, attackers_roll), rolls)
    defender = _totals(fight.modifiers[-1].value, fight.cut_off[-1])
    return roll.combine(defender, lambda r, d: losers_of(r, d, fight, gang_loss))


def _totals(modifier: int, cut_off: bool) -> Dist:
    """What one fighter's die counts in H2H."""
    return D6.map(lambda face: h2h_total(face, modifier, cut_off))


def fight_odds(attackers: int = 1, *, attacker_modifier: int = 0, defender_modifier: int = 0,
               gang_loss: str = "all") -> dict[str, Fraction]:
    """The chance the defender falls, the attackers lose, or a tie, for the book's table."""
    mods = tuple(Explained(attacker_modifier + attackers - 1) for _ in range(attackers)) + (
        Explained(defender_modifier),)
    fight = Fight("defender", tuple(f"attacker {i + 1}" for i in range(attackers)), mods, (False,) * (attackers + 1))
    pmf = fight_distribution(fight, gang_loss).pmf()
    out = {"defender removed": Fraction(0), "attacker(s) removed": Fraction(0), "tie": Fraction(0)}
    for dead, p in pmf.items():
        key = "tie" if not dead else "defender removed" if dead == ("defender",) else "attacker(s) removed"
        out[key] += p
    return out


# -- the fight step -----------------------------------------------------------------------------------------

def fight_targets(state) -> list[str]:
    """Enemies locked with the active player's figures and not yet fought this fight step."""
    p = state.position
    squad = active_squad(state)
    return [e.id for e in standing(state, state.other(p.side)) if e.id not in p.done
            and attackers_of(state, e, p.side, squad)]


def fight_now(state, target: str) -> Fight:
    """The fight the active player would fight against ``target`` now."""
    squad = active_squad(state)
    if squad is None and state.settings.activation == "squad":
        squad = attackers_of(state, state.figures[target], state.side)[0].squad
    return plan_fight(state, target, state.side, squad)


@refusing
def check_fight(state, act: FightAction) -> None:
    target = enemy(state, act.player, act.target, "combat")
    if act.target not in fight_targets(state):
        if act.target in state.position.done:
            raise refuse("combat", f"{act.target} has already been fought this step")
        raise refuse("combat.locked", f"none of {act.player}'s figures is locked in H2H with {target.id}")


def fight_chance(state, act: FightAction) -> Dist:
    return fight_distribution(fight_now(state, act.target), state.settings.gang_loss)


def legal_fights(state) -> Iterator:
    """Every enemy locked with the active player's figures, fought in turn; the turn ends once none is left."""
    targets = fight_targets(state)
    for t in targets:
        yield FightAction(state.side, t)
    if not targets:
        yield EndStep(state.side)


def do_fight(state, act: FightAction) -> tuple[Position, list[Event]]:
    fight = fight_now(state, act.target)
    faces = state.roll(len(fight.fighters))
    losers = fight_losers(faces, fight, state.settings.gang_loss)
    parts = [f"{fid} {face}{mod.value:+d}" + (" (6 counts as 5)" if off and face == 6 else "")
             for fid, face, mod, off in zip(fight.fighters, faces, fight.modifiers, fight.cut_off)]
    result = "a tie: they fight again next fight step" if not losers else f"{', '.join(losers)} removed"
    rules = (key("combat.modifiers"), key("combat.result"))
    events = [Event("fight", f"H2H: {', '.join(parts)}: {result}", rules,
                    {"attackers": list(fight.attackers), "defender": fight.defender, "dice": list(faces),
                     "modifiers": [x.value for x in fight.modifiers], "losers": list(losers)})]
    figures = dict(state.figures)
    for fid in fight.fighters:
        figures[fid] = evolve(figures[fid], fought=True)
    for fid in losers:
        figures[fid] = figures[fid].with_status("dead")
        events.append(Event("casualty", f"{fid} loses the fight and is removed", (key("combat.result"),),
                            {"figure": fid}))
    p = state.position
    squad = activate(state, state.figures[fight.attackers[0]].squad)
    return evolve(p, figures=MappingProxyType(figures), done=p.done | {act.target}, squad=squad), events
