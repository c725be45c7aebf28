"""Army men, shooting: every sentence of the page's Phase 1 and Friendly Fire, its own example, exact odds."""

from fractions import Fraction

from explorer.core import D2
from explorer.core.tabletop import Terrain
from explorer.rulesets.army_men import (
    EndTurn, Move, Settings, Shoot, hit_chance, need_to_hit, odds_table, shot_odds,
)
from tests.army_men_support import game, refused, trooper


def test_the_regular_soldier_has_movement_6_range_20_rate_of_fire_1():
    from explorer.rulesets.army_men import PROFILES
    p = PROFILES["regular"]
    assert (p.move, p.range, p.rate_of_fire, p.dice) == (6, 20, 1, 1)


def test_in_range_kills_on_5_or_more():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 20))  # 15 inches: beyond half of 20
    assert state.to_hit("g1", "t1").value == 5
    assert state.chance(Shoot("green", "g1", "t1")).pmf() == {(): Fraction(2, 3), ("t1",): Fraction(1, 3)}


def test_within_half_range_kills_on_4_or_more_and_exactly_half_is_within():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 15))  # exactly 10 inches
    need = state.to_hit("g1", "t1")
    assert need.value == 4 and "within half range" in need.explain()
    assert state.chance(Shoot("green", "g1", "t1")).probability(("t1",)) == Fraction(1, 2)


def test_out_of_range_is_refused_and_exactly_the_range_is_in_range():
    far = game(trooper("g1", 5, 5), trooper("t1", 5, 25.5))
    refused(far, Shoot("green", "g1", "t1"), "shooting.range")
    edge = game(trooper("g1", 5, 5), trooper("t1", 5, 25))
    assert edge.to_hit("g1", "t1").value == 5


def test_no_line_of_sight_through_a_wall_is_refused():
    wall = Terrain.rect("wall", "solid", 2, 9, 6, 1)
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 15), terrain=[wall])
    refused(state, Shoot("green", "g1", "t1"), "shooting.line_of_sight")


def test_the_pages_example_a_5_at_more_than_half_range_misses_a_moving_target():
    still = game(trooper("g1", 5, 5), trooper("t1", 5, 20))
    still.apply(Shoot("green", "g1", "t1"), dice=[5])
    assert still.figures["t1"].status == "dead"
    moving = game(trooper("g1", 5, 5), trooper("t1", 5, 20, moved=True))
    need = moving.to_hit("g1", "t1")
    assert need.value == 6 and any(r.ref.section == "shooting.moving_target" for r in need.reasons)
    moving.apply(Shoot("green", "g1", "t1"), dice=[5])
    assert moving.figures["t1"].status == "in_play"


def test_moved_in_the_previous_turn_is_the_targets_own_last_turn():
    state = game(trooper("g1", 5, 5), trooper("g2", 7, 5), trooper("t1", 5, 22), trooper("t2", 7, 22), side="tan")
    state.apply(Move("tan", "t1", (5, 20)))
    state.apply(EndTurn("tan"))
    assert state.to_hit("g1", "t1").value == 6 and state.to_hit("g1", "t2").value == 5
    state.apply(EndTurn("green"))
    assert not state.figures["t1"].moved  # tan's new turn: last turn's moves are forgotten
    state.apply(EndTurn("tan"))
    assert state.to_hit("g1", "t1").value == 5


def test_shoot_then_move_but_not_move_then_shoot_nor_shoot_twice():
    state = game(trooper("g1", 5, 5), trooper("g2", 7, 5), trooper("t1", 5, 20))
    state.apply(Shoot("green", "g1", "t1"), dice=[1])
    refused(state, Shoot("green", "g1", "t1"), "turn.action_step")
    state.apply(Move("green", "g1", (5, 8)))
    refused(state, Shoot("green", "g1", "t1"), "turn.action_step")


def test_once_another_trooper_acts_the_first_ones_step_is_over():
    state = game(trooper("g1", 5, 5), trooper("g2", 7, 5), trooper("t1", 5, 20))
    state.apply(Shoot("green", "g1", "t1"), dice=[1])
    state.apply(Shoot("green", "g2", "t1"), dice=[1])
    refused(state, Move("green", "g1", (5, 8)), "turn.action_step")
    assert state.position.done == {"g1"} and state.position.acting == "g2"


