"""Attacking: who may attack whom, the trick, removal by four, the spoils, and winning the game."""

import pytest
from test_phlog_rules import refused
from test_phlog_support import activate, fight, new

from explorer.core import Termination
from explorer.core.cards import Card
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Step,
)

MELEE = """
g.t.
.g.t
"""

G, T = "green", "tan"

def spent(game, side):
    return sorted(c.code for c in game.piles[side].spent)


def test_hand_to_hand_needs_orthogonal_adjacency_by_default():
    game = new(MELEE, green=("5♠", "9♦"))
    activate(game, "green-2", "5♠")
    refused(game, Attack(G, "tan-1"), "attacking.hand_to_hand", "orthogonally next to")  # diagonal
    refused(game, Attack(G, "tan-2"), "attacking.hand_to_hand")
    diagonal = new(MELEE, diagonal_hand_to_hand=True, green=("5♠", "9♦"))
    activate(diagonal, "green-2", "5♠")
    assert Attack(G, "tan-1") in diagonal.legal_actions


def test_a_hand_to_hand_attack_ends_the_fighters_movement():
    game = new("gt..\n...t", green=("5♠", "9♦"), tan=("7♦",))
    activate(game, "green-1", "5♠")
    fight(game, "tan-1", "9♦", "7♦")
    refused(game, Step(G, "S"), "attacking.hand_to_hand", "movement has ended")
    assert list(game.legal_actions) == [EndTurn(G)]


def test_ranged_attacks_need_line_of_sight_and_may_come_at_any_point_of_the_move():
    game = new("G#..T\n.....", green=("5♠", "9♦"), tan=("7♦",))
    activate(game, "green-1", "5♠")
    refused(game, Attack(G, "tan-1"), "attacking.line_of_sight", "cannot see tan-1")
    game.apply(Step(G, "S"))
    fight(game, "tan-1", "9♦", "7♦")  # from (0, 1) the wall is out of the way
    game.apply(Step(G, "E"))  # and the move goes on
    assert game.fighters["green-1"].square == (1, 1) and game.movement_left == 3


def test_one_attack_per_activation():
    game = new("G..T", green=("5♠", "9♦", "8♦"), tan=("7♦", "6♦"))
    activate(game, "green-1", "5♠")
    fight(game, "tan-1", "9♦", "7♦")
    refused(game, Attack(G, "tan-1"), "attacking.one_per_activation", "already attacked")


def test_no_attacking_your_own_band_or_someone_not_on_the_board():
    game = new("Gg.T", green=("5♠", "9♦"))
    activate(game, "green-1", "5♠")
    refused(game, Attack(G, "green-2"), "attacking", "own band")
    refused(game, Attack(G, "nobody"), "attacking", "no such fighter")


def test_both_players_choose_a_card_from_hand_and_jokers_are_not_values():
    game = new("G..T", green=("5♠", "9♦", "Joker:green"), tan=("7♦",))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    refused(game, ChooseAttackCard(G, "K♣"), "attacking.cards", "no K♣ in hand")
    refused(game, ChooseAttackCard(G, "Joker:green"), "jokers.play", "no value of its own")
    refused(game, ChooseDefenceCard(T, "7♦"), "turn", "it is green's turn, not 'tan''s")
    refused(game, ChooseDefenceCard(G, "7♦"), "attacking.cards", "the attacker must first choose a card")
    game.apply(ChooseAttackCard(G, "9♦"))
    assert game.current_player == "tan"
    refused(game, ChooseDefenceCard(T, "8♦"), "attacking.cards", "tan has no 8♦ in hand")


@pytest.mark.parametrize("attack, defence, removed, keeper", [
    ("K♦", "9♣", "tan-1", "green"),  # 13 beats 9 by four: the defender is removed
    ("10♦", "7♣", None, "green"),  # by three: nobody is removed; the winner still keeps both cards
    ("2♦", "6♣", "green-1", "tan"),  # the attacker loses by four: the attacker is removed
    ("A♦", "K♣", "green-1", "tan"),
])
def test_the_higher_card_wins_and_four_or_more_removes_the_loser(attack, defence, removed, keeper):
    game = new("G..T\ng...\n...t", green=("5♠", attack), tan=(defence,))
    activate(game, "green-1", "5♠")
    events = fight(game, "tan-1", attack, defence)
    dead = {f.id for f in game.fighters.values() if not f.alive}
    assert dead == ({removed} if removed else set())
    assert spent(game, keeper) == sorted([attack, defence])
    assert any("phlog:attacking.removal" in e.rules for e in events)


def test_a_tie_wins_nothing_and_each_card_goes_back_to_its_owner_by_default():
    game = new("G..T", green=("5♠", "9♦"), tan=("9♣",))
    activate(game, "green-1", "5♠")
    fight(game, "tan-1", "9♦", "9♣")
    assert spent(game, "green") == ["9♦"] and spent(game, "tan") == ["9♣"]
    assert all(f.alive for f in game.fighters.values())


@pytest.mark.parametrize("ties, keeper", [("defender", "tan"), ("attacker", "green")])
def test_ties_can_go_to_one_side_by_setting(ties, keeper):
    game = new("G..T", ties=ties, green=("5♠", "9♦"), tan=("9♣",))
    activate(game, "green-1", "5♠")
    fight(game, "tan-1", "9♦", "9♣")
    assert spent(game, keeper) == ["9♣", "9♦"]


