"""The rules as small pure functions: what a movement costs, a unit's range, and what an attack does.

Each returns an :class:`~explorer.core.Explained` value (or a plain result
with its reasons), citing the sections that applied, so the book and the game
show the same numbers for the same reasons. Attacks are deterministic: the
dice are counters, not rolled.
"""

from __future__ import annotations

import dataclasses

from explorer.core import Explained, Reason
from explorer.core.grid import manhattan
from explorer.core.gridstate import setup_memo

from .data import (
    BULLSEYE_LOSSES, FULLMETAL_LOSSES, MACHINERY_AT, MACHINERY_SQUAD, MAX_STRENGTH, SCARE_BONUS, SQUAD, TANK, TERRAIN,
    UNITS,
)
from .position import Setup, Unit
from .sections import ref


def move_cost(setup: Setup, kind: str, start, end, *, ignore_costs: bool = False) -> Explained[int] | None:
    """Movements to go from ``start`` to the adjacent ``end``; ``None`` if a unit of ``kind`` may not enter it."""
    here, there = TERRAIN[setup.kind(start)], TERRAIN[setup.kind(end)]
    if kind == TANK and not there.tanks_may_enter:
        return None
    reasons = [Reason(ref("moving.costs"), "one movement to an adjacent space", 1)]
    if here.key != there.key and not ignore_costs:
        if here.leave_extra:
            reasons.append(Reason(ref(f"terrain.{here.key}"), f"leaving {here.name.lower()}", here.leave_extra))
        if there.enter_extra:
            reasons.append(Reason(ref(f"terrain.{there.key}"), f"entering a {there.name.lower()}", there.enter_extra))
        if kind == TANK and there.tank_enter_extra:
            reasons.append(Reason(ref(f"terrain.{there.key}"), f"a tank entering a {there.name.lower()}",
                                  there.tank_enter_extra))
    elif here.key != there.key and (here.leave_extra or there.enter_extra or kind == TANK and there.tank_enter_extra):
        reasons.append(Reason(ref("cards.navigation_expert"), "Navigation Expert: no extra cost", 0))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def known_move_cost(setup: Setup, kind: str, start, end, ignore_costs: bool = False) -> Explained[int] | None:
    """:func:`move_cost` of engine-made squares, worked out once per setup (the offers ask it for every step)."""
    table = setup_memo(setup)
    memo = table.get("move_cost")
    if memo is None:  # (not setdefault: that would make a new empty dict at every one of these many calls)
        memo = table["move_cost"] = {}
    key = (kind, start, end, ignore_costs)
    cost = memo.get(key, _UNKNOWN)
    if cost is _UNKNOWN:
        cost = memo[key] = move_cost(setup, kind, start, end, ignore_costs=ignore_costs)
    return cost


_UNKNOWN = object()  # not worked out yet (a move cost may be None: the move is impossible)


def move_points(setup: Setup, kind: str, start, end, ignore_costs: bool = False) -> int | None:
    """:func:`known_move_cost`'s value alone."""
    cost = known_move_cost(setup, kind, start, end, ignore_costs)
    return None if cost is None else cost.value


def attack_range(setup: Setup, unit: Unit) -> Explained[int]:
    """How many spaces away (counted orthogonally) ``unit`` can attack."""
    base = UNITS[unit.kind].range
    reasons = [Reason(ref(f"units.{unit.kind}"), f"a {unit.kind}'s range", base)]
    terrain = TERRAIN[setup.kind(unit.square)]
    if terrain.range_bonus and unit.kind != TANK:
        reasons.append(Reason(ref(f"terrain.{terrain.key}"), f"a squad on a {terrain.name.lower()}", terrain.range_bonus))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def in_range(setup: Setup, attacker: Unit, defender: Unit) -> bool:
    """Whether ``defender`` is within ``attacker``'s range (the range worked out once per kind and square)."""
    table = setup_memo(setup)
    memo = table.get("range")
    if memo is None:
        memo = table["range"] = {}
    key = (attacker.kind, attacker.square)
    reach = memo.get(key)
    if reach is None:
        reach = memo[key] = attack_range(setup, attacker).value
    return manhattan(attacker.square, defender.square) <= reach


def attacking_strength(setup: Setup, unit: Unit) -> Explained[int]:
    reasons = [Reason(ref("units"), "the die's top face", unit.strength)]
    terrain = TERRAIN[setup.kind(unit.square)]
    if terrain.attack:
        reasons.append(Reason(ref(f"terrain.{terrain.key}"), f"attacking from a {terrain.name.lower()}", terrain.attack))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def defending_strength(setup: Setup, unit: Unit, *, scared: bool = False,
                       scare_cap: str = "after_terrain") -> Explained[int]:
    """The strength a unit defends with. Scare Tactics' +1 stops at 6: counted on the total with its terrain
    (``scare_cap='after_terrain'``), or on the die alone, terrain added after (``'before_terrain'``)."""
    reasons = [Reason(ref("units"), "the die's top face", unit.strength)]
    terrain = TERRAIN[setup.kind(unit.square)]
    if scared and scare_cap == "before_terrain":
        reasons.append(_scare(unit.strength))
    if terrain.defend:
        reasons.append(Reason(ref(f"terrain.{terrain.key}"), f"defending in {terrain.name.lower()}", terrain.defend))
    if scared and scare_cap != "before_terrain":
        reasons.append(_scare(sum(r.delta for r in reasons)))
    return Explained(sum(r.delta for r in reasons), tuple(reasons))


