"""The 1BC move and shoot steps' action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

A step's listing goes figure by figure (the side's standing figures, in the order fielded; :func:`.game._legal_step`),
then the squads that may go on overwatch, then the end of the step. The space has, for each standing figure that
may still move (or shoot; the listing's own first test of him), in the order fielded:

- in the move step 21 slots, a bound on his offers (a charge at each of the four nearest enemies, the compass at
  his full and half allowance, one spot toward the nearest enemy): the ``k``-th of
  :func:`.move_offers.legal_moves_of`, listed for that one figure when first drawn (and kept between positions
  by the chapter), so a draw costs about one figure's listing;
- in the shoot step one slot for each enemy in play within his weapon's longest range, the shot at him tested
  alone (:func:`.shooting.can_shoot`);

then one slot for each squad's overwatch (checked when drawn) and one for the end of the step. The other phases
(initiative, who plays first, H2H, an overwatch call) offer a handful of actions: the listing is used.
"""

from __future__ import annotations

import math
from functools import partial

from explorer.core import tabletop as tt
from explorer.core.actions import built
from explorer.core.sampling import Space, grouped

from .actions import EndStep, Overwatch, Shoot
from .combat import locked_with
from .move_offers import legal_moves_of
from .moving import may_move
from .position import in_play, standing
from .setup import measure
from .shooting import can_shoot, may_shoot

MOVE_SLOTS = 4 + 16 + 1  # charges at the four nearest enemies, the compass at full and half allowance, one spot toward


def action_space(state) -> Space | None:
    """The space of a move or shoot step's legal actions (``None`` in the other phases: the listing is used)."""
    position = state.position
    if position.pending is not None or position.phase not in ("move", "shoot"):
        return None
    side = state.side
    # only the figures that may still act get slots: the listing's own first test of each (cheap; the
    # others offer nothing), so most indices hold an action
    if position.phase == "move":
        figures = [f for f in standing(state, side) if may_move(state, f, unless_locked=False)]
    else:
        figures = [f for f in standing(state, side) if may_shoot(state, f, unless_locked=False)]
    tail: list = []
    if state.settings.overwatch:  # a squad's overwatch is checked only when its index is drawn
        tail += [partial(_overwatch, state, Overwatch(side, squad))
                 for squad in sorted({f.squad for f in in_play(state, side)})]
    tail.append(EndStep(side))
    if position.phase == "move":
        return grouped(figures, MOVE_SLOTS, lambda f: legal_moves_of(state, f), tail)
    return _shots(state, figures, tail)


def _overwatch(state, act: Overwatch) -> Overwatch | None:
    return act if state._check(act) is None else None


def _shots(state, figures: list, tail: list) -> Space:
    """One index for each shooter and enemy in play within the longest range of his weapon (a cheap bound: an
    enemy further off is out of every band), held if :func:`.shooting.legal_shots_of` would offer that shot,
    asked of that one pair (:func:`.shooting.can_shoot`, not the shooter's every target); then the tail."""
    side, settings, enemies = state.side, state.settings, in_play(state, state.other(state.side))
    pairs = []
    for f in figures:
        weapon, fx, fy = f.arms, f.x, f.y
        if weapon.indirect:  # the mortar fires through a spotter: every enemy is a candidate
            pairs += [(f, e) for e in enemies]
            continue
        reach = max(measure(settings, weapon.short_range(settings)), measure(settings, weapon.long or 0.0))
        reach += tt.EPSILON
        pairs += [(f, e) for e in enemies if math.hypot(e.x - fx, e.y - fy) <= reach]
    locked: dict[str, bool] = {}

    def pick(index: int):
        if index >= len(pairs):
            last = tail[index - len(pairs)]
            return last if isinstance(last, EndStep) else last()
        f, e = pairs[index]
        free = locked.get(f.id)
        if free is None:
            free = locked[f.id] = not locked_with(state, f)
        return built(Shoot, side, f.id, e.id) if free and can_shoot(state, f, e) else None

    return Space(len(pairs) + len(tail), pick)
