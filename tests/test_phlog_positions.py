"""Custom positions through the one legality check; malformed actions; out-of-turn play; citable rulings."""

import dataclasses

import pytest
from test_phlog_rules import refused
from test_phlog_support import activate, new

from explorer import get_ruleset
from explorer.core import Game, MalformedAction, RuleViolation, Termination
from explorer.core.cards import Card
from explorer.core.grid import Grid
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, DeclineJoker, EndTurn, Jump, Nominate, PhlogState, PlayJoker, PlayMovementCard,
    Settings, Step, ToggleDoor, arrange_cards, from_map,
)
from explorer.rulesets.phlog.position import JokerWindow, Position, Setup

PHLOG = get_ruleset("phlog")
G, T = "green", "tan"


# -- the public way to set up a position --------------------------------------------------------------
def test_from_map_sets_hands_piles_doors_and_whose_turn():
    game = from_map("g+.t", hands={G: ["Q♥", "9d"], T: ["2♦"]}, draw={G: ["K♠"]}, spent={T: ["3♣"]},
                    open_doors=[(1, 0)], side=T, turn=4)
    assert game.piles[G].hand == (Card.parse("Q♥"), Card.parse("9♦")) and game.piles[G].draw[-1] == Card.parse("K♠")
    assert game.piles[T].spent == (Card.parse("3♣"),) and game.open_doors == {(1, 0)}
    assert game.current_player == T and game.round == 2
    assert sorted(c.code for c, _ in game.card_locations()) == sorted(c.code for c, _ in PHLOG.new_game().card_locations())


@pytest.mark.parametrize("kwargs, message", [
    (dict(hands={G: ["Q♥"] * 2}), "in two places"),
    (dict(hands={G: ["Q♥"], T: ["Q♥"]}), "in two places"),
    (dict(hands={G: ["2♠", "3♠", "4♠", "5♠", "6♠", "7♠", "8♠"]}), "a hand holds at most 6"),
    (dict(hands={G: ["Z♥"]}), "is not a card"),
    (dict(hands={"purple": ["Q♥"]}), "not purple"),
    (dict(open_doors=[(0, 0)]), "only a door can be open"),
    (dict(side="purple"), "active player must be one of"),
    (dict(turn=0), "the turn is a whole number"),
])
def test_a_custom_position_goes_through_the_legality_check(kwargs, message):
    with pytest.raises(ValueError, match=message):
        from_map("g+.t", **kwargs)


def test_a_position_with_fighters_in_walls_pits_each_other_or_off_the_grid_is_refused():
    game = new("g#Ot")
    for square, message in (((1, 0), "cannot stand in a wall"), ((2, 0), "cannot stand in a pit"),
                            ((3, 0), "both stand at"), ((9, 0), "off the 4x1 grid"), ((-1, 0), "off the")):
        moved = game.position.with_fighter(dataclasses.replace(game.fighters["green-1"], square=square))
        with pytest.raises(ValueError, match=message):
            PhlogState(game.game, moved)


def test_a_huge_grid_is_refused_without_building_it():
    game = new("g.t")
    huge = Game(game.settings, "custom", Setup(Grid(10**6, 10**6),
                                               {}), game.sides)
    with pytest.raises(ValueError, match="1 to 64 squares"):
        PhlogState(huge, game.position)
    with pytest.raises(ValueError, match="at most 64 squares"):
        from_map("." * 65 + "\n" + "." * 65)


def test_a_pending_decision_must_match_the_phase():
    game = new("g...t", green=("Q♥", "9♦"), tan=("Joker:tan",))
    game.apply(Nominate(G, "green-1"))
    game.apply(PlayMovementCard(G, "Q♥"))
    assert isinstance(game.pending, JokerWindow) and game.pending.player == T
    for change, message in ((dict(pending=None), "joker window is pending"),
                            (dict(pending=dataclasses.replace(game.pending, player=G)), "right player"),
                            (dict(pending=dataclasses.replace(game.pending, value=99)), "card value")):
        with pytest.raises(ValueError, match=message):
            PhlogState(game.game, dataclasses.replace(game.position, **change))


def test_arranged_cards_are_every_card_once():
    piles = arrange_cards((G, T), hands={G: ["Q♥"]}, rest_to=T)
    cards = [c for p in piles.values() for c in p.cards()]
    assert len(cards) == 54 == len(set(cards)) and piles[G].draw == ()


# -- malformed actions ----------------------------------------------------------------------------------
def test_malformed_action_values_are_normalised_or_refused_where_the_action_is_made():
    assert Nominate(G, ["green-1"]).fighter == ("green-1",)  # a list becomes a tuple, and is then refused
    assert ToggleDoor(G, [1, 0]) == ToggleDoor(G, (1, 0))
    for make in (lambda: PlayJoker(G, float("nan")), lambda: Nominate(G, {"id": 1}), lambda: Step(["green"], "E"),
                 lambda: PlayJoker(G, object())):
        with pytest.raises(MalformedAction):
            make()


