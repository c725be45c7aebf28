"""Army Men's practice challenges: the position tests of its goals.py, each on a position where it holds and
one where it does not, and the answers its challenges rely on (the exact chances of a best choice, the one
order of moves that keeps a squad together)."""

from __future__ import annotations

import importlib.resources
from fractions import Fraction

import pytest

from explorer import get_ruleset
from explorer.core import challenges as c
from explorer.rulesets.army_men import Fight, Move, Shoot, goals

ARMY_MEN = get_ruleset("army_men")
CHALLENGES = c.ruleset_challenges(ARMY_MEN)
CHALLENGES_TEXT = importlib.resources.files("explorer.rulesets.army_men").joinpath("challenges.toml").read_text(
    encoding="utf-8")


def solved(name: str):
    return CHALLENGES[name].play_solution()


def test_can_shoot_counts_troopers_in_range_and_sight_of_an_enemy():
    march = CHALLENGES["march"]
    start = march.start()
    assert not goals.can_shoot(start, march)  # 24 inches apart: a rifle reaches 20
    end = solved("march")
    assert goals.can_shoot(end, march, count=4)
    assert not goals.can_shoot(end, march, count=5)  # g3, moved first to keep the squad together, is 21 away
    assert end.to_hit("g3", "t3").value is None and end.to_hit("g2", "t2").value == 5


def test_safe_is_out_of_range_out_of_sight_or_in_cover_beyond_half_range():
    cover = CHALLENGES["take-cover"]
    start = cover.start()
    assert not goals.safe(start, cover, figure="g2")
    assert goals.safe(solved("take-cover"), cover, figure="g2")
    behind_hedge = start.clone()
    behind_hedge.apply(Move("green", "g2", (13.0, 8.0)))  # behind the hedge, but within half of t2's range
    assert behind_hedge.to_hit("t2", "g2").value == 6
    assert not goals.safe(behind_hedge, cover, figure="g2")


def test_an_area_weapon_that_can_aim_makes_its_target_unsafe():
    text = '''
[[challenge]]
name = "flame"
title = "t"
sections = ["standard.area_effect"]
hint = "h"
limit = 1
side = "green"
goal = { kind = "reach", test = "safe", args = { figure = "g2" }, text = "g" }
[challenge.start]
scenario = "standard"
remove = ["g1", "g4", "g5", "g6", "g7", "g8", "t1", "t2", "t3", "t4", "t5", "t6"]
figures = { g2 = { x = 30.0, y = 4.0 }, g3 = { x = 27.0, y = 5.0 }, t7 = { x = 38.0, y = 4.0 } }
'''
    flame = c.load(text, ARMY_MEN)["flame"]
    state = flame.start()
    assert state.to_hit("t7", "g2").value is None  # no number to roll: the blast rolls for everyone near
    assert not goals.safe(state, flame, figure="g2")  # but the flamethrower (range 10) can aim at him
    state.apply(Move("green", "g2", (24.0, 4.0)))  # 14 inches off: out of its range
    assert goals.safe(state, flame, figure="g2")


def test_all_safe_needs_every_trooper_safe_and_none_gone_off_the_table():
    fall_back = CHALLENGES["fall-back"]
    start = fall_back.start()
    assert not goals.all_safe(start, fall_back)
    first = start.clone()
    first.apply(Move("green", "g2", (18.0, 20.0)))
    assert goals.safe(first, fall_back, figure="g2") and not goals.all_safe(first, fall_back)
    assert goals.all_safe(solved("fall-back"), fall_back)
    hidden = "g2 = { x = 18.0, y = 22.0 }, g3 = { x = 20.0, y = 22.0 }, g4 = { x = 2.0, y = 17.5 }"
    text = CHALLENGES_TEXT.replace("g2 = { x = 18.0, y = 17.0 }, g3 = { x = 20.0, y = 16.0 }, g4 = { x = 16.0, y = 17.5 }",
                                   hidden)
    fled = c.load(text, ARMY_MEN)["fall-back"]
    state = fled.start()
    assert not goals.all_safe(state, fled) and not goals.safe(state, fled, figure="g4")
    state.apply(Move("green", "g4", (-2.0, 17.5)))  # off the west edge: out of play for good
    in_play = [f.id for f in state.figures.values() if f.in_play and f.side == "green"]
    assert in_play == ["g2", "g3"] and all(goals.safe(state, fled, figure=f) for f in in_play)
    assert not goals.all_safe(state, fled)


