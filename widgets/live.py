"""Live play in JupyterLab: the engine's legal actions, a bot opponent, undo, save.

Needs a Python kernel, so on the static site it is labelled live-only and
shows its first position. A choice becomes an engine action; what is shown
comes from the engine's answer: its events, or the rule that forbids it.
"""

from __future__ import annotations

import html

import ipywidgets as ipw

from explorer.core.errors import RuleViolation, SaveGameError

from .board import Board, make_sources, update_sources
from .display import bokeh_widget, live_only
from .links import RuleLinks


class LivePlay:
    """A game against ``bots`` (side -> bot); the human plays the other sides."""

    def __init__(self, state, board: Board, bots: dict, *, links: RuleLinks):
        """The sides not in ``bots`` are the human's; the words and the log show what that seat may know."""
        self.state = state
        self.board = board
        self.bots = bots
        # The human's seat: what the log and the words show are what this player may know.
        self.viewer = next((side for side in state.sides if side not in bots), None)
        self.links = links
        self.sources = make_sources(board.layers(state))
        self.figure = board.draw(self.sources)
        self.actions = ipw.Dropdown(description="Action", layout=ipw.Layout(width="100%"))
        self.play_button = ipw.Button(description="Play", button_style="primary")
        self.undo_button = ipw.Button(description="Undo")
        self.save_button = ipw.Button(description="Save")
        self.load_button = ipw.Button(description="Load")
        self.saved = ipw.Textarea(placeholder="A saved game (JSON) appears here; paste one to load it.",
                                  layout=ipw.Layout(width="100%", height="4em"))
        self.status = ipw.HTML()
        self.log = ipw.HTML()
        self.play_button.on_click(lambda _: self.play(self.actions.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.save_button.on_click(lambda _: self.save())
        self.load_button.on_click(lambda _: self.load(self.saved.value))
        self._run_bots()
        self._refresh()

    # -- what a click does -------------------------------------------------------
    def play(self, action) -> None:
        if action is None:
            return
        words = self.state.describe(action, self.viewer)  # asked before the action changes the position
        try:
            events = self.state.apply(action)
        except RuleViolation as violation:
            self.status.value = f'<span style="color:#D55E00">Not allowed: {html.escape(str(violation))}</span>'
            return
        self.status.value = ""  # an earlier refusal no longer applies
        self._show_events(words, events)
        self._run_bots()
        self._refresh()

    def undo(self) -> None:
        # Undo the bots' replies too, back to the human's last decision.
        if not self.state.history:
            self.status.value = "Nothing to undo."
            return
        self.state.undo()
        while self.state.history and self.state.current_player in self.bots:
            self.state.undo()
        self.status.value = "Undone."
        self._refresh()

    def save(self) -> None:
        self.saved.value = self.state.to_json()
        self.status.value = "Saved below: copy the text to keep the game."

    def load(self, text: str) -> None:
        try:
            self.state = type(self.state).from_json(text)
        except SaveGameError as error:
            self.status.value = f'<span style="color:#D55E00">Cannot load: {html.escape(str(error))}</span>'
            return
        self.status.value = "Loaded."
        self._refresh()

    # -- helpers -------------------------------------------------------------------
    def _run_bots(self, limit: int = 500) -> None:
        for _ in range(limit):
            if self.state.is_over or self.state.current_player not in self.bots:
                return
            action = self.bots[self.state.current_player](self.state)
            words = self.state.describe(action, self.viewer)
            self._show_events(words, self.state.apply(action), who="Bot")

    def _show_events(self, words: str, events, who: str = "You") -> None:
        shown = [e for e in events if e.visible_to(self.viewer)]
        entry = f"<b>{who}: {html.escape(words)}</b>" + self.links.events(shown)
        self.log.value = entry + self.log.value

    def _refresh(self) -> None:
        update_sources(self.sources, self.board.layers(self.state))
        if self.state.is_over:
            outcome = self.state.outcome
            self.status.value = f"<b>Game over:</b> {html.escape(outcome.winner or 'draw')} ({html.escape(outcome.reason)})"
            self.actions.options = []
            return
        self.actions.options = [(self.state.describe(a, self.viewer), a) for a in self.state.legal_actions]

    def widget(self):
        controls = ipw.HBox([self.play_button, self.undo_button, self.save_button, self.load_button])
        return live_only(ipw.VBox([bokeh_widget(self.figure), self.actions, controls, self.status, self.saved, self.log]))
