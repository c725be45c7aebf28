"""How fast the army-men engine answers its own questions, in figures (asserts nothing).

    python benchmarks/bench_army_men.py

Prints queries per second for what its pages and bots ask most: the number a shot needs with its
reasons (range, sight and cover measured on the table), the exact outcome of an aimed shot, an
area-effect weapon's casualties among everyone within 6 inches, and listing the legal actions.
Random playouts and greedy games of every scenario are in ``benchmarks/engine_speed.py``.
"""

from __future__ import annotations

import itertools
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from timing import report, timed  # noqa: E402

from explorer.rulesets.army_men import RULESET, GreedyBot  # noqa: E402
from explorer.rulesets.army_men.position import in_play  # noqa: E402
from explorer.rulesets.army_men.shooting import shot_distribution, to_hit  # noqa: E402
from explorer.rulesets.army_men.standard import area_odds  # noqa: E402


def shooting_pairs(state):
    return [(a.id, t.id) for a in in_play(state, "green") for t in in_play(state, "tan")
            if not a.profile.area and to_hit(state, a.id, t.id).value is not None]


def in_range(scenario: str):
    """The scenario played by greedy bots until some trooper can shoot another (the squads start 24" apart)."""
    state = RULESET.new_game(scenario, seed=1)
    bots = {side: GreedyBot(k) for k, side in enumerate(state.sides)}
    while not shooting_pairs(state) and not state.is_over:
        state.apply(bots[state.position.side](state))
    return state


def main() -> None:
    width = 60
    for scenario in ("tutorial", "standard"):
        state = in_range(scenario)
        pairs = itertools.cycle(shooting_pairs(state))
        every = itertools.cycle([(a.id, t.id) for a in in_play(state, "green") for t in in_play(state, "tan")])
        print(f"{scenario}, round {state.round}: {len(in_play(state))} troopers, "
              f"{len(shooting_pairs(state))} green-on-tan shots possible")

        def need(pairs=every, state=state):
            to_hit(state, *next(pairs))

        def shot(pairs=pairs, state=state):
            shot_distribution(state, state.engaged, *next(pairs))

        def legal(state=state):
            list(state.legal_actions)

        report("to-hit with reasons, any shooter and target", *timed(need), width=width)
        report("aimed shot, exact outcome (a pair in range and sight)", *timed(shot), width=width)
        report("legal actions listed", *timed(legal), width=width)
    standard = RULESET.new_game("standard")
    targets = itertools.cycle(in_play(standard, "tan"))

    def area(state=standard):
        area_odds(state, next(targets).id)

    report("area weapon, exact casualties of both sides within 6\"", *timed(area), width=width)


if __name__ == "__main__":
    main()
