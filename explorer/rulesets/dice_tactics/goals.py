"""The position tests of Dice Tactics' practice challenges (``challenges.toml``), in the ruleset's own terms.

Each is ``f(state, challenge, **args) -> bool``. They read the position through the state's public names
(``state.units``, ``state.position``, ``state.setup``) and the package's public rule function
:func:`~explorer.rulesets.dice_tactics.mechanics.zone_holder`, so no rule is written here a second time.
"""

from __future__ import annotations

from .actions import Attack, Respawn
from .mechanics import zone_holder


def _unit(state, unit: str):
    found = state.units.get(unit)
    if found is None:
        raise ValueError(f"no unit called {unit!r}; the units are {', '.join(state.units)}")
    return found


def at(state, challenge, unit: str, col: int, row: int) -> bool:
    """``unit`` stands on the space (col, row)."""
    return _unit(state, unit).square == (col, row)


def defeated(state, challenge, unit: str = "", units: tuple = ()) -> bool:
    """``unit`` (or every one of ``units``) was defeated since the start: it waits for its spawn point, has
    respawned (a Respawn of it in the attempt) or went back to the supply with no spawn point free."""
    names = [unit] if unit else list(units)
    if not names:
        raise ValueError("name the unit (unit) or units (units) to be defeated")
    return all(_defeated(state, challenge, name) for name in names)


def _defeated(state, challenge, unit: str) -> bool:
    found = state.units.get(unit)
    if found is None:
        if unit not in challenge.start().units:
            raise ValueError(f"no unit called {unit!r}; the units are {', '.join(state.units)}")
        return True
    return found.square is None or any(isinstance(a, Respawn) and a.unit == unit for a in challenge.attempt(state))


def is_kind(state, challenge, unit: str, kind: str) -> bool:
    """``unit`` is in play as a ``kind`` ("squad" or "tank")."""
    found = _unit(state, unit)
    return found.square is not None and found.kind == kind


def vp(state, challenge, at_least: int) -> bool:
    """The learner's side has at least ``at_least`` victory points."""
    return state.position.vp[challenge.side] >= at_least


def holds_zone(state, challenge) -> bool:
    """The learner's side holds the Target Zone: some of its units in it and none of the other side's."""
    return zone_holder(state.setup, state.units.values(), state.sides) == challenge.side


def _attacks(state, challenge) -> list[Attack]:
    return [a for a in challenge.attempt(state) if isinstance(a, Attack)]


def attacked_with(state, challenge, units: tuple) -> bool:
    """Each of the learner's ``units`` made an attack since the start (the order lesson needs them all)."""
    return set(units) <= {a.attacker for a in _attacks(state, challenge)}


def attacks_at_most(state, challenge, count: int) -> bool:
    """The learner attacked no more than ``count`` times since the start ("with a single attack")."""
    return len(_attacks(state, challenge)) <= count


def all_of(state, challenge, **tests) -> bool:
    """Every test named holds, each with its own arguments: ``all_of(defeated={unit="tan-1"},
    at={unit="green-1", col=1, row=1})``."""
    return all(TESTS[name](state, challenge, **dict(args)) for name, args in tests.items())


TESTS = {"at": at, "defeated": defeated, "is_kind": is_kind, "vp": vp, "holds_zone": holds_zone,
         "attacked_with": attacked_with, "attacks_at_most": attacks_at_most, "all_of": all_of}
