"""The ruleset as data: registration, rule sections for the book, rulings, settings, actions that print as code."""

import dataclasses

import pytest
from test_phlog_rules import refused
from test_phlog_support import activate, new

from explorer import get_ruleset, new_game
from explorer.rulesets.phlog import (
    RULINGS, SECTIONS, Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump,
    Nominate, Settings, PlayJoker, PlayMovementCard, Step, ToggleDoor, render_map,
)
from explorer.rulesets.phlog.scenarios import CORRIDOR_MAP, DUEL_MAP

PAGES = {"index", "setup", "turn", "moving", "attacking", "terrain", "jokers", "full_game", "quick_reference",
         "rulings"}

G, T = "green", "tan"

def test_the_ruleset_is_registered_with_its_source_and_scenarios():
    phlog = get_ruleset("phlog")
    assert phlog.author.startswith("Connolly") and phlog.year == 2020
    assert phlog.source == "003_5ce549aab1c1141e.txt"
    assert list(phlog.scenarios) == ["corridor", "duel"]
    assert new_game("phlog", seed=1) == phlog.new_game("corridor", seed=1)


def test_every_section_points_at_a_book_page_with_a_unique_label():
    assert "turn" in SECTIONS  # the core cites it for actions of another ruleset
    assert {s.page for s in SECTIONS.values()} <= PAGES
    labels = [s.ref.label for s in SECTIONS.values()]
    assert len(labels) == len(set(labels)) and "phlog-moving-jump" in labels


def test_every_ruling_names_a_real_setting_and_real_sections():
    fields = {f.name for f in dataclasses.fields(Settings)}
    assert len({r.id for r in RULINGS}) == len(RULINGS)
    for ruling in RULINGS:
        assert ruling.setting is None or ruling.setting in fields
        assert ruling.refs and all(ref.section in SECTIONS for ref in ruling.refs)
    assert fields <= {r.setting for r in RULINGS}  # every setting is explained by a ruling


def test_bad_settings_are_refused_with_the_choices():
    with pytest.raises(ValueError, match="ties must be one of own_cards, defender, attacker"):
        Settings(ties="coin")
    with pytest.raises(ValueError, match="max_rounds must be from 1 to 1000"):
        Settings(max_rounds=0)
    with pytest.raises(ValueError, match="ace_high must be true or false"):
        Settings(ace_high="no")


@pytest.mark.parametrize("act", [
    Nominate(G, "green-1"), PlayMovementCard(G, "Q♥"), Step(G, "N"), Jump(G, "E", 2), ToggleDoor(G, (5, 2)), Attack(G, "tan-2"),
    ChooseAttackCard(G, "10♠"), ChooseDefenceCard(T, "A♦"), PlayJoker(T, 6), CancelJoker(G), DeclineJoker(T), EndTurn(G),
])
def test_actions_print_as_code_you_can_type_back(act):
    assert eval(repr(act)) == act and hash(act) == hash(eval(repr(act)))


def test_cards_in_actions_may_be_typed_the_easy_way():
    assert PlayMovementCard(G, "qh") == PlayMovementCard(G, "Q♥")
    assert repr(ChooseAttackCard(G, "10s")) == "ChooseAttackCard(player='green', card='10♠')"
    assert ToggleDoor(G, [5, 2]) == ToggleDoor(G, (5, 2))


def test_malformed_actions_are_refused_not_crashed_on():
    game = new("g...t", green=("5♠", "9♦"), tan=("Joker:tan",))
    refused(game, Nominate(G, ["green-1"]), "turn.nominate")
    game.apply(Nominate(G, "green-1"))
    refused(game, PlayMovementCard(G, "rubbish"), "turn.movement_card", "is not a card")
    game.apply(PlayMovementCard(G, "5♠"))
    refused(game, PlayJoker(T, 3.0), "jokers.play", "from 1 to 13")
    game.apply(DeclineJoker(T))
    refused(game, Step(G, ["E"]), "moving.orthogonal")
    refused(game, Jump(G, "E", "2"), "moving.jump")
    refused(game, ToggleDoor(G, "door"), "terrain.doors", "not a square")
    refused(game, Attack(G, None), "attacking", "no such fighter")


def test_maps_read_and_draw_back_the_same():
    for text in (CORRIDOR_MAP, DUEL_MAP):
        assert render_map(new(text)) == text.strip()
    game = new("g+.t", green=("5♠", "9♦"))
    activate(game, "green-1", "5♠")
    game.apply(ToggleDoor(G, (1, 0)))
    assert render_map(game) == "g/.t"
    with pytest.raises(ValueError, match="unknown map symbol"):
        new("g?t")
