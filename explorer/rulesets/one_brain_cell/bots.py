"""Opponents (``BOTS``): greedy, strong (a look-ahead over greedy: explorer.core.search), and random."""

from __future__ import annotations

import dataclasses
import functools
import math
from fractions import Fraction

from explorer.core import Action, GameRNG, RandomBot
from explorer.core import tabletop as tt
from explorer.core.search import SearchBot

from .actions import Charge, ChooseOrder, EndStep, Fight, Hold, Move, OverwatchFire, Shoot
from .combat import fight_odds, h2h_modifier
from .data import Weapon
from .game import OneBrainCellState
from .moving import move_allowance
from .position import cut_off, in_play, kept_between, remembered, shape
from .setup import measure
from .shooting import hit_chance, range_band, shot_numbers
from .terrain import in_rough


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
            best = self._best(self._move_values(state, [a for a in legal if isinstance(a, Move)]))
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
        value = arrive * _one_on_one(h2h_modifier(charger).value, h2h_modifier(target).value) - Fraction(1, 2)
        return value if value > 0 else Fraction(0)

    @staticmethod
    def _move_value(state, act: Move) -> int:
        """Better when nearer the nearest enemy, until one is within the weapon's short range (then stand): the gain
        in thousandths of an inch (whole numbers: compared as the fractions n/1000 they stand for, and cheaper).
        Kept between positions while he stands where he stood and the enemy's shape is the same."""
        figure = state.figures[act.figure]
        kept = kept_between(state, "move gains")
        if kept is None:
            return GreedyBot._move_gain(state, figure, act)
        key = (figure.id, figure.weapon, figure.x, figure.y, act.to, shape(state, state.other(figure.side)))
        gain = kept.get(key)
        if gain is None:
            gain = kept[key] = GreedyBot._move_gain(state, figure, act)
        return gain

    @staticmethod
    def _move_values(state, moves: list[Move]) -> list[tuple[int, Move]]:
        """:meth:`_move_value` of each of ``moves``, with what they all ask (the kept gains, the enemy's shape)
        asked once: a position offers a dozen moves to every figure."""
        kept = kept_between(state, "move gains")
        if kept is None:
            return [(GreedyBot._move_value(state, a), a) for a in moves]
        figures, shapes, out = state.figures, {}, []
        for act in moves:
            figure = figures[act.figure]
            foes = shapes.get(figure.side)
            if foes is None:
                foes = shapes[figure.side] = shape(state, state.other(figure.side))
            key = (figure.id, figure.weapon, figure.x, figure.y, act.to, foes)  # as _move_value's
            gain = kept.get(key)
            if gain is None:
                gain = kept[key] = GreedyBot._move_gain(state, figure, act)
            out.append((gain, act))
        return out

    @staticmethod
    def _move_gain(state, figure, act: Move) -> int:
        """:meth:`_move_value` worked out."""
        enemies = remembered(state, ("enemy spots", figure.side),
                             lambda: [e.position for e in in_play(state, state.other(figure.side))])
        if not enemies:
            return 0
        before = remembered(state, ("nearest enemy", figure.id),
                            lambda: min(tt.distance(figure.position, e) for e in enemies))
        weapon = figure.arms
        reach = measure(state.settings, weapon.short_range(state.settings) if weapon.always != "long"
                          else weapon.long)
        if before <= reach or weapon.no_move and before <= measure(state.settings, weapon.long or reach):
            return 0
        tx, ty = act.to
        after = min([math.hypot(ex - tx, ey - ty) for ex, ey in enemies])  # tt.distance(act.to, e), inline
        # The gain to the thousandth of an inch: the float round() gives, as the whole n of n/1000.
        return round(round(before - after, 3) * 1000)


@functools.lru_cache(maxsize=64)
def _one_on_one(mine: int, theirs: int) -> Fraction:
    """The chance a lone attacker with H2H modifier ``mine`` removes a defender with ``theirs`` (a handful come up)."""
    return fight_odds(1, attacker_modifier=mine, defender_modifier=theirs)["defender removed"]


