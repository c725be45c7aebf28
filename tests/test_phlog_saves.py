"""Saving and loading a Phlog game: exact round trips at every kind of moment, clear refusals of bad files."""

import json

import pytest
from test_phlog_support import new, rig

from explorer import get_ruleset, load_game
from explorer.core import SaveGameError
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, DeclineJoker, Nominate, PhlogState, PlayJoker, PlayMovementCard, Step,
)

PHLOG = get_ruleset("phlog")


MID_ATTACK = (Nominate("green-1"), PlayMovementCard("5♠"), PlayJoker(3), DeclineJoker(), Step("S"),
              Attack("tan-1"), ChooseAttackCard("9♦"))  # the 9 is hidden from tan, waiting for tan's card


def mid_attack(actions=MID_ATTACK):
    game = rig(new("G..T\n....\n..gt"), green=("5♠", "9♦"), tan=("2♦", "Joker:tan"))
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
    piles = data["current"]["state"]["piles"]
    piles["green"]["hand"].append(piles["tan"]["draw"][0])


def _drop_card(data):
    data["initial"]["state"]["piles"]["green"]["draw"].pop()


def _bad_code(data):
    data["initial"]["state"]["piles"]["green"]["draw"][0] = "Z♥"


def _illegal_action(data):
    data["actions"].append({"action": {"type": "Step", "direction": "E"}})


def _edited_position(data):
    data["current"]["state"]["fighters"][0]["square"] = [5, 5]


@pytest.mark.parametrize("mutate, message", [
    (_dup_card, "does not give the saved position"),
    (_drop_card, "cards missing from the position: "),
    (_bad_code, "'Z♥' is not a card"),
    (_illegal_action, "cannot be replayed: .*must first choose a card to defend"),
    (_edited_position, "does not give the saved position"),
    (lambda d: d["actions"].append({"action": {"type": "Teleport"}}), "unknown action type 'Teleport'"),
    (lambda d: d["actions"].append({"action": {"type": "PlayJoker", "colour": 1}}), "PlayJoker has no field"),
    (lambda d: d.update(settings={"ties": "coin toss"}), "bad settings in the save: ties must be one of"),
    (lambda d: d.update(settings={"wizards": True}), "unknown setting"),
    (lambda d: d["initial"]["state"].pop("piles"), "the saved position is malformed"),
    (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
])
def test_a_malformed_save_is_rejected_with_a_reason(mutate, message):
    data = _save(mid_attack())
    mutate(data)
    with pytest.raises(SaveGameError, match=message):
        load_game(data)


def test_a_duplicated_card_in_the_starting_position_is_named():
    data = _save(mid_attack())
    piles = data["initial"]["state"]["piles"]
    piles["green"]["draw"][0] = piles["tan"]["draw"][0]
    with pytest.raises(SaveGameError, match=r"the card .* is in two places"):
        load_game(data)
