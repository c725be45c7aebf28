"""Setting up the table (explorer/core/setting_up.py): every edit of every ruleset checked by the engine's own
position check, refused in words with the set-up left as it was, and the set-up saved, linked, made a challenge's
start and played from."""

from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from explorer.core.challenges.starting import build_start
from explorer.core.errors import RuleViolation, SetupError
from explorer.core.registry import get_ruleset
from explorer.core.saves import load_json
from explorer.core.session import PERSON, Session
from explorer.core.setting_up import SetUp


def _dice_tactics_turn_one():
    """Dice Tactics' first turn: its scenarios start at the setup (edge, draft), played here by the first offers."""
    state = get_ruleset("dice_tactics").new_game("river_crossing", seed=1)
    while state.position.phase == "setup" or state.position.pending is not None:
        state.apply(next(iter(state.legal_actions)))
    return state


def start(name: str) -> SetUp:
    if name == "dice_tactics":
        return SetUp.from_state(_dice_tactics_turn_one())
    scenario = {"army_men": "standard"}.get(name)
    return SetUp.new(get_ruleset(name), scenario, seed=1)


def refused(setup: SetUp, edit, words: str) -> None:
    """``edit`` is refused with ``words`` in its message, and ``setup`` is exactly as it was."""
    before = setup.to_save()
    with pytest.raises(SetupError) as caught:
        edit(setup)
    assert words in str(caught.value), str(caught.value)
    assert setup.to_save() == before


# -- the edits, ruleset by ruleset ---------------------------------------------------------------------------

def test_simple_plastic_figures():
    setup = start("simple_plastic")
    added = setup.add("Trooper", "green", (10, 10))
    assert added.pieces()[-1] == {**setup.pieces()[0], "id": "g7", "x": 10.0, "y": 10.0}
    assert len(setup.pieces()) == 12  # the set-up it came from is unchanged
    moved = added.move("g7", (12.5, 30))
    assert (moved.pieces()[-1]["x"], moved.pieces()[-1]["y"]) == (12.5, 30.0)
    assert [p["id"] for p in moved.remove("t1").pieces()] == [p["id"] for p in moved.pieces() if p["id"] != "t1"]
    refused(setup, lambda s: s.add("Tank", "green", (10, 10)), "no piece called 'Tank'; its kinds are Trooper")
    refused(setup, lambda s: s.add("Trooper", "blue", (10, 10)), "the sides are green and tan, not 'blue'")
    refused(setup, lambda s: s.add("Trooper", "green", (5, 15)), "Trooper g7 cannot stand there: not a legal position of Simple Plastic Wargame: g1 and g7 stand on each other's bases")
    refused(setup, lambda s: s.add("Trooper", "green", (100, 15)), "off the 48 by 36 inch table")
    refused(setup, lambda s: s.move("g1", (24, 18)), "g1 stands inside solid terrain")
    refused(setup, lambda s: s.move("g1", ("a", 1)), "x is a number, not 'a'")
    refused(setup, lambda s: s.move("nobody", (1, 1)), "no piece called 'nobody'")
    # a sniper is in no squad, and a side has one specialist a squad: the scenario's green has its heavy already
    refused(setup, lambda s: s.add("Sniper", "green", (10, 10)), "one specialist per squad")
    assert setup.remove("g6").add("Sniper", "green", (10, 10)).pieces()[-1]["squad"] is None


