"""Army men, the Standard Rules: profiles and points, squads, shooting numbers, cover, leadership, prone
troopers, area-effect weapons, the standard's tie rule; and the tutorial's limits."""

from fractions import Fraction

import pytest

import explorer
from explorer.core.tabletop import Terrain
from explorer.rulesets.army_men import (
    PROFILES, EndTurn, Fight, Move, Shoot, area_distribution, area_odds, army_points, army_problems, composition_problems, profile_table,
)
from explorer.rulesets.army_men.moving import after_move
from tests.army_men_support import game as tutorial_game, refused, trooper


def game(*figures, variant="standard", **kw):
    return tutorial_game(*figures, variant=variant, **kw)


# -- profiles, points, squads -------------------------------------------------------------------

def test_the_pages_profiles_and_points():
    rows = {k: (p.move, p.range, p.rate_of_fire, p.points) for k, p in PROFILES.items()}
    assert rows == {
        "regular": (6, 20, 1, 10), "sargent": (6, 20, 2, 20), "submachine_gunner": (6, 10, 3, 20),
        "heavy_weapon": (2, 40, Fraction(1, 2), 30), "grenadier": (6, 10, 1, 30), "flamethrower": (3, 10, 1, 30),
    }
    assert profile_table("tutorial")["rows"] == [["Regular soldier", "6", "20", "1", 10, 10]]


def test_army_points_add_up_with_the_price_of_each_kind():
    points = army_points({"alpha": ["sargent"] + ["regular"] * 5 + ["submachine_gunner", "heavy_weapon"]})
    assert points.value == 20 + 50 + 20 + 30 and all(r.ref.section == "standard.army" for r in points.reasons)


@pytest.mark.parametrize("kinds, words", [
    (["regular"] * 4, "squads are 5-10"),
    (["regular"] * 11, "squads are 5-10"),
    (["sargent", "sargent"] + ["regular"] * 3, "may include one"),
    (["submachine_gunner", "heavy_weapon", "grenadier"] + ["regular"] * 2, "up to 2"),
])
def test_a_bad_squad_is_refused_citing_the_squad_rule(kinds, words):
    problems = army_problems({"alpha": kinds})
    assert problems and words in str(problems[0]) and problems[0].rule.key == "army_men:standard.squads"


def test_a_good_army_passes_and_the_sargent_counts_in_the_five():
    assert army_problems({"alpha": ["sargent"] + ["regular"] * 4}) == []
    assert army_problems({"a": ["sargent", "submachine_gunner", "flamethrower"] + ["regular"] * 7}) == []


def test_an_army_over_the_points_agreed_is_refused():
    problems = army_problems({"alpha": ["sargent"] + ["regular"] * 4}, points=50)
    assert "60 points" in str(problems[0]) and problems[0].rule.key == "army_men:standard.army"
    assert army_problems({"alpha": ["tank"] * 5})[0].rule.key == "army_men:standard.profiles"


def test_the_tutorial_squad_is_five_regulars_and_refuses_anything_else():
    assert composition_problems(["regular"] * 5, variant="tutorial") == []
    assert composition_problems(["regular"] * 4 + ["sargent"], variant="tutorial")[0].rule.key == "army_men:squad"
    with pytest.raises(ValueError, match="tutorial is played with regular troopers only"):
        game(trooper("g1", 5, 5, "sargent"), trooper("t1", 5, 30), variant="tutorial")
    with pytest.raises(ValueError, match="prone troopers are a standard rule"):
        game(trooper("g1", 5, 5, prone=True), trooper("t1", 5, 30), variant="tutorial")


# -- shooting -----------------------------------------------------------------------------------

def test_standard_shooting_kills_on_6_in_range_and_5_or_6_within_half():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 20), trooper("t2", 8, 14))
    assert state.to_hit("g1", "t1").value == 6 and state.to_hit("g1", "t2").value == 5


def test_the_standard_leaves_the_moving_target_out_unless_the_setting_puts_it_back():
    assert game(trooper("g1", 5, 5), trooper("t1", 5, 12, moved=True)).to_hit("g1", "t1").value == 5
    back = game(trooper("g1", 5, 5), trooper("t1", 5, 12, moved=True), standard_moving_target=True)
    assert back.to_hit("g1", "t1").value == 6


