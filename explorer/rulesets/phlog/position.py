"""What a Phlog game is made of: the fixed setup, and the frozen position that changes.

A turn is a sequence of decisions; ``phase`` says which one is due:

``nominate`` → ``movement_card`` → ``joker`` (the opponent may joker the card)
→ ``move`` (step, jump, doors, and at most one ``Attack``: ``attack_card``,
``defence_card``, then a ``joker`` window on each revealed card, then the
trick) → ``EndTurn``.

Two of those are decisions of the *other* player, so the position holds them
as its ``pending`` :class:`~explorer.core.Decision`: a :class:`JokerWindow`
(phase ``joker``) or a :class:`DefenceChoice` (phase ``defence_card``).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping

from explorer.core import Decision, Event
from explorer.core.actions import PUBLIC
from explorer.core.cards import Card, Piles
from explorer.core.grid import Grid, Square
from explorer.core.frozen import evolve, shared

from .data import Fighter
from .sections import ref

NOMINATE, MOVEMENT_CARD, JOKER, MOVE, ATTACK_CARD, DEFENCE_CARD = (
    "nominate", "movement_card", "joker", "move", "attack_card", "defence_card")
PHASES = (NOMINATE, MOVEMENT_CARD, JOKER, MOVE, ATTACK_CARD, DEFENCE_CARD)
OFFER, CANCEL = "offer", "cancel"
SLOTS = ("movement", "attack", "defence")


@dataclasses.dataclass(frozen=True)
class Setup:
    """What never changes in a game: the grid and its terrain (square -> kind; treat it as read-only)."""

    grid: Grid
    terrain: Mapping[Square, str]


@dataclasses.dataclass(frozen=True)
class AttackInProgress:
    """The attack being fought: the fighters, the cards chosen (codes), their values once revealed."""

    attacker: str  # fighter ids
    target: str
    attack_card: Card | None = None
    defence_card: Card | None = None
    attack_value: int | None = None  # after jokers, once revealed
    defence_value: int | None = None
    revealed: bool = False


@dataclasses.dataclass(frozen=True)
class JokerWindow(Decision):
    """A revealed card the other player may joker (stage ``offer``, decided by the ``reactor``), or a
    joker played against it that the card's owner may cancel (stage ``cancel``, decided by the owner)."""

    slot: str = "movement"  # "movement", "attack" or "defence"
    owner: str = ""  # the player whose revealed card may be changed
    reactor: str = ""  # the player who may play a joker against it
    stage: str = OFFER
    card: Card | None = None
    value: int = 0  # what the card counts now
    joker: Card | None = None  # the joker played against it, waiting for an answer
    named: int | None = None  # the value the joker names

    @property
    def prompt(self) -> str:
        if self.stage == OFFER:
            return f"decide whether to play a joker against {self.owner}'s {self.card}"
        return "decide whether to cancel the joker with a joker"


@dataclasses.dataclass(frozen=True)
class DefenceChoice(Decision):
    """The defender must choose a card, face down, to defend ``target`` with."""

    target: str = ""

    @property
    def prompt(self) -> str:
        return f"choose a card to defend {self.target}"


@dataclasses.dataclass(frozen=True)
class Position:
    """The part of a game that changes. Never mutated: each action builds the next one.

    ``fighters`` and ``piles`` are mappings treated as read-only.
    """

    fighters: Mapping[str, Fighter]
    piles: Mapping[str, Piles]
    side: str  # the active player
    turn: int = 1  # turns played so far plus one; a round is two turns
    open_doors: frozenset[Square] = frozenset()
    phase: str = NOMINATE
    activated: str | None = None
    movement_card: Card | None = None
    movement_value: int | None = None
    movement_left: int = 0
    movement_stopped: str | None = None  # the section whose rule ended the movement
    attacked: bool = False
    attack: AttackInProgress | None = None
    pending: JokerWindow | DefenceChoice | None = None

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    def table_cards(self) -> list[tuple[Card, str]]:
        """The cards in play: the movement card, the attack's cards, a joker awaiting an answer."""
        table = [(self.movement_card, "table:movement")]
        if self.attack:
            table += [(self.attack.attack_card, "table:attack"), (self.attack.defence_card, "table:defence")]
        if isinstance(self.pending, JokerWindow):
            table.append((self.pending.joker, "table:joker"))
        return [(c, where) for c, where in table if c is not None]

    def card_locations(self) -> list[tuple[Card, str]]:
        """Every card of the game with where it is; each of the 54 should appear exactly once."""
        places = [(c, f"{side}:{pile}") for side, piles in self.piles.items()
                  for pile in ("draw", "hand", "spent") for c in getattr(piles, pile)]
        return places + self.table_cards()

    def with_fighter(self, fighter: Fighter) -> Position:
        return evolve(self, fighters={**self.fighters, fighter.id: fighter})

    def with_piles(self, side: str, piles: Piles) -> Position:
        return evolve(self, piles={**self.piles, side: piles})


def count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def event(kind: str, text: str, keys: tuple[str, ...], visibility: str = PUBLIC, **data) -> Event:
    """An event citing the sections ``keys``, seen by everyone or by the one player ``visibility``."""
    data["visibility"] = visibility  # (the call's own new dict, written once: no second dict an event)
    return Event.made(kind, text, cited(keys), data)


def cited(keys: tuple[str, ...]) -> tuple[str, ...]:
    """The rules an event citing the sections ``keys`` holds."""
    found = _CITED.get(keys)
    if found is None:  # the same few tuples of sections come up in every turn: look them up once
        found = _CITED[keys] = tuple(ref(k).key for k in keys)
    return found


_CITED: dict[tuple[str, ...], tuple[str, ...]] = {}


@shared  # (the same cards drawn come again and again)
def draw_events(side: str, codes: tuple[str, ...]) -> tuple[Event, ...]:
    """Everyone sees how many cards were drawn; only the drawer sees which."""
    if not codes:
        return ()
    return (event("draw", f"{side} draws {count(len(codes), 'card')}.", ("turn.draw",), count=len(codes)),
            event("draw", f"{side} draws {', '.join(codes)}.", ("turn.draw",), side, cards=list(codes)))
