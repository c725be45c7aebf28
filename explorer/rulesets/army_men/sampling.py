"""The army-men turn's action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

In a turn, the listing goes trooper by trooper (:func:`.game.turn_offers`): for each trooper of the side to play
whose step is not over, fight on (if due), his shots, his moves; then the end of the turn. The space gives each
such trooper the same number of slots, a bound on his offers: one to fight on, one a shot at each enemy in play
(he offers at most one at each), and 19 moves (the eight compass directions at full and half allowance, and
base to base with up to three enemies: :func:`.moving.move_offers`); then one slot for ending the turn, when
the listing offers it. Drawing an index lists the offers of that one trooper (the chapters' own quick tests,
asked of him alone), so a draw costs about one trooper's listing, not the side's. Deployment has no space
(the listing is used): one trooper is set up at a time, so listing is one trooper's work already.
"""

from __future__ import annotations

from explorer.core.actions import built
from explorer.core.sampling import Space, grouped

from .actions import EndTurn, Fight
from .moving import move_offers
from .position import facts
from .shooting import shot_offers
from .turn import due_troopers

MOVE_SLOTS = 16 + 3  # compass at full and half allowance, and base to base with the three nearest enemies


def action_space(state) -> Space | None:
    """The space of the turn's legal actions (``None`` while the players set up: the listing is used)."""
    if state.deploying:
        return None
    side = state.side
    due = due_troopers(state, side) if state.engaged else ()
    done = state.position.done
    known = facts(state)
    troopers = [f for f in known.sides.get(side, ()) if f.id not in done]
    enemies = len(known.sides.get(state.other(side), ()))

    def offers_of(f):  # a trooper's block of turn_offers, in its order
        offers = [built(Fight, side, f.id)] if f.id in due else []
        return offers + shot_offers(state, f, known) + move_offers(state, f, known)

    tail = () if due else (built(EndTurn, side),)
    return grouped(troopers, 1 + enemies + MOVE_SLOTS, offers_of, tail)
