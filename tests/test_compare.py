"""The comparison chapter (boards/compare.py): exact odds worked by hand from the sources, and bot studies
that play the same seeds for every pairing with the sides swapped, reporting a bot a ruleset lacks."""

from __future__ import annotations

from fractions import Fraction

import pytest

from boards import army_men, compare as c, dice_tactics, family, one_brain_cell, phlog, simple_plastic


# -- one attack, worked by hand from each source ----------------------------------------------------

@pytest.mark.parametrize("inches, cover, expected", [
    (6, False, Fraction(2, 6)),   # standard rules, within half of 20": "5 or 6 within 1/2"
    (10, False, Fraction(2, 6)),  # exactly half range is within half
    (15, False, Fraction(1, 6)),  # "on a roll of 6 if in range"
    (20, False, Fraction(1, 6)),
    (21, False, Fraction(0)),     # beyond the regular soldier's 20 inches
    (6, True, Fraction(1, 6)),    # cover within half range: one more needed, a 6
    (15, True, Fraction(0)),      # cover beyond half range: safe from fire
])
def test_army_men_regular_shot(inches, cover, expected):
    assert army_men.shot_kill(inches, cover) == expected


def test_simple_plastic_trooper_attack_is_four_up_anywhere_five_up_in_cover():
    # "Generally, a roll of 4 or more kills one target": 4, 5, 6 of six faces; behind cover +1: 5, 6.
    assert {simple_plastic.attack_kill(d, False) for d in (1, 12, 30)} == {Fraction(3, 6)}
    assert {simple_plastic.attack_kill(d, True) for d in (1, 12, 30)} == {Fraction(2, 6)}
    assert simple_plastic.attack_kill(5, False, moved=False) == Fraction(4, 6)  # attacker did not move: -1, so 3+


@pytest.mark.parametrize("inches, cover, expected", [
    (8, False, Fraction(3, 6)),   # rifle short range (8"): 4+
    (9, False, Fraction(2, 6)),   # long range to 24": 5+
    (24, False, Fraction(2, 6)),
    (25, False, Fraction(0)),     # out of range
    (8, True, Fraction(2, 6)),    # in cover: 5+ short
    (24, True, Fraction(1, 6)),   # and 6 long
])
def test_one_brain_cell_rifle_shot(inches, cover, expected):
    assert one_brain_cell.shot_kill(inches, cover) == expected


def test_phlog_two_random_cards_from_one_deck_remove_on_a_margin_of_four():
    # Ace 1 ... King 13, four suits; the attacker's card beats the defender's (another card of the same deck)
    # by 4 or more. Value pairs (a, b) with a - b >= 4: 9 + 8 + ... + 1 = 45, each 4 x 4 suit pairs, of 52 x 51.
    assert sum(13 - d for d in range(4, 13)) == 45
    assert phlog.attack_remove() == Fraction(45 * 16, 52 * 51) == Fraction(60, 221)


def test_dice_tactics_squad_against_squad_is_certain_in_the_open_and_nothing_in_a_forest():
    # Losses are attacker + 1 - defender: 3 + 1 - 3 = 1 in the open; a forest defends at +1: 3 + 1 - 4 = 0.
    assert dice_tactics.attack_loss(1, False) == dice_tactics.attack_loss(2, False) == 1
    assert dice_tactics.attack_loss(2, True) == 0
    assert dice_tactics.attack_loss(3, False) == 0  # a squad's range is 2 spaces


def test_the_pages_list_the_registrys_rulesets_in_chapter_order_by_board_family():
    from conformance.cases import rulesets_under_test  # the project's rulesets and the test run's toy one

    assert set(c.RULESETS) == set(rulesets_under_test()) and "toy_ruleset" in c.RULESETS
    assert [family.look(name).CHAPTER for name in c.RULESETS] == sorted(family.look(n).CHAPTER for n in c.RULESETS)
    assert sorted(c.TABLETOP + c.GRID) == sorted(c.RULESETS) and c.TABLETOP == family.rulesets("tabletop")
    assert [curve.ruleset for curve in c.lethality()] == list(c.RULESETS)
    assert set(c.MAIN) == set(c.NEEDS) == set(c.RULESETS)
    with pytest.raises(ValueError, match="unknown board family 'hex'; the families are tabletop, grid"):
        family.rulesets("hex")


