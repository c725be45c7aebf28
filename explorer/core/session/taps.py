"""Taps on the board: each offered action placed on the board (:class:`Anchor`); a first tap chooses the
figure that acts, a second plays where it goes or whom it attacks; the ``choices`` layer marks them.

A finger is wide and a child's aim loose, so a tap counts within ``reach`` of a mark (the page sends a
finger's width, 22 CSS px, in the board's units at its scale on screen), never less than the board's own
``tap_radius``. Where two marks are nearer each other than that, a tap near them asks which (message kind
``which``, each choice in words) rather than guess; a tap on open table proposes a move there and asks
(kind ``confirm``): a tap never plays what was not marked or asked.
"""

from __future__ import annotations

import dataclasses
import math
from collections.abc import Callable
from typing import Any, NamedTuple

from ..errors import MalformedAction, RuleViolation
from ..limits import MAX_WHOLE, brief


Point = tuple[float, float]  # a place on the board, in the board's own coordinates

MAX_ASKED = 6  # a "which?" question offers the nearest marks, a button for each thing they do, at most this many


class Anchor(NamedTuple):
    """Where an action sits on the board, in the board's own coordinates (inches, or a square's column and row).

    ``piece``: what is tapped first to choose it (the figure that acts), or
    ``None`` when a single tap on ``target`` plays it (nominating a fighter).
    ``target``: where a second tap plays it (the destination, the enemy).
    ``free``: for an action that may go to any point (a tabletop move), the
    same action sent to a given point; a tap off every offered target then
    proposes a move there (asked first), refused with its rule if the rules forbid it.
    ``off``: playing it takes the figure off the table (out of play): the
    board marks that target apart, so a tap there is never a surprise.
    """

    piece: Point | None
    target: Point | None
    free: Callable[[Point], Any] | None = None
    off: bool = False


CHOICE_COLUMNS = ("x", "y", "kind", "text")
"""The ``choices`` board layer: the figures a tap may choose (``piece``), the chosen one (``chosen``),
and where a second tap plays an action (``target``; ``off`` where it takes the figure off the table), with the
action's words."""


class Mark(NamedTuple):
    """A mark a tap may hit: an offered action's target (``action`` set) or a figure that may act (``None``)."""

    action: Any
    at: Point


