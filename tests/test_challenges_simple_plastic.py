"""The Simple Plastic Wargame's practice challenges: its tests of a position (goals.py), each on a position
where it holds and one where it does not, and the exact chances its "best choice" challenges grade by (the
source's numbers: 4+ to kill, -1 for a special attacker and for standing still, +1 for cover and for a
special target, a 1 never kills, a heavy weapon rolls 4 dice)."""

from __future__ import annotations

import dataclasses

from fractions import Fraction

import pytest

from explorer import get_ruleset
from explorer.core.challenges import ruleset_challenges, weigh_choices
from explorer.rulesets.simple_plastic import Attack, Board
from explorer.rulesets.simple_plastic.goals import TESTS

SP = get_ruleset("simple_plastic")


@pytest.fixture(scope="module")
def duel() -> Board:
    """The sniper duel as it starts: green's squad and sniper west of the ruined wall, tan's east of it."""
    return Board.of(SP.new_game("sniper_duel", seed=1))


def test_in_terrain_is_standing_in_the_named_terrain(duel):
    in_terrain = TESTS["in_terrain"]
    assert not in_terrain(duel, None, figure="g-sniper", terrain="bushes")  # at (2, 16)
    assert in_terrain(duel.moving("g-sniper", 6.0, 21.0), None, figure="g-sniper", terrain="bushes")
    assert not in_terrain(duel.moving("g-sniper", 6.0, 21.0), None, figure="g-sniper", terrain="thicket")
    assert not in_terrain(duel.moving("g-sniper", 6.0, 21.0).without("g-sniper"), None, figure="g-sniper",
                          terrain="bushes")  # a casualty is in nothing


def test_unseen_is_hidden_from_every_enemy_in_play(duel):
    unseen = TESTS["unseen"]
    assert unseen(duel, None, figure="g-sniper") and unseen(duel, None, squad="alpha")  # behind the wall
    in_the_open = duel.moving("g-sniper", 15.0, 17.0)
    assert not unseen(in_the_open, None, figure="g-sniper")
    assert unseen(in_the_open.without("t1", "t2", "t3", "t-sniper"), None, figure="g-sniper")  # nobody left to see
    assert not unseen(duel.moving("g2", 15.0, 17.0), None, squad="alpha")  # one member seen is enough


def test_in_cover_is_seen_only_in_part_by_every_enemy_that_sees(duel):
    in_cover = TESTS["in_cover"]
    alone = duel.without("g2", "g3", "g-sniper", "t-sniper")
    assert in_cover(alone.moving("g1", 17.0, 3.0), None, figure="g1")  # in the thicket
    assert not in_cover(alone.moving("g1", 17.0, 7.0), None, figure="g1")  # in the open: a clear view
    assert not in_cover(alone, None, figure="g1")  # wholly hidden by the wall: not seen at all
    assert in_cover(alone.moving("g1", 17.0, 3.0), None, figure="g1", by="thicket")
    assert not in_cover(alone.moving("g1", 17.0, 3.0), None, figure="g1", by="bushes")  # cover, but not the bushes'
    with pytest.raises(ValueError, match="name a figure or a squad"):
        in_cover(alone, None, figure="g1", squad="alpha")


def test_in_cohesion_is_one_chain_and_with_still_not_moved(duel):
    in_cohesion = TESTS["in_cohesion"]
    assert in_cohesion(duel, None, squad="alpha", still=True)
    assert not in_cohesion(duel.moving("g3", 3.0, 14.5), None, squad="alpha")  # a gap of more than a finger
    marched = duel.with_figure(dataclasses.replace(duel.figures["g3"], moved=True))  # a real move, not closing up
    assert in_cohesion(marched, None, squad="alpha") and not in_cohesion(marched, None, squad="alpha", still=True)
    assert in_cohesion(duel.without("g2"), None, squad="alpha") is False  # g1 and g3 a whole base apart


def test_out_of_play_is_the_named_figure_a_casualty(duel):
    out_of_play = TESTS["out_of_play"]
    assert not out_of_play(duel, None, figure="t1")
    assert out_of_play(duel.without("t1"), None, figure="t1")


def test_the_best_shot_is_graded_by_the_sources_numbers():
    challenge = ruleset_challenges(SP)["best-shot"]
    weighed = weigh_choices(challenge.start(), challenge.goal)
    assert weighed == {
        Attack("green", "g1", "t1"): Fraction(2, 3),  # 4, -1 standing still: 3+
        Attack("green", "g2", "t1"): Fraction(2, 3),
        Attack("green", "g1", "t-sniper"): Fraction(1, 3),  # +1 special target, +1 in the thicket: 5+
        Attack("green", "g2", "t-sniper"): Fraction(1, 3),
        Attack("green", "g-sniper", "t1"): Fraction(5, 6),  # -1 special attacker: 2+, and a 1 never kills
        Attack("green", "g-sniper", "t-sniper"): Fraction(1, 2),  # 4+
    }


def test_the_heavy_weapon_takes_out_the_most_on_average():
    challenge = ruleset_challenges(SP)["heavy-weapon"]
    weighed = weigh_choices(challenge.start(), challenge.goal)
    # 4 dice at 2+ on a squad of three (each killing die takes the next closest): 1*5/324 + 2*25/216 + 3*125/144
    assert weighed[Attack("green", "g3", "t3")] == Fraction(5, 324) + 2 * Fraction(25, 216) + 3 * Fraction(125, 144)
    assert weighed[Attack("green", "g3", "t-sniper")] == Fraction(15, 16)  # one figure: one kill at most; 4+ on each die
    assert max(weighed, key=weighed.get) == Attack("green", "g3", "t3")
