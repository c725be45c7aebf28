"""The game's history as the Session tells it: each action in words from each seat and where it sat on the
board (:class:`Told`), the log, what happened since the seat's own last action, and the ``last`` board layer."""

from __future__ import annotations

from typing import NamedTuple

from ..state import GameState
from .taps import Point


LAST_COLUMNS = ("x0", "y0", "x1", "y1", "kind")
"""The ``last`` board layer: what happened since the seat's own last action, as arrows (``kind`` "move",
"attack") from (x0, y0) to (x1, y1), or a ring where x0, y0 = x1, y1 (``kind`` "spot")."""


ATTACK_FIELDS = frozenset({"target", "defender"})
"""An action naming one of these aims at someone: its anchor's target is whom it attacks (``at``), else where
the figure went (``to``)."""


class Told(NamedTuple):
    """One history entry as the Session tells it: the action in words for each side (``describe`` from each
    seat, so a card chosen face down is named to its owner only) and where it sat on the board, worked out on
    the position before it was played: ``(from, to, at)`` points, or ``None`` (no board, or not on it)."""

    words: dict[str, str]
    place: tuple[Point | None, Point | None, Point | None] | None


class History:
    """The history, told (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def log(self) -> list[dict]:
        """Each turn as the seat may see it: who, what in words, and the events with their rule keys;
        ``index``: the history entry's number for :meth:`at` and :meth:`rewind` (1 = the first action; the
        setup is 0)."""
        state = self.state
        seat = self.seat
        entries = []
        setup = [e for e in state.setup_log if e.visible_to(seat)]
        if setup:
            entries.append({"who": "Setup", "text": "The game is set up", "events": _events(setup), "index": 0})
        for index, (turn, told) in enumerate(zip(state.history, self._words), start=1):
            player = turn.action.player
            who = "You" if player == seat else "Bot" if player in self.bots else player
            shown = [e for e in turn.events if e.visible_to(seat)]
            entry = {"who": who, "text": told.words.get(seat, ""), "events": _events(shown), "index": index}
            if turn.dice is not None:
                entry["dice"] = list(turn.dice)
            entries.append(entry)
        return entries

    def last(self) -> list[dict]:
        """What happened since the seat's own last action, newest last: who, one sentence, where on the board
        (``from`` the acting figure, ``to`` where it went, ``at`` whom it attacked) and the dice rolled."""
        state, seat = self.state, self.seat
        start = self._since_seat()
        befores = self._states_before(start)
        told = []
        for turn, said, before in zip(state.history[start:], self._words[start:], befores):
            shown = [e for e in turn.events if e.visible_to(seat)]
            text = next((e.text for e in shown if e.kind != "game_over"), said.words.get(seat, ""))
            text = self._plain(before, turn.action, text)[0]  # a child reads it: no ids, no coordinates
            where = said.place or (None, None, None)
            told.append({"who": turn.action.player, "text": f"{turn.action.player.capitalize()}: {text}",
                         "from": _point(where[0]), "to": _point(where[1]), "at": _point(where[2]),
                         "dice": _dice(turn, shown)})
        return told

    def _states_before(self, start: int) -> list[GameState]:
        """The game as it stood before each history entry from ``start`` on (a copy taken back step by step),
        where the figures an entry names were still on the board to be named."""
        before = self.state.clone()
        states = []
        while len(before.history) > start:
            before.undo()
            states.append(before.clone())
        return states[::-1]

    def last_layer(self) -> dict[str, list]:
        """The ``last`` board layer (:data:`LAST_COLUMNS`) of :meth:`last`'s actions."""
        return last_rows(told.place for told in self._words[self._since_seat():])

    def _since_seat(self) -> int:
        """The first history entry after the seat's own last action."""
        history, seat = self.state.history, self.seat
        start = len(history)
        while start and history[start - 1].action.player != seat:
            start -= 1
        return start

    def _entry_places(self, entry: int) -> list:
        """Where history entry ``entry`` (1 = the first action) sat on the board, as a list for :func:`last_rows`."""
        return [self._words[entry - 1].place] if entry else []

    def _tell(self, state: GameState, action) -> Told:
        """``action`` told from each seat, and where it sits on the board, on the position before it is played."""
        words = {side: state.describe(action, side) for side in state.sides}
        anchor = None
        if self.anchor is not None:
            try:
                anchor = self.anchor(state, action)
            except (KeyError, AttributeError, TypeError, ValueError):  # not on the board in this position
                anchor = None
        if anchor is None:
            return Told(words, None)
        attacks = bool(ATTACK_FIELDS & set(action.to_dict()))
        return Told(words, (anchor.piece, None if attacks else anchor.target, anchor.target if attacks else None))

    def _history_words(self, state: GameState) -> list[Told]:
        """Each turn already played (a loaded game) told: replayed on a copy, as described then."""
        if not state.history:
            return []
        replay = state.clone()
        turns = list(replay.history)
        while replay.history:
            replay.undo()
        words = []
        for turn in turns:
            words.append(self._tell(replay, turn.action))
            replay.apply(turn.action, dice=turn.dice)
        return words


def last_rows(places) -> dict[str, list]:
    """The ``last`` board layer (:data:`LAST_COLUMNS`) of actions' places ``(from, to, at)``: an arrow from
    where each figure stood to where it went or whom it attacked (``kind`` "move" or "attack"), or a ring
    (x0, y0 = x1, y1) where an action with one place happened (``kind`` "spot")."""
    rows = []
    for place in places:
        if place is None:
            continue
        start, went, hit = place
        end = hit or went
        kind = "attack" if hit else "move"
        if start is None and end is None:
            continue
        if start is None or end is None or tuple(start) == tuple(end):
            start = end = end or start
            kind = "spot"
        rows.append((start[0], start[1], end[0], end[1], kind))
    return {column: [row[i] for row in rows] for i, column in enumerate(LAST_COLUMNS)}


def _point(point) -> list[float] | None:
    return None if point is None else [point[0], point[1]]


def _dice(turn, shown) -> list[int] | None:
    """The dice of a turn: entered by hand, else the faces its first visible event with dice reports."""
    if turn.dice is not None:
        return list(turn.dice)
    for event in shown:
        faces = event.data.get("dice") if isinstance(event.data, dict) else None
        if isinstance(faces, (list, tuple)) and faces and all(isinstance(f, int) for f in faces):
            return list(faces)
    return None


def _events(events) -> list[dict]:
    return [{"text": e.text, "rules": list(e.rules)} for e in events]