HEDGE = Terrain.rect("hedge", "semi_solid", 2, 9, 6, 1)


def test_cover_needs_one_more_within_half_range_the_pages_example():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 12), terrain=[HEDGE])
    need = state.to_hit("g1", "t1")
    assert need.value == 6 and any(r.ref.section == "standard.cover" for r in need.reasons)


def test_in_cover_beyond_half_range_a_trooper_is_safe_from_fire():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 20), terrain=[HEDGE])
    refused(state, Shoot("green", "g1", "t1"), "standard.cover")


def test_cover_counts_in_the_standard_only():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 12), terrain=[HEDGE], variant="tutorial")
    assert state.to_hit("g1", "t1").value == 4


def test_a_trooper_hidden_less_than_half_is_not_in_cover():
    post = Terrain.rect("post", "solid", 5.15, 9, 0.3, 0.3)  # cuts only the lines to one edge of the base
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 12), terrain=[post])
    assert state.to_hit("g1", "t1").value == 5


# -- leadership -----------------------------------------------------------------------------------

def _cut_off(**kw):
    return game(trooper("g1", 5, 5), trooper("g2", 5, 0.5 + 9), trooper("t1", 5, 12), trooper("t2", 6, 12), **kw)


@pytest.mark.parametrize("leadership, need", [("penalty", 6), ("literal", 4), ("easier_target", 5)])
def test_leadership_a_shooter_out_of_4_inch_cohesion(leadership, need):
    state = _cut_off(leadership=leadership)  # g1 is 4.5 inches from g2
    assert state.to_hit("g1", "t1").value == need


def test_leadership_easier_target_helps_the_shots_at_a_cut_off_trooper():
    state = game(trooper("g1", 5, 5), trooper("t1", 5, 12), trooper("t2", 15, 12), leadership="easier_target")
    assert state.to_hit("g1", "t1").value == 4


# -- prone ----------------------------------------------------------------------------------------

def test_prone_troopers_move_half_and_shoot_to_double_range():
    state = game(trooper("g1", 2, 5, prone=True), trooper("g2", 4, 5), trooper("t1", 39, 5), trooper("t2", 21, 5))
    assert state.move_allowance("g1").value == 3
    assert state.to_hit("g1", "t1").value == 6  # 37 inches: in the doubled range of 40, beyond its half
    assert state.to_hit("g1", "t2").value == 5  # 19 inches: within half of 40
    refused(state, Move("green", "g1", (2, 8.5)), "standard.prone")
    state.apply(Move("green", "g1", (2, 8)))


# -- area-effect weapons -----------------------------------------------------------------------------

def _mortar(**kw):
    return game(trooper("g1", 5, 5, "heavy_weapon"), trooper("g2", 7, 5), trooper("t1", 30, 5),
                trooper("t2", 30, 9), trooper("t3", 35.5, 5), trooper("t4", 40, 20), **kw)


def test_every_trooper_within_6_inches_of_the_target_rolls_and_dies_on_a_6():
    state = _mortar()
    odds = area_odds(state, "t1")
    assert "t1, t2, t3" in odds.reasons[0].text
    events = state.apply(Shoot("green", "g1", "t1"), dice=[6, 5, 6])
    assert [f.id for f in state.figures.values() if f.status == "dead"] == ["t1", "t3"]
    assert events[0].data["victims"] == ["t1", "t2", "t3"]


def test_area_casualties_are_binomial_and_agree_with_the_game():
    state = game(trooper("g1", 5, 5, "heavy_weapon"), trooper("g2", 7, 5), trooper("t1", 30, 5),
                 trooper("t2", 30, 9), trooper("t3", 33.5, 5))  # all three in cohesion: each dies on a 6
    dist = state.chance(Shoot("green", "g1", "t1"))
    assert dist == area_distribution(3)
    assert dist.pmf() == {0: Fraction(125, 216), 1: Fraction(75, 216), 2: Fraction(15, 216), 3: Fraction(1, 216)}


