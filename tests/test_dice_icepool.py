"""The engine's exact odds against icepool's (an independent library of exact dice maths), number for number.

Every kind of question the engine asks of dice: sums of many dice and of mixed dice, counted successes (capped or
not), the best of a pool against one die, an opposed roll, and distributions whose outcomes are no whole numbers
(which take the engine's other road). icepool's answers are made from the rules' words here, not from the engine's
functions, so a wrong rule in the engine shows.
"""

from fractions import Fraction

import icepool
import pytest

from explorer.core import Explained
from explorer.core.dice import D6, Dist, capped, success_chance, successes, total_of
from explorer.rulesets.army_men import combat as army_men_combat, shooting as army_men_shooting
from explorer.rulesets.army_men.standard import area_casualties, area_distribution
from explorer.rulesets.one_brain_cell.combat import Fight, fight_distribution
from explorer.rulesets.one_brain_cell.shooting import Shot, hits_distribution

ICE_D6 = icepool.Die(range(1, 7))


def die(sides: int) -> Dist:
    return Dist.uniform(range(1, sides + 1))


def exact(answer) -> dict:
    """Either library's answer as ``{outcome: Fraction}``."""
    if isinstance(answer, Dist):
        return answer.pmf()
    total = answer.denominator()
    return {outcome: Fraction(weight, total) for outcome, weight in answer.items() if weight}


@pytest.mark.parametrize("n", [0, 1, 2, 3, 10, 30])
def test_sums_of_d6_are_icepools(n):
    assert exact(D6.repeat_sum(n)) == exact(n @ ICE_D6)


def test_the_sum_of_30d6_has_icepools_integer_weights():
    # both reduce nothing here: 6**30 ways, the middle total 105 the likeliest
    ours, theirs = D6.repeat_sum(30), 30 @ ICE_D6
    assert ours.weights == dict(theirs.items()) and ours.total == theirs.denominator() == 6 ** 30
    assert ours.probability(105) == Fraction(theirs.quantity(105), 6 ** 30)


@pytest.mark.parametrize("pool, theirs", [
    ([(3, 6), (2, 8), (1, 4)], 3 @ icepool.d6 + 2 @ icepool.d8 + icepool.d4),
    ([(10, 6), (1, 20)], 10 @ icepool.d6 + icepool.d20),
    ([(4, 3), (2, 10), (5, 2)], 4 @ icepool.d3 + 2 @ icepool.d10 + 5 @ icepool.d2),
])
def test_mixed_pools_are_icepools(pool, theirs):
    dice = [die(sides).repeat_sum(count) for count, sides in pool]
    assert exact(total_of(dice)) == exact(theirs)
    assert exact(sum(dice[1:], dice[0])) == exact(theirs)  # pair by pair with + comes to the same


@pytest.mark.parametrize("n", [1, 4, 10, 30])
@pytest.mark.parametrize("target", [2, 4, 6, 7])
def test_successes_with_a_natural_one_failing_are_icepools(n, target):
    counted = ICE_D6.map(lambda face: face != 1 and face >= target)
    assert exact(successes(n, success_chance(target))) == exact(n @ counted)


@pytest.mark.parametrize("n, cap", [(4, 1), (6, 2), (3, 3)])
def test_capped_successes_are_icepools(n, cap):
    theirs = (n @ (ICE_D6 >= 5)).map(lambda k: min(k, cap))
    assert exact(capped(successes(n, success_chance(5, natural_fail=None)), cap)) == exact(theirs)


def test_one_brain_cells_shots_together_are_icepools():
    # three rifles at 4+, a cut-off shooter's two dice at 5+ (his 6 counts as 5: still a hit) at most one hit
    shots = [Shot(4, 3), Shot(5, 2, max_hits=1, cut_off=True)]
    theirs = 3 @ (ICE_D6 >= 4) + (2 @ (ICE_D6.map(lambda f: min(f, 5)) >= 5)).map(lambda k: min(k, 1))
    assert exact(hits_distribution(shots)) == exact(theirs)