def test_the_target_is_an_enemy_trooper():
    state = game(trooper("g1", 5, 5), trooper("g2", 7, 5), trooper("t1", 5, 20))
    refused(state, Shoot("green", "g1", "g2"), "shooting")
    refused(state, Shoot("green", "g1", "nobody"), "shooting")


def test_a_rate_of_fire_of_2_rolls_two_dice_at_one_target():
    state = game(trooper("g1", 5, 5, "sargent"), trooper("t1", 5, 20), variant="standard")
    assert state.chance(Shoot("green", "g1", "t1")).probability(("t1",)) == 1 - Fraction(5, 6) ** 2
    events = state.apply(Shoot("green", "g1", "t1"), dice=[2, 6])
    assert events[0].data["dice"] == [2, 6] and state.figures["t1"].status == "dead"


def _in_a_tied_fight(**kw):
    return game(trooper("g1", 5, 5), trooper("g2", 5, 14.5), trooper("t1", 5, 15), trooper("t2", 7, 25),
                engaged=[("g2", "t1", "tan")], **kw)


def test_friendly_fire_a_d2_off_a_d6_decides_which_combatant_is_hit():
    for face, dead in ((1, "g2"), (3, "g2"), (4, "t1"), (6, "t1")):
        state = _in_a_tied_fight()
        events = state.apply(Shoot("green", "g1", "t1"), dice=[4, face])
        assert state.figures[dead].status == "dead", (face, events)
        assert events[0].data["d2"] == (1 if face <= 3 else 2)
        assert not state.engaged  # the fight ends with either death
    assert D2.pmf() == {1: Fraction(1, 2), 2: Fraction(1, 2)}


def test_friendly_fire_odds_split_a_hit_evenly_and_agree_with_every_face():
    state = _in_a_tied_fight()
    shot = Shoot("green", "g1", "t1")  # 10 inches: 4+
    dist = state.chance(shot)
    assert dist.pmf() == {(): Fraction(1, 2), ("g2",): Fraction(1, 4), ("t1",): Fraction(1, 4)}
    seen = {}
    for face in range(1, 7):
        for d2 in range(1, 7):
            copy = state.clone()
            events = copy.apply(shot, dice=[face, d2] if face >= 4 else [face])
            key = tuple(events[0].data["killed"])
            seen[key] = seen.get(key, 0) + 1  # every (face, d2) pair alike; a miss rolls no D2
    assert {k: Fraction(v, 36) for k, v in seen.items()} == dist.pmf()


def test_a_trooper_in_a_tied_fight_may_not_shoot():
    state = _in_a_tied_fight()
    refused(state, Shoot("green", "g2", "t2"), "combat.tie")


def test_the_book_odds_by_hand():
    tutorial, standard = Settings(variant="tutorial"), Settings(variant="standard")
    assert shot_odds(tutorial, within_half=True).value == Fraction(1, 2)
    assert shot_odds(tutorial, within_half=False).value == Fraction(1, 3)
    assert shot_odds(tutorial, within_half=False, target_moved=True).value == Fraction(1, 6)
    assert shot_odds(tutorial, within_half=True, target_moved=True).value == Fraction(1, 3)
    assert shot_odds(standard, within_half=False).value == Fraction(1, 6)
    assert shot_odds(standard, within_half=True).value == Fraction(1, 3)
    assert shot_odds(standard, within_half=True, cover=True).value == Fraction(1, 6)
    safe = shot_odds(standard, within_half=False, cover=True)
    assert safe.value == 0 and safe.reasons[-1].ref.section == "standard.cover"
    assert shot_odds(standard, within_half=True, dice=3).value == 1 - Fraction(2, 3) ** 3 == Fraction(19, 27)
    assert hit_chance(7) == 0 and hit_chance(1) == 1
    assert len(odds_table(standard)["rows"]) == 8 and len(odds_table(tutorial)["rows"]) == 4


def test_a_shot_that_needs_more_than_6_cannot_be_made():
    settings = Settings(variant="standard", standard_moving_target=True)
    need = need_to_hit(settings, within_half=False, target_moved=True)
    assert need.value is None and need.reasons[-1].ref.section == "rulings.modifier_direction"
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 20, moved=True), variant="standard",
                 standard_moving_target=True)
    refused(state, Shoot("green", "g1", "t1"), "rulings.modifier_direction")


def test_every_reason_cites_a_rule_section_of_army_men():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 20, moved=True))
    for reason in state.to_hit("g1", "t1").reasons:
        assert reason.ref.ruleset == "army_men" and reason.ref.section in state.ruleset.sections
