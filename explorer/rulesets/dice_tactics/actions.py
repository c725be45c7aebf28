"""The decisions a player makes, as frozen values that print as code. The first field is always ``player``."""

from __future__ import annotations

from explorer.core import Action, action

from .data import CARDS


@action
class ChooseEdge(Action):
    """Setup: the second player picks the side of the board (``west`` or ``east``) to deploy on."""

    player: str
    edge: str


@action
class Keep(Action):
    """The draft: keep one of the cards offered (face down)."""

    player: str
    card: str


@action
class PlayCard(Action):
    """Start of the turn: play an action card. ``unit`` names the unit it acts on (Desperate Measures,
    Sabotage); ``amount`` the resources paid (Sabotage: 1 or 2)."""

    player: str
    card: str
    unit: str = ""
    amount: int = 0


@action
class IgnoreCard(Action):
    """Start of the turn: give up a card's effect for 1 resource until the end of the turn."""

    player: str
    card: str


@action
class Shoot(Action):
    """Start of the turn: the unit on a ballista pays 1 resource to shoot an enemy within 5 spaces."""

    player: str
    unit: str
    target: str


@action
class March(Action):
    """An action: up to 3 movements with any of your units."""

    player: str


@action
class Move(Action):
    """One movement of ``unit`` to the adjacent space in ``direction`` (N, E, S, W), during a march."""

    player: str
    unit: str
    direction: str


@action
class EndMarch(Action):
    """Stop moving (the movements left are lost)."""

    player: str


@action
class Attack(Action):
    """An action: ``attacker`` attacks the enemy ``defender`` within its range."""

    player: str
    attacker: str
    defender: str


@action
class Bolster(Action):
    """An action, with no unit in play: up to 2 squads from the supply onto the villages furthest from the Target Zone
    (``squads``: 0 places as many as it can; a number, with the setting bolster='choose')."""

    player: str
    squads: int = 0


@action
class Respawn(Action):
    """Place the defeated ``unit`` on a free spawn point outside the Target Zone."""

    player: str
    unit: str
    square: tuple[int, int]


@action
class Claim(Action):
    """After defeating a defender: ``eliminate`` (3 VP) or ``capture`` (1 VP and 2 resources)."""

    player: str
    choice: str


@action
class Push(Action):
    """Move the surviving defender out of its village, tower or ballista to the adjacent ``square``."""

    player: str
    square: tuple[int, int]


@action
class Discard(Action):
    """After Prep: put a card back into the deck, down to a hand of two."""

    player: str
    card: str


@action
class Rest(Action):
    """End of turn, in a village: the unit regains 2 strength, to at most 4."""

    player: str
    unit: str


@action
class Hire(Action):
    """End of turn, in a village: pay 1 or 2 resources, +1 strength each, to at most 6."""

    player: str
    unit: str
    amount: int


@action
class Prep(Action):
    """End of turn, in a village: draw an action card, then discard down to two."""

    player: str
    unit: str


@action
class Upgrade(Action):
    """End of turn, in a tower (``unit``): pay 2 resources to turn ``squad`` into a tank."""

    player: str
    unit: str
    squad: str


@action
class Relocate(Action):
    """End of turn, in a tower (``unit``): up to 2 movements with the one unit ``mover``."""

    player: str
    unit: str
    mover: str


@action
class EndTurn(Action):
    """Finish the main part of the turn (then the terrain actions), or finish the turn."""

    player: str


ACTIONS = (ChooseEdge, Keep, PlayCard, IgnoreCard, Shoot, March, Move, EndMarch, Attack, Bolster, Respawn, Claim,
           Push, Discard, Rest, Hire, Prep, Upgrade, Relocate, EndTurn)


def _card(key) -> str:
    card = CARDS.get(key) if isinstance(key, str) else None
    return card.name if card else repr(key)


def describe(act: Action, *, hide_cards: bool = False) -> str:
    """An action in words; ``hide_cards`` hides a card kept or discarded face down (someone else's)."""
    kind = type(act)
    if kind is ChooseEdge:
        return f"deploy on the {act.edge} side"
    if kind is Keep:
        return "keep a card" if hide_cards else f"keep {_card(act.card)}"
    if kind is PlayCard:
        extra = f" on {act.unit}" if act.unit else ""
        paid = f", paying {act.amount}" if act.amount else ""
        return f"play {_card(act.card)}{extra}{paid}"
    if kind is IgnoreCard:
        return f"ignore {_card(act.card)} for 1 resource this turn"
    if kind is Shoot:
        return f"{act.unit} shoots the ballista at {act.target}"
    if kind is March:
        return "march"
    if kind is Move:
        return f"move {act.unit} {act.direction}"
    if kind is EndMarch:
        return "stop moving"
    if kind is Attack:
        return f"{act.attacker} attacks {act.defender}"
    if kind is Bolster:
        return f"bolster with {act.squads} squad{'s' * (act.squads != 1)}" if act.squads else "bolster"
    if kind is Respawn:
        return f"respawn {act.unit} at {tuple(act.square) if isinstance(act.square, tuple) else act.square}"
    if kind is Claim:
        return act.choice if isinstance(act.choice, str) else repr(act)
    if kind is Push:
        return f"push to {act.square}"
    if kind is Discard:
        return "discard a card" if hide_cards else f"discard {_card(act.card)}"
    if kind is Rest:
        return f"{act.unit} rests"
    if kind is Hire:
        return f"{act.unit} hires mercenaries for {act.amount}"
    if kind is Prep:
        return f"{act.unit} preps (draw a card)"
    if kind is Upgrade:
        return f"upgrade {act.squad} into a tank"
    if kind is Relocate:
        return f"relocate {act.mover}"
    if kind is EndTurn:
        return "end the turn"
    return repr(act)