def _oracle_fight(modifiers, cut_off, attackers, gang_loss):
    """Who is removed, from the rules' words: each die plus its modifier (a cut-off figure's 6 counts as 5); the best
    attacker against the defender; a tie removes nobody; the attackers losing lose all, or only the lowest roller."""
    def removed(*faces):
        totals = [min(f, 5 if off else 6) + m for f, m, off in zip(faces, modifiers, cut_off)]
        best, defender = max(totals[:-1]), totals[-1]
        if best != defender:
            return ("d",) if best > defender else (
                (min(zip(totals, attackers))[1],) if gang_loss == "one" else attackers)
        return ()
    return icepool.map(removed, *[ICE_D6] * len(modifiers))


@pytest.mark.parametrize("gang_loss", ["all", "one"])
@pytest.mark.parametrize("modifiers, cut_off", [
    ((0, 0), (False, False)),
    ((1, 1, 0), (False, True, False)),
    ((2, 2, 3, 0), (False, False, True, True)),
    ((3, 2, 2, 1), (True, False, False, False)),
])
def test_one_brain_cells_fight_is_icepools(modifiers, cut_off, gang_loss):
    attackers = ("b2", "a1", "c3")[:len(modifiers) - 1]
    fight = Fight("d", attackers, tuple(Explained(m) for m in modifiers), cut_off)
    assert exact(fight_distribution(fight, gang_loss)) == exact(_oracle_fight(modifiers, cut_off, attackers, gang_loss))


@pytest.mark.parametrize("attackers", [1, 2, 3])
def test_the_best_of_the_attackers_is_icepools_keep_highest(attackers):
    # attackers with one modifier: the fight is icepool's highest die of the pool against one die
    fight = Fight("d", tuple(f"a{i}" for i in range(attackers)), (Explained(attackers - 1),) * attackers
                  + (Explained(0),), (False,) * (attackers + 1))
    best = ICE_D6.pool(attackers).highest(1).sum() + (attackers - 1)
    ours = fight_distribution(fight)
    assert ours.probability(("d",)) == (best > ICE_D6).probability(True)
    assert ours.probability(()) == (best == ICE_D6).probability(True)


@pytest.mark.parametrize("need", [2, 4, 5, 6])
@pytest.mark.parametrize("dice", [1, 2, 3])
def test_army_men_rate_of_fire_is_icepools_highest_die(need, dice):
    assert army_men_shooting.hit_chance(need, dice) == (ICE_D6.pool(dice).highest(1).sum() >= need).probability(True)


@pytest.mark.parametrize("a_mod, b_mod", [(0, 0), (1, 0), (2, 1), (0, 3)])
def test_army_men_opposed_roll_is_icepools(a_mod, b_mod):
    theirs = icepool.map(lambda x, y: "a" if x > y else "b" if y > x else "tie", ICE_D6 + a_mod, ICE_D6 + b_mod)
    assert exact(army_men_combat.fight_odds(a_mod, b_mod)) == exact(theirs)


def test_army_men_blast_is_icepools():
    needs = [6, 6, 5, 6, 5, 6, 6]
    assert exact(area_casualties(needs)) == exact(5 @ (ICE_D6 >= 6) + 2 @ (ICE_D6 >= 5))
    assert exact(area_distribution(9)) == exact(9 @ (ICE_D6 >= 6))


@pytest.mark.parametrize("faces", [
    [Fraction(1, 2), 1, Fraction(3, 2)],   # no whole numbers: pair by pair
    [0, 1000],                             # whole numbers far apart: pair by pair too
    [-3, -1, 2],                           # below zero
    [True, False, False],                  # yes/no counted as 1/0
])
def test_other_outcomes_sum_as_icepools(faces):
    ours, theirs = Dist.uniform(faces), icepool.Die(faces)
    for n in (1, 2, 5):
        assert exact(ours.repeat_sum(n)) == exact(sum([theirs] * (n - 1), theirs))
    assert exact(total_of([ours, die(6)])) == exact(theirs + icepool.d6)
