"""Opponents (``BOTS``): greedy, strong (CarefulBot, a greedy that moves its shooters out of harm, with a look-ahead
on charges: explorer.core.search), and random."""

from __future__ import annotations

import math
from fractions import Fraction

from explorer.core import Action, GameRNG, RandomBot
from explorer.core import tabletop as tt
from explorer.core.search import SearchBot

from .actions import EndTurn, Fight, Move, Shoot
from .game import ArmyMenState
from .moving import after_move
from .position import CONTACT_INCHES, in_play
from .shooting import hit_chance, shooting_range, to_hit
from .standard import area_casualties, area_need, area_victims


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
        best = self._move(state, [a for a in legal if isinstance(a, Move)])
        if best is not None:
            return best
        return EndTurn(state.side) if EndTurn(state.side) in legal else self.rng.choice(legal)

    def _move(self, state, moves: list[Move]) -> Action | None:
        """The move to make, if any is worth making."""
        shared: dict = {}  # what every move of this position asks, worked out once (see _move_value)
        return self._best([(self._move_value(state, a, shared), a) for a in moves])

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
            victims = area_victims(state, target)
            return sum((area_casualties([area_need(state, v).value]).mean() * (1 if v.side != state.side else -1)
                        for v in victims), Fraction(0))
        return self._expected(state, state.chance(act))

    def _move_value(self, state, act: Move, shared: dict | None = None) -> Fraction:
        """Better when nearer the nearest enemy; a charge counts what it is expected to kill. (``shared``: a dict
        the moves of one position share, to keep where the enemies stand and how near each trooper is now.)"""
        trooper = state.figures[act.trooper]
        if not state.table.on_table(act.to):
            return _NOT_WORTH
        shared = {} if shared is None else shared
        enemies = shared.get(None)
        if enemies is None:
            enemies = shared[None] = [e.position for e in in_play(state, state.other(state.side))]
        after = min((tt.distance(act.to, e) for e in enemies), default=math.inf)
        # a combat starts only from an enemy he touches (chance_move's own cheap test): the odds only then
        dist = state.chance(act) if after <= CONTACT_INCHES else None
        if dist is not None:
            gain = self._expected(state, dist)
            return 100 + gain if gain > 0 else _NOT_WORTH
        flag = state.position.flag
        if flag is not None:  # capture the flag: walk to the marker and hold it
            _, inches, _ = flag.term(state.side)
            before = tt.distance(trooper.position, flag.position)
            if before > inches:
                return _thousandths(before - tt.distance(act.to, flag.position))
            return _NOT_WORTH
        if not enemies:
            return _NOT_WORTH
        before = shared.get(trooper.id)
        if before is None:
            before = shared[trooper.id] = min(tt.distance(trooper.position, e) for e in enemies)
        shooting = shooting_range(trooper).value
        if before <= shooting / 2:
            return _NOT_WORTH  # close enough to shoot well: stand (and be no nearer for their reply)
        return _thousandths(before - after)


_NOT_WORTH = Fraction(-1)  # a move not worth making (one value, not one made for each move weighed)


def _thousandths(inches: float) -> Fraction:
    """``inches`` rounded to a thousandth, exactly (``Fraction(round(inches, 3)).limit_denominator(1000)``, the
    nearest fraction with a denominator up to 1000 to the float nearest k/1000, which is k/1000 itself; made
    without that search, as it is asked of every move a greedy bot weighs)."""
    return Fraction(round(round(inches, 3) * 1000), 1000)


