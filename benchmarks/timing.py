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


def _section_overhead(clock) -> float:
    """What timing an empty section costs with ``clock`` (subtracted from every measured section)."""
    if clock not in _OVERHEAD:
        box = TimeBox(0, clock=clock, calibrate=False)
        for _ in range(2000):
            with box.measure():
                pass
        _OVERHEAD[clock] = box.measured / 2000
    return _OVERHEAD[clock]


_OVERHEAD: dict = {}


class TimeBox:
    """A time box that also sums the time of the sections it measures.

    ``while box.open():`` loops until ``seconds`` of wall time have passed; ``with box.measure():``
    adds a section's time on ``clock`` to ``box.measured``, less what timing an empty section
    costs (so set-up work inside the box is not counted). The default clock is the process's CPU
    time, which a busy, shared machine disturbs far less than wall time.
    """

    def __init__(self, seconds: float, *, clock=time.process_time, calibrate: bool = True):
        self.seconds = seconds
        self.clock = clock
        self.overhead = _section_overhead(clock) if calibrate else 0.0
        self.measured = 0.0
        self.start = time.perf_counter()

    def open(self) -> bool:
        return time.perf_counter() - self.start < self.seconds

    @property
    def wall(self) -> float:
        return time.perf_counter() - self.start

    def measure(self) -> _Section:
        return _Section(self)


class _Section:
    __slots__ = ("box", "t0")

    def __init__(self, box: TimeBox):
        self.box = box

    def __enter__(self) -> None:
        self.t0 = self.box.clock()

    def __exit__(self, *exc) -> None:
        box = self.box
        box.measured += max(0.0, box.clock() - self.t0 - box.overhead)
