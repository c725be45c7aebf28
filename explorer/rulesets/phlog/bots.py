"""Two simple opponents: a random one, and a greedy one that closes in and fights with its best card.

Bots only use what their player may see: their own hand and the board.
"""

from __future__ import annotations

from explorer.core import RandomBot
from explorer.core.grid import manhattan

from .actions import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Nominate, PlayJoker,
    PlayMovementCard,
)
from .game import PhlogState
from .position import ATTACK_CARD, CANCEL, DEFENCE_CARD, JOKER, MOVE, MOVEMENT_CARD, NOMINATE
from .mechanics import attack_refusal
from .reach import STANDS, reachable_squares

__all__ = ["RandomBot", "GreedyBot", "BOTS"]


class GreedyBot:
    """Activates the fighter nearest an enemy, moves the cheapest way to a square it can attack from
    (else as close as it can), attacks and defends with its highest card, and spends its joker to
    sink a card that would beat its own by four or more."""

    def __call__(self, state: PhlogState):
        me = state.current_player
        if state.phase == NOMINATE:
            return self._nominate(state, me)
        if state.phase == MOVEMENT_CARD:
            return self._movement_card(state, me)
        if state.phase == JOKER:
            return self._joker(state, me)
        if state.phase in (ATTACK_CARD, DEFENCE_CARD):
            card = max(state.value_cards(me), key=state.values.value)
            return (ChooseAttackCard if state.phase == ATTACK_CARD else ChooseDefenceCard)(me, card.code)
        if state.phase == MOVE:
            return self._move(state)
        return next(iter(state.legal_actions))

    def __repr__(self) -> str:
        return "GreedyBot()"

    # -- choices -------------------------------------------------------------------------------
    def _nominate(self, state, me):
        if not state.value_cards(me):
            return EndTurn(me)
        mine = [f for f in state.fighters.values() if f.alive and f.side == me]
        return Nominate(me, min(mine, key=lambda f: (_distance_to_enemy(state, f), f.id)).id)

    def _movement_card(self, state, me):
        fighter = state.activated_fighter
        cards = sorted(state.value_cards(me), key=state.values.value)
        for card in cards[:-1] or cards:  # keep the best card for the attack if possible
            if _attack_square(state, fighter, state.values.value(card)):
                return PlayMovementCard(me, card.code)
        return PlayMovementCard(me, (cards[-2] if len(cards) > 1 else cards[-1]).code)

    def _joker(self, state, me):
        w = state.window
        if w.stage == CANCEL:
            return CancelJoker(me) if state.jokers_in_hand(me) and w.slot != "movement" else DeclineJoker(me)
        if w.slot == "movement" or not state.jokers_in_hand(me):
            return DeclineJoker(me)
        mine = state.attack.defence_value if w.slot == "attack" else state.attack.attack_value
        if w.value - mine >= 4 or (w.value > mine - 4 and mine - state.values.lowest >= 4):
            return PlayJoker(me, state.values.lowest)
        return DeclineJoker(me)

    def _move(self, state):
        me = state.current_player
        fighter = state.activated_fighter
        if not fighter.alive:
            return EndTurn(me)
        if not state.attacked and state.value_cards(state.active):
            targets = [a for a in state.legal_actions if isinstance(a, Attack)]
            if targets:
                return min(targets, key=lambda a: a.target)
        if state.movement_stopped or state.attacked:
            return EndTurn(me)
        goal = _attack_square(state, fighter, state.movement_left) or _closest_square(state, fighter)
        if goal is None or not goal.actions:
            return EndTurn(me)
        return goal.actions[0]


def _enemies(state, fighter):
    return [f for f in state.fighters.values() if f.alive and f.side != fighter.side]


def _distance_to_enemy(state, fighter) -> int:
    return min((manhattan(fighter.square, e.square) for e in _enemies(state, fighter)), default=0)


def _safe_routes(state, fighter, movement):
    return [r.value for r in reachable_squares(state, fighter, movement).values() if r.value.fate != "removed"]


def _attack_square(state, fighter, movement):
    """The cheapest safe route to a square from which ``fighter`` could attack someone."""
    board = state.board.without(fighter)
    enemies = _enemies(state, fighter)
    best = None
    for route in _safe_routes(state, fighter, movement):
        moved = type(fighter)(fighter.id, fighter.side, fighter.weapon, route.square)
        if any(not attack_refusal(board, moved, e) for e in enemies):
            if best is None or (route.cost, route.square) < (best.cost, best.square):
                best = route
    return best


def _closest_square(state, fighter):
    """The safe reachable square nearest an enemy (standing squares preferred), if it gets closer."""
    here = _distance_to_enemy(state, fighter)
    enemies = _enemies(state, fighter)
    routes = [r for r in _safe_routes(state, fighter, state.movement_left) if r.fate == STANDS]
    scored = [(min(manhattan(r.square, e.square) for e in enemies), r.cost, r.square, r) for r in routes]
    scored = [s for s in scored if s[0] < here]
    return min(scored, key=lambda s: s[:3])[3] if scored else None


BOTS = {"random": RandomBot, "greedy": GreedyBot}
