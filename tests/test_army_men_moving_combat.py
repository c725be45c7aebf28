"""Army men, movement and combat: Phase 2, Phase 3, Ganging Up and The Inevitable End, with exact odds."""

from fractions import Fraction

import pytest

from explorer.core import Termination
from explorer.core.tabletop import Terrain
from explorer.rulesets.army_men import (
    EndTurn, Fight, Move, Shoot, combat_distribution, combat_pairs, fight_odds,
)
from explorer.rulesets.army_men.moving import after_move
from tests.army_men_support import game, refused, trooper


# -- movement ---------------------------------------------------------------------------

def test_a_trooper_moves_up_to_6_inches_and_no_further():
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 40, 30))
    refused(state, Move("green", "g1", (10, 16.1)), "moving")
    state.apply(Move("green", "g1", (10, 16)))
    assert state.figures["g1"].position == (10, 16) and state.figures["g1"].moved


def test_a_move_need_not_be_straight_and_is_measured_along_the_way_round():
    wall = Terrain.rect("wall", "solid", 5, 12, 10, 1)  # between (10, 10) and (10, 15)
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 18), trooper("t1", 40, 30), terrain=[wall])
    assert state.table.route_length((10, 10), (10, 15)) > 6
    refused(state, Move("green", "g1", (10, 15)), "moving")
    state.apply(Move("green", "g1", (14, 10)))


def test_solid_terrain_is_too_tall_to_stand_in_and_bases_do_not_overlap():
    rock = Terrain.rect("rock", "solid", 12, 12, 2, 2)
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 40, 30), terrain=[rock])
    refused(state, Move("green", "g1", (13, 13)), "rulings.climbing")
    refused(state, Move("green", "g1", (10, 11.9)), "moving")
    state.apply(Move("green", "g1", (10, 11.5)))  # touching is allowed


def test_hedges_and_fences_are_low_and_crossed_at_no_cost():
    hedge = Terrain.rect("hedge", "semi_solid", 5, 12, 10, 1)
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 14), trooper("t1", 40, 30), terrain=[hedge])
    state.apply(Move("green", "g1", (10, 16)))


def test_troopers_must_stay_within_4_inches_of_another_squad_member():
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 40, 30))
    refused(state, Move("green", "g1", (10, 6.9)), "moving.cohesion")
    state.apply(Move("green", "g1", (10, 8)))  # exactly 4 inches from g2


def test_leaving_cohesion_may_be_allowed_by_a_setting_and_a_cut_off_trooper_moves_freely():
    allowed = game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 40, 30), leave_cohesion="allowed")
    allowed.apply(Move("green", "g1", (10, 5)))
    cut_off = game(trooper("g1", 10, 10), trooper("g2", 10, 20), trooper("t1", 40, 30))
    cut_off.apply(Move("green", "g1", (4, 10)))


def test_a_trooper_moving_beyond_the_edge_of_the_table_cannot_be_returned_to_play():
    state = game(trooper("g1", 2, 10), trooper("g2", 2, 12), trooper("t1", 40, 30))
    events = state.apply(Move("green", "g1", (-1, 10)))
    assert state.figures["g1"].status == "off_table" and "leaves the table" in events[0].text
    state.apply(EndTurn("green"))
    state.apply(EndTurn("tan"))
    refused(state, Move("green", "g1", (3, 10)), "moving.off_table")
    assert state._standing() == {"green": 1, "tan": 1}


def test_the_side_whose_last_trooper_leaves_the_table_loses():
    state = game(trooper("g1", 2, 10), trooper("t1", 40, 30))
    state.apply(Move("green", "g1", (-1, 10)))
    assert state.outcome.winner == "tan" and state.outcome.kind is Termination.ELIMINATION


# -- combat --------------------------------------------------------------------------------

def test_one_pair_by_hand_the_attacker_adds_1():
    assert fight_odds(1, 0).pmf() == {"a": Fraction(21, 36), "b": Fraction(10, 36), "tie": Fraction(5, 36)}
    assert fight_odds(0, 0).pmf() == {"a": Fraction(15, 36), "b": Fraction(15, 36), "tie": Fraction(6, 36)}


def _charge(**kw):
    return game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 10, 15), trooper("t2", 20, 30), **kw)


@pytest.mark.parametrize("dice, dead", [([4, 4], "t1"), ([1, 4], "g1"), ([5, 1], "t1"), ([2, 4], "g1")])
def test_troopers_in_contact_fight_and_the_lower_score_dies(dice, dead):
    state = _charge()
    events = state.apply(Move("green", "g1", (10, 14.5)), dice=dice)
    assert state.figures[dead].status == "dead"
    assert [e.kind for e in events] == ["move", "combat", "fight", "casualty"]


