"""The 1BC move and shoot steps' action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

A step's listing goes figure by figure (the side's standing figures, in the order fielded; :func:`.game._legal_step`),
then the squads that may go on overwatch, then the end of the step. The space gives each standing figure that
may still move (or shoot) the
same number of slots, a bound on his offers: in the move step 21 (a charge at each of the four nearest enemies,
the compass at his full and half allowance and one spot toward the nearest enemy), the ``k``-th of
:func:`.move_offers.legal_moves_of`, listed for that one figure when first drawn (and kept between positions by
the chapter), so a draw costs about one figure's listing; in the shoot step one for each enemy in play, the shot
at him tested alone; then one slot for each overwatch offer and the end of the step, listed as the listing does
(a few squads). The other
phases (initiative, who plays first, H2H, an overwatch call) offer a handful of actions: the listing is used.
"""

from __future__ import annotations

from functools import partial

from explorer.core.actions import built
from explorer.core.sampling import Space, grouped

from .actions import EndStep, Overwatch, Shoot
from .combat import locked_with
from .move_offers import legal_moves_of
from .moving import may_move
from .position import in_play, standing
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
    """One index for each shooter and enemy in play (the listing's order), held if :func:`.shooting.legal_shots_of`
    would offer that shot, asked of that one pair (:func:`.shooting.can_shoot`, not the shooter's every target);
    then the tail."""
    side, enemies = state.side, in_play(state, state.other(state.side))
    body = len(figures) * len(enemies)
    locked: dict[int, bool] = {}

    def pick(index: int):
        if index >= body:
            last = tail[index - body]
            return last if isinstance(last, EndStep) else last()
        shooter, target = divmod(index, len(enemies))
        f = figures[shooter]
        free = locked.get(shooter)
        if free is None:
            free = locked[shooter] = not locked_with(state, f)
        return built(Shoot, side, f.id, enemies[target].id) if free and can_shoot(state, f, enemies[target]) else None

    return Space(body + len(tail), pick)
