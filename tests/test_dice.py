"""The core dice module, against hand-worked fractions and brute-force enumeration."""

from collections import Counter
from fractions import Fraction
from itertools import product

import pytest

from explorer.core.dice import D2, D3, D6, TWO_D6, Dist, capped, success_chance, successes

FACES = range(1, 7)


def enumerate_rolls(n):
    """Every roll of n D6, equally likely: the independent check."""
    return list(product(FACES, repeat=n))


def brute_force_dist(n, predicate):
    """Distribution of the number of dice satisfying ``predicate``, by listing all 6**n rolls."""
    counts = Counter(sum(1 for face in roll if predicate(face)) for roll in enumerate_rolls(n))
    total = 6 ** n
    return {k: Fraction(c, total) for k, c in counts.items()}


def test_d6_is_uniform_over_one_to_six():
    assert D6.pmf() == {face: Fraction(1, 6) for face in FACES}
    assert D6.mean() == Fraction(7, 2)


def test_d3_reads_a_d6_as_the_army_men_notes_say():
    # 1-2 -> 1, 3-4 -> 2, 5-6 -> 3
    assert D3.pmf() == {1: Fraction(1, 3), 2: Fraction(1, 3), 3: Fraction(1, 3)}
    mapping = {face: (face + 1) // 2 for face in FACES}
    assert [mapping[f] for f in FACES] == [1, 1, 2, 2, 3, 3]


def test_d2_reads_a_d6_as_the_army_men_notes_say():
    # 1-3 -> 1, 4-6 -> 2
    assert D2.pmf() == {1: Fraction(1, 2), 2: Fraction(1, 2)}


def test_two_d6_matches_enumeration_and_hand_values():
    counts = Counter(a + b for a, b in enumerate_rolls(2))
    assert TWO_D6.pmf() == {total: Fraction(c, 36) for total, c in counts.items()}
    assert TWO_D6.probability(7) == Fraction(1, 6)
    assert TWO_D6.probability(2) == Fraction(1, 36)
    assert TWO_D6.at_least(10) == Fraction(6, 36)
    assert TWO_D6.mean() == 7


@pytest.mark.parametrize("target, expected", [
    (1, Fraction(5, 6)),  # a 1 still fails
    (2, Fraction(5, 6)),
    (3, Fraction(4, 6)),
    (4, Fraction(1, 2)),
    (5, Fraction(2, 6)),
    (6, Fraction(1, 6)),
    (7, Fraction(0)),     # above 6: impossible
    (8, Fraction(0)),
])
def test_success_chance_with_a_natural_one_failing(target, expected):
    assert success_chance(target) == expected
    brute = Fraction(sum(1 for f in FACES if f != 1 and f >= target), 6)
    assert success_chance(target) == brute


def test_a_one_never_succeeds_whatever_the_modifier():
    assert success_chance(2, modifier=+5) == Fraction(5, 6)
    assert success_chance(4, modifier=+3) == Fraction(5, 6)


def test_natural_fail_can_be_switched_off():
    assert success_chance(1, natural_fail=None) == 1
    assert success_chance(2, modifier=+1, natural_fail=None) == 1


def test_modifier_shifts_the_target():
    assert success_chance(4, modifier=-1) == success_chance(5)
    assert success_chance(6, modifier=-1) == 0


@pytest.mark.parametrize("n", [1, 2, 3, 4])
@pytest.mark.parametrize("target", [2, 4, 6])
def test_pool_of_successes_matches_brute_force(n, target):
    pool = successes(n, success_chance(target))
    assert pool.pmf() == brute_force_dist(n, lambda f: f != 1 and f >= target)


def test_four_dice_at_four_plus_by_hand():
    pool = successes(4, Fraction(1, 2))
    assert pool.probability(0) == Fraction(1, 16)
    assert pool.probability(1) == Fraction(4, 16)
    assert pool.probability(2) == Fraction(6, 16)
    assert pool.probability(4) == Fraction(1, 16)
    assert pool.mean() == 2


def test_capped_counts_at_most_one_hit():
    pool = capped(successes(4, Fraction(1, 2)), 1)
    assert pool.pmf() == {0: Fraction(1, 16), 1: Fraction(15, 16)}
    brute = Counter(min(1, sum(1 for f in roll if f >= 4)) for roll in enumerate_rolls(4))
    assert pool.pmf() == {k: Fraction(c, 6 ** 4) for k, c in brute.items()}


def test_a_pool_that_cannot_succeed_is_all_zero():
    assert successes(3, success_chance(7)) == Dist.constant(0)


def test_zero_dice_is_zero_successes_and_negative_dice_fail():
    assert successes(0, Fraction(1, 2)) == Dist.constant(0)
    with pytest.raises(ValueError):
        D6.repeat_sum(-1)


def test_distributions_are_exact_values():
    assert Dist({1: 2, 2: 2}) == Dist({1: 1, 2: 1})  # weights are reduced
    assert hash(Dist({1: 2, 2: 2})) == hash(Dist({1: 1, 2: 1}))
    assert sum(D6.pmf().values()) == 1
    with pytest.raises(ValueError):
        Dist({})
    with pytest.raises(ValueError):
        Dist({1: -1, 2: 2})


def test_sums_match_enumeration_for_three_dice():
    counts = Counter(sum(roll) for roll in enumerate_rolls(3))
    assert D6.repeat_sum(3).pmf() == {t: Fraction(c, 216) for t, c in counts.items()}
    assert (D6 + D6 + D6) == D6.repeat_sum(3)
    assert (D6 + 1).outcomes() == (2, 3, 4, 5, 6, 7)


def test_a_kept_answer_is_given_again_and_no_caller_can_change_it():
    first = D6.repeat_sum(10)
    first.weights[35] = 0      # weights and pmf are copies: the kept answer is untouched
    first.pmf()[35] = 0
    again = Dist.uniform(FACES).repeat_sum(10)  # an equal die asks the same question
    assert again is first
    assert again.weights[35] == 4395456 and again.total == 6 ** 10


def test_what_is_kept_is_bounded():
    from explorer.core import dice
    for kept in (dice._repeat_sum, dice._total_of, dice.successes, dice.capped, dice.success_chance):
        assert kept.cache_info().maxsize == 4096


def test_sums_of_whole_numbers_and_of_other_outcomes_agree_with_enumeration():
    halves = Dist.uniform([Fraction(1, 2), 1])        # no whole numbers: summed pair by pair
    far = Dist.uniform([0, 100])                       # whole numbers far apart: pair by pair too
    below = Dist.uniform([-2, 0, 1])                   # whole numbers below zero: one big-integer power
    for dist, faces in ((halves, [Fraction(1, 2), 1]), (far, [0, 100]), (below, [-2, 0, 1])):
        counts = Counter(sum(roll) for roll in product(faces, repeat=4))
        assert dist.repeat_sum(4).pmf() == {t: Fraction(c, len(faces) ** 4) for t, c in counts.items()}
