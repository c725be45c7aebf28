"""Terrain actions: village (Rest, Hire, Prep), tower (Upgrade, Relocate), ballista (Shoot), windmill."""

from test_dice_tactics_support import B, R, end_turn, lab, refused, square, strength, texts

from explorer.rulesets.dice_tactics import (
    Claim, Discard, EndMarch, EndTurn, Hire, March, Move, Prep, Relocate, Respawn, Rest, Shoot, Upgrade,
)
from explorer.rulesets.dice_tactics.position import DiscardChoice

FAR = {"tan-1": ("squad", 3, (8, 5))}


def at_end(units, **options):
    game = lab(units, **options)
    game.apply(EndTurn(R))
    assert game.position.phase == "end" and game.current_player == R
    return game


def test_rest_a_unit_in_a_village_regains_two_strength_up_to_four():
    game = at_end({"green-1": ("squad", 1, (0, 0)), "green-2": ("squad", 3, (0, 6)), **FAR})
    game.apply(Rest(R, "green-1"))
    assert strength(game, "green-1") == 3
    refused(game, Rest(R, "green-1"), "terrain.village", "already taken its terrain action")
    game.apply(Rest(R, "green-2"))
    assert strength(game, "green-2") == 4  # 3 + 2, but at most 4
    game = at_end({"green-1": ("squad", 4, (0, 0)), "green-2": ("squad", 3, (0, 6)), **FAR})
    refused(game, Rest(R, "green-1"), "terrain.village", "up to 4")
    refused(game, Rest(R, "tan-1"), "terrain.village", "not one of green's")


def test_terrain_actions_come_at_the_end_of_the_turn_and_only_on_the_right_terrain():
    game = lab({"green-1": ("squad", 1, (0, 0)), "green-2": ("squad", 3, (1, 1)), **FAR})
    refused(game, Rest(R, "green-1"), "turn.start", "end of the turn")
    game.apply(EndTurn(R))
    refused(game, Rest(R, "green-2"), "terrain.village", "not standing in a village")


def test_hire_pay_up_to_two_resources_for_one_strength_each_up_to_six():
    game = at_end({"green-1": ("squad", 3, (0, 0)), "green-2": ("squad", 5, (0, 6)), **FAR})
    refused(game, Hire(R, "green-1", 3), "terrain.village", "1 or 2")
    game.apply(Hire(R, "green-1", 2))
    assert strength(game, "green-1") == 5 and game.position.resources[R] == 1
    refused(game, Hire(R, "green-2", 2), "terrain.village", "up to 6")
    game.apply(Hire(R, "green-2", 1))
    assert strength(game, "green-2") == 6 and game.position.resources[R] == 0


def test_prep_draw_an_action_card_then_discard_down_to_two():
    game = at_end({"green-1": ("squad", 3, (0, 0)), "green-2": ("squad", 3, (0, 6)), **FAR},
                  hands={R: ("bullseye", "forward")})
    top = game.position.deck[-1]
    events = game.apply(Prep(R, "green-1"))
    assert game.position.hands[R] == ("bullseye", "forward", top)
    assert isinstance(game.position.pending, DiscardChoice)
    assert [e.visibility for e in events] == ["public", R]  # only green sees the card drawn
    game.apply(Discard(R, "forward"))
    assert sorted(game.position.hands[R]) == sorted(("bullseye", top)) and game.position.pending is None


def test_prep_with_a_short_hand_keeps_the_card():
    game = at_end({"green-1": ("squad", 3, (0, 0)), **FAR})
    game.apply(Prep(R, "green-1"))
    assert len(game.position.hands[R]) == 1 and game.current_player == B  # nothing left: the turn passed


def test_upgrade_pay_two_to_turn_a_squad_into_a_tank_of_its_strength_plus_two():
    game = at_end({"green-1": ("squad", 3, (5, 3)), "green-2": ("squad", 3, (1, 1)), **FAR})
    game.apply(Upgrade(R, "green-1", "green-2"))  # any of your squads, not only the one in the tower
    unit = game.units["green-2"]
    assert (unit.kind, unit.strength) == ("tank", 5)
    assert game.position.supply[R].squads == 1 and game.position.supply[R].tanks == 1
    assert game.position.resources[R] == 3 - 2 + 1  # the turn ended: green-1 is beside the windmill at (5, 4)


