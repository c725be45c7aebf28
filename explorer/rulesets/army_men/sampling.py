"""The army-men turn's action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

In a turn, the listing goes trooper by trooper (:func:`.game.turn_offers`): for each trooper of the side to play
whose step is not over, fight on (if due), his shots, his moves; then the end of the turn. The space gives each
such trooper the same number of slots, a bound on his offers:

- one to fight on (held if he is due to);
- one for each enemy in play, in the listing's order: the shot at him, held if :func:`.shooting.shot_offers`
  would offer it, asked of that one enemy (his range first, then the kept :func:`.shooting.to_hit`), so a draw
  works out one pair, not the trooper's every target;
- 19 moves (the eight compass directions at full and half allowance, and base to base with up to three
  enemies): the ``k``-th of :func:`.moving.move_offers`, listed for that one trooper when first drawn;

then one slot for ending the turn, when the listing offers it. Deployment has no space (the listing is used):
one trooper is set up at a time, so listing is one trooper's work already.
"""

from __future__ import annotations

import math

from explorer.core import tabletop as tt
from explorer.core.actions import built
from explorer.core.sampling import Space

from .actions import EndTurn, Fight, Shoot
from .position import engaged_with, facts
from .shooting import _range, aimable, reloading, to_hit
from .turn import due_troopers

MOVE_SLOTS = 16 + 3  # compass at full and half allowance, and base to base with the three nearest enemies


def action_space(state) -> Space | None:
    """The space of the turn's legal actions (``None`` while the players set up: the listing is used)."""
    if state.deploying:
        return None
    from . import game  # the very function turn_offers lists a trooper's moves with (game imports this module)
    move_offers = game.move_offers
    side = state.side
    due = due_troopers(state, side) if state.engaged else ()
    done, acting = state.position.done, state.position.acting
    known = facts(state)
    troopers = [f for f in known.sides.get(side, ()) if f.id not in done]
    enemies = known.sides.get(state.other(side), ())
    width = 1 + len(enemies) + MOVE_SLOTS
    body = len(troopers) * width
    end = None if due else built(EndTurn, side)
    moves: dict[int, list] = {}

    def pick(index: int):
        if index >= body:
            return end
        t, slot = divmod(index, width)
        f = troopers[t]
        if slot == 0:
            return built(Fight, side, f.id) if f.id in due else None
        slot -= 1
        if slot < len(enemies):  # shot_offers' test, of this one enemy
            if acting == f.id or state.engaged and engaged_with(state.engaged, f.id) or reloading(state, f):
                return None
            e = enemies[slot]
            if math.hypot(e.x - f.x, e.y - f.y) <= _range(f.kind, f.prone).value + tt.EPSILON \
                    and aimable(to_hit(state, f.id, e.id), f):
                return built(Shoot, side, f.id, e.id)
            return None
        slot -= len(enemies)
        listed = moves.get(t)
        if listed is None:
            listed = moves[t] = move_offers(state, f, known)
            if len(listed) > MOVE_SLOTS:
                raise RuntimeError(f"{f.id} is offered {len(listed)} moves, more than the {MOVE_SLOTS} his slots "
                                   "hold: a draw would not be uniform")
        return listed[slot] if slot < len(listed) else None

    return Space(body + 1, pick)
