"""The turn (book: turn, operation): Bolster, ending the turn, and moving the game on after every action.

After every action :func:`settle` moves the turn on: a finished march closes, the end of the turn comes when
no action is left, and the next player's turn begins (windmills, the Target Zone and the Operation Track are
scored there).
"""

from __future__ import annotations

from explorer.core.frozen import evolve, made
from explorer.core.grid import manhattan
from explorer.core.gridstate import is_whole

from . import data as d
from .actions import Bolster, EndTurn
from .board import action_left, push_squares, spawn_points
from .data import SQUAD
from .mechanics import zone_holder
from .moving import any_move, can_still_move
from .position import END, MAIN, START, ClaimChoice, PushChoice, RespawnChoice, Unit, event
from .sections import refuse


def check_bolster(state, act):
    refusal = action_left(state)
    if refusal:
        return refusal
    p = state.position
    if p.in_play(act.player):
        return refuse("turn.bolster", "Bolster only with no unit in play")
    if p.supply[act.player].squads <= 0:
        return refuse("turn.empty_supply", "the supply has no squad")
    most = len(bolster_spots(state, p, act.player))
    if not most:
        return refuse("turn.bolster", "both villages furthest from the Target Zone are taken")
    if not is_whole(act.squads) or act.squads < 0:
        return refuse("turn.bolster",
                      f"the squads placed are a whole number (0: as many as can be), not {act.squads!r:.40}")
    if act.squads and state.settings.bolster == "as_many":
        return refuse("rulings.bolster-count", f"Bolster places as many squads as it can ({most}): name no number")
    if act.squads > most:
        return refuse("turn.bolster", f"Bolster places up to 2 squads, on free villages, from the supply: {most} here, "
                                      f"not {act.squads}")
    return None


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


def check_end_turn(state, act):
    return None  # the turn may end whenever the rule table lets it (not while something moves)


def do_end_turn(state, act):
    p = state.position
    if p.phase in (START, MAIN):
        return evolve(p, phase=END, actions_left=0), [event("end", f"{p.side} ends the main part of the turn.",
                                                            ("turn.end",))]
    return finish_turn(state, p)


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
    # The windmills taken from and the temporary strength are set here with the rest (nothing above reads them):
    # one new position, not two.
    p = evolve(p, windmills=windmills, temporary=0, side=nxt, turn=turn, phase=START, actions_left=d.ACTIONS_PER_TURN,
               card_played=False, shot=frozenset(), acted=frozenset(), moving=None,
               effects=tuple(e for e in p.effects if e.turn >= turn), finished=finished)
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
            if can_still_move(p) and any_move(state, p):
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


# -- the offers ----------------------------------------------------------------------------------------------------
def bolster_candidates(state):
    p = state.position
    me = p.side
    if p.actions_left <= 0 or p.in_play(me) or p.supply[me].squads <= 0:
        return ()
    spots = bolster_spots(state, p, me)
    if not spots:
        return ()
    offers = [made(Bolster, me)]
    if state.settings.bolster == "choose":
        offers += [made(Bolster, me, n) for n in range(1, len(spots))]
    return offers


def end_turn_candidates(state):
    return (made(EndTurn, state.position.side),)
