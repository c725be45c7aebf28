"""Three opponents: a random one, a greedy one that looks one action ahead, and a strong one that looks
further ahead over the greedy one (explorer.core.search).

The greedy bot plays every legal action on a copy of the game, scores what
follows from its own side's point of view, and takes the best. The score
counts VP, strength on the board, units in and near the Target Zone and
resources. Attacks are deterministic, so one action ahead sees exactly what
an attack will do. Bots only use what their player may see (their own hand;
they never look at the deck's order).
"""

from __future__ import annotations

from explorer.core import RandomBot
from explorer.core.frozen import evolve
from explorer.core.grid import manhattan
from explorer.core.gridstate import setup_memo
from explorer.core.search import SearchBot

from .actions import EndMarch, EndTurn, IgnoreCard, Keep, Move, PlayCard
from .data import CARDS

__all__ = ["RandomBot", "GreedyBot", "StrongBot", "BOTS"]

# Cards the greedy bot likes to keep in the draft, best first.
CARD_PREFERENCE = ("bullseye", "scare_tactics", "forward", "exhaustion", "desperate_measures", "navigation_expert",
                   "fuel_shortage", "faster_tech", "supply_and_demand", "sabotage")


def score(state, me: str) -> float:
    """How good the position is for ``me`` (higher is better)."""
    p = state.position
    them = state.other(me)
    if state.outcome is not None:
        winner = state.outcome.winner
        return 10_000 if winner == me else -10_000 if winner == them else 0
    far_from_zone = _zone_distances(state.setup)
    total = 40.0 * (p.vp[me] - p.vp[them]) + 3.0 * (p.resources[me] - p.resources[them])
    for unit in p.units.values():
        sign = 1 if unit.side == me else -1
        value = 10.0 * unit.strength + (15 if unit.kind == "tank" else 0)
        if unit.square is not None:
            far = far_from_zone[unit.square]
            value += 12 if far == 0 else -3.0 * far
        total += sign * value
    total += 2.0 * (p.supply[me].tanks - p.supply[them].tanks)
    return total



def _zone_distances(setup) -> dict:
    """How many spaces each square of the board is from the nearest square of the Target Zone (found once)."""
    memo = setup_memo(setup)
    found = memo.get("zone_distances")
    if found is None:
        found = memo["zone_distances"] = {s: min(manhattan(s, z) for z in setup.zone) for s in setup.grid.squares()}
    return found


class GreedyBot:
    """One action ahead: plays the legal action whose result scores best for its side."""

    def __call__(self, state):
        me = state.current_player
        p = state.position
        legal = list(state.legal_actions)
        if len(legal) == 1:
            return legal[0]
        if p.pending is not None and isinstance(legal[0], Keep):
            return min(legal, key=lambda a: (CARD_PREFERENCE.index(a.card), a.card))
        best, best_score = None, None
        for act in legal:
            if isinstance(act, IgnoreCard) or isinstance(act, PlayCard) and CARDS[act.card].key == "faster_tech":
                bias = -1.0  # keep cards for later unless playing them scores better
            else:
                bias = 0.0
            if isinstance(act, (EndTurn, EndMarch)):
                bias -= 0.5  # prefer doing something useful to stopping
            probe = state.clone()
            probe.apply(act)
            value = score(probe, me) + bias
            if isinstance(act, Move) and p.moving is not None and p.moving.kind == "sabotage":
                value = score(probe, me)  # moving an enemy: the score already says where it hurts most
            if best_score is None or value > best_score:
                best, best_score = act, value
        return best

    def __repr__(self) -> str:
        return "GreedyBot()"


class StrongBot(SearchBot):
    """Looks ahead: tries each action on copies of the game, the greedy bot playing on through the rest of
    the turn and the enemy's reply, and keeps the action whose outcome :func:`score` likes best.

    It never looks at what its side cannot see: each look-ahead deals the enemy's hand, the enemy's draft
    offer and the deck's order again at random from the cards it cannot see (:meth:`determinize`).
    See :mod:`explorer.core.search`."""

    policy = GreedyBot
    budget = 80
    horizon = 8
    width = 8
    margin = 2.0
    hidden = True

    def evaluate(self, state, side: str) -> float:
        return score(state, side)

    def determinize(self, state, side: str, rng):
        p = state.position
        them = state.other(side)
        unseen = sorted([*p.hands[them], *p.draft.get(them, ()), *p.deck])  # an order that tells nothing
        rng.shuffle(unseen)
        hand, offered = len(p.hands[them]), len(p.draft.get(them, ()))
        draft = dict(p.draft)
        if them in draft:
            draft[them] = tuple(unseen[hand:hand + offered])
        probe = state.clone()
        probe.position = evolve(p, hands={**p.hands, them: tuple(unseen[:hand])}, draft=draft,
                                deck=tuple(unseen[hand + offered:]))
        return probe


BOTS = {"random": RandomBot, "greedy": GreedyBot, "strong": StrongBot}
