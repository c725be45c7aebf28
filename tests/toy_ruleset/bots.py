"""Toy Skirmish's bots: random, and greedy (shoots the nearest enemy in range, else closes in)."""

from __future__ import annotations

from explorer.core import GameRNG, RandomBot
from explorer.core import tabletop as tt

from .actions import EndTurn, Move, Shoot


class GreedyBot:
    def __init__(self, seed: int = 0):
        self.rng = GameRNG(seed)

    def __call__(self, state):
        legal = list(state.legal_actions)
        shots = [a for a in legal if isinstance(a, Shoot)]
        if shots:
            return self.rng.choice(shots)
        moves = [a for a in legal if isinstance(a, Move)]
        enemies = [f.position for f in state.in_play() if f.side != state.side]
        if not moves or not enemies:
            return EndTurn(state.side)
        return min(moves, key=lambda a: min(tt.distance(a.to, e) for e in enemies))


BOTS = {"greedy": GreedyBot, "random": RandomBot}
