"""Setting up (book: setup): the second player chooses a side of the board, then the action-card draft."""

from __future__ import annotations

from explorer.core.frozen import evolve, made

from . import data as d
from .actions import ChooseEdge, Keep
from .board import is_text
from .cards import shuffled_in
from .data import CARDS, SQUAD
from .position import START, DraftPick, Unit, count, event
from .sections import refuse


def check_choose_edge(state, act):
    if act.edge not in state.game.setup.spawns:
        return refuse("setup.sides", f"the sides of the board are {' and '.join(d.EDGES)}, not {act.edge!r}")
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
    if not is_text(act.card) or act.card not in p.draft.get(act.player, ()):
        return refuse("setup.draft", f"{act.card!r} is not among the cards offered to {act.player}")
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


def edge_candidates(state):
    me = state.current_player
    return [made(ChooseEdge, me, edge) for edge in sorted(state.game.setup.spawns)]


def keep_candidates(state):
    me = state.current_player
    return [made(Keep, me, card) for card in dict.fromkeys(state.position.draft.get(me, ()))]
