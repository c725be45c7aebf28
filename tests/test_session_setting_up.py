"""Set up the table in live play (explorer/core/session/setting.py), through the page's JSON commands
(boards/live.py): taps pick and move, modes add pieces, terrain and squares, refusals change nothing, Done plays
from the set-up and Cancel brings the game back."""

from __future__ import annotations

import json

import boards.live as live


def start(**config) -> dict:
    return json.loads(live.start(json.dumps(config)))


def send(edit: str, *args) -> dict:
    return json.loads(live.command(json.dumps({"name": "setup", "args": [edit, *args]})))


def where(answer: dict, piece: str):
    return next(p["at"] for p in answer["setup"]["pieces"] if p["id"] == piece)


def test_a_tabletop_set_up_by_taps_then_played():
    start(ruleset="simple_plastic", scenario="skirmish", seed=1, human="green", bot="greedy")
    began = send("begin")
    assert began["setup"]["kinds"] == ["Trooper", "Heavy weapons unit", "Sniper"]
    assert began["setup"]["terrain"] == ["farmhouse", "hedge", "hill", "rocks", "fence"]
    picked = send("tap", 5.1, 15.1)  # within a base of g1
    assert picked["setup"]["picked"]["id"] == "g1"
    assert picked["layers"]["choices"] == {"x": [5.0], "y": [15.0], "kind": ["chosen"], "text": ["g1"]}
    assert picked["marks"] == [] and picked["moves"] == 0  # no action offered on the board while setting up
    assert where(send("tap", 10, 30), "g1") == [10.0, 30.0]
    refused = send("tap", 24, 18)  # into the farmhouse
    assert refused["message"]["kind"] == "refused" and "g1 stands inside solid terrain" in refused["message"]["text"]
    assert where(refused, "g1") == [10.0, 30.0]
    assert "g1" not in [p["id"] for p in send("remove")["setup"]["pieces"]]
    send("mode", "add", "Trooper", "tan")
    added = send("tap", 40, 5)
    assert added["setup"]["pieces"][-1] == {"id": "t7", "side": "tan", "kind": "Trooper", "at": [40.0, 5.0]}
    assert added["setup"]["mode"] == ["add", "Trooper", "tan"]  # another tap sets down another
    assert send("mode", "add", "Tank", "tan")["message"]["kind"] == "refused"
    assert send("turn", "tan", "attack")["setup"]["side"] == "tan"
    save = json.loads(send("mode", "none")["save"])
    assert save["actions"] == [] and save["start"]["position"]["phase"] == "attack"
    done = send("done")
    assert "setup" not in done and done["moves"] >= 1  # the bot (tan) played on from the set-up
    assert json.loads(done["save"])["start"] == save["start"]


def test_a_grid_set_up_and_cancel():
    start(ruleset="phlog", scenario="corridor", seed=1, human="green", bot="greedy")
    before = json.loads(live.command(json.dumps({"name": "save", "args": []})))["save"]
    send("begin")
    assert send("mode", "square", "wall")["setup"]["mode"] == ["square", "wall"]
    assert json.loads(send("tap", 1.2, 0.9)["save"])["setup"]["terrain"][1] == ".#..~#...."
    refused = send("tap", 0, 0)  # green-1 stands there
    assert "green-1 cannot stand in a wall" in refused["message"]["text"]
    send("mode", "none")
    assert send("tap", 0.1, -0.2)["setup"]["picked"]["id"] == "green-1"  # a tap anywhere in its square
    assert where(send("tap", 1, 2), "green-1") == [1, 2]
    card = send("answer")["setup"]["piles"]["green's hand"][0]
    spent = send("card", card, "green's hand", "green's spent pile")["setup"]["piles"]
    assert spent["green's spent pile"] == [card]
    cancelled = send("cancel")
    assert "setup" not in cancelled and cancelled["save"] == before
    assert send("remove")["message"]["text"].startswith("Nothing is being set up")


