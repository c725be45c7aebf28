"""A frozen position checked against its dataclass's declared field types (and sizes), before any rule code
touches it: the one check of a position's shape, for new games, saves and the page alike (:func:`field_problem`).
"""

from __future__ import annotations

import copy
import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from .limits import MAX_ITEMS, MAX_NAME_CHARS, MAX_WHOLE, brief


def field_problem(value: Any, where: str = "the position") -> str | None:
    """What in the frozen dataclass ``value`` is not of its declared type (or too big), in words; else ``None``.

    Generic over every ruleset: the position's dataclass says what each field
    holds (``frozenset[str]``, ``Mapping[str, Figure]``, ``int | None``), and
    a dataclass inside (a figure, a card, a decision) is checked by its own
    declared fields in turn. Ranges that only the rules know stay in each
    ruleset's ``_position_problem``; this runs first, so that check never
    meets a ``None`` where a set belongs.

    Every new game asks this of its starting position, so each declared type is read once into a small check
    (:func:`_check`), and the words of a problem, with where it is, are made only when there is one.
    """
    problem = _value_check(type(value))(value)
    return None if problem is None else problem(where)


Problem = Callable[[str], str]
"""A problem found, as its words once told where it is (``"the position's figures"``): nothing is worded for the
values that pass, which is nearly all of them."""


def _no_problem(value) -> None:
    return None


@functools.lru_cache(maxsize=None)
def _value_check(cls: type) -> Callable[[Any], Problem | None]:
    """The check of a value of class ``cls``: its declared fields, then its own ``__post_init__`` check, if it is a
    dataclass; nothing to check otherwise."""
    if not dataclasses.is_dataclass(cls):  # (a class itself, as a value, is of class type: nothing to check)
        return _no_problem
    fields = tuple((name, _check(hint)) for name, hint in _hints(cls).items())
    own_check = getattr(cls, "__post_init__", None) is not None

    def check(value) -> Problem | None:
        if _PASSED.get(id(value)) is value:
            return None
        for name, field_check in fields:
            problem = field_check(getattr(value, name, None))
            if problem is not None:
                return lambda where: problem(f"{where}'s {name}")
        if own_check:
            words = _own_check_problem(value)
            if words is not None:
                return lambda where: words
        if all(type(getattr(value, name, None)) in _PLAIN for name, _ in fields):  # (by its fields: slots have no dict)
            if len(_PASSED) >= 4096:  # bound the memory
                _PASSED.clear()
            _PASSED[id(value)] = value  # the entry keeps the value alive, so its id stays its own
        return None
    return check


_PLAIN = (str, int, float, bool, type(None))
_PASSED: dict[int, Any] = {}
"""id -> a value that passed and holds only plain fields, so cannot stop passing: a game's 54 cards are checked at
every new game, and the deck's 52 are shared by every game."""


def _own_check_problem(value) -> str | None:
    """What the dataclass's own ``__post_init__`` check says (a piece made with ``evolve`` skipped it), run on a
    copy."""
    check = getattr(type(value), "__post_init__", None)
    if check is None:
        return None
    try:
        check(copy.copy(value))
    except ValueError as error:
        return str(error)
    return None


@functools.lru_cache(maxsize=None)
def _hints(cls: type) -> dict[str, Any]:
    """The declared type of each field of ``cls`` (a field whose annotation cannot be resolved is left out)."""
    try:
        hints = typing.get_type_hints(cls)
    except Exception:  # noqa: BLE001 - a name only imported for type checkers: resolve field by field
        hints = {}
        for klass in reversed(cls.__mro__):
            module = vars(__import__(klass.__module__, fromlist=["_"])) if klass.__module__ else {}
            for name, text in vars(klass).get("__annotations__", {}).items():
                try:
                    hints[name] = eval(text, module, dict(vars(klass))) if isinstance(text, str) else text  # noqa: S307
                except Exception:  # noqa: BLE001
                    hints.pop(name, None)
    names = {f.name for f in dataclasses.fields(cls)}
    return {name: hint for name, hint in hints.items() if name in names}


_WORDS = {int: "a whole number", float: "a number", str: "text", bool: "true or false", type(None): "nothing (null)"}


def type_words(hint: Any) -> str:
    """A declared type in words, for messages ("a set of text", "a whole number or nothing (null)")."""
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if hint in _WORDS:
        return _WORDS[hint]
    if origin in (typing.Union, types.UnionType):
        return " or ".join(dict.fromkeys(type_words(a) for a in args))
    if origin in (frozenset, set):
        return f"a set of {_plural(args[0])}" if args else "a set"
    if origin in (tuple, list):
        if len(args) == 2 and args[1] is Ellipsis:
            return f"a list of {_plural(args[0])}"
        return f"a list of {len(args)} ({', '.join(type_words(a) for a in args)})" if args else "a list"
    if origin is not None and isinstance(origin, type) and issubclass(origin, Mapping):
        return f"a mapping of {_plural(args[0])} to {_plural(args[1])}" if args else "a mapping"
    if origin is typing.Literal:
        return f"one of {', '.join(map(repr, args))}"
    return f"a {getattr(hint, '__name__', str(hint))}"


def _plural(hint: Any) -> str:
    words = type_words(hint)
    return words[2:] if words.startswith("a ") else words


def _not_a(hint: Any, value: Any) -> Problem:
    return lambda where: f"{where} must be {type_words(hint)}, not {brief(value)}"