def test_simple_plastic_turn_and_terrain():
    setup = start("simple_plastic")
    turned = setup.whose_turn("tan", "attack")
    assert (turned.state.current_player, turned.state.position.phase) == ("tan", "attack")
    refused(setup, lambda s: s.whose_turn("green", "shoot"), "may start in move, attack of the turn, not 'shoot'")
    box = setup.add_terrain("solid", (10, 30))
    assert box.terrain()[-1] == {"name": "solid 6", "kind": "solid", "elevation": 0,
                                 "points": [[8.0, 28.0], [12.0, 28.0], [12.0, 32.0], [8.0, 32.0]]}
    assert box.state.game.setup.in_solid((10.0, 30.0))
    hedge = setup.move_terrain("hedge", (10, 30)).terrain()[1]
    assert hedge["points"] == [[5.0, 29.5], [15.0, 29.5], [15.0, 30.5], [5.0, 30.5]]
    assert [t["name"] for t in setup.remove_terrain("farmhouse").terrain()] == ["hedge", "hill", "rocks", "fence"]
    assert setup.add_terrain("hill", (10, 30)).terrain()[-1]["elevation"] == 1
    refused(setup, lambda s: s.add_terrain("solid", (5, 15)), "g1 stands inside solid terrain")
    refused(setup, lambda s: s.add_terrain("lava", (5, 15)), "terrain is solid, semi_solid, hill, rough, not 'lava'")
    refused(setup, lambda s: s.move_terrain("farmhouse", (5, 16)), "stands inside solid terrain")
    refused(setup, lambda s: s.remove_terrain("castle"), "no terrain called 'castle'")
    refused(setup, lambda s: s.set_square((1, 1), "wall"), "a tabletop has no squares")


def test_a_wall_reshaped_and_turned_keeps_its_length_and_blocks_a_shot_that_was_open():
    """A wall is made 1 by 16 inches and turned 45 degrees about its middle (22.5, 9.5): its corners are the
    rectangle's, turned (cos 45 = sin 45 = 0.70710678..., to a millionth of an inch), its length stays along it
    whichever edit comes first, and the game played from the set-up measures sight with the new wall."""
    from explorer.core.tabletop.shaping import size
    from explorer.rulesets.army_men import Shoot
    open_shot = start("army_men").move("t2", (24, 16))  # g2 at (6, 10): 18.97 inches, in range, nothing between
    shot = Shoot("green", "g2", "t2")
    assert shot in open_shot.state.legal_actions
    assert open_shot.terrain()[1]["points"] == [[22.0, 6.0], [23.0, 6.0], [23.0, 13.0], [22.0, 13.0]]
    walled = open_shot.turn_terrain("stone wall", 45).reshape_terrain("stone wall", 1, 16)
    assert walled.terrain()[1] == {"name": "stone wall", "kind": "solid", "elevation": 0, "points": [
        [27.803301, 3.489592], [28.510408, 4.196699], [17.196699, 15.510408], [16.489592, 14.803301]]}
    assert walled.terrain() == open_shot.reshape_terrain("stone wall", 1, 16).turn_terrain("stone wall", 45).terrain()
    assert [round(v, 5) for v in size(walled.terrain()[1]["points"])] == [1.0, 16.0]
    assert shot not in walled.state.legal_actions
    with pytest.raises(RuleViolation, match="g2 cannot see t2"):
        walled.state.apply(shot)
    across = open_shot.reshape_terrain("stone wall", 1, 16).turn_terrain("stone wall", 90)  # quarter turns exact
    assert across.terrain()[1]["points"] == [[30.5, 9.0], [30.5, 10.0], [14.5, 10.0], [14.5, 9.0]]


