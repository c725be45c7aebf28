"""The one timing helper the benchmark scripts share (they print, never assert)."""

from __future__ import annotations

import time


def timed(fn, *, at_least: float = 1.0) -> tuple[int, float]:
    """Call ``fn`` until ``at_least`` seconds have passed; how many calls, how long."""
    calls, start = 0, time.perf_counter()
    while (elapsed := time.perf_counter() - start) < at_least:
        fn()
        calls += 1
    return calls, elapsed


def report(label: str, calls: int, elapsed: float, unit: str = "/s", width: int = 52) -> None:
    print(f"  {label:{width}s} {calls / elapsed:10,.0f} {unit}  ({1e6 * elapsed / calls:,.0f} µs each)")
