"""The engine's exact odds against icepool's, question by question (figures; it checks only that the numbers agree).

    python benchmarks/bench_odds_icepool.py [--seconds 0.5]

For every question (sums of many dice, mixed pools, counted successes, the best of a pool, opposed rolls, the
pools the rulesets ask) it first checks that the engine and icepool give exactly the same probabilities, then
times each twice: *from scratch* (the engine's kept answers forgotten, icepool's dice made afresh, so neither
has anything worked out) and *repeated* (the same question asked again, as the page asks it), and prints the
speed-up over icepool (above 1: the engine is faster). Needs icepool (the test extra).
"""

from __future__ import annotations

import argparse
import sys
from fractions import Fraction
from pathlib import Path

import icepool

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from timing import timed  # noqa: E402

from explorer.core import Explained, dice  # noqa: E402
from explorer.rulesets.army_men import combat as am_combat, shooting as am_shooting  # noqa: E402
from explorer.rulesets.army_men import standard as am_standard  # noqa: E402
from explorer.rulesets.one_brain_cell import combat as bc_combat, shooting as bc_shooting  # noqa: E402

KEEPERS = (dice, am_combat, am_shooting, am_standard, bc_combat, bc_shooting)
"""The modules whose kept answers the questions below use (forgotten for the from-scratch figures)."""


CACHES = [value for module in KEEPERS for value in vars(module).values()
          if callable(getattr(value, "cache_clear", None))]
"""Every ``functools.lru_cache`` of theirs."""


def forget() -> None:
    """Forget every answer the engine keeps for these questions (its time is taken off the from-scratch figures)."""
    for cache in CACHES:
        cache.cache_clear()


def fresh_icepool(sides: int) -> icepool.Die:
    """A fresh icepool die (a new object: nothing it has worked out before)."""
    return icepool.Die(range(1, sides + 1))


def fresh_engine(sides: int) -> dice.Dist:
    return dice.Dist.uniform(range(1, sides + 1))


def kept(fresh):
    """The same dice every time they are asked for (icepool keeps the sums it made on the die)."""
    dice_kept = {sides: fresh(sides) for sides in (4, 6, 8)}
    return dice_kept.__getitem__


def pmf(answer):
    """An answer of either library as exact probabilities: ``{outcome: Fraction}``, or a Fraction as it is."""
    if isinstance(answer, icepool.Die):
        total = answer.denominator()
        return {outcome: Fraction(weight, total) for outcome, weight in answer.items() if weight}
    if isinstance(answer, dice.Dist):
        return answer.pmf()
    return Fraction(answer)


def _fight(attackers: int, modifier: int, defender_modifier: int) -> bc_combat.Fight:
    """One Brain Cell's H2H fight: the best of the attackers' dice (all with ``modifier``) against the defender's."""
    mods = (Explained(modifier),) * attackers + (Explained(defender_modifier),)
    return bc_combat.Fight("d", tuple(f"a{i}" for i in range(attackers)), mods, (False,) * (attackers + 1))


def _fight_icepool(attackers: int, modifier: int, defender_modifier: int, d6) -> icepool.Die:
    best = icepool.highest(*(d6,) * attackers) + modifier
    return icepool.map(lambda a, d: ("d",) if a > d else () if a == d else tuple(f"a{i}" for i in range(attackers)),
                       best, d6 + defender_modifier)


def _opposed_icepool(a_mod: int, b_mod: int, d6) -> icepool.Die:
    return icepool.map(lambda x, y: "a" if x > y else "b" if y > x else "tie", d6 + a_mod, d6 + b_mod)


