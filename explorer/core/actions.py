"""Actions and events as small frozen value types.

An action prints as code you could type back, e.g.
``Attack(attacker='red-3', target='blue-1')``, and turns into a JSON-ready
dict and back. Each ruleset declares its action classes with the
:func:`action` decorator so a saved game can name them.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from .errors import SaveGameError


class Action:
    """Base class of every action; subclasses are frozen dataclasses."""

    def to_dict(self) -> dict[str, Any]:
        data = {"type": type(self).__name__}
        data.update(_to_jsonable(dataclasses.asdict(self)))
        return data


def action(cls):
    """Make ``cls`` a frozen, hashable action dataclass."""
    return dataclasses.dataclass(frozen=True)(cls)


def action_from_dict(data: Any, kinds: dict[str, type[Action]]) -> Action:
    """Rebuild an action, with a clear message for anything malformed."""
    if not isinstance(data, dict) or "type" not in data:
        raise SaveGameError(f"an action must be an object with a 'type', got {data!r}")
    kind = kinds.get(data["type"])
    if kind is None:
        known = ", ".join(sorted(kinds))
        raise SaveGameError(f"unknown action type {data['type']!r}; this ruleset knows {known}")
    fields = {f.name: f for f in dataclasses.fields(kind)}
    given = {k: v for k, v in data.items() if k != "type"}
    unknown = set(given) - set(fields)
    if unknown:
        raise SaveGameError(f"{data['type']} has no field(s) {', '.join(sorted(unknown))}")
    try:
        return kind(**{k: _from_jsonable(v) for k, v in given.items()})
    except TypeError as exc:
        raise SaveGameError(f"malformed {data['type']}: {exc}") from None


PUBLIC = "public"
"""The visibility of an event every player may see (the default)."""


@dataclasses.dataclass(frozen=True)
class Event:
    """Something that happened: a move, a roll, a casualty. ``rules`` cites why."""

    kind: str
    text: str
    rules: tuple[str, ...] = ()
    data: dict = dataclasses.field(default_factory=dict, compare=False, hash=False)

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


def _to_jsonable(value):
    if isinstance(value, dict):
        return {str(k): _to_jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_to_jsonable(v) for v in value]
    return value


def _from_jsonable(value):
    # Actions are frozen and hashable, so lists come back as tuples.
    if isinstance(value, list):
        return tuple(_from_jsonable(v) for v in value)
    return value
