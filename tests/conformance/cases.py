"""What the conformance suite runs on: every registered ruleset and each of its scenarios.

A new ruleset gets every test here by registering; nothing to list by hand.
"""

from __future__ import annotations

import base64
import dataclasses
import json
import math
import random
import zlib

from explorer import all_rulesets
from explorer.core import GameState

ROUND_BOUND = 12        # random games are played with max_rounds set to this
ACTION_BOUND = 4000     # ... and must end within this many actions


def rulesets_under_test() -> dict:
    """The rulesets with a board module (:func:`boards.family.rulesets`): the project's, and the test run's own
    sixth ruleset (tests/toy_ruleset, installed by tests/conftest.py), not the tiny ones single tests register
    for themselves."""
    from boards import family  # (bokeh-free: the page's own Python has it too)

    rulesets = all_rulesets()
    return {name: rulesets[name] for name in family.rulesets()}


def chapter_folder(name: str):
    """Where a ruleset's pages are: ``book/<name>/``, or for a ruleset of the tests (the toy one) the ``book/``
    folder of its own package (outside the site's table of contents)."""
    import sys
    from pathlib import Path

    book = Path(__file__).resolve().parents[2] / "book" / name
    package = all_rulesets()[name].state_type.__module__.rpartition(".")[0]
    return book if book.is_dir() else Path(sys.modules[package].__file__).parent / "book"


def shipped_rulesets() -> dict:
    """The rulesets the project ships (``explorer/rulesets/``: the engine wheel the page plays with)."""
    return {name: rs for name, rs in rulesets_under_test().items()
            if rs.state_type.__module__.startswith("explorer.rulesets.")}


def scenario_cases() -> list[tuple[str, str]]:
    return [(name, scenario) for name, rs in sorted(rulesets_under_test().items()) for scenario in rs.scenarios]


def new_game(case: tuple[str, str], seed: int = 0, **settings) -> GameState:
    name, scenario = case
    return all_rulesets()[name].new_game(scenario, seed=seed, **settings)


def random_walk(state: GameState, rng: random.Random, steps: int) -> GameState:
    """Play up to ``steps`` uniformly random legal actions."""
    for _ in range(steps):
        legal = list(state.legal_actions)
        if not legal:
            break
        state.apply(rng.choice(legal))
    return state


# -- malformed input -------------------------------------------------------------

ODD_VALUES = (None, True, -1, 0, 10**12, 1.5, float("nan"), "no", "", [], {}, [1, 2], {"a": 1}, "x" * 300)


def odd_actions(state: GameState, rng: random.Random, count: int):
    """Actions of this ruleset with odd values: wrong players, wrong types, out of range, unknown names."""
    kinds = state.ruleset.action_types
    legal = list(state.legal_actions)
    for _ in range(count):
        base = rng.choice(legal) if legal and rng.random() < 0.7 else None
        kind = type(base) if base else rng.choice(kinds)
        values = {}
        for field in dataclasses.fields(kind):
            if base is not None and rng.random() < 0.6:
                values[field.name] = getattr(base, field.name)
            elif field.name == "player" and rng.random() < 0.5:
                values[field.name] = rng.choice(state.sides)
            else:
                values[field.name] = rng.choice(ODD_VALUES)
        yield kind, values


def save_paths(data, prefix=()):
    """Every path to a value inside a saved game (dicts and lists)."""
    yield prefix
    if isinstance(data, dict):
        for key, value in data.items():
            yield from save_paths(value, (*prefix, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from save_paths(value, (*prefix, index))


def mutated(data, path, how: str, value=None):
    """A deep copy of ``data`` with the value at ``path`` replaced, deleted, or its list doubled."""
    copy = json.loads(json.dumps(data))
    if not path:
        return value if how == "replace" else copy
    parent = copy
    for key in path[:-1]:
        parent = parent[key]
    key = path[-1]
    if how == "delete":
        del parent[key]
    elif how == "double" and isinstance(parent[key], list):
        parent[key] = parent[key] * 2
    else:
        parent[key] = value
    return copy


def is_finite_json(value) -> bool:
    return not (isinstance(value, float) and not math.isfinite(value))


# -- hostile input (tests/conformance/hostile.py) ------------------------------------------------------------

def nested(levels: int, inner=0):
    """``levels`` lists inside each other, built without recursion."""
    for _ in range(levels):
        inner = [inner]
    return inner


HOSTILE_VALUES = (*ODD_VALUES, nested(50_000), {"a": nested(2_000)}, "x" * 1_000_000, 10**400, -10**300,
                  float("inf"), 2**63, [0] * 100_000, {str(i): i for i in range(1000)}, "\x00\ud800", -1e6)
"""What a hostile file, page or caller may put anywhere: :data:`ODD_VALUES` and worse (deep, huge, long)."""

HOSTILE_TEXT = ("[" * 100_000 + "]" * 100_000, "9" * 5000, "1e999", '"' + "y" * 2_000_000 + '"', "{" * 60_000)
"""Raw JSON that no Python value dumps to: deep brackets, a number too long to read."""


def pack_link(payload) -> str:
    """A share link's text (``g1.`` then base64url of zlib-compressed JSON) holding any ``payload``."""
    packed = zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 9)
    return "g1." + base64.urlsafe_b64encode(packed).decode().rstrip("=")


def hostile_commands(save: str) -> dict[str, tuple[str, list]]:
    """Hostile share links and taps for the page's game (issue 36), made from the game's own ``save``: what each
    holds -> (command, args). The game's own link, each with one part made hostile."""
    data = json.loads(save)
    own, other = data["sides"]
    link = {"save": data, "human": own, "bot": "greedy", "bot_seed": 1, "seed": 0}
    return {
        "its side is a list": ("open", [pack_link({**link, "human": [own]})]),
        "its side is a list, named among the sides": ("open", [pack_link({**link, "human": [own],
                                                                         "save": {**data, "sides": [[own], other]}})]),
        "its own side is renamed": ("open", [pack_link({**link, "human": "olive", "save": {**data, "sides": ["olive", other]}})]),
        "490,000 side names": ("open", [pack_link({**link, "save": {**data, "sides": [own] + ["x"] * 490_000}})]),
        "a side of 1,000,000 characters": ("open", [pack_link({**link, "human": "h" * 1_000_000})]),
        "an unknown ruleset": ("open", [pack_link({**link, "save": {**data, "ruleset": "chess"}})]),
        "a tap at a 400-digit x": ("tap", [10**400 - 1, 1]),
        "a tap at a 400-digit y": ("tap", [1, 1 - 10**400]),
    }
