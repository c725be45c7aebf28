"""A small sample of the long check of hostile input (``make hostile`` runs 2,000 cases or more)."""

from __future__ import annotations

import os

from .hostile import ENTRIES, hostile, report

CASES = int(os.environ.get("HOSTILE_CASES", "150"))


def test_hostile_input_gets_words_never_a_raw_error_a_forbidden_position_or_a_stuck_game():
    tally = hostile(CASES, seed=22)
    assert {entry for _, entry in tally.counts} == set(ENTRIES), "every entry point is tried"
    assert tally.bad() == 0, report(tally)
    assert sum(c["refused"] for c in tally.counts.values()) > CASES // 2, "hardly anything was refused"
