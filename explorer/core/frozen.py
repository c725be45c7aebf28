"""A fast ``dataclasses.replace`` for the frozen values play builds (positions, decisions, figures)."""

from __future__ import annotations



def evolve(value, /, **changes):
    """A copy of the frozen dataclass ``value`` with ``changes``, as ``dataclasses.replace`` but about
    ten times faster: no ``__init__`` is run, so use it for values built by the rules, not for input
    (input goes through the constructor or the legality check)."""
    fields = value.__dataclass_fields__
    unknown = changes.keys() - fields.keys()
    if unknown:
        raise TypeError(f"{type(value).__name__} has no field(s) {', '.join(sorted(unknown))}")
    copy = object.__new__(type(value))
    state = copy.__dict__
    state.update(value.__dict__)
    state.update(changes)
    state.pop("__hash_cache", None)
    return copy


__all__ = ["evolve"]
