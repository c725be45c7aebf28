"""The frozen records a game state hands out: how a game ended, what one player may see, one turn played; and
its lazy view of the legal actions.

The records are values (frozen, comparable) so that bots, boards, saves and tests can keep and compare them;
:class:`~explorer.core.state.GameState` makes them.
"""

from __future__ import annotations

import dataclasses
import enum
import html
from collections.abc import Iterator
from typing import Any

from .actions import Action, Event
from .game import Game


class Termination(str, enum.Enum):
    """How a game ended, to test in code."""

    ELIMINATION = "elimination"    # a side has nothing left in play
    ROUND_LIMIT = "round_limit"    # max_rounds were played; the side with more in play wins
    OBJECTIVE = "objective"        # a ruleset's own victory condition (points, a target)
    FORFEIT = "forfeit"            # a side cannot go on (an empty supply)

    def __repr__(self) -> str:
        return f"Termination.{self.name}"


@dataclasses.dataclass(frozen=True)
class Outcome:
    """How a game ended: the winner (``None`` for a draw), why in words, and the kind of ending."""

    winner: str | None
    reason: str
    kind: Termination = Termination.ELIMINATION


@dataclasses.dataclass(frozen=True)
class View:
    """What one player may see of a game with nothing hidden (bots and boards read views, not states)."""

    player: str | None
    game: Game
    position: Any
    current_player: str | None
    outcome: Outcome | None
    events: tuple[Event, ...]


@dataclasses.dataclass(frozen=True, slots=True)  # slots: no dict a turn (a game keeps one an action)
class Turn:
    """One applied action and what it caused, for logs and replays."""

    action: Action
    events: tuple[Event, ...]
    dice: tuple[int, ...] | None = None  # dice the player entered by hand

    @classmethod
    def made(cls, action: Action, events: tuple[Event, ...], dice: tuple[int, ...] | None) -> Turn:
        """``Turn(action, events, dice)`` built without the frozen ``__init__`` (its call and default handling):
        the game state records one at every action, from values it already holds."""
        turn = _TurnFilled(action, events, dice)
        turn.__class__ = cls  # (the same slots: see _TurnFilled)
        return turn


class _TurnFilled:
    """A :class:`Turn`'s slots without its frozen guard, filled by :meth:`Turn.made`, which then gives the object
    the frozen class. Its ``__init__`` stores by plain attribute assignment, which the interpreter specialises (a frozen
    class refuses it, and its slots' own setters cost half as much again); the layouts are the same, or CPython
    refuses the change of class."""

    __slots__ = ("action", "events", "dice")

    def __init__(self, action, events, dice):
        self.action = action
        self.events = events
        self.dice = dice


class LegalActions:
    """A lazy view of the legal actions, like python-chess's ``legal_moves``."""

    __slots__ = ("_state",)  # made at every listing: slots make it cheaper

    def __init__(self, state):
        self._state = state

    def __iter__(self) -> Iterator[Action]:
        return iter(self._state._offers())  # an over game offers nothing

    def __contains__(self, action: object) -> bool:
        return isinstance(action, Action) and self._state.why_illegal(action) is None

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def count(self) -> int:
        return sum(1 for _ in self)

    def __repr__(self) -> str:
        return f"<LegalActions ({', '.join(map(repr, self))})>"


def summary_html(state) -> str:
    """A game state's short summary for Jupyter (its ``_repr_html_``): whose turn, how it stands, what just happened.

    Plain HTML from the engine's own answers; the boards live in ``widgets``.
    """
    rows = [("Ruleset", state.ruleset.title), ("Actions played", str(len(state.history)))]
    if state.outcome is not None:
        rows.append(("Result", f"{state.outcome.winner or 'draw'}: {state.outcome.reason}"))
    else:
        rows.append(("To act", str(state.current_player)))
        rows.append(("Legal actions", str(state.legal_actions.count())))
    if state.history:
        public = [e for e in state.history[-1].events if e.visible_to(None)]
        rows.extend(("Just happened" if i == 0 else "", str(e)) for i, e in enumerate(public))
    body = "".join(f"<tr><th>{html.escape(k)}</th><td>{html.escape(v)}</td></tr>" for k, v in rows)
    return f"<table>{body}</table><p><code>{html.escape(repr(state))}</code></p>"
