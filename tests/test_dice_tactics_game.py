"""The ruleset as a whole: registration and catalogue, hidden hands, saves, malformed input, the bots."""

import dataclasses
import json

import pytest
from test_dice_tactics_support import B, R, lab, refused

from explorer import get_ruleset
from explorer.core import SaveGameError, load_json, play_out
from explorer.rulesets.dice_tactics import (
    ACTIONS, RULINGS, SECTIONS, Attack, ChooseEdge, GreedyBot, Hire, Keep, Move, PlayCard, Push, RandomBot, Respawn,
    Settings,
)

DT = get_ruleset("dice_tactics")
PAGES = {"index", "setup", "turn", "moving", "attacking", "cards", "terrain", "operation", "full_game",
         "quick_reference", "rulings"}


def test_the_ruleset_is_registered_with_its_source_and_scenarios():
    assert DT.author == "William F. de Araújo" and DT.year == 2020
    assert DT.source == "004_408e3c2f4a2614c3.txt"
    assert list(DT.scenarios) == ["river_crossing", "hill_country"] and set(DT.bots) == {"random", "greedy", "strong"}


def test_every_section_points_at_a_book_page_with_a_unique_label():
    assert {s.page for s in SECTIONS.values()} <= PAGES
    labels = [s.ref.label for s in SECTIONS.values()]
    assert len(labels) == len(set(labels)) and "dice-tactics-attacking-losses" in labels


def test_every_ruling_names_a_real_setting_and_real_sections_and_every_setting_has_a_ruling():
    fields = {f.name for f in dataclasses.fields(Settings)}
    assert len({r.id for r in RULINGS}) == len(RULINGS)
    for ruling in RULINGS:
        assert ruling.setting is None or ruling.setting in fields
        assert ruling.refs and all(ref.section in SECTIONS for ref in ruling.refs)
    assert fields - {"max_rounds"} <= {r.setting for r in RULINGS}


@pytest.mark.parametrize("act", [
    ChooseEdge(B, "west"), Keep(R, "bullseye"), PlayCard(R, "sabotage", "tan-1", 2), Move(R, "green-1", "N"),
    Attack(R, "green-1", "tan-2"), Respawn(R, "tan-2", (8, 1)), Push(R, (3, 4)), Hire(R, "green-1", 2)])
def test_actions_print_as_code_you_can_type_back(act):
    assert eval(repr(act)) == act and hash(act) == hash(eval(repr(act)))
    assert type(act) in ACTIONS


def test_the_opponents_hand_and_draft_are_hidden_in_views_and_events():
    game = DT.new_game("river_crossing", seed=3)
    game.apply(ChooseEdge(B, "west"))
    green, tan = game.view(R), game.view(B)
    assert green.offered == game.position.draft[R] and green.opponent_offered_count == 4
    assert tan.offered == game.position.draft[B] and tan.opponent_offered_count == 4
    from explorer.core.frozen import evolve
    other = game.clone()  # the same game, but tan was offered other cards
    other.position = evolve(game.position, draft={**game.position.draft, B: ("faster_tech",) * 4})
    assert dataclasses.replace(other.view(R), events=()) == dataclasses.replace(green, events=())
    card = game.position.draft[R][0]
    game.apply(Keep(R, card))
    public = [e.text for e in game.events_for(B)]
    assert "green keeps a card." in public and not any(card.replace("_", " ") in t.lower() for t in public[-1:])
    assert game.describe(Keep(R, card), viewer=B) == "keep a card"
    with pytest.raises(ValueError, match="not a player"):
        game.view("purple")


def test_a_save_round_trips_and_a_tampered_one_says_what_is_wrong():
    game = DT.new_game("hill_country", seed=1)
    play_out(game, {R: GreedyBot(), B: GreedyBot()}, max_actions=60)
    text = game.to_json()
    assert load_json(text) == game
    data = json.loads(text)
    data["start"]["position"]["resources"]["green"] = -4
    with pytest.raises(SaveGameError):
        load_json(json.dumps(data))


@pytest.mark.parametrize("change, message", [
    # the grid and its terrain are read as phlog reads them (explorer.core.gridstate), with the same words
    (dict(grid=[99, 7]), "a grid is 1 to 32 squares each way, not 99x7"),
    (dict(grid=[9, True]), "two whole numbers"),
    (dict(terrain=["." * 9] * 6), "the terrain is 7 rows of 9 symbols"),
    (dict(terrain=["?" * 9] * 7), "unknown terrain symbol '\\?' at \\(0, 0\\)"),
    (dict(extra=1), "the setup is an object with 'grid', 'terrain', 'spawns' and 'zone'"),
])
def test_a_tampered_board_says_what_is_wrong(change, message):
    data = json.loads(DT.new_game("river_crossing", seed=1).to_json())
    assert data["setup"]["grid"] == [9, 7]
    data["setup"].update(change)
    with pytest.raises(SaveGameError, match=message):
        load_json(json.dumps(data))


def test_odd_values_are_refused_naming_the_rule_and_change_nothing():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (1, 2))}, hands={R: ("sabotage",)})
    refused(game, Move(R, "green-1", "N"), "turn.start", "during a March")
    refused(game, Attack(R, ["green-1"], "tan-1"), "attacking", "no unit")
    refused(game, PlayCard(R, "sabotage", "tan-1", True), "cards.sabotage", "whole number")
    refused(game, Respawn(R, "green-1", "(0, 1)"), "turn.start")
    refused(game, Hire(R, "green-1", None), "turn.start", "end of the turn")


def test_a_custom_position_must_be_legal():
    with pytest.raises(ValueError, match="stand on the same space"):
        lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (0, 1))})
    with pytest.raises(ValueError, match="tank in water"):
        lab({"green-1": ("tank", 3, (1, 2)), "tan-1": ("squad", 3, (0, 1))})
    with pytest.raises(ValueError, match="Machinery"):
        lab({"green-1": ("tank", 2, (0, 2)), "tan-1": ("squad", 3, (0, 1))})


@pytest.mark.parametrize("scenario", ["river_crossing", "hill_country"])
def test_the_bots_finish_games(scenario):
    for seed in range(2):
        game = DT.new_game(scenario, seed=seed)
        play_out(game, {R: GreedyBot(), B: RandomBot(seed)}, max_actions=2000)
        assert game.is_over
        game = DT.new_game(scenario, seed=seed)
        play_out(game, {R: GreedyBot(), B: GreedyBot()}, max_actions=2000)
        assert game.is_over


def test_the_greedy_bot_beats_the_random_one():
    wins = 0
    for seed in range(4):
        game = DT.new_game("river_crossing", seed=seed)
        play_out(game, {R: RandomBot(seed), B: GreedyBot()}, max_actions=2000)
        wins += game.outcome.winner == B
    assert wins >= 3


def test_an_action_taken_from_the_list_of_offers_is_not_checked_again(monkeypatch):
    # explorer.core.gridstate: a grid state keeps its last full list of offers for the position; the very objects
    # offered are legal there, so applying one skips the rule check, and an equal action from elsewhere does not.
    from explorer.core.state import GameState
    checked = []
    original = GameState._check
    monkeypatch.setattr(GameState, "_check", lambda self, act: checked.append(act) or original(self, act))
    game = DT.new_game("river_crossing", seed=1)
    offered = list(game.legal_actions)
    assert list(game.legal_actions) == offered and all(a is b for a, b in zip(game.legal_actions, offered))
    game.apply(offered[0])
    assert checked == []
    again = list(game.legal_actions)[0]
    game.apply(dataclasses.replace(again))  # equal, but not one of the objects offered: checked as usual
    assert checked == [again]
