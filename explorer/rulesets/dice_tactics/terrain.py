"""The end of the turn (book: terrain): each unit's terrain action in a village or a tower, and Prep's discard."""

from __future__ import annotations

from explorer.core.frozen import evolve, made
from explorer.core.gridstate import is_whole

from . import data as d
from .actions import Discard, Hire, Prep, Relocate, Rest, Upgrade
from .board import is_text, own_unit
from .cards import card_to_deck, funds, pay
from .data import CARDS, SQUAD, TANK, TERRAIN
from .position import RELOCATE, DiscardChoice, Moving, count, event
from .sections import refuse


def _terrain_unit(state, name, terrain: str):
    p = state.position
    key = f"terrain.{terrain}"
    unit, refusal = own_unit(state.position, name, key)
    if refusal:
        return None, refusal
    if state.game.setup.kind(unit.square) != terrain:
        return None, refuse(key, f"{name} is not standing in a {terrain}")
    if name in p.acted:
        return None, refuse(key, f"{name} has already taken its terrain action this turn")
    return unit, None


def check_rest(state, act):
    unit, refusal = _terrain_unit(state, act.unit, d.VILLAGE)
    if refusal:
        return refusal
    if unit.strength >= d.REST_MAX:
        return refuse("terrain.village", f"resting goes up to {d.REST_MAX}; {act.unit} has {unit.strength}")
    return None


def do_rest(state, act):
    p = state.position
    unit = p.units[act.unit]
    after = min(d.REST_MAX, unit.strength + d.REST_GAIN)
    p = evolve(p.with_unit(evolve(unit, strength=after)), acted=p.acted | {act.unit})
    return p, [event("rest", f"{act.unit} rests: {unit.strength} to {after}.", ("terrain.village",))]


def check_hire(state, act):
    p = state.position
    unit, refusal = _terrain_unit(state, act.unit, d.VILLAGE)
    if refusal:
        return refusal
    if not is_whole(act.amount) or not 1 <= act.amount <= d.HIRE_MAX_RESOURCES:
        return refuse("terrain.village", f"hire with 1 or {d.HIRE_MAX_RESOURCES} resources, not {act.amount!r}")
    if unit.strength + act.amount > d.HIRE_MAX:
        return refuse("terrain.village", f"hiring goes up to {d.HIRE_MAX}; {act.unit} has {unit.strength}")
    if act.amount > funds(p):
        return refuse("terrain.village", f"{p.side} has {count(funds(p), 'resource')}")
    return None


def do_hire(state, act):
    p = pay(state.position, act.amount)
    unit = p.units[act.unit]
    p = evolve(p.with_unit(evolve(unit, strength=unit.strength + act.amount)), acted=p.acted | {act.unit})
    return p, [event("hire", f"{act.unit} hires mercenaries for {count(act.amount, 'resource')}: "
                     f"{unit.strength} to {unit.strength + act.amount}.", ("terrain.village",))]


def check_prep(state, act):
    unit, refusal = _terrain_unit(state, act.unit, d.VILLAGE)
    if refusal:
        return refusal
    if not state.position.deck:
        return refuse("terrain.village", "the Action deck is empty")
    return None


def do_prep(state, act):
    p = state.position
    card, deck = p.deck[-1], p.deck[:-1]
    hand = p.hands[p.side] + (card,)
    p = evolve(p, deck=deck, hands={**p.hands, p.side: hand}, acted=p.acted | {act.unit},
               pending=DiscardChoice(p.side, "terrain.village") if len(hand) > d.HAND_SIZE else None)
    return p, [event("prep", f"{act.unit} preps: {p.side} draws an action card.", ("terrain.village",)),
               event("prep", f"{p.side} draws {CARDS[card].name}.", ("terrain.village",), p.side, card=card)]


def check_discard(state, act):
    p = state.position
    if not is_text(act.card) or act.card not in p.hands[act.player]:
        return refuse("terrain.village", f"{act.card!r} is not in {act.player}'s hand")
    return None


def do_discard(state, act):
    p = card_to_deck(state, state.position, act.player, act.card)
    more = len(p.hands[act.player]) > d.HAND_SIZE
    p = evolve(p, pending=DiscardChoice(act.player, "terrain.village") if more else None)
    return p, [event("discard", f"{act.player} discards a card into the deck.", ("terrain.village",)),
               event("discard", f"{act.player} discards {CARDS[act.card].name}.", ("terrain.village",), act.player)]


