"""The game state of Dice Tactics: the core's contract, wired to the rules by chapter through one rule table.

The checks, dos and offers live by the book's chapters: :mod:`.setup` (sides and the draft), :mod:`.cards` (the
start of the turn: an action card, the ballista), :mod:`.moving` (March and the moves), :mod:`.attacking` (Attack
and what the attacker decides after it), :mod:`.turn` (Bolster, the end of the turn, moving the game on) and
:mod:`.terrain` (the end of the turn's terrain actions, Prep's discard). The position is in :mod:`.position`, its
legality check and the save format in :mod:`.saves`.
"""

from __future__ import annotations

from explorer.core import Outcome, Termination
from explorer.core.frozen import made
from explorer.core.gridstate import GridState
from explorer.core.ruletable import Phase, Rule, RuleTable

from . import attacking, cards, moving, saves, setup, terrain, turn
from .actions import (
    Attack, Bolster, ChooseEdge, Claim, Discard, EndMarch, EndTurn, Hire, IgnoreCard, Keep, March, Move, PlayCard,
    Prep, Push, Relocate, Respawn, Rest, Shoot, Upgrade, describe,
)
from .data import CARDS, START_TARGET
from .mechanics import target_die
from .position import (
    END, MAIN, SETUP, START, ClaimChoice, DiscardChoice, DraftPick, EdgeChoice, PushChoice, RespawnChoice, count,
    event,
)
from .sections import SECTIONS
from .view import PlayerView

_ACTIONS = (March, Attack, Bolster, EndTurn)  # the main part of the turn, offered in this order
_ANSWERS = {EdgeChoice: "edge", DraftPick: "draft", RespawnChoice: "respawn", ClaimChoice: "claim",
            PushChoice: "push", DiscardChoice: "discard"}


def _phase_of(state) -> str:
    """A decision waiting is answered first, a march under way finished next; else the turn's own phase."""
    p = state.position
    if p.pending is not None:
        return _ANSWERS[type(p.pending)]
    return "moving" if p.moving is not None else p.phase


def _start_offers(state):
    p = state.position
    me = p.side
    yield from cards.start_offers(state, me, p.in_play(me), p.in_play(state.other(me)))
    for kind in _ACTIONS:
        yield from RULES.rules[kind].candidates(state)


def _end_offers(state):
    yield from terrain.terrain_offers(state, state.position)
    yield made(EndTurn, state.position.side)


RULES = RuleTable(SECTIONS, {
    ChooseEdge: Rule(setup.check_choose_edge, setup.do_choose_edge, candidates=setup.edge_candidates),
    Keep: Rule(setup.check_keep, setup.do_keep, candidates=setup.keep_candidates),
    PlayCard: Rule(cards.check_play_card, cards.do_play_card),
    IgnoreCard: Rule(cards.check_ignore_card, cards.do_ignore_card),
    Shoot: Rule(cards.check_shoot, cards.do_shoot),
    March: Rule(moving.check_march, moving.do_march, candidates=moving.march_candidates),
    Move: Rule(moving.check_move, moving.do_move, candidates=moving.move_candidates),
    EndMarch: Rule(moving.check_end_march, moving.do_end_march, candidates=moving.end_march_candidates),
    Attack: Rule(attacking.check_attack, attacking.do_attack, candidates=attacking.attack_candidates),
    Bolster: Rule(turn.check_bolster, turn.do_bolster, candidates=turn.bolster_candidates),
    Respawn: Rule(attacking.check_respawn, attacking.do_respawn, candidates=attacking.respawn_candidates),
    Claim: Rule(attacking.check_claim, attacking.do_claim, candidates=attacking.claim_candidates),
    Push: Rule(attacking.check_push, attacking.do_push, candidates=attacking.push_candidates),
    Discard: Rule(terrain.check_discard, terrain.do_discard, candidates=terrain.discard_candidates),
    Rest: Rule(terrain.check_rest, terrain.do_rest),
    Hire: Rule(terrain.check_hire, terrain.do_hire),
    Prep: Rule(terrain.check_prep, terrain.do_prep),
    Upgrade: Rule(terrain.check_upgrade, terrain.do_upgrade),
    Relocate: Rule(terrain.check_relocate, terrain.do_relocate),
    EndTurn: Rule(turn.check_end_turn, turn.do_end_turn, candidates=turn.end_turn_candidates),
}, phases={
    "edge": Phase("setup.sides", (ChooseEdge,), "a side of the board must first be chosen"),
    "draft": Phase("setup.draft", (Keep,), "the draft comes first: keep one of the action cards offered"),
    "respawn": Phase("attacking.defeat", (Respawn,), "the defeated unit must first be given a spawn point"),
    "claim": Phase("attacking.spoils", (Claim,), "the defeated defender must first be eliminated or captured"),
    "push": Phase("attacking.push", (Push,), "the pushed defender's new space must first be chosen"),
    "discard": Phase("terrain.village", (Discard,), "the hand must first be discarded down to two cards"),
    "moving": Phase("moving", (Move, EndMarch), "finish moving first (or stop moving)"),
    # the start of the turn: action cards and ballista shots come before any action, then the main part's
    START: Phase("turn.start", (PlayCard, IgnoreCard, Shoot) + _ACTIONS,
                 "at the start of the turn: an action card, the ballista, an action or the end of the turn; units "
                 "move only during a March, and terrain actions come at the end of the turn", legal=_start_offers),
    MAIN: Phase("turn.actions", _ACTIONS, "in the main part of the turn: March, Attack, Bolster or end it; "
                "action cards and the ballista are used at the start of the turn, units move only during a March, "
                "and terrain actions come at the end of the turn"),
    END: Phase("turn.end", (Rest, Hire, Prep, Upgrade, Relocate, EndTurn),
               "only terrain actions are left at the end of the turn", legal=_end_offers),
}, phase_of=_phase_of)