def test_terrain_reshaped_or_turned_is_refused_in_words_with_nothing_changed():
    setup = start("simple_plastic")  # the table is 48 by 36; the hedge is 10 by 1 about (17, 6.5)
    for width, depth, words in ((0, 1, "a width is a number of inches above 0 and at most 48"),
                                (-2, 1, "above 0"), (10, 0, "a depth is a number of inches above 0"),
                                (60, 1, "at most 48 (the table's longer side), not 60"),
                                ("wide", 1, "a width is a number, not 'wide'"),
                                (True, 1, "a width is a number, not True"),
                                (10, float("nan"), "a depth is a number, not nan")):
        refused(setup, lambda s: s.reshape_terrain("hedge", width, depth), words)
    refused(setup, lambda s: s.reshape_terrain("hedge", 40, 1),
            "the hedge cannot be 40 by 1 inches: the hedge's corner (-3, 6) would be off the 48 by 36 inch table")
    refused(setup, lambda s: s.turn_terrain("hedge", "a bit"), "a turn in degrees is a number, not 'a bit'")
    refused(setup, lambda s: s.turn_terrain("castle", 45), "no terrain called 'castle'")
    refused(setup.move("g1", (19, 18)), lambda s: s.turn_terrain("farmhouse", 90),
            "the farmhouse cannot be turned 90 degrees: not a legal position of Simple Plastic Wargame: g1 stands "
            "inside solid terrain at (19.0, 18.0)")
    refused(setup, lambda s: s.move_terrain("hedge", (2, 2)),
            "the hedge cannot go there: the hedge's corner (-3, 1.5) would be off the 48 by 36 inch table")
    refused(setup, lambda s: s.add_terrain("solid", (1, 1)), "the solid 6's corner (-1, -1) would be off")
    refused(start("phlog"), lambda s: s.turn_terrain("wall", 90), "a grid has no terrain pieces to move, reshape, "
            "turn or remove; set squares instead")
    assert setup.reshape_terrain("hedge", 12.5, 0.5).terrain()[1]["points"] == [
        [10.75, 6.25], [23.25, 6.25], [23.25, 6.75], [10.75, 6.75]]
    # Rocks (a 12-sided stand-in for a circle 3 inches across, about (33, 8), its first edge pointing up and left)
    # are sized along the table: 6 wide left to right, 3 deep front to back.
    rocks = setup.reshape_terrain("rocks", 6, 3).terrain()[3]["points"]
    assert [rocks[i] for i in (0, 3, 6, 9)] == [[36.0, 8.0], [33.0, 9.5], [30.0, 8.0], [33.0, 6.5]]


def test_army_men_prone_and_squads():
    setup = start("army_men")
    assert setup.set_field("g1", "prone", True).pieces()[0]["prone"] is True
    refused(setup, lambda s: s.set_field("g1", "prone", "yes"), "prone is one of False, True, not 'yes'")
    refused(setup, lambda s: s.set_field("g1", "squad", "x"), "may set prone of a piece, not 'squad'")
    old = next(p for p in setup.pieces() if p["kind"] == "sargent" and p["side"] == "green")
    refused(setup, lambda s: s.add("Sargent", "green", (old["x"], old["y"] + 3)), "a squad may include one")
    sarge = setup.remove(old["id"]).add("Sargent", "green", (old["x"], old["y"]))
    assert {**sarge.pieces()[-1], "id": old["id"]} == old  # the same sargent again, in the first green squad
    tutorial = SetUp.new(get_ruleset("army_men"), "tutorial")
    refused(tutorial, lambda s: s.add("Sargent", "green", (12, 24)), "the tutorial is played with regular troopers")


def test_one_brain_cell_figures_and_phase():
    setup = start("one_brain_cell")
    assert setup.add("Rifle", "green", (5, 20)).pieces()[-1]["weapon"] == "rifle"
    moving = setup.whose_turn("tan", "move")
    assert (moving.state.current_player, moving.position["phase"], moving.position["first"]) == ("tan", "move", "tan")
    assert "Leader with a pistol" in setup.kinds()
    refused(setup, lambda s: s.add("Leader with a rifle", "green", (5, 20)), "squad alpha has 2 leaders; a squad has one")
    refused(setup, lambda s: s.set_field("g2", "status", "stunned"), "g2 is stunned: a wound of the advanced wounding")
    wounding = SetUp.new(get_ruleset("one_brain_cell"), wounding=True)
    assert wounding.set_field("g2", "status", "stunned").pieces()[1]["status"] == "stunned"