def _scare(strength: int) -> Reason:
    """Scare Tactics' +1 on ``strength``, no higher than 6 (rulings.scare-cap)."""
    return Reason(ref("cards.scare_tactics"), "Scare Tactics (at most 6)",
                  max(0, min(SCARE_BONUS, MAX_STRENGTH - strength)))


def losses(attacking: int, defending: int) -> int:
    """The losses of an attack: attacker's strength + 1 - defender's strength, never below 0 (a tie gives 1)."""
    return max(0, attacking + 1 - defending)


def take_losses(unit: Unit, n: int) -> tuple[Unit, list[str]]:
    """``unit`` after ``n`` losses: a tank brought to 2 or less becomes a 1-strength squad (Machinery), the rest of
    the losses discarded; strength never goes below 0 (0 is defeated)."""
    if n <= 0:
        return unit, []
    after = unit.strength - n
    if unit.kind == TANK and after <= MACHINERY_AT:
        replaced = dataclasses.replace(unit, kind=SQUAD, strength=MACHINERY_SQUAD)
        return replaced, [f"{unit.id} reaches {MACHINERY_AT}: the tank is destroyed and replaced by a squad of "
                          f"{MACHINERY_SQUAD} (Machinery)"]
    return dataclasses.replace(unit, strength=max(0, after)), []


@dataclasses.dataclass(frozen=True)
class Fight:
    """What an attack does, step by step (the same function for the game, the explorer and the tests)."""

    attacker: Unit  # after the attack (strength 0: defeated)
    defender: Unit
    fullmetal: int  # losses from Fullmetal
    losses: int  # losses of the main step
    counter: int | None  # losses of the counter-attack (None: there was none)
    steps: tuple[Reason, ...]
    machinery: tuple[str, ...] = ()  # units destroyed by Machinery (replaced by squads)

    @property
    def attacker_defeated(self) -> bool:
        return self.attacker.strength == 0

    @property
    def defender_defeated(self) -> bool:
        return self.defender.strength == 0


def fight(setup: Setup, attacker: Unit, defender: Unit, *, bullseye: bool = False, scared: bool = False,
          scare_cap: str = "after_terrain") -> Fight:
    """Resolve an attack of ``attacker`` on ``defender`` (``scared``: the defender's side played Scare Tactics,
    capped at 6 as ``scare_cap`` says)."""
    steps: list[Reason] = []
    machinery = []
    full = 0
    if attacker.kind == TANK:
        full = FULLMETAL_LOSSES
        defender, notes = take_losses(defender, full)
        machinery += [defender.id] if notes else []
        steps.append(Reason(ref("attacking.fullmetal"), f"Fullmetal: {defender.id} suffers {full} loss"
                            + ("".join(f"; {n}" for n in notes)), full))
    full_defeat = defender.strength == 0
    att = attacking_strength(setup, attacker).value
    dfd = defending_strength(setup, defender, scared=scared, scare_cap=scare_cap).value
    main = losses(att, dfd) + (BULLSEYE_LOSSES if bullseye else 0)
    if not full_defeat:
        defender, notes = take_losses(defender, main)
        machinery += [defender.id] if notes else []
        extra = " (+1 Bullseye)" if bullseye else ""
        steps.append(Reason(ref("attacking.losses"), f"{att} + 1 - {dfd} = {main - (1 if bullseye else 0)} "
                            f"loss{'es' * (main != 1)}{extra}" + "".join(f"; {n}" for n in notes), main))
    else:
        main = 0
    counter = None
    where_def, where_att = TERRAIN[setup.kind(defender.square)], TERRAIN[setup.kind(attacker.square)]
    if full_defeat:
        steps.append(Reason(ref("attacking.fullmetal"), "the defender fell to Fullmetal: no counter-attack"))
    elif defender.strength == 0:
        steps.append(Reason(ref("attacking.defeat"), f"{defender.id} is defeated: no counter-attack"))
    elif where_def.no_counter_from:
        steps.append(Reason(ref("terrain.water"), f"{defender.id} stands in water: no counter-attack"))
    elif where_att.no_counter_against:
        steps.append(Reason(ref("terrain.forest"), f"{attacker.id} stands in a forest: no counter-attack"))
    else:
        c_att = attacking_strength(setup, defender).value
        c_def = defending_strength(setup, attacker).value
        counter = losses(c_att, c_def)
        attacker, notes = take_losses(attacker, counter)
        machinery += [attacker.id] if notes else []
        steps.append(Reason(ref("attacking.counter"), f"counter-attack: {c_att} + 1 - {c_def} = {counter} "
                            f"loss{'es' * (counter != 1)}" + "".join(f"; {n}" for n in notes), counter))
    return Fight(attacker, defender, full, main, counter, tuple(steps), tuple(machinery))


def target_die(marker: int, step: int, start: int) -> int:
    """The Target die when the Operation Marker stands on space ``marker`` (ruling: it rises every ``step`` spaces)."""
    return min(MAX_STRENGTH, start + (marker - 1) // step)


def zone_holder(setup: Setup, units, sides) -> str | None:
    """The side holding the Target Zone: some of its units in it and none of the other side's."""
    present = {u.side for u in units if u.square is not None and u.square in setup.zone}
    return next(iter(present)) if len(present) == 1 and next(iter(present)) in sides else None
