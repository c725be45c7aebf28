"""Attacking (book: attacking): the Attack action, and what the attacker then decides: where a defeated unit
respawns, eliminate or capture, where a pushed defender goes."""

from __future__ import annotations

from explorer.core.frozen import evolve, made
from explorer.core.grid import manhattan

from . import data as d
from .actions import Attack, Claim, Push, Respawn
from .board import action_left, enemy_unit, is_square, own_unit, push_squares, spawn_points
from .data import TERRAIN
from .mechanics import fight, in_range
from .position import MAIN, ClaimChoice, PushChoice, RespawnChoice, event
from .sections import refuse

CLAIMS = ("eliminate", "capture")


def check_attack(state, act):
    refusal = action_left(state)
    if refusal:
        return refusal
    attacker, refusal = own_unit(state.position, act.attacker, "attacking")
    if refusal:
        return refusal
    defender, refusal = enemy_unit(state.position, act.defender, "attacking")
    if refusal:
        return refusal
    if not in_range(state.game.setup, attacker, defender):
        return refuse("attacking.range",
                      f"{act.defender} is {manhattan(attacker.square, defender.square)} spaces away, out of "
                      f"{act.attacker}'s range")
    return None


def do_attack(state, act):
    p = state.position
    me = p.side
    attacker, defender = p.units[act.attacker], p.units[act.defender]
    bullseye = p.effect("bullseye", me)
    result = fight(state.game.setup, attacker, defender, bullseye=bullseye,
                   scared=p.effect("scare_tactics", defender.side), scare_cap=state.settings.scare_cap)
    effects = tuple(e for e in p.effects if not (e.name == "bullseye" and e.turn == p.turn))
    p = evolve(p, effects=effects, actions_left=p.actions_left - 1, phase=MAIN)
    events = [event("attack", f"{act.attacker} ({attacker.strength}) attacks {act.defender} ({defender.strength}).",
                    ("attacking",))]
    for reason in result.steps:
        events.append(event("attack", reason.text[0].upper() + reason.text[1:] + ".", (reason.ref.section,)))
    queue = []
    a, b = result.attacker, result.defender
    if result.attacker_defeated:
        a = evolve(a, square=None)
        queue.append(RespawnChoice(me, "attacking.defeat", unit=a.id))
    if result.defender_defeated:
        b = evolve(b, square=None)
        queue += [RespawnChoice(me, "attacking.defeat", unit=b.id), ClaimChoice(me, "attacking.spoils", unit=b.id)]
    elif TERRAIN[state.game.setup.kind(b.square)].pushes:
        queue.append(PushChoice(me, "attacking.push", unit=b.id))
    p = evolve(p.with_unit(a).with_unit(b), queue=tuple(queue))
    return p, events


def check_respawn(state, act):
    p = state.position
    if act.unit != p.pending.unit:
        return refuse("attacking.defeat", f"{p.pending.unit} respawns now, not {act.unit!r}")
    if not is_square(act.square) or act.square not in spawn_points(state, p, p.units[act.unit]):
        return refuse("attacking.defeat", f"{act.square!r} is not a free spawn point outside the Target Zone")
    return None


def do_respawn(state, act):
    p = state.position
    unit = evolve(p.units[act.unit], square=act.square, strength=d.RESPAWN_STRENGTH)
    return evolve(p.with_unit(unit), pending=None), [
        event("respawn", f"{act.unit} respawns at {act.square} with {d.RESPAWN_STRENGTH} strength.",
              ("attacking.defeat",), unit=act.unit, square=act.square)]


def check_claim(state, act):
    if act.choice not in CLAIMS:
        return refuse("attacking.spoils", f"choose eliminate or capture, not {act.choice!r}")
    return None


def do_claim(state, act):
    p = state.position
    me = act.player
    if act.choice == "eliminate":
        p = p.plus("vp", me, d.ELIMINATE_VP)
        text = f"{me} eliminates {p.pending.unit}: {d.ELIMINATE_VP} VP."
    else:
        p = p.plus("vp", me, d.CAPTURE_VP).plus("resources", me, d.CAPTURE_RESOURCES)
        text = f"{me} captures {p.pending.unit}: {d.CAPTURE_VP} VP and {d.CAPTURE_RESOURCES} resources."
    return evolve(p, pending=None), [event("claim", text, ("attacking.spoils",), choice=act.choice)]


def check_push(state, act):
    p = state.position
    unit = p.units[p.pending.unit]
    if not is_square(act.square) or act.square not in push_squares(state, p, unit):
        return refuse("attacking.push",
                      f"{unit.id} is pushed to a free adjacent space it may stand on, not {act.square!r}")
    return None


def do_push(state, act):
    p = state.position
    unit = p.units[p.pending.unit]
    return evolve(p.with_unit(evolve(unit, square=act.square)), pending=None), [
        event("push", f"{unit.id} is pushed out of the {state.game.setup.kind(unit.square)} to {act.square}.",
              ("attacking.push",), unit=unit.id, square=act.square)]


# -- the offers ----------------------------------------------------------------------------------------------------
def attack_candidates(state):
    p = state.position
    if p.actions_left <= 0:
        return ()
    me, setup = p.side, state.game.setup
    theirs = p.in_play(state.other(me))
    return [made(Attack, me, unit.id, e.id) for unit in p.in_play(me) for e in theirs if in_range(setup, unit, e)]


def respawn_candidates(state):
    p, me = state.position, state.current_player
    unit = p.units[p.pending.unit]
    return [made(Respawn, me, unit.id, s) for s in spawn_points(state, p, unit)]


def claim_candidates(state):
    me = state.current_player
    return [made(Claim, me, c) for c in CLAIMS]


def push_candidates(state):
    p, me = state.position, state.current_player
    return [made(Push, me, s) for s in push_squares(state, p, p.units[p.pending.unit])]
