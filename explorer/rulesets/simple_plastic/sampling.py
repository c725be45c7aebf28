"""The Simple Plastic turn's action space, for drawing a random legal action without listing them all
(:mod:`explorer.core.sampling`).

- The move phase lists unit by unit (:func:`.move_offers.candidate_moves`: the side's units not moved yet, in the
  order fielded): a squad with gaps first offers to close them, then the unit's compass menu (the eight
  directions at a full and a half span); then the end of the phase, unless gaps are left open. The space gives
  each unit 17 slots (closing, and the 16 of the menu), and one for the end of the phase; drawing an index
  works out that one unit's menu (kept for the turn under what it depends on), so a draw costs about one
  unit's listing.
- The attack phase lists each attacker with an attack left at each enemy squad or lone unit
  (:func:`.attack_offers.candidate_attacks`), then the end of the phase. The space has one index per attacker and
  enemy unit, tested alone by :func:`.attack_offers.attack_offer` (the listing's own test, kept for the turn), and
  one for the end of the phase.
"""

from __future__ import annotations

from explorer.core.sampling import Space, grouped

from .attack_offers import attack_offer
from .move_offers import _menu, _units, closing_move, gaps_left_open
from .turn import _end_phase

MENU_SLOTS = 1 + 8 * 2  # closing the gaps, and the compass at a full and a half span


def action_space(state) -> Space:
    return _move_space(state) if state.position.phase == "move" else _attack_space(state)


def _move_space(state) -> Space:
    def offers_of(unit):  # one unit's part of candidate_moves, in its order
        squad, members, answers, cohesive = unit
        closing = None if cohesive else closing_move(state, squad, members)
        menu = _menu(state, squad, members, answers)
        return (closing, *menu) if closing is not None else menu

    def end():  # asked only when drawn: gaps_left_open plans every squad's closing move
        return None if gaps_left_open(state) else _end_phase(state)

    return grouped(_units(state), MENU_SLOTS, offers_of, (end,))


def _attack_space(state) -> Space:
    side = state.side
    groups: dict[str, list] = {}
    attackers = []
    used = state.attacks_used
    for f in state.figures.values():  # candidate_attacks' attackers and targets, in its order
        if f.alive:
            if f.side != side:
                groups.setdefault(f.unit, []).append(f)
            elif used.get(f.id, 0) < f.profile.attacks:
                attackers.append(f)
    targets = [(members, tuple((f.id, f.x, f.y) for f in members)) for members in groups.values()]
    body, end = len(attackers) * len(targets), _end_phase(state)

    def pick(index: int):
        if index == body:
            return end
        attacker, target = divmod(index, len(targets))
        return attack_offer(state, attackers[attacker], *targets[target])

    return Space(body + 1, pick)