def test_no_action_is_played_on_the_table_while_it_is_set_up():
    """The big button or an action sent while the editor is open is refused in words and changes nothing: played,
    it would move the set-up's figures under the editor (whose next edit would then drop it)."""
    start(ruleset="simple_plastic", scenario="skirmish", seed=1, human="green", bot="greedy")
    began = send("begin")
    step = began["step"]["id"]
    refused = json.loads(live.command(json.dumps({"name": "play", "args": [step]})))
    assert refused["message"] == {"kind": "refused",
                                  "text": "The table is being set up: press Done: play from here (or Cancel) first."}
    assert refused["moves"] == 0 and refused["setup"] == began["setup"] and refused["save"] == began["save"]
    assert send("turn", "tan")["moves"] == 0  # the bot's side to act: it waits for Done
    assert send("done")["moves"] >= 1


def test_terrain_reshaped_and_turned_by_the_setup_command():
    start(ruleset="simple_plastic", scenario="skirmish", seed=1, human="green", bot="greedy")
    began = send("begin")
    assert began["setup"]["terrain_sizes"]["hedge"] == [10.0, 1.0]  # along the hedge and across it, inches
    wider = send("reshape_terrain", "hedge", 12, 0.5)
    assert wider["message"] == {"kind": "note", "text": "hedge: 12 by 0.5 inches."}
    assert wider["setup"]["terrain_sizes"]["hedge"] == [12.0, 0.5]
    turned = send("turn_terrain", "hedge", 90)
    assert turned["message"]["text"] == "hedge turned 90 degrees."
    assert turned["setup"]["terrain_sizes"]["hedge"] == [12.0, 0.5]  # a turned hedge keeps its length
    assert json.loads(turned["save"])["setup"]["terrain"][1]["points"] == [
        [17.25, 0.5], [17.25, 12.5], [16.75, 12.5], [16.75, 0.5]]
    for edit, words in ((("reshape_terrain", "hedge", 0, 1), "Not set: a width is a number of inches above 0"),
                        (("reshape_terrain", "hedge", 12, 40),
                         "the hedge cannot be 12 by 40 inches: the hedge's corner (-3, 12.5) would be off the 48 by 36 "
                         "inch table"),
                        (("turn_terrain", "hedge", "left"), "Not set: a turn in degrees is a number, not 'left'"),
                        (("turn_terrain", "castle", 45), "Not set: there is no terrain called 'castle'")):
        answer = send(*edit)
        assert answer["message"]["kind"] == "refused" and words in answer["message"]["text"], answer["message"]
        assert answer["save"] == turned["save"] and answer["setup"]["terrain_sizes"] == turned["setup"]["terrain_sizes"]


def test_a_drag_moves_the_piece_pressed_on_as_tap_then_tap_would():
    start(ruleset="simple_plastic", scenario="skirmish", seed=1, human="green", bot="greedy")
    began = send("begin")
    assert began["setup"]["radius"] == 0.8  # a tap's radius, inches: the page starts a drag within it of a piece
    dragged = send("drag", 5.2, 15.1, 10.04, 30.02, 0.5)
    assert dragged["message"]["text"] == "g1 moved." and where(dragged, "g1") == [10.0, 30.0]
    assert dragged["setup"]["picked"]["id"] == "g1"  # it stays picked: Remove takes it off
    beside = send("drag", 5, 15.75, 10.6, 30, 0.5)  # dropped 0.6 inches from g1: a tap there would pick g1
    assert beside["message"]["text"] == "g2 moved." and where(beside, "g2") == [10.6, 30.0]
    off = send("drag", 10, 30, 50, 30, 0.5)  # off the table: refused in words, g1 where it was
    assert off["message"]["kind"] == "refused" and "off the 48 by 36 inch table" in off["message"]["text"]
    assert where(off, "g1") == [10.0, 30.0] and off["save"] == beside["save"]
    assert send("drag", 30, 2, 31, 3)["message"]["text"] == "No piece there to drag: press on a piece."
    assert send("drag", 10, 30, None, 3)["message"]["kind"] == "error"
    start(ruleset="phlog", scenario="corridor", seed=1, human="green", bot="greedy")
    send("begin")
    assert where(send("drag", 0.2, -0.1, 1.4, 2.3), "green-1") == [1, 2]  # a grid's piece, to the square dropped on