def test_card_values_are_a_setting():
    ace_high = new("G..T\ng...\n...t", ace_high=True, green=("5♠", "A♦"), tan=("10♣",))
    activate(ace_high, "green-1", "5♠")
    fight(ace_high, "tan-1", "A♦", "10♣")  # 14 beats 10 by four
    assert not ace_high.fighters["tan-1"].alive
    tens = new("G..T\ng...\n...t", court_cards_ten=True, green=("5♠", "K♦"), tan=("9♣",))
    activate(tens, "green-1", "5♠")
    fight(tens, "tan-1", "K♦", "9♣")  # 10 beats 9 by one
    assert tens.fighters["tan-1"].alive


@pytest.mark.parametrize("margin, removed", [(2, True), (3, True), (4, False)])
def test_the_removal_margin_is_a_house_rule(margin, removed):
    """removal_margin (a setting, see the Rulings): 10 beats 7 by three, which removes with a margin of 3 or less."""
    from explorer.rulesets.phlog import Settings
    from explorer.rulesets.phlog.mechanics import resolve_trick
    from explorer.rulesets.phlog.odds import odds_for_card

    game = new("G..T\ng...\n...t", removal_margin=margin, green=("5♠", "10♦"), tan=("7♣",))
    activate(game, "green-1", "5♠")
    events = fight(game, "tan-1", "10♦", "7♣")
    assert game.fighters["tan-1"].alive is not removed
    assert any("phlog:attacking.removal" in e.rules for e in events)
    assert f"won by {'' if removed else 'less than '}{margin}" in resolve_trick(10, 7, margin).explain()
    assert odds_for_card(10, {(7, 0): 1}, margin=margin).remove_enemy == (1 if removed else 0)
    with pytest.raises(ValueError, match="removal_margin"):
        Settings(removal_margin=0)


def test_a_defender_with_no_card_defends_with_nothing():
    game = new("G..T\n...t", green=("5♠", "4♦"), tan=("Joker:tan",), rest_to="green")
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    events = game.apply(ChooseAttackCard(G, "4♦"))
    assert any("no card in hand to defend with" in e.text for e in events)
    assert game.phase == "joker" and game.window.owner == "green"
    game.apply(DeclineJoker(T))
    assert not game.fighters["tan-1"].alive  # 4 beats nothing (0) by four


def test_no_attack_without_a_card_left_in_hand():
    game = new("G..T", green=("5♠",), rest_to="tan")
    activate(game, "green-1", "5♠")
    refused(game, Attack(G, "tan-1"), "attacking.cards", "no card in hand to attack with")


def test_an_attacker_who_is_removed_can_only_end_the_turn():
    game = new("G..T\ng...", green=("5♠", "2♦"), tan=("K♣",))
    activate(game, "green-1", "5♠")
    fight(game, "tan-1", "2♦", "K♣")
    assert not game.fighters["green-1"].alive
    refused(game, Step(G, "E"), "attacking.removal", "removed from play")
    assert list(game.legal_actions) == [EndTurn(G)]


def test_a_band_with_no_fighters_left_loses_and_the_game_stops():
    game = new("G..T", green=("5♠", "K♦"), tan=("9♣",))
    activate(game, "green-1", "5♠")
    events = fight(game, "tan-1", "K♦", "9♣")
    assert game.outcome.winner == "green" and "tan has nothing left in play" in game.outcome.reason
    assert game.outcome.kind is Termination.ELIMINATION
    assert events[-1].rules == ("phlog:turn.victory",)
    assert game.current_player is None and list(game.legal_actions) == []
    refused(game, EndTurn(G), "turn.victory", "the game is over")


def test_a_round_limit_ends_the_game_by_fighters_standing():
    game = new("g...t\n....t", max_rounds=1, green=("5♠",), tan=("2♦",))
    activate(game, "green-1", "5♠")
    game.apply(EndTurn(G))
    assert game.outcome is None
    activate(game, "tan-1", "2♦")
    game.apply(EndTurn(T))
    assert game.outcome.winner == "tan" and "tan has more in play (1 to 2)" in game.outcome.reason
    assert game.outcome.kind is Termination.ROUND_LIMIT


def test_every_event_of_an_attack_cites_a_rule():
    game = new("G..T\ng...", green=("5♠", "K♦"), tan=("9♣",))
    activate(game, "green-1", "5♠")
    assert [e.rules for e in game.apply(Attack(G, "tan-1"))] == [("phlog:attacking.ranged",)]
    game.apply(ChooseAttackCard(G, "K♦"))
    game.apply(ChooseDefenceCard(T, "9♣"))
    game.apply(DeclineJoker(T))
    trick = game.apply(DeclineJoker(G))
    cited = {rule for e in trick for rule in e.rules}
    assert {"phlog:attacking.trick", "phlog:attacking.removal", "phlog:attacking.spoils"} <= cited
    assert all(e.rules for turn in game.history for e in turn.events)
    assert Card.parse("9♣") in game.piles["green"].spent
