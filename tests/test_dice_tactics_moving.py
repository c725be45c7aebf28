"""March: movements, what they cost on each terrain, one unit a space, Motorized tanks (the LAB board)."""

from test_dice_tactics_support import B, R, lab, refused, square, texts

from explorer.rulesets.dice_tactics import EndMarch, March, Move, move_cost


def marching(units, **options):
    game = lab(units, **options)
    game.apply(March(R))
    return game


def test_a_march_is_up_to_three_movements_with_any_of_your_units():
    game = marching({"green-1": ("squad", 3, (0, 1)), "green-2": ("squad", 3, (0, 5)), "tan-1": ("squad", 3, (8, 5))})
    game.apply(Move(R, "green-1", "E"))
    game.apply(Move(R, "green-2", "E"))
    game.apply(Move(R, "green-1", "E"))
    assert square(game, "green-1") == (2, 1) and square(game, "green-2") == (1, 5)
    assert game.position.moving is None and game.position.actions_left == 1  # three used: the march is over
    refused(game, Move(R, "green-1", "E"), "turn.actions", "during a March")


def test_adjacent_is_orthogonal_only():
    game = marching({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (8, 5))})
    refused(game, Move(R, "green-1", "NE"), "moving.adjacent", "N, E, S or W")
    refused(game, Move(R, "green-1", "W"), "moving.adjacent", "not a space of the board")


def test_entering_a_hill_costs_one_more_and_leaving_it_does_not():
    game = marching({"green-1": ("squad", 3, (3, 0)), "tan-1": ("squad", 3, (8, 5))})
    events = game.apply(Move(R, "green-1", "E"))
    assert "for 2 movements" in texts(events)[0]
    assert game.position.moving.points == 1
    game.apply(Move(R, "green-1", "E"))  # hill to ground: 1
    assert game.position.moving is None


def test_leaving_water_costs_one_more_and_moving_within_water_does_not():
    game = marching({"green-1": ("squad", 3, (0, 2)), "tan-1": ("squad", 3, (8, 5))})
    game.apply(Move(R, "green-1", "E"))  # into water: 1
    game.apply(Move(R, "green-1", "E"))  # water to water: 1 (no change of terrain type)
    assert game.position.moving.points == 1
    refused(game, Move(R, "green-1", "E"), "moving.costs", "costs 2; 1 left")  # leaving the water: 2
    assert move_cost(game.setup, "squad", (2, 2), (3, 2)).value == 2


def test_tanks_cannot_move_into_water_or_a_forest():
    game = marching({"green-1": ("tank", 4, (0, 2)), "green-2": ("tank", 4, (4, 2)), "tan-1": ("squad", 3, (8, 5))})
    refused(game, Move(R, "green-1", "E"), "terrain.water", "tanks cannot move into water")
    refused(game, Move(R, "green-2", "E"), "terrain.forest", "tanks cannot move into forest")


def test_a_tank_pays_one_more_to_enter_a_bridge_and_a_squad_does_not():
    game = lab({"green-1": ("squad", 3, (2, 4)), "tan-1": ("squad", 3, (8, 5))})
    assert move_cost(game.setup, "tank", (2, 4), (2, 3)).value == 2
    assert move_cost(game.setup, "squad", (2, 4), (2, 3)).value == 1


def test_motorized_a_tank_that_has_moved_takes_one_free_movement_once_a_march():
    game = marching({"green-1": ("tank", 4, (0, 4)), "tan-1": ("squad", 3, (8, 1))})
    events = [texts(game.apply(Move(R, "green-1", "E")))[0] for _ in range(4)]  # three movements and a free one
    assert square(game, "green-1") == (4, 4)
    assert ["Motorized" in e for e in events] == [False, True, False, False]  # taken as soon as it has moved
    assert game.position.moving is None  # no second free movement


def test_motorized_the_free_movement_can_pay_for_a_bridge():
    game = marching({"green-1": ("tank", 4, (2, 6)), "tan-1": ("squad", 3, (8, 1))})
    game.apply(Move(R, "green-1", "N"))
    game.apply(Move(R, "green-1", "N"))  # (2, 4): one movement left, and the free one
    game.apply(Move(R, "green-1", "N"))  # onto the bridge: 2 = the free movement + the last one
    assert square(game, "green-1") == (2, 3) and game.position.moving is None


def test_a_tank_that_has_not_moved_has_no_free_movement_yet():
    game = marching({"green-1": ("tank", 4, (2, 5)), "tan-1": ("squad", 3, (8, 1))})
    game.apply(Move(R, "green-1", "E"))
    assert game.position.moving.points == 2 and game.position.moving.free_used == ()


def test_one_unit_a_space():
    game = marching({"green-1": ("squad", 3, (0, 1)), "green-2": ("squad", 3, (1, 1)), "tan-1": ("squad", 3, (8, 5))})
    refused(game, Move(R, "green-1", "E"), "moving.occupied", "one unit a space")


def test_no_unit_may_enter_a_windmill_that_holds_resources():
    game = marching({"green-1": ("squad", 3, (5, 5)), "tan-1": ("squad", 3, (8, 5))})
    refused(game, Move(R, "green-1", "N"), "terrain.windmill", "holds resources")
    empty = marching({"green-1": ("squad", 3, (5, 5)), "tan-1": ("squad", 3, (8, 5))}, windmills={(5, 4): 0})
    empty.apply(Move(R, "green-1", "N"))
    assert square(empty, "green-1") == (5, 4)


def test_a_march_may_stop_early_and_the_movements_left_are_lost():
    game = marching({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (8, 5))})
    game.apply(Move(R, "green-1", "E"))
    game.apply(EndMarch(R))
    assert game.position.moving is None and game.position.actions_left == 1
    refused(game, EndMarch(R), "turn.actions", "only during a March")
    refused(game, Move(B, "tan-1", "N"), "turn")  # not tan's turn


def test_other_actions_wait_until_the_march_is_over():
    from explorer.rulesets.dice_tactics import Attack
    game = marching({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (1, 2))})
    refused(game, Attack(R, "green-1", "tan-1"), "moving", "finish moving first")
