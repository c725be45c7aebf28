"""Attack: losses, the counter-attack, Fullmetal, Machinery, defeat and respawn, eliminate or capture, the push;
Bolster and the empty supply (the LAB board, see test_dice_tactics_support)."""

import pytest
from test_dice_tactics_support import B, R, lab, refused, square, strength, texts

from explorer.core import Termination
from explorer.rulesets.dice_tactics import Attack, Bolster, Claim, Push, Respawn, losses


@pytest.mark.parametrize("attacker, defender, expected", [
    (4, 2, 3), (3, 3, 1), (6, 1, 6), (2, 5, 0), (3, 4, 0), (5, 4, 2), (1, 1, 1)])
def test_losses_are_the_attackers_strength_plus_one_minus_the_defenders_and_a_tie_gives_one(
        attacker, defender, expected):
    assert losses(attacker, defender) == expected


def test_the_loss_table_is_the_source_formula_for_every_pair_of_faces():
    for a in range(1, 7):
        for d in range(1, 7):
            assert losses(a, d) == (1 if a == d else max(0, a + 1 - d))


def test_an_attack_deals_losses_then_the_defender_counter_attacks():
    game = lab({"green-1": ("squad", 4, (3, 1)), "tan-1": ("squad", 4, (4, 1))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert strength(game, "tan-1") == 3  # a tie: 1 loss
    assert strength(game, "green-1") == 4  # counter: 3 + 1 - 4 = 0
    assert "4 + 1 - 4 = 1 loss." in events and "Counter-attack: 3 + 1 - 4 = 0 losses." in events


def test_a_weak_attacker_deals_nothing_and_is_defeated_by_the_counter_attack():
    game = lab({"green-1": ("squad", 3, (3, 1)), "tan-1": ("squad", 5, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))
    assert strength(game, "tan-1") == 5  # 3 + 1 - 5 < 0: no loss
    assert square(game, "green-1") is None  # counter: 5 + 1 - 3 = 3: defeated
    respawn = Respawn(R, "green-1", (0, 1))
    assert respawn in game.legal_actions
    game.apply(respawn)
    assert strength(game, "green-1") == 2 and square(game, "green-1") == (0, 1)  # back with 2 strength
    assert game.position.vp == {R: 0, B: 0}  # nobody scores for a defeated attacker


def test_an_enemy_out_of_range_cannot_be_attacked():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (3, 1))})
    refused(game, Attack(R, "green-1", "tan-1"), "attacking.range", "3 spaces away")
    refused(game, Attack(R, "tan-1", "green-1"), "attacking", "not one of green's units")
    refused(game, Attack(R, "green-1", "green-1"), "attacking", "not an enemy unit")
    refused(game, Attack(R, "green-1", None), "attacking", "no unit None")


