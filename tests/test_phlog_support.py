"""Helpers shared by the phlog tests: small maps, rigged cards, and a turn played in one call.

(No tests here; the name keeps it with the phlog test files.)
"""

from explorer.core.cards import Card, Piles
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, Nominate, PhlogSettings, PlayMovementCard,
    from_map,
)
from explorer.rulesets.phlog.view import all_cards


def new(map_text: str, *, seed: int = 0, **settings):
    return from_map(map_text, PhlogSettings(**settings), seed=seed)


def rig(state, *, green=(), tan=(), green_draw=None, tan_draw=None, green_spent=(), tan_spent=(), rest_to=None):
    """Give each player exactly these cards (codes). Unnamed cards are split between the draw piles
    (or all go to ``rest_to``), under any named draw cards (the last named is drawn first), jokers at
    the very bottom. Call it before the first action, so saves replay from the rigged position."""
    named = {"green": (green, green_draw or (), green_spent), "tan": (tan, tan_draw or (), tan_spent)}
    used = {Card.parse(c) for cards in named.values() for pile in cards for c in pile}
    rest = sorted((c for c in all_cards(state.sides) if c not in used), key=lambda c: (not c.is_joker, c.code))
    for i, side in enumerate(state.sides):
        hand, draw, spent = named[side]
        underneath = rest[i::2] if rest_to is None else (rest if side == rest_to else [])
        state.piles[side] = Piles(
            draw=underneath + [Card.parse(c) for c in draw],
            hand=[Card.parse(c) for c in hand],
            spent=[Card.parse(c) for c in spent],
        )
    state._check_cards()
    return state


def activate(state, fighter: str, card: str):
    """Nominate ``fighter``, play ``card`` for movement, and let the opponent decline the joker."""
    state.apply(Nominate(fighter))
    state.apply(PlayMovementCard(card))
    state.apply(DeclineJoker())
    return state


def fight(state, target: str, attack_card: str, defence_card: str | None):
    """Attack ``target`` with these cards; nobody plays a joker. Returns the events of the trick."""
    state.apply(Attack(target))
    events = state.apply(ChooseAttackCard(attack_card))
    if defence_card is not None:
        events = state.apply(ChooseDefenceCard(defence_card))
    events = state.apply(DeclineJoker())
    if state.window:
        events = state.apply(DeclineJoker())
    return events


def codes(cards):
    return sorted(c.code for c in cards)
