"""The challenges' TOML text format (``book/classroom/write_a_challenge.md``): reading a file into challenges,
each key checked and refused in words; a ruleset's own ``challenges.toml``."""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import importlib.resources
import json
import re
import tomllib
from collections.abc import Mapping
from typing import Any

from ..errors import ChallengeError
from ..limits import MAX_CORNERS, MAX_TERRAIN, brief, corner
from .challenge import Challenge
from .goals import GOAL_KINDS, MEASURES, Goal, args_problem, ruleset_package, ruleset_tests
from .writing import toml_text

MAX_LIMIT = 50
MAX_FILE_BYTES = 1_000_000   # a lesson of 100 challenges is about 100 KB
MAX_CHALLENGES = 100         # challenges in one file (a lesson)
MAX_TEXT = {"title": 80, "hint": 600, "goal": 200}  # characters: a card's title, its hint, its goal in one line
NAME = re.compile(r"[a-z0-9]+(-[a-z0-9]+)*")
MAX_NAME = 40                # a name goes into a link (``#challenge=gang-up``): lower-case letters, digits, dashes
_KEYS = {"name", "title", "goal", "sections", "hint", "limit", "side", "start", "solution", "opponent"}
MAX_TERRAIN_ITEMS = MAX_TERRAIN  # the start's terrain: a tabletop's pieces (as a save holds) or a grid's rows
MAX_TERRAIN_TEXT = 80        # characters: a terrain piece's name or kind, a grid's row (Phlog's widest is 64 squares)
_START_KEYS = {"scenario", "seed", "settings", "figures", "remove", "position", "prelude", "terrain"}
_PIECE_KEYS = ("name", "kind", "elevation", "points")  # a tabletop's terrain piece, as a save holds it
_GOAL_KEYS = {"kind", "test", "args", "action", "measure"}


def decoded(data: bytes) -> str:
    """A challenges file's bytes as text, or ``ChallengeError`` saying why it cannot be read: too big, not
    text, or text in another encoding than UTF-8."""
    if len(data) > MAX_FILE_BYTES:
        raise ChallengeError(f"the file is {len(data):,} bytes; a challenges file is at most {MAX_FILE_BYTES:,}")
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        raise ChallengeError("the file is UTF-16 text: save it as UTF-8 (plain text) and check it again")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise ChallengeError(f"the file is not text (UTF-8): {exc.reason} at byte {exc.start:,}") from None
    if "\x00" in text:
        raise ChallengeError("the file is not text: it holds NUL bytes (a binary file?)")
    return text


