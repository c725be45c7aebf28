"""The jokers: played against a revealed card, spent to the other player, cancelled by a joker."""

from test_phlog_rules import refused
from test_phlog_support import activate, new

from explorer.core.cards import Card
from explorer.rulesets.phlog import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Nominate, PlayJoker,
    PlayMovementCard, Step,
)

JG, JT = Card.joker("green"), Card.joker("tan")

G, T = "green", "tan"

def reveal_movement(game, card="Q♥"):
    game.apply(Nominate(G, "green-1"))
    game.apply(PlayMovementCard(G, card))


def test_the_opponent_is_always_asked_even_without_a_joker():
    # Skipping the question would tell green that tan holds no joker.
    game = new("g...t", green=("Q♥", "9♦"), tan=("2♦",))
    reveal_movement(game)
    assert game.current_player == "tan" and list(game.legal_actions) == [DeclineJoker(T)]


def test_a_joker_names_a_new_value_for_the_movement_card_and_goes_to_the_other_player():
    game = new("g...t", green=("Q♥", "9♦"), tan=("Joker:tan", "2♦"))
    reveal_movement(game)
    assert PlayJoker(T, 6) in game.legal_actions and CancelJoker(G) not in game.legal_actions
    events = game.apply(PlayJoker(T, 6))
    assert "green's Q♥ counts 6" in events[0].text and events[0].rules == ("phlog:jokers.play",)
    assert game.current_player == "green"  # green may answer with a joker of their own
    refused(game, CancelJoker(G), "jokers.cancel", "green holds no joker")
    game.apply(DeclineJoker(G))
    assert game.movement_left == 6
    assert JT in game.piles["green"].spent  # the played joker goes to the other player's spent pile
    game.apply(EndTurn(G))
    assert Card.parse("Q♥") in game.piles["green"].spent


def test_a_joker_cancels_a_joker_and_each_goes_to_its_players_spent_pile():
    game = new("g...t", green=("Q♥", "9♦", "Joker:green"), tan=("Joker:tan", "2♦"))
    reveal_movement(game)
    game.apply(PlayJoker(T, 1))
    events = game.apply(CancelJoker(G))
    assert events[0].rules == ("phlog:jokers.cancel",)
    assert game.movement_left == 12  # the queen counts as a queen again
    assert game.piles["green"].spent == (JG,) and game.piles["tan"].spent == (JT,)


def test_a_joker_value_must_be_a_card_value():
    game = new("g...t", green=("Q♥", "9♦"), tan=("Joker:tan", "2♦"))
    reveal_movement(game)
    refused(game, PlayJoker(T, 0), "jokers.play", "from 1 to 13")
    refused(game, PlayJoker(T, 14), "jokers.play", "from 1 to 13")
    ace_high = new("g...t", ace_high=True, green=("Q♥", "9♦"), tan=("Joker:tan", "2♦"))
    reveal_movement(ace_high)
    ace_high.apply(PlayJoker(T, 14))
    ace_high.apply(DeclineJoker(G))
    assert ace_high.movement_left == 14


def test_only_the_card_owner_answers_a_joker_and_only_once_a_joker_is_out():
    game = new("g...t", green=("Q♥", "9♦", "Joker:green"), tan=("Joker:tan", "2♦"))
    reveal_movement(game)
    refused(game, CancelJoker(T), "jokers.cancel", "no joker to cancel")
    refused(game, CancelJoker(G), "jokers.play", "tan must first decide whether to play a joker")
    game.apply(PlayJoker(T, 3))
    refused(game, PlayJoker(G, 3), "jokers.cancel", "only green may answer")
    refused(game, PlayJoker(T, 3), "jokers.cancel", "green must first decide whether to cancel")
    refused(game, Step(G, "E"), "jokers.play", "joker window must first close")


def test_the_defender_may_joker_the_attackers_card():
    game = new("G..T\n...t", green=("5♠", "K♦"), tan=("Joker:tan", "9♣"))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "K♦"))
    game.apply(ChooseDefenceCard(T, "9♣"))
    assert game.window.slot == "attack" and game.current_player == "tan"
    game.apply(PlayJoker(T, 2))
    game.apply(DeclineJoker(G))  # green has no joker to cancel with
    assert game.window.slot == "defence" and game.current_player == "green"
    game.apply(DeclineJoker(G))
    # 2 (the king, jokered) against 9: tan wins by seven and green-1 is removed.
    assert not game.fighters["green-1"].alive and game.fighters["tan-1"].alive
    assert sorted(c.code for c in game.piles["tan"].spent) == ["9♣", "K♦"]
    assert game.piles["green"].spent == (JT,)


def test_the_attacker_may_joker_the_defenders_card():
    game = new("G..T\n...t", green=("5♠", "8♦", "Joker:green"), tan=("K♣",))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "8♦"))
    game.apply(ChooseDefenceCard(T, "K♣"))
    game.apply(DeclineJoker(T))  # tan lets the 8 stand
    game.apply(PlayJoker(G, 1))  # green: "you actually played an ace"
    game.apply(DeclineJoker(T))
    assert not game.fighters["tan-1"].alive  # 8 beats 1 by seven
    assert game.piles["tan"].spent == (JG,)


def test_a_joker_received_from_the_other_player_can_be_played():
    game = new("g...t", green=("Q♥", "9♦"), tan=("Joker:green", "2♦"))
    reveal_movement(game)
    game.apply(PlayJoker(T, 2))
    game.apply(DeclineJoker(G))
    assert game.movement_left == 2 and JG in game.piles["green"].spent
