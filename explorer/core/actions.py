"""Actions and events as small frozen value types.

An action prints as code you could type back, e.g.
``Attack(attacker='red-3', target='blue-1')``, and turns into a JSON-ready
dict and back. Each ruleset declares its action classes with the
:func:`action` decorator so a saved game can name them.
"""

from __future__ import annotations

import dataclasses
import decimal
import math
import numbers
from typing import Any

from .errors import MalformedAction, SaveGameError
from .limits import MAX_NAME_CHARS, MAX_WHOLE, brief, brief_names, nesting_problem


class Action:
    """Base class of every action; subclasses are frozen dataclasses.

    Every action names the ``player`` who takes it (its first field), so an
    action sent out of turn is refused by the core, with the rule.
    """

    player: str

    def to_dict(self) -> dict[str, Any]:
        data = {"type": type(self).__name__}
        data.update({f.name: _to_jsonable(getattr(self, f.name)) for f in dataclasses.fields(self)})
        return data


def action(cls):
    """Make ``cls`` a frozen, hashable action dataclass whose values JSON can hold.

    Values are normalised where the action is made: lists become tuples (so
    actions hash), any real number that is not an int (a numpy float, a
    ``Fraction``, a ``Decimal``) becomes a float; anything JSON cannot hold
    (NaN, infinity, an object) is refused with :class:`MalformedAction`.
    """
    original = getattr(cls, "__post_init__", None)
    names: tuple[str, ...] = ()

    def __post_init__(self):
        for name in names:
            value = getattr(self, name)
            kind = type(value)
            if kind is str or kind is int:  # the common case: two type tests and a bound
                if _out_of_bounds(value):
                    raise MalformedAction(_bounds_words(cls.__name__, name, value))
            elif kind is float or kind is tuple:  # a point, a path: usually clean already (the engine made it)
                if not _is_clean(value):
                    object.__setattr__(self, name, _normalise(value, cls.__name__, name))
            elif kind is not bool and value is not None:
                object.__setattr__(self, name, _normalise(value, cls.__name__, name))
        if not isinstance(self.player, str):
            raise MalformedAction(f"{cls.__name__}: player must be a side's name, not {brief(self.player)}")
        if original is not None:
            original(self)

    cls.__post_init__ = __post_init__  # set before dataclass() so its __init__ calls it
    cls = dataclasses.dataclass(frozen=True)(cls)
    names = tuple(f.name for f in dataclasses.fields(cls))
    if not names or names[0] != "player":
        raise TypeError(f"{cls.__name__}: the first field of every action is 'player'")
    return cls


_PLAIN = frozenset({str, int, bool, type(None)})
MAX_LIST_NESTING = 4  # a point is a list; a path of points a list of lists: nothing in an action nests deeper


def built(kind: type, *values) -> Action:
    """``kind(*values)`` without cleaning the values again: only for values the engine made itself (names read
    from the position, its own float pairs), where listing the legal actions builds hundreds of them."""
    act = _new(kind)
    # One dict, not a frozen setattr per field; a dict of its own (not the ``__dict__`` sharing the class's keys
    # filled in, which CPython 3.11-3.12 cannot read attributes of the fast way: see core.frozen.evolve).
    _set(act, "__dict__", dict(zip(kind.__dataclass_fields__, values)))
    return act


_set = object.__setattr__
_new = object.__new__


def _out_of_bounds(value) -> bool:
    """Text longer than any name, or a whole number larger than any count or coordinate (they would be quoted)."""
    if type(value) is str:
        return len(value) > MAX_NAME_CHARS
    return not -MAX_WHOLE <= value <= MAX_WHOLE


def _bounds_words(kind: str, name: str, value) -> str:
    if isinstance(value, str):
        return f"{kind}.{name} is text of at most {MAX_NAME_CHARS} characters, not {brief(value)}"
    return f"{kind}.{name} must be a whole number of at most {MAX_WHOLE:,} either way, not {brief(value)}"


