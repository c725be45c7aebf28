"""The action cards, each as written, and when they may be played (the LAB board)."""

from test_dice_tactics_support import B, R, end_turn, lab, refused, square, strength, texts

from explorer.rulesets.dice_tactics import (
    Attack, EndMarch, EndTurn, IgnoreCard, March, Move, PlayCard, Respawn, Upgrade,
)

FAR = {"tan-1": ("squad", 3, (8, 5))}


def test_one_card_a_turn_at_its_start_not_an_action_and_it_goes_back_into_the_deck():
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("exhaustion", "bullseye")})
    deck = len(game.position.deck)
    game.apply(PlayCard(R, "exhaustion"))
    assert game.position.actions_left == 2 and len(game.position.deck) == deck + 1
    assert game.position.hands[R] == ("bullseye",)
    refused(game, PlayCard(R, "bullseye"), "cards.play", "only one action card")
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("bullseye",)})
    game.apply(March(R))
    game.apply(EndMarch(R))
    refused(game, PlayCard(R, "bullseye"), "turn.actions", "start of the turn")
    refused(game, PlayCard(R, "forward"), "turn.actions")


def test_a_card_can_be_ignored_for_one_resource_until_the_end_of_the_turn():
    game = lab({"green-1": ("squad", 3, (0, 6)), **FAR}, hands={R: ("bullseye",)}, resources={R: 0, B: 0})
    game.apply(IgnoreCard(R, "bullseye"))
    assert game.position.temporary == 1 and game.position.hands[R] == ()
    refused(game, IgnoreCard(R, "bullseye"), "cards.play")
    game.apply(EndTurn(R))
    from explorer.rulesets.dice_tactics import Hire
    game.apply(Hire(R, "green-1", 1))  # the temporary resource pays
    assert strength(game, "green-1") == 4 and game.position.resources[R] == 0
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("bullseye",)})
    game.apply(IgnoreCard(R, "bullseye"))
    end_turn(game)
    assert game.position.temporary == 0 and game.position.resources[R] == 3  # it vanished


def test_desperate_measures_one_of_your_units_suffers_two_losses_and_you_gain_two_resources():
    game = lab({"green-1": ("squad", 5, (0, 1)), **FAR}, hands={R: ("desperate_measures",)})
    refused(game, PlayCard(R, "desperate_measures", "tan-1"), "cards.desperate_measures", "not one of green's")
    game.apply(PlayCard(R, "desperate_measures", "green-1"))
    assert strength(game, "green-1") == 3 and game.position.resources[R] == 5
    game = lab({"green-1": ("squad", 2, (0, 1)), **FAR}, hands={R: ("desperate_measures",)})
    game.apply(PlayCard(R, "desperate_measures", "green-1"))  # defeated: it respawns, nobody scores
    game.apply(Respawn(R, "green-1", (0, 2)))
    assert strength(game, "green-1") == 2 and game.position.vp == {R: 0, B: 0} and game.position.pending is None


def test_forward_a_march_that_is_not_an_action_moving_each_unit_at_most_once_and_no_free_movement():
    game = lab({"green-1": ("squad", 3, (0, 1)), "green-2": ("tank", 4, (0, 4)), **FAR}, hands={R: ("forward",)})
    game.apply(PlayCard(R, "forward"))
    game.apply(Move(R, "green-1", "E"))
    refused(game, Move(R, "green-1", "E"), "cards.forward", "no unit moves more than once")
    assert game.position.actions_left == 2  # not an action
    game.apply(Move(R, "green-2", "E"))
    assert game.position.moving is None  # every unit has moved: no Motorized free movement with Forward!
    refused(game, Move(R, "green-2", "E"), "turn.start", "only during a March")


def test_sabotage_pay_up_to_two_resources_to_move_one_enemy_unit_once_per_resource():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (6, 1))}, hands={R: ("sabotage",)})
    refused(game, PlayCard(R, "sabotage", "tan-1", 3), "cards.sabotage", "1 or 2")
    refused(game, PlayCard(R, "sabotage", "green-1", 1), "cards.sabotage", "not an enemy")
    game.apply(PlayCard(R, "sabotage", "tan-1", 2))
    assert game.position.resources[R] == 1
    game.apply(Move(R, "tan-1", "E"))
    game.apply(Move(R, "tan-1", "E"))
    assert square(game, "tan-1") == (8, 1) and game.position.moving is None


