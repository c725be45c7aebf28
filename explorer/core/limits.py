"""Bounds on input, and quoting input briefly: one place for what every entry point refuses.

Saves, actions and positions come from files, the page and Python alike; each
may be hostile. What they share is written here once for all of them:

- :func:`brief`: how a message quotes a value (never a 10 MB string or a
  300-digit number in full, never a value whose ``repr`` recurses forever);
- :func:`nesting_problem`: a value nested deeper than any save or action
  needs (checked without recursion, so 100,000 levels cost nothing);
- :func:`parse_json`: JSON text to a value, with depth and huge numbers
  refused in words before the parser could raise ``RecursionError`` (or
  overflow the page's stack);
- :func:`entered_dice`: the faces a player entered by hand for an action.

A position's fields are held to these bounds by their declared types in :mod:`explorer.core.declared`.
"""

from __future__ import annotations

import itertools
import json
import math
import re
import reprlib
from collections.abc import Mapping
from typing import Any

from .errors import MalformedAction

MAX_NESTING = 40
"""Lists and objects inside each other: a save nests 6 deep at most today, an action 3."""

MAX_NAME_CHARS = 200
"""The longest text a name in an action or a position may be (ids, sides, phases, card codes)."""

MAX_WHOLE = 10**15
"""The largest whole number (either sign) an action or a position holds: far above any count or coordinate."""

MAX_ITEMS = 10_000
"""The most items any one collection inside a position holds."""

MAX_TERRAIN = 200
"""The most terrain pieces a tabletop holds (a save's table, a challenge's start)."""

MAX_CORNERS = 1000
"""The most corners one terrain piece has."""


def corner(point) -> bool:
    """Whether ``point`` is a terrain piece's corner as a save holds it: ``[x, y]``, two finite numbers."""
    return isinstance(point, list) and len(point) == 2 and all(
        isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in point)


def corner_list(points) -> bool:
    """Whether ``points`` are a terrain piece's corners as a save holds them: 3 to :data:`MAX_CORNERS` corners
    (:func:`corner`; a save's table and a challenge's start check them alike)."""
    return isinstance(points, list) and 3 <= len(points) <= MAX_CORNERS and all(map(corner, points))

_QUOTE_CHARS = 60  # text and numbers quoted in a message
_INSTANCE_CHARS = 200  # an object's repr (an action, a figure)


class _Brief(reprlib.Repr):
    """``reprlib`` with a cap on every kind of value, ints included (whose full repr may be 4,300 digits)."""

    def __init__(self):
        super().__init__()
        self.maxlevel, self.maxlist, self.maxtuple, self.maxdict, self.maxset, self.maxfrozenset = 3, 4, 4, 4, 4, 4
        self.maxstring = self.maxother = _QUOTE_CHARS

    def repr_int(self, value, level):
        return _whole_words(value)

    def repr_str(self, value, level):
        return _text_words(value)

    def repr_instance(self, value, level):
        try:
            text = repr(value)
        except Exception:  # noqa: BLE001 - a value's own repr may fail (too deep, too long): name its type
            return f"<{type(value).__name__}>"
        if len(text) <= _INSTANCE_CHARS:  # an action's repr is code to type back: quoted whole while it is short
            return text
        return f"{text[:_INSTANCE_CHARS]}... ({len(text):,} characters)"


_REPR = _Brief()


def brief(value: Any) -> str:
    """``value`` quoted for a message: short values as ``repr`` shows them, long ones cut, saying how long."""
    if isinstance(value, bool) or value is None:
        return repr(value)
    try:
        return _REPR.repr(value)
    except Exception:  # noqa: BLE001 - a message must never fail on what it quotes
        return f"<{type(value).__name__}>"


def _text_words(text: str) -> str:
    if len(text) <= _QUOTE_CHARS:
        return repr(text)
    return f"{text[:_QUOTE_CHARS]!r}... ({len(text):,} characters)"


def _whole_words(value: int) -> str:
    if -10**_QUOTE_CHARS < value < 10**_QUOTE_CHARS:
        return repr(int(value))
    digits = math.floor(abs(value).bit_length() * math.log10(2)) + 1  # the decimal digits, to within one
    return f"a {'negative ' if value < 0 else ''}whole number of about {digits:,} digits"


def brief_names(names, most: int = 5) -> str:
    """Names for a message ("'a', 'b' and 995 more"): each quoted briefly, a long list cut."""
    names = list(names)
    shown = ", ".join(brief(str(name)) for name in names[:most])
    return shown + (f" and {len(names) - most:,} more" if len(names) > most else "")


