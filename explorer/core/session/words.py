"""Actions in plain words, for the simple mode: figures named as the board shows them, places said instead
of coordinates, compass letters spelt out; and the simple mode's one-button next step."""

from __future__ import annotations

import dataclasses
import re

from ..errors import RuleViolation
from ..state import GameState


COORDINATES = re.compile(r"(?: (?:to|at))? \((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
"""A place in an action's words: " to (9.0, 15.0)", " at (5, 2)" (said instead by the board's ``place``)."""
ID_LIKE = re.compile(r"(?<![\w-])(?=[\w-]*[\d-])[a-z][\w-]*(?![\w-])")
"""A word that may be a figure's id ("tan-2", "g1"): a letter first, and a digit or hyphen in it."""
RULE_KEY = re.compile(r"\s*\((?:rule [\w.:-]+|[A-Z][a-z]+(?:[A-Z][a-z]+)+)\)")
"""What a refusal's reason adds for the expert: " (rule simple_plastic:turn)", an action's kind " (MoveSquad)";
the simple mode's words leave them out (its "why?" opens the rule)."""
OUT_OF_THE_GAME = ": out of the game"
"""What a move that takes its own figure out of play (off the table, into a pit) adds to its words, so a child
never walks a figure out of the game unawares."""
COMPASS = {"N": "north", "S": "south", "E": "east", "W": "west",
           "NE": "north-east", "NW": "north-west", "SE": "south-east", "SW": "south-west"}
COMPASS_LETTERS = re.compile(r"\b(NE|NW|SE|SW|N|S|E|W)\b")


def whole_percent(p) -> int:
    """A chance as a whole percentage, never 0 nor 100 unless it is exactly that (a 1-in-300 chance is 1 %)."""
    return 0 if p == 0 else 100 if p == 1 else min(99, max(1, round(float(p) * 100)))


class Words:
    """Actions in plain words (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def words(self, action) -> str:
        """``action`` in plain words with no coordinates nor figure ids, for the simple mode: its words from the
        seat with each figure named by the board's ``name`` and each place said by its ``place`` ("your
        sargent moves next to the hedge"), compass letters spelt out, and a move to a square of note said so
        ("step east onto the pit")."""
        state = self.state
        text, said = self._plain(state, action, state.describe(action, self.seat))
        if not said and self.place is not None:
            told = self._tell(state, action).place
            where = self.place(state, told[1]) if told is not None and told[1] is not None else ""
            text += f" {where}" if where else ""
        if self._leaves_the_game(state, action):
            text += OUT_OF_THE_GAME
        return text + self._chance_said(state, action)

    def _chance_said(self, state: GameState, action) -> str:
        """What the ruleset's ``chance_words`` add to ``action``'s words: its chance of coming off, from the
        engine's exact odds (": 58 % to reach"); ``""`` for an action not left to chance or sure to come off."""
        words = self.ruleset.chance_words.get(type(action).__name__)
        try:
            odds = state.chance(action) if words else None
        except RuleViolation:  # not playable here (words asked of an action from another position): no chance
            return ""
        if odds is None or odds.probability(True) == 1:
            return ""
        return ": " + words.format(chance=whole_percent(odds.probability(True)))

    def _leaves_the_game(self, state: GameState, action) -> bool:
        """Whether the board marks ``action`` apart as taking its figure out of the game (:attr:`Anchor.off`)."""
        if self.anchor is None:
            return False
        try:
            anchor = self.anchor(state, action)
        except (KeyError, AttributeError, TypeError, ValueError):  # not on the board in this position
            return False
        return anchor is not None and anchor.off

    def _plain(self, state: GameState, action, text: str, seat: str | None = None) -> tuple[str, int]:
        """``text``, a sentence about ``action`` played or offered in ``state`` (``None``: a sentence of no action,
        as a decision pending), in plain words from ``seat``'s side (by default the Session's seat): the figures
        the action names as the board shows them, each place said by the board's ``place``, compass letters
        and the source's shorthand (the ruleset's ``plain_terms``) spelt out; and how many places were said."""
        if self.name is not None:
            text = self._named(state, action, text, self.seat if seat is None else seat)
        said = 0
        if self.place is not None:
            def place(match) -> str:
                where = self.place(state, (float(match[1]), float(match[2])))
                return f" {where}" if where else ""
            text, said = COORDINATES.subn(place, text)
        for term, plain in self.ruleset.plain_terms.items():
            text = re.sub(rf"\b{re.escape(term)}\b", plain, text)
        return COMPASS_LETTERS.sub(lambda match: COMPASS[match[1]], text), said

    def _refusal(self, state: GameState, action, reason: str) -> str:
        """A refusal's reason in plain words: figures named, places said, no rule key nor action kind."""
        return RULE_KEY.sub("", self._plain(state, action, reason)[0])

    def _named(self, state: GameState, action, text: str, seat: str | None) -> str:
        """``text`` with every figure the action names (a field's value the board's ``name`` knows) said as the
        board shows it from ``seat``, named once per position and seat however many actions name it."""
        position, named_for, names = self._names
        if position is not state.position or named_for != seat:
            names = {}
            self._names = (state.position, seat, names)
        values = [getattr(action, f.name) for f in dataclasses.fields(action)] if action is not None else []
        values.append(tuple(ID_LIKE.findall(text)))  # a figure the rules name without the action naming it
        said = {}
        player = getattr(action, "player", None)
        for value in (v for item in values for v in (item if isinstance(item, tuple) else (item,))):
            if isinstance(value, str) and value != player:
                if value not in names:
                    names[value] = self.name(state, value, seat)
                if names[value]:
                    said[value] = names[value]
        if not said:
            return text
        ids = "|".join(re.escape(value) for value in sorted(said, key=len, reverse=True))
        return re.sub(rf"(?<![\w-])(?:{ids})(?![\w-])", lambda match: said[match[0]], text)

    def step(self, offered: list) -> dict | None:
        """The one-button next step of the simple mode among the ``offered`` actions: the first the ruleset
        declares as moving the game on (``Ruleset.next_step``: end of move, end of turn, pass), with its
        button's words, else the only action offered; ``None`` when neither is offered."""
        phase = getattr(self.state.position, "phase", None)
        phase = phase.replace("_", " ") if isinstance(phase, str) else "turn"
        for kind, words in self.ruleset.next_step.items():
            found = next((i for i, action in enumerate(offered) if type(action).__name__ == kind), None)
            if found is not None:
                why = self.ruleset.next_step_why.get(kind)
                return {"id": found, "text": words.format(phase=phase), **({"why": why} if why else {})}
        if len(offered) == 1:  # the button says it as the simple mode does: no figure ids, no coordinates
            words = self.words(offered[0])
            return {"id": 0, "text": words[:1].upper() + words[1:]}
        return None
