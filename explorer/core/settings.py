"""Settings (house rules) as frozen dataclasses, checked in one place.

A ruleset declares its settings with :func:`setting` fields::

    @settings_class
    class Settings:
        span: str = setting("child", choices=("child", "adult"))
        span_inches: float = setting(4.0, low=0.5, high=48)
        max_rounds: int | None = setting(None, low=1, high=1000)

:func:`settings_class` makes it a frozen dataclass whose every value is
checked when it is made (from code, a widget or a saved game): the right
type (``"no"`` is not a bool, ``True`` is not a number), finite, in range,
one of the choices. Every ruleset names its round limit ``max_rounds``.
"""

from __future__ import annotations

import dataclasses
import functools
import math
import types
import typing
from collections.abc import Mapping
from typing import Any

from .limits import brief, brief_names

_CHECK = "explorer.setting"


@dataclasses.dataclass(frozen=True)
class _Rule:
    choices: tuple | None = None
    low: float | None = None
    high: float | None = None


def setting(default, *, choices=None, low=None, high=None):
    """A settings field with its allowed values."""
    return dataclasses.field(default=default, metadata={_CHECK: _Rule(choices and tuple(choices), low, high)})


def settings_class(cls):
    """Make ``cls`` a frozen dataclass whose fields are checked on creation."""
    original = getattr(cls, "__post_init__", None)

    def __post_init__(self):
        check_settings(self)
        if original is not None:
            original(self)

    cls.__post_init__ = __post_init__  # set before dataclass() so its __init__ calls it
    return dataclasses.dataclass(frozen=True)(cls)


def _allowed_types(annotation) -> tuple[type, ...]:
    origin = typing.get_origin(annotation)
    if origin in (typing.Union, types.UnionType):
        return tuple(t for arg in typing.get_args(annotation) for t in _allowed_types(arg))
    if annotation is type(None) or annotation is None:
        return (type(None),)
    return (annotation,)


def _type_ok(value, allowed: tuple[type, ...]) -> bool:
    for kind in allowed:
        if kind is type(None) and value is None:
            return True
        if kind is bool and isinstance(value, bool):
            return True
        if kind is int and isinstance(value, int) and not isinstance(value, bool):
            return True
        if kind is float and isinstance(value, (int, float)) and not isinstance(value, bool):
            return True
        if kind is str and isinstance(value, str):
            return True
        if kind not in (bool, int, float, str, type(None)) and isinstance(value, kind):
            return True
    return False


def _type_name(allowed: tuple[type, ...]) -> str:
    words = {bool: "true or false", int: "a whole number", float: "a number", str: "text", type(None): "None"}
    return " or ".join(words.get(k, k.__name__) for k in allowed)


@functools.lru_cache(maxsize=None)
def _type_hints(settings_type: type) -> dict:
    """The declared types of a settings class (read once: every new game makes its settings)."""
    return typing.get_type_hints(settings_type)


def check_settings(settings) -> None:
    """Raise ``ValueError`` naming the first setting of the wrong type, out of range or not a choice."""
    hints = _type_hints(type(settings))
    for field in dataclasses.fields(settings):
        value = getattr(settings, field.name)
        allowed = _allowed_types(hints[field.name])
        if not _type_ok(value, allowed):
            raise ValueError(f"setting {field.name} must be {_type_name(allowed)}, not {brief(value)}")
        rule: _Rule | None = field.metadata.get(_CHECK)
        if rule is None or value is None:
            continue
        if rule.choices is not None and value not in rule.choices:
            raise ValueError(f"setting {field.name} must be one of {', '.join(map(str, rule.choices))}, not {brief(value)}")
        if isinstance(value, (int, float)) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise ValueError(f"setting {field.name} must be a finite number, not {brief(value)}")
            if rule.low is not None and value < rule.low or rule.high is not None and value > rule.high:
                raise ValueError(f"setting {field.name} must be from {rule.low:g} to {rule.high:g}, not {brief(value)}")


def settings_from_dict(settings_type: type, data: Any) -> Any:
    """Settings from a mapping (a save, a widget, keyword arguments), with a clear error."""
    if not isinstance(data, Mapping):
        raise ValueError("settings must be an object of name: value")
    names = [f.name for f in dataclasses.fields(settings_type)]
    unknown = sorted(set(map(str, data)) - set(names))
    if unknown:
        raise ValueError(f"unknown setting(s) {brief_names(unknown)}; the settings are {', '.join(names)}")
    return settings_type(**data)


def settings_to_dict(settings) -> dict:
    return {f.name: getattr(settings, f.name) for f in dataclasses.fields(settings)}
