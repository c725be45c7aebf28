"""Helpers shared by the phlog tests: small maps, rigged cards, and a turn played in one call.

(No tests here; the name keeps it with the phlog test files.)
"""

from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, Nominate, PlayMovementCard, Settings, from_map,
)

G, T = "green", "tan"
_CARDS = ("green", "tan", "green_draw", "tan_draw", "green_spent", "tan_spent", "rest_to")


def new(map_text: str, *, seed: int = 0, **options):
    """A game on ``map_text``. Card options (``green=``, ``tan=``: hands; ``green_draw=``, ``tan_draw=``:
    on top of the draw pile, the last named drawn first; ``green_spent=``, ``tan_spent=``; ``rest_to=``)
    set the piles exactly through the public :func:`from_map`; other options are settings."""
    cards = {k: options.pop(k) for k in _CARDS if k in options}
    settings = Settings(**options)
    if not cards:
        return from_map(map_text, settings, seed=seed)
    return from_map(map_text, settings, seed=seed,
                    hands={s: cards.get(s, ()) for s in (G, T)},
                    draw={s: cards.get(f"{s}_draw") or () for s in (G, T)},
                    spent={s: cards.get(f"{s}_spent", ()) for s in (G, T)},
                    rest_to=cards.get("rest_to"))


def activate(state, fighter: str, card: str):
    """Nominate ``fighter``, play ``card`` for movement, and let the opponent decline the joker."""
    me = state.current_player
    state.apply(Nominate(me, fighter))
    state.apply(PlayMovementCard(me, card))
    state.apply(DeclineJoker(state.other(me)))
    return state


def fight(state, target: str, attack_card: str, defence_card: str | None):
    """Attack ``target`` with these cards; nobody plays a joker. Returns the events of the trick."""
    me = state.current_player
    state.apply(Attack(me, target))
    events = state.apply(ChooseAttackCard(me, attack_card))
    if defence_card is not None:
        events = state.apply(ChooseDefenceCard(state.other(me), defence_card))
    events = state.apply(DeclineJoker(state.current_player))
    if state.window:
        events = state.apply(DeclineJoker(state.current_player))
    return events


def codes(cards):
    return sorted(c.code for c in cards)
