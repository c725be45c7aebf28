"""The 1BC round as a game state: the core's contract, wired to the chapters by one rule table.

Each round: initiative is rolled, the winner chooses to be player A or B; A
moves, shoots and fights H2H, then B does (each a *step*, ended by
:class:`EndStep`); with the advanced rules, morale is tested and squads on
overwatch interrupt the active player (a pending :class:`OverwatchCall`).
The rules live by chapter: :mod:`.turn`, :mod:`.moving`, :mod:`.shooting`,
:mod:`.combat`, :mod:`.advanced` and :mod:`.overwatch`, each with its
``check_*`` and ``do_*``; the figures and the position, with their checks and
dict form, in :mod:`.position`. The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table`.
"""

from __future__ import annotations

from explorer.core import Action, GameState
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.tabletop import Board
from explorer.core.tabletop.figures import TabletopState

from . import combat, move_offers, moving, overwatch, position as position_module, shooting, turn
from .actions import (
    ACTIONS, Charge, ChooseOrder, EndStep, Fight, Hold, Move, Overwatch, OverwatchFire, RollInitiative, Shoot,
    describe,
)
from .position import (
    OverwatchCall, Position, in_play, kept_between, shape, standing,
)
from .sections import SECTIONS


def _legal_step(state) -> list[Action]:
    """A move or shoot step: figure by figure (in the order fielded) his moves or shots, then the squads that
    may go on overwatch, then the end of the step. (A list, not a generator: every listing takes them all, and a
    list is built without a frame per action.)"""
    side = state.side
    out = []
    if state.phase == "move":  # the kept offers and the enemy's shape asked once for every figure
        kept, foes = kept_between(state, "move offers"), shape(state, state.other(side))
        for f in standing(state, side):
            out += move_offers.offers_of(state, f, kept, foes)
    else:
        for f in standing(state, side):
            out += shooting.legal_shots_of(state, f)
    if state.settings.overwatch:
        for squad in sorted({f.squad for f in in_play(state, side)}):
            act = Overwatch(side, squad)
            if state._check(act) is None:
                out.append(act)
    out.append(EndStep(side))
    return out


def _phase_of(state) -> str:
    return "overwatch_call" if state.position.pending is not None else state.position.phase


RULES = RuleTable(SECTIONS, {
    RollInitiative: Rule(turn.check_roll_initiative, turn.do_roll_initiative, chance=turn.initiative_chance),
    ChooseOrder: Rule(turn.check_choose_order, turn.do_choose_order),
    Move: Rule(moving.check_move, moving.do_move),
    Charge: Rule(moving.check_charge, moving.do_charge, chance=moving.charge_chance),
    Shoot: Rule(shooting.check_shoot, shooting.do_shoot, chance=shooting.shot_chance),
    Overwatch: Rule(overwatch.check_overwatch, overwatch.do_overwatch),
    Fight: Rule(combat.check_fight, combat.do_fight, chance=combat.fight_chance),
    EndStep: Rule(turn.check_end_step, turn.do_end_step),
    OverwatchFire: Rule(overwatch.check_fire, overwatch.do_fire, chance=overwatch.fire_chance),
    Hold: Rule(overwatch.check_hold, overwatch.do_hold),
}, phases={
    "initiative": Phase("turn.initiative", (RollInitiative,), "this is the initiative roll", turn.legal_initiative),
    "order": Phase("turn.initiative", (ChooseOrder,), "this is the choice of who plays first", turn.legal_order),
    "move": Phase("turn", (Move, Charge, Overwatch, EndStep), "this is the move step: figures move or charge, "
                  "squads may go on overwatch", _legal_step),
    "shoot": Phase("turn", (Shoot, Overwatch, EndStep), "this is the shoot step: figures shoot, squads may go "
                   "on overwatch", _legal_step),
    "fight": Phase("turn", (Fight, EndStep), "this is the H2H step: every fight is fought, then the turn ends",
                   combat.legal_fights),
    "overwatch_call": Phase("advanced.overwatch", (OverwatchFire, Hold), "a squad on overwatch must first fire "
                            "or hold", overwatch.legal_answers),
}, phase_of=_phase_of)


class OneBrainCellState(TabletopState, GameState):
    """A game of 1BC in progress."""

    rules = RULES
    saves = position_module
    from .sampling import action_space  # a random legal action without listing them all (explorer.core.sampling)

    # -- reading ----------------------------------------------------------------------------
    @property
    def phase(self) -> str:
        return self.position.phase

    def plan_shot(self, shooter: str, target: str):
        return shooting.plan_shot(self, shooter, target)

    def fight_targets(self) -> list[str]:
        """Enemies locked with the active player's figures and not yet fought this fight step."""
        return combat.fight_targets(self)

    def plan_fight(self, target: str) -> combat.Fight:
        return combat.fight_now(self, target)

    def react(self, figures: dict, actor: str, events: list, trigger: str, **rest):
        """The position after the active player's move or shot, the squads on overwatch it provoked asked."""
        return overwatch.react(self, figures, actor, events, trigger, **rest)

    def describe(self, act: Action, viewer: str | None = None) -> str:
        return describe(act, self.phase)

    def __repr__(self) -> str:
        standing = self._standing()
        head = f"<OneBrainCellState round {self.round}, "
        head += "over" if self.is_over else f"{self.current_player} to play ({self.phase})"
        return head + "; " + ", ".join(f"{s}: {n} figures" for s, n in standing.items()) + ">"


__all__ = ["ACTIONS", "RULES", "OneBrainCellState", "Board", "Position", "OverwatchCall", "RollInitiative",
           "ChooseOrder", "Move", "Charge", "Shoot", "Overwatch", "Fight", "EndStep", "OverwatchFire", "Hold"]
