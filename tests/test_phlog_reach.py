"""The reachable-squares explorer agrees with the game, square for square and point for point."""

from hypothesis import given, settings
from hypothesis import strategies as st
from test_phlog_support import activate, new

from explorer.core.grid import manhattan, step
from explorer.rulesets.phlog import Jump, Step, ToggleDoor, reachable_squares
from explorer.rulesets.phlog.scenarios import CORRIDOR_MAP

G, T = "green", "tan"

def test_on_open_floor_the_cost_is_the_number_of_steps():
    game = new(".....\n..g..\n....t")
    reach = reachable_squares(game, "green-1", 2)
    assert {s: r.value.cost for s, r in reach.items()} == {
        s: manhattan((2, 1), s) for s in game.grid.squares() if manhattan((2, 1), s) <= 2
    }
    assert reach[(2, 1)].value.actions == () and str(reach[(4, 1)].value) == "2 movement points"


def test_routes_open_doors_and_jump_pits_and_explain_each_point():
    game = new("g+.O.\n##...\n....t")
    reach = reachable_squares(game, "green-1", 7)
    through_door = reach[(2, 0)]
    assert through_door.value.actions == (ToggleDoor(G, (1, 0)), Step(G, "E"), Step(G, "E"))
    assert through_door.value.cost == 3 == sum(r.delta for r in through_door.reasons)
    assert "phlog:terrain.doors" in {r.key for r in through_door.refs}
    over_pit = reach[(4, 0)]
    assert over_pit.value.actions[-1] == Jump(G, "E", 2) and over_pit.value.cost == 7
    assert reach[(3, 0)].value.fate == "removed"  # stepping into the pit


def test_occupied_squares_walls_and_obstacles():
    game = new("g^.\n#t.\n...")
    reach = reachable_squares(game, "green-1", 4)
    assert (1, 1) not in reach and (0, 1) not in reach  # tan-1, a wall
    assert reach[(1, 0)].value.fate == "stops"  # an obstacle ends the move
    assert reach[(2, 0)].value.actions == (Jump(G, "E", 2),)


def _brute_force(game):
    """Every square the activated fighter can end on, by trying every move sequence in the game itself."""
    start = game.movement_left
    standing, removed, seen = {}, set(), set()

    def explore():
        fighter = game.activated_fighter
        key = (fighter.square, frozenset(game.open_doors), game.movement_left)
        if key in seen:
            return
        seen.add(key)
        spent = start - game.movement_left
        standing[fighter.square] = min(standing.get(fighter.square, spent), spent)
        for act in list(game.legal_actions):
            if isinstance(act, (Step, Jump, ToggleDoor)):
                before = game.activated_fighter.square
                game.apply(act)
                if game.activated_fighter.alive:
                    explore()
                else:
                    removed.add(_target(before, act))
                game.undo()

    explore()
    return standing, removed


def _target(square, act):
    return step(square, act.direction, getattr(act, "squares", 1))


@settings(max_examples=12)
@given(fighter=st.sampled_from(["green-1", "green-2", "green-3"]), movement=st.integers(1, 7))
def test_the_explorer_finds_exactly_what_playing_finds(fighter, movement):
    card = "A♠" if movement == 1 else f"{movement}♠"
    game = new(CORRIDOR_MAP, green=(card, "K♦"))
    activate(game, fighter, card)
    standing, removed = _brute_force(game)
    reach = reachable_squares(game, fighter, movement)
    assert {s: r.value.cost for s, r in reach.items() if r.value.fate != "removed"} == standing
    assert {s for s, r in reach.items() if r.value.fate == "removed"} == removed


@settings(max_examples=12)
@given(fighter=st.sampled_from(["green-1", "green-2", "green-3"]), movement=st.integers(1, 9))
def test_every_route_plays_out_in_the_game(fighter, movement):
    card = "A♠" if movement == 1 else f"{movement}♠"
    game = new(CORRIDOR_MAP, green=(card, "K♦"))
    activate(game, fighter, card)
    for square, route in reachable_squares(game, fighter, movement).items():
        for act in route.value.actions:
            game.apply(act)
        moved = game.fighters[fighter]
        assert moved.square == (None if route.value.fate == "removed" else square)
        assert game.movement_left == movement - route.value.cost
        for _ in route.value.actions:
            game.undo()