HIT_ODDS = {(need, cut): float(hit_chance(need, cut)) for need in range(1, 8) for cut in (False, True)}
"""The chance one die hits, by the face needed and whether the shooter is cut off (a table: asked very often)."""


def expected_hits(state, weapon: Weapon, eye: tt.Point, target: tt.Point, cut: bool = False) -> float:
    """Hits a ``weapon`` at ``eye`` expects on a figure at ``target`` by the rules' range bands, cover and cohesion
    (terrain only: figures in between are ignored, for speed; the game's own plan_shot needs figures in place)."""
    band = range_band(state.settings, weapon, tt.distance(eye, target)).value
    if band is None:
        return 0.0
    lines = state.table.sight(eye, target)
    if lines.is_blocked and not weapon.indirect:
        return 0.0
    cover = any(line.blocked_by or line.screened_by for line in lines.lines) or in_rough(state.table, target)
    shot = shot_numbers(weapon, band, cover, cut).value
    if shot is None:
        return 0.0
    p = HIT_ODDS[shot.need, shot.cut_off]
    if shot.max_hits is not None:
        return min(float(shot.max_hits), 1.0 - (1.0 - p) ** shot.dice)
    return shot.dice * p


@functools.lru_cache(maxsize=16)
def cover_spots(table) -> tuple[tt.Point, ...]:
    """Points worth standing on for cover: a ring just outside every terrain piece, and inside rough ground."""
    spots = []
    for piece in table.terrain:
        xs, ys = [x for x, _ in piece.points], [y for _, y in piece.points]
        left, right, low, high = min(xs), max(xs), min(ys), max(ys)
        off = 0.6
        for k in range(int((right - left) / 1.5) + 2):
            x = min(right, left + 1.5 * k)
            spots += [(x, low - off), (x, high + off)]
        for k in range(int((high - low) / 1.5) + 2):
            y = min(high, low + 1.5 * k)
            spots += [(left - off, y), (right + off, y)]
        if piece.kind is tt.TerrainKind.ROUGH:
            spots += [(left + 0.75 + 1.5 * i, low + 0.75 + 1.5 * j) for i in range(int((right - left) / 1.5))
                      for j in range(int((high - low) / 1.5))]
    return tuple((round(x, 3), round(y, 3)) for x, y in spots if table.on_table((x, y)))