def test_every_curve_is_a_chance_at_every_distance_and_the_table_says_it_exactly():
    curves = c.lethality()
    assert [curve.ruleset for curve in curves] == list(c.RULESETS)
    for curve in curves:
        assert len(curve.open) == len(curve.cover) == len(curve.distances)
        assert all(0 <= p <= 1 for p in curve.open + curve.cover)
        assert all(cover <= open_ for open_, cover in zip(curve.open, curve.cover))  # cover never helps the attacker
    rows = {row[0]: row for row in c.lethality_table(curves)["rows"]}
    assert "1 to 10 inches 1/3 (33%)" in rows["Army Men"][2]
    assert "60/221" in rows["The Rules! (with no name)"][2]


# -- what you need ----------------------------------------------------------------------------------

def test_needs_table_counts_the_scenarios_figures():
    rows = {row[0]: row for row in c.needs_table()["rows"]}
    assert len(rows) == len(c.RULESETS)
    assert rows["Simple Plastic Wargame"][1] == "6 figures a side (skirmish)"
    assert rows["Dice Tactics"][1].startswith("6 dice (units) a side")  # 4 squads and 2 tanks a player
    assert rows["Army Men"][1] == "8 (green) and 7 (tan) figures (standard)"  # the standard battle is uneven
    assert rows["Army Men"][2] == "48 × 36 inches"
    assert "hour" in rows["1BC (One Brain-Cell)"][6]  # the only source that says how long a game takes


# -- the studies ---------------------------------------------------------------------------------------

def test_a_pairing_plays_each_seed_twice_with_the_sides_swapped():
    jobs = c.pairing_jobs("phlog", "corridor", "random", "greedy", 3)
    assert [job[2] for job in jobs] == [0, 0, 1, 1, 2, 2]
    for one, other in zip(jobs[::2], jobs[1::2]):
        assert dict(one[3]) == {"green": "random", "tan": "greedy"}
        assert dict(other[3]) == {"green": "greedy", "tan": "random"}


def test_the_luck_study_plays_the_same_seeds_for_every_pairing():
    pairings = c.luck_study(["phlog"], [("random", "greedy"), ("greedy", "greedy")], seeds={
        ("phlog", "random", "greedy"): 2, ("phlog", "greedy", "greedy"): 2})
    seeds = [[(g.seed, g.bots) for g in p.games] for p in pairings]
    assert [s for s, _ in seeds[0]] == [s for s, _ in seeds[1]] == [0, 0, 1, 1]
    random_greedy = pairings[0]
    assert random_greedy.upsets.n == 4
    assert random_greedy.upsets.hits + random_greedy.stronger_wins + random_greedy.draws == 4


def test_a_bot_a_ruleset_lacks_is_reported_not_dropped():
    pairings = c.luck_study(["phlog"], [("random", "greedy"), ("greedy", "no_such_bot")],
                            seeds={("phlog", "random", "greedy"): 1})
    assert [(p.weaker, p.stronger) for p in pairings] == [("random", "greedy"), ("greedy", "no_such_bot")]
    missing = pairings[1]
    assert missing.missing == ("no_such_bot",) and missing.games == ()
    assert "greedy against no_such_bot was not played (no no_such_bot bot yet)" in missing.words()
    row = c.luck_table(pairings)["rows"][1]
    assert row[1] == "greedy against no_such_bot" and "not played" in row[2]
    assert "no_such_bot" in c.luck_words(pairings)


def test_the_strong_bot_is_asked_for_by_default():
    assert ("greedy", "strong") in c.PAIRINGS and ("random", "greedy") in c.PAIRINGS


