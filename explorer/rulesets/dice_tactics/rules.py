"""The check (the refusal, or ``None``) and the do (the next position and the events) of every action.

Each ``check_x(state, act)`` changes nothing and never raises on odd values;
each ``do_x(state, act)`` runs only after its check allowed the action. After
every action :func:`settle` moves the turn on: a finished march closes, the
end of the turn comes when no action is left, and the next player's turn
begins (windmills, the Target Zone and the Operation Track are scored there).
"""

from __future__ import annotations

from explorer.core import RuleViolation
from explorer.core.frozen import evolve
from explorer.core.grid import DIRECTIONS, manhattan, step

from . import data as d
from .data import CARDS, SQUAD, TANK, TERRAIN
from .mechanics import fight, move_cost, in_range, take_losses, target_die, zone_holder
from .position import (
    END, FORWARD, MAIN, MARCH, RELOCATE, SABOTAGE, SETUP, START, ClaimChoice, DiscardChoice, DraftPick, Effect,
    EdgeChoice, Moving, PushChoice, RespawnChoice, Unit, count, event,
)
from .sections import ref

CLAIMS = ("eliminate", "capture")


def no(text: str, key: str) -> RuleViolation:
    return RuleViolation(text, ref(key))


def _str(value) -> bool:
    return isinstance(value, str)


def _square(value) -> bool:
    return (isinstance(value, tuple) and len(value) == 2
            and all(isinstance(v, int) and not isinstance(v, bool) for v in value))


