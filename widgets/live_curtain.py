"""Two people on one screen in JupyterLab, where cards are hidden: a "pass the device" curtain between turns, and
each seat's own board (drawn once, then kept; drawn anew for another scenario's table). A part of :class:`widgets.live.LivePlay`; the page's is
sitebuild/static/js/live-play/curtain.js."""

from __future__ import annotations

import html

import ipywidgets as ipw

from .board import update_sources
from .display import close_bokeh_widget


class Curtain:
    """LivePlay's curtain (``curtain_box``, above the board in Lab) and its seats' boards."""

    def _make_curtain(self) -> None:
        self.curtain: str | None = None  # two people, cards hidden: the side the device is passed to, until it says so
        self.curtain_words = ipw.HTML()
        self.show_button = ipw.Button(button_style="primary", icon="eye", layout=ipw.Layout(width="auto"))
        self.show_button.on_click(lambda _: self.lift_curtain())
        self.curtain_box = ipw.VBox([self.curtain_words, self.show_button], layout=ipw.Layout(display="none"))

    def _close_curtain(self, seat: str) -> None:
        """Two people, cards hidden: the next player's turn behind a curtain. Nothing of either hand stays in the
        widgets (the board's data emptied, the menu, log and words cleared) until ``seat`` says it is them."""
        self.curtain = seat
        boards = [(self.sources, self.figure, self._board_widget),
                  *((drawn[1], drawn[2], drawn[4]) for drawn in self._drawn.values())]
        for sources, figure, widget in boards:  # every seat's board, and the state its widget keeps in the browser
            update_sources(sources, {name: {column: [] for column in source.data} for name, source in sources.items()})
            if hasattr(widget, "update_from_model"):  # a Lab board's model holds its document as first drawn
                widget.update_from_model(figure)
        self.actions.options, self.history.options = [], []
        self.log.value = self.last_words.value = self.card.value = self.status.value = self.key.value = ""
        self._ask(None)
        self._show_banner(None)
        self.turn.value = f'<b style="font-size:1.15em">{html.escape(seat.capitalize())} to play</b>'
        self.curtain_words.value = (f'<div style="font-size:1.4em;padding:1em 0">Pass the device to '
                                    f'<b>{html.escape(seat)}</b>. Only {html.escape(seat)} should look now.</div>')
        self.show_button.description = f"I am {seat}: show my board"
        self.curtain_box.layout.display = None
        self._board_box.layout.display = self._controls_layout.display = "none"
        for refresh in self.on_show:
            refresh(None)

    def _open_curtain(self) -> None:
        """The curtain down (the board and controls back), before an answer is shown."""
        self.curtain = None
        self.curtain_box.layout.display = "none"
        self._board_box.layout.display = self._controls_layout.display = None

    def lift_curtain(self) -> None:
        """The side behind the curtain is at the screen: its board, hand and menu."""
        if self.curtain is not None:
            self._seat_board(self.curtain)
            self._show(self.session.answer())

    def _refit(self, seat: str) -> None:
        """A game on another table (a New game or a load of another scenario): ``seat``'s board drawn anew, so it
        keeps the new table's proportions and fills its place (:func:`widgets.live.board_width`); the boards drawn
        for the old table are closed, their models gone from the browser."""
        old = [self._board_widget, *(drawn[4] for drawn in self._drawn.values())]
        self._drawn = {}
        self.viewer = seat
        self._draw(self.board_for(seat))
        for widget in old:
            if widget is not None and widget is not self._board_widget:
                close_bokeh_widget(widget)

    def _seat_board(self, seat: str) -> None:
        """Show ``seat``'s board: drawn the first time, then kept, so two people take turns without a redraw."""
        self._drawn[self.viewer] = (self.board, self.sources, self.figure, self._cards, self._board_widget)
        self.viewer = seat
        if seat not in self._drawn:
            self._draw(self.board_for(seat))
            return
        self.board, self.sources, self.figure, self._cards, self._board_widget = self._drawn[seat]
        self._fit_board()
        self._board_box.children = (self.board_widget(),) if self._board_box.children else ()