def _is_clean(value, depth: int = 0) -> bool:
    """Whether :func:`_normalise` would give ``value`` back unchanged (equal, of the same types), so it may be
    kept as it is: a finite float, text or a whole number within bounds, true/false, None, or a tuple of those
    within the list limits. Anything else (or anything that would be refused) says False: normalise it."""
    kind = type(value)
    if kind is float:
        return math.isfinite(value)
    if kind is tuple:
        if depth >= MAX_LIST_NESTING or len(value) > MAX_LIST_ITEMS:
            return False
        for item in value:
            if type(item) is float:  # a coordinate: the common item, tested here without a call
                if not math.isfinite(item):
                    return False
            elif not _is_clean(item, depth + 1):
                return False
        return True
    if kind is str or kind is int:
        return not _out_of_bounds(value)
    return kind is bool or value is None


def _normalise(value, kind: str, name: str, depth: int = 0):
    if type(value) in _PLAIN:
        if type(value) in (str, int) and _out_of_bounds(value):
            raise MalformedAction(_bounds_words(kind, name, value))
        return value
    if isinstance(value, str):  # a subclass of str (an enum's member) stays as it is
        if len(value) > MAX_NAME_CHARS:
            raise MalformedAction(_bounds_words(kind, name, value))
        return value
    if isinstance(value, int):
        return _normalise(int(value), kind, name, depth)
    if isinstance(value, (list, tuple)):
        if depth >= MAX_LIST_NESTING:
            raise MalformedAction(f"{kind}.{name}: lists are nested too deep (at most {MAX_LIST_NESTING} levels)")
        if len(value) > MAX_LIST_ITEMS:
            raise MalformedAction(f"{kind}.{name} is a list of at most {MAX_LIST_ITEMS} items, not {len(value):,}")
        return tuple(_normalise(v, kind, name, depth + 1) for v in value)
    if isinstance(value, numbers.Real) or isinstance(value, decimal.Decimal):
        try:
            number = float(value)
        except (OverflowError, ValueError):
            number = math.inf
        if math.isfinite(number):
            return number
    elif hasattr(value, "__index__"):  # numpy integers
        try:
            return _normalise(int(value.__index__()), kind, name, depth)
        except TypeError:
            pass
    raise MalformedAction(f"{kind}.{name} must be text, a whole or finite number, true/false, or a short list "
                          f"of those, not {brief(value)}")


MAX_LIST_ITEMS = 256  # the longest list an action holds (a squad's followers, a path of points)


def action_from_dict(data: Any, kinds: dict[str, type[Action]]) -> Action:
    """Rebuild an action, with a clear message for anything malformed."""
    if not isinstance(data, dict) or "type" not in data:
        raise SaveGameError(f"an action must be an object with a 'type', got {brief(data)}")
    deep = nesting_problem(data)
    if deep:
        raise SaveGameError(f"an action is malformed: {deep}")
    kind = kinds.get(data["type"]) if isinstance(data["type"], str) else None
    if kind is None:
        known = ", ".join(sorted(kinds))
        raise SaveGameError(f"unknown action type {brief(data['type'])}; this ruleset knows {known}")
    fields = {f.name: f for f in dataclasses.fields(kind)}
    given = {k: v for k, v in data.items() if k != "type"}
    unknown = set(given) - set(fields)
    if unknown:
        raise SaveGameError(f"{data['type']} has no field(s) {brief_names(sorted(map(str, unknown)))}")
    try:
        return kind(**given)
    except (TypeError, ValueError) as exc:
        raise SaveGameError(f"malformed {data['type']}: {exc}") from None


PUBLIC = "public"
"""The visibility of an event every player may see (the default)."""


