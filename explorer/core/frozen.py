"""A fast ``dataclasses.replace`` for the frozen values play builds (positions, decisions, figures)."""

from __future__ import annotations

import dataclasses



def evolve(value, /, **changes):
    """A copy of the frozen dataclass ``value`` with ``changes``, as ``dataclasses.replace`` but about
    ten times faster: no ``__init__`` is run, so use it for values built by the rules, not for input
    (input goes through the constructor or the legality check)."""
    # The values are copied in one go (``dict.copy`` clones the table) and the copy handed to the new object as its
    # ``__dict__``, not poured into a fresh one key by key: a position is copied at nearly every action.
    try:
        state = value.__dict__.copy()
    except AttributeError:  # a value with slots (no dict): made afresh, by its constructor
        return dataclasses.replace(value, **changes)
    size = len(state)
    state.update(changes)
    if len(state) != size:  # a name that is no field of the value's (told before any copy is handed out)
        unknown = changes.keys() - value.__dataclass_fields__.keys()
        raise TypeError(f"{type(value).__name__} has no field(s) {', '.join(sorted(unknown))}")
    if "__hash_cache" in state:
        del state["__hash_cache"]
    copy = object.__new__(type(value))
    _set(copy, "__dict__", state)  # (object's own setattr: a frozen dataclass refuses its own)
    return copy


_set = object.__setattr__


__all__ = ["evolve"]