def test_out_of_play_names_one_trooper():
    gang_up = CHALLENGES["gang-up"]
    start = gang_up.start()
    assert not goals.out_of_play(start, gang_up, figure="t2")
    assert goals.out_of_play(solved("gang-up"), gang_up, figure="t2")
    charge = Move("green", "g1", (20.0, 15.5))
    tied = start.clone()
    tied.apply(charge, dice=[1, 3, 1, 3])  # 1+2 against 3 twice: two ties, t2 stands
    assert not goals.out_of_play(tied, gang_up, figure="t2")
    # ganging up (+1 each for two against one) and the charge (+1): t2 dies unless both pairs fail
    assert start.chance(charge).probability_where(lambda dead: "t2" in dead) == Fraction(299, 324)


def test_the_best_shots_are_graded_by_the_page_numbers():
    best = CHALLENGES["best-shot"]
    weighed = c.weigh_choices(best.start(), best.goal)
    assert weighed[Shoot("green", "g1", "t2")] == Fraction(1, 2)   # 9.5 inches, stood still: 4+
    assert weighed[Shoot("green", "g1", "t1")] == Fraction(1, 3)   # 7 inches, but moved: 5+
    assert weighed[Shoot("green", "g1", "t4")] == Fraction(1, 6)   # beyond half and moved: 6
    squad = CHALLENGES["squad-fire"]
    weighed = c.weigh_choices(squad.start(), squad.goal)
    assert weighed[Shoot("green", "g1", "t4")] == 1 - Fraction(2, 3) ** 2      # the sargent's 2 dice, 5+
    assert weighed[Shoot("green", "g7", "t4")] == 1 - Fraction(5, 6) ** 3      # cut off: 6 on 3 dice
    assert weighed[Shoot("green", "g5", "t3")] == Fraction(1, 3)               # prone: half range is 20
    assert max(weighed.values()) == weighed[Shoot("green", "g1", "t4")]


@pytest.mark.parametrize("target, safe", [("t2", False), ("t3", False), ("t4", True), ("t5", True)])
def test_danger_close_is_safe_only_where_the_blast_misses_green(target, safe):
    danger = CHALLENGES["danger-close"]
    start = danger.start()
    assert (c.sure_failure(danger, start, Shoot("green", "g8", target)) is None) == safe


def test_gang_up_needs_the_ganging_up_not_a_fight_fought_on_alone():
    """Issue 38: fought on alone, g2 wins 15 of 36 rolls (a tie fought on has no modifier) and t2 is out of
    play; the goal asks for ganging up, so only the charge that makes it two against one solves it."""
    gang_up = CHALLENGES["gang-up"]
    start = gang_up.start()
    alone = start.clone()
    alone.apply(Fight("green", "g2"), dice=[6, 1])
    assert goals.out_of_play(alone, gang_up, figure="t2") and not goals.ganged_up_on(alone, gang_up, figure="t2")
    assert not gang_up.grade(alone).solved
    assert goals.ganged_up_on(solved("gang-up"), gang_up, figure="t2") and gang_up.grade(solved("gang-up")).solved


def test_the_checker_finds_the_fight_fought_on_alone_with_the_old_goal():
    """The goal as shipped before issue 38 (t2 out of play, however): the checker tries every single first
    action with 8 dice seeds of its own, and fighting on alone solves it in 3 of them."""
    import dataclasses

    old = dataclasses.replace(CHALLENGES["gang-up"], goal=c.Goal("reach", "out_of_play", {"figure": "t2"}))
    assert c.check(old) == ["one action of another kind than the solution's solves it: g2 fights on (3 of 8 rolls)"]
