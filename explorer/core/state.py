"""The game-state machinery every ruleset shares.

A ruleset subclasses :class:`GameState` and writes four small methods:
``_legal_actions`` (what may be done now), ``_apply`` (check, then change the
state and return events; raise :class:`RuleViolation` to refuse),
``_state_dict`` / ``_load_state_dict`` (its data as plain JSON). Everything
else (atomic apply with rollback, undo, the log, forced dice for players
who roll real dice, save/load that replays and verifies) lives here once.
"""

from __future__ import annotations

import dataclasses
import html
import json
from abc import ABC, abstractmethod
from collections.abc import Iterable, Iterator
from typing import TYPE_CHECKING, Any, ClassVar

from .actions import Action, Event, action_from_dict
from .errors import RuleViolation, SaveGameError
from .rng import GameRNG

if TYPE_CHECKING:
    from .registry import Ruleset

SAVE_FORMAT = "toy-soldier-rules-explorer/save"
SAVE_VERSION = 1


class LegalActions:
    """A lazy view of the legal actions, like python-chess's ``legal_moves``."""

    def __init__(self, state: GameState):
        self._state = state

    def __iter__(self) -> Iterator[Action]:
        return self._state._legal_actions()

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._state.why_illegal(action) is None

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(map(repr, self))})>"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw) and why."""

    winner: str | None
    reason: str


@dataclasses.dataclass(frozen=True)
class Turn:
    """One applied action and what it caused, for logs and replays."""

    action: Action
    events: tuple[Event, ...]
    dice: tuple[int, ...] | None = None  # dice the player entered by hand