def test_the_combat_odds_agree_with_every_pair_of_faces():
    state = _charge()
    move = Move("green", "g1", (10, 14.5))
    dist = state.chance(move)
    assert dist.pmf() == {(): Fraction(5, 36), ("g1",): Fraction(10, 36), ("t1",): Fraction(21, 36)}
    counts = {}
    for a in range(1, 7):
        for b in range(1, 7):
            copy = state.clone()
            copy.apply(move, dice=[a, b])
            key = tuple(sorted(f for f in ("g1", "t1") if copy.figures[f].status == "dead"))
            counts[key] = counts.get(key, 0) + 1
    assert {k: Fraction(v, 36) for k, v in counts.items()} == dist.pmf()


def test_a_tie_goes_on_next_turn_and_the_attacked_trooper_must_choose_and_may_not_shoot():
    state = _charge()
    state.apply(Move("green", "g1", (10, 14.5)), dice=[3, 4])  # 3+1 = 4 against 4
    assert state.engaged == (("g1", "t1", "tan"),)
    refused(state, Fight("green", "g1"), "turn.action_step")
    state.apply(EndTurn("green"))
    refused(state, EndTurn("tan"), "combat.tie")
    refused(state, Shoot("tan", "t1", "g2"), "combat.tie")
    assert Fight("tan", "t1") in state.legal_actions


def test_the_continued_fight_has_no_modifier_in_the_tutorial():
    state = _charge()
    state.apply(Move("green", "g1", (10, 14.5)), dice=[3, 4])
    state.apply(EndTurn("green"))
    assert state.chance(Fight("tan", "t1")).pmf() == {
        (): Fraction(6, 36), ("g1",): Fraction(15, 36), ("t1",): Fraction(15, 36)}
    state.apply(Fight("tan", "t1"), dice=[2, 2])
    assert state.engaged == (("g1", "t1", "green"),)  # tied again: green chooses next
    state.apply(EndTurn("tan"))
    state.apply(Fight("green", "g1"), dice=[5, 2])
    assert state.figures["t1"].status == "dead" and state.engaged == ()


def test_the_attacked_trooper_may_run_away():
    state = _charge()
    state.apply(Move("green", "g1", (10, 14.5)), dice=[3, 4])
    state.apply(EndTurn("green"))
    refused(state, Move("tan", "t1", (10.5, 14.5)), "combat.tie")  # still touching g1
    events = state.apply(Move("tan", "t1", (10, 20)))
    assert "running away" in events[0].text and state.engaged == ()
    state.apply(EndTurn("tan"))


def test_ganging_up_one_against_three():
    state = game(trooper("g1", 10, 9), trooper("g2", 9.5, 15), trooper("g3", 10.5, 15), trooper("t1", 10, 15),
                 trooper("t2", 20, 30), leave_cohesion="allowed")  # g2 and g3 touch t1 but have not fought
    move = Move("green", "g1", (10, 14.5))
    pairs = combat_pairs(after_move(state, move)[0], "g1")
    assert [(p.a, p.b, p.a_mod.value, p.b_mod.value) for p in pairs] == [
        ("g1", "t1", 3, 0), ("g2", "t1", 3, 0), ("g3", "t1", 3, 0)]
    assert {r.ref.section for r in pairs[0].a_mod.reasons} == {"combat.initiative", "combat.ganging_up"}
    dist = state.chance(move)
    assert dist.probability_where(lambda dead: "t1" in dead) == 1 - Fraction(6, 36) ** 3
    assert combat_distribution(pairs) == dist


def test_each_pair_is_resolved_separately_and_the_dead_fight_no_more():
    state = game(trooper("g1", 10, 9), trooper("g2", 9.5, 15), trooper("t1", 10, 15), trooper("t2", 20, 30),
                 leave_cohesion="allowed")
    events = state.apply(Move("green", "g1", (10, 14.5)), dice=[6, 1])
    fights = [e for e in events if e.kind == "fight"]
    assert len(fights) == 1 and state.figures["t1"].status == "dead"


def test_the_dead_are_removed_and_never_return():
    state = _charge()
    state.apply(Move("green", "g1", (10, 14.5)), dice=[6, 1])
    refused(state, Shoot("green", "g2", "t1"), "combat.the_end")
    state.apply(EndTurn("green"))
    refused(state, Move("tan", "t1", (10, 18)), "combat.the_end")
    assert "t1" not in {f.id for f in state.view("tan").position.figures.values() if f.in_play}