class CarefulBot(GreedyBot):
    """Greedy, with an eye for the rules it ignores. A figure moves (or stays) where the shot he can make this turn
    is best, less a little for the fire the enemy could bring on him there (cover, range, cohesion), trying the
    edges of terrain and the inside of rough ground besides greedy's compass moves: so it steps into woods (cover
    that does not spoil its own shots) instead of the open. It shoots where most hits are expected, and among equal
    odds the enemy with the most dice first (a machine gun before a rifle: the target is the first the hits remove).
    Charges and everything else as greedy."""

    caution = 0.15  # how much an expected hit taken next turn weighs against one dealt this turn
    focus = 0.25  # a target's worth grows by this for each die his weapon rolls: machine guns first
    pull = 0.05  # a little credit for getting nearer the enemy, so nobody waits forever

    def __repr__(self) -> str:
        return "CarefulBot()"

    def __call__(self, state: OneBrainCellState) -> Action:
        if state.position.pending is None and state.phase == "move":
            legal = list(state.legal_actions)
            charge = self._best([(self._charge_value(state, a), a) for a in legal if isinstance(a, Charge)])
            if charge is not None:
                return charge
            move = self._careful_move(state, legal)
            if move is not None:
                return move
            return next(a for a in legal if isinstance(a, EndStep))
        if state.position.pending is None and state.phase == "shoot":
            legal = list(state.legal_actions)
            shot = self._best([(self._threat_value(state, a), a) for a in legal if isinstance(a, Shoot)])
            if shot is not None:
                return shot
        return super().__call__(state)

    # -- shooting ------------------------------------------------------------------------------------
    def _threat_value(self, state, act: Shoot) -> float:
        """Hits expected, the target's own firepower breaking ties (he is the first the hits remove)."""
        hits = float(state.chance(act).mean())
        target = state.figures[act.target]
        return hits * (1.0 + self.focus * target.arms.dice)

    # -- moving --------------------------------------------------------------------------------------
    def _careful_move(self, state, legal: list[Action]) -> Action | None:
        """The move that gains most over staying put, for the figure that gains most (``None``: all stay)."""
        enemies = in_play(state, state.other(state.side))
        if not enemies:
            return None
        spots = cover_spots(state.table)
        best = None
        movers: dict[str, list[tt.Point]] = {}
        for a in legal:
            if isinstance(a, Move):
                movers.setdefault(a.figure, []).append(a.to)
        for fid, tos in movers.items():
            figure = state.figures[fid]
            reach = move_allowance(state, figure).value
            here = self._spot_value(state, figure, figure.position, enemies, moved=False)
            near = [p for p in spots if tt.distance(p, figure.position) <= reach]
            scored = sorted(((self._spot_value(state, figure, p, enemies, moved=True) - here, p)
                             for p in [*tos, *near]), reverse=True)
            for gain, to in scored:
                if gain <= 1e-6 or best is not None and gain <= best[0]:
                    break
                act = Move(state.side, fid, to)
                if state.why_illegal(act) is None:
                    best = (gain, act)
                    break
        return None if best is None else best[1]

    def _spot_value(self, state, figure, spot: tt.Point, enemies, *, moved: bool) -> float:
        """The shot this figure could make from ``spot`` now, less (``caution``) the fire the enemy, as they
        stand, could bring on him there (cover, range), plus a little for closing in."""
        weapon = figure.arms
        cut = cut_off(state, dataclasses.replace(figure, x=spot[0], y=spot[1]))  # the rule's own test, there
        offense = 0.0 if moved and weapon.no_move else max(
            expected_hits(state, weapon, spot, e.position, cut) for e in enemies)
        danger = sum(expected_hits(state, e.arms, e.position, spot) for e in enemies)
        nearest = min(tt.distance(spot, e.position) for e in enemies)
        return offense - self.caution * danger - self.pull * nearest



def firepower(figure) -> float:
    """What a figure is worth to his side: one, and a quarter more for each die his weapon rolls."""
    return 1.0 + CarefulBot.focus * figure.arms.dice


class StrongBot(SearchBot):
    """A look-ahead over the careful bot's choice: the action to beat is :class:`CarefulBot`'s (cover, range, the
    most dangerous target), tried with other candidates on copies of the game with the engine's own dice, the greedy
    bot playing on for a few actions; another action is played only if it leaves the bot clearly better off
    (figures in play weighed by their firepower, less the enemy's). See :mod:`explorer.core.search`."""

    policy = GreedyBot  # plays on in the look-ahead (cheap); the careful choice is the one to beat
    budget = 24
    horizon = 2
    width = 6
    margin = 1.0  # about a figure: at 0.1 and 0.6 its overrulings cost a few points (56%, 58%; careful alone 63%)

    def __init__(self, seed: int = 0, **options):
        super().__init__(seed, **options)
        self.careful = CarefulBot(seed)

    def candidates(self, state, legal: list[Action], choice: Action) -> list[Action]:
        """The careful bot's choice first (the one to beat), greedy's next, then others spread over the legal list."""
        careful = self.careful(state)
        if careful == choice:
            return super().candidates(state, legal, choice)
        rest = super().candidates(state, [a for a in legal if a not in (careful, choice)], choice)
        return [careful, *rest[: self.width - 1]]

    def evaluate(self, state, side: str) -> float:
        """Figures in play weighed by their firepower, less the enemy's."""
        return sum(firepower(f) if f.side == side else -firepower(f) for f in in_play(state))


BOTS = {"greedy": GreedyBot, "strong": StrongBot, "random": RandomBot}