def test_malformed_action_values_are_refused_by_the_rules_and_change_nothing():
    game = new("g+..t", green=("5♠", "9♦"), tan=("Joker:tan", "2♦"))
    refused(game, Nominate(G, ["green-1"]), "turn.nominate", "not a fighter of green's band")
    refused(game, Nominate(G, 7), "turn.nominate")
    game.apply(Nominate(G, "green-1"))
    refused(game, PlayMovementCard(G, 5), "turn.movement_card", "a card code is text")
    game.apply(PlayMovementCard(G, "5♠"))
    refused(game, PlayJoker(T, 99), "jokers.play", "from 1 to 13, not 99")
    refused(game, PlayJoker(T, 2.5), "jokers.play", "not 2.5")
    refused(game, PlayJoker(T, True), "jokers.play", "not True")
    assert game.why_illegal(PlayJoker(T, 3.0)) is not None  # a float is not a card value, even 3.0
    game.apply(DeclineJoker(T))
    with pytest.raises(MalformedAction, match="at most"):  # a number far beyond any count: malformed, said briefly
        Jump(G, "E", 10**30)
    refused(game, Jump(G, "E", 2.0), "moving.jump")
    refused(game, ToggleDoor(G, (1.0, 0)), "terrain.doors", "not a square")
    refused(game, ToggleDoor(G, (True, 0)), "terrain.doors", "not a square")
    refused(game, ToggleDoor(G, (1, 0, 0)), "terrain.doors", "not a square")
    refused(game, Attack(G, ["tan-1"]), "attacking", "no such fighter")
    refused(game, Step(G, None), "moving.orthogonal")


# -- acting out of turn ---------------------------------------------------------------------------------
def test_acting_out_of_turn_is_refused_citing_the_rule():
    game = new("G..T", green=("5♠", "9♦"), tan=("Joker:tan", "2♦"))
    refused(game, Nominate(T, "tan-1"), "turn", "it is green's turn, not 'tan''s")
    refused(game, EndTurn("purple"), "turn", "it is green's turn")
    game.apply(Nominate(G, "green-1"))
    game.apply(PlayMovementCard(G, "5♠"))
    refused(game, Step(G, "E"), "jokers.play", "tan must first decide whether to play a joker")
    refused(game, DeclineJoker(G), "jokers.play", "tan must first")
    game.apply(PlayJoker(T, 1))
    refused(game, DeclineJoker(T), "jokers.cancel", "green must first decide whether to cancel")
    game.apply(DeclineJoker(G))
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "9♦"))
    assert game.current_player == T and game.pending.prompt == "choose a card to defend tan-1"
    refused(game, EndTurn(G), "attacking.cards", "tan must first choose a card to defend tan-1")


# -- views and undo -------------------------------------------------------------------------------------
def test_views_never_show_the_opponents_hand_even_after_undo():
    game = new("G..T", green=("5♠", "9♦", "K♣"), tan=("2♦", "3♦", "Q♥"))
    before = game.view(T)
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "K♣"))
    assert game.view(T).attack.attack_card is None
    for _ in range(len(game.history)):
        game.undo()
        view = game.view(T)
        assert view.hand == game.piles[T].hand and view.opponent_hand_count == len(game.piles[G].hand)
        text = repr(dataclasses.replace(view, all_cards=()))
        assert "Card('K', '♣')" not in text and "K♣" not in text and "Card('9', '♦')" not in text
    assert game.view(T) == before


def test_view_is_only_for_a_player():
    with pytest.raises(ValueError, match="not a player"):
        new("g.t").view(None)


# -- the contract's names -------------------------------------------------------------------------------
def test_the_ruleset_has_the_shared_names_and_citable_rulings():
    from explorer.rulesets import phlog

    assert phlog.ACTIONS == PHLOG.action_types and phlog.Settings is PHLOG.settings_type
    assert set(PHLOG.bots) == {"random", "greedy", "strong"} and PHLOG.scenarios is phlog.SCENARIOS
    assert PHLOG.ruling("round-limit").setting == "max_rounds"
    assert PHLOG.ruling("joker-always-asked").refs
    with pytest.raises(KeyError):
        PHLOG.ruling("nope")


def test_every_action_names_its_player_first():
    import dataclasses as dc

    for kind in PHLOG.action_types:
        assert dc.fields(kind)[0].name == "player"
    assert repr(Step(G, "E")) == "Step(player='green', direction='E')"


def test_the_game_over_guard_is_the_cores_and_cites_victory():
    game = new("G..T", green=("5♠", "K♦"), tan=("9♣",))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "K♦"))
    from explorer.rulesets.phlog import ChooseDefenceCard

    game.apply(ChooseDefenceCard(T, "9♣"))
    game.apply(DeclineJoker(T))
    game.apply(DeclineJoker(G))
    assert game.outcome.kind is Termination.ELIMINATION
    with pytest.raises(RuleViolation, match="the game is over") as info:
        game.apply(EndTurn(G))
    assert info.value.rule.key == "phlog:turn.victory"


def test_settings_are_checked_by_type():
    for bad in (dict(ace_high="no"), dict(max_rounds=1.5), dict(max_rounds=True), dict(ties="coin")):
        with pytest.raises(ValueError):
            Settings(**bad)
    assert PHLOG.new_game(max_rounds=3).settings.max_rounds == 3


def test_positions_are_frozen_values():
    game = new("g.t")
    with pytest.raises(dataclasses.FrozenInstanceError):
        game.position.turn = 5
    assert isinstance(game.position, Position) and game.position.round == 1
