"""The Phlog rules, sentence by sentence: setup, the turn, movement and jumping."""

import pytest
from test_phlog_support import activate, codes, new

from explorer import get_ruleset
from explorer.core import RuleViolation
from explorer.core.cards import Card
from explorer.rulesets.phlog import (
    DeclineJoker, EndTurn, Jump, Nominate, PlayJoker, PlayMovementCard, Step,
)
from explorer.rulesets.phlog.data import HAND_SIZE

PHLOG = get_ruleset("phlog")

OPEN = """
.......
...g...
.......
......t
"""

G, T = "green", "tan"

def refused(state, action, section, match=None):
    """Assert ``action`` is refused citing ``section``, and that nothing changed."""
    before = state.to_dict()
    with pytest.raises(RuleViolation, match=match) as info:
        state.apply(action)
    assert info.value.rule.key == f"phlog:{section}"
    assert state.to_dict() == before
    assert action not in state.legal_actions
    return info.value


# -- setup --------------------------------------------------------------------------------


def test_the_deck_is_split_evenly_each_player_adds_their_joker_and_draws_six():
    game = PHLOG.new_game("corridor", seed=5)
    for side in game.sides:
        piles = game.piles[side]
        assert len(piles.hand) == HAND_SIZE == 6
        assert len(piles.draw) + len(piles.hand) == 27  # 26 from the split, plus one joker
        assert Card.joker(side) in piles.draw + piles.hand
        assert piles.spent == ()
    everything = [card for card, _ in game.card_locations()]
    assert len(everything) == 54 == len(set(everything))


def test_the_shuffle_comes_from_the_seed():
    assert codes(PHLOG.new_game(seed=3).piles["green"].hand) == codes(PHLOG.new_game(seed=3).piles["green"].hand)
    hands = {tuple(codes(PHLOG.new_game(seed=s).piles["green"].draw)) for s in range(5)}
    assert len(hands) == 5


def test_scenarios_have_the_promised_pieces():
    corridor = PHLOG.new_game("corridor")
    kinds = set(corridor.terrain.values())
    assert kinds == {"set_dressing", "wall", "door", "star_trek_door", "pit", "obstacle"}
    assert (corridor.grid.width, corridor.grid.height) == (10, 8)
    for side in corridor.sides:
        band = [f for f in corridor.fighters.values() if f.side == side]
        assert len(band) == 3 and {f.weapon for f in band} == {"ranged", "hand_to_hand"}
    duel = PHLOG.new_game("duel")
    assert len(duel.fighters) == 2 and duel.grid.width * duel.grid.height <= 24


# -- the turn -------------------------------------------------------------------------------


def test_a_turn_nominates_a_fighter_then_plays_a_movement_card():
    game = new(OPEN, green=("5♠", "9♦", "2♣", "3♣", "4♣", "6♣"))
    assert game.current_player == "green" and game.phase == "nominate"
    refused(game, Step(G, "E"), "turn.nominate", "must first nominate")
    refused(game, Nominate(G, "tan-1"), "turn.nominate", "not a fighter of green's band")
    game.apply(Nominate(G, "green-1"))
    refused(game, Step(G, "E"), "turn.movement_card", "must first play a card")
    refused(game, PlayMovementCard(G, "K♥"), "turn.movement_card", "no K♥ in hand")
    refused(game, PlayMovementCard(G, "Joker:green"), "turn.movement_card")  # not held at all
    game.apply(PlayMovementCard(G, "5S"))  # typed the easy way
    assert game.history[-1].action == PlayMovementCard(G, "5♠")
    assert game.current_player == "tan" and game.phase == "joker"  # tan may answer with a joker
    game.apply(DeclineJoker(T))
    assert game.movement_left == 5 and game.current_player == "green"


def test_a_joker_cannot_be_played_as_a_movement_card():
    game = new(OPEN, green=("Joker:green", "9♦"))
    game.apply(Nominate(G, "green-1"))
    refused(game, PlayMovementCard(G, "Joker:green"), "jokers.play", "no value of its own")


def test_the_movement_card_goes_to_the_spent_pile_after_moving_and_hands_refill_to_six():
    game = new(OPEN, green=("5♠", "9♦", "2♣", "3♣", "4♣", "6♣"), tan=("2♦", "3♦", "4♦", "5♦", "6♦", "7♦"),
               green_draw=("K♠",))
    activate(game, "green-1", "5♠")
    game.apply(Step(G, "E"))
    assert Card.parse("5♠") not in game.piles["green"].spent  # still in play while moving
    game.apply(EndTurn(G))
    assert game.piles["green"].spent == (Card.parse("5♠"),)
    assert game.current_player == "tan" and len(game.piles["tan"].hand) == 6
    activate(game, "tan-1", "2♦")
    game.apply(EndTurn(T))
    assert len(game.piles["green"].hand) == 6 and Card.parse("K♠") in game.piles["green"].hand