def test_phlog_fighters_squares_and_cards():
    setup = start("phlog")
    assert setup.add("Ranged fighter", "green", (1, 1)).pieces()[-1] == {
        "id": "green-4", "side": "green", "weapon": "ranged", "col": 1, "row": 1}
    assert setup.move("green-1", (1, 0)).pieces()[0]["col"] == 1
    refused(setup, lambda s: s.add("Ranged fighter", "green", (5, 0)), "green-4 cannot stand in a wall at (5, 0)")
    refused(setup, lambda s: s.move("green-1", (10, 0)), "square 10, 0 is off the 10 by 8 board")
    refused(setup, lambda s: s.move("green-1", (1.5, 0)), "a column is a whole number, not 1.5")
    assert setup.set_square((1, 1), "wall").terrain()[1] == ".#..~#...."
    assert setup.set_square((5, 0), "open").terrain()[0] == "....~....."
    refused(setup, lambda s: s.set_square((0, 0), "wall"), "green-1 cannot stand in a wall at (0, 0)")
    refused(setup, lambda s: s.set_square((0, 0), "lava"), "a square is open or set_dressing, wall")
    refused(setup, lambda s: s.add_terrain("wall", (1, 1)), "set squares instead")
    card = setup.piles()["green's hand"][1]
    spent = setup.move_card(card, "green's hand", "green's spent pile")
    assert spent.piles()["green's spent pile"] == [card] and card not in spent.piles()["green's hand"]
    refused(setup, lambda s: s.move_card(card, "green's hand", "tan's hand"), "a hand holds at most 6")
    refused(setup, lambda s: s.move_card(card, "tan's hand", "green's hand"), "is not in tan's hand")
    refused(setup, lambda s: s.move_card(card, "green's hand", "the bin"), "no pile called 'the bin'")
    assert setup.whose_turn("tan").state.current_player == "tan"


def test_dice_tactics_units_squares_turn_and_cards():
    setup = start("dice_tactics")
    tank = setup.add("Tank", "tan", (6, 3))
    assert tank.pieces()[-1] == {"id": "tan-5", "side": "tan", "kind": "tank", "strength": 3, "square": [6, 3]}
    assert tank.position["supply"]["tan"] == [setup.position["supply"]["tan"][0], setup.position["supply"]["tan"][1] - 1]
    assert tank.remove("tan-5").position["supply"] == setup.position["supply"]  # back in the supply
    assert setup.set_field("green-1", "strength", 6).pieces()[0]["strength"] == 6
    refused(setup, lambda s: s.set_field("green-1", "strength", 9), "strength is one of 1, 2, 3, 4, 5, 6, not 9")
    refused(tank, lambda s: s.set_field("tan-5", "strength", 1), "tan-5 is a tank with strength 2 to 6, not 1")
    refused(setup, lambda s: s.add("Tank", "tan", (4, 0)), "tan-5 is a tank in water")
    refused(tank.add("Tank", "tan", (6, 4)), lambda s: s.add("Tank", "tan", (6, 5)), "supply")
    assert setup.set_square((2, 2), "forest").terrain()[2] == "..f.=.T.."
    refused(setup, lambda s: s.set_square((0, 1), "water"), "a west spawn point is on water")
    turned = setup.whose_turn("tan")
    assert (turned.state.current_player, turned.position["turn"]) == ("tan", setup.position["turn"] + 1)
    assert setup.whose_turn("green", "end").position["phase"] == "end"
    card = setup.piles()["the deck"][0]
    assert setup.move_card(card, "the deck", "green's hand").piles()["green's hand"][-1] == card


# -- saving, linking, a challenge's start, playing on --------------------------------------------------------

RULESETS = ("army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic")