class DiceTacticsState(GridState):
    """A game in progress: ``game.setup`` holds the board, ``position`` everything that changes."""

    rules = RULES
    saves = saves  # the legality check and the save format (the core's save hooks answer from it)

    # -- the contract -----------------------------------------------------------------------------------
    def _do(self, act):
        p, events = RULES.do(self, act)
        return turn.settle(self, p, events), events

    def _standing(self) -> dict[str, int]:
        return {side: len(self.position.in_play(side)) for side in self.sides}

    def outcome_at(self, position) -> Outcome | None:
        # settle() asks after every step of moving the game on; the last answer is the one the core asks for
        # again once the action is applied, so it is kept (by the position's identity: positions never change).
        # Worked out from the position itself: no probe state is made for it.
        if position is self.position:
            return self.outcome
        known = self.__dict__.get("_outcome_at")
        if known is None or known[0] is not position:
            known = self.__dict__["_outcome_at"] = (position, self._outcome_for(position))
        return known[1]

    def _outcome(self) -> Outcome | None:
        known = self.__dict__.get("_outcome_at")
        if known is not None and known[0] is self.position:
            return known[1]
        return self._outcome_for(self.position)

    def _outcome_for(self, p) -> Outcome | None:
        """How the game stands at the position ``p`` of this game (``None``: it goes on)."""
        goal = self.settings.victory_points
        for side in self.sides:
            if p.vp[side] >= goal:
                return Outcome(side, f"{side} reaches {p.vp[side]} VP, of the {goal} needed to win", Termination.OBJECTIVE)
        if p.phase != SETUP:
            for side in self.sides:  # (a side's units looked at only when its supply is empty, until one is found)
                if p.supply[side].squads <= 0 and not any(u.side == side for u in p.units.values()):
                    return Outcome(self.other(side), f"{side} has no unit in play and no squad in the supply to "
                                   "bolster with", Termination.FORFEIT)
        if p.finished:
            return self._on_points(p, "the Operation Track has run out", Termination.OBJECTIVE)
        limit = self.settings.max_rounds
        if limit is not None and p.round > limit:
            return self._on_points(p, f"after {count(limit, 'round')}", Termination.ROUND_LIMIT)
        return None

    def _on_points(self, p, why: str, kind) -> Outcome:
        a, b = self.sides
        vp = p.vp
        if vp[a] == vp[b]:
            return Outcome(None, f"{why} with both sides on {vp[a]} VP", kind)
        winner = a if vp[a] > vp[b] else b
        return Outcome(winner, f"{why}: {winner} has more VP ({vp[a]} to {vp[b]})", kind)

    def describe(self, act, viewer: str | None = None) -> str:
        return describe(act, hide_cards=viewer != getattr(act, "player", None))

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def setup(self):
        return self.game.setup

    @property
    def units(self):
        return self.position.units

    @property
    def phase(self) -> str:
        return self.position.phase

    def target(self, p=None) -> int:
        """The Target die: the VP for holding the Target Zone at the end of a turn."""
        p = self.position if p is None else p
        return target_die(p.marker, self.settings.target_step, START_TARGET)

    def end_options(self, position) -> bool:
        """Whether any terrain action is possible at the end of the turn in ``position``."""
        return next(terrain.terrain_offers(self, position), None) is not None

    # -- hidden information -----------------------------------------------------------------------------------
    @property
    def setup_log(self):
        start = self._start[0]
        events = [event("deal", f"The Action deck is shuffled; each player is dealt 4 cards for the draft. The "
                        f"Target die shows {self.target(start)}; the Operation Marker is on space {start.marker}.",
                        ("setup.draft", "operation.track"))]
        for side in self.sides:
            offered = start.draft.get(side, ())
            if offered:
                names = ", ".join(CARDS[c].name for c in offered)
                events.append(event("deal", f"{side} is dealt {names}.", ("setup.draft",), side))
        return tuple(events)

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see: the whole board, their own hand and draft, only counts of the other's cards."""
        if player not in self.sides:
            raise ValueError(f"{player!r} is not a player; the players are {', '.join(self.sides)}")
        p = self.position
        opponent = self.other(player)
        return PlayerView(
            player=player, opponent=opponent, settings=self.settings, setup=self.setup, units=dict(p.units),
            supply=dict(p.supply), resources=dict(p.resources), vp=dict(p.vp), hand=p.hands[player],
            offered=p.draft.get(player, ()), opponent_hand_count=len(p.hands[opponent]),
            opponent_offered_count=len(p.draft.get(opponent, ())), deck_count=len(p.deck),
            windmills=dict(p.windmills), edges=dict(p.edges), side=p.side, turn=p.turn, marker=p.marker,
            target=self.target(), phase=p.phase, actions_left=p.actions_left, temporary=p.temporary,
            card_played=p.card_played, effects=p.effects, moving=p.moving, pending=p.pending,
            current_player=self.current_player, outcome=self.outcome, events=tuple(self.events_for(player)),
        )
