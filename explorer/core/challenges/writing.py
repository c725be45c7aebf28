"""Challenges written out as the documented TOML text (``book/classroom/write_a_challenge.md``), for a
challenge made on the board (*Make it a challenge*) to be saved as a file or carried by a link; and the goal
tests a ruleset offers, in words, for the lists a teacher picks from.

Python reads TOML (``tomllib``) but does not write it: :func:`toml_text` writes the few shapes a challenge
holds (text, numbers, true/false, lists, tables), laid out as the shipped ``challenges.toml`` files are, and
reading its text back gives exactly the tables it was given.
"""

from __future__ import annotations

import inspect
import json
import math
import re
from collections.abc import Mapping, Sequence
from typing import Any

from ..errors import ChallengeError
from .goals import NAMING, ruleset_tests

BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")
_ORDER = ("name", "title", "sections", "hint", "limit", "side", "opponent", "goal", "solution")
"""A challenge's keys in the order the guide and the shipped files write them; ``start`` comes last, as its own
``[challenge.start]`` table."""


def toml_value(value: Any) -> str:
    """``value`` as TOML: a string, a whole number, a number, true/false, an inline array or table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        if math.isnan(value):
            return "nan"
        return ("inf" if value > 0 else "-inf") if math.isinf(value) else repr(value)
    if isinstance(value, str):
        # JSON's escapes are TOML's, but for DEL, which TOML counts a control character and JSON leaves as it is
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, Mapping):
        if not value:
            return "{}"
        return "{ " + ", ".join(f"{toml_key(k)} = {toml_value(v)}" for k, v in value.items()) + " }"
    if isinstance(value, Sequence):
        return "[" + ", ".join(toml_value(item) for item in value) + "]"
    raise ChallengeError(f"a challenge holds text, numbers, true or false, lists and tables, not {type(value).__name__}")


def toml_key(key: Any) -> str:
    if not isinstance(key, str):
        raise ChallengeError(f"a table's keys are text, not {key!r}")
    return key if BARE_KEY.fullmatch(key) else toml_value(key)


def toml_text(challenges: Sequence[Mapping[str, Any]], comment: str = "") -> str:
    """The TOML text of a file holding ``challenges`` (each the table ``[[challenge]]`` reads as: name, title,
    goal... and its ``start``), in the order given: a lesson. ``comment``: lines said at the top."""
    lines = [f"# {line}".rstrip() for line in comment.splitlines()]
    for challenge in challenges:
        lines += ["", "[[challenge]]"] if lines else ["[[challenge]]"]
        keys = [k for k in _ORDER if k in challenge] + [k for k in challenge if k not in _ORDER and k != "start"]
        lines += [f"{toml_key(key)} = {toml_value(challenge[key])}" for key in keys]
        if "start" in challenge:
            lines.append("[challenge.start]")
            lines += [_start_line(key, value) for key, value in challenge["start"].items()]
    return "\n".join(lines) + "\n"


def _start_line(key: Any, value: Any) -> str:
    """A key of the start as TOML; its ``terrain`` one piece (tabletop) or one row (grid: the board's picture) a
    line, as the shipped files write a solution."""
    if key == "terrain" and isinstance(value, (list, tuple)) and value:
        return "\n".join(["terrain = [", *(f"  {toml_value(item)}," for item in value), "]"])
    return f"{toml_key(key)} = {toml_value(value)}"


# -- the goal tests a ruleset offers, in words ------------------------------------------------------------------

GOAL_KIND_WORDS = {
    "reach": "Get there: reach a position within a few actions",
    "best": "Best shot: choose the action with the best chance",
    "sure": "Sure thing: a choice that works whatever the dice",
}


def goal_test_choices(ruleset) -> list[dict[str, Any]]:
    """The tests a goal may name in ``ruleset``, for a list to pick from: each test's name, what it asks in words
    (its docstring's first sentence) and its arguments, each with what it picks (``piece``: a figure, unit or
    squad on the board; ``terrain``: a terrain piece; ``count``: a whole number; ``yes-no``; ``tests``: other
    tests by name; ``value``: anything else) and its default if it has one."""
    choices = []
    for name, test in ruleset_tests(ruleset).items():
        words = (inspect.getdoc(test) or name).split("\n\n")[0].replace("\n", " ")
        args = []
        for param in list(inspect.signature(test).parameters.values())[2:]:  # after (state, challenge)
            arg = {"name": param.name, "picks": _picks(param)}
            if param.default is not param.empty:
                arg["default"] = param.default
            args.append(arg)
        choices.append({"name": name, "words": words, "args": args})
    return choices


def _picks(param: inspect.Parameter) -> str:
    if param.kind is param.VAR_KEYWORD:
        return "tests"
    if param.name in NAMING:
        return "terrain" if param.name in ("terrain", "by") else "piece"
    annotation = str(param.annotation).split(" |")[0]
    return {"int": "count", "bool": "yes-no"}.get(annotation, "value")
