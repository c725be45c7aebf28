"""Combat: who fights whom when bases touch (initiative, ganging up, leadership), a tied fight fought on,
the exact odds of who dies, and the dead leaving play (the inevitable end)."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType

from explorer.core import Dist, Event, Explained, Reason, RuleViolation
from explorer.core.frozen import evolve, shared

from .actions import Fight
from .position import Figure, Position, cut_off, in_contact, in_play
from .sections import ref, refuse
from .turn import due, due_troopers, own_problem, step_of


@dataclass(frozen=True)
class Pair:
    """One pair of a combat: ``a`` (the attacking side's trooper) against ``b``, with their modifiers."""

    a: str
    b: str
    a_mod: Explained[int]
    b_mod: Explained[int]


def fight_result(a_face: int, b_face: int, a_mod: int, b_mod: int) -> str:
    """One pair's result: 'a' (a wins, b dies), 'b', or 'tie' (the rule the game's dice and the odds share)."""
    x, y = a_face + a_mod, b_face + b_mod
    return "a" if x > y else "b" if y > x else "tie"


def _fight_counts(a_mod: int, b_mod: int) -> dict[str, int]:
    counts = {"a": 0, "b": 0, "tie": 0}
    for x in range(1, 7):
        for y in range(1, 7):
            counts[fight_result(x, y, a_mod, b_mod)] += 1
    return counts


@shared  # a handful of modifier pairs, weighed at every contact
def fight_odds(a_mod: int, b_mod: int) -> Dist:
    """Exact outcome of one pair: both roll a D6 and add their modifiers; the lower dies, equal is a tie."""
    return Dist(_fight_counts(a_mod, b_mod))


def _leadership(board, figure: Figure, opponent: Figure) -> list[Reason]:
    settings = board.settings
    if not settings.standard:
        return []
    if settings.leadership == "penalty" and cut_off(board, figure):
        return [Reason(ref("standard.leadership"), f"{figure.id} out of cohesion", -1)]
    if settings.leadership == "literal" and cut_off(board, figure):
        return [Reason(ref("standard.leadership"), f"{figure.id} out of cohesion: +1 to his rolls", +1)]
    if settings.leadership == "easier_target" and cut_off(board, opponent):
        return [Reason(ref("standard.leadership"), f"{opponent.id} out of cohesion: +1 against him", +1)]
    return []


def _modifier(reasons: list[Reason]) -> Explained[int]:
    return Explained(sum(r.delta or 0 for r in reasons), tuple(reasons))


def combatants(board, mover_id: str) -> tuple[list[Figure], list[Figure]]:
    """Everyone in a chain of base contact with enemies, from the mover: (his side, the other side)."""
    figures = in_play(board)
    start = board.figures[mover_id]
    group, frontier = {start.id: start}, [start]
    while frontier:
        f = frontier.pop()
        for g in figures:
            if g.id not in group and g.side != f.side and in_contact(f, g):
                group[g.id] = g
                frontier.append(g)
    mine = sorted((f for f in group.values() if f.side == start.side), key=lambda f: f.id)
    theirs = sorted((f for f in group.values() if f.side != start.side), key=lambda f: f.id)
    return mine, theirs


def combat_pairs(board, mover_id: str) -> list[Pair]:
    """The pairs a move into contact starts, with initiative and ganging-up modifiers (empty: no enemy touched)."""
    attackers, defenders = combatants(board, mover_id)
    if not defenders:
        return []
    larger, smaller = (attackers, defenders) if len(attackers) >= len(defenders) else (defenders, attackers)
    count = {f.id: 0 for f in attackers + defenders}
    matches: list[tuple[Figure, Figure]] = []

    def partner(f, pool):
        touching = [g for g in pool if in_contact(f, g)]
        return min(touching, key=lambda g: (count[g.id], g.id))

    for f in larger:
        g = partner(f, smaller)
        matches.append((f, g))
        count[f.id] += 1
        count[g.id] += 1
    for g in smaller:
        if not count[g.id]:
            f = partner(g, larger)
            matches.append((f, g))
            count[f.id] += 1
            count[g.id] += 1
    extra = len(larger) - len(smaller)
    pairs = []
    attacking = {f.id for f in attackers}
    for f, g in matches:
        a, b = (f, g) if f.id in attacking else (g, f)
        a_reasons = [Reason(ref("combat.initiative"), f"{a.id} attacks: +1 for initiative", +1)]
        b_reasons: list[Reason] = []
        if extra:
            gang = Reason(ref("combat.ganging_up"), f"{len(larger)} against {len(smaller)}: +{extra}", extra)
            (a_reasons if a in larger else b_reasons).append(gang)
        a_reasons += _leadership(board, a, b)
        b_reasons += _leadership(board, b, a)
        pairs.append(Pair(a.id, b.id, _modifier(a_reasons), _modifier(b_reasons)))
    return pairs


def continued_pair(board, chooser_id: str, opponent_id: str) -> Pair:
    """A tied fight fought on by ``chooser_id``: no modifier (tutorial), +1 for the one fighting on (standard)."""
    chooser, opponent = board.figures[chooser_id], board.figures[opponent_id]
    if board.settings.standard:
        a_reasons = [Reason(ref("standard.combat"), f"{chooser_id} fights on: +1", +1)]
    else:
        a_reasons = [Reason(ref("combat.tie"), "the fight goes on with no modifier", 0)]
    a_reasons += _leadership(board, chooser, opponent)
    return Pair(chooser_id, opponent_id, _modifier(a_reasons), _modifier(_leadership(board, opponent, chooser)))


def combat_distribution(pairs: list[Pair]) -> Dist:
    """Exact distribution of who dies (a sorted tuple of ids) when ``pairs`` are fought in turn."""
    return _combat_distribution(tuple(pairs))


@shared  # the same contacts are weighed again and again while nobody moves (a Pair is a frozen value)
def _combat_distribution(pairs: tuple[Pair, ...]) -> Dist:
    weights: dict[tuple, int] = {}

    def walk(i: int, dead: frozenset, weight: int):
        if i == len(pairs):
            key = tuple(sorted(dead))
            weights[key] = weights.get(key, 0) + weight
            return
        pair = pairs[i]
        if pair.a in dead or pair.b in dead:
            walk(i + 1, dead, weight * 36)
            return
        for outcome, w in _fight_counts(pair.a_mod.value, pair.b_mod.value).items():
            loser = {"a": {pair.b}, "b": {pair.a}, "tie": set()}[outcome]
            walk(i + 1, dead | loser, weight * w)

    walk(0, frozenset(), 1)
    return Dist(weights)


def kill(figures: dict, engaged: list, dead) -> None:
    """The dead fall (they stay on the table, status 'dead') and their tied fights end."""
    for fid in dead:
        figures[fid] = evolve(figures[fid], status="dead")
    engaged[:] = [e for e in engaged if e[0] not in dead and e[1] not in dead]


# -- fighting on -----------------------------------------------------------------------------------


def check_fight(state, act: Fight) -> RuleViolation | None:
    problem = own_problem(state, act.player, act.trooper, "combat.tie", "trooper")
    if problem is None and act.trooper not in due_troopers(state, state.side):
        return refuse("combat.tie", f"{act.trooper} is not in a tied fight that goes on this turn")
    return problem


def continued_pairs(state, trooper: str) -> list[Pair]:
    """The tied fights ``trooper`` fights on."""
    fights = [e for e in due(state, state.side) if trooper in e[:2]]
    return [continued_pair(state, trooper, b if a == trooper else a) for a, b, _ in fights]


def chance_fight(state, act: Fight) -> Dist:
    return combat_distribution(continued_pairs(state, act.trooper))


def do_fight(state, act: Fight) -> tuple[Position, list[Event]]:
    pairs = continued_pairs(state, act.trooper)
    figures = dict(state.figures)
    engaged = [e for e in state.engaged if not (e[2] == state.side and act.trooper in e[:2])]
    events = [Event("combat", f"{act.trooper} fights on", ("army_men:combat.tie",))]
    events += fight_pairs(state, pairs, figures, engaged)
    position = evolve(state.position, figures=MappingProxyType(figures), acting=None,
                      done=step_of(state, act.trooper) | {act.trooper}, engaged=tuple(engaged))
    return position, events


def fight_pairs(state, pairs, figures: dict, engaged: list) -> list[Event]:
    """Roll each pair's fight in turn (a pair one of whom died already does not fight); ties fight on next turn."""
    events, dead = [], set()
    next_side = state.other(state.side)
    for pair in pairs:
        if pair.a in dead or pair.b in dead:
            continue
        a_face, b_face = state.roll(2)
        result = fight_result(a_face, b_face, pair.a_mod.value, pair.b_mod.value)
        a_total, b_total = a_face + pair.a_mod.value, b_face + pair.b_mod.value
        text = f"{pair.a} scores {a_face}{pair.a_mod.value:+d} = {a_total}, {pair.b} {b_face}{pair.b_mod.value:+d} = {b_total}"
        if result == "tie":
            text += ": a tie, the fight goes on next turn"
            engaged.append((min(pair.a, pair.b), max(pair.a, pair.b), next_side))
        else:
            loser = pair.b if result == "a" else pair.a
            dead.add(loser)
            text += f": {loser} dies"
        rules = tuple(r.key for r in (*pair.a_mod.refs, *pair.b_mod.refs))
        events.append(Event("fight", text, ("army_men:combat", *dict.fromkeys(rules)),
                            {"a": pair.a, "b": pair.b, "dice": [a_face, b_face],
                             "modifiers": [pair.a_mod.value, pair.b_mod.value], "result": result}))
    kill(figures, engaged, sorted(dead))
    events += [Event("casualty", f"{fid} is killed", ("army_men:combat.the_end",), {"figure": fid})
               for fid in sorted(dead)]
    return events
