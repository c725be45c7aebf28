"""Opponents (``BOTS``): greedy, strong (a look-ahead over greedy: explorer.core.search), and random."""

from __future__ import annotations

from fractions import Fraction

from explorer.core import Action, GameRNG, RandomBot
from explorer.core import tabletop as tt
from explorer.core.search import SearchBot

from . import mechanics as m
from .game import ArmyMenState, EndTurn, Fight, Move, Shoot


class GreedyBot:
    """Sets up at the scenario's spots (or the nearest legal ones); fights on when it must; takes the shot that kills the most enemies (less friends) it expects;
    charges where it expects to win; else walks toward the nearest enemy (or the flag, and holds it),
    staying on the table."""

    def __init__(self, seed: int = 0):
        self.rng = GameRNG(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def __call__(self, state: ArmyMenState) -> Action:
        legal = list(state.legal_actions)
        if state.deploying:  # set up where the scenario would, or as near as the rules allow
            spot = state.next_to_deploy(state.side).position
            return min(legal, key=lambda a: (tt.distance(a.to, spot), a.to))
        fights = [a for a in legal if isinstance(a, Fight)]
        if fights:
            return fights[0]
        shots = [(self._shot_value(state, a), a) for a in legal if isinstance(a, Shoot)]
        best = self._best(shots)
        if best is not None:
            return best
        moves = [(self._move_value(state, a), a) for a in legal if isinstance(a, Move)]
        best = self._best(moves)
        if best is not None:
            return best
        return EndTurn(state.side) if EndTurn(state.side) in legal else self.rng.choice(legal)

    def _best(self, scored) -> Action | None:
        scored = [(value, a) for value, a in scored if value > 0]
        if not scored:
            return None
        top = max(value for value, _ in scored)
        return self.rng.choice([a for value, a in scored if value == top])

    def _expected(self, state, dist) -> Fraction:
        """Enemies killed less friends killed, on average."""
        def value(dead):
            return sum(1 if state.figures[fid].side != state.side else -1 for fid in dead)
        return sum((p * value(dead) for dead, p in dist.pmf().items()), Fraction(0))

    def _shot_value(self, state, act: Shoot) -> Fraction:
        shooter, target = state.figures[act.shooter], state.figures[act.target]
        if shooter.profile.area:
            victims = m.area_victims(state, target)
            return Fraction(sum(1 if v.side != state.side else -1 for v in victims), 6)
        return self._expected(state, state.chance(act))

    def _move_value(self, state, act: Move) -> Fraction:
        """Better when nearer the nearest enemy; a charge counts what it is expected to kill."""
        trooper = state.figures[act.trooper]
        if not state.table.on_table(act.to):
            return Fraction(-1)
        dist = state.chance(act)
        if dist is not None:
            gain = self._expected(state, dist)
            return 100 + gain if gain > 0 else Fraction(-1)
        flag = state.position.flag
        if flag is not None:  # capture the flag: walk to the marker and hold it
            _, inches, _ = flag.term(state.side)
            before = tt.distance(trooper.position, flag.position)
            if before > inches:
                return Fraction(round(before - tt.distance(act.to, flag.position), 3)).limit_denominator(1000)
            return Fraction(-1)
        enemies = m.in_play(state, state.other(state.side))
        if not enemies:
            return Fraction(-1)
        before = min(tt.distance(trooper.position, e.position) for e in enemies)
        after = min(tt.distance(act.to, e.position) for e in enemies)
        shooting = m.shooting_range(trooper).value
        if before <= shooting / 2:
            return Fraction(-1)  # close enough to shoot well: stand (and be no nearer for their reply)
        return Fraction(round(before - after, 3)).limit_denominator(1000)


class StrongBot(SearchBot):
    """Looks ahead: tries each action on copies of the game with the engine's own dice, the greedy bot playing
    on for a few actions, and keeps the action that leaves it best off (troopers in play, less the enemy's).
    See :mod:`explorer.core.search`."""

    policy = GreedyBot
    budget = 24
    horizon = 2
    width = 6
    margin = 0.1
    # evaluate: SearchBot's own (pieces in play, less the enemy's)


BOTS = {"greedy": GreedyBot, "strong": StrongBot, "random": RandomBot}
