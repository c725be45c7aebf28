"""The army-men game state: the core's contract, wired to the rules by chapter.

A turn is one side's: each of its troopers takes at most one action step
(shoot, then move, then combat), one trooper after another, and the player
ends the turn. The rules live beside the book's chapters: :mod:`.setup`
(deployment), :mod:`.turn`, :mod:`.shooting`, :mod:`.moving`, :mod:`.combat`
and :mod:`.standard` (area-effect weapons, capture the flag); each has the
``check_*`` (the refusal, or ``None``) and ``do_*`` (the next position and the
events) of its actions. The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table`; the :class:`~.position.Position` is the
rest, frozen (:mod:`.position`, with the one legality check and the save format).
"""

from __future__ import annotations

from explorer.core import Action, Event, Explained, GameState, Outcome, Termination
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.tabletop.figures import TabletopState
from explorer.core.actions import built
from explorer.core.tabletop.between import kept_between

from . import actions, position as position_module
from .actions import Deploy, EndTurn, Fight, Move, Shoot
from .combat import chance_fight, check_fight, do_fight
from .move_offers import move_offers
from .moving import chance_move, check_move, do_move, move_allowance
from .position import Figure, facts
from .sections import SECTIONS
from .setup import check_deploy, deploy_offers, do_deploy
from .shooting import chance_shoot, check_shoot, do_shoot, shot_offers, to_hit
from .turn import check_end_turn, do_end_turn, due_troopers


def turn_offers(state) -> list[Action]:
    """The turn's legal actions, trooper by trooper (fight on, shoot, move), then the end of the turn. Each
    chapter offers only legal actions, by its quick tests, without wording the refusal of the others. (A list,
    not a generator: every listing takes them all, and a list is built without a frame per action.)"""
    side = state.side
    due = due_troopers(state, side) if state.engaged else ()
    done = state.position.done
    known = facts(state)
    # each trooper's offers are kept between positions: the two stores asked once for the whole listing
    shots, moves = kept_between(state, "shot offers", 4096), kept_between(state, "move offers", 4096)
    offers = []
    for f in known.sides.get(side, ()):
        if f.id in done:
            continue
        if f.id in due:
            offers.append(built(Fight, side, f.id))
        offers += shot_offers(state, f, known, shots)
        offers += move_offers(state, f, known, moves)
    if not due:
        offers.append(built(EndTurn, side))
    return offers


RULES = RuleTable(
    SECTIONS,
    {
        Deploy: Rule(check_deploy, do_deploy),
        Shoot: Rule(check_shoot, do_shoot, chance=chance_shoot),
        Move: Rule(check_move, do_move, chance=chance_move),
        Fight: Rule(check_fight, do_fight, chance=chance_fight),
        EndTurn: Rule(check_end_turn, do_end_turn),
    },
    phases={
        # the players set up their armies first (deployment='players'), one trooper at a time
        "deployment": Phase("deployment", (Deploy,), legal=deploy_offers,
                            refusal="the players set up first, one trooper at a time in the order of the army "
                                    "list: the side to play places its next trooper"),
        "turn": Phase("turn", (Shoot, Move, Fight, EndTurn), legal=turn_offers,
                      refusal="the armies are set up already: deployment comes before the first turn"),
    },
    phase_of=lambda state: "deployment" if state.deploying else "turn",
)


class ArmyMenState(TabletopState, GameState):
    """A game of the army-men rules in progress (either variant: ``settings.variant``)."""

    rules = RULES
    saves = position_module
    custom_scenarios = ("custom", "army")  # saves of custom positions, and of games from the army builder
    from .sampling import action_space  # a random legal action without listing them all (explorer.core.sampling)

    # -- reading ---------------------------------------------------------------------------
    @property
    def engaged(self) -> tuple[tuple[str, str, str], ...]:
        return self.position.engaged

    @property
    def variant(self) -> str:
        return self.settings.variant

    def to_hit(self, shooter: str, target: str) -> Explained[int | None]:
        return to_hit(self, shooter, target)

    def move_allowance(self, trooper: str) -> Explained[float]:
        return move_allowance(self, self.figures[trooper])

    def _standing(self) -> dict[str, int]:
        # From the position's facts (worked out once a position: the listing reads them too), not a pass of its own
        known = facts(self)
        counts = {side: len(known.sides.get(side, ())) for side in self.sides}
        for f in known.waiting:  # a trooper still to set up is in the game
            counts[f.side] += 1
        return counts

    @property
    def deploying(self) -> bool:
        """The players are still setting up (deployment='players'): some trooper waits to be placed."""
        # troopers wait only in round 1 (the one legality check says so): later rounds skip the scan
        return self.position.round == 1 and bool(facts(self).waiting)

    def next_to_deploy(self, side: str) -> Figure | None:
        """The trooper of ``side`` set up next: the first still waiting, in the order of the army list."""
        return next((f for f in facts(self).waiting if f.side == side), None)

    def _outcome(self) -> Outcome | None:
        flag = self.position.flag
        if flag is not None:
            for side in self.sides:
                troopers, inches, turns = flag.term(side)
                if flag.turns_held(side) >= turns:
                    return Outcome(side, f"{side} held the flag with {troopers} troopers within {inches} inches for "
                                         f"{turns} turn{'s' * (turns != 1)}", Termination.OBJECTIVE)
        return super()._outcome()

    @property
    def setup_log(self) -> tuple[Event, ...]:
        flag = self._start[0].flag
        if flag is None:
            return ()
        return tuple(Event("flag_terms", f"{side} must have {troopers} troopers within {inches} inches of the flag at "
                                         f"the beginning of {turns} turn{'s' * (turns != 1)}",
                           ("army_men:standard.capture_the_flag",),
                           {"side": side, "troopers": troopers, "inches": inches, "turns": turns})
                     for side, troopers, inches, turns in flag.terms)


    def describe(self, act: Action, viewer: str | None = None) -> str:
        return actions.describe(act)

    def __repr__(self) -> str:
        standing = self._standing()
        head = f"<ArmyMenState {self.variant} round {self.round}, "
        head += "over" if self.is_over else f"{self.side} to play"
        return head + "; " + ", ".join(f"{s}: {n} troopers" for s, n in standing.items()) + ">"