QUESTIONS = {
    # name: (the engine's answer, icepool's), each from the dice ``die(sides)`` gives (of its own library)
    "sum of 10d6": (lambda die: die(6).repeat_sum(10), lambda die: 10 @ die(6)),
    "sum of 30d6": (lambda die: die(6).repeat_sum(30), lambda die: 30 @ die(6)),
    "sum of 3d6+2d8+d4": (lambda die: die(6).repeat_sum(3) + die(8).repeat_sum(2) + die(4),
                          lambda die: 3 @ die(6) + 2 @ die(8) + die(4)),
    "successes of 10 dice at 4+ (a 1 fails)": (
        lambda die: dice.successes(10, dice.success_chance(4)),
        lambda die: 10 @ die(6).map(lambda f: f != 1 and f >= 4)),
    "successes of 30 dice at 5+": (
        lambda die: dice.successes(30, dice.success_chance(5, natural_fail=None)), lambda die: 30 @ (die(6) >= 5)),
    "at most 1 of 4 dice at 5+ (capped)": (
        lambda die: dice.capped(dice.successes(4, dice.success_chance(5, natural_fail=None)), 1),
        lambda die: (4 @ (die(6) >= 5)).map(lambda k: min(k, 1))),
    "1BC shots: 3 at 4+, 2 at 5+ capped at 1": (
        lambda die: bc_shooting.hits_distribution([bc_shooting.Shot(4, 3), bc_shooting.Shot(5, 2, max_hits=1)]),
        lambda die: 3 @ (die(6) >= 4) + (2 @ (die(6) >= 5)).map(lambda k: min(k, 1))),
    "1BC fight: best of 3 attackers +2 vs 1": (
        lambda die: bc_combat.fight_distribution(_fight(3, 2, 0)), lambda die: _fight_icepool(3, 2, 0, die(6))),
    "1BC fight: best of 2 attackers +1 vs 1 +1": (
        lambda die: bc_combat.fight_distribution(_fight(2, 1, 1)), lambda die: _fight_icepool(2, 1, 1, die(6))),
    "Army Men: any of 3 dice at 5+": (lambda die: am_shooting.hit_chance(5, 3),
                                     lambda die: (icepool.highest(die(6), die(6), die(6)) >= 5).probability(True)),
    "Army Men: opposed roll +1 vs 0": (
        lambda die: am_combat.fight_odds(1, 0), lambda die: _opposed_icepool(1, 0, die(6))),
    "Army Men: area shot, 6 victims on 6, 2 on 5": (
        lambda die: am_standard.area_casualties([6] * 6 + [5] * 2),
        lambda die: 6 @ (die(6) >= 6) + 2 @ (die(6) >= 5)),
}


def check(name: str) -> None:
    ours, theirs = QUESTIONS[name]
    forget()
    mine, icepools = pmf(ours(fresh_engine)), pmf(theirs(fresh_icepool))
    if mine != icepools:
        raise SystemExit(f"{name}: the engine says {mine}, icepool says {icepools}")


def measure(name: str, seconds: float) -> tuple[float, float, float, float]:
    """Microseconds a question: the engine from scratch, icepool from scratch, the engine repeated, icepool repeated."""
    ours, theirs = QUESTIONS[name]

    def ours_afresh():
        forget()
        return ours(fresh_engine)

    our_dice, their_dice = kept(fresh_engine), kept(fresh_icepool)
    ours(our_dice), theirs(their_dice)  # asked once before: what each keeps is kept
    return (_each(ours_afresh, seconds) - _each(forget, seconds),
            _each(lambda: theirs(fresh_icepool), seconds),
            _each(lambda: ours(our_dice), seconds), _each(lambda: theirs(their_dice), seconds))


def _each(fn, seconds: float) -> float:
    calls, elapsed = timed(fn, at_least=seconds)
    return 1e6 * elapsed / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=0.5, help="time each figure for this long (default 0.5)")
    args = parser.parse_args()
    print(f"Exact odds, the engine against icepool {icepool.__version__} (µs a question; ×: icepool's time / ours)")
    print(f"  {'question':44s} {'scratch':>9s} {'icepool':>9s} {'×':>6s}   "
          f"{'repeated':>9s} {'icepool':>9s} {'×':>7s}")
    for name in QUESTIONS:
        check(name)
        ours, theirs, ours_again, theirs_again = measure(name, args.seconds)
        print(f"  {name:44s} {ours:9,.1f} {theirs:9,.1f} {theirs / ours:6.1f}   "
              f"{ours_again:9,.2f} {theirs_again:9,.1f} {theirs_again / ours_again:7.1f}")
    print("  (every answer checked equal to icepool's, exactly, before it was timed)")


if __name__ == "__main__":
    main()
