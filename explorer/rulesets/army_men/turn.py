"""The turn: whose action step it is, the tied fights due, and the end of the turn (where capture the
flag counts the turns held)."""

from __future__ import annotations

from types import MappingProxyType

from explorer.core import Event, RuleViolation
from explorer.core.frozen import evolve

from .actions import EndTurn
from .position import Position
from .sections import refuse
from .standard import holds_flag


def due(state, side: str) -> list[tuple[str, str, str]]:
    """The tied fights ``side`` must fight on or run from this turn."""
    return [e for e in state.engaged if e[2] == side]


def due_troopers(state, side: str) -> list[str]:
    """``side``'s troopers locked in a tied fight due this turn, in order of id."""
    ids = {fid for a, b, _ in due(state, side) for fid in (a, b) if state.figures[fid].side == side}
    return sorted(ids)


def step_of(state, trooper: str) -> frozenset[str]:
    """Troopers done once ``trooper`` acts: a step already under way ends when another trooper acts."""
    acting = state.position.acting
    return state.position.done | {acting} if acting and acting != trooper else state.position.done


def own_problem(state, player: str, figure_id, section: str, what: str) -> RuleViolation | None:
    """Why ``player`` may not give ``figure_id`` an action step now (``None``: he may)."""
    if not isinstance(figure_id, str):
        return refuse(section, f"the {what} is named by a trooper's id (text), not {figure_id!r:.40}")
    figure = state.figures.get(figure_id)
    if figure is None:
        return refuse(section, f"there is no trooper {figure_id!r:.40}")
    if figure.side != player:
        return refuse("turn", f"{figure_id} is {figure.side}'s, not {player}'s: a player gives action steps to "
                              "his own troopers only")
    if figure.status == "dead":
        return refuse("combat.the_end", f"{figure_id} is dead: dead troopers cannot be returned to play")
    if figure.status == "off_table":
        return refuse("moving.off_table", f"{figure_id} left the table and cannot be returned to play")
    if figure.id in state.position.done:
        if section == "moving" and figure.fired_round == state.round and not figure.profile.fires_and_moves:
            return refuse("standard.area_effect", f"{figure_id}'s {figure.profile.name} is heavy: he cannot "
                                                  "fire and move in the same turn")
        return refuse("turn.action_step", f"{figure_id} has taken his action step this turn")
    return None


def check_end_turn(state, act: EndTurn) -> RuleViolation | None:
    pending = due_troopers(state, state.side)
    if pending:
        return refuse("combat.tie", f"{pending[0]} is still in a tied fight: he must run away or fight on before "
                                    "the turn ends")
    return None


def do_end_turn(state, act: EndTurn) -> tuple[Position, list[Event]]:
    p = state.position
    side, rnd = state.game.next_turn(p.side, p.round, state.settings.first_of(state.sides))
    figures = {fid: evolve(f, moved=False) if f.side == side and f.moved else f for fid, f in p.figures.items()}
    events = [Event("turn", f"{p.side}'s turn ends; {side} plays", ("army_men:turn",), {"round": rnd})]
    flag = p.flag
    if flag is not None:
        holds = holds_flag(state, flag, side)
        before = flag.turns_held(side)
        count = before + 1 if holds.value else (before if state.settings.flag_turns == "in_all" else 0)
        flag = evolve(flag, held=tuple((s, count if s == side else n) for s, n in flag.held))
        _, _, turns = flag.term(side)
        text = (f"{side} holds the flag ({count} of {turns})" if holds.value
                else f"{side} does not hold the flag ({count} of {turns})")
        events.append(Event("flag", text, tuple(r.key for r in holds.refs), {"side": side, "held": count}))
    position = evolve(p, figures=MappingProxyType(figures), side=side, round=rnd, acting=None, done=frozenset(),
                      flag=flag)
    return position, events
