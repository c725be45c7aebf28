"""The decisions a player makes, as frozen values that print as code.

Every action names the ``player`` who takes it first. Cards are named by
their code (``'Q♥'``; ``'QH'`` or a :class:`Card` are accepted and
normalised), so actions stay plain JSON in a save.
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

    player: str
    fighter: str


@action
class PlayMovementCard(_CardAction):
    """Step 3: a card from hand sets the activated fighter's movement in squares."""

    player: str
    card: str


@action
class Step(Action):
    """Move the activated fighter one square N, E, S or W (one movement point)."""

    player: str
    direction: str


@action
class Jump(Action):
    """Jump ``squares`` squares in a straight line (two movement points a square, at least two squares)."""

    player: str
    direction: str
    squares: int


@action
class ToggleDoor(Action):
    """Open or close the door at ``square`` next to the activated fighter (one movement point)."""

    player: str
    square: tuple[int, int]


@action
class Attack(Action):
    """The activated fighter attacks ``target`` (once per activation)."""

    player: str
    target: str


@action
class ChooseAttackCard(_CardAction):
    """The attacker picks a card face down."""

    player: str
    card: str


@action
class ChooseDefenceCard(_CardAction):
    """The defender picks a card face down."""

    player: str
    card: str


@action
class PlayJoker(Action):
    """Reveal a joker against the card just revealed: it counts ``value`` instead."""

    player: str
    value: int


@action
class CancelJoker(Action):
    """Answer a joker with a joker: the card keeps its own value."""

    player: str


@action
class DeclineJoker(Action):
    """Let the revealed card (or the joker played against yours) stand."""

    player: str


@action
class EndTurn(Action):
    """Announce the end of the turn (or pass, with no card to move with)."""

    player: str


ACTIONS = (Nominate, PlayMovementCard, Step, Jump, ToggleDoor, Attack, ChooseAttackCard,
           ChooseDefenceCard, PlayJoker, CancelJoker, DeclineJoker, EndTurn)


def describe(act: Action, *, hide_cards: bool = False) -> str:
    """An action in words; ``hide_cards`` hides a card chosen face down (someone else's choice)."""
    if isinstance(act, Nominate):
        return f"activate {act.fighter}"
    if isinstance(act, PlayMovementCard):
        return f"play {act.card} for movement"
    if isinstance(act, Step):
        return f"step {act.direction}"
    if isinstance(act, Jump):
        return f"jump {act.squares} squares {act.direction}"
    if isinstance(act, ToggleDoor):
        square = tuple(act.square) if isinstance(act.square, tuple) else act.square
        return f"open or close the door at {square}"
    if isinstance(act, Attack):
        return f"attack {act.target}"
    if isinstance(act, (ChooseAttackCard, ChooseDefenceCard)):
        what = "attack" if isinstance(act, ChooseAttackCard) else "defend"
        return (f"choose a card face down to {what} with" if hide_cards else f"choose {act.card} to {what} with")
    if isinstance(act, PlayJoker):
        return f"play a joker: the card counts {act.value}"
    if isinstance(act, CancelJoker):
        return "cancel the joker with a joker"
    if isinstance(act, DeclineJoker):
        return "no joker"
    if isinstance(act, EndTurn):
        return "end the turn"
    return repr(act)
