"""The Session's answer to every command: where the game stands from the seat's view, as a JSON-able dict
(whose turn, the actions on offer, the log, the outcome with the end-of-game banner's offers, the board's
layers), and the same answer with the board as it was after any history entry."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..state import GameState
from .history import last_rows
from .opponents import PERSON, STRENGTH
from .taps import CHOICE_COLUMNS


class Answers:
    """What every command answers (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def answer(self, message: dict | None = None) -> dict:
        """Where the game stands, from the seat's view (:attr:`seat`), with what the last command has to say
        (``message``)."""
        state = self.state
        seat = self.seat
        outcome = state.outcome
        practice = self._practice()
        done = practice is not None and practice["over"]
        offered = [] if outcome is not None or done or self.deciding is None else list(state.legal_actions)
        answer = {
            "ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed,
            "human": self.human, "bot": self.bot_name if self.bots else PERSON, "mode": self.mode,
            "seat": seat, "hidden": hides_information(state),
            "turn": self._turn(),
            "actions": [{"id": i, "text": state.describe(a, seat), "words": self.words(a), "action": a.to_dict(),
                         **({"ends": True} if self._ends_surely(a) else {})} for i, a in enumerate(offered)],
            "log": self.log(),
            "moves": len(state.history),
            "last": self.last(),
            "step": self.step(offered),
            "outcome": None if outcome is None else self._outcome(outcome, seat),
            "can_undo": self._undo_point() is not None,
            "message": message,
        }
        if practice is not None:
            answer["challenge"] = practice
        setting = self.setup_answer()
        if setting is not None:
            answer["setup"] = setting
        making = self.making_answer()
        if making is not None:
            answer["making"] = making
        layers = self._layers_of(seat)
        if layers is not None:
            answer["layers"] = layers(state)
            if self.anchor is not None and setting is not None:  # setting up: the picked piece marked, no action
                answer["layers"]["choices"] = self.setup_choices()
                answer["layers"]["last"] = self.last_layer()
                answer["marks"] = []
            elif self.anchor is not None:
                answer["layers"]["choices"] = self.choices()
                answer["layers"]["last"] = self.last_layer()
                answer["marks"] = self.marks()  # the same marks, each with its words (the keyboard's, keys.js)
                proposed = self.proposed_ends() if self.ruler is not None else None
                if proposed is not None:  # the ruler measures the move asked about, not the last one
                    answer["layers"]["ruler"] = self.ruler(proposed)
        return answer

    def at(self, entry: int) -> dict:
        """The answer with the board as it was after history entry ``entry`` (0: the start) and ``viewing``: a view
        for stepping through the log or replaying a finished game; the game itself is not changed. The ``last``
        layer marks that entry's action; nothing is offered to tap."""
        entries = len(self.state.history)
        if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= entries:
            return self._say("error", f"No entry {entry!r} to look at: the game has entries 0 to {entries}.")
        answer = self.answer()
        layers = self._layers_of(self.seat)
        if layers is not None:
            then = self.state.clone()
            while len(then.history) > entry:
                then.undo()
            answer["layers"] = layers(then)
            if self.anchor is not None:
                answer["layers"]["choices"] = {column: [] for column in CHOICE_COLUMNS}
                answer["layers"]["last"] = last_rows(self._entry_places(entry))
        answer["viewing"] = entry
        return answer

    def _turn(self) -> dict:
        state = self.state
        seat = self.seat
        to_act = state.current_player
        parts = [f"Round {state.round}"]
        phase = getattr(state.position, "phase", None)
        pending = state.pending if to_act is not None else None
        if to_act is None:
            parts.append("the game is over")
        else:
            parts.append(("your turn" if to_act == seat else f"{to_act} to act") + f" ({to_act})")
            if isinstance(phase, str):
                parts.append(f"phase: {phase.replace('_', ' ')}")
        line = " · ".join(parts + ([f"{pending.player} must {pending.prompt}"] if pending is not None else []))
        if pending is not None:  # the simple mode's words: the figures it names as the board shows them
            who = "you" if pending.player == seat else pending.player
            parts.append(self._plain(state, None, f"{who} must {pending.prompt}")[0])
        return {"round": state.round, "to_act": to_act, "yours": to_act == seat,
                "phase": phase if isinstance(phase, str) else None, "line": line, "words": " · ".join(parts)}

    def _outcome(self, outcome, seat: str) -> dict:
        """The end of the game: who won and why, with the seat's result and a headline to show over the board."""
        winner = outcome.winner
        if winner is None:
            result, headline = "draw", "Draw"
        elif not self.bots:
            result, headline = "won", f"{winner.capitalize()} wins"
        else:
            result = "won" if winner == seat else "lost"
            headline = f"You {result}"
        reason = outcome.reason
        return {"winner": winner, "reason": reason, "kind": outcome.kind.value,
                "line": f"Game over: {winner or 'a draw'}{' wins' if winner else ''} ({reason}).",
                "result": result, "headline": headline, "why": reason[:1].upper() + reason[1:].rstrip(".") + ".",
                "offers": self._offers()}

    def _offers(self) -> list[dict]:
        """The end-of-game banner's buttons, for every front end: ``do`` is what each does ("again": a new game
        of this scenario, "swap": :meth:`swap`, "stronger": :meth:`set_bot` to ``bot`` and a new game)."""
        offers = [{"do": "again", "text": "Play again"}]
        if self.bots:  # two people just play again; against a bot, the other side is worth a try
            offers.append({"do": "swap", "text": "Swap sides"})
        stronger = next((name for name in STRENGTH[STRENGTH.index(self.bot_name) + 1:] if name in self.ruleset.bots),
                        None) if self.bots and self.bot_name in STRENGTH else None
        if stronger is not None:
            offers.append({"do": "stronger", "text": "Stronger opponent", "bot": stronger})
        return offers

    def _layers_of(self, seat: str | None) -> Callable[[GameState], Any] | None:
        """The board layers drawn for ``seat``: its own (``seat_layers``), else the one ``layers`` given."""
        if self.seat_layers is None or seat is None:
            return self.layers
        if seat not in self._seat_layers:
            self._seat_layers[seat] = self.seat_layers(seat)
        return self._seat_layers[seat]

    def _rule(self, ref) -> dict:
        """A rule reference as answers give it: its key, and its section's title when it is this ruleset's."""
        section = self.ruleset.sections.get(ref.section) if ref.ruleset == self.ruleset.name else None
        return {"key": ref.key, "title": section.title if section else ref.key}


def decision_is_private(state: GameState) -> bool:
    """Whether the decision now needs what only its player may see (its cards in hand), so that two people on one
    screen pass the device for it: the ruleset's state says so where it knows better (``decision_is_private()``:
    Phlog's joker window when no hand can hold a joker); by default every decision does."""
    says = getattr(state, "decision_is_private", None)
    return True if says is None else says()


def hides_information(state: GameState) -> bool:
    """Whether sides hide things from each other (cards in hand): the ruleset gives each player its own view
    (``GameState.view``'s contract), so two people on one screen need a curtain between turns."""
    return type(state).view is not GameState.view
