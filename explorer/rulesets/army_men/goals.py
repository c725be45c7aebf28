"""Position tests for the army-men practice challenges (``challenges.toml``), in the page's own terms.

Each test is ``f(state, challenge, **args) -> bool`` and asks the ruleset's own rule functions (the
state's ``to_hit``: range, line of sight and cover), never a second copy of a rule.
"""

from __future__ import annotations

from . import SECTIONS

_AREA = SECTIONS.ref("standard.area_effect")


def _can_shoot(state, shooter, target) -> bool:
    """Whether ``shooter`` could fire at ``target`` where they stand: in range, in sight and (standard rules)
    not in cover beyond half range. An area weapon has no number to roll: it may aim when only that stops it."""
    need = state.to_hit(shooter.id, target.id)
    return need.value is not None or (shooter.profile.area and need.reasons[-1].ref == _AREA)


def _enemies(state, side: str) -> list:
    return [f for f in state.figures.values() if f.in_play and f.side != side]


def can_shoot(state, challenge, count: int = 1) -> bool:
    """At least ``count`` of the learner's troopers in play could shoot at some enemy trooper from where they
    stand."""
    mine = [f for f in state.figures.values() if f.in_play and f.side == challenge.side]
    ready = [f for f in mine if any(_can_shoot(state, f, e) for e in _enemies(state, f.side))]
    return len(ready) >= count


def safe(state, challenge, figure: str) -> bool:
    """``figure`` is in play and no enemy trooper in play could shoot at him: out of range, out of sight, or
    in cover beyond half range."""
    target = state.figures[figure]
    return target.in_play and not any(_can_shoot(state, e, target) for e in _enemies(state, target.side))


def all_safe(state, challenge) -> bool:
    """Every trooper the learner started with is still in play (none walked off the table to hide) and
    :func:`safe`."""
    mine = [f for f in state.figures.values() if f.in_play and f.side == challenge.side]
    return len(mine) >= challenge.started_with()[challenge.side] and all(safe(state, challenge, f.id) for f in mine)


def out_of_play(state, challenge, figure: str) -> bool:
    """``figure`` is dead or has left the table."""
    return not state.figures[figure].in_play


_GANGING_UP = SECTIONS.ref("combat.ganging_up").key


def ganged_up_on(state, challenge, figure: str) -> bool:
    """``figure`` was killed in a fight the learner's side won by ganging up: in the same action, a fight with
    the ganging-up modifier (combat.ganging_up) and his death. The lesson is the rule, not a lucky roll of a
    fight fought on alone."""
    for turn in state.history[len(challenge.start().history):]:
        ganged = any(e.kind == "fight" and _GANGING_UP in e.rules and figure in (e.data.get("a"), e.data.get("b"))
                     for e in turn.events)
        if ganged and any(e.kind == "casualty" and e.data.get("figure") == figure for e in turn.events):
            return True
    return False


TESTS = {"can_shoot": can_shoot, "safe": safe, "all_safe": all_safe, "out_of_play": out_of_play,
         "ganged_up_on": ganged_up_on}