def test_unspent_movement_is_lost_at_the_end_of_the_turn():
    game = new(OPEN, green=("5♠", "9♦"))
    activate(game, "green-1", "5♠")
    game.apply(Step(G, "E"))
    game.apply(EndTurn(G))
    assert game.movement_left == 0 and game.activated is None and game.active == "tan"


def test_a_player_must_activate_while_holding_a_card_to_move_with():
    game = new(OPEN, green=("5♠",))
    refused(game, EndTurn(G), "turn.nominate", "must activate a fighter")


def test_a_player_with_no_value_card_passes():
    game = new(OPEN, green=("Joker:green",), rest_to="tan")
    assert list(game.legal_actions) == [EndTurn(G)]
    refused(game, Nominate(G, "green-1"), "turn.movement_card", "no card to play for movement")
    events = game.apply(EndTurn(G))
    assert "passes" in events[0].text and game.active == "tan"


def test_an_empty_draw_pile_is_rebuilt_from_the_spent_pile():
    game = new(OPEN, green=("5♠", "6♠", "7♠", "8♠", "9♠", "10♠"), green_spent=("2♥", "3♥"),
               tan=("2♦",), rest_to="tan")
    activate(game, "green-1", "5♠")
    game.apply(EndTurn(G))
    activate(game, "tan-1", "2♦")
    events = game.apply(EndTurn(T))
    # Green's draw pile was empty: the spent pile (2♥, 3♥ and the 5♠) becomes the new draw pile.
    assert any(e.kind == "reshuffle" and "3 cards" in e.text for e in events)
    assert len(game.piles["green"].hand) == 6
    assert len(game.piles["green"].draw) == 2 and game.piles["green"].spent == ()


# -- movement ---------------------------------------------------------------------------------


def test_movement_is_orthogonal_one_point_a_square():
    game = new(OPEN, green=("2♠", "9♦"))
    activate(game, "green-1", "2♠")
    refused(game, Step(G, "NE"), "moving.orthogonal", "N, E, S or W")
    game.apply(Step(G, "E"))
    game.apply(Step(G, "S"))
    assert game.fighters["green-1"].square == (4, 2) and game.movement_left == 0
    refused(game, Step(G, "S"), "moving.points", "no movement points left")


def test_fighters_may_not_pass_through_or_end_on_another_fighter():
    game = new("g.g.t", green=("5♠", "9♦"))
    activate(game, "green-1", "5♠")
    game.apply(Step(G, "E"))
    refused(game, Step(G, "E"), "moving.occupied", "green-2 is standing there")


def test_moving_off_the_board_is_refused():
    game = new("g.t", green=("5♠", "9♦"))
    activate(game, "green-1", "5♠")
    refused(game, Step(G, "W"), "setup.grid", "off the board")


def test_a_jump_costs_two_points_a_square_and_at_least_four():
    game = new("gO....t", green=("9♠", "9♦"))
    activate(game, "green-1", "9♠")
    refused(game, Jump(G, "E", 1), "moving.jump", "at least 2 squares")
    game.apply(Jump(G, "E", 2))  # four points: two squares, over the pit
    assert game.fighters["green-1"].square == (2, 0) and game.movement_left == 5
    refused(game, Jump(G, "E", 3), "moving.points", "costs 6 movement points")


def test_six_points_jump_over_two_squares_in_a_straight_line():
    game = new("gOO..t", green=("6♠", "9♦"))
    activate(game, "green-1", "6♠")
    refused(game, Jump(G, "NE", 3), "moving.jump", "straight line")
    game.apply(Jump(G, "E", 3))
    assert game.fighters["green-1"].square == (3, 0) and game.movement_left == 0


def test_a_jump_may_not_pass_over_a_fighter_unless_the_setting_allows():
    game = new("gt...", green=("8♠", "9♦"))
    activate(game, "green-1", "8♠")
    refused(game, Jump(G, "E", 2), "moving.occupied", "cannot jump over tan-1")
    lenient = new("gt...", jump_over_fighters=True, green=("8♠", "9♦"))
    activate(lenient, "green-1", "8♠")
    lenient.apply(Jump(G, "E", 2))
    assert lenient.fighters["green-1"].square == (2, 0)


def test_a_jump_may_not_land_on_a_fighter_or_off_the_board():
    game = new("g.t..", green=("8♠", "9♦"))
    activate(game, "green-1", "8♠")
    refused(game, Jump(G, "E", 2), "moving.occupied", "tan-1 is standing there")
    refused(game, Jump(G, "W", 2), "setup.grid", "off the board")


def test_moving_after_the_turn_is_refused_with_whose_decision_it_is():
    game = new(OPEN, green=("5♠", "9♦"), tan=("2♦", "3♦"))
    game.apply(Nominate(G, "green-1"))
    game.apply(PlayMovementCard(G, "5♠"))
    refused(game, Step(G, "E"), "jokers.play", "tan must first decide whether to play a joker")
    refused(game, PlayJoker(T, 3), "jokers.play", "tan holds no joker")
