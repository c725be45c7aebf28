"""The turn: draw, nominate a fighter, play a movement card, end the turn (or pass)."""

from __future__ import annotations

from operator import attrgetter

from explorer.core import RuleViolation
from explorer.core.cards import Card, Piles, deal_halves, parse_code, standard_deck
from explorer.core.frozen import evolve, made, made_by, shared

from .actions import EndTurn, Nominate, PlayMovementCard
from .data import HAND_SIZE
from .jokers import joker_window
from .position import JOKER, MOVEMENT_CARD, NOMINATE, Position, count, draw_events, event
from .sections import refuse


def fighter_turn_refusal(state) -> RuleViolation | None:
    """Why the activated fighter may not act now (moving or attacking), if it may not (the phase is checked
    by the rule table before)."""
    fighter = state.activated_fighter
    if not fighter.alive:
        return refuse(state.position.movement_stopped, f"{fighter.id} has been removed from play: end the turn")
    return None


def card_refusal(state, side: str, code, key: str) -> RuleViolation | None:
    """Why ``side`` may not play the value card ``code`` from hand (citing ``key``), if it may not."""
    try:
        card = parse_code(code)
    except ValueError as exc:
        return refuse(key, str(exc))
    if card not in state.position.piles[side].hand:
        return refuse(key, f"{side} has no {card} in hand")
    if card.is_joker:
        return refuse("jokers.play", "a joker has no value of its own: it is only played against a card the "
                                     "opponent reveals")
    return None


def value_card_candidates(kind: type):
    """The offers of one of ``kind`` a value card in the hand of the player to decide (a card, an action)."""
    def candidates(state):
        p = state.position
        player = p.side if p.pending is None else p.pending.player  # the defender answers with a defence card
        # one a card, found by its code (C calls: the codes read by attrgetter, the actions by made_by's lookup; a
        # legal position holds each card once, see saves.card_problem, so the codes in a hand are all different)
        return list(map(made_by(kind, player).__getitem__, map(_CODE, state.hand_split(player)[0])))
    return candidates


_CODE = attrgetter("code")
movement_card_candidates = value_card_candidates(PlayMovementCard)


# -- setting up ------------------------------------------------------------------------------
def deal(sides: tuple[str, str], shuffle) -> dict[str, Piles]:
    """Split the shuffled deck, add each player's joker, draw the first hands."""
    piles = {}
    for side, half in zip(sides, deal_halves(standard_deck(), shuffle)):
        half.append(Card.joker(side))
        shuffle(half)
        piles[side], _ = Piles(draw=tuple(half)).draw_up_to(HAND_SIZE, shuffle)
    return piles


def draw(state, piles: Piles, side: str) -> tuple[Piles, tuple]:
    """``side``'s ``piles`` drawn back up to six (reshuffling the spent pile if the draw pile is empty), and the
    events."""
    piles, drawn = piles.draw_up_to(HAND_SIZE, state.rng.shuffle)
    events = draw_events(side, tuple(map(_CODE, drawn.cards)))
    if drawn.reshuffled:
        return piles, (event("reshuffle", f"{side} shuffles their spent pile ({drawn.reshuffled} cards) into a new "
                             "draw pile.", ("setup.reshuffle",)), *events)
    return piles, events


# -- nominate --------------------------------------------------------------------------------
def check_nominate(state, act) -> RuleViolation | None:
    p = state.position
    fighter = p.fighters.get(act.fighter) if isinstance(act.fighter, str) else None
    if fighter is None or not fighter.alive or fighter.side != p.side:
        return refuse("turn.nominate", f"{act.fighter!r} is not a fighter of {p.side}'s band on the board")
    if not state.hand_split(p.side)[0]:
        return refuse("turn.movement_card", f"{p.side} has no card to play for movement, so can only end the turn")
    return None