def test_the_length_study_plays_seeds_in_order_and_records_who_moved_first():
    study = c.length_study(["dice_tactics"], games={"dice_tactics": 2})
    result = study["dice_tactics"]
    assert [g.seed for g in result.games] == [0, 1]
    assert {g.first for g in result.games} == {"tan"}  # the river crossing: tan moves first
    assert all(dict(g.bots) == {"green": "greedy", "tan": "greedy"} for g in result.games)
    assert result.first_wins.n == 2


def test_a_game_is_the_same_game_when_played_again():
    job = ("phlog", "corridor", 5, (("green", "random"), ("tan", "greedy")))
    assert c.play(job) == c.play(job)


# -- the charts -------------------------------------------------------------------------------------

def test_charts_carry_their_text_alternatives_and_show_a_missing_bot():
    from widgets.compare import lethality_chart, luck_chart

    chart = lethality_chart(c.lethality())
    words = chart.select_one({"name": "compare-lethality-alt"}).text
    assert "Army Men, in the open: 1 to 10 inches 33%; 11 to 20 inches 17%" in words
    pairings = c.luck_study(["phlog"], [("random", "greedy"), ("greedy", "no_such_bot")],
                            seeds={("phlog", "random", "greedy"): 1})
    luck = luck_chart(pairings)
    from bokeh.models import GlyphRenderer, Text

    notes = [list(r.data_source.data["text"]) for r in luck.select({"type": GlyphRenderer})
             if isinstance(r.glyph, Text)]
    assert notes == [["not played"]]  # short, to fit a phone; the reason is in the alt text
    assert "no no_such_bot bot yet" in luck.select_one({"name": "compare-luck-alt"}).text


def test_the_words_follow_the_intervals_not_the_point_estimates():
    def games(ruleset, first_wins, n):
        return tuple(c.Game(ruleset, "s", seed, (("green", "greedy"), ("tan", "greedy")), "green",
                            "green" if seed < first_wins else "tan", True, 3 + seed % 2, 40) for seed in range(n))

    study = {"phlog": c.Length("phlog", "s", games("phlog", 36, 40)),               # 90%: interval above one half
             "dice_tactics": c.Length("dice_tactics", "s", games("dice_tactics", 4, 40)),  # 10%: below
             "army_men": c.Length("army_men", "s", games("army_men", 7, 10))}       # 70% of 10: takes in one half
    words = c.length_words(study)
    assert "advantage in *The Rules! (with no name)*" in words
    assert "handicap in *Dice Tactics*" in words
    assert "In *Army Men* these games cannot tell" in words


def test_a_pairing_given_no_seeds_is_reported_as_left_out():
    [pairing] = c.luck_study(["phlog"], [("random", "greedy")], seeds={("phlog", "random", "greedy"): 0})
    assert pairing.games == () and "left out of this build" in pairing.words()
    assert "not played" in c.luck_table([pairing])["rows"][0][2]


def test_the_charts_draw_every_registered_ruleset_by_its_board_modules_short_name_and_mark():
    """The test run's sixth ruleset included: its chart look is its board module's, kept nowhere else."""
    from bokeh.models import GlyphRenderer, Scatter
    from widgets.compare import first_player_chart, lethality_chart, luck_chart

    toy = family.look("toy_ruleset")
    chart = lethality_chart(c.lethality())
    drawn = {(r.glyph.marker, r.glyph.fill_color) for r in chart.select({"type": GlyphRenderer})
             if isinstance(r.glyph, Scatter)}
    assert {marker for marker, _ in drawn} == {family.look(name).MARK[1] for name in c.RULESETS}
    assert (toy.MARK[1], toy.MARK[0]) in drawn  # (a filled marker: in the open)
    first = first_player_chart(c.length_study(["toy_ruleset"], games={"toy_ruleset": 2}))
    assert list(first.children[0].y_range.factors) == [toy.SHORT]
    pairings = c.luck_study(["toy_ruleset"], [("random", "greedy")], seeds={("toy_ruleset", "random", "greedy"): 1})
    luck = luck_chart(pairings)
    assert list(luck.children[0].y_range.factors) == [f"{toy.SHORT}: random v greedy"]
