"""Exact attack odds, checked against brute-force enumeration of every possible opponent hand."""

from fractions import Fraction
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_phlog_support import activate, new

from explorer.core.cards import Card, CardValues, standard_deck
from explorer.rulesets.phlog import (
    BEST, UNIFORM, Attack, AttackOdds, ChooseAttackCard, attack_odds,
)
from explorer.rulesets.phlog.odds import odds_for_card, opponent_play

VALUES = CardValues()
DECK = standard_deck() + [Card.joker("green"), Card.joker("tan")]

G, T = "green", "tan"

def brute_force(mine, unseen, k, assumption, *, my_jokers=0, jokers=False, i_attack=True, lowest=1):
    """Every k-card hand the opponent could hold, each equally likely, and their choice in it.

    The joker policy is re-implemented here, step by step, independently of the engine."""
    remove = lose = total = Fraction(0)
    for hand in combinations(unseen, min(k, len(unseen))):
        plain = [VALUES.value(c) for c in hand if not c.is_joker]
        their_jokers = len(hand) - len(plain)
        if not plain:
            choices = [0]
        elif assumption == BEST:
            choices = [max(plain)]
        else:
            choices = plain
        for theirs in choices:
            weight = Fraction(1, len(choices))
            a, b = mine, theirs
            if jokers:
                a, b = _jokers_by_hand(a, b, my_jokers, their_jokers, i_attack, lowest)
            total += weight
            if a - b >= 4:
                remove += weight
            elif b - a >= 4:
                lose += weight
    return AttackOdds(remove / total, lose / total, 1 - remove / total - lose / total)


def _jokers_by_hand(a, b, mine_held, theirs_held, i_attack, lowest):
    def window(reactor_held, owner_held, owner_card):
        if owner_card == 0 or owner_card <= lowest or reactor_held == 0:
            return reactor_held, owner_held, owner_card
        if owner_held:
            return reactor_held - 1, owner_held - 1, owner_card
        return reactor_held - 1, owner_held, lowest

    if i_attack:  # the defender (them) answers my card first
        theirs_held, mine_held, a = window(theirs_held, mine_held, a)
        mine_held, theirs_held, b = window(mine_held, theirs_held, b)
    else:
        mine_held, theirs_held, b = window(mine_held, theirs_held, b)
        theirs_held, mine_held, a = window(theirs_held, mine_held, a)
    return a, b


def test_a_hand_worked_example():
    unseen = [Card.parse("2♣"), Card.parse("9♦")]
    play = opponent_play(unseen, 1, VALUES, UNIFORM)
    assert play == {(2, 0): Fraction(1, 2), (9, 0): Fraction(1, 2)}
    assert odds_for_card(7, play) == AttackOdds(Fraction(1, 2), Fraction(0), Fraction(1, 2))
    best = opponent_play(unseen, 2, VALUES, BEST)
    assert best == {(9, 0): Fraction(1)}
    assert odds_for_card(3, best) == AttackOdds(Fraction(0), Fraction(1), Fraction(0))


@pytest.mark.parametrize("assumption", [UNIFORM, BEST])
@pytest.mark.parametrize("jokers", [False, True])
def test_matches_brute_force_on_a_fixed_small_case(assumption, jokers):
    unseen = [Card.parse(c) for c in ("A♣", "3♦", "5♥", "5♠", "8♣", "Q♦", "K♥", "Joker:tan")]
    for k in (1, 2, 3, 5):
        play = opponent_play(unseen, k, VALUES, assumption)
        assert sum(play.values()) == 1
        for mine in (1, 5, 9, 13):
            for my_jokers in (0, 1):
                exact = odds_for_card(mine, play, my_jokers=my_jokers, jokers=jokers)
                assert exact == brute_force(mine, unseen, k, assumption, my_jokers=my_jokers, jokers=jokers)


@settings(max_examples=40)
@given(
    unseen=st.lists(st.sampled_from(DECK), min_size=1, max_size=9, unique=True),
    k=st.integers(1, 4), mine=st.integers(1, 13), my_jokers=st.integers(0, 1),
    assumption=st.sampled_from([UNIFORM, BEST]), jokers=st.booleans(), i_attack=st.booleans(),
)
def test_matches_brute_force_on_random_small_cases(unseen, k, mine, my_jokers, assumption, jokers, i_attack):
    play = opponent_play(unseen, k, VALUES, assumption)
    exact = odds_for_card(mine, play, my_jokers=my_jokers, jokers=jokers, i_attack=i_attack)
    assert exact == brute_force(mine, unseen, k, assumption, my_jokers=my_jokers, jokers=jokers, i_attack=i_attack)
    assert exact.remove_enemy + exact.lose_own + exact.neither == 1


def test_playing_the_best_card_is_worse_for_you_than_a_random_one():
    game = new("G..T", green=("5♠", "9♦", "K♦"), tan=("2♦", "3♦", "4♦", "5♦", "6♦", "7♦"))
    uniform, best = attack_odds(game, "green", UNIFORM), attack_odds(game, "green", BEST)
    king = Card.parse("K♦")
    assert best[king].remove_enemy < uniform[king].remove_enemy
    assert best[king].lose_own >= uniform[king].lose_own


def test_attack_odds_use_only_what_the_player_can_see():
    game = new("G..T", green=("5♠", "9♦", "K♦", "Joker:green"), tan=("2♦", "3♦", "4♦"),
               tan_spent=("10♣", "J♣"))
    view = game.view("green")
    unseen = set(view.unseen_cards())
    assert len(unseen) == 54 - 4 - 2  # not the own hand, not the (face-up) spent pile
    assert not unseen & {Card.parse(c) for c in ("5♠", "10♣", "J♣")} and Card.parse("2♦") in unseen
    odds = attack_odds(game, "green", BEST)
    assert set(odds) == {Card.parse(c) for c in ("5♠", "9♦", "K♦")}  # the joker is not an attack card
    play = opponent_play(sorted(unseen, key=str), 3, VALUES, BEST)
    assert odds[Card.parse("9♦")] == odds_for_card(9, play)
    assert attack_odds(view, assumption=BEST) == odds  # the same from the view alone


def test_face_down_spent_piles_widen_what_is_unseen():
    game = new("G..T", spent_piles_face_up=False, green=("5♠",), tan=("2♦",), tan_spent=("10♣",))
    assert Card.parse("10♣") in game.view("green").unseen_cards()
    assert game.view("green").opponent_spent is None


def test_a_card_chosen_face_down_still_counts_in_the_opponents_hand():
    game = new("G..T", green=("5♠", "9♦"), tan=("2♦", "3♦"))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    game.apply(ChooseAttackCard(G, "9♦"))
    view = game.view("tan")
    assert view.opponent_hand_count == 0 and view.opponent_hand_effective == 1
    assert Card.parse("9♦") in view.unseen_cards() and view.role_in_attack == "defender"
    odds = attack_odds(game, "tan", UNIFORM)
    assert set(odds) == {Card.parse("2♦"), Card.parse("3♦")}
