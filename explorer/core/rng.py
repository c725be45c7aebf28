"""The one source of randomness of a game: seeded, saved with the game."""

from __future__ import annotations

import random
from collections.abc import Sequence

from .errors import SaveGameError


class GameRNG:
    """A seeded :class:`random.Random` whose state round-trips through JSON."""

    def __init__(self, seed: int = 0):
        self._random = random.Random(seed)

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        return tuple(self._random.randint(1, sides) for _ in range(n))

    def shuffle(self, items: list) -> None:
        self._random.shuffle(items)

    def choice(self, items: Sequence):
        return items[self._random.randrange(len(items))]

    def randrange(self, n: int) -> int:
        return self._random.randrange(n)

    def get_state(self) -> list:
        version, internal, gauss = self._random.getstate()
        return [version, list(internal), gauss]

    def set_state(self, state) -> None:
        try:
            version, internal, gauss = state
            self._random.setstate((version, tuple(internal), gauss))
        except (TypeError, ValueError) as exc:
            raise SaveGameError(f"the saved random-number state is malformed: {exc}") from None

    @classmethod
    def from_state(cls, state) -> GameRNG:
        rng = cls()
        rng.set_state(state)
        return rng
