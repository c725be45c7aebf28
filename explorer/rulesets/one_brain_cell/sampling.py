"""The 1BC move and shoot steps' action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

A step's listing goes figure by figure (the side's standing figures, in the order fielded; :func:`.game._legal_step`),
then the squads that may go on overwatch, then the end of the step. The space gives each standing figure that
may still move (or shoot) the
same number of slots, a bound on his offers: in the move step 21 (a charge at each of the four nearest enemies,
the compass at his full and half allowance and one spot toward the nearest enemy: :mod:`.move_offers`), in the
shoot step one a shot at each enemy in play (:func:`.shooting.legal_shots_of`); then one slot for each overwatch
offer and the end of the step, listed as the listing does (a few squads). Drawing an index lists the offers of
that one figure (kept between positions by the chapters), so a draw costs about one figure's listing. The other
phases (initiative, who plays first, H2H, an overwatch call) offer a handful of actions: the listing is used.
"""

from __future__ import annotations

from explorer.core.sampling import Space, grouped

from .actions import EndStep, Overwatch
from .move_offers import legal_moves_of
from .moving import may_move
from .position import in_play, standing
from .shooting import legal_shots_of, may_shoot

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
        offers_of, width = (lambda f: legal_moves_of(state, f)), MOVE_SLOTS
    else:
        figures = [f for f in standing(state, side) if may_shoot(state, f, unless_locked=False)]
        offers_of, width = (lambda f: legal_shots_of(state, f)), len(in_play(state, state.other(side)))
    tail = []
    if state.settings.overwatch:
        for squad in sorted({f.squad for f in in_play(state, side)}):
            act = Overwatch(side, squad)
            if state._check(act) is None:
                tail.append(act)
    tail.append(EndStep(side))
    return grouped(figures, width, offers_of, tail)