_SCALARS = (str, int, float, type(None))  # JSON's leaves: never stacked (a save of 490,000 names walks fast)


def nesting_problem(value: Any, limit: int = MAX_NESTING) -> str | None:
    """Whether lists and objects in ``value`` nest more than ``limit`` deep, in words; walked without recursion."""
    stack = [(value, 1)]
    seen = 0
    while stack:
        item, depth = stack.pop()
        if isinstance(item, Mapping):
            children = item.values()
        elif isinstance(item, (list, tuple, set, frozenset)):
            children = item
        else:
            continue
        if depth > limit:
            return f"lists or objects are nested too deep (more than {limit} levels)"
        seen += 1
        if seen > 10_000_000:  # a shared sub-list many times over: bounded work all the same
            return "too many lists or objects"
        stack.extend((child, depth + 1) for child in children if not isinstance(child, _SCALARS))
    return None


def parse_json(text: str | bytes, error: type[Exception], what: str) -> Any:
    """JSON text to a value, or ``error`` saying (about ``what``) why not: the one parse for every entry point."""
    if isinstance(text, bytes):
        try:
            text = text.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise error(f"{what} must be JSON (UTF-8 text): {exc.reason} at byte {exc.start:,}") from None
    if _too_deep(text):
        raise error(f"{what} must be JSON with lists and objects nested at most {MAX_NESTING} levels: "
                    "these are nested too deep")
    try:
        return json.loads(text)
    except RecursionError:
        raise error(f"{what} must be JSON: its lists or objects are nested too deep") from None
    except json.JSONDecodeError as exc:
        raise error(f"{what} must be JSON: {exc.msg} at line {exc.lineno} column {exc.colno}") from None
    except ValueError:  # a number of more than 4,300 digits, which Python will not read
        raise error(f"{what} holds a number too long to read (thousands of digits)") from None


def _too_deep(text: str, limit: int = MAX_NESTING) -> bool:
    """Whether brackets nest more than ``limit`` deep in JSON text (outside strings): asked before a parser
    recurses into them."""
    opened = text.count("[") + text.count("{")
    if opened <= limit:  # cannot nest deeper than it has brackets: the usual case costs two counts
        return False
    # Outside strings only: drop escaped characters, then the quoted parts (every other piece between quotes).
    outside = "".join(re.sub(r"\\.", "", text, flags=re.DOTALL).split('"')[::2])
    brackets = itertools.compress(outside, map("[{]}".__contains__, outside))
    return max(itertools.accumulate(1 if b in "[{" else -1 for b in brackets), default=0) > limit


def whole_number(value: Any, what: str, low: int, high: int) -> int:
    """``value`` as a whole number from ``low`` to ``high`` (a control's value: ``"12"`` and ``12.0`` will do),
    or ``ValueError`` saying what ``what`` must be and what it was."""
    number = None
    if isinstance(value, int) and not isinstance(value, bool):
        number = value
    elif isinstance(value, float) and value.is_integer():
        number = int(value)
    elif isinstance(value, str) and len(value.strip()) <= 20:
        try:
            number = int(value.strip())
        except ValueError:
            number = None
    if number is None or not low <= number <= high:
        raise ValueError(f"{what} must be a whole number from {low:,} to {high:,}, not {brief(value)}")
    return number


MAX_ENTERED_DICE = 1000  # far more than any action rolls


def entered_dice(dice) -> tuple[int, ...]:
    """The faces a player entered for an action, as a tuple of whole numbers (at most
    :data:`MAX_ENTERED_DICE`), or ``MalformedAction`` in words; each face's range is the roll's to check."""
    if isinstance(dice, (str, bytes)):
        raise MalformedAction(f"dice are a list of faces, not {brief(dice)}")
    try:
        faces = tuple(itertools.islice(dice, MAX_ENTERED_DICE + 1))
    except TypeError:
        raise MalformedAction(f"dice are a list of faces, not {brief(dice)}") from None
    if any(isinstance(f, bool) or not isinstance(f, int) for f in faces):
        raise MalformedAction(f"dice faces must be whole numbers, got {brief(faces)}")
    if len(faces) > MAX_ENTERED_DICE:
        raise MalformedAction(f"at most {MAX_ENTERED_DICE:,} dice may be entered for one action")
    return faces