def _edited(name: str) -> SetUp:
    """A set-up of ``name`` with a piece moved and one taken off (terrain as the scenario's)."""
    setup = start(name)
    first, last = setup.pieces()[0], setup.pieces()[-1]
    if "x" in first:
        setup = setup.move(first["id"], (first["x"] + 1, first["y"] - 1))
    elif "col" in first:
        setup = setup.move(first["id"], (first["col"] + 1, first["row"]))
    else:
        setup = setup.set_field(first["id"], "strength", 5)
    return setup.remove(last["id"])


@pytest.mark.parametrize("name", RULESETS)
def test_a_set_up_saves_links_and_plays_on(name):
    setup = _edited(name)
    save = setup.to_save()
    assert save["actions"] == [] and save["start"] == save["current"]
    loaded = load_json(json.dumps(save))
    assert loaded.position == setup.state.position and loaded.game.setup == setup.state.game.setup
    link = Session(state=setup.state, bot=PERSON).link()
    opened = Session(name, seed=5, bot=PERSON)
    assert opened.open(link)["message"]["kind"] == "note"
    assert opened.state.position == setup.state.position and opened.state.history == []
    action = next(iter(opened.state.legal_actions))
    opened.state.apply(action)  # plays from there
    assert len(opened.state.history) == 1


@pytest.mark.parametrize("name", ["army_men", "one_brain_cell", "phlog", "simple_plastic"])
def test_a_set_up_is_a_challenge_start(name):
    setup = _edited(name)
    block = setup.challenge_start()
    assert set(block) <= {"scenario", "seed", "settings", "figures", "remove", "position"}
    assert block["remove"] == [setup.state.sides and start(name).pieces()[-1]["id"]]
    built = build_start(SimpleNamespace(ruleset=setup.state.ruleset, start_spec=block,
                                        side=setup.state.current_player))
    assert built.position == setup.state.position


@pytest.mark.parametrize("name", ["army_men", "one_brain_cell", "phlog", "simple_plastic"])
def test_a_set_up_with_its_terrain_changed_is_a_challenge_start(name):
    """The start's ``terrain`` is the set-up's, as saved, only where it differs from the scenario's; the start built
    from the block is the set-up: its table and its position."""
    setup = _edited(name)
    assert "terrain" not in setup.challenge_start()
    if setup.tabletop:
        terrain = setup.terrain()
        setup = setup.remove_terrain(terrain[0]["name"]).turn_terrain(terrain[-1]["name"], 90)
    else:
        setup = setup.set_square((0, 7), "pit")
    block = setup.challenge_start()
    assert block["terrain"] == setup.terrain() != start(name).terrain() and list(block)[-1] == "terrain"
    built = build_start(SimpleNamespace(ruleset=setup.state.ruleset, start_spec=block,
                                        side=setup.state.current_player))
    assert built.position == setup.state.position and built.to_dict()["setup"] == setup.to_save()["setup"]


def test_a_table_with_every_terrain_piece_taken_off_is_a_start_of_no_terrain():
    setup = start("simple_plastic")
    for piece in setup.terrain():
        setup = setup.remove_terrain(piece["name"])
    assert setup.challenge_start() == {"scenario": "skirmish", "seed": 1, "terrain": []}  # kept, though empty


def test_a_challenge_start_refuses_what_a_file_cannot_hold():
    save = start("simple_plastic").to_save()
    save["setup"]["width"] = 60.0  # a save of a wider table than the scenario's: a challenge changes terrain only
    refused(SetUp(load_json(json.dumps(save))), SetUp.challenge_start,
            "a challenge starts on its scenario's table, only its terrain changed, not its width")
    refused(start("dice_tactics"), SetUp.challenge_start, "this set-up's position.pending is empty")


def test_start_from_here_keeps_the_moment_and_drops_the_history():
    state = get_ruleset("simple_plastic").new_game(seed=2)
    for _ in range(3):
        state.apply(next(iter(state.legal_actions)))
    here = SetUp.from_state(state)
    assert here.state.position == state.position and here.state.rng == state.rng
    assert here.state.history == [] and len(state.history) == 3