class CarefulBot(GreedyBot):
    """Greedy's shots and charges, played trooper by trooper: each trooper shoots, then moves at once (a trooper
    who moved is harder to hit next turn, and greedy ends a shooter's step by shooting with the next); every
    trooper moves to the spot where his next shot is best less the best enemy shot at him there (cover, range,
    moving target: the rules' own numbers, :func:`.shooting.to_hit`)."""

    caution = 2.0  # the weight of the enemy's best shot at a trooper against his own next shot
    charge_gain = 0.0  # a charge is made when it is expected to kill more than this (enemies less friends)

    def __repr__(self) -> str:
        return "CarefulBot()"

    def __call__(self, state: ArmyMenState) -> Action:
        acting = None if state.deploying or state.position.flag is not None else state.position.acting
        if acting is not None:  # he has shot: move him now, or greedy's next shot would end his step unmoved
            legal = list(state.legal_actions)
            if not any(isinstance(a, Fight) for a in legal):
                best = self._best_move(state, [a for a in legal if isinstance(a, Move) and a.trooper == acting])
                if best is not None:
                    return best
        return super().__call__(state)  # greedy's order: fight, shoot, then move (by :meth:`_move`)

    def _move(self, state, moves: list[Move]) -> Action | None:
        if state.position.flag is not None:  # capture the flag: greedy's walk to the marker
            return super()._move(state, moves)
        return self._best_move(state, moves)

    def _best_move(self, state, moves) -> Action | None:
        """The move that improves its trooper's standing most (a winning charge first); ``None``: none does."""
        scored = []
        for act in moves:
            gain = self._spot_gain(state, act)
            if gain is not None and gain > 0:
                scored.append((gain, act))
        if not scored:
            return None
        top = max(value for value, _ in scored)
        return min((a for value, a in scored if value == top), key=lambda a: (a.trooper, a.to))

    def _spot_gain(self, state, act: Move) -> float | None:
        """How much better off the trooper stands after ``act`` than where he is (``None``: not a spot to go)."""
        if not state.table.on_table(act.to):
            return None
        dist = state.chance(act)
        if dist is not None:
            gain = self._expected(state, dist)
            return 100 + float(gain) if gain > self.charge_gain else None
        board, _ = after_move(state, act)
        return standing(board, act.trooper, self.caution) - standing(state, act.trooper, self.caution)


def shot_chance(board, shooter: str, target: str) -> float:
    """The chance ``shooter`` kills ``target`` with an aimed shot on ``board`` as it stands (0: no shot)."""
    f = board.figures[shooter]
    if f.profile.area:
        return 0.0
    need = to_hit(board, shooter, target).value
    return 0.0 if need is None else float(hit_chance(need, f.profile.dice))


def standing(board, trooper: str, caution: float = 1.0) -> float:
    """A trooper's next shot (his best chance to kill) less the enemy's best chance to kill him where he stands."""
    me = board.figures[trooper]
    enemies = [e for e in in_play(board) if e.side != me.side]
    offence = max((shot_chance(board, trooper, e.id) for e in enemies), default=0.0)
    threat = max((shot_chance(board, e.id, trooper) for e in enemies), default=0.0)
    return offence - caution * threat


class StrongBot(SearchBot):
    """Plays as :class:`CarefulBot` (each trooper shoots, then moves where he is harder to hit and still has a
    shot), and looks ahead only when that policy would charge: tries the charger's other spots on copies of
    the game with the engine's own dice, the policy playing on for a few actions, scored by troopers in play
    plus every trooper's standing (his next shot less the enemy's best shot at him), and charges only if no
    other spot does clearly better. See :mod:`explorer.core.search`."""

    policy = CarefulBot
    budget = 24
    horizon = 2
    width = 6
    margin = 0.3
    placing = 1.0  # the weight of the troopers' standing (next shot less the threat) beside the troopers in play

    def candidates(self, state, legal, choice):
        """Only a charge is looked into: against the charging trooper's other spots (a stand-off, another
        charge). Elsewhere the policy's choice is played as it is: a look-ahead of a few actions, scored by
        troopers in play, counts a shot's kill but not a move's protection, and overruling the policy's shots
        and moves lost games (measured: 77-87% against greedy with it, 93% without)."""
        if not isinstance(choice, Move) or state.chance(choice) is None:
            return [choice]
        kin = [a for a in legal if isinstance(a, Move) and a != choice and a.trooper == choice.trooper]
        return super().candidates(state, [choice, *kin], choice)

    def evaluate(self, state, side):
        pieces = super().evaluate(state, side)
        caution = self.policy.caution
        placing = sum(standing(state, f.id, caution) * (1 if f.side == side else -1) for f in in_play(state))
        return pieces + self.placing * placing


BOTS = {"greedy": GreedyBot, "strong": StrongBot, "random": RandomBot}
