"""The turn (book/simple_plastic/turn.md): one side moves, then attacks, then the other side plays.

What each phase offers, in the order the bots count on, and ending a phase.
"""

from __future__ import annotations

from explorer.core import Action, Event, RuleViolation
from explorer.core.frozen import evolve, made_by, shared

from .actions import EndPhase
from .attack_offers import candidate_attacks
from .move_offers import candidate_moves, gaps_left_open
from .position import Position, with_figures
from .sections import refuse


def legal_in_move_phase(state) -> list[Action]:
    offers, gaps = candidate_moves(state)
    if not gaps:
        offers.append(_end_phase(state))
    return offers


def legal_in_attack_phase(state) -> list[Action]:
    offers = candidate_attacks(state)
    offers.append(_end_phase(state))
    return offers


def _end_phase(state) -> EndPhase:
    """``EndPhase(side)``, made once for each side's name and shared by every game (:func:`made_by`: a lookup made in
    C): nearly every listing offers it."""
    return _END_PHASES[state.position.side]


_END_PHASES = made_by(EndPhase)


def check_end_phase(state, act: EndPhase) -> RuleViolation | None:
    if state.phase == "move":
        gaps = gaps_left_open(state)
        if gaps:
            return refuse("moving.cohesion", f"squad {gaps[0]} has gaps left by casualties: close them "
                                             "before moving on")
    return None


def do_end_phase(state, act: EndPhase) -> tuple[Position, list[Event]]:
    p = state.position
    if p.phase == "move":
        return evolve(p, phase="attack"), [_attacks(p.side)]
    side, rnd = state.game.next_turn(p.side, p.round)
    changed = {fid: evolve(f, moved=False) for fid, f in p.figures.items() if f.moved}
    position = with_figures(state, changed, side=side, phase="move", round=rnd, moved_units=frozenset(),
                            attacks_used=())
    return position, [_turn_ends(p.side, side, rnd)]


# The events of ending a phase are the same words again and again (a side has moved; a side's turn ends in a round).
@shared
def _attacks(side: str) -> Event:
    return Event.made("phase", f"{side} has moved: the attack phase begins", _TURN, {})  # no attack made yet


@shared
def _turn_ends(side: str, following: str, rnd: int) -> Event:
    return Event.made("phase", f"{side}'s turn ends; {following} moves", _TURN, {"round": rnd})


_TURN = ("simple_plastic:turn",)