def test_an_area_weapon_hits_its_own_side_too():
    state = game(trooper("g1", 5, 5, "grenadier"), trooper("g2", 5, 7), trooper("t1", 5, 9))
    state.apply(Shoot("green", "g1", "t1"), dice=[6, 6, 1])  # victims g1, g2, t1 in id order
    assert [f.id for f in state.figures.values() if f.status == "dead"] == ["g1", "g2"]


def test_heavy_weapons_cannot_fire_and_move_but_grenades_can():
    mortar = _mortar()
    mortar.apply(Shoot("green", "g1", "t1"), dice=[1, 1, 1])
    refused(mortar, Move("green", "g1", (5, 6)), "standard.area_effect")
    grenadier = game(trooper("g1", 5, 5, "grenadier"), trooper("g2", 7, 5), trooper("t1", 5, 14))
    grenadier.apply(Shoot("green", "g1", "t1"), dice=[1])
    grenadier.apply(Move("green", "g1", (5, 8)))
    flamer = game(trooper("g1", 5, 5, "flamethrower"), trooper("g2", 7, 5), trooper("t1", 5, 14))
    flamer.apply(Shoot("green", "g1", "t1"), dice=[1])
    refused(flamer, Move("green", "g1", (5, 6)), "standard.area_effect")


def test_the_mortar_fires_every_other_turn():
    state = _mortar()
    state.apply(Shoot("green", "g1", "t1"), dice=[1, 1, 1])
    state.apply(EndTurn("green"))
    state.apply(EndTurn("tan"))
    refused(state, Shoot("green", "g1", "t1"), "rulings.half_rate")
    state.apply(EndTurn("green"))
    state.apply(EndTurn("tan"))
    state.apply(Shoot("green", "g1", "t1"), dice=[1, 1, 1])


def test_an_area_weapon_needs_range_and_line_of_sight():
    wall = Terrain.rect("wall", "solid", 2, 9, 6, 1)
    state = game(trooper("g1", 5, 5, "grenadier"), trooper("t1", 5, 14), trooper("t2", 30, 5), terrain=[wall])
    refused(state, Shoot("green", "g1", "t1"), "shooting.line_of_sight")
    refused(state, Shoot("green", "g1", "t2"), "shooting.range")


# -- combat ------------------------------------------------------------------------------------------

def test_after_a_tie_the_one_fighting_on_takes_the_plus_1():
    state = game(trooper("g1", 10, 10), trooper("g2", 10, 12), trooper("t1", 10, 15), trooper("t2", 12, 15))
    state.apply(Move("green", "g1", (10, 14.5)), dice=[3, 4])
    state.apply(EndTurn("green"))
    assert state.chance(Fight("tan", "t1")).probability(("g1",)) == Fraction(21, 36)
    events = state.apply(Fight("tan", "t1"), dice=[3, 4])  # t1 3+1 against g1 4: a tie again
    assert events[1].data["modifiers"] == [1, 0] and state.engaged == (("g1", "t1", "green"),)


# -- vehicles and the scenarios -----------------------------------------------------------------------

def test_there_are_no_vehicles():
    ruling = explorer.get_ruleset("army_men").ruling("vehicles")
    assert "no vehicles" in ruling.decision and not any("tank" in k or "boat" in k for k in PROFILES)


def test_the_skirmish_plays_the_standard_and_refuses_the_tutorial():
    state = explorer.new_game("army_men", "standard")
    assert state.settings.variant == "standard" and state.table.terrain
    with pytest.raises(ValueError, match="variant='standard'"):
        explorer.new_game("army_men", "standard", variant="tutorial")
    assert explorer.new_game("army_men", "tutorial", variant="standard").settings.variant == "standard"


