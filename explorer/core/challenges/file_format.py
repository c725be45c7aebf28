"""The challenges' TOML text format (``book/classroom/write_a_challenge.md``): reading a file into challenges,
each key checked and refused in words; a ruleset's own ``challenges.toml``."""

from __future__ import annotations

import importlib.resources
import tomllib
from collections.abc import Mapping
from typing import Any

from ..errors import ChallengeError
from ..limits import brief
from .challenge import Challenge
from .goals import GOAL_KINDS, MEASURES, Goal, ruleset_package, ruleset_tests

MAX_LIMIT = 50
_KEYS = {"name", "title", "goal", "sections", "hint", "limit", "side", "start", "solution", "opponent"}
_START_KEYS = {"scenario", "seed", "settings", "figures", "remove", "position", "prelude"}
_GOAL_KEYS = {"kind", "test", "args", "action", "measure"}


def load(text: str, ruleset) -> dict[str, Challenge]:
    """The challenges of a TOML text, by name, in order; ``ChallengeError`` saying what is malformed."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChallengeError(f"not readable as TOML: {exc}") from None
    if set(data) - {"challenge"} or not isinstance(data.get("challenge"), list):
        raise ChallengeError("a challenges file holds [[challenge]] tables, and nothing else")
    found: dict[str, Challenge] = {}
    for order, entry in enumerate(data["challenge"]):
        where = f"challenge {order + 1}" + (f" ({entry['name']})" if isinstance(entry.get("name"), str) else "")
        try:
            challenge = _one(entry, ruleset, order)
        except ChallengeError as exc:
            raise ChallengeError(f"{where}: {exc}") from None
        if challenge.name in found:
            raise ChallengeError(f"{where}: the name {challenge.name!r} is used twice")
        found[challenge.name] = challenge
    return found


def _one(entry: Mapping, ruleset, order: int) -> Challenge:
    unknown = set(entry) - _KEYS
    if unknown:
        raise ChallengeError(f"unknown keys {', '.join(sorted(unknown))}; a challenge has {', '.join(sorted(_KEYS))}")
    missing = {"name", "title", "goal", "sections", "hint", "limit", "side", "start"} - set(entry)
    if missing:
        raise ChallengeError(f"missing {', '.join(sorted(missing))}")
    for key in ("name", "title", "hint", "side"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise ChallengeError(f"{key} is text")
    goal = entry["goal"]
    if not isinstance(goal, Mapping) or not isinstance(goal.get("text"), str):
        raise ChallengeError("goal is a table with text (the goal in one line) and kind")
    kind = goal.get("kind")
    if kind not in GOAL_KINDS:
        raise ChallengeError(f"the goal's kind is one of {', '.join(GOAL_KINDS)}, not {brief(kind)}")
    extra = set(goal) - _GOAL_KEYS - {"text"}
    if extra:
        raise ChallengeError(f"the goal has unknown keys {', '.join(sorted(extra))}")
    parsed = Goal(kind, goal.get("test", ""), dict(goal.get("args", {})), goal.get("action", ""),
                  goal.get("measure", "at_least_one"))
    tests = ruleset_tests(ruleset)
    if kind in ("reach", "sure") and parsed.test not in tests:
        raise ChallengeError(f"unknown test {brief(parsed.test)}; {ruleset.title} has {', '.join(tests)}")
    if kind == "best":
        if parsed.action not in ruleset.action_kinds:
            raise ChallengeError(f"a best-choice goal names an action of {ruleset.title} "
                                 f"({', '.join(ruleset.action_kinds)}), not {brief(parsed.action)}")
        if parsed.measure not in MEASURES:
            raise ChallengeError(f"the measure is one of {', '.join(MEASURES)}, not {brief(parsed.measure)}")
    sections = entry["sections"]
    if not isinstance(sections, list) or not sections:
        raise ChallengeError("sections is a list of the rule sections it teaches")
    for key in sections:
        if key not in ruleset.sections:
            raise ChallengeError(f"{ruleset.title} has no rule section {brief(key)}")
    limit = entry["limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ChallengeError(f"limit is the learner's actions allowed, a whole number from 1 to {MAX_LIMIT}")
    start = entry["start"]
    if not isinstance(start, Mapping) or set(start) - _START_KEYS:
        raise ChallengeError(f"start is a table of {', '.join(sorted(_START_KEYS))}")
    opponent = entry.get("opponent", "none")
    if opponent != "none" and opponent not in ruleset.bots:
        raise ChallengeError(f"the opponent is none or a bot ({', '.join(ruleset.bots)}), not {brief(opponent)}")
    solution = entry.get("solution", [])
    if not isinstance(solution, list) or not all(isinstance(s, Mapping) and "action" in s for s in solution):
        raise ChallengeError("solution is a list of steps, each with an action (and dice where it rolls)")
    return Challenge(ruleset, entry["name"], entry["title"], goal["text"], tuple(sections), entry["hint"], limit,
                     entry["side"], dict(start), parsed, tuple(dict(s) for s in solution), opponent, order)


_SHIPPED: dict[str, tuple[Any, dict[str, Challenge]]] = {}  # ruleset name -> (that ruleset, its challenges)


def ruleset_challenges(ruleset) -> dict[str, Challenge]:
    """The challenges a ruleset ships (its package's ``challenges.toml``), by name, in order; read once."""
    kept = _SHIPPED.get(ruleset.name)
    if kept is None or kept[0] is not ruleset:  # a ruleset registered again under the same name is read anew
        kept = _SHIPPED[ruleset.name] = (ruleset, _read_shipped(ruleset))
    return kept[1]


def _read_shipped(ruleset) -> dict[str, Challenge]:
    package = ruleset_package(ruleset)
    if not package:
        return {}
    try:
        text = importlib.resources.files(package).joinpath("challenges.toml").read_text(encoding="utf-8")
    except FileNotFoundError:
        return {}
    return load(text, ruleset)
