"""The history of a live game in JupyterLab: a picker of every log entry, the board as it was after one
(``Session.at``), back to the game, or undo back to it (``Session.rewind``). A part of
:class:`widgets.live.LivePlay`; the page's is sitebuild/static/js/live-play/history.js."""

from __future__ import annotations

import ipywidgets as ipw


class History:
    """LivePlay's history picker and its buttons (Lab only: the page has its own)."""

    def _make_history(self) -> None:
        self.history = ipw.Dropdown(description="History", layout=ipw.Layout(width="100%"))
        self.see_button = ipw.Button(description="See the board then", icon="eye", layout=ipw.Layout(width="auto"))
        self.back_button = ipw.Button(description="Back to the game", icon="forward", layout=ipw.Layout(width="auto"))
        self.rewind_button = ipw.Button(description="Undo back to here", icon="history",
                                         layout=ipw.Layout(width="auto"))
        self.see_button.on_click(lambda _: self.see(self.history.value))
        self.back_button.on_click(lambda _: self.back())
        self.rewind_button.on_click(lambda _: self.rewind(self.history.value))

    def history_rows(self) -> list:
        """The picker and its buttons, as rows of the controls."""
        return [self.history, ipw.HBox([self.see_button, self.back_button, self.rewind_button],
                                       layout=ipw.Layout(flex_flow="row wrap"))]

    def _show_history(self, answer: dict) -> None:
        """The history picker: every log entry, the one viewed (else the newest) picked."""
        options = [(f"{e['index']}. {e['who']}: {e['text']}", e["index"]) for e in answer["log"]]
        if answer["log"] and options[0][1] != 0:  # no setup entry to see: the start is entry 0 all the same
            options.insert(0, ("0. The start", 0))
        self.history.options = options
        indexes = [value for _, value in options]
        if indexes:
            self.history.value = self.viewing if self.viewing in indexes else indexes[-1]
        self.see_button.disabled = self.rewind_button.disabled = not options
        self.back_button.disabled = self.viewing is None

    def see(self, entry: int | None) -> None:
        """The board as it was after history entry ``entry`` (the game is not changed)."""
        if entry is not None:
            self._show(self.session.at(entry))

    def back(self) -> None:
        """Back to the game as it is, from a history view."""
        self._show(self.session.answer())

    def rewind(self, entry: int | None) -> None:
        """Undo back to just after history entry ``entry`` and play on from there."""
        if entry is not None:
            self._show(self.session.rewind(entry))