def test_area_casualties_by_side_friends_and_enemies():
    from explorer.rulesets.army_men import area_sides_distribution
    state = game(trooper("g1", 5, 5, "grenadier"), trooper("g2", 5, 7), trooper("t1", 5, 9), trooper("t2", 30, 30))
    dist = area_sides_distribution(state, "t1", "green")  # g1 and g2 are within 6 inches of t1 too
    # t1 is out of cohesion (t2 is far off): he dies on a 5 or a 6
    assert dist.probability((0, 0)) == Fraction(5, 6) ** 2 * Fraction(2, 3)
    assert dist.probability((2, 1)) == Fraction(1, 36) * Fraction(1, 3)
    assert dist.probability_where(lambda k: k[1] == 1) == Fraction(1, 3)


def test_the_pages_leadership_example_read_literally_5s_count_as_6s():
    literal = game(trooper("g1", 5, 5), trooper("g2", 5, 9.6), trooper("t1", 5, 20), leadership="literal")
    literal.apply(Shoot("green", "g1", "t1"), dice=[5])  # 15 inches, beyond half: 6 needed, his 5 counts as 6
    assert literal.figures["t1"].status == "dead"
    penalty = game(trooper("g1", 5, 5), trooper("g2", 5, 9.6), trooper("t1", 5, 12), trooper("t2", 5, 20))
    assert penalty.to_hit("g1", "t1").value == 6  # within half: 5+, one worse out of cohesion
    refused(penalty, Shoot("green", "g1", "t2"), "rulings.modifier_direction")  # 6 + 1: cannot be made


def test_leadership_in_combat_a_cut_off_trooper_scores_1_less():
    state = game(trooper("g1", 10, 5), trooper("g2", 10, 12), trooper("t1", 10, 10), trooper("t2", 12, 10))
    from explorer.rulesets.army_men import combat_pairs
    board = after_move(state, Move("green", "g1", (10, 9.5)))[0]
    (pair,) = combat_pairs(board, "g1")  # g1 ends 2.5 from g2 and t1 stands 2 from t2: both in cohesion
    assert (pair.a_mod.value, pair.b_mod.value) == (1, 0)
    cut = game(trooper("g1", 10, 5), trooper("g2", 10, 0.5), trooper("t1", 10, 10), trooper("t3", 30, 30),
               leave_cohesion="allowed")
    (pair,) = combat_pairs(after_move(cut, Move("green", "g1", (10, 9.5)))[0], "g1")
    assert (pair.a_mod.value, pair.b_mod.value) == (0, -1)  # g1 9 inches from g2, t1 30 from t3


@pytest.mark.parametrize("leadership", ["penalty", "literal", "easier_target"])
def test_a_trooper_out_of_cohesion_dies_in_a_blast_on_a_5_under_every_leadership_setting(leadership):
    # t3 stands 5.5 inches from t1 (in the blast) but more than 4 from every tan squad mate: "+1 to all dice
    # rolls for this individual", "5's rolled for them will count as 6's"; t1 and t2 are together: a 6 only
    state = _mortar(leadership=leadership)
    odds = area_odds(state, "t1")
    assert any("t3 out of cohesion" in r.text for r in odds.reasons)
    dist = state.chance(Shoot("green", "g1", "t1"))
    assert dist == odds.value
    assert dist.pmf() == {0: Fraction(50, 108), 1: Fraction(45, 108), 2: Fraction(12, 108), 3: Fraction(1, 108)}
    state.apply(Shoot("green", "g1", "t1"), dice=[5, 5, 5])  # victims t1, t2, t3 in id order
    assert [f.id for f in state.figures.values() if f.status == "dead"] == ["t3"]


def test_a_blasts_log_says_when_a_5_counted_as_a_6_for_a_trooper_out_of_cohesion():
    # t3 is out of cohesion (see above): his 5 kills and the log says why, citing leadership; t2's 5 does not
    state = _mortar()
    (area, *_) = state.apply(Shoot("green", "g1", "t1"), dice=[1, 5, 5])
    assert area.text == "g1 fires his Mortar / bazooka / RPG at t1: t1 1, t2 5, t3 5 (out of cohesion: his 5 counts as a 6)"
    assert area.rules == ("army_men:standard.area_effect", "army_men:standard.leadership")
    (area, *_) = _mortar().apply(Shoot("green", "g1", "t1"), dice=[1, 5, 6])
    assert "counts as" not in area.text and area.rules == ("army_men:standard.area_effect",)
