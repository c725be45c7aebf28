"""The frozen values play builds (positions, decisions, figures, actions): a fast ``dataclasses.replace``, and
values that come again and again built once and shared."""

from __future__ import annotations

import dataclasses
import functools


def evolve(value, /, **changes):
    """A copy of the frozen dataclass ``value`` with ``changes``, as ``dataclasses.replace`` but about
    ten times faster: no ``__init__`` is run, so use it for values built by the rules, not for input
    (input goes through the constructor or the legality check)."""
    # The values are copied in one go (``{**fields, **changes}`` clones the table and puts the changes in, in C) and
    # the copy handed to the new object as its ``__dict__``, not poured into a fresh one key by key: a position is
    # copied at nearly every action. Not ``fields | changes``: that copies a dict sharing its class's keys (as the
    # ``__dict__`` of a value its constructor made is) as another such "split" dict, and CPython 3.11-3.12 cannot
    # specialise an attribute read of an object holding one, so every later read of every copy's fields was slow.
    try:
        fields = value.__dict__
    except AttributeError:  # a value with slots (no dict): made afresh, by its constructor
        return dataclasses.replace(value, **changes)
    state = {**fields, **changes}
    if len(state) != len(fields):  # a name that is no field of the value's (told before any copy is handed out)
        unknown = changes.keys() - value.__dataclass_fields__.keys()
        raise TypeError(f"{type(value).__name__} has no field(s) {', '.join(sorted(unknown))}")
    copy = _new(type(value))
    _set(copy, "__dict__", state)  # (object's own setattr: a frozen dataclass refuses its own)
    return copy


_new = object.__new__
_set = object.__setattr__


_MADE: dict = {}


def made(kind: type, *args):
    """``kind(*args)``, built once and then shared. Actions are frozen values, and listing the legal
    actions makes the same few hundred of them over and over; building one costs more than finding it
    (so it is for the other frozen values play makes over and over: a fighter on a square, a decision),
    and a value shared is no new object for the garbage collector to walk.
    Only for arguments the engine made itself (plain, already normal values). The arguments go by position
    (a call by position costs less than one by name: no dict, a shorter key): an action's as it is written
    everywhere (``made(Step, player, direction)``); a value with more fields is made by a :func:`maker`, which
    names them."""
    key = (kind, args)
    act = _MADE.get(key)
    if act is None:
        if len(_MADE) >= 65536:  # bound the memory; the actions in use are soon made again
            _MADE.clear()
        act = _MADE[key] = kind(*args)
    return act


def made_by(kind: type, *first):
    """``made(kind, *first, last)`` for every ``last``, as a mapping from ``last``: its ``__getitem__`` is a C call, so a
    listing that offers one action a card or a fighter asks ``map(made_by(kind, player).__getitem__, codes)`` rather
    than ``made`` (a Python call) for each; a value not yet in it is asked of ``made`` (so it is the one ``made``
    shares)."""
    key = (kind, first)
    found = _BY.get(key)
    if found is None:
        if len(_BY) >= 4096:  # bound the memory (a key a kind and player: a few dozen in any real use)
            _BY.clear()
        found = _BY[key] = _ByLast()
        found.made = functools.partial(made, kind, *first)
    return found


shared = functools.lru_cache(maxsize=4096)
"""A decorator for a function of plain values that makes a frozen value play asks for again and again with the same
words (an event above all: a side attacks, a card is let stand; the exact odds of some dice): each is made once and
shared by every game, as :func:`made` shares actions, rather than made and kept anew at nearly every action; 4,096 a
function at most (a bound on memory). Only for values nobody changes, their data too."""


class _ByLast(dict):
    """``{last: made(kind, *first, last)}``, filled as asked (see :func:`made_by`)."""

    __slots__ = ("made",)

    def __missing__(self, last):
        value = self[last] = self.made(last)
        return value


_BY: dict = {}


def maker(kind: type, *names: str):
    """``made`` for ``kind``, with its arguments in the order of the field ``names``: ``maker(Fighter, "id", "side",
    "weapon", "square")(...)``. The names are checked once, here (when the maker is made, on import): they must be
    ``kind``'s first fields in their order, so a call never hands a value to the wrong field (two fields of one
    type swapped in the class would otherwise go unseen); a call then costs about what ``made``'s does."""
    fields = tuple(field.name for field in dataclasses.fields(kind) if field.init)
    if names != fields[:len(names)]:
        raise TypeError(f"{kind.__name__}'s first fields are {', '.join(fields[:len(names)])}, not {', '.join(names)}")
    return functools.partial(made, kind)


__all__ = ["evolve", "made", "made_by", "maker"]
