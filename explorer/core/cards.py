"""A standard deck of playing cards, jokers included, and the piles a player keeps.

A :class:`Card` is a small frozen value: ``Card('Q', '♥')`` prints as that and
as the short code ``Q♥`` (what saves and actions store). A joker is
``Card('Joker', owner)``: its "suit" names whose joker it is, so the two jokers
of a game stay distinguishable. What a card is worth is not the card's
business: :class:`CardValues` turns a card into a number under a ruleset's
settings (ace low or high, court cards 11-13 or all 10).
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Callable, Iterable
from typing import Any
from .limits import brief

SUITS = ("♠", "♥", "♦", "♣")
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKER = "Joker"

# Letters people can type for suits: 'QH' is the queen of hearts.
_SUIT_LETTERS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


@dataclasses.dataclass(frozen=True)
class Card:
    rank: str
    suit: str  # for a joker: its owner
    code: str = dataclasses.field(init=False, repr=False, compare=False)  # 'Q♥', 'Joker:green'

    def __post_init__(self):
        if self.rank == JOKER:
            if not isinstance(self.suit, str) or not self.suit or ":" in self.suit:
                raise ValueError(f"a joker needs an owner name, not {brief(self.suit)}")
        elif self.rank not in RANKS or self.suit not in SUITS:
            raise ValueError(f"no such card: rank {brief(self.rank)} of suit {brief(self.suit)}")
        # Computed once: cards are hashed and written out constantly, and a str caches its hash.
        object.__setattr__(self, "code", f"{JOKER}:{self.suit}" if self.rank == JOKER else f"{self.rank}{self.suit}")

    def __hash__(self) -> int:
        return hash(self.code)

    @classmethod
    def joker(cls, owner: str) -> Card:
        return cls(JOKER, owner)

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read a card code: ``'Q♥'``, ``'qh'``, ``'10♠'``, ``'TS'``, ``'Joker:green'``."""
        if not isinstance(text, str):
            raise ValueError(f"a card code is text, not {brief(text)}")
        if text.lower().startswith("joker:"):
            return cls(JOKER, text.split(":", 1)[1])
        rank, suit = text[:-1].upper(), text[-1:]
        rank = "10" if rank == "T" else rank
        suit = _SUIT_LETTERS.get(suit.upper(), suit)
        try:
            return cls(rank, suit)
        except ValueError:
            raise ValueError(f"{brief(text)} is not a card (try 'Q♥', 'QH', '10S' or 'Joker:green')") from None

    @property
    def is_joker(self) -> bool:
        return self.rank == JOKER

    def __str__(self) -> str:
        return self.code

    def __repr__(self) -> str:
        return f"Card({brief(self.rank)}, {brief(self.suit)})"


def standard_deck() -> list[Card]:
    """The 52 cards in new-deck order (suit by suit, ace to king)."""
    return list(_STANDARD_DECK)  # cards are frozen values: every new game may share the same 52


_STANDARD_DECK = tuple(Card(rank, suit) for suit in SUITS for rank in RANKS)


def card_code(card: Card | str) -> str:
    """The canonical code of a card given as a :class:`Card` or any code :meth:`Card.parse` reads."""
    return (card if isinstance(card, Card) else parse_code(card)).code


@dataclasses.dataclass(frozen=True)
class CardValues:
    """What each rank is worth. Jokers have no value: they change other cards."""

    ace_high: bool = False  # ace counts 14 instead of 1
    court_cards_ten: bool = False  # J, Q, K count 10 instead of 11, 12, 13

    def value(self, card: Card) -> int:
        if card.is_joker:
            raise ValueError("a joker has no value of its own")
        if card.rank == "A":
            return 14 if self.ace_high else 1
        if card.rank in ("J", "Q", "K"):
            return 10 if self.court_cards_ten else 11 + ("J", "Q", "K").index(card.rank)
        return int(card.rank)

    def table(self) -> dict[str, int]:
        """Rank to value, for a rulebook table."""
        return dict(_value_table(self))

    def values(self) -> tuple[int, ...]:
        """Every value a card can have, lowest first."""
        return tuple(sorted(set(_value_table(self).values())))

    @property
    def lowest(self) -> int:
        return self.values()[0]

    @property
    def highest(self) -> int:
        return self.values()[-1]


@functools.lru_cache(maxsize=8)
def _value_table(values: CardValues) -> dict[str, int]:
    return {rank: values.value(Card(rank, SUITS[0])) for rank in RANKS}