def test_a_defeated_defender_respawns_outside_the_target_zone_and_the_attacker_eliminates_it():
    game = lab({"green-1": ("squad", 5, (3, 1)), "tan-1": ("squad", 2, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))  # 5 + 1 - 2 = 4 losses
    assert game.current_player == R and square(game, "tan-1") is None
    spots = {a.square for a in game.legal_actions}
    assert spots == {(0, 2), (0, 4), (0, 5), (8, 1), (8, 2), (8, 4), (8, 5), (0, 1)}  # any free spawn point
    refused(game, Respawn(R, "tan-1", (4, 3)), "attacking.defeat", "not a free spawn point")
    game.apply(Respawn(R, "tan-1", (8, 5)))
    assert strength(game, "tan-1") == 2
    refused(game, Claim(R, "steal"), "attacking.spoils", "eliminate or capture")
    game.apply(Claim(R, "eliminate"))
    assert game.position.vp[R] == 3 and game.position.resources[R] == 3


def test_capture_gives_one_vp_and_two_resources():
    game = lab({"green-1": ("squad", 5, (3, 1)), "tan-1": ("squad", 2, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))
    game.apply(Respawn(R, "tan-1", (8, 5)))
    game.apply(Claim(R, "capture"))
    assert game.position.vp[R] == 1 and game.position.resources[R] == 5


def test_respawning_only_on_the_owners_side_is_a_setting():
    game = lab({"green-1": ("squad", 5, (3, 1)), "tan-1": ("squad", 2, (4, 1))}, respawn_anywhere=False)
    game.apply(Attack(R, "green-1", "tan-1"))
    assert {a.square for a in game.legal_actions} == {(8, 1), (8, 2), (8, 4), (8, 5)}  # tan deploys east


def test_fullmetal_a_tank_deals_one_loss_first_and_a_defender_it_defeats_does_not_counter():
    game = lab({"green-1": ("tank", 3, (3, 1)), "tan-1": ("squad", 1, (4, 1))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert square(game, "tan-1") is None
    assert any("Fullmetal: tan-1 suffers 1 loss" in e for e in events)
    assert any("no counter-attack" in e for e in events)
    assert strength(game, "green-1") == 3


def test_fullmetal_losses_come_before_the_main_losses():
    game = lab({"green-1": ("tank", 4, (3, 1)), "tan-1": ("squad", 5, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))
    # Fullmetal 5 -> 4; then 4 + 1 - 4 = 1 loss: 3; counter 3 + 1 - 4 = 0
    assert strength(game, "tan-1") == 3 and strength(game, "green-1") == 4


def test_machinery_a_tank_brought_to_two_becomes_a_squad_of_one_and_the_rest_of_the_losses_are_discarded():
    game = lab({"green-1": ("squad", 6, (3, 1)), "tan-1": ("tank", 5, (4, 1))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))  # 6 + 1 - 5 = 2 losses: 3, still a tank
    assert game.units["tan-1"].kind == "tank" and strength(game, "tan-1") == 3
    game = lab({"green-1": ("squad", 6, (3, 1)), "tan-1": ("tank", 4, (4, 1))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))  # 6 + 1 - 4 = 3 losses: 4 -> 2 -> destroyed
    unit = game.units["tan-1"]
    assert (unit.kind, unit.strength, unit.square) == ("squad", 1, (4, 1))
    assert any("Machinery" in e for e in events)
    assert game.position.supply[B].squads == 0  # the squad does not come from the supply (our ruling)
    assert strength(game, "green-1") == 6  # counter: 1 + 1 - 6: nothing


def test_hill_adds_one_to_attacking_strength():
    game = lab({"green-1": ("squad", 3, (4, 0)), "tan-1": ("squad", 4, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))
    assert strength(game, "tan-1") == 3  # 3 + 1 (hill) + 1 - 4 = 1
    assert strength(game, "green-1") == 2  # counter: 3 + 1 - 3 = 1 (no hill bonus defending)


def test_forest_adds_one_defending_and_no_counter_attack_reaches_a_unit_in_it():
    game = lab({"green-1": ("squad", 4, (5, 1)), "tan-1": ("squad", 3, (5, 2))})
    game.apply(Attack(R, "green-1", "tan-1"))
    assert strength(game, "tan-1") == 2  # 4 + 1 - (3 + 1) = 1
    game = lab({"green-1": ("squad", 3, (6, 2)), "tan-1": ("squad", 6, (6, 1))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert strength(game, "green-1") == 3 and "Green-1 stands in a forest: no counter-attack." in events


def test_water_takes_one_defending_and_a_unit_in_it_cannot_counter_attack():
    game = lab({"green-1": ("squad", 3, (1, 1)), "tan-1": ("squad", 4, (1, 2))})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert strength(game, "tan-1") == 3  # 3 + 1 - (4 - 1) = 1
    assert strength(game, "green-1") == 3 and "Tan-1 stands in water: no counter-attack." in events


def test_a_surviving_defender_in_a_tower_is_pushed_to_an_adjacent_space_of_the_attackers_choice():
    game = lab({"green-1": ("squad", 3, (5, 1)), "tan-1": ("squad", 5, (5, 3))})
    game.apply(Attack(R, "green-1", "tan-1"))  # 0 losses; counter 5 + 1 - 3 = 3: green-1 defeated
    game.apply(Respawn(R, "green-1", (0, 1)))
    assert {a.square for a in game.legal_actions} == {(4, 3), (5, 2), (6, 3)}  # not the windmill at (5, 4)
    refused(game, Push(R, (5, 4)), "attacking.push", "free adjacent space")
    refused(game, Push(R, (7, 3)), "attacking.push", "free adjacent space")
    game.apply(Push(R, (6, 3)))
    assert square(game, "tan-1") == (6, 3)


def test_a_defender_on_ground_is_not_pushed():
    game = lab({"green-1": ("squad", 4, (3, 1)), "tan-1": ("squad", 4, (4, 1))})
    game.apply(Attack(R, "green-1", "tan-1"))
    assert game.position.pending is None and square(game, "tan-1") == (4, 1)


def test_bolster_with_no_unit_in_play_places_two_squads_on_the_villages_furthest_from_the_zone():
    game = lab({"tan-1": ("squad", 3, (8, 3))}, supply={R: (3, 2), B: (0, 2)})
    refused(game, Attack(R, "green-1", "tan-1"), "attacking", "no unit 'green-1'")
    game.apply(Bolster(R))
    assert {square(game, u) for u in ("green-1", "green-2")} == {(0, 0), (0, 6)}  # green deploys west
    assert game.position.supply[R].squads == 1 and strength(game, "green-1") == 3
    game = lab({"green-1": ("squad", 3, (0, 3)), "tan-1": ("squad", 3, (8, 3))}, supply={R: (3, 2), B: (0, 2)})
    refused(game, Bolster(R), "turn.bolster", "no unit in play")


def test_a_unit_with_no_free_spawn_point_goes_back_to_the_supply():
    game = lab({"green-1": ("squad", 6, (3, 1)), "tan-1": ("squad", 1, (4, 1)), "green-2": ("squad", 1, (8, 1)),
                "green-3": ("squad", 1, (8, 2)), "green-4": ("squad", 1, (8, 4)), "green-5": ("squad", 1, (8, 5))},
               respawn_anywhere=False, supply={R: (0, 2), B: (0, 2)})
    events = texts(game.apply(Attack(R, "green-1", "tan-1")))
    assert "No spawn point is free: tan-1 goes back to the supply." in events
    assert "tan-1" not in game.units and game.position.supply[B].squads == 1
    game.apply(Claim(R, "eliminate"))  # it was still defeated
    assert game.position.vp[R] == 3 and game.outcome is None  # tan can bolster next turn


def test_with_no_unit_in_play_and_an_empty_supply_a_player_loses_at_once():
    lost = lab({"green-1": ("squad", 3, (3, 1))}, supply={R: (0, 2), B: (0, 2)})
    assert lost.outcome.winner == R and lost.outcome.kind == Termination.FORFEIT
    assert "no squad in the supply" in lost.outcome.reason
    assert not list(lost.legal_actions)
