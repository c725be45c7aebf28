"""The decisions a player makes, as frozen values that print as code.

Cards are named by their code (``'Q♥'``; ``'QH'`` or a :class:`Card` are
accepted and normalised), so actions stay plain JSON in a save.
"""

from __future__ import annotations

from explorer.core import Action, action
from explorer.core.cards import Card, parse_code


class _CardAction(Action):
    def __post_init__(self):
        # Normalise what was typed ('qh', Card('Q', '♥')) to the code a save stores; leave
        # anything unreadable as it is, for the game to refuse with a reason.
        try:
            code = self.card.code if isinstance(self.card, Card) else parse_code(self.card).code
        except ValueError:
            return
        object.__setattr__(self, "card", code)


@action
class Nominate(Action):
    """Step 2 of the turn: choose the fighter to activate."""

    fighter: str


@action
class PlayMovementCard(_CardAction):
    """Step 3: a card from hand sets the activated fighter's movement in squares."""

    card: str


@action
class Step(Action):
    """Move the activated fighter one square N, E, S or W (one movement point)."""

    direction: str


@action
class Jump(Action):
    """Jump ``squares`` squares in a straight line (two movement points a square, at least two squares)."""

    direction: str
    squares: int


@action
class ToggleDoor(Action):
    """Open or close the door at ``square`` next to the activated fighter (one movement point)."""

    square: tuple[int, int]

    def __post_init__(self):
        if isinstance(self.square, list):
            object.__setattr__(self, "square", tuple(self.square))


@action
class Attack(Action):
    """The activated fighter attacks ``target`` (once per activation)."""

    target: str


@action
class ChooseAttackCard(_CardAction):
    """The attacker picks a card face down."""

    card: str


@action
class ChooseDefenceCard(_CardAction):
    """The defender picks a card face down."""

    card: str


@action
class PlayJoker(Action):
    """Reveal a joker against the card just revealed: it counts ``value`` instead."""

    value: int


@action
class CancelJoker(Action):
    """Answer a joker with a joker: the card keeps its own value."""


@action
class DeclineJoker(Action):
    """Let the revealed card (or the joker played against yours) stand."""


@action
class EndTurn(Action):
    """Announce the end of the turn (or pass, with no card to move with)."""


ACTION_TYPES = (Nominate, PlayMovementCard, Step, Jump, ToggleDoor, Attack, ChooseAttackCard,
                ChooseDefenceCard, PlayJoker, CancelJoker, DeclineJoker, EndTurn)