@functools.lru_cache(maxsize=None)
def _check(hint: Any) -> Callable[[Any], Problem | None]:
    """The check of a value against the declared type ``hint``, made once per type: ``None`` if the value is of it,
    else the problem; a collection's or a dataclass's check follows the type into what it holds."""
    if hint is Any or hint is object:
        return _no_problem
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        return _union_check(hint, args)
    if hint is None or hint is type(None):
        return lambda value: (None if value is None
                              else lambda where: f"{where} must be nothing (null), not {brief(value)}")
    if origin is typing.Literal:
        return lambda value: None if value in args else _not_a(hint, value)
    if hint is bool:
        return lambda value: (None if isinstance(value, bool)
                              else lambda where: f"{where} must be true or false, not {brief(value)}")
    if hint is int or hint is float:
        return _number_check(hint)
    if hint is str:
        return _text_check
    if origin is not None and isinstance(origin, type):
        return _collection_check(origin, args, hint)
    if isinstance(hint, type):
        return lambda value: _value_check(type(value))(value) if isinstance(value, hint) else _not_a(hint, value)
    return _no_problem  # a kind of annotation this check does not read: the ruleset's own check covers it


def _union_check(hint, args: tuple) -> Callable[[Any], Problem | None]:
    checks = tuple(_check(arg) for arg in args)

    def check(value) -> Problem | None:
        problems = []
        for arg_check in checks:
            problem = arg_check(value)
            if problem is None:
                return None
            problems.append(problem)

        def words(where: str) -> str:  # the one type the value is at least the kind of, else all of them
            fits = [p for p, arg in zip(problems, args) if _shape_fits(value, arg)]
            return fits[0](where) if len(fits) == 1 else _not_a(hint, value)(where)
        return words
    return check


def _number_check(hint) -> Callable[[Any], Problem | None]:
    kinds = int if hint is int else (int, float)

    def check(value) -> Problem | None:
        if type(value) is int:  # the usual case first
            if -MAX_WHOLE <= value <= MAX_WHOLE:
                return None
        elif isinstance(value, bool) or not isinstance(value, kinds):
            return _not_a(hint, value)
        elif isinstance(value, float):
            return None if math.isfinite(value) else (lambda where: f"{where} must be a finite number, not {value!r}")
        if -MAX_WHOLE <= value <= MAX_WHOLE:  # an int subclass (an IntEnum)
            return None
        return lambda where: f"{where} must be a whole number of at most {MAX_WHOLE:,} either way, not {brief(value)}"
    return check


def _text_check(value) -> Problem | None:
    if not isinstance(value, str):
        return lambda where: f"{where} must be text, not {brief(value)}"
    if len(value) > MAX_NAME_CHARS:
        return lambda where: f"{where} is text of at most {MAX_NAME_CHARS} characters, not {brief(value)}"
    return None


def _collection_check(origin: type, args: tuple, hint) -> Callable[[Any], Problem | None]:
    def shape(value) -> Problem | None:
        if not isinstance(value, origin) or isinstance(value, str):
            return _not_a(hint, value)
        if len(value) > MAX_ITEMS:
            return lambda where: f"{where} holds at most {MAX_ITEMS:,} items, not {len(value):,}"
        return None

    if not args:
        return shape
    if issubclass(origin, Mapping):
        return _mapping_check(shape, _check(args[0]), _check(args[1]))
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        return _fixed_tuple_check(shape, tuple(_check(arg) for arg in args), hint)
    each = _check(args[0])
    numbered = origin in (tuple, list)

    def check(value) -> Problem | None:
        problem = shape(value)
        if problem is not None:
            return problem
        if args[0] is str and all(type(v) is str and len(v) <= MAX_NAME_CHARS for v in value):
            return None  # a set or tuple of names, the usual case: one pass without a call an item
        for index, item in enumerate(value):
            problem = each(item)
            if problem is not None:
                return _inside(problem, f"{{}}[{index}]" if numbered else "an item of {}")
        return None
    return check


def _mapping_check(shape, key_check, item_check) -> Callable[[Any], Problem | None]:
    def check(value) -> Problem | None:
        problem = shape(value)
        if problem is not None:
            return problem
        for key, item in value.items():
            problem = key_check(key)
            if problem is not None:
                return _inside(problem, "a key of {}")
            problem = item_check(item)
            if problem is not None:
                return lambda where: problem(f"{where}[{brief(key)}]")
        return None
    return check


def _fixed_tuple_check(shape, checks: tuple, hint) -> Callable[[Any], Problem | None]:
    def check(value) -> Problem | None:
        problem = shape(value)
        if problem is not None:
            return problem
        if len(value) != len(checks):
            return _not_a(hint, value)
        for index, (item, item_check) in enumerate(zip(value, checks)):
            problem = item_check(item)
            if problem is not None:
                return _inside(problem, f"{{}}[{index}]")
        return None
    return check


def _inside(problem: Problem, pattern: str) -> Problem:
    """``problem`` of a part, told where the part is: ``pattern`` with the whole's place for ``{}``."""
    return lambda where: problem(pattern.format(where))


def _shape_fits(value, hint) -> bool:
    """Whether ``value`` is at least the right kind of thing for ``hint`` (to name the closer of two types)."""
    origin = typing.get_origin(hint) or hint
    return isinstance(origin, type) and isinstance(value, origin) and not (origin is int and isinstance(value, bool))