@dataclasses.dataclass(frozen=True, slots=True, eq=False, repr=False)  # slots: no dict an event (a game keeps them)
class Event:
    """Something that happened: a move, a roll, a casualty. ``rules`` cites why.

    Two events are equal when their kind, text and rules are (the data is not compared), whether made at once or
    worded when first read (:meth:`worded`)."""

    kind: str
    text: str
    rules: tuple[str, ...] = ()
    data: dict = dataclasses.field(default_factory=dict, compare=False, hash=False)

    @classmethod
    def made(cls, kind: str, text: str, rules: tuple[str, ...], data: dict) -> Event:
        """``Event(kind, text, rules, data)`` built without the frozen ``__init__`` (its call and default handling):
        for the engine's own values; a game makes one or two at every action."""
        made = _EventFilled(kind, text, rules, data)
        made.__class__ = cls  # (the same slots: see _EventFilled)
        return made

    @staticmethod
    def worded(kind: str, rules: tuple[str, ...], words, *args) -> Event:
        """The event ``Event(kind, *words(*args), rules)`` whose text and data (``words(*args)`` gives both) are
        worded when first read, then kept: a playout reads no event, and wording one (numbers in words, the data's
        lists) costs more than the rest of a move. ``args`` must be values nobody changes (the engine's own)."""
        event = _new(_Worded)
        _set_kind(event, kind)
        _set_rules(event, rules)
        _WORDS_SET(event, (words, *args))  # (one tuple kept, not two)
        return event

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Event):
            return NotImplemented
        return self.kind == other.kind and self.text == other.text and self.rules == other.rules

    def __hash__(self) -> int:
        return hash((self.kind, self.text, self.rules))

    def __repr__(self) -> str:
        return f"Event(kind={self.kind!r}, text={self.text!r}, rules={self.rules!r}, data={self.data!r})"

    def to_dict(self) -> dict[str, Any]:
        return {"kind": self.kind, "text": self.text, "rules": list(self.rules), "data": _to_jsonable(self.data)}

    @classmethod
    def from_dict(cls, data: dict) -> Event:
        return cls(data["kind"], data["text"], tuple(data.get("rules", ())), data.get("data", {}))

    @property
    def visibility(self) -> str:
        """``PUBLIC``, or the one player who may see it (a card drawn or chosen face down)."""
        return self.data.get("visibility", PUBLIC)

    def visible_to(self, player: str | None) -> bool:
        """Whether ``player`` may see this event; ``None`` is a spectator (public events only)."""
        return self.visibility in (PUBLIC, player)

    def __str__(self) -> str:
        return self.text


# (slots: see worded; one global each, not a tuple subscripted at every event)
_set_kind, _set_text, _set_rules, _set_data = (getattr(Event, slot).__set__ for slot in Event.__slots__)
_TEXT, _DATA = Event.text.__get__, Event.data.__get__  # (the slots themselves, under _Worded's properties)


class _EventFilled:
    """An :class:`Event`'s slots without its frozen guard, filled by :meth:`Event.made`, which then gives the object
    the frozen class (as :class:`~explorer.core.records.Turn` is made: see ``records._TurnFilled``)."""

    __slots__ = ("kind", "text", "rules", "data")

    def __init__(self, kind, text, rules, data):
        self.kind = kind
        self.text = text
        self.rules = rules
        self.data = data


class _Worded(Event):
    """An :class:`Event` made by :meth:`Event.worded`: its text and data are worded when first read (the same
    values, read the same way; it copies and pickles as a plain event)."""

    __slots__ = ("_words",)

    def _word(self) -> None:
        words, *args = self._words
        text, data = words(*args)
        _set_text(self, text)
        _set_data(self, data)

    @property
    def text(self) -> str:
        try:
            return _TEXT(self)
        except AttributeError:  # not worded yet
            self._word()
            return _TEXT(self)

    @property
    def data(self) -> dict:
        try:
            return _DATA(self)
        except AttributeError:
            self._word()
            return _DATA(self)

    def __reduce__(self):
        return Event, (self.kind, self.text, self.rules, self.data)


_WORDS_SET = _Worded._words.__set__


def _to_jsonable(value):
    if isinstance(value, dict):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_jsonable(v) for v in value]
    return value



@dataclasses.dataclass(frozen=True)
class Decision:
    """A choice another player must make before play goes on (a joker window, overwatch fire).

    A position's ``pending`` decision interrupts the active player: the core
    then asks ``player`` to act, and refuses anyone else with ``rule``.
    Rulesets subclass it with the fields their decision needs.
    """

    player: str
    rule: str  # the section key (within the ruleset) that gives this player the choice

    @property
    def prompt(self) -> str:
        """What the player must decide, for messages ("X must first ...")."""
        return "decide"