class BoardTaps:
    """Taps on the board (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def tap(self, x: float, y: float, confirmed: bool = False, reach: float | None = None) -> dict:
        """A tap on the board at (x, y): choose the figure that acts, then tap where it goes or whom it attacks.

        A tap within ``reach`` (board units; at least ``tap_radius``) of one mark plays its action, chooses its
        figure, or (on the chosen figure) lets it go; near two or more marks too close together to tell apart, it
        asks which (message kind ``which``, its ``options`` each ``{"text", "play": offered number}`` or
        ``{"text", "choose": [x, y]}``). Elsewhere, with a figure chosen whose move takes any point (or an action
        that takes any point and needs no figure, placing the next trooper), it proposes that move, marked on the
        board, and asks (kind ``confirm``); ``confirmed``, or a second tap there, plays it; a move the rules forbid
        is refused with its rule at once. When only one figure can act, it is chosen already. A tap that would
        surely end the game is asked about too; ``confirmed`` plays it.
        """
        if not all(_finite(c) for c in (x, y)):
            return self._say("error", f"a tap is at two finite numbers, not ({brief(x)}, {brief(y)})")
        if reach is not None and not (_finite(reach) and reach >= 0):
            return self._say("error", f"a tap's reach is a finite number at least 0, not {brief(reach)}")
        anchored = self._anchored()
        if not anchored:
            return self._say("note", "Nothing to choose on the board now: use the list of actions.")
        tapped = (float(x), float(y))
        radius = max(self.tap_radius, float(reach or 0.0))
        chosen, pieces, targets = self._marks(anchored)
        marks = [Mark(action, at) for action, at in targets] + [Mark(None, at) for at in pieces]
        near = sorted((m for m in marks if math.dist(m.at, tapped) <= radius), key=lambda m: math.dist(m.at, tapped))
        if near:
            if len({self._mark_words(m, chosen) for m in near}) > 1:  # marks that do different things: ask
                return self._which(near, chosen)
            return self._hit(near[0], confirmed)  # marks that say the same thing (moves in the open): the nearest
        # a free spot goes to the chosen figure's move, or to an action that needs no figure chosen (setting up)
        free = next((anchor.free for _, anchor in anchored if anchor.free is not None
                     and (anchor.piece is None or chosen is not None and anchor.piece == chosen)), None)
        if free is not None:
            return self._propose(free((round(tapped[0], 1), round(tapped[1], 1))), confirmed)
        return self._say("note", "Nothing to do there: tap a ringed figure, then where it goes or whom it attacks."
                         if chosen is None else "Nothing to do there: tap one of the marked places, or another figure.")

    def choose(self, x: float, y: float) -> dict:
        """Choose the figure standing at exactly (x, y) among those that may act (a "which?" answer's button), or
        let it go if it is the chosen one."""
        if not all(_finite(c) for c in (x, y)):
            return self._say("error", f"a figure is chosen at two finite numbers, not ({brief(x)}, {brief(y)})")
        _, pieces, _ = self._marks(self._anchored())
        at = next((p for p in pieces if math.dist(p, (x, y)) < 1e-6), None)
        if at is None:
            return self._say("error", "No figure that may act stands there.")
        return self._hit(Mark(None, at), False)

    def _hit(self, mark: Mark, confirmed: bool) -> dict:
        """A tap that hit one mark: play its action, or choose (or let go) its figure."""
        if mark.action is not None:
            return self._tapped(mark.action, confirmed, unselect=True)
        self.selected = None if mark.at == self.selected else mark.at
        self._proposal = None
        return self.answer()

    def _mark_words(self, mark: Mark, chosen: Point | None) -> str:
        """What tapping ``mark`` does, in plain words: its action's, or choosing (letting go of) its figure."""
        if mark.action is None:
            return f"{'Let go of' if mark.at == chosen else 'Choose'} {self.figure_at(mark.at)}"
        words = self.words(mark.action)
        return words[:1].upper() + words[1:]

    def _which(self, alike: list[Mark], chosen: Point | None) -> dict:
        """The question for a tap between marks too close to tell apart: a button for each thing they do, in
        words (the nearest mark of each, up to :data:`MAX_ASKED`)."""
        offered = {action: i for i, action in enumerate(self.state.legal_actions)}
        options = {}
        for mark in alike:
            text = self._mark_words(mark, chosen)
            if text in options or len(options) == MAX_ASKED:
                continue
            options[text] = {"text": text, **_pick(mark, offered)}
        answer = self.answer({"kind": "which", "text": "Which one? These marks are close together:"})
        answer["message"]["options"] = list(options.values())
        return answer

    def figure_at(self, at: Point) -> str:
        """The figure a piece mark stands for, in words: named by the first offered action it takes."""
        for action, anchor in self._anchored():
            if anchor.piece == at:
                for field in dataclasses.fields(action):
                    value = getattr(action, field.name)
                    if isinstance(value, str) and value != action.player and self.name is not None:
                        named = self.name(self.state, value, self.seat)
                        if named:
                            return named
        where = self.place(self.state, at) if self.place is not None else ""
        return f"the figure {where}".strip()

    def _propose(self, action, confirmed: bool) -> dict:
        """A move to a free spot of the table: refused with its rule if the rules forbid it; else, unless
        ``confirmed``, proposed (marked on the board) and asked about."""
        violation = self.state.why_illegal(action)
        if violation is not None or confirmed:
            return self._tapped(action, confirmed, unselect=False)
        anchor = self.anchor(self.state, action)
        if anchor is None or anchor.target is None:  # nowhere to mark it: asked all the same, with no mark
            self._proposal = None
        else:
            self._proposal = (self.state.position, self.selected, anchor.target, action)
        if self._ends_surely(action):
            return self._say("confirm", f"This ends the game: {self.words(action)}. Play it?")
        words = self.words(action)
        return self._say("confirm", f"{words[:1].upper() + words[1:]}. Go there?")

    def _tapped(self, action, confirmed: bool, *, unselect: bool) -> dict:
        """Play a tapped action; one that would surely end the game is first asked about (``confirmed`` plays it):
        a stray tap must not walk the last trooper off the table. The figure stays chosen while asked."""
        if not confirmed and self._ends_surely(action):  # asked in plain words, as the page asks of a listed action
            return self._say("confirm", f"This ends the game: {self.words(action)}. Play it?")
        if unselect:
            self.selected = None
        self._proposal = None
        return self._apply(action, None)

    def _ends_surely(self, action) -> bool:
        """Whether ``action`` ends the game whatever the dice: tried on a copy with no dice to roll (an action that
        rolls any refuses them), so a question never gives away a roll to come."""
        trial = self.state.clone()
        try:
            trial.apply(action, dice=[])
        except (RuleViolation, MalformedAction, TypeError, ValueError):
            return False
        return trial.is_over

    def choices(self) -> dict[str, list]:
        """The ``choices`` board layer (:data:`CHOICE_COLUMNS`) for the offered actions and the chosen figure."""
        rows = [(*mark.at, kind, "" if mark.action is None else self.state.describe(mark.action, self.seat))
                for mark, kind in self._kinds()[1]]
        return {column: [row[i] for row in rows] for i, column in enumerate(CHOICE_COLUMNS)}

    def marks(self) -> list[dict]:
        """The marks a tap (or the keyboard: the page's keys.js) may pick now, in the order of the ``choices`` layer's
        rows: where each is on the board (``x``, ``y``), its ``kind`` as that layer says, what picking it does in
        plain words (``words``: no figure id, no coordinate, for a screen reader to say; moves said alike are told
        apart by their way from the chosen figure, "…, 4 up and to the right"), and how to pick exactly it, as a
        "which?" answer's button does (``play``, ``choose`` or ``tap``: :func:`_pick`)."""
        chosen, kinds = self._kinds()
        offered = {action: i for i, action in enumerate(self.state.legal_actions)}
        words = [self._mark_words(mark, chosen) for mark, _ in kinds]
        for i, (mark, _) in enumerate(kinds):  # moves said alike ("moves in the open"): told apart by their way
            if chosen is not None and mark.action is not None and words.count(words[i]) > 1:
                words[i] = f"{words[i]}, {_way(chosen, mark.at)}"
        return [{"x": mark.at[0], "y": mark.at[1], "kind": kind, "words": words[i], **_pick(mark, offered)}
                for i, (mark, kind) in enumerate(kinds)]

    def proposed_ends(self) -> tuple[Point, Point] | None:
        """The chosen figure's place and the free spot a tap proposed it move to (``None``: no proposal now): what
        the ruler measures while "Go there?" is asked, so a player sees the inches before agreeing."""
        proposal = self._live_proposal()
        chosen = None if proposal is None else self._marks(self._anchored())[0]
        return None if chosen is None else (chosen, proposal[2])

    def _live_proposal(self) -> tuple | None:
        """The move to a free spot the last tap proposed, if the game and the chosen figure are still as they were."""
        proposal = self._proposal
        if proposal is not None and proposal[0] is self.state.position and proposal[1] == self.selected:
            return proposal
        return None

    def _kinds(self) -> tuple[Point | None, list[tuple[Mark, str]]]:
        """The chosen piece, and every mark with its kind: the pieces that may act (``piece``, ``chosen``), then the
        targets (``target``; ``off`` where playing it takes the figure off the table)."""
        anchored = self._anchored()
        chosen, pieces, targets = self._marks(anchored)
        leaving = {action for action, anchor in anchored if anchor.off}
        return chosen, ([(Mark(None, at), "chosen" if at == chosen else "piece") for at in pieces]
                        + [(Mark(action, at), "off" if action in leaving else "target") for action, at in targets])

    def _anchored(self) -> list[tuple[Any, Anchor]]:
        """The human's offered actions that sit on the board, with their anchors."""
        state = self.state
        if self.anchor is None or state.is_over or self.deciding is None:
            return []
        if self.challenge is not None and self._practice()["over"]:  # a challenge over offers nothing, taps included
            return []
        placed = ((action, self.anchor(state, action)) for action in state.legal_actions)
        return [(action, anchor) for action, anchor in placed if anchor is not None]

    def _marks(self, anchored) -> tuple[Point | None, list[Point], list[tuple[Any, Point]]]:
        """What the board marks: the chosen piece (the one tapped, or the only one that can act), every piece
        that may act, and the targets a tap plays now (the chosen piece's, those needing no piece, and a move
        to a free spot proposed by the last tap)."""
        pieces = list(dict.fromkeys(anchor.piece for _, anchor in anchored if anchor.piece is not None))
        chosen = self.selected if self.selected in pieces else (pieces[0] if len(pieces) == 1 else None)
        targets = [(action, anchor.target) for action, anchor in anchored
                   if anchor.target is not None and (anchor.piece is None or anchor.piece == chosen)]
        proposal = self._live_proposal()
        if proposal is not None and anchored:
            targets.append((proposal[3], proposal[2]))
        return chosen, pieces, targets


def _pick(mark: Mark, offered: dict) -> dict:
    """How the page picks exactly ``mark``, whatever lies near it: play its offered action (``play``: its number
    among the offered, ``offered`` maps each to it), choose (or let go of) its figure (``choose``: where it stands), or tap again the proposed
    move to a free spot it marks (``tap``: where)."""
    if mark.action is None:
        return {"choose": list(mark.at)}
    if mark.action in offered:
        return {"play": offered[mark.action]}
    return {"tap": list(mark.at)}


_WAYS = ("to the right", "up and to the right", "up", "up and to the left",
         "to the left", "down and to the left", "down", "down and to the right")


def _way(start: Point, end: Point) -> str:
    """Which way ``end`` lies from ``start`` as the board is drawn (its y up), and how far in the board's units
    (inches, or squares), in words: "3 up and to the right" (no coordinate)."""
    dx, dy = end[0] - start[0], end[1] - start[1]
    eighth = round(math.atan2(dy, dx) / (math.pi / 4)) % 8
    far = math.hypot(dx, dy)
    return f"{far:.0f} {_WAYS[eighth]}" if far >= 0.5 else "where it stands"


def _finite(value) -> bool:
    """A number a tap may carry: finite, within the engine's bounds (never a bool, never a 400-digit int)."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    if isinstance(value, int):
        return abs(value) <= MAX_WHOLE
    return math.isfinite(value) and abs(value) <= MAX_WHOLE
