"""Exact dice distributions.

A :class:`Dist` maps outcomes to integer weights (like icepool), so sums and
pools stay exact; :class:`fractions.Fraction` appears only when a probability
is asked for. Every query answers the whole distribution, not just a mean.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cached_property, reduce
from math import gcd


class Dist:
    """An immutable discrete distribution with integer weights."""

    __slots__ = ("_weights", "__dict__")

    def __init__(self, weights: Mapping[Hashable, int]):
        cleaned = {k: int(w) for k, w in weights.items() if w}
        if not cleaned:
            raise ValueError("a distribution needs at least one outcome with positive weight")
        if any(w < 0 for w in cleaned.values()):
            raise ValueError("weights must not be negative")
        common = reduce(gcd, cleaned.values())
        self._weights = {k: w // common for k, w in sorted(cleaned.items(), key=_sort_key)}

    # -- construction -------------------------------------------------------
    @classmethod
    def uniform(cls, outcomes: Iterable[Hashable]) -> Dist:
        weights: dict[Hashable, int] = {}
        for outcome in outcomes:
            weights[outcome] = weights.get(outcome, 0) + 1
        return cls(weights)

    @classmethod
    def constant(cls, value: Hashable) -> Dist:
        return cls({value: 1})

    @classmethod
    def bernoulli(cls, p: Fraction) -> Dist:
        """``1`` with probability ``p``, else ``0``."""
        p = Fraction(p)
        return cls({1: p.numerator, 0: p.denominator - p.numerator})

    # -- queries ------------------------------------------------------------
    @property
    def weights(self) -> dict[Hashable, int]:
        return dict(self._weights)

    @cached_property
    def total(self) -> int:
        return sum(self._weights.values())

    def outcomes(self) -> tuple[Hashable, ...]:
        return tuple(self._weights)

    def probability(self, outcome: Hashable) -> Fraction:
        return Fraction(self._weights.get(outcome, 0), self.total)

    def pmf(self) -> dict[Hashable, Fraction]:
        """Every outcome with its exact probability."""
        return {k: Fraction(w, self.total) for k, w in self._weights.items()}

    def probability_where(self, predicate: Callable[[Hashable], bool]) -> Fraction:
        return Fraction(sum(w for k, w in self._weights.items() if predicate(k)), self.total)

    def at_least(self, value) -> Fraction:
        return self.probability_where(lambda k: k >= value)

    def at_most(self, value) -> Fraction:
        return self.probability_where(lambda k: k <= value)

    def mean(self) -> Fraction:
        return Fraction(sum(k * w for k, w in self._weights.items()), self.total)

    # -- operators ----------------------------------------------------------
    def map(self, fn: Callable[[Hashable], Hashable]) -> Dist:
        """Re-label outcomes (e.g. a D6 read as a D3)."""
        weights: dict[Hashable, int] = {}
        for k, w in self._weights.items():
            new = fn(k)
            weights[new] = weights.get(new, 0) + w
        return Dist(weights)

    def combine(self, other: Dist, op: Callable[[Hashable, Hashable], Hashable]) -> Dist:
        """The one kernel behind every binary operator: independent outcomes joined by ``op``."""
        weights: dict[Hashable, int] = {}
        for a, wa in self._weights.items():
            for b, wb in other._weights.items():
                key = op(a, b)
                weights[key] = weights.get(key, 0) + wa * wb
        return Dist(weights)

    def __add__(self, other: Dist | int) -> Dist:
        if isinstance(other, int):
            return self.map(lambda k: k + other)
        return self.combine(other, lambda a, b: a + b)

    __radd__ = __add__

    def repeat_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (dynamic programming, not enumeration)."""
        if n < 0:
            raise ValueError("cannot roll a negative number of dice")
        result = Dist.constant(0)
        for _ in range(n):
            result = result + self
        return result

    # -- value semantics ------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._weights == other._weights

    def __hash__(self) -> int:
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        return f"Dist({self._weights!r})"


def _sort_key(item):
    key = item[0]
    return (0, key) if isinstance(key, (int, float, Fraction)) else (1, str(key))


# -- the dice of the sources ------------------------------------------------

D6 = Dist.uniform(range(1, 7))
"""One six-sided die."""

def d3_of(face: int) -> int:
    """A D6's face read as a D3: 1-2 is 1, 3-4 is 2, 5-6 is 3 (army-men page, Notes)."""
    return (face + 1) // 2


def d2_of(face: int) -> int:
    """A D6's face read as a D2: 1-3 is 1, 4-6 is 2 (army-men page, Notes)."""
    return 1 if face <= 3 else 2


def read_off_d6(reading) -> list[tuple[int, int, int]]:
    """How ``reading`` turns a D6 into a smaller die: ``(lowest face, highest face, value)`` per value."""
    groups: list[list[int]] = []
    for face in range(1, 7):
        value = reading(face)
        if groups and groups[-1][2] == value:
            groups[-1][1] = face
        else:
            groups.append([face, face, value])
    return [tuple(g) for g in groups]


D3 = D6.map(d3_of)
"""A D3 read off a D6 (:func:`d3_of`)."""

D2 = D6.map(d2_of)
"""A D2 read off a D6 (:func:`d2_of`)."""

TWO_D6 = D6.repeat_sum(2)


def success_chance(
    target: int,
    *,
    die: Dist = D6,
    natural_fail: int | None = 1,
    modifier: int = 0,
) -> Fraction:
    """Chance that one die, plus ``modifier``, scores ``target`` or more.

    ``natural_fail`` is the face that always fails whatever the modifiers
    ("a 1 never kills"); ``None`` turns that rule off. A target above what the
    die can reach gives 0.
    """
    return die.probability_where(lambda face: is_success(face, target, natural_fail=natural_fail, modifier=modifier))


def is_success(face: int, target: int, *, natural_fail: int | None = 1, modifier: int = 0) -> bool:
    """Whether one rolled ``face`` succeeds: the rule the game's dice and the book's odds share."""
    return face != natural_fail and face + modifier >= target


def count_successes(faces, target: int, *, natural_fail: int | None = 1, modifier: int = 0) -> int:
    """How many of the rolled ``faces`` succeed (see :func:`success_chance` for the odds)."""
    return sum(is_success(f, target, natural_fail=natural_fail, modifier=modifier) for f in faces)


def successes(dice: int, chance: Fraction) -> Dist:
    """Distribution of the number of successes among ``dice`` independent dice."""
    return Dist.bernoulli(chance).repeat_sum(dice)


def capped(dist: Dist, cap: int) -> Dist:
    """Count at most ``cap`` successes ("at most one hit")."""
    return dist.map(lambda k: min(k, cap))