def upgrade_cost(p) -> int:
    return d.UPGRADE_COST + (d.SUPPLY_AND_DEMAND_EXTRA if p.effect("supply_and_demand", p.side) else 0)


def check_upgrade(state, act):
    p = state.position
    unit, refusal = _terrain_unit(state, act.unit, d.TOWER)
    if refusal:
        return refusal
    squad, refusal = own_unit(state.position, act.squad, "terrain.tower")
    if refusal:
        return refusal
    if squad.kind != SQUAD:
        return refuse("terrain.tower", f"{act.squad} is already a tank")
    where = state.game.setup.kind(squad.square)
    if where == d.VILLAGE:
        return refuse("terrain.tower", "a unit standing in a village cannot be upgraded")
    if not TERRAIN[where].tanks_may_enter:
        return refuse("rulings.upgrade-where", f"a tank cannot stand in {where}, so a squad there cannot be upgraded")
    if p.supply[p.side].tanks <= 0:
        return refuse("terrain.tower", "no tank is left in the supply")
    cost = upgrade_cost(p)
    if funds(p) < cost:
        return refuse("terrain.tower", f"an Upgrade costs {cost} resources; {p.side} has {funds(p)}")
    return None


def do_upgrade(state, act):
    p = state.position
    cost = upgrade_cost(p)
    p = pay(p, cost)
    squad = p.units[act.squad]
    after = min(d.MAX_STRENGTH, squad.strength + d.UPGRADE_GAIN)
    supply = p.supply[p.side]
    p = evolve(p.with_unit(evolve(squad, kind=TANK, strength=after)), acted=p.acted | {act.unit},
               supply={**p.supply, p.side: evolve(supply, squads=supply.squads + 1, tanks=supply.tanks - 1)})
    return p, [event("upgrade", f"{act.squad} is upgraded into a tank of {after} for {cost} resources; the squad "
                     "goes back to the supply.", ("terrain.tower",))]


def check_relocate(state, act):
    unit, refusal = _terrain_unit(state, act.unit, d.TOWER)
    if refusal:
        return refusal
    mover, refusal = own_unit(state.position, act.mover, "terrain.tower")
    return refusal


def do_relocate(state, act):
    p = state.position
    p = evolve(p, acted=p.acted | {act.unit}, moving=Moving(RELOCATE, d.RELOCATE_MOVEMENTS, unit=act.mover))
    return p, [event("relocate", f"{act.unit} in the tower relocates {act.mover} (up to "
                     f"{d.RELOCATE_MOVEMENTS} movements).", ("terrain.tower",))]


# -- the offers ----------------------------------------------------------------------------------------------------
def terrain_offers(state, p):
    """The terrain actions allowed in ``p`` at the end of its turn, unit by unit (the checks' tests, asked
    directly: every unit named is the player's own and in play)."""
    me = p.side
    setup = state.game.setup
    mine = p.in_play(me)
    money = funds(p)
    for unit in mine:
        if unit.id in p.acted:
            continue
        kind = setup.kind(unit.square)
        if kind == d.VILLAGE:
            if unit.strength < d.REST_MAX:
                yield made(Rest, me, unit.id)
            for amount in range(1, d.HIRE_MAX_RESOURCES + 1):
                if unit.strength + amount <= d.HIRE_MAX and amount <= money:
                    yield made(Hire, me, unit.id, amount)
            if p.deck:
                yield made(Prep, me, unit.id)
        elif kind == d.TOWER:
            if p.supply[me].tanks > 0 and money >= upgrade_cost(p):
                for squad in mine:
                    where = setup.kind(squad.square)
                    if squad.kind == SQUAD and where != d.VILLAGE and TERRAIN[where].tanks_may_enter:
                        yield made(Upgrade, me, unit.id, squad.id)
            yield from (made(Relocate, me, unit.id, mover.id) for mover in mine)


def discard_candidates(state):
    me = state.current_player
    return [made(Discard, me, card) for card in dict.fromkeys(state.position.hands[me])]