def load(text: str, ruleset) -> dict[str, Challenge]:
    """The challenges of a TOML text, by name, in order; ``ChallengeError`` saying what is malformed."""
    if len(text) > MAX_FILE_BYTES:
        raise ChallengeError(f"the text is {len(text):,} characters; a challenges file is at most {MAX_FILE_BYTES:,}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ChallengeError(f"not readable as TOML: {exc}") from None
    except RecursionError:  # tomllib reads nested arrays by recursion: 100,000 deep overflows Python's stack
        raise ChallengeError("not readable as TOML: lists or tables are nested too deep") from None
    except ValueError:  # a whole number of more than 4,300 digits, which Python will not read
        raise ChallengeError("not readable as TOML: it holds a number too long to read (thousands of digits)") from None
    if set(data) - {"challenge"} or not isinstance(data.get("challenge"), list):
        raise ChallengeError("a challenges file holds [[challenge]] tables, and nothing else")
    if len(data["challenge"]) > MAX_CHALLENGES:
        raise ChallengeError(f"the file holds {len(data['challenge']):,} challenges; a file holds at most "
                             f"{MAX_CHALLENGES}")
    found: dict[str, Challenge] = {}
    for order, entry in enumerate(data["challenge"]):
        if not isinstance(entry, Mapping):
            raise ChallengeError(f"challenge {order + 1} is {brief(entry)}: each challenge is a [[challenge]] table")
        name = entry.get("name")
        shown = name if isinstance(name, str) and len(name) <= MAX_NAME and NAME.fullmatch(name) else brief(name)
        where = f"challenge {order + 1}" + (f" ({shown})" if isinstance(name, str) else "")
        try:
            challenge = _one(entry, ruleset, order)
        except ChallengeError as exc:
            raise ChallengeError(f"{where}: {exc}") from None
        if challenge.name in found:
            raise ChallengeError(f"{where}: the name {challenge.name!r} is used twice")
        found[challenge.name] = challenge
    return {name: dataclasses.replace(challenge, text=text) for name, challenge in found.items()}


# A challenge's own text and its key are worked out when asked (a link made, a lesson opened), not as every file
# is read: that would double the reading of the shipped files (80 ms more for the five, here).
@functools.lru_cache(maxsize=4)
def _entries(text: str) -> list:
    return tomllib.loads(text)["challenge"]


def own_text(challenge: Challenge) -> str:
    """The TOML text of ``challenge`` alone (:func:`_own_texts`), from the text it was read from."""
    cached = challenge.__dict__.get("_own_text")
    if cached is None:
        entries = _entries(challenge.text)
        cached = challenge.__dict__["_own_text"] = _own_texts(challenge.text, entries)[challenge.order]
    return cached


def content_key(challenge: Challenge) -> str:
    """``name:digest``: a challenge told apart by its whole content (the same challenge from a file or a link,
    its comments aside, has the same key; another challenge of the same name, another key)."""
    cached = challenge.__dict__.get("_key")
    if cached is None:
        content = json.dumps(_entries(challenge.text)[challenge.order], sort_keys=True, default=str,
                             separators=(",", ":"))
        cached = challenge.__dict__["_key"] = f"{challenge.name}:{hashlib.sha256(content.encode()).hexdigest()[:16]}"
    return cached


_HEADER = re.compile(r"^\[\[[ \t]*challenge[ \t]*\]\][ \t]*(#.*)?$", re.M)


def _own_texts(text: str, entries: list) -> list[str]:
    """Each challenge's own TOML text, for a link that carries one: the text cut at its ``[[challenge]]`` lines,
    each piece read back to the very table it was read as (a header-like line inside a multi-line string, or
    challenges written as an inline array, fail that: then each one's text is its table written anew, comments
    left out)."""
    starts = [match.start() for match in _HEADER.finditer(text)]
    if len(starts) == len(entries):
        pieces = [text[a:b].strip() + "\n" for a, b in zip(starts, [*starts[1:], len(text)])]
        try:
            if all(tomllib.loads(piece) == {"challenge": [entry]} for piece, entry in zip(pieces, entries)):
                return pieces
        except tomllib.TOMLDecodeError:
            pass
    return [toml_text([entry]) for entry in entries]


def _one(entry: Mapping, ruleset, order: int) -> Challenge:
    unknown = set(entry) - _KEYS
    if unknown:
        raise ChallengeError(f"unknown keys {', '.join(sorted(unknown))}; a challenge has {', '.join(sorted(_KEYS))}")
    missing = {"name", "title", "goal", "sections", "hint", "limit", "side", "start"} - set(entry)
    if missing:
        raise ChallengeError(f"missing {', '.join(sorted(missing))}")
    for key in ("name", "title", "hint", "side"):
        if not isinstance(entry[key], str) or not entry[key].strip():
            raise ChallengeError(f"{key} is text, not {brief(entry[key])}")
        if len(entry[key]) > MAX_TEXT.get(key, MAX_NAME):
            raise ChallengeError(f"the {key} is {len(entry[key]):,} characters long; at most "
                                 f"{MAX_TEXT.get(key, MAX_NAME)}")
    if not NAME.fullmatch(entry["name"]):
        raise ChallengeError(f"the name {brief(entry['name'])} goes into a link: lower-case letters, digits and "
                             "dashes only (\"hold-the-zone\")")
    goal = entry["goal"]
    if not isinstance(goal, Mapping) or not isinstance(goal.get("text"), str):
        raise ChallengeError("goal is a table with text (the goal in one line) and kind")
    if len(goal["text"]) > MAX_TEXT["goal"]:
        raise ChallengeError(f"the goal's text is {len(goal['text']):,} characters long; at most {MAX_TEXT['goal']}")
    kind = goal.get("kind")
    if not isinstance(kind, str) or kind not in GOAL_KINDS:
        raise ChallengeError(f"the goal's kind is one of {', '.join(GOAL_KINDS)}, not {brief(kind)}")
    extra = set(goal) - _GOAL_KEYS - {"text"}
    if extra:
        raise ChallengeError(f"the goal has unknown keys {', '.join(sorted(extra))}")
    for key in ("test", "action", "measure"):
        if not isinstance(goal.get(key, ""), str):
            raise ChallengeError(f"the goal's {key} is a name (text), not {brief(goal[key])}")
    if not isinstance(goal.get("args", {}), Mapping):
        raise ChallengeError(f"the goal's args are a table of the test's arguments, not {brief(goal['args'])}")
    parsed = Goal(kind, goal.get("test", ""), dict(goal.get("args", {})), goal.get("action", ""),
                  goal.get("measure", "at_least_one"))
    tests = ruleset_tests(ruleset)
    if kind in ("reach", "sure"):
        if parsed.test not in tests:
            raise ChallengeError(f"unknown test {brief(parsed.test)}; {ruleset.title} has {', '.join(tests)}")
        problem = args_problem(tests, parsed.test, parsed.args)
        if problem:
            raise ChallengeError(problem)
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
        if not isinstance(key, str) or key not in ruleset.sections:
            raise ChallengeError(f"{ruleset.title} has no rule section {brief(key)}")
    limit = entry["limit"]
    if isinstance(limit, bool) or not isinstance(limit, int) or not 1 <= limit <= MAX_LIMIT:
        raise ChallengeError(f"limit is the learner's actions allowed, a whole number from 1 to {MAX_LIMIT}")
    start = entry["start"]
    if not isinstance(start, Mapping) or set(start) - _START_KEYS:
        raise ChallengeError(f"start is a table of {', '.join(sorted(_START_KEYS))}")
    problem = _start_problem(start)
    if problem:
        raise ChallengeError(problem)
    opponent = entry.get("opponent", "none")
    if not isinstance(opponent, str) or opponent != "none" and opponent not in ruleset.bots:
        raise ChallengeError(f"the opponent is none or a bot ({', '.join(ruleset.bots)}), not {brief(opponent)}")
    solution = entry.get("solution", [])
    if not _steps(solution):
        raise ChallengeError("solution is a list of steps, each with an action table (and dice where it rolls)")
    return Challenge(ruleset, entry["name"], entry["title"], goal["text"], tuple(sections), entry["hint"], limit,
                     entry["side"], dict(start), parsed, tuple(dict(s) for s in solution), opponent, order)


_START_SHAPES = {"scenario": (str, "text"), "seed": (int, "a whole number"), "settings": (Mapping, "a table"),
                 "figures": (Mapping, "a table of pieces by id"), "remove": (list, "a list of ids"),
                 "position": (Mapping, "a table"), "prelude": (list, "a list of steps"),
                 "terrain": (list, "a list: a tabletop's terrain pieces or a grid's rows")}


def _start_problem(start: Mapping) -> str | None:
    """What is wrong with the shape of a challenge's start table, in words (``None``: nothing)."""
    for key, value in start.items():
        kind, words = _START_SHAPES[key]
        if not isinstance(value, kind) or isinstance(value, bool):
            return f"the start's {key} is {words}, not {brief(value)}"
    if not all(isinstance(v, Mapping) for v in start.get("figures", {}).values()):
        return "the start's figures are a table of pieces by id, each a table of fields (g1 = { x = 3.0 })"
    if not all(isinstance(name, str) for name in start.get("remove", [])):
        return f"the start's remove is a list of ids (text), not {brief(start['remove'])}"
    if not _steps(start.get("prelude", [])):
        return "the start's prelude is a list of steps, each with an action table (and dice where it rolls)"
    return _terrain_problem(start.get("terrain", []))


def _terrain_problem(terrain: list) -> str | None:
    """What is wrong with the shape of the start's terrain, in words (``None``: nothing): a tabletop's pieces,
    each a table of name, kind, elevation and points (its corners, each [x, y] in inches), or a grid's rows, each
    a text of one symbol a square; its sizes bounded. Whether the table takes it (its kinds, its rows' length and
    symbols, every piece on the table) is for the start to say, as a save's checks do (``starting.build_start``)."""
    if len(terrain) > MAX_TERRAIN_ITEMS:
        return f"the start's terrain holds {len(terrain):,} pieces or rows; at most {MAX_TERRAIN_ITEMS}"
    if all(isinstance(row, str) for row in terrain):
        long = next((row for row in terrain if len(row) > MAX_TERRAIN_TEXT), None)
        return long and f"a row of the start's terrain is {len(long):,} squares long; at most {MAX_TERRAIN_TEXT}"
    return next(filter(None, (_piece_problem(piece, f"the start's terrain piece {number}")
                              for number, piece in enumerate(terrain, 1))), None)


def _piece_problem(piece, where: str) -> str | None:
    if not isinstance(piece, Mapping):
        return (f"the start's terrain is a list of a tabletop's pieces (tables of {', '.join(_PIECE_KEYS)}) or of a "
                f"grid's rows (text), not {brief(piece)}")
    unknown, missing = set(piece) - set(_PIECE_KEYS), {"name", "kind", "points"} - set(piece)
    if unknown or missing:
        wrong = f"no {', '.join(sorted(missing))}" if missing else f"no key {', '.join(map(brief, sorted(unknown)))}"
        return f"{where} is a table of {', '.join(_PIECE_KEYS[:-1])} and {_PIECE_KEYS[-1]}: a piece has {wrong}"
    for key in ("name", "kind"):
        if not isinstance(piece[key], str) or not piece[key].strip():
            return f"{where}'s {key} is text, not {brief(piece[key])}"
        if len(piece[key]) > MAX_TERRAIN_TEXT:
            return f"{where}'s {key} is {len(piece[key]):,} characters long; at most {MAX_TERRAIN_TEXT}"
    if not isinstance(piece.get("elevation", 0), int) or isinstance(piece.get("elevation"), bool):
        return f"{where}'s elevation is a whole number (its level: 0 but for a hill), not {brief(piece['elevation'])}"
    points = piece["points"]
    if not isinstance(points, list) or not 3 <= len(points) <= MAX_CORNERS:
        return f"{where}'s points are a list of its corners, 3 to {MAX_CORNERS:,}, each [x, y], not {brief(points)}"
    bad = next((p for p in points if not corner(p)), None)
    return None if bad is None else f"{where}'s corner {brief(bad)} is not [x, y], two numbers of inches"


def _steps(steps) -> bool:
    """Whether ``steps`` are recorded steps: a list of tables, each with an action table."""
    return isinstance(steps, list) and all(isinstance(s, Mapping) and isinstance(s.get("action"), Mapping)
                                           for s in steps)


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