def nominate_offers(state):
    """A fighter of the band to activate, each; or, with no card to move with, only ending the turn (passing)."""
    p = state.position
    if not state.hand_split(p.side)[0]:
        return (made(EndTurn, p.side),)
    side = p.side  # (alive read as its square, as the move offers do: listed at every turn)
    return [made(Nominate, side, f.id) for f in p.fighters.values() if f.square is not None and f.side == side]


def do_nominate(state, act):
    p = state.position
    return evolve(p, activated=act.fighter, phase=MOVEMENT_CARD), [_nominated(p.side, act.fighter)]


@shared
def _nominated(side: str, fighter: str):
    return event("nominate", f"{side} activates {fighter}.", ("turn.nominate",), fighter=fighter)


# -- the movement card -------------------------------------------------------------------------
def check_movement_card(state, act) -> RuleViolation | None:
    return card_refusal(state, state.position.side, act.card, "turn.movement_card")


def do_movement_card(state, act):
    p = state.position
    card = parse_code(act.card)
    value = state.value_of(card)
    p = evolve(p, phase=JOKER, pending=joker_window(state, "movement", p.side, card, value), movement_card=card,
               movement_value=value, piles={**p.piles, p.side: p.piles[p.side].take_from_hand(card)})
    return p, [_movement_card_played(p.side, card.code, p.activated, value)]


@shared
def _movement_card_played(side: str, code: str, fighter: str, value: int):
    return event("movement_card", f"{side} plays {code} for {fighter}'s movement: {count(value, 'square')}.",
                 ("turn.movement_card", "attacking.card_values"), card=code, value=value)


# -- ending the turn ----------------------------------------------------------------------------
def next_turn(p: Position, piles, side: str) -> Position:
    """The position at the start of ``side``'s turn after ``p``'s, with ``piles``: the fighters and doors as they are,
    every field of the turn back to its start (as ``Position(fighters=..., piles=..., side=..., turn=...,
    open_doors=...)``, without its frozen ``__init__``)."""
    return evolve(_TURN_START, fighters=p.fighters, piles=piles, side=side, turn=p.turn + 1, open_doors=p.open_doors)


# Every field of a turn at its start, for next_turn to copy the game's five into (an evolve costs by the changes it is
# given: five, not the turn's nine). Copied once by evolve so that its fields are a dict of its own, not one sharing
# its class's keys as the constructor makes it, which evolve copies key by key.
_TURN_START = evolve(Position(fighters={}, piles={}, side=""))


def check_end_turn(state, act) -> RuleViolation | None:
    p = state.position
    if p.phase == NOMINATE and state.hand_split(p.side)[0]:
        return refuse("turn.nominate", f"{p.side} must activate a fighter: they hold cards to move with")
    return None


def do_end_turn(state, act):
    p = state.position
    piles = dict(p.piles)  # (a new mapping: this action's own, changed in place before the position holds it)
    if p.phase == NOMINATE:
        told = _passed(p.side)
    else:  # (the piles changed here go straight into the next turn's position: one new position, not two)
        piles[p.side] = piles[p.side].add_spent(p.movement_card)
        told = _turn_ended(p.side, p.movement_card.code)
    following = state.game.other(p.side)
    # Ending a turn removes nobody, so only a round limit can end the game here (then nobody draws); without one,
    # the game goes on, and the position is made once, with the cards drawn (see PhlogState._outcome_key).
    if state.game.settings.max_rounds is not None:
        ended = next_turn(p, piles, following)
        if state.outcome_at(ended) is not None:  # the last turn is played
            return ended, [told]
    piles[following], drawn = draw(state, piles[following], following)
    return next_turn(p, piles, following), [told, *drawn]


@shared
def _passed(side: str):
    return event("pass", f"{side} has no card to move with and passes.", ("turn.movement_card",))


@shared
def _turn_ended(side: str, code: str):
    return event("end_turn", f"{side} ends the turn; {code} goes to their spent pile.", ("moving.spent_card",))
