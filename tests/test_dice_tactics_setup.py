"""Setting up the battlefield, the draft, units, and the player's turn of two actions."""

from collections import Counter

import pytest
from test_dice_tactics_support import B, R, lab, refused

from explorer import get_ruleset
from explorer.rulesets.dice_tactics import (
    Attack, ChooseEdge, Keep, March, Move, Settings, attack_range, board,
)
from explorer.rulesets.dice_tactics.data import CARDS, TERRAIN
from explorer.rulesets.dice_tactics.position import EdgeChoice

DT = get_ruleset("dice_tactics")


def test_the_battlefield_is_set_up_as_the_source_says():
    game = DT.new_game("river_crossing", seed=4)
    p = game.position
    assert game.target() == 2 and p.marker == 1  # the Target die at 2, the marker on the first space
    for side in game.sides:
        assert p.supply[side].tanks == 2 and p.supply[side].squads == 4  # 2 tanks, 4 squads (still to place)
        assert p.resources[side] == 3 and p.vp[side] == 0
        assert len(p.draft[side]) == 4 and p.hands[side] == ()  # 4 cards dealt for the draft
    assert isinstance(p.pending, EdgeChoice) and game.current_player == B  # the second player picks a side first
    everything = Counter(p.deck) + Counter(p.draft[R]) + Counter(p.draft[B])
    assert everything == Counter({key: 2 for key in CARDS})  # the Action deck: two of each card


def test_the_second_player_picks_a_side_and_both_place_their_squads_on_its_spawn_points():
    game = DT.new_game("river_crossing", seed=4)
    refused(game, ChooseEdge(B, "north"), "setup.sides", "west and east")
    game.apply(ChooseEdge(B, "east"))
    p = game.position
    assert p.edges == {B: "east", R: "west"}
    spawns = game.setup.spawns
    assert {u.square for u in p.units.values() if u.side == B} == set(spawns["east"])
    assert {u.square for u in p.units.values() if u.side == R} == set(spawns["west"])
    assert all(u.kind == "squad" and u.strength == 3 for u in p.units.values())  # our starting strength
    assert p.supply[R].squads == 0 and p.supply[R].tanks == 2


def test_the_draft_keep_one_pass_the_rest_until_each_holds_two():
    game = DT.new_game("hill_country", seed=2)
    game.apply(ChooseEdge(B, "west"))
    first = {side: game.position.draft[side] for side in game.sides}
    game.apply(Keep(R, first[R][0]))
    refused(game, Keep(R, first[R][1]), "setup.draft")  # tan keeps next (the core names the rule)
    game.apply(Keep(B, first[B][0]))
    # each hands the three it did not keep to the other
    assert sorted(game.position.draft[R]) == sorted(first[B][1:])
    assert sorted(game.position.draft[B]) == sorted(first[R][1:])
    refused(game, Keep(R, "no_such_card"), "setup.draft", "not among the cards offered")
    game.apply(Keep(R, game.position.draft[R][0]))
    game.apply(Keep(B, game.position.draft[B][0]))
    p = game.position
    assert len(p.hands[R]) == len(p.hands[B]) == 2 and p.draft == {}
    assert len(p.deck) == 20 - 4  # the rest go back into the deck
    assert game.current_player == R and p.phase == "start"  # the first player takes the first turn


def test_units_are_dice_squads_range_2_tanks_range_3_and_towers_and_hills_add_range_to_squads_only():
    setup = board("""
V...h...V
.........
.........
....T....
.........
.........
V.......V""")
    game = lab({"green-1": ("squad", 3, (2, 2)), "green-2": ("tank", 4, (2, 4)), "tan-1": ("squad", 3, (8, 1))})
    assert attack_range(game.setup, game.units["green-1"]).value == 2
    assert attack_range(game.setup, game.units["green-2"]).value == 3
    from explorer.rulesets.dice_tactics import Unit
    assert attack_range(setup, Unit("x", R, "squad", 3, (4, 0))).value == 4  # hill +2
    assert attack_range(setup, Unit("x", R, "squad", 3, (4, 3))).value == 3  # tower +1
    assert attack_range(setup, Unit("x", R, "tank", 3, (4, 0))).value == 3  # not for tanks
    assert attack_range(setup, Unit("x", R, "tank", 3, (4, 3))).value == 3
    assert TERRAIN["hill"].range_bonus == 2 and TERRAIN["tower"].range_bonus == 1


def test_a_turn_has_two_actions_and_the_same_action_may_be_taken_twice():
    game = lab({"green-1": ("squad", 3, (1, 1)), "tan-1": ("squad", 3, (7, 5))})
    game.apply(March(R))
    game.apply(Move(R, "green-1", "S"))
    from explorer.rulesets.dice_tactics import EndMarch
    game.apply(EndMarch(R))
    game.apply(March(R))  # the same action again
    game.apply(EndMarch(R))
    assert game.current_player == B  # two actions taken: the turn passed (no terrain action was possible)


def test_after_two_actions_no_third_is_allowed():
    from explorer.rulesets.dice_tactics import EndMarch
    game = lab({"green-1": ("squad", 3, (0, 6)), "tan-1": ("squad", 3, (4, 1))})
    for _ in range(2):
        game.apply(March(R))
        game.apply(EndMarch(R))
    assert game.position.phase == "end" and game.current_player == R  # green-1 in a village may still rest
    refused(game, March(R), "turn.end")
    refused(game, Attack(R, "green-1", "tan-1"), "turn.end")


def test_settings_are_checked():
    with pytest.raises(ValueError, match="squad_strength must be from 1 to 6"):
        Settings(squad_strength=7)
    with pytest.raises(ValueError, match="respawn_anywhere must be true or false"):
        Settings(respawn_anywhere="no")
