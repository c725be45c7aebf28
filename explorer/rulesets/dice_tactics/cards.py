"""The start of the turn (book: cards, and the ballista of terrain): one action card played or ignored, ballista
shots; and the resources and the Action deck they draw on."""

from __future__ import annotations

from explorer.core.frozen import evolve, made
from explorer.core.grid import manhattan
from explorer.core.gridstate import is_whole

from . import data as d
from .actions import IgnoreCard, PlayCard, Shoot
from .board import enemy_unit, is_text, own_unit
from .data import CARDS
from .mechanics import take_losses
from .moving import march
from .position import FORWARD, SABOTAGE, ClaimChoice, Effect, Moving, RespawnChoice, count, event
from .sections import refuse
from .turn import advance_marker


def funds(p) -> int:
    return p.resources[p.side] + p.temporary


def pay(p, n: int):
    """``p`` with ``n`` resources paid by the active player, the temporary one first."""
    temp = min(p.temporary, n)
    p = evolve(p, temporary=p.temporary - temp)
    return p.plus("resources", p.side, -(n - temp))


def card_to_deck(state, p, side: str, card: str):
    """``p`` with ``card`` taken from ``side``'s hand and shuffled back into the Action deck."""
    hand = list(p.hands[side])
    hand.remove(card)
    return evolve(p, hands={**p.hands, side: tuple(hand)}, deck=shuffled_in(state, p.deck, [card]))


def shuffled_in(state, deck, cards) -> tuple:
    deck = list(deck) + list(cards)
    state.rng.shuffle(deck)
    return tuple(deck)


def card_refusal(state):
    """Why no action card may be played (or ignored) now, if none may (the rule table lets cards through only at
    the start of the turn)."""
    p = state.position
    if p.card_played:
        return refuse("cards.play", "only one action card may be played a turn")
    if p.shot and state.settings.start_order == "card_first":
        return refuse("rulings.start-order",
                      "the action card is played (or ignored) before the ballista fires, and it has fired")
    return None


def check_play_card(state, act):
    p = state.position
    refusal = card_refusal(state)
    if refusal:
        return refusal
    card = CARDS.get(act.card) if is_text(act.card) else None
    if card is None or act.card not in p.hands[p.side]:
        return refuse("cards.play", f"{act.card!r} is not a card in {p.side}'s hand")
    key = f"cards.{card.key}"
    if not is_whole(act.amount):
        return refuse(key, f"the resources paid are a whole number, not {act.amount!r}")
    if card.target == "own":
        unit, refusal = own_unit(state.position, act.unit, key)
        if refusal:
            return refusal
    elif card.target == "enemy":
        unit, refusal = enemy_unit(state.position, act.unit, key)
        if refusal:
            return refusal
    elif act.unit != "":
        return refuse(key, f"{card.name} names no unit")
    if card.key == "sabotage":
        if not 1 <= act.amount <= d.SABOTAGE_MAX:
            return refuse(key, f"Sabotage is paid with 1 or {d.SABOTAGE_MAX} resources, not {act.amount!r}")
        cost = act.amount
    else:
        if act.amount != 0:
            return refuse(key, f"{card.name} has no amount to choose")
        cost = card.cost
    if cost > funds(p):
        return refuse(key, f"{card.name} costs {count(cost, 'resource')}; {p.side} has {funds(p)}")
    if card.key == "forward" and not p.in_play(p.side):
        return refuse(key, "Forward! needs a unit in play to march")
    return None


def do_play_card(state, act):
    p = state.position
    me, them = p.side, state.other(p.side)
    card = CARDS[act.card]
    key = f"cards.{card.key}"
    p = evolve(card_to_deck(state, p, me, act.card), card_played=True)
    events = [event("card", f"{me} plays {card.name}: {card.text}", ("cards.play", key), card=act.card)]
    cost = act.amount if card.key == "sabotage" else card.cost
    if cost:
        p = pay(p, cost)
    name = card.key
    if name == "desperate_measures":
        unit, notes = take_losses(p.units[act.unit], d.DESPERATE_LOSSES)
        p = p.with_unit(unit).plus("resources", me, d.DESPERATE_RESOURCES)
        events.append(event("losses", f"{act.unit} suffers {d.DESPERATE_LOSSES} losses ({unit.strength} left); "
                            f"{me} gains {d.DESPERATE_RESOURCES} resources." + "".join(f" {n}." for n in notes),
                            (key,)))
        if unit.strength == 0:
            p = p.with_unit(evolve(unit, square=None))
            p = evolve(p, queue=(RespawnChoice(me, "attacking.defeat", unit=unit.id),))
    elif name == "forward":
        p = evolve(p, moving=march(p, me, FORWARD, state))
    elif name == "sabotage":
        p = evolve(p, moving=Moving(SABOTAGE, act.amount, unit=act.unit))
    elif name in ("exhaustion", "fuel_shortage", "supply_and_demand"):
        p = evolve(p, effects=p.effects + (Effect(name, them, p.turn + 1),))
    elif name in ("bullseye", "navigation_expert"):
        p = evolve(p, effects=p.effects + (Effect(name, me, p.turn),))
    elif name == "scare_tactics":
        p = evolve(p, effects=p.effects + (Effect(name, me, p.turn + 1),))
    elif name == "faster_tech":
        p, more = advance_marker(state, p, key)
        events += more
    return p, events


