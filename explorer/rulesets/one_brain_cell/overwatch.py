"""Advanced overwatch (book/one_brain_cell/advanced.md): a squad that waits, and fires at the enemy who moves
or shoots at it; the active player's move or shot pauses while each squad on overwatch is asked."""

from __future__ import annotations

from collections.abc import Iterator
from types import MappingProxyType

from explorer.core import Dist, Event
from explorer.core.frozen import evolve
from explorer.core.tabletop import Board

from .actions import Hold, Overwatch, OverwatchFire
from .combat import locked_with
from .data import OVERWATCH_WEAPONS
from .position import OverwatchCall, Position, activate, active_squad, in_play, refusing
from .sections import key, refuse
from .shooting import Shot, casualty_order, count_hits, hits_distribution, land_hits, plan_shot


@refusing
def check_overwatch(state, act: Overwatch) -> None:
    if not state.settings.overwatch:
        raise refuse("advanced.overwatch", "overwatch is an advanced rule, not in play in this game "
                                             "(setting overwatch)")
    if not isinstance(act.squad, str):
        raise refuse("advanced.overwatch", f"a squad is named by text, not {act.squad!r:.40}")
    members = [f for f in in_play(state, act.player) if f.squad == act.squad]
    if not members:
        raise refuse("advanced.overwatch", f"{act.player} has no squad {act.squad!r:.40} in play")
    if act.squad in state.position.overwatch:
        raise refuse("advanced.overwatch", f"squad {act.squad} is already on overwatch")
    active = active_squad(state)
    if active is not None and act.squad != active:
        raise refuse("advanced.activation", f"this turn {act.player} activated squad {active}, not {act.squad}")
    busy = [f.id for f in members if f.moved or f.shot or f.fought or locked_with(state, f)]
    if busy:
        raise refuse("advanced.overwatch", f"{busy[0]} of squad {act.squad} has moved, shot or fought this "
                                             "turn (or is locked in H2H)")


def _called(state, act) -> OverwatchCall:
    call = state.position.pending
    if act.squad != call.squad:
        raise refuse("advanced.overwatch", f"the call is for squad {call.squad}, not {act.squad!r:.40}")
    return call


@refusing
def check_fire(state, act: OverwatchFire) -> None:
    call = _called(state, act)
    if not overwatch_shooters(state, call.squad, call.actor, call.returning):
        raise refuse("advanced.overwatch", f"no pistol or rifle of squad {call.squad} can fire at {call.actor}")


@refusing
def check_hold(state, act: Hold) -> None:
    _called(state, act)


def overwatch_shooters(board, squad: str, actor: str, returning=()) -> list[tuple[str, Shot]]:
    """The squad's pistols and rifles that can fire at ``actor`` now (and those the actor's shot just hit)."""
    target = board.figures.get(actor)
    if target is None or not target.in_play:
        return []
    out = []
    for f in board.figures.values():
        if f.squad != squad or f.weapon not in OVERWATCH_WEAPONS:
            continue
        if not (f.standing or f.id in returning) or locked_with(board, f):
            continue
        plan = plan_shot(board, f.id, actor)
        if plan.value is not None:
            out.append((f.id, plan.value))
    return out


def next_call(state, board, overwatch: frozenset, actor: str, trigger: str, *,
               only: str | None = None, returning=(), asked=()) -> OverwatchCall | None:
    """The next squad on overwatch that may fire at ``actor`` (``None``: play goes on)."""
    if not state.settings.overwatch or actor not in board.figures or not board.figures[actor].in_play:
        return None
    other = state.other(board.figures[actor].side)
    for squad in sorted(overwatch):
        members = [f for f in board.figures.values() if f.squad == squad]
        if squad in asked or not members or members[0].side != other or only not in (None, squad):
            continue
        if overwatch_shooters(board, squad, actor, returning if squad == only else ()):
            return OverwatchCall(other, "advanced.overwatch", squad, actor, trigger,
                                 tuple(returning) if squad == only else (), tuple(asked))
    return None


def react(state, figures: dict, actor: str, events: list[Event], trigger: str, *, squad: str,
               only: str | None = None, returning=()) -> tuple[Position, list[Event]]:
    """The position after ``actor`` moved or shot (``figures``): the squads on overwatch he provoked get their call."""
    p = state.position
    board = Board(MappingProxyType(figures), state.table, state.settings)
    call = None
    if trigger == "move" or only in p.overwatch:
        call = next_call(state, board, p.overwatch, actor, trigger, only=only if trigger == "shoot" else None,
                               returning=returning)
    if call is not None:
        events.append(Event("overwatch", f"squad {call.squad} is on overwatch and may fire at {actor}",
                            (key("advanced.overwatch"),), {"squad": call.squad, "actor": actor}))
    position = evolve(p, figures=board.figures, done=p.done | {actor}, squad=activate(state, squad), pending=call)
    return position, events


def do_overwatch(state, act: Overwatch) -> tuple[Position, list[Event]]:
    p = state.position
    events = [Event("overwatch", f"squad {act.squad} goes on overwatch", (key("advanced.overwatch"),),
                    {"squad": act.squad})]
    return evolve(p, overwatch=p.overwatch | {act.squad}, squad=activate(state, act.squad)), events


def do_fire(state, act: OverwatchFire) -> tuple[Position, list[Event]]:
    p, call = state.position, state.position.pending
    shooters = overwatch_shooters(state, call.squad, call.actor, call.returning)
    faces = state.roll(len(shooters))
    hits = sum(count_hits([face], shot) for face, (_, shot) in zip(faces, shooters))
    victims = casualty_order(state, call.actor)[:hits]
    figures = dict(state.figures)
    text = (f"squad {call.squad} fires on overwatch at {call.actor}: "
            + ", ".join(f"{fid} rolls {face} ({shot.need}+)" for face, (fid, shot) in zip(faces, shooters))
            + f"; {hits} hit{'s' * (hits != 1)}")
    events = [Event("overwatch_fire", text, (key("advanced.overwatch"),),
                    {"squad": call.squad, "target": call.actor, "dice": list(faces), "hits": hits,
                     "victims": victims})]
    land_hits(state, figures, victims, events)
    for fid, _ in shooters:
        figures[fid] = evolve(figures[fid], shot=True)
    overwatch = p.overwatch - {call.squad}
    board = Board(MappingProxyType(figures), state.table, state.settings)
    nxt = next_call(state, board, overwatch, call.actor, call.trigger, only=None if call.trigger == "move"
                          else "\0", asked=(*call.asked, call.squad))
    return evolve(p, figures=board.figures, overwatch=overwatch, pending=nxt), events


def do_hold(state, act: Hold) -> tuple[Position, list[Event]]:
    p, call = state.position, state.position.pending
    events = [Event("overwatch", f"squad {call.squad} holds its fire", (key("advanced.overwatch"),))]
    nxt = next_call(state, state, p.overwatch, call.actor, call.trigger,
                          only=None if call.trigger == "move" else "\0", asked=(*call.asked, call.squad))
    return evolve(p, pending=nxt), events


def fire_chance(state, act: OverwatchFire) -> Dist:
    call = state.position.pending
    shots = [s for _, s in overwatch_shooters(state, call.squad, call.actor, call.returning)]
    room = len(casualty_order(state, call.actor))
    return hits_distribution(shots).map(lambda k: min(k, room))


def legal_answers(state) -> Iterator:
    """The squad asked fires, if any of its pistols and rifles can, or holds."""
    call = state.position.pending
    if overwatch_shooters(state, call.squad, call.actor, call.returning):
        yield OverwatchFire(call.player, call.squad)
    yield Hold(call.player, call.squad)
