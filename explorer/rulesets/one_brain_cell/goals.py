"""Position tests for the 1BC practice challenges (``challenges.toml``), in the sheet's own terms.

Each test is ``f(state, challenge, **args) -> bool`` and asks the ruleset's own rule functions through the
package's public names: ``plan_shot`` (range, line of sight, cover, the weapon, the shooter's cohesion: the
shot the game itself would roll) and ``plan_fight`` (who is locked in H2H with whom), never a second copy
of a rule.
"""

from __future__ import annotations

from . import plan_fight, plan_shot


def _enemies(state, side: str) -> list:
    """The enemy figures in play and standing (a figure lying down, advanced wounding, neither shoots nor fights)."""
    return [f for f in state.figures.values() if f.standing and f.side != side]


def _shot(state, shooter, target):
    """The shot ``shooter`` could fire at ``target`` where they stand (``None``: out of range, out of sight, too
    close for his weapon, or a 6 he cannot roll)."""
    return plan_shot(state, shooter.id, target.id).value


def can_shoot(state, challenge, count: int = 1) -> bool:
    """At least ``count`` of the learner's standing figures could shoot at some enemy from where they stand."""
    mine = [f for f in state.figures.values() if f.standing and f.side == challenge.side]
    ready = [f for f in mine if any(_shot(state, f, e) is not None for e in _enemies(state, f.side))]
    return len(ready) >= count


def hard_to_hit(state, challenge, figure: str, need: int = 6) -> bool:
    """``figure`` is in play and every enemy who could shoot at him needs ``need`` or more on each die (by the
    Shooting Chart: a 6 is long range at a target in cover or rough terrain); an enemy who cannot shoot at all
    does not stop it."""
    target = state.figures[figure]
    if not target.in_play:
        return False
    shots = [_shot(state, e, target) for e in _enemies(state, target.side)]
    return all(shot is None or shot.need >= need for shot in shots)


def safe(state, challenge, figure: str) -> bool:
    """``figure`` is in play and no enemy could shoot at him: out of range or out of sight of every one."""
    target = state.figures[figure]
    return target.in_play and all(_shot(state, e, target) is None for e in _enemies(state, target.side))


def in_h2h(state, challenge, figure: str = "") -> bool:
    """``figure`` (or, not named, any of the learner's figures) stands locked in H2H with an enemy: within 1
    inch, one of the attackers ``plan_fight`` counts against him."""
    mine = [state.figures[figure]] if figure else [f for f in state.figures.values() if f.side == challenge.side]
    return any(me.standing and any(me.id in plan_fight(state, e.id, me.side).attackers for e in _enemies(state, me.side))
               for me in mine)


def out_of_play(state, challenge, figure: str) -> bool:
    """``figure`` is dead or has routed."""
    return not state.figures[figure].in_play


TESTS = {"can_shoot": can_shoot, "hard_to_hit": hard_to_hit, "safe": safe, "in_h2h": in_h2h,
         "out_of_play": out_of_play}
