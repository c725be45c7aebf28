"""Saving and loading a Phlog game: exact round trips at every kind of moment, clear refusals of bad files."""

import json

import pytest
from test_phlog_support import new

from explorer import get_ruleset, load_game
from explorer.core import SaveGameError
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, DeclineJoker, Nominate, PhlogState, PlayJoker, PlayMovementCard, Step,
)

PHLOG = get_ruleset("phlog")


G, T = "green", "tan"
MID_ATTACK = (Nominate(G, "green-1"), PlayMovementCard(G, "5♠"), PlayJoker(T, 3), DeclineJoker(G), Step(G, "S"),
              Attack(G, "tan-1"), ChooseAttackCard(G, "9♦"))  # the 9 is hidden from tan, waiting for tan's card


def mid_attack(actions=MID_ATTACK):
    game = new("G..T\n....\n..gt", green=("5♠", "9♦"), tan=("2♦", "Joker:tan"))
    for act in actions:
        game.apply(act)
    return game


def test_a_game_saved_mid_attack_loads_exactly_and_plays_on_identically():
    game = mid_attack()
    loaded = PhlogState.from_json(game.to_json())
    assert loaded == game and loaded.to_dict() == game.to_dict()
    assert loaded.phase == "defence_card" and loaded.current_player == "tan"
    assert loaded.view("tan") == game.view("tan")
    act = next(iter(game.legal_actions))
    assert loaded.apply(act) == game.apply(act)


def test_a_fresh_game_round_trips_with_its_deal():
    game = PHLOG.new_game("corridor", seed=42)
    loaded = load_game(json.loads(game.to_json()))
    assert loaded == game and loaded.piles == game.piles


def test_undo_then_save_matches_a_game_that_never_made_the_moves():
    game = mid_attack()
    for _ in range(3):
        game.undo()
    assert game.to_dict() == mid_attack(MID_ATTACK[:-3]).to_dict()
    assert load_game(json.loads(game.to_json())) == game


def _save(game):
    return json.loads(game.to_json())


def _dup_card(data):
    piles = data["current"]["position"]["piles"]
    piles["green"]["hand"].append(piles["tan"]["draw"][0])


def _drop_card(data):
    data["start"]["position"]["piles"]["green"]["draw"].pop()


def _bad_code(data):
    data["start"]["position"]["piles"]["green"]["draw"][0] = "Z♥"


def _illegal_action(data):
    data["actions"].append({"action": {"type": "Step", "player": "tan", "direction": "E"}})


def _edited_position(data):
    data["current"]["position"]["fighters"][0]["col"] = 2


def _start(data):
    return data["start"]["position"]


def _fighter(data, index=0):
    return data["start"]["position"]["fighters"][index]