def test_upgrade_stops_at_six_needs_a_tank_in_the_supply_and_not_a_squad_in_a_village():
    game = at_end({"green-1": ("squad", 5, (5, 3)), "green-2": ("squad", 3, (0, 0)), **FAR})
    refused(game, Upgrade(R, "green-1", "green-2"), "terrain.tower", "standing in a village cannot be upgraded")
    game.apply(Upgrade(R, "green-1", "green-1"))
    assert strength(game, "green-1") == 6  # 5 + 2, but a die has six faces
    game = at_end({"green-1": ("squad", 3, (5, 3)), **FAR}, supply={R: (0, 0), B: (0, 2)})
    refused(game, Upgrade(R, "green-1", "green-1"), "terrain.tower", "no tank is left")
    game = at_end({"green-1": ("squad", 3, (5, 3)), "green-2": ("squad", 3, (1, 2)), **FAR})
    refused(game, Upgrade(R, "green-1", "green-2"), "rulings.upgrade-where", "cannot stand in water")


def test_relocate_up_to_two_movements_with_a_single_unit_and_no_free_movement_for_tanks():
    game = at_end({"green-1": ("squad", 3, (5, 3)), "green-2": ("tank", 4, (1, 5)), **FAR})
    game.apply(Relocate(R, "green-1", "green-2"))
    refused(game, Move(R, "green-1", "N"), "terrain.tower", "only green-2 moves")
    game.apply(Move(R, "green-2", "E"))
    game.apply(Move(R, "green-2", "E"))
    assert square(game, "green-2") == (3, 5) and game.position.moving is None  # no free movement


def test_a_tower_gives_a_squad_one_more_range():
    from explorer.rulesets.dice_tactics import Attack
    game = lab({"green-1": ("squad", 4, (5, 3)), "tan-1": ("squad", 1, (8, 3))})
    game.apply(Attack(R, "green-1", "tan-1"))  # 3 spaces: range 2 + 1
    assert square(game, "tan-1") is None


def test_ballista_pay_one_resource_to_deal_three_losses_within_five_spaces_without_counter_attack():
    game = lab({"green-1": ("squad", 2, (7, 3)), "tan-1": ("squad", 6, (3, 2)), "tan-2": ("squad", 6, (2, 1))})
    refused(game, Shoot(R, "green-1", "tan-2"), "terrain.ballista", "7 spaces away")
    events = texts(game.apply(Shoot(R, "green-1", "tan-1")))
    assert strength(game, "tan-1") == 3 and strength(game, "green-1") == 2  # no counter-attack
    assert game.position.resources[R] == 2 and "no counter-attack" in events[0]
    refused(game, Shoot(R, "green-1", "tan-1"), "terrain.ballista", "already shot")


def test_a_ballista_shot_that_defeats_lets_the_shooter_eliminate_or_capture():
    game = lab({"green-1": ("squad", 2, (7, 3)), "tan-1": ("squad", 3, (3, 2))})
    game.apply(Shoot(R, "green-1", "tan-1"))
    game.apply(Respawn(R, "tan-1", (8, 1)))
    game.apply(Claim(R, "capture"))
    assert game.position.vp[R] == 1 and game.position.resources[R] == 4


def test_the_ballista_is_used_at_the_start_of_the_turn_only():
    game = lab({"green-1": ("squad", 2, (7, 3)), "tan-1": ("squad", 6, (3, 2))})
    game.apply(March(R))
    game.apply(EndMarch(R))
    refused(game, Shoot(R, "green-1", "tan-1"), "turn.actions", "start of the turn")


def test_a_surviving_defender_on_a_ballista_is_pushed():
    from explorer.rulesets.dice_tactics import Attack, Push
    game = lab({"green-1": ("squad", 4, (7, 1)), "tan-1": ("squad", 4, (7, 3))})
    game.apply(Attack(R, "green-1", "tan-1"))
    assert {a.square for a in game.legal_actions} == {(6, 3), (8, 3), (7, 2), (7, 4)}
    game.apply(Push(R, (8, 3)))


def test_windmill_at_the_end_of_the_turn_a_unit_beside_it_takes_one_resource():
    game = lab({"green-1": ("squad", 3, (4, 4)), "green-2": ("squad", 3, (5, 5)), **FAR})
    events = texts(end_turn(game).history[-1].events)
    assert game.position.resources[R] == 4 and game.position.windmills[(5, 4)] == 2  # one, for two units beside it
    assert "green takes a resource from the windmill at (5, 4) (2 left)." in events


def test_an_empty_windmill_gives_nothing():
    game = lab({"green-1": ("squad", 3, (4, 4)), **FAR}, windmills={(5, 4): 0})
    end_turn(game)
    assert game.position.resources[R] == 3
