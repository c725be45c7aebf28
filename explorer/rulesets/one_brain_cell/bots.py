"""Opponents (``BOTS``): greedy, strong (a look-ahead over greedy: explorer.core.search), and random."""

from __future__ import annotations

from fractions import Fraction

from explorer.core import Action, GameRNG, RandomBot
from explorer.core import tabletop as tt
from explorer.core.search import SearchBot

from . import mechanics as m
from .game import Charge, ChooseOrder, EndStep, Fight, Hold, Move, OneBrainCellState, OverwatchFire, Shoot


class GreedyBot:
    """Plays first when it wins initiative; fires on overwatch when it can; fights every H2H; charges where
    the charge likely arrives and the fight is likely won; takes the shot with the most hits expected; else
    walks toward the nearest enemy until it is in range, and ends the step."""

    def __init__(self, seed: int = 0):
        self.rng = GameRNG(seed)

    def __repr__(self) -> str:
        return "GreedyBot()"

    def __call__(self, state: OneBrainCellState) -> Action:
        legal = list(state.legal_actions)
        for kind in (OverwatchFire, Fight):
            found = [a for a in legal if isinstance(a, kind)]
            if found:
                return found[0]
        if any(isinstance(a, Hold) for a in legal):
            return next(a for a in legal if isinstance(a, Hold))
        if any(isinstance(a, ChooseOrder) for a in legal):
            return ChooseOrder(state.current_player, True)
        if state.phase == "shoot":
            best = self._best([(self._shot_value(state, a), a) for a in legal if isinstance(a, Shoot)])
            if best is not None:
                return best
        if state.phase == "move":
            best = self._best([(self._charge_value(state, a), a) for a in legal if isinstance(a, Charge)])
            if best is not None:
                return best
            best = self._best([(self._move_value(state, a), a) for a in legal if isinstance(a, Move)])
            if best is not None:
                return best
        end = [a for a in legal if isinstance(a, EndStep)]
        return end[0] if end else self.rng.choice(legal)

    def _best(self, scored) -> Action | None:
        scored = [(value, a) for value, a in scored if value > 0]
        if not scored:
            return None
        top = max(value for value, _ in scored)
        return self.rng.choice([a for value, a in scored if value == top])

    @staticmethod
    def _shot_value(state, act: Shoot) -> Fraction:
        return state.chance(act).mean()

    @staticmethod
    def _charge_value(state, act: Charge) -> Fraction:
        arrive = state.chance(act).probability(True)
        charger, target = state.figures[act.figure], state.figures[act.target]
        mine = m.h2h_modifier(charger).value
        theirs = m.h2h_modifier(target).value
        win = m.fight_odds(1, attacker_modifier=mine, defender_modifier=theirs)["defender removed"]
        value = arrive * win - Fraction(1, 2)
        return value if value > 0 else Fraction(0)

    @staticmethod
    def _move_value(state, act: Move) -> Fraction:
        """Better when nearer the nearest enemy, until one is within the weapon's short range (then stand)."""
        figure = state.figures[act.figure]
        enemies = m.in_play(state, state.other(figure.side))
        if not enemies:
            return Fraction(0)
        before = min(tt.distance(figure.position, e.position) for e in enemies)
        after = min(tt.distance(act.to, e.position) for e in enemies)
        weapon = figure.arms
        reach = m.measure(state.settings, weapon.short_range(state.settings) if weapon.always != "long"
                          else weapon.long)
        if before <= reach or weapon.no_move and before <= m.measure(state.settings, weapon.long or reach):
            return Fraction(0)
        return Fraction(round(before - after, 3)).limit_denominator(1000)


class StrongBot(SearchBot):
    """Looks ahead: tries each action on copies of the game with the engine's own dice, the greedy bot playing
    on for a few actions, and keeps the action that leaves it best off (figures in play, less the enemy's).
    See :mod:`explorer.core.search`."""

    policy = GreedyBot
    budget = 24
    horizon = 2
    width = 6
    margin = 0.1
    # evaluate: SearchBot's own (pieces in play, less the enemy's)


BOTS = {"greedy": GreedyBot, "strong": StrongBot, "random": RandomBot}
