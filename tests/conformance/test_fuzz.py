"""Mutated real saves and malformed actions: always a clear error, never a raw exception, nothing changed.

CI runs a sample; ``FUZZ_SAVES=5000 FUZZ_ACTIONS=5000 pytest tests/conformance/test_fuzz.py``
runs a long one on demand.
"""

from __future__ import annotations

import json
import os
import random

import pytest

from explorer.core import SaveGameError, load_game, load_json

from .cases import ODD_VALUES, mutated, new_game, random_walk, save_paths, scenario_cases
from .checks import check_malformed_actions

CASES = scenario_cases()
ids = [f"{name}-{scenario}" for name, scenario in CASES]
SAVES = int(os.environ.get("FUZZ_SAVES", "150"))
ACTIONS = int(os.environ.get("FUZZ_ACTIONS", "300"))


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_mutated_saves_load_or_say_what_is_wrong(case):
    rng = random.Random(hash(case) & 0xFFFF)
    state = random_walk(new_game(case, seed=3), random.Random(3), 40)
    data = json.loads(state.to_json())
    paths = list(save_paths(data))
    accepted = 0
    for _ in range(SAVES):
        path = rng.choice(paths)
        how = rng.choice(("replace", "replace", "replace", "delete", "double"))
        bad = mutated(data, path, how, rng.choice(ODD_VALUES))
        try:
            loaded = load_game(bad)
        except SaveGameError as error:
            assert str(error), "a save error must say what is wrong"
            continue
        accepted += 1  # an edit that changes nothing the rules care about may load: then it must be sound
        assert loaded.ruleset is state.ruleset
        json.loads(loaded.to_json())
    assert accepted < SAVES, "no mutation was ever refused: the loader checks nothing"


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_truncated_and_garbage_save_text_is_a_save_error(case):
    text = random_walk(new_game(case, seed=1), random.Random(1), 20).to_json()
    for cut in range(0, len(text), max(1, len(text) // 25)):
        with pytest.raises(SaveGameError):
            load_json(text[:cut])
    for garbage in ("", "null", "[]", "1e999", '{"format": 1}', "[" * 50_000):
        with pytest.raises(SaveGameError):
            load_json(garbage)


@pytest.mark.parametrize("case", CASES, ids=ids)
def test_malformed_actions_are_refused_clearly_and_change_nothing(case):
    check_malformed_actions(random_walk(new_game(case, seed=2), random.Random(2), 30), random.Random(7), ACTIONS)