def _int(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


# -- reading the position ---------------------------------------------------------------------------------
def own_unit(p, name, key: str):
    """The active player's unit ``name`` in play, or the refusal."""
    unit = p.units.get(name) if _str(name) else None
    if unit is None or unit.square is None:
        return None, no(f"there is no unit {name!r} in play", key)
    if unit.side != p.side:
        return None, no(f"{name} is not one of {p.side}'s units", key)
    return unit, None


def enemy_unit(p, name, key: str):
    unit = p.units.get(name) if _str(name) else None
    if unit is None or unit.square is None:
        return None, no(f"there is no unit {name!r} in play", key)
    if unit.side == p.side:
        return None, no(f"{name} is not an enemy unit", key)
    return unit, None


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


def standable(state, p, unit_kind: str, square, *, key: str) -> RuleViolation | None:
    """Whether a unit of ``unit_kind`` may end up on ``square`` (on the board, free, allowed terrain)."""
    setup = state.game.setup
    if not _square(square) or square not in setup.grid:
        return no(f"{square!r} is not a space of the board", key)
    if p.occupant(square) is not None:
        return no(f"{square} is taken: one unit a space", "moving.occupied")
    kind = setup.kind(square)
    if unit_kind == TANK and not TERRAIN[kind].tanks_may_enter:
        return no(f"tanks cannot move into {TERRAIN[kind].name.lower()}", f"terrain.{kind}")
    if kind == d.WINDMILL and p.windmills.get(square, 0) > 0:
        return no("no unit may end a move on a windmill that holds resources", "terrain.windmill")
    return None


def spawn_points(state, p, unit: Unit):
    """The free spawn points outside the Target Zone where ``unit`` may respawn."""
    setup = state.game.setup
    edges = setup.spawns if state.settings.respawn_anywhere else {p.edges.get(unit.side): ()}
    points = [s for edge in sorted(setup.spawns) if edge in edges for s in setup.spawns[edge]]
    return [s for s in points if s not in setup.zone and p.occupant(s) is None]


def push_squares(state, p, unit: Unit):
    squares = state.game.setup.grid.neighbours(unit.square)
    return [s for s in squares if standable(state, p, unit.kind, s, key="attacking.push") is None]


def bolster_villages(state, p, side: str):
    """The two villages furthest from the Target Zone (ties: nearest the player's own spawn points)."""
    setup = state.game.setup
    own = setup.spawns.get(p.edges.get(side), ())

    def key(v):
        far = min((manhattan(v, z) for z in setup.zone), default=0)
        near = min((manhattan(v, s) for s in own), default=0)
        return (-far, near, v)

    villages = sorted((s for s, k in setup.terrain.items() if k == d.VILLAGE), key=key)
    return villages[:2]


# -- setup ------------------------------------------------------------------------------------------------
def check_choose_edge(state, act):
    if not isinstance(state.position.pending, EdgeChoice):
        return no("the sides of the board are chosen at the start of the game", "setup.sides")
    if act.edge not in state.game.setup.spawns:
        return no(f"the sides of the board are {' and '.join(d.EDGES)}, not {act.edge!r}",
                  "setup.sides")
    return None


def do_choose_edge(state, act):
    p = state.position
    setup, settings = state.game.setup, state.settings
    other_edge = next(e for e in sorted(setup.spawns) if e != act.edge)
    edges = {act.player: act.edge, state.other(act.player): other_edge}
    units = dict(p.units)
    supply = dict(p.supply)
    for side in state.sides:
        points = sorted(setup.spawns[edges[side]])[:supply[side].squads]
        for n, square in enumerate(points, 1):
            units[f"{side}-{n}"] = Unit(f"{side}-{n}", side, SQUAD, settings.squad_strength, square)
        supply[side] = evolve(supply[side], squads=supply[side].squads - len(points))
    first = state.sides[0]
    p = evolve(p, edges=edges, units=units, supply=supply, pending=DraftPick(first, "setup.draft"))
    return p, [event("edge", f"{act.player} takes the {act.edge} side; {first} the {other_edge}. Each places "
                     f"{d.START_SQUADS} squads of {settings.squad_strength} on its spawn points.", ("setup.sides",),
                     edges=edges)]


def check_keep(state, act):
    p = state.position
    if not isinstance(p.pending, DraftPick):
        return no("cards are kept only during the draft", "setup.draft")
    if not _str(act.card) or act.card not in p.draft.get(act.player, ()):
        return no(f"{act.card!r} is not among the cards offered to {act.player}", "setup.draft")
    return None


def do_keep(state, act):
    p = state.position
    me, them = act.player, state.other(act.player)
    offered = list(p.draft[me])
    offered.remove(act.card)
    hands = {**p.hands, me: p.hands[me] + (act.card,)}
    draft = {**p.draft, me: tuple(offered)}
    events = [event("keep", f"{me} keeps a card.", ("setup.draft",)),
              event("keep", f"{me} keeps {CARDS[act.card].name}.", ("setup.draft",), me, card=act.card)]
    p = evolve(p, hands=hands, draft=draft)
    if len(hands[me]) > len(hands[them]):
        return evolve(p, pending=DraftPick(them, "setup.draft")), events
    if len(hands[me]) < d.HAND_SIZE:  # both kept one: hand the rest to the other player
        draft = {me: draft[them], them: draft[me]}
        events.append(event("pass", "Each player hands the other the cards they did not keep.", ("setup.draft",)))
        for side in state.sides:
            events.append(event("pass", f"{side} is handed {_names(draft[side])}.", ("setup.draft",), side))
        return evolve(p, draft=draft, pending=DraftPick(state.sides[0], "setup.draft")), events
    rest = [c for side in state.sides for c in draft[side]]
    deck = shuffled_in(state, p.deck, rest)
    events.append(event("draft", f"The draft is over: {count(len(rest), 'card')} go back into the Action deck, "
                        f"which is shuffled. {state.sides[0]} takes the first turn.", ("setup.draft",)))
    return evolve(p, draft={}, deck=deck, pending=None, phase=START, actions_left=d.ACTIONS_PER_TURN), events


def _names(cards) -> str:
    return ", ".join(CARDS[c].name for c in cards) or "nothing"


# -- the start of the turn: action cards and the ballista ------------------------------------------------
def _start_phase(state, key: str):
    p = state.position
    if p.phase != START or p.moving is not None:
        return no("this is done at the start of the turn, before any action", key)
    if p.card_played and key.startswith("cards"):
        return no("only one action card may be played a turn", "cards.play")
    if p.shot and key.startswith("cards") and state.settings.start_order == "card_first":
        return no("the action card is played (or ignored) before the ballista fires, and it has fired",
                  "rulings.start-order")
    return None


def check_play_card(state, act):
    p = state.position
    refusal = _start_phase(state, "cards.play")
    if refusal:
        return refusal
    card = CARDS.get(act.card) if _str(act.card) else None
    if card is None or act.card not in p.hands[p.side]:
        return no(f"{act.card!r} is not a card in {p.side}'s hand", "cards.play")
    key = f"cards.{card.key}"
    if not _int(act.amount):
        return no(f"the resources paid are a whole number, not {act.amount!r}", key)
    if card.target == "own":
        unit, refusal = own_unit(state.position, act.unit, key)
        if refusal:
            return refusal
    elif card.target == "enemy":
        unit, refusal = enemy_unit(state.position, act.unit, key)
        if refusal:
            return refusal
    elif act.unit != "":
        return no(f"{card.name} names no unit", key)
    if card.key == "sabotage":
        if not 1 <= act.amount <= d.SABOTAGE_MAX:
            return no(f"Sabotage is paid with 1 or {d.SABOTAGE_MAX} resources, not {act.amount!r}", key)
        cost = act.amount
    else:
        if act.amount != 0:
            return no(f"{card.name} has no amount to choose", key)
        cost = card.cost
    if cost > funds(p):
        return no(f"{card.name} costs {count(cost, 'resource')}; {p.side} has {funds(p)}", key)
    if card.key == "forward" and not p.in_play(p.side):
        return no("Forward! needs a unit in play to march", key)
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
        p = evolve(p, moving=_march(p, me, FORWARD, state))
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
    refusal = _start_phase(state, "cards.play")
    if refusal:
        return refusal
    if not _str(act.card) or act.card not in p.hands[p.side]:
        return no(f"{act.card!r} is not a card in {p.side}'s hand", "cards.play")
    return None


def do_ignore_card(state, act):
    p = state.position
    p = evolve(card_to_deck(state, p, p.side, act.card), card_played=True,
               temporary=p.temporary + d.TEMPORARY_RESOURCE)
    return p, [event("card", f"{p.side} ignores {CARDS[act.card].name} for 1 resource until the end of the turn.",
                     ("cards.play",), card=act.card)]


def check_shoot(state, act):
    p = state.position
    refusal = _start_phase(state, "terrain.ballista")
    if refusal:
        return refusal
    unit, refusal = own_unit(state.position, act.unit, "terrain.ballista")
    if refusal:
        return refusal
    if state.game.setup.kind(unit.square) != d.BALLISTA:
        return no(f"{act.unit} is not standing on a ballista", "terrain.ballista")
    if act.unit in p.shot:
        return no(f"{act.unit} has already shot this turn", "terrain.ballista")
    target, refusal = enemy_unit(state.position, act.target, "terrain.ballista")
    if refusal:
        return refusal
    if manhattan(unit.square, target.square) > d.BALLISTA_RANGE:
        return no(f"{act.target} is {manhattan(unit.square, target.square)} spaces away; the ballista reaches "
                  f"{d.BALLISTA_RANGE}", "terrain.ballista")
    if funds(p) < d.BALLISTA_COST:
        return no(f"a shot costs {d.BALLISTA_COST} resource; {p.side} has none", "terrain.ballista")
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


# -- the actions: March, Attack, Bolster --------------------------------------------------------------------
def _action_phase(state, key: str):
    p = state.position
    if p.phase not in (START, MAIN) or p.moving is not None:
        return no("actions are taken in the main part of the turn", "turn.actions")
    if p.actions_left <= 0:
        return no(f"a turn has {d.ACTIONS_PER_TURN} actions; none is left", "turn.actions")
    return None


def _march(p, me, kind, state) -> Moving:
    points = d.MARCH_MOVEMENTS - (d.EXHAUSTION_LESS if p.effect("exhaustion", me) else 0)
    return Moving(kind, points, ignore_costs=kind == MARCH and p.effect("navigation_expert", me),
                  no_tanks=p.effect("fuel_shortage", me))


def check_march(state, act):
    refusal = _action_phase(state, "moving")
    if refusal:
        return refusal
    if not state.position.in_play(act.player):
        return no("a March needs a unit in play", "moving")
    return None


def do_march(state, act):
    p = state.position
    moving = _march(p, act.player, MARCH, state)
    effects = tuple(e for e in p.effects if not (e.name == "navigation_expert" and e.turn == p.turn))
    words = [f"{act.player} marches ({count(moving.points, 'movement')}"]
    if moving.ignore_costs:
        words.append(", Navigation Expert: no extra costs")
    if moving.no_tanks:
        words.append(", Fuel Shortage: no tanks")
    p = evolve(p, moving=moving, effects=effects, actions_left=p.actions_left - 1, phase=MAIN)
    return p, [event("march", "".join(words) + ").", ("moving",))]


def move_problem(state, p, act) -> RuleViolation | None:
    m = p.moving
    if m is None:
        return no("units move during a March (or Forward!, Sabotage, Relocate)", "moving")
    key = {MARCH: "moving", FORWARD: "cards.forward", SABOTAGE: "cards.sabotage", RELOCATE: "terrain.tower"}[m.kind]
    if m.kind == SABOTAGE:
        unit, refusal = enemy_unit(p, act.unit, key)
    else:
        unit, refusal = own_unit(p, act.unit, key)
    if refusal:
        return refusal
    if m.unit and act.unit != m.unit:
        return no(f"only {m.unit} moves now", key)
    if m.kind == FORWARD and act.unit in m.moved:
        return no("with Forward! no unit moves more than once", key)
    if m.no_tanks and unit.kind == TANK:
        return no("Fuel Shortage: no tank moves with this March", "cards.fuel_shortage")
    if not _str(act.direction) or act.direction not in DIRECTIONS:
        return no(f"a unit moves N, E, S or W (orthogonally), not {act.direction!r}", "moving.adjacent")
    target = step(unit.square, act.direction)
    refusal = standable(state, p, unit.kind, target, key="moving.adjacent")
    if refusal:
        return refusal
    cost = move_cost(state.game.setup, unit.kind, unit.square, target, ignore_costs=m.ignore_costs).value
    if cost > m.points + _free(m, unit):
        return no(f"that movement costs {cost}; {m.points + _free(m, unit)} left", "moving.costs")
    return None


def _free(m: Moving, unit: Unit) -> int:
    """The Motorized free movement ``unit`` may still take in this march."""
    return int(m.kind == MARCH and unit.kind == TANK and unit.id in m.moved and unit.id not in m.free_used)


def check_move(state, act):
    return move_problem(state, state.position, act)


def do_move(state, act):
    p = state.position
    m = p.moving
    unit = p.units[act.unit]
    target = step(unit.square, act.direction)
    cost = move_cost(state.game.setup, unit.kind, unit.square, target, ignore_costs=m.ignore_costs)
    free = min(_free(m, unit), cost.value)
    moved = m.moved if unit.id in m.moved else m.moved + (unit.id,)
    m = evolve(m, points=m.points - (cost.value - free), moved=moved,
               free_used=m.free_used + ((unit.id,) if free else ()))
    p = evolve(p.with_unit(evolve(unit, square=target)), moving=m)
    extra = " (Motorized free movement)" if free else ""
    keys = tuple(dict.fromkeys(r.ref.section for r in cost.reasons)) + (("moving.motorized",) if free else ())
    return p, [event("move", f"{act.unit} moves {act.direction} to {target} for {count(cost.value, 'movement')}"
                     f"{extra}.", keys, unit=act.unit, square=target)]


def can_still_move(p) -> bool:
    m = p.moving
    return m.points > 0 or any(_free(m, p.units[u]) for u in m.moved if u in p.units)


def check_end_march(state, act):
    if state.position.moving is None:
        return no("nothing is moving", "moving")
    return None


def do_end_march(state, act):
    return evolve(state.position, moving=None), [event("march", f"{act.player} stops moving.", ("moving",))]


def check_attack(state, act):
    refusal = _action_phase(state, "attacking")
    if refusal:
        return refusal
    attacker, refusal = own_unit(state.position, act.attacker, "attacking")
    if refusal:
        return refusal
    defender, refusal = enemy_unit(state.position, act.defender, "attacking")
    if refusal:
        return refusal
    if not in_range(state.game.setup, attacker, defender):
        return no(f"{act.defender} is {manhattan(attacker.square, defender.square)} spaces away, out of "
                  f"{act.attacker}'s range", "attacking.range")
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


def check_bolster(state, act):
    refusal = _action_phase(state, "turn.bolster")
    if refusal:
        return refusal
    p = state.position
    if p.in_play(act.player):
        return no("Bolster only with no unit in play", "turn.bolster")
    if p.supply[act.player].squads <= 0:
        return no("the supply has no squad", "turn.empty_supply")
    most = len(bolster_spots(state, p, act.player))
    if not most:
        return no("both villages furthest from the Target Zone are taken", "turn.bolster")
    if not _int(act.squads) or act.squads < 0:
        return no(f"the squads placed are a whole number (0: as many as can be), not {act.squads!r:.40}",
                  "turn.bolster")
    if act.squads and state.settings.bolster == "as_many":
        return no(f"Bolster places as many squads as it can ({most}): name no number", "rulings.bolster-count")
    if act.squads > most:
        return no(f"Bolster places up to 2 squads, on free villages, from the supply: {most} here, "
                  f"not {act.squads}", "turn.bolster")
    return None


def bolster_spots(state, p, side: str):
    """Where Bolster may place squads now: the free ones of the two villages, as many as the supply has squads."""
    return [v for v in bolster_villages(state, p, side) if p.occupant(v) is None][:p.supply[side].squads]


def do_bolster(state, act):
    p = state.position
    me = act.player
    free = bolster_spots(state, p, me)[:act.squads or None]
    number = max((int(u.split("-")[-1]) for u in p.units if u.startswith(f"{me}-")), default=0)
    events = []
    for n, village in enumerate(free, number + 1):
        name = f"{me}-{n}"
        p = p.with_unit(Unit(name, me, SQUAD, state.settings.squad_strength, village))
        events.append(event("bolster", f"{me} bolsters: {name} ({state.settings.squad_strength}) on the village "
                            f"at {village}.", ("turn.bolster",)))
    supply = evolve(p.supply[me], squads=p.supply[me].squads - len(free))
    return evolve(p, supply={**p.supply, me: supply}, actions_left=p.actions_left - 1, phase=MAIN), events


# -- what follows an attack: respawn, eliminate or capture, push; Prep's discard ------------------------------
def check_respawn(state, act):
    p = state.position
    if not isinstance(p.pending, RespawnChoice) or act.unit != p.pending.unit:
        return no("no defeated unit is waiting to respawn" if not isinstance(p.pending, RespawnChoice)
                  else f"{p.pending.unit} respawns now, not {act.unit!r}", "attacking.defeat")
    if not _square(act.square) or act.square not in spawn_points(state, p, p.units[act.unit]):
        return no(f"{act.square!r} is not a free spawn point outside the Target Zone", "attacking.defeat")
    return None


def do_respawn(state, act):
    p = state.position
    unit = evolve(p.units[act.unit], square=act.square, strength=d.RESPAWN_STRENGTH)
    return evolve(p.with_unit(unit), pending=None), [
        event("respawn", f"{act.unit} respawns at {act.square} with {d.RESPAWN_STRENGTH} strength.",
              ("attacking.defeat",), unit=act.unit, square=act.square)]


def check_claim(state, act):
    if not isinstance(state.position.pending, ClaimChoice):
        return no("there is no defeated defender to claim", "attacking.spoils")
    if act.choice not in CLAIMS:
        return no(f"choose eliminate or capture, not {act.choice!r}", "attacking.spoils")
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
    if not isinstance(p.pending, PushChoice):
        return no("no defender is being pushed", "attacking.push")
    unit = p.units[p.pending.unit]
    if not _square(act.square) or act.square not in push_squares(state, p, unit):
        return no(f"{unit.id} is pushed to a free adjacent space it may stand on, not {act.square!r}",
                  "attacking.push")
    return None


def do_push(state, act):
    p = state.position
    unit = p.units[p.pending.unit]
    return evolve(p.with_unit(evolve(unit, square=act.square)), pending=None), [
        event("push", f"{unit.id} is pushed out of the {state.game.setup.kind(unit.square)} to {act.square}.",
              ("attacking.push",), unit=unit.id, square=act.square)]


def check_discard(state, act):
    p = state.position
    if not isinstance(p.pending, DiscardChoice):
        return no("there is nothing to discard", "terrain.village")
    if not _str(act.card) or act.card not in p.hands[act.player]:
        return no(f"{act.card!r} is not in {act.player}'s hand", "terrain.village")
    return None


def do_discard(state, act):
    p = card_to_deck(state, state.position, act.player, act.card)
    more = len(p.hands[act.player]) > d.HAND_SIZE
    p = evolve(p, pending=DiscardChoice(act.player, "terrain.village") if more else None)
    return p, [event("discard", f"{act.player} discards a card into the deck.", ("terrain.village",)),
               event("discard", f"{act.player} discards {CARDS[act.card].name}.", ("terrain.village",), act.player)]


# -- the end of the turn: terrain actions -------------------------------------------------------------------
def _terrain_unit(state, name, terrain: str):
    p = state.position
    key = f"terrain.{terrain}"
    if p.phase != END or p.moving is not None:
        return None, no("terrain actions are taken at the end of the turn", key)
    unit, refusal = own_unit(state.position, name, key)
    if refusal:
        return None, refusal
    if state.game.setup.kind(unit.square) != terrain:
        return None, no(f"{name} is not standing in a {terrain}", key)
    if name in p.acted:
        return None, no(f"{name} has already taken its terrain action this turn", key)
    return unit, None


def check_rest(state, act):
    unit, refusal = _terrain_unit(state, act.unit, d.VILLAGE)
    if refusal:
        return refusal
    if unit.strength >= d.REST_MAX:
        return no(f"resting goes up to {d.REST_MAX}; {act.unit} has {unit.strength}", "terrain.village")
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
    if not _int(act.amount) or not 1 <= act.amount <= d.HIRE_MAX_RESOURCES:
        return no(f"hire with 1 or {d.HIRE_MAX_RESOURCES} resources, not {act.amount!r}", "terrain.village")
    if unit.strength + act.amount > d.HIRE_MAX:
        return no(f"hiring goes up to {d.HIRE_MAX}; {act.unit} has {unit.strength}", "terrain.village")
    if act.amount > funds(p):
        return no(f"{p.side} has {count(funds(p), 'resource')}", "terrain.village")
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
        return no("the Action deck is empty", "terrain.village")
    return None


def do_prep(state, act):
    p = state.position
    card, deck = p.deck[-1], p.deck[:-1]
    hand = p.hands[p.side] + (card,)
    p = evolve(p, deck=deck, hands={**p.hands, p.side: hand}, acted=p.acted | {act.unit},
               pending=DiscardChoice(p.side, "terrain.village") if len(hand) > d.HAND_SIZE else None)
    return p, [event("prep", f"{act.unit} preps: {p.side} draws an action card.", ("terrain.village",)),
               event("prep", f"{p.side} draws {CARDS[card].name}.", ("terrain.village",), p.side, card=card)]


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
        return no(f"{act.squad} is already a tank", "terrain.tower")
    where = state.game.setup.kind(squad.square)
    if where == d.VILLAGE:
        return no("a unit standing in a village cannot be upgraded", "terrain.tower")
    if not TERRAIN[where].tanks_may_enter:
        return no(f"a tank cannot stand in {where}, so a squad there cannot be upgraded",
                  "rulings.upgrade-where")
    if p.supply[p.side].tanks <= 0:
        return no("no tank is left in the supply", "terrain.tower")
    cost = upgrade_cost(p)
    if funds(p) < cost:
        return no(f"an Upgrade costs {cost} resources; {p.side} has {funds(p)}", "terrain.tower")
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


def check_end_turn(state, act):
    p = state.position
    if p.phase == SETUP or p.moving is not None:
        return no("finish the march first" if p.moving else "the game has not started", "turn")
    return None


def do_end_turn(state, act):
    p = state.position
    if p.phase in (START, MAIN):
        return evolve(p, phase=END, actions_left=0), [event("end", f"{p.side} ends the main part of the turn.",
                                                            ("turn.end",))]
    return finish_turn(state, p)


# -- moving the game on ----------------------------------------------------------------------------------------
def advance_marker(state, p, key: str):
    if p.marker >= state.settings.track_length:
        return p, [event("track", "The Operation Marker is already on the last space.", (key,))]
    before = state.target(p)
    p = evolve(p, marker=p.marker + 1)
    after = state.target(p)
    rise = f"; the Target die rises to {after}" if after != before else ""
    return p, [event("track", f"The Operation Marker advances to space {p.marker}{rise}.", (key, "operation.track"),
                     marker=p.marker, target=after)]


def finish_turn(state, p):
    me = p.side
    setup = state.game.setup
    events = []
    windmills = dict(p.windmills)
    mine = [u.square for u in p.in_play(me)]
    for mill, held in sorted(windmills.items()):
        if held > 0 and any(manhattan(mill, s) == 1 for s in mine):
            windmills[mill] = held - 1
            p = p.plus("resources", me, d.WINDMILL_TAKE)
            events.append(event("windmill", f"{me} takes a resource from the windmill at {mill} ({held - 1} left).",
                                ("terrain.windmill",)))
    p = evolve(p, windmills=windmills, temporary=0)
    if zone_holder(setup, p.units.values(), state.sides) == me:
        target = state.target(p)
        p = p.plus("vp", me, target)
        events.append(event("zone", f"{me} holds the Target Zone: {target} VP (the Target die).",
                            ("operation.target_zone",), vp=target))
    nxt, turn = state.other(me), p.turn + 1
    finished = False
    if me == state.sides[1]:
        if p.marker >= state.settings.track_length:
            finished = True
        else:
            p, more = advance_marker(state, p, "operation.track")
            events += more
    p = evolve(p, side=nxt, turn=turn, phase=START, actions_left=d.ACTIONS_PER_TURN, card_played=False,
               shot=frozenset(), acted=frozenset(), moving=None, effects=tuple(e for e in p.effects if e.turn >= turn),
               finished=finished)
    events.append(event("turn", f"{me} ends the turn; {nxt} to play.", ("turn",)))
    return p, events


def settle(state, p, events):
    """After an action: open the next waiting decision, close a finished march, end the turn when nothing is left."""
    for _ in range(64):
        if state.outcome_at(p) is not None:
            return p
        if p.pending is not None:
            return p
        if p.queue:
            decision, rest = p.queue[0], p.queue[1:]
            p = evolve(p, queue=rest)
            if isinstance(decision, RespawnChoice):
                unit = p.units[decision.unit]
                if not spawn_points(state, p, unit):
                    units = dict(p.units)
                    del units[unit.id]
                    supply = p.supply[unit.side]
                    p = evolve(p, units=units, supply={**p.supply, unit.side: evolve(supply, squads=supply.squads + 1)})
                    events.append(event("respawn", f"No spawn point is free: {unit.id} goes back to the supply.",
                                        ("rulings.no-spawn-point",)))
                    continue
            if isinstance(decision, PushChoice):
                unit = p.units.get(decision.unit)
                if unit is None or unit.square is None or not push_squares(state, p, unit):
                    events.append(event("push", f"{decision.unit} has no free space to be pushed to and stays.",
                                        ("attacking.push",)))
                    continue
            if isinstance(decision, ClaimChoice) and decision.unit not in p.units:
                pass  # the unit went back to the supply: it was still defeated, the claim stands
            p = evolve(p, pending=decision)
            return p
        if p.moving is not None:
            if can_still_move(p) and _any_move(state, p):
                return p
            p = evolve(p, moving=None)
            continue
        if p.phase == MAIN and p.actions_left <= 0:
            p = evolve(p, phase=END)
            continue
        if p.phase == END and not state.end_options(p):
            p, more = finish_turn(state, p)
            events += more
            continue
        return p
    return p


def _any_move(state, p) -> bool:
    m = p.moving
    movers = [p.units[m.unit]] if m.unit else p.in_play(p.side)
    for unit in movers:
        for direction in DIRECTIONS:
            if move_problem(state, p, _probe(p.side, unit.id, direction)) is None:
                return True
    return False


def _probe(player, unit, direction):
    from .actions import Move
    return Move(player, unit, direction)
