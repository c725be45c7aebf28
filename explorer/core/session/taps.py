"""Taps on the board: each offered action placed on the board (:class:`Anchor`); a first tap chooses the
figure that acts, a second plays where it goes or whom it attacks; the ``choices`` layer marks them."""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, NamedTuple

from ..errors import MalformedAction, RuleViolation
from ..limits import MAX_WHOLE, brief


Point = tuple[float, float]  # a place on the board, in the board's own coordinates


class Anchor(NamedTuple):
    """Where an action sits on the board, in the board's own coordinates (inches, or a square's column and row).

    ``piece``: what is tapped first to choose it (the figure that acts), or
    ``None`` when a single tap on ``target`` plays it (nominating a fighter).
    ``target``: where a second tap plays it (the destination, the enemy).
    ``free``: for an action that may go to any point (a tabletop move), the
    same action sent to a given point; a tap off every offered target then
    tries a move there, refused with its rule if the rules forbid it.
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


class BoardTaps:
    """Taps on the board (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def tap(self, x: float, y: float, confirmed: bool = False) -> dict:
        """A tap on the board at (x, y): choose the figure that acts, then tap where it goes or whom it attacks.

        A tap nearest an offered target of the chosen figure (or of an action
        needing no figure) plays that action; nearest another figure chooses
        it; on the chosen figure, unchooses it; elsewhere, with a figure chosen
        whose move takes any point, tries that move (refused with its rule if
        illegal), as it does for an action that takes any point and needs no
        figure chosen (placing the next trooper). When only one figure can act,
        it is chosen already. A tap that would surely end the game answers a
        question instead (message kind ``confirm``); ``confirmed`` plays it.
        """
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and abs(c) <= MAX_WHOLE  # NaN: false
                   for c in (x, y)):  # compared, never made a float first: a 400-digit int cannot be one
            return self._say("error", f"a tap is at two finite numbers, not ({brief(x)}, {brief(y)})")
        anchored = self._anchored()
        if not anchored:
            return self._say("note", "Nothing to choose on the board now: use the list of actions.")
        tapped = (float(x), float(y))
        chosen, pieces, targets = self._marks(anchored)
        hit = _nearest(targets + [(None, p) for p in pieces], tapped, self.tap_radius)
        if hit is not None and hit[0] is not None:
            return self._tapped(hit[0], confirmed, unselect=True)
        if hit is not None:
            self.selected = None if hit[1] == self.selected else hit[1]
            return self.answer()
        # a free spot goes to the chosen figure's move, or to an action that needs no figure chosen (setting up)
        free = next((anchor.free for _, anchor in anchored if anchor.free is not None
                     and (anchor.piece is None or chosen is not None and anchor.piece == chosen)), None)
        if free is not None:
            return self._tapped(free((round(tapped[0], 1), round(tapped[1], 1))), confirmed, unselect=False)
        return self._say("note", "Nothing to do there: tap a ringed figure, then where it goes or whom it attacks."
                         if chosen is None else "Nothing to do there: tap one of the marked places, or another figure.")

    def _tapped(self, action, confirmed: bool, *, unselect: bool) -> dict:
        """Play a tapped action; one that would surely end the game is first asked about (``confirmed`` plays it):
        a stray tap must not walk the last trooper off the table. The figure stays chosen while asked."""
        if not confirmed and self._ends_surely(action):  # asked in plain words, as the page asks of a listed action
            return self._say("confirm", f"This ends the game: {self.words(action)}. Play it?")
        if unselect:
            self.selected = None
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
        anchored = self._anchored()
        chosen, pieces, targets = self._marks(anchored)
        leaving = {action for action, anchor in anchored if anchor.off}
        rows = [(*piece, "chosen" if piece == chosen else "piece", "") for piece in pieces]
        rows += [(*target, "off" if action in leaving else "target", self.state.describe(action, self.seat))
                 for action, target in targets]
        return {column: [row[i] for row in rows] for i, column in enumerate(CHOICE_COLUMNS)}

    def _anchored(self) -> list[tuple[Any, Anchor]]:
        """The human's offered actions that sit on the board, with their anchors."""
        state = self.state
        if self.anchor is None or state.is_over or state.current_player != self.seat:
            return []
        if self.challenge is not None and self._practice()["over"]:  # a challenge over offers nothing, taps included
            return []
        placed = ((action, self.anchor(state, action)) for action in state.legal_actions)
        return [(action, anchor) for action, anchor in placed if anchor is not None]

    def _marks(self, anchored) -> tuple[Point | None, list[Point], list[tuple[Any, Point]]]:
        """What the board marks: the chosen piece (the one tapped, or the only one that can act), every piece
        that may act, and the targets a tap plays now (the chosen piece's, and those needing no piece)."""
        pieces = list(dict.fromkeys(anchor.piece for _, anchor in anchored if anchor.piece is not None))
        chosen = self.selected if self.selected in pieces else (pieces[0] if len(pieces) == 1 else None)
        targets = [(action, anchor.target) for action, anchor in anchored
                   if anchor.target is not None and (anchor.piece is None or anchor.piece == chosen)]
        return chosen, pieces, targets


def _nearest(candidates: list[tuple[Any, Point]], point: Point, radius: float):
    """The (item, place) nearest ``point`` within ``radius``, or ``None``."""
    best = min(candidates, key=lambda c: math.dist(c[1], point), default=None)
    return best if best is not None and math.dist(best[1], point) <= radius else None
