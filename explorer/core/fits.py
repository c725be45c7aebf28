"""A quick yes to "is every field of this position of its declared type?", before the worded check.

:func:`~explorer.core.limits.field_problem` reads a position's declared field types and words what is wrong; a
new game asks it of every starting position, and its walk through the typing objects (``get_origin``,
``get_args``, a copy for each nested value's own check) was most of the cost of a new game. :func:`fits` asks the
same questions through small checkers made once per declared type, and says only yes or no. It never says yes
where ``field_problem`` finds a problem (it is stricter: an ``int`` subclass, say, is left to the worded check),
so ``fits(p) or field_problem(p) is None`` is ``field_problem(p) is None``; when it says no, the worded check runs
and tells what is wrong.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Callable, Mapping
from typing import Any

from .limits import MAX_ITEMS, MAX_NAME_CHARS, MAX_WHOLE, _hints, _own_check_problem

_PLAIN = (str, int, float, bool, type(None))


def fits(value: Any) -> bool:
    """Whether the frozen dataclass ``value`` surely passes ``field_problem`` (``False``: ask it for the words)."""
    if not dataclasses.is_dataclass(value) or isinstance(value, type):
        return True  # field_problem finds nothing to check either
    return _dataclass_fits(value)


_PASSED: dict[int, Any] = {}  # id -> a value that fits and holds only plain fields (so it cannot stop fitting)


def _dataclass_fits(value) -> bool:
    """The fields' checks, then the value's own ``__post_init__`` check, as ``field_problem`` runs it (on a copy).
    A value holding only plain fields (a card) is kept once it fits: a game's 54 cards are checked at every new
    game, and the deck's 52 are shared by every game."""
    if _PASSED.get(id(value)) is value:
        return True
    for name, check in _field_checks(type(value)):
        if not check(getattr(value, name, None)):
            return False
    if getattr(type(value), "__post_init__", None) is not None and _own_check_problem(value) is not None:
        return False
    if all(type(item) in _PLAIN for item in value.__dict__.values()):
        if len(_PASSED) >= 4096:  # bound the memory
            _PASSED.clear()
        _PASSED[id(value)] = value  # the entry keeps the value alive, so its id stays its own
    return True


@functools.lru_cache(maxsize=None)
def _field_checks(cls: type) -> tuple[tuple[str, Callable[[Any], bool]], ...]:
    return tuple((name, _checker(hint)) for name, hint in _hints(cls).items())


def _yes(value) -> bool:
    return True


@functools.lru_cache(maxsize=None)
def _checker(hint: Any) -> Callable[[Any], bool]:
    """A yes/no test of a value against the declared type ``hint``: each branch asks what ``_type_problem`` asks
    of that kind of type (or more)."""
    if hint is Any or hint is object:
        return _yes
    origin, args = typing.get_origin(hint), typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        checks = tuple(_checker(arg) for arg in args)
        return lambda value: any(check(value) for check in checks)
    if hint is None or hint is type(None):
        return lambda value: value is None
    if origin is typing.Literal:
        return lambda value: value in args
    if hint is bool:
        return lambda value: isinstance(value, bool)
    if hint is int:
        return lambda value: type(value) is int and -MAX_WHOLE <= value <= MAX_WHOLE
    if hint is float:
        return lambda value: ((type(value) is int and -MAX_WHOLE <= value <= MAX_WHOLE)
                              or (type(value) is float and math.isfinite(value)))
    if hint is str:
        return lambda value: isinstance(value, str) and len(value) <= MAX_NAME_CHARS
    if origin is not None and isinstance(origin, type):
        return _collection_checker(origin, args)
    if isinstance(hint, type):
        if dataclasses.is_dataclass(hint):
            return lambda value: isinstance(value, hint) and _dataclass_fits(value)
        return lambda value: isinstance(value, hint) and fits(value)
    return _yes  # a kind of annotation field_problem does not read either


def _collection_checker(origin: type, args: tuple) -> Callable[[Any], bool]:
    def shape(value) -> bool:
        return isinstance(value, origin) and not isinstance(value, str) and len(value) <= MAX_ITEMS

    if not args:
        return shape
    if issubclass(origin, Mapping):
        key, item = _checker(args[0]), _checker(args[1])
        return lambda value: shape(value) and all(key(k) and item(v) for k, v in value.items())
    if origin is tuple and not (len(args) == 2 and args[1] is Ellipsis):
        checks = tuple(_checker(arg) for arg in args)
        return lambda value: (shape(value) and len(value) == len(checks)
                              and all(check(v) for check, v in zip(checks, value)))
    each = _checker(args[0])
    if args[0] is str:  # a set or tuple of names: the usual case, without a call an item
        return lambda value: shape(value) and all(type(v) is str and len(v) <= MAX_NAME_CHARS for v in value)
    return lambda value: shape(value) and all(map(each, value))
