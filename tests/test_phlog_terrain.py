"""Terrain: set dressing, walls, doors, Star-Trek doors, pits and obstacles."""

from test_phlog_rules import refused
from test_phlog_support import activate, new

from explorer.rulesets.phlog import Attack, EndTurn, Jump, Step, ToggleDoor, sight
from explorer.rulesets.phlog.mechanics import Board

CARDS = dict(green=("9♠", "9♦", "8♣"), tan=("2♦", "3♦", "4♦"))

G, T = "green", "tan"

def test_set_dressing_has_no_effect_on_play():
    game = new("G~~~T", **CARDS)
    activate(game, "green-1", "9♠")
    assert Attack(G, "tan-1") in game.legal_actions  # sight passes over it
    game.apply(Step(G, "E"))
    game.apply(Step(G, "E"))  # and fighters walk over it
    assert game.fighters["green-1"].square == (2, 0) and game.movement_left == 7


def test_walls_are_impassable_and_cannot_be_jumped_or_seen_through():
    game = new("G#..T", **CARDS)
    activate(game, "green-1", "9♠")
    refused(game, Step(G, "E"), "terrain.walls", "walls are impassable")
    refused(game, Jump(G, "E", 2), "terrain.walls", "may not scale walls")
    refused(game, Attack(G, "tan-1"), "attacking.line_of_sight", r"blocked at \(1, 0\)")


DOORWAY = """
g+..t
.#...
"""


def test_doors_start_closed_and_cost_a_point_to_open_from_next_door():
    game = new(DOORWAY, **CARDS)
    assert game.open_doors == set()
    activate(game, "green-1", "9♠")
    refused(game, Step(G, "E"), "terrain.doors", "the door is closed")
    game.apply(ToggleDoor(G, (1, 0)))
    assert (1, 0) in game.open_doors and game.movement_left == 8
    game.apply(Step(G, "E"))
    assert game.fighters["green-1"].square == (1, 0)  # may pass through or stop in an open doorway


def test_a_fighter_in_the_frame_keeps_a_door_from_closing():
    game = new(DOORWAY, **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(ToggleDoor(G, (1, 0)))
    game.apply(Step(G, "E"))
    refused(game, ToggleDoor(G, (1, 0)), "terrain.doors", "stands in the door frame")
    game.apply(Step(G, "E"))
    game.apply(ToggleDoor(G, (1, 0)))  # closing costs a point too
    assert game.open_doors == set() and game.movement_left == 5


def test_doors_are_worked_only_from_an_adjacent_square_with_a_point_left():
    game = new("g..+t", **CARDS)
    activate(game, "green-1", "9♠")
    refused(game, ToggleDoor(G, (3, 0)), "terrain.doors", "must stand next to the door")
    refused(game, ToggleDoor(G, (1, 0)), "terrain.doors", "no door at")
    game.apply(Step(G, "E"))
    game.apply(Step(G, "E"))
    for _ in range(7):
        game.apply(ToggleDoor(G, (3, 0)))
    assert game.movement_left == 0
    refused(game, ToggleDoor(G, (3, 0)), "moving.points", "costs 1 movement point")


def test_a_closed_door_blocks_sight_and_an_open_one_does_not():
    game = new("G+..T", **CARDS)
    activate(game, "green-1", "9♠")
    refused(game, Attack(G, "tan-1"), "attacking.line_of_sight")
    game.apply(ToggleDoor(G, (1, 0)))
    assert Attack(G, "tan-1") in game.legal_actions


def test_star_trek_doors_open_as_a_fighter_enters_and_close_as_it_leaves():
    game = new("G*..T", **CARDS)
    activate(game, "green-1", "9♠")
    refused(game, ToggleDoor(G, (1, 0)), "terrain.star_trek_doors", "by itself")
    assert not sight(Board.of(game), (0, 0), (4, 0))  # closed while nobody stands in it
    events = game.apply(Step(G, "E"))
    assert any("slides open" in e.text for e in events)
    assert Board.of(game).door_is_open((1, 0))
    events = game.apply(Step(G, "E"))
    assert any("slides shut" in e.text for e in events) and not Board.of(game).door_is_open((1, 0))


def test_a_fighter_ending_in_a_star_trek_door_keeps_it_open():
    game = new("G*..T", **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(Step(G, "E"))
    game.apply(EndTurn(G))
    assert Board.of(game).door_is_open((1, 0)) and not Board.of(game).blocks_sight((1, 0))


def test_pits_are_crossed_only_by_jumping_and_ending_in_one_removes_the_figure():
    game = new("gO..t\n....g", **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(Jump(G, "E", 2))
    assert game.fighters["green-1"].square == (2, 0)
    game.apply(Step(G, "W"))  # walking into the pit: the movement ends there
    assert not game.fighters["green-1"].alive
    assert game.history[-1].events[-1].rules == ("phlog:terrain.pits",)
    refused(game, Step(G, "E"), "terrain.pits", "removed from play")
    assert list(game.legal_actions) == [EndTurn(G)]


def test_landing_a_jump_in_a_pit_removes_the_figure_too():
    game = new("g.O.t\n....g", **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(Jump(G, "E", 2))
    assert not game.fighters["green-1"].alive


def test_obstacles_are_navigated_as_pits_but_only_stop_the_fighter():
    game = new("g^..t", **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(Jump(G, "E", 2))  # jumped over
    game.apply(Step(G, "W"))  # stepping onto it ends the movement there
    assert game.fighters["green-1"].square == (1, 0)
    refused(game, Step(G, "E"), "terrain.obstacles", "movement has ended")
    game.apply(EndTurn(G))


def test_deadly_obstacles_remove_the_figure():
    game = new("g^..t", deadly_obstacles=True, **CARDS)
    activate(game, "green-1", "9♠")
    game.apply(Step(G, "E"))
    assert not game.fighters["green-1"].alive


def test_a_fighter_stopped_on_an_obstacle_can_step_off_next_activation():
    game = new("g^..t", green=("9♠", "9♦", "8♣"), tan=("2♦", "3♦", "4♦"))
    activate(game, "green-1", "9♠")
    game.apply(Step(G, "E"))
    game.apply(EndTurn(G))
    activate(game, "tan-1", "2♦")
    game.apply(EndTurn(T))
    activate(game, "green-1", "8♣")
    game.apply(Step(G, "E"))
    assert game.fighters["green-1"].square == (2, 0)
