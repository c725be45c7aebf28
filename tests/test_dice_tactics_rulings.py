"""Dice Tactics, the rulings where players could differ, each a setting: when Scare Tactics' cap of 6 is counted,
whether the ballista may fire before the action card, and how many squads Bolster places (the LAB board)."""

from test_dice_tactics_support import B, R, end_turn, lab, refused, strength

from explorer.rulesets.dice_tactics import Attack, Bolster, IgnoreCard, PlayCard, Shoot

# green-1 (5) stands in the forest at (5, 2), tan-1 (6) next to it on the ground
FOREST_FIGHT = {"green-1": ("squad", 5, (5, 2)), "tan-1": ("squad", 6, (5, 1))}


def _scared_attack(**settings):
    game = lab(FOREST_FIGHT, hands={R: ("scare_tactics",)}, **settings)
    game.apply(PlayCard(R, "scare_tactics"))
    end_turn(game)
    game.apply(Attack(B, "tan-1", "green-1"))
    return game


def test_scare_tactics_cap_of_6_counts_the_terrain_by_default():
    game = _scared_attack()
    assert game.settings.scare_cap == "after_terrain"
    assert strength(game, "green-1") == 4   # 5 + 1 forest = 6, the card adds nothing: 6 + 1 - 6 = 1 loss


def test_scare_tactics_cap_on_the_die_alone_is_a_setting():
    game = _scared_attack(scare_cap="before_terrain")
    assert strength(game, "green-1") == 5   # 5 + 1 card = 6, + 1 forest = 7: 6 + 1 - 7 = 0 losses


BALLISTA = {"green-1": ("squad", 2, (7, 3)), "tan-1": ("squad", 6, (3, 2))}


def test_the_ballista_may_fire_before_the_card_is_played_by_default():
    game = lab(BALLISTA, hands={R: ("bullseye", "exhaustion")})
    assert game.settings.start_order == "any"
    game.apply(Shoot(R, "green-1", "tan-1"))
    game.apply(PlayCard(R, "exhaustion"))
    assert game.position.card_played


def test_with_card_first_the_card_comes_before_the_ballista():
    game = lab(BALLISTA, hands={R: ("bullseye", "exhaustion")}, start_order="card_first")
    played = game.clone()
    played.apply(PlayCard(R, "exhaustion"))
    played.apply(Shoot(R, "green-1", "tan-1"))                   # the card first, then the ballista: fine
    game.apply(Shoot(R, "green-1", "tan-1"))
    refused(game, PlayCard(R, "exhaustion"), "rulings.start-order", "before the ballista")
    refused(game, IgnoreCard(R, "bullseye"), "rulings.start-order", "before the ballista")


def _bolstering(**settings):
    return lab({"tan-1": ("squad", 3, (8, 3))}, supply={R: (3, 2), B: (0, 2)}, **settings)


def test_bolster_places_as_many_squads_as_it_can_by_default():
    game = _bolstering()
    assert game.settings.bolster == "as_many"
    assert [a for a in game.legal_actions if isinstance(a, Bolster)] == [Bolster(R)]
    refused(game, Bolster(R, 1), "rulings.bolster-count", "as many")
    game.apply(Bolster(R))
    assert game.position.supply[R].squads == 1 and strength(game, "green-2") == 3


def test_with_the_setting_the_player_chooses_to_bolster_one_squad_or_two():
    game = _bolstering(bolster="choose")
    assert {a for a in game.legal_actions if isinstance(a, Bolster)} == {Bolster(R), Bolster(R, 1)}
    refused(game, Bolster(R, 3), "turn.bolster", "up to 2")
    game.apply(Bolster(R, 1))
    assert game.position.supply[R].squads == 2 and "green-2" not in game.position.units