class GameState(ABC):
    ruleset: ClassVar[Ruleset]

    def __init__(self, settings, *, seed: int = 0):
        self.settings = settings
        self.rng = GameRNG(seed)
        self.history: list[Turn] = []
        self._snapshots: list[dict] = []
        self._initial: dict | None = None
        self._forced_dice: list[int] | None = None

    # -- what a ruleset writes -----------------------------------------------
    @abstractmethod
    def _legal_actions(self) -> Iterator[Action]: ...

    @abstractmethod
    def _apply(self, action: Action) -> list[Event]: ...

    @abstractmethod
    def _state_dict(self) -> dict: ...

    @abstractmethod
    def _load_state_dict(self, data: dict) -> None: ...

    @property
    @abstractmethod
    def current_player(self) -> str | None:
        """The side to act now (``None`` once the game is over)."""

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return None

    @property
    def is_over(self) -> bool:
        return self.outcome is not None

    # -- playing ---------------------------------------------------------------
    @property
    def legal_actions(self) -> LegalActions:
        return LegalActions(self)

    def why_illegal(self, action: Action) -> RuleViolation | None:
        """The rule that forbids ``action`` now, or ``None`` if it is legal."""
        snapshot = self._snapshot()
        try:
            self._apply(action)
        except RuleViolation as violation:
            return violation
        finally:
            self._restore(snapshot)
        return None

    def apply(self, action: Action, *, dice: Iterable[int] | None = None) -> list[Event]:
        """Play ``action``; return what happened.

        Raises :class:`RuleViolation` (state unchanged) if a rule forbids it.
        ``dice`` lets players who rolled real dice enter the faces instead
        of using the game's random numbers.
        """
        if not isinstance(action, self.ruleset.action_types):
            raise RuleViolation(
                f"{action!r} is not an action of {self.ruleset.title}",
                self.ruleset.ref("turn"),
                action,
            )
        if self._initial is None:
            self._initial = self._snapshot()
        snapshot = self._snapshot()
        forced = None if dice is None else tuple(dice)
        self._forced_dice = None if forced is None else list(forced)
        try:
            events = self._apply(action)
            if self._forced_dice:
                raise ValueError(f"{len(self._forced_dice)} more dice were entered than this action rolls")
        except BaseException:
            self._restore(snapshot)
            raise
        finally:
            self._forced_dice = None
        self._snapshots.append(snapshot)
        self.history.append(Turn(action, tuple(events), forced))
        return events

    def undo(self) -> Action:
        """Take back the last action exactly, random-number state included."""
        if not self._snapshots:
            raise IndexError("there is nothing to undo")
        self._restore(self._snapshots.pop())
        return self.history.pop().action

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        """Dice for the rules: entered by the player if given, else from the game's RNG."""
        if self._forced_dice is None:
            return self.rng.roll(n, sides)
        if len(self._forced_dice) < n:
            raise ValueError(f"this action rolls {n} dice; not enough were entered")
        faces, self._forced_dice = tuple(self._forced_dice[:n]), self._forced_dice[n:]
        if any(not isinstance(f, int) or not 1 <= f <= sides for f in faces):
            raise ValueError(f"dice faces must be whole numbers from 1 to {sides}, got {faces}")
        return faces

    # -- snapshots -------------------------------------------------------------
    def _snapshot(self) -> dict:
        # A JSON round trip is a deep copy (faster than copy.deepcopy here) and
        # proves every snapshot is saveable.
        return json.loads(json.dumps({"state": self._state_dict(), "rng": self.rng.get_state()}))

    def _restore(self, snapshot: dict) -> None:
        self._load_state_dict(json.loads(json.dumps(snapshot["state"])))
        self.rng.set_state(snapshot["rng"])

    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.settings == other.settings
            and self._snapshot() == other._snapshot()
            and [t.action for t in self.history] == [t.action for t in other.history]
        )

    __hash__ = None  # mutable

    # -- display ---------------------------------------------------------------
    def __repr__(self) -> str:
        who = "over" if self.is_over else f"{self.current_player} to act"
        return f"<{type(self).__name__}: {self.ruleset.title}, {len(self.history)} actions, {who}>"

    def _repr_html_(self) -> str:
        """A short summary for Jupyter: whose turn, how it stands, what just happened.

        Plain HTML from the engine's own answers; the boards live in ``widgets``.
        """
        rows = [("Ruleset", self.ruleset.title), ("Actions played", str(len(self.history)))]
        if self.outcome is not None:
            rows.append(("Result", f"{self.outcome.winner or 'draw'}: {self.outcome.reason}"))
        else:
            rows.append(("To act", str(self.current_player)))
            rows.append(("Legal actions", str(self.legal_actions.count())))
        if self.history:
            # Only public events: a ruleset with hidden hands marks private ones.
            public = [e for e in self.history[-1].events if e.visible_to(None)]
            rows.extend(("Just happened" if i == 0 else "", str(e)) for i, e in enumerate(public))
        body = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
        return f"<table>{body}</table><p><code>{html.escape(repr(self))}</code></p>"

    # -- saving ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        initial = self._initial if self._initial is not None else self._snapshot()
        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "ruleset": self.ruleset.name,
            "settings": dataclasses.asdict(self.settings),
            "initial": initial,
            "actions": [
                {"action": t.action.to_dict(), **({"dice": list(t.dice)} if t.dice is not None else {})}
                for t in self.history
            ],
            "current": self._snapshot(),
        }

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        from .registry import load_game

        return load_game(data)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise SaveGameError(f"a saved game must be JSON: {exc}") from None
        return cls.from_dict(data)

    def _replay(self, data: dict) -> None:
        """Rebuild from a save: start from its initial state, replay, verify."""
        self._restore(_require(data, "initial", dict))
        self._initial = self._snapshot()
        for index, entry in enumerate(_require(data, "actions", list), start=1):
            if not isinstance(entry, dict):
                raise SaveGameError(f"action {index} of the save is not an object")
            act = action_from_dict(entry.get("action"), self.ruleset.action_kinds)
            try:
                self.apply(act, dice=entry.get("dice"))
            except (RuleViolation, ValueError) as exc:
                raise SaveGameError(f"action {index} of the save, {act!r}, cannot be replayed: {exc}") from None
        if "current" in data and data["current"] != self._snapshot():
            raise SaveGameError(
                "replaying the saved actions does not give the saved position: "
                "the file was edited, or saved by a different version of the rules"
            )


def _require(data: dict, key: str, kind: type):
    if key not in data:
        raise SaveGameError(f"the saved game has no {key!r}")
    if not isinstance(data[key], kind):
        raise SaveGameError(f"{key!r} in the saved game should be a {kind.__name__}")
    return data[key]
