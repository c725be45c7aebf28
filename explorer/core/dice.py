"""Exact dice distributions.

A :class:`Dist` maps outcomes to integer weights (like icepool), so sums and
pools stay exact; :class:`fractions.Fraction` appears only when a probability
is asked for. Every query answers the whole distribution, not just a mean.

Sums of dice with whole-number faces are one multiplication of big integers
(:func:`_packed`), and what has been worked out is kept (:func:`~explorer.core.frozen.shared`,
bounded): the page asks the same odds again and again, and a ``Dist`` never changes.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Hashable, Iterable, Mapping
from fractions import Fraction
from functools import cached_property, reduce
from math import gcd, prod

from .frozen import shared


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

    @classmethod
    def _of_ladder(cls, lowest: int, ladder: list[int]) -> Dist:
        """The distribution giving ``lowest + i`` the weight ``ladder[i]`` (whole numbers, some not 0): made without
        :meth:`__init__`'s checks and sorting, which a ladder needs none of."""
        common = gcd(*ladder)
        dist = object.__new__(cls)
        dist._weights = {lowest + i: w // common for i, w in enumerate(ladder) if w}
        return dist

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
        return total_of((self, other))

    __radd__ = __add__

    def repeat_sum(self, n: int) -> Dist:
        """The sum of ``n`` independent copies (one big-integer power, or repeated squaring; kept)."""
        if n < 0:
            raise ValueError("cannot roll a negative number of dice")
        return _repeat_sum(self, n)

    @cached_property
    def _ladder(self) -> tuple[int, list[int]] | None:
        """``(lowest outcome, [the weight of every whole number from it to the highest])`` when the outcomes are whole
        numbers not too thinly spread (a sum of such is then a product of big integers); else None."""
        keys = self._weights.keys()
        if not all(isinstance(k, int) for k in keys):
            return None
        lowest, highest = min(keys), max(keys)
        if highest - lowest > 4 * len(keys) + 16:  # mostly holes: the packed integers would be mostly zeros
            return None
        ladder = [0] * (highest - lowest + 1)
        for k, w in self._weights.items():
            ladder[k - lowest] = w
        return lowest, ladder

    # -- value semantics ------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return isinstance(other, Dist) and self._weights == other._weights

    def __hash__(self) -> int:
        return self._hash

    @cached_property
    def _hash(self) -> int:  # asked at every look-up of a kept answer: worked out once
        return hash(tuple(self._weights.items()))

    def __repr__(self) -> str:
        return f"Dist({self._weights!r})"


def _sort_key(item):
    key = item[0]
    return (0, key) if isinstance(key, (int, float, Fraction)) else (1, str(key))


# -- sums: convolution as multiplication of big integers ----------------------
# A ladder of weights [w0, w1, ...] packed into one integer, w_i in the i-th slot of ``size`` bytes, is a polynomial
# evaluated at 256**size; the product of two such integers holds the convolution of the ladders (the weights of the
# sums), as long as no slot overflows: a slot of the product's holds at most the product of the totals. Python
# multiplies (and raises to powers) big integers in C, so 30d6 is one ``pow`` of a 6-slot integer.

def _packed(ladder: list[int], size: int) -> int:
    return int.from_bytes(b"".join(w.to_bytes(size, "little") for w in ladder), "little")


def _unpacked(number: int, size: int, slots: int) -> list[int]:
    data = number.to_bytes(size * slots, "little")
    if sys.byteorder != "little":  # (no platform Python runs on today): a slot at a time
        return [int.from_bytes(data[i:i + size], "little") for i in range(0, len(data), size)]
    if size <= 8:  # read by C, a slot of 1, 2, 4 or 8 bytes at a time
        return memoryview(data).cast(_WORD[size]).tolist()
    limbs, count = memoryview(data).cast("Q").tolist(), size // 8  # a slot is several 8-byte limbs, lowest first
    weights = limbs[count - 1::count]
    for limb in range(count - 2, -1, -1):
        weights = [high << 64 | low for high, low in zip(weights, limbs[limb::count])]
    return weights


_WORD = {1: "B", 2: "H", 4: "I", 8: "Q"}
"""The memoryview format of an unsigned whole number of so many bytes (all platforms: ``I`` is 4 bytes)."""


def _slot_size(total: int) -> int:
    """Bytes a slot needs to hold any weight of a distribution whose weights add up to ``total`` (1, 2, 4, 8, or a
    multiple of 8: what :func:`_unpacked` reads fastest)."""
    size = total.bit_length() // 8 + 1
    return next(word for word in _WORD if word >= size) if size <= 8 else -(-size // 8) * 8


def total_of(dists: Iterable[Dist]) -> Dist:
    """The distribution of the sum of independent ``dists`` (kept: the same pools are asked again and again)."""
    return _total_of(tuple(dists))


@shared
def _total_of(dists: tuple[Dist, ...]) -> Dist:
    if not dists:
        return Dist.constant(0)
    ladders = [d._ladder for d in dists]
    if None in ladders:  # outcomes that are no whole numbers (or far apart): one pair at a time
        return reduce(lambda a, b: a.combine(b, _plus), dists)
    size = _slot_size(prod(d.total for d in dists))
    number = prod(_packed(ladder, size) for _, ladder in ladders)
    slots = sum(len(ladder) for _, ladder in ladders) - len(ladders) + 1
    return Dist._of_ladder(sum(lowest for lowest, _ in ladders), _unpacked(number, size, slots))


def _plus(a, b):
    return a + b


@shared
def _repeat_sum(dist: Dist, n: int) -> Dist:
    if n == 0:
        return Dist.constant(0)
    if dist._ladder is None:  # repeated squaring: n copies from the sum of n // 2 (exact outcomes: any order)
        half = _repeat_sum(dist, n // 2).combine(_repeat_sum(dist, n // 2), _plus)
        return half.combine(dist, _plus) if n % 2 else half
    lowest, ladder = dist._ladder
    size = _slot_size(dist.total ** n)
    return Dist._of_ladder(lowest * n, _unpacked(_packed(ladder, size) ** n, size, n * (len(ladder) - 1) + 1))


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


@shared
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


@shared
def successes(dice: int, chance: Fraction) -> Dist:
    """Distribution of the number of successes among ``dice`` independent dice."""
    return Dist.bernoulli(chance).repeat_sum(dice)


@shared
def capped(dist: Dist, cap: int) -> Dist:
    """Count at most ``cap`` successes ("at most one hit")."""
    return dist.map(lambda k: min(k, cap))