@dataclasses.dataclass(frozen=True)
class Piles:
    """One player's cards, immutable: a face-down draw pile (top is the end), a hand, a spent pile.

    Every change returns new piles (a game keeps them in a frozen position).
    Lists given are stored as tuples.
    """

    draw: tuple[Card, ...] = ()
    hand: tuple[Card, ...] = ()
    spent: tuple[Card, ...] = ()

    def __post_init__(self):
        for name in ("draw", "hand", "spent"):
            value = getattr(self, name)
            if not isinstance(value, tuple):
                object.__setattr__(self, name, tuple(value))

    def cards(self) -> tuple[Card, ...]:
        return self.draw + self.hand + self.spent

    def draw_up_to(self, size: int, shuffle: Callable[[list], None]) -> tuple[Piles, Drawn]:
        """Fill the hand to ``size``; an empty draw pile is rebuilt by shuffling the spent pile.

        Returns the new piles and what was drawn.
        """
        need = size - len(self.hand)
        if need <= 0:
            return self, _NOTHING_DRAWN
        if need <= len(self.draw):  # the usual case (a card or two from a full pile), as the loop below does it
            # without copying the piles into lists and back: the top cards, last first, go to the hand
            draw = self.draw
            drawn = draw[-need:][::-1]
            return self._made(draw[:-need], self.hand + drawn, self.spent), Drawn._made(drawn)
        draw, hand, spent = list(self.draw), list(self.hand), list(self.spent)
        drawn, reshuffled = [], 0
        while len(hand) < size:
            if not draw:
                if not spent:
                    break  # every card this player owns is in hand or in play
                reshuffled += len(spent)
                draw, spent = spent, []
                shuffle(draw)
            card = draw.pop()
            hand.append(card)
            drawn.append(card)
        return self._made(tuple(draw), tuple(hand), tuple(spent)), Drawn(tuple(drawn), reshuffled)

    def take_from_hand(self, card: Card) -> Piles:
        """The piles with (one copy of) ``card`` gone from the hand; ``ValueError`` if it is not there."""
        hand = self.hand
        for i, held in enumerate(hand):  # the very card first (the usual case: no card compared field by field)
            if held is card:
                break
        else:
            if card not in hand:
                raise ValueError(f"{card} is not in this hand")
            i = hand.index(card)
        return self._made(self.draw, hand[:i] + hand[i + 1:], self.spent)

    def add_spent(self, *cards: Card) -> Piles:
        return self._made(self.draw, self.hand, self.spent + cards)

    @classmethod
    def _made(cls, draw: tuple[Card, ...], hand: tuple[Card, ...], spent: tuple[Card, ...]) -> Piles:
        """``cls(draw, hand, spent)`` for three tuples, without the frozen ``__init__`` and its check (piles change
        at most plays of a card game: this is the cheap way for the piles' own methods)."""
        piles = object.__new__(cls)
        piles.__dict__.update(draw=draw, hand=hand, spent=spent)
        return piles

    def to_dict(self) -> dict[str, list[str]]:
        return {"draw": _codes(self.draw), "hand": _codes(self.hand), "spent": _codes(self.spent)}

    @classmethod
    def from_dict(cls, data: Any) -> Piles:
        """Piles from ``{"draw": [...], "hand": [...], "spent": [...]}``; ``ValueError`` saying what is wrong."""
        if not isinstance(data, dict) or set(data) != {"draw", "hand", "spent"}:
            raise ValueError("piles must be an object with exactly 'draw', 'hand' and 'spent'")
        piles = []
        for name in ("draw", "hand", "spent"):
            codes = data[name]
            if not isinstance(codes, list) or len(codes) > MAX_PILE:
                raise ValueError(f"the {name} pile must be a list of at most {MAX_PILE} card codes")
            piles.append(_cards(codes))
        return cls(*piles)


MAX_PILE = 128  # far more than any deck; bounds what a save may ask us to read


@dataclasses.dataclass(frozen=True)
class Drawn:
    """What a draw did: the cards drawn, and how many spent cards were shuffled back first."""

    cards: tuple[Card, ...]
    reshuffled: int = 0

    @classmethod
    def _made(cls, cards: tuple[Card, ...]) -> Drawn:
        """``Drawn(cards)`` without the frozen ``__init__`` (a draw at every turn)."""
        drawn = object.__new__(cls)
        drawn.__dict__.update(cards=cards, reshuffled=0)
        return drawn


_NOTHING_DRAWN = Drawn(())


def deal_halves(deck: list[Card], shuffle: Callable[[list], None]) -> tuple[list[Card], list[Card]]:
    """Shuffle ``deck`` and split it evenly into two piles."""
    cards = list(deck)
    shuffle(cards)
    half = len(cards) // 2
    return cards[:half], cards[half:]


def _codes(cards: Iterable[Card]) -> list[str]:
    return [c.code for c in cards]


def _cards(codes: Iterable[str]) -> tuple[Card, ...]:
    return tuple(parse_code(c) for c in codes)


# The deck's own 52 cards first: a card named by its code is then the very object held in a hand (dealt from
# standard_deck), which a hand finds by identity, without comparing it card by card.
_PARSED: dict[str, Card] = {card.code: card for card in _STANDARD_DECK}


def parse_code(code: str) -> Card:
    """:meth:`Card.parse`, remembered: games restore the same 54 codes very often."""
    card = _PARSED.get(code) if isinstance(code, str) else None
    if card is None:
        card = Card.parse(code)
        card = _PARSED.get(card.code, card)  # 'qh' is the deck's Q♥
        if len(_PARSED) < 4096:
            _PARSED[code] = card
    return card
