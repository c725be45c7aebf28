"""What one player may see: the board, their own cards, and only counts of the other's.

A :class:`PlayerView` is what a widget for one seat shows and what the odds
are computed from. It never holds the opponent's hand or draw pile, nor a
card the opponent has chosen face down; the opponent's spent pile is shown
only if spent piles are played face up.
"""

from __future__ import annotations

import dataclasses
import functools
from collections.abc import Mapping

from explorer.core import Event, Outcome
from explorer.core.cards import Card, standard_deck
from explorer.core.grid import Grid, Square

from .data import Fighter
from .settings import Settings


@dataclasses.dataclass(frozen=True)
class AttackView:
    attacker: str  # fighter ids
    target: str
    attacker_side: str
    defender_side: str
    attack_chosen: bool
    defence_chosen: bool
    revealed: bool
    attack_card: Card | None  # None while hidden from this player (or not chosen)
    defence_card: Card | None
    attack_value: int | None  # after jokers, once revealed
    defence_value: int | None


@dataclasses.dataclass(frozen=True)
class JokerWindowView:
    card_owner: str  # the player whose revealed card may be changed
    reactor: str  # the player who may play a joker against it
    slot: str  # "movement", "attack" or "defence"
    stage: str  # "offer": reactor decides; "cancel": card owner decides
    card: Card
    value: int  # what the card counts now
    joker: Card | None = None  # the joker played against it, waiting for an answer
    named_value: int | None = None


@dataclasses.dataclass(frozen=True)
class PlayerView:
    player: str
    opponent: str
    settings: Settings
    grid: Grid
    terrain: Mapping[Square, str]
    open_doors: frozenset[Square]
    fighters: Mapping[str, Fighter]
    turn: int
    active: str
    phase: str
    current_player: str | None
    activated: str | None
    movement_card: Card | None
    movement_value: int | None
    movement_left: int
    attacked: bool
    hand: tuple[Card, ...]
    draw_count: int
    spent: tuple[Card, ...]
    opponent_hand_count: int
    opponent_draw_count: int
    opponent_spent_count: int
    opponent_spent: tuple[Card, ...] | None  # None when spent piles are face down
    attack: AttackView | None
    joker_window: JokerWindowView | None
    events: tuple[Event, ...]
    outcome: Outcome | None
    all_cards: tuple[Card, ...] = ()
    movement_stopped: str | None = None  # the section whose rule ended the activated fighter's movement

    @property
    def board(self):
        """The board as the engine judges it (doors open or shut, who stands where)."""
        from .mechanics import Board

        return Board.of(self)

    @property
    def can_move(self) -> bool:
        """Whether the activated fighter may still move now (the engine's answer, for highlighting)."""
        fighter = self.fighters.get(self.activated) if self.activated else None
        return (self.phase == "move" and fighter is not None and fighter.alive and not self.movement_stopped
                and self.outcome is None)

    @property
    def visible_table_cards(self) -> tuple[Card, ...]:
        cards = [self.movement_card]
        if self.attack:
            cards += [self.attack.attack_card, self.attack.defence_card]
        if self.joker_window:
            cards.append(self.joker_window.joker)
        return tuple(c for c in cards if c is not None)

    @property
    def role_in_attack(self) -> str:
        """Whether this player attacks or defends in the current (or next) attack."""
        return "attacker" if self.active == self.player else "defender"

    @property
    def opponent_hidden_choice(self) -> bool:
        """The opponent has chosen an attack or defence card this player cannot see yet."""
        if not self.attack or self.attack.revealed:
            return False
        if self.attack.attacker_side == self.opponent:
            return self.attack.attack_chosen
        return self.attack.defence_chosen

    @property
    def opponent_hand_effective(self) -> int:
        """How many unseen cards the opponent chooses from: their hand, plus a card chosen face down."""
        return self.opponent_hand_count + self.opponent_hidden_choice

    @property
    def choosable_cards(self) -> tuple[Card, ...]:
        """This player's hand, plus the card they have already chosen face down for this attack."""
        chosen = ()
        if self.attack and not self.attack.revealed:
            mine = self.attack.attack_card if self.attack.attacker_side == self.player else self.attack.defence_card
            chosen = (mine,) if mine else ()
        return tuple(dict.fromkeys(self.hand + chosen))

    def unseen_cards(self) -> tuple[Card, ...]:
        """Every card of the game this player cannot see: the pool the opponent's hand comes from."""
        seen = set(self.hand) | set(self.spent) | set(self.visible_table_cards)
        if self.opponent_spent is not None:
            seen |= set(self.opponent_spent)
        return tuple(c for c in self.all_cards if c not in seen)


@functools.lru_cache(maxsize=16)
def all_cards(sides: tuple[str, ...]) -> tuple[Card, ...]:
    """The 54 cards of a game: the standard deck and one joker per side."""
    return tuple(standard_deck()) + tuple(Card.joker(side) for side in sides)