@pytest.mark.parametrize("mutate, message", [
    (_dup_card, "current position is malformed|does not give the saved position|hand holds at most"),
    (_drop_card, "cards missing from the position: "),
    (_bad_code, "'Z♥' is not a card"),
    (_illegal_action, "cannot be replayed: .*the defender must first choose a card to defend"),
    (_edited_position, "does not give the saved position"),
    (lambda d: d["actions"].append({"action": {"type": "Teleport"}}), "unknown action type 'Teleport'"),
    (lambda d: d["actions"].append({"action": {"type": "PlayJoker", "player": "tan", "colour": 1}}),
     "PlayJoker has no field"),
    (lambda d: d["actions"].append({"action": {"type": "PlayJoker", "player": ["tan"], "value": 3}}),
     "player must be a side's name"),
    (lambda d: d.update(settings={"ties": "coin toss"}), "bad settings in the save: setting ties must be one of"),
    (lambda d: d.update(settings={"ace_high": "no"}), "ace_high must be true or false"),
    (lambda d: d.update(settings={"wizards": True}), "unknown setting"),
    (lambda d: _start(d).pop("piles"), "starting position is malformed"),
    (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
    # hands, cards
    (lambda d: _start(d)["piles"]["green"].update(hand=_start(d)["piles"]["green"]["draw"][:20],
                                                  draw=_start(d)["piles"]["green"]["draw"][20:]),
     "green holds 20 cards; a hand holds at most 6"),
    (lambda d: _start(d)["piles"]["green"]["draw"].append("K♦"), "in two places"),
    (lambda d: _start(d)["piles"]["green"]["draw"].append("Joker:purple"), "not a card of this game"),
    (lambda d: _start(d)["piles"]["green"].update(draw="K♦"), "list of at most"),
    (lambda d: _start(d)["piles"].pop("tan"), "piles must be given for exactly green and tan"),
    # fighters
    (lambda d: _fighter(d).update(col=3, row=0), r"green-1 and tan-1 both stand at \(3, 0\)|tan-1 and green-1 both stand at \(3, 0\)"),
    (lambda d: _fighter(d).update(col=40, row=0), "off the 4x3 grid"),
    (lambda d: _fighter(d).update(col=-1, row=0), "off the 4x3 grid"),
    (lambda d: _fighter(d).update(col=[0], row=0), "square must be whole numbers"),
    (lambda d: _fighter(d).update(weapon="laser"), "weapon must be one of"),
    (lambda d: _fighter(d).update(side="purple"), "no band of this game"),
    (lambda d: _fighter(d).pop("row"), "a fighter is an object with"),
    (lambda d: d["start"]["position"]["fighters"].append(dict(_fighter(d))), "two fighters are called"),
    # counts, flags, phases
    (lambda d: _start(d).update(movement_left=-1), "movement_left is a whole number from 0"),
    (lambda d: _start(d).update(movement_left=10**30), "movement_left must be a whole number of at most"),  # the core bounds every number
    (lambda d: _start(d).update(attacked="no"), "attacked must be true or false"),
    (lambda d: _start(d).update(turn=0), "the turn is a whole number"),
    (lambda d: _start(d).update(turn=1.5), "turn must be a whole number"),
    (lambda d: _start(d).update(phase="dance"), "unknown phase"),
    (lambda d: _start(d).update(phase="move"), "activated fighter must be"),
    (lambda d: _start(d).update(side="purple"), "active player must be one of"),
    (lambda d: _start(d).update(open_doors=[[0, 0]]), "only a door can be open"),
    (lambda d: _start(d).update(open_doors=[["a", 0]]), "open_doors must be a list"),
    (lambda d: _start(d).update(pending={"kind": "joker"}), "pending joker window must be an object"),
    (lambda d: _start(d).update(pending={"kind": "defence", "player": "tan", "rule": "attacking.cards",
                                         "target": "tan-1"}), "nothing of an activation may be set"),
    (lambda d: _start(d).update(extra=1), "the position must be an object with exactly"),
    # the grid
    (lambda d: d["setup"].update(grid=[10**6, 10**6]), "a grid is 1 to 64 squares each way"),
    (lambda d: d["setup"].update(grid=[4, "3"]), "two whole numbers"),
    (lambda d: d["setup"].update(terrain=["....", "....", "##"]), "the terrain is 3 rows of 4 symbols"),
    (lambda d: d["setup"].update(terrain=["#...", "....", "...."]), "cannot stand in a wall"),
    (lambda d: d["setup"].update(terrain=["O...", "....", "...."]), "cannot stand in a pit"),
    (lambda d: d["setup"].update(terrain=["?...", "....", "...."]), "unknown terrain symbol"),
    (lambda d: d.update(setup=None), "setup is malformed"),
])
def test_a_malformed_save_is_rejected_with_a_reason(mutate, message):
    data = _save(mid_attack())
    mutate(data)
    with pytest.raises(SaveGameError, match=message):
        load_game(data)


def test_a_huge_grid_is_refused_at_once():
    import time

    data = _save(mid_attack())
    data["setup"] = {"grid": [10**6, 10**6], "terrain": []}
    started = time.perf_counter()
    with pytest.raises(SaveGameError, match="1 to 64 squares"):
        load_game(data)
    assert time.perf_counter() - started < 0.5


def test_a_duplicated_card_in_the_starting_position_is_named():
    data = _save(mid_attack())
    piles = data["start"]["position"]["piles"]
    piles["green"]["draw"][0] = piles["tan"]["draw"][0]
    with pytest.raises(SaveGameError, match=r"the card .* is in two places"):
        load_game(data)


def test_a_save_mid_joker_window_round_trips_its_pending_decision():
    game = mid_attack(MID_ATTACK[:3])
    assert game.pending.stage == "cancel" and game.current_player == "green"
    loaded = load_game(json.loads(game.to_json()))
    assert loaded.pending == game.pending and loaded == game