def check_ignore_card(state, act):
    p = state.position
    refusal = card_refusal(state)
    if refusal:
        return refusal
    if not is_text(act.card) or act.card not in p.hands[p.side]:
        return refuse("cards.play", f"{act.card!r} is not a card in {p.side}'s hand")
    return None


def do_ignore_card(state, act):
    p = state.position
    p = evolve(card_to_deck(state, p, p.side, act.card), card_played=True,
               temporary=p.temporary + d.TEMPORARY_RESOURCE)
    return p, [event("card", f"{p.side} ignores {CARDS[act.card].name} for 1 resource until the end of the turn.",
                     ("cards.play",), card=act.card)]


def check_shoot(state, act):
    p = state.position
    unit, refusal = own_unit(state.position, act.unit, "terrain.ballista")
    if refusal:
        return refusal
    if state.game.setup.kind(unit.square) != d.BALLISTA:
        return refuse("terrain.ballista", f"{act.unit} is not standing on a ballista")
    if act.unit in p.shot:
        return refuse("terrain.ballista", f"{act.unit} has already shot this turn")
    target, refusal = enemy_unit(state.position, act.target, "terrain.ballista")
    if refusal:
        return refusal
    if manhattan(unit.square, target.square) > d.BALLISTA_RANGE:
        return refuse("terrain.ballista",
                      f"{act.target} is {manhattan(unit.square, target.square)} spaces away; the ballista reaches "
                      f"{d.BALLISTA_RANGE}")
    if funds(p) < d.BALLISTA_COST:
        return refuse("terrain.ballista", f"a shot costs {d.BALLISTA_COST} resource; {p.side} has none")
    return None


def do_shoot(state, act):
    p = pay(state.position, d.BALLISTA_COST)
    target, notes = take_losses(p.units[act.target], d.BALLISTA_LOSSES)
    p = evolve(p.with_unit(target), shot=p.shot | {act.unit})
    events = [event("shoot", f"{act.unit} shoots the ballista at {act.target}: {d.BALLISTA_LOSSES} losses, "
                    f"{target.strength} left, no counter-attack." + "".join(f" {n}." for n in notes),
                    ("terrain.ballista",))]
    if target.strength == 0:
        p = p.with_unit(evolve(target, square=None))
        p = evolve(p, queue=(RespawnChoice(p.side, "attacking.defeat", unit=target.id),
                             ClaimChoice(p.side, "attacking.spoils", unit=target.id)))
    return p, events


# -- the offers at the start of the turn: legal as they are made, the checks' tests asked directly ---------------
def start_offers(state, me, mine, theirs):
    """The action cards (each played on every unit it may name, then ignored) and the ballista shots."""
    p = state.position
    if card_refusal(state) is None:
        money = funds(p)
        units = bool(mine)
        for card in dict.fromkeys(p.hands[me]):
            kind = CARDS[card]
            if kind.target == "own":
                if kind.cost <= money:
                    yield from (made(PlayCard, me, card, u.id) for u in mine)
            elif kind.target == "enemy":
                # Sabotage, the one card naming an enemy, is paid 1 or 2; any other would name no amount
                if kind.key == "sabotage":
                    yield from (made(PlayCard, me, card, u.id, n) for u in theirs for n in (1, 2) if n <= money)
            elif kind.cost <= money and (units or kind.key != "forward"):
                yield made(PlayCard, me, card)
            yield made(IgnoreCard, me, card)
    if funds(p) >= d.BALLISTA_COST:
        setup = state.game.setup
        for unit in mine:
            if setup.kind(unit.square) == d.BALLISTA and unit.id not in p.shot:
                yield from (made(Shoot, me, unit.id, e.id) for e in theirs
                            if manhattan(unit.square, e.square) <= d.BALLISTA_RANGE)
