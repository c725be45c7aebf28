"""The one source of randomness of a game: a seed and a counter.

Each number is SplitMix64 of ``seed`` and how many numbers came before, so
the whole state is two integers: an undo restores a counter, a clone copies
two ints, and a save holds ``{"seed": ..., "counter": ...}``. The sequence
is the same on every Python (CPython, or the page's WebAssembly Python),
because it is written out here rather than borrowed from :mod:`random`.
"""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence

from .errors import SaveGameError
from .limits import brief

_MASK = (1 << 64) - 1
_GOLDEN = 0x9E3779B97F4A7C15
MAX_SEED = _MASK
MAX_COUNTER = 1 << 62  # far past any game; keeps a save's numbers bounded


def _mix(z: int) -> int:
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31)


class GameRNG:
    """Seeded, counter-based random numbers whose state is ``(seed, counter)``."""

    __slots__ = ("seed", "counter")

    def __init__(self, seed: int = 0, counter: int = 0):
        if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
            raise ValueError(f"a seed is a whole number from 0 to 2**64 - 1, not {brief(seed)}")
        if isinstance(counter, bool) or not isinstance(counter, int) or not 0 <= counter <= MAX_COUNTER:
            raise ValueError(f"a random-number counter is a whole number from 0 to 2**62, not {brief(counter)}")
        self.seed = seed
        self.counter = counter

    def next64(self) -> int:
        self.counter += 1
        return _mix((self.seed + self.counter * _GOLDEN) & _MASK)

    def randrange(self, n: int) -> int:
        """A whole number from 0 to ``n - 1``, each equally likely (rejection keeps it unbiased)."""
        if n <= 0:
            raise ValueError(f"randrange needs a positive bound, not {n}")
        limit = (1 << 64) - (1 << 64) % n
        while True:
            value = self.next64()
            if value < limit:
                return value % n

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        return tuple(self.randrange(sides) + 1 for _ in range(n))

    def shuffle(self, items: MutableSequence) -> None:
        """Fisher–Yates, in place."""
        for i in range(len(items) - 1, 0, -1):
            j = self.randrange(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: Sequence):
        return items[self.randrange(len(items))]

    # -- state -----------------------------------------------------------------------
    def get_state(self) -> tuple[int, int]:
        return (self.seed, self.counter)

    def set_state(self, state: tuple[int, int]) -> None:
        self.seed, self.counter = state

    def copy(self) -> GameRNG:
        return GameRNG(self.seed, self.counter)

    def to_dict(self) -> dict:
        return {"seed": self.seed, "counter": self.counter}

    @classmethod
    def from_dict(cls, data) -> GameRNG:
        if not isinstance(data, dict) or set(data) != {"seed", "counter"}:
            raise SaveGameError("the saved random-number state must be {\"seed\": ..., \"counter\": ...}")
        try:
            return cls(data["seed"], data["counter"])
        except ValueError as exc:
            raise SaveGameError(f"the saved random-number state is malformed: {exc}") from None

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GameRNG) and self.get_state() == other.get_state()

    __hash__ = None

    def __repr__(self) -> str:
        return f"GameRNG(seed={self.seed}, counter={self.counter})"
