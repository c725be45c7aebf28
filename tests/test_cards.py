"""Playing cards: the deck, codes that round-trip, values under settings, the piles."""

import pytest

from explorer.core.cards import Card, CardValues, Piles, deal_halves, standard_deck
from explorer.core.rng import GameRNG


def test_the_deck_has_52_different_cards():
    deck = standard_deck()
    assert len(deck) == 52 == len(set(deck))
    assert sum(c.rank == "Q" for c in deck) == 4 and sum(c.suit == "♥" for c in deck) == 13


def test_cards_print_as_code_and_as_short_codes():
    queen = Card("Q", "♥")
    assert repr(queen) == "Card('Q', '♥')" and eval(repr(queen)) == queen
    assert str(queen) == "Q♥" and str(Card("10", "♠")) == "10♠"
    assert repr(Card.joker("green")) == "Card('Joker', 'green')" and str(Card.joker("green")) == "Joker:green"


@pytest.mark.parametrize("text, card", [
    ("Q♥", Card("Q", "♥")), ("qh", Card("Q", "♥")), ("10S", Card("10", "♠")), ("TS", Card("10", "♠")),
    ("a♣", Card("A", "♣")), ("Joker:tan", Card.joker("tan")),
])
def test_parse_reads_what_people_type(text, card):
    assert Card.parse(text) == card


def test_every_code_round_trips():
    for card in standard_deck() + [Card.joker("green")]:
        assert Card.parse(card.code) == card


@pytest.mark.parametrize("bad", ["", "Z♥", "Q", "11H", "QX", "Joker:"])
def test_bad_codes_are_refused(bad):
    with pytest.raises(ValueError):
        Card.parse(bad)


def test_jokers_are_told_apart_by_owner():
    assert Card.joker("green") != Card.joker("tan") and Card.joker("tan").is_joker
    assert not Card("K", "♦").is_joker


def test_card_values_follow_the_settings():
    plain, ace_high, tens = CardValues(), CardValues(ace_high=True), CardValues(court_cards_ten=True)
    assert plain.table() == {"A": 1, **{str(n): n for n in range(2, 11)}, "J": 11, "Q": 12, "K": 13}
    assert ace_high.value(Card("A", "♠")) == 14 and ace_high.values() == tuple(range(2, 15))
    assert tens.value(Card("K", "♠")) == 10 == tens.value(Card("J", "♥")) and tens.values() == tuple(range(1, 11))
    assert (plain.lowest, plain.highest) == (1, 13)
    with pytest.raises(ValueError, match="no value"):
        plain.value(Card.joker("green"))


def test_deal_halves_splits_evenly_and_loses_nothing():
    first, second = deal_halves(standard_deck(), GameRNG(4).shuffle)
    assert len(first) == len(second) == 26
    assert set(first) | set(second) == set(standard_deck())


def test_drawing_refills_the_hand_and_reshuffles_the_spent_pile_when_the_draw_pile_runs_out():
    cards = standard_deck()
    piles = Piles(draw=cards[:2], hand=cards[2:5], spent=cards[5:10])
    after, drawn = piles.draw_up_to(6, GameRNG(1).shuffle)
    assert len(after.hand) == 6 and len(drawn.cards) == 3
    assert drawn.reshuffled == 5 and after.spent == () and len(after.draw) == 4
    assert sorted(map(str, after.cards())) == sorted(map(str, cards[:10]))
    assert len(piles.hand) == 3 and len(piles.spent) == 5  # piles are values: the old ones are unchanged


def test_drawing_stops_when_a_player_has_no_cards_left_anywhere():
    piles = Piles(draw=[Card("2", "♣")], hand=[], spent=[])
    after, drawn = piles.draw_up_to(6, GameRNG(1).shuffle)
    assert drawn.cards == (Card("2", "♣"),) and after.hand == (Card("2", "♣"),)


def test_piles_round_trip_through_plain_json():
    piles = Piles(draw=[Card("2", "♣")], hand=[Card.joker("tan")], spent=[Card("K", "♦")])
    assert Piles.from_dict(piles.to_dict()) == piles
    assert piles.to_dict() == {"draw": ["2♣"], "hand": ["Joker:tan"], "spent": ["K♦"]}


def test_piles_are_immutable_values_and_changes_return_new_piles():
    piles = Piles(draw=[Card("2", "♣")], hand=[Card.joker("tan"), Card("K", "♦")])
    assert piles.draw == (Card("2", "♣"),) and hash(piles) == hash(Piles(draw=(Card("2", "♣"),),
                                                                      hand=(Card.joker("tan"), Card("K", "♦"))))
    taken = piles.take_from_hand(Card("K", "♦")).add_spent(Card("K", "♦"))
    assert taken.hand == (Card.joker("tan"),) and taken.spent == (Card("K", "♦"),)
    assert piles.hand == (Card.joker("tan"), Card("K", "♦"))
    with pytest.raises(ValueError, match="not in this hand"):
        piles.take_from_hand(Card("Q", "♥"))


@pytest.mark.parametrize("data, message", [
    ({"draw": [], "hand": []}, "exactly 'draw', 'hand' and 'spent'"),
    ({"draw": "2♣", "hand": [], "spent": []}, "list of at most"),
    ({"draw": ["2♣"] * 500, "hand": [], "spent": []}, "list of at most"),
    ({"draw": ["Z♥"], "hand": [], "spent": []}, "is not a card"),
    ({"draw": [7], "hand": [], "spent": []}, "a card code is text"),
])
def test_malformed_piles_are_refused_with_a_reason(data, message):
    with pytest.raises(ValueError, match=message):
        Piles.from_dict(data)
