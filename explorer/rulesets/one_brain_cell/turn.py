"""The turn (book/one_brain_cell/turn.md): initiative, who plays first, and the steps of each player's turn.

Each round both roll for initiative and the winner chooses to be player A or B; A moves, shoots and
fights H2H, then B does, each step ended by :class:`EndStep`.
"""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from explorer.core import Dist, Event
from explorer.core.frozen import evolve

from .actions import ChooseOrder, EndStep, RollInitiative
from .advanced import test_morale
from .combat import fight_targets
from .position import Position, refusing
from .sections import key, refuse


def initiative_chance(state, act: RollInitiative) -> Dist:
    return Dist({state.side: 15, state.other(state.side): 15})


def legal_initiative(state) -> Iterator:
    yield RollInitiative(state.side)


def legal_order(state) -> Iterator:
    yield ChooseOrder(state.side, True)
    yield ChooseOrder(state.side, False)


@refusing
def check_choose_order(state, act: ChooseOrder) -> None:
    if not isinstance(act.first, bool):
        raise refuse("turn.initiative", f"first is true (be player A) or false (be B), not {act.first!r:.40}")


@refusing
def check_end_step(state, act: EndStep) -> None:
    if state.phase == "fight":
        left = fight_targets(state)
        if left:
            raise refuse("combat.locked", f"{left[0]} is locked in H2H with {act.player}'s figures: every "
                                            "fight is fought before the turn ends")


def do_roll_initiative(state, act: RollInitiative) -> tuple[Position, list[Event]]:
    side, other = state.side, state.other(state.side)
    events = []
    while True:
        a, b = state.roll(2)
        text = f"initiative: {side} rolls {a}, {other} rolls {b}"
        if a != b:
            winner = side if a > b else other
            events.append(Event("initiative", f"{text}; {winner} chooses who plays first",
                                (key("turn.initiative"),), {"dice": [a, b], "winner": winner}))
            break
        events.append(Event("initiative", f"{text}: a tie, roll again", (key("rulings.initiative"),),
                            {"dice": [a, b]}))
    return evolve(state.position, side=winner, phase="order"), events


def do_choose_order(state, act: ChooseOrder) -> tuple[Position, list[Event]]:
    first = act.player if act.first else state.other(act.player)
    events = [Event("order", f"{act.player} chooses to be player {'A' if act.first else 'B'}: {first} plays "
                             "first", (key("turn.initiative"),), {"first": first})]
    position, more = start_turn(state, evolve(state.position, first=first), first)
    return position, events + more


def start_turn(state, p: Position, side: str) -> tuple[Position, list[Event]]:
    """``side``'s turn begins: its figures' turn records clear, its wounded recover, its overwatch ends."""
    figures, events = dict(p.figures), []
    for fid, f in p.figures.items():
        if f.side != side:
            continue
        status = {"stunned": "ok", "dazed": "stunned"}.get(f.status, f.status)
        if status != f.status:
            events.append(Event("recover", f"{fid} {'stands up' if status == 'ok' else 'is now stunned'}",
                                (key("advanced.wounding"),), {"figure": fid, "status": status}))
        if (status, f.moved, f.shot, f.fought) != (f.status, "", False, False):
            figures[fid] = evolve(f, status=status, moved="", shot=False, fought=False)
    tokens = frozenset(s for s in p.overwatch if _squad_side(p, s) != side)
    for s in sorted(p.overwatch - tokens):
        events.append(Event("overwatch", f"squad {s}'s overwatch ends", (key("advanced.overwatch"),)))
    events.append(Event("turn", f"{side}'s turn: move step", (key("turn"),), {"side": side}))
    return evolve(p, figures=MappingProxyType(figures), side=side, phase="move", done=frozenset(),
                  overwatch=tokens, squad=None, pending=None), events


def _squad_side(p: Position, squad: str) -> str | None:
    return next((f.side for f in p.figures.values() if f.squad == squad), None)


def do_end_step(state, act: EndStep) -> tuple[Position, list[Event]]:
    p = state.position
    if p.phase == "move":
        return evolve(p, phase="shoot", done=frozenset()), [
            Event("step", f"{p.side}'s shoot step", (key("turn"),))]
    if p.phase == "shoot":
        return evolve(p, phase="fight", done=frozenset()), [
            Event("step", f"{p.side}'s H2H step", (key("turn"),))]
    figures = dict(p.figures)
    events = [Event("step", f"{p.side}'s turn ends", (key("turn"),))]
    if state.settings.morale:
        if state.settings.morale_when == "own_turn":
            testing = [p.side]
        else:
            testing = [p.first, state.other(p.first)] if p.side != p.first else []
        for side in testing:
            events += test_morale(state, figures, side)
    p = evolve(p, figures=MappingProxyType(figures))
    if p.side == p.first:
        position, more = start_turn(state, p, state.other(p.side))
        return position, events + more
    events.append(Event("round", f"round {p.round + 1}: roll for initiative", (key("turn.initiative"),),
                        {"round": p.round + 1}))
    return evolve(p, round=p.round + 1, phase="initiative", first=None, done=frozenset(), squad=None), events


def check_roll_initiative(state, act: RollInitiative) -> None:
    return None  # the phase is all it asks