def test_exhaustion_the_opponents_next_march_has_one_movement_fewer():
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("exhaustion",)})
    game.apply(PlayCard(R, "exhaustion"))
    game.apply(March(R))
    assert game.position.moving.points == 3  # not green's own march
    game.apply(EndMarch(R))
    end_turn(game)
    game.apply(March(B))
    assert game.position.moving.points == 2
    game.apply(EndMarch(B))
    game.apply(March(B))
    assert game.position.moving.points == 2  # every March of that turn
    game.apply(EndMarch(B))  # two actions: tan's turn is over
    game.apply(March(R))
    assert game.position.moving.points == 3


def test_fuel_shortage_pay_one_and_the_opponent_cannot_move_tanks_with_a_march_next_turn():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("tank", 4, (8, 5)), "tan-2": ("squad", 3, (8, 1))},
               hands={R: ("fuel_shortage",)})
    game.apply(PlayCard(R, "fuel_shortage"))
    assert game.position.resources[R] == 2
    end_turn(game)
    game.apply(March(B))
    refused(game, Move(B, "tan-1", "W"), "cards.fuel_shortage", "no tank moves")
    game.apply(Move(B, "tan-2", "W"))


def test_bullseye_the_next_attack_this_turn_deals_one_more_loss():
    game = lab({"green-1": ("squad", 4, (3, 1)), "tan-1": ("squad", 6, (4, 1))}, hands={R: ("bullseye",)})
    game.apply(PlayCard(R, "bullseye"))
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert strength(game, "tan-1") == 5  # 4 + 1 - 6 < 0, +1 Bullseye
    assert any("Bullseye" in e for e in events)
    # counter: 5 + 1 - 4 = 2 -> green-1 2; the next attack has no Bullseye: 2 + 1 - 5 < 0
    game.apply(Attack(R, "green-1", "tan-1"))
    assert strength(game, "tan-1") == 5


def test_supply_and_demand_upgrading_costs_one_more_in_the_opponents_next_turn():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (5, 3)), "tan-2": ("squad", 3, (8, 1))},
               hands={R: ("supply_and_demand",)}, resources={R: 3, B: 2})
    game.apply(PlayCard(R, "supply_and_demand"))
    end_turn(game)
    game.apply(EndTurn(B))
    refused(game, Upgrade(B, "tan-1", "tan-2"), "terrain.tower", "costs 3 resources; tan has 2")


def test_faster_tech_the_operation_marker_advances_one_space():
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("faster_tech",)}, marker=2)
    events = texts(game.apply(PlayCard(R, "faster_tech")))
    assert game.position.marker == 3 and game.target() == 3
    assert "The Operation Marker advances to space 3; the Target die rises to 3." in events


def test_navigation_expert_pay_one_and_the_next_march_ignores_extra_costs():
    game = lab({"green-1": ("squad", 3, (3, 0)), **FAR}, hands={R: ("navigation_expert",)})
    game.apply(PlayCard(R, "navigation_expert"))
    assert game.position.resources[R] == 2
    game.apply(March(R))
    game.apply(Move(R, "green-1", "E"))  # onto the hill: 1
    assert game.position.moving.points == 2
    game.apply(EndMarch(R))
    game.apply(March(R))  # only the next March
    assert not game.position.moving.ignore_costs


def test_scare_tactics_your_attacked_units_count_one_more_strength_in_the_opponents_next_turn():
    game = lab({"green-1": ("squad", 3, (3, 1)), "tan-1": ("squad", 4, (4, 1))}, hands={R: ("scare_tactics",)})
    game.apply(PlayCard(R, "scare_tactics"))
    end_turn(game)
    game.apply(Attack(B, "tan-1", "green-1"))
    assert strength(game, "green-1") == 2  # 4 + 1 - (3 + 1) = 1 instead of 2


def test_scare_tactics_never_counts_more_than_six():
    game = lab({"green-1": ("squad", 6, (3, 1)), "tan-1": ("squad", 6, (4, 1))}, hands={R: ("scare_tactics",)})
    game.apply(PlayCard(R, "scare_tactics"))
    end_turn(game)
    game.apply(Attack(B, "tan-1", "green-1"))
    assert strength(game, "green-1") == 5  # 6 + 1 - 6 = 1, as without the card


def test_cards_that_cost_a_resource_need_one():
    game = lab({"green-1": ("squad", 3, (0, 1)), **FAR}, hands={R: ("fuel_shortage",)}, resources={R: 0, B: 3})
    refused(game, PlayCard(R, "fuel_shortage"), "cards.fuel_shortage", "costs 1 resource; green has 0")
    refused(game, PlayCard(R, "fuel_shortage", "green-1"), "cards.fuel_shortage", "names no unit")
    refused(game, PlayCard(R, "nonsense"), "cards.play", "not a card in green's hand")
    refused(game, PlayCard(R, "fuel_shortage", "", 1.5), "cards.fuel_shortage", "whole number")
