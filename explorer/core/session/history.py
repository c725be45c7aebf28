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


FALLS = frozenset({"casualty", "removed"})
"""The kinds of event in which a figure falls (killed, removed from play): the page shows it falling."""


class Told(NamedTuple):
    """One history entry as the Session tells it: the action in words for each side (``describe`` from each
    seat, so a card chosen face down is named to its owner only) and where it sat on the board, worked out on
    the position before it was played: ``(from, to, at)`` points, or ``None`` (no board, or not on it)."""

    words: dict[str, str]
    place: tuple[Point | None, Point | None, Point | None] | None
    plain: dict[str, tuple[str, tuple[str, ...]]] | None = None
    """Once played, for each side: the action and the events it may see, in plain words (no figure ids, no
    coordinates: :meth:`Words._plain`), named on the position before it."""


class History:
    """The history, told (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def log(self) -> list[dict]:
        """Each turn as the seat may see it: who ("You", "Bot" or the side), what in words, and the events with
        their rule keys; ``side``: the side that acted; ``said``: the turn in one plain sentence that names that side
        (as :meth:`last` says it: "Tan: tan plays Bullseye…", what a replay says); ``index``: the history entry's
        number for :meth:`at` and :meth:`rewind` (1 = the first action; the setup is 0)."""
        state = self.state
        seat = self.seat
        entries = []
        setup = [e for e in state.setup_log if e.visible_to(seat)]
        if setup:
            entries.append({"who": "Setup", "text": "The game is set up", "words": "The game is set up",
                            "events": _events(setup), "index": 0})
        told_from = len(state.history) - len(self._words)  # (turns before: a challenge's prelude, told by no one)
        for index, (turn, told) in enumerate(zip(state.history[told_from:], self._words), start=told_from + 1):
            player = turn.action.player
            who = "You" if player == seat else "Bot" if player in self.bots else player
            shown = [e for e in turn.events if e.visible_to(seat)]
            plain = told.plain.get(seat) if told.plain else None
            entry = {"who": who, "side": player, "said": _said(turn, told, seat),
                     "text": told.words.get(seat, ""), "words": plain[0] if plain else told.words.get(seat, ""),
                     "events": _events(shown, plain[1] if plain else None), "index": index}
            if turn.dice is not None:
                entry["dice"] = list(turn.dice)
            entries.append(entry)
        return entries

    def last(self) -> list[dict]:
        """What happened since the seat's own last action, newest last: who, one sentence, where on the board
        (``from`` the acting figure, ``to`` where it went, ``at`` whom it attacked), the dice rolled, the number
        they needed (``need``), whether a figure fell (``fell``) and whether nothing happened (``quiet``: an action
        that only moves the game on, the ruleset's ``next_step``, with nothing on the board, no dice, no fall):
        what the page plays out step by step, saying nothing for a quiet one."""
        state, seat = self.state, self.seat
        start = self._since_seat()
        told = []
        for turn, said in zip(state.history[start:], self._words[start:]):
            shown = [e for e in turn.events if e.visible_to(seat)]
            where = said.place or (None, None, None)
            dice, fell = _dice(turn, shown), any(e.kind in FALLS for e in shown)
            quiet = type(turn.action).__name__ in self.ruleset.next_step and not (any(where) or dice or fell)
            told.append({"who": turn.action.player, "text": _said(turn, said, seat),
                         "from": _point(where[0]), "to": _point(where[1]), "at": _point(where[2]),
                         "dice": dice, "need": _need(shown), "fell": fell, "quiet": quiet})
        return told

    def _in_plain(self, before: GameState, told: Told, turn) -> Told:
        """``told`` with its ``plain`` words: the turn just played (``turn``, from the position ``before``), its
        action and the events each side may see, said as that side's board shows them."""
        if self.name is None and self.place is None:
            return told
        action = turn.action
        plain = {side: (self._plain(before, action, told.words.get(side, ""), side)[0],
                        tuple(self._plain(before, action, e.text, side)[0] for e in turn.events if e.visible_to(side)))
                 for side in before.sides}
        return told._replace(plain=plain)

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
            told = self._tell(replay, turn.action)
            before = replay.clone()
            replay.apply(turn.action, dice=turn.dice)
            words.append(self._in_plain(before, told, replay.history[-1]))
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


def _said(turn, told: Told, seat: str) -> str:
    """``turn`` in one sentence a child reads, from ``seat``'s side: the side that acted, then the first thing that
    happened that the seat may see, else what was done, in plain words (no ids, no coordinates)."""
    shown = [e for e in turn.events if e.visible_to(seat)]
    action_words, event_words = told.plain[seat] if told.plain and seat in told.plain else \
        (told.words.get(seat, ""), tuple(e.text for e in shown))
    text = next((w for e, w in zip(shown, event_words) if e.kind != "game_over"), action_words)
    return f"{turn.action.player.capitalize()}: {text}"


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


def _need(shown) -> int | None:
    """The number a turn's dice needed: what its first visible event that says one reports (``need``)."""
    for event in shown:
        need = event.data.get("need") if isinstance(event.data, dict) else None
        if isinstance(need, int) and not isinstance(need, bool):
            return need
    return None


def _events(events, plain: tuple[str, ...] | None = None) -> list[dict]:
    """The events as the log gives them: the engine's words, the same in plain words (``words``), the rules."""
    plain = plain if plain is not None and len(plain) == len(events) else tuple(e.text for e in events)
    return [{"text": e.text, "words": words, "rules": list(e.rules)} for e, words in zip(events, plain)]
