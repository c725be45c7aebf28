"""Confidence intervals for the shares a study reports (win rates, first-player wins).

Wilson's score interval rather than the textbook ``p ± z·sqrt(p(1-p)/n)``:
it stays inside [0, 1] and is honest for the few-game runs a page can
afford (0 wins of 20 is not "0% ± 0%").
"""

from __future__ import annotations

import dataclasses
import math

Z_95 = 1.959963984540054  # the standard normal's 97.5th percentile: a two-sided 95% interval


@dataclasses.dataclass(frozen=True)
class Share:
    """``hits`` of ``n`` with its 95% Wilson interval ``[low, high]``."""

    hits: int
    n: int
    low: float
    high: float

    @property
    def value(self) -> float:
        return self.hits / self.n if self.n else 0.0

    def __str__(self) -> str:
        return f"{self.value:.0%} (95% CI {self.low:.0%}–{self.high:.0%}, n={self.n})"


def wilson_interval(hits: int, n: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval for ``hits`` successes in ``n`` trials (``(0, 1)`` when ``n`` is 0)."""
    if not 0 <= hits <= n:
        raise ValueError(f"hits must be between 0 and n, not {hits} of {n}")
    if n == 0:
        return 0.0, 1.0
    p = hits / n
    centre = p + z * z / (2 * n)
    spread = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n))
    scale = 1 + z * z / n
    return max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale)


def share(hits: int, n: int) -> Share:
    return Share(hits, n, *wilson_interval(hits, n))
