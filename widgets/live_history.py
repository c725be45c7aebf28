"""The history of a live game in JupyterLab: a picker of every log entry, the board as it was after one
(``Session.at``), back to the game, or undo back to it (``Session.rewind``); and the replay that plays itself:
play/pause, a step back and on, a speed, and a slider of the moves, the panel saying the game at the move shown.
A part of :class:`widgets.live.LivePlay`; the page's is sitebuild/static/js/live-play/history.js."""

from __future__ import annotations

import ipywidgets as ipw

from .live_words import said

SPEEDS = (("Slow", 2500), ("Normal", 1400), ("Fast", 700))
"""The replay's speeds: ms a move is shown (the Play widget's interval, counted in the browser)."""


class History:
    """LivePlay's history picker, its buttons and the replay bar (Lab only: the page has its own)."""

    def _make_history(self) -> None:
        self.history = ipw.Dropdown(description="History", layout=ipw.Layout(width="100%"))
        self.see_button = ipw.Button(description="See the board then", icon="eye", layout=ipw.Layout(width="auto"))
        self.back_button = ipw.Button(description="Back to the game", icon="forward", layout=ipw.Layout(width="auto"))
        self.rewind_button = ipw.Button(description="Undo back to here", icon="history",
                                         layout=ipw.Layout(width="auto"))
        self.see_button.on_click(lambda _: self.see(self.history.value))
        self.back_button.on_click(lambda _: self.back())
        self.rewind_button.on_click(lambda _: self.rewind(self.history.value))
        # the replay: the Play widget counts the moves in the browser; each one it shows is Session.at's answer
        self.replay_play = ipw.Play(min=0, max=0, step=1, interval=dict(SPEEDS)["Normal"], show_repeat=False,
                                    description="Replay", layout=ipw.Layout(width="auto"))
        self.replay_move = ipw.IntSlider(min=0, max=0, description="Move", continuous_update=False,
                                         layout=ipw.Layout(flex="1 1 auto", min_width="160px"))
        # linked in the kernel, not the browser: a browser link copies each value it is sent into the other widget
        # and sends that back, late; after a game is brought back (a value, then the game's), the late copy of the
        # first came back as a move picked by hand, and the table showed move 1 as a replay over the game restored
        ipw.link((self.replay_play, "value"), (self.replay_move, "value"))
        self.replay_speed = ipw.Dropdown(options=SPEEDS, value=dict(SPEEDS)["Normal"], description="Speed",
                                         layout=ipw.Layout(width="auto"))
        self.replay_speed.observe(lambda change: setattr(self.replay_play, "interval", change["new"]), names="value")
        self.step_back = ipw.Button(description="◀", tooltip="One move back", layout=ipw.Layout(width="44px"))
        self.step_on = ipw.Button(description="▶", tooltip="One move on", layout=ipw.Layout(width="44px"))
        self.step_back.on_click(lambda _: self.step_replay(-1))
        self.step_on.on_click(lambda _: self.step_replay(+1))
        self.replay_move.observe(self._on_replay_move, names="value")

    def history_rows(self) -> list:
        """The picker and its buttons, as rows of the controls."""
        return [self.history, ipw.HBox([self.see_button, self.back_button, self.rewind_button],
                                       layout=ipw.Layout(flex_flow="row wrap"))]

    def replay_row(self) -> ipw.HBox:
        """The replay bar: play/pause, a step back and on, the moves' slider and the speed."""
        return ipw.HBox([self.replay_play, self.step_back, self.step_on, self.replay_move, self.replay_speed],
                        layout=ipw.Layout(flex_flow="row wrap", align_items="center"))

    def _show_history(self, answer: dict) -> None:
        """The history picker: every log entry, the one viewed (else the newest) picked; the replay bar at it."""
        options = [(f"{e['index']}. {e['who']}: {said(e, self.simple.value)}", e["index"]) for e in answer["log"]]
        if answer["log"] and options[0][1] != 0:  # no setup entry to see: the start is entry 0 all the same
            options.insert(0, ("0. The start", 0))
        self.history.options = options
        indexes = [value for _, value in options]
        if indexes:
            self.history.value = self.viewing if self.viewing in indexes else indexes[-1]
        self.see_button.disabled = self.rewind_button.disabled = not options
        self.back_button.disabled = self.viewing is None
        moves = answer["moves"]
        shown = moves if self.viewing is None else self.viewing
        # every max before any value: a slider whose max is still the old one clamps the value it is given
        for control in (self.replay_play, self.replay_move):
            control.max = moves
        for control in (self.replay_play, self.replay_move):  # (the slider's value then matches: no second view)
            control.value = shown
        if self.viewing is None or self.viewing >= moves:
            self.replay_play.playing = False  # at the end the replay stops: the board is the game as it is

    def _on_replay_move(self, change) -> None:
        """The slider moved (by hand or by the Play widget): the board after that move; the end is the game."""
        move, moves = change["new"], len(self.state.history)
        if self.curtain is not None or move == (self.viewing if self.viewing is not None else moves):
            return
        self.back() if move >= moves else self.see(move)

    def step_replay(self, by: int) -> None:
        """One move back or on, the replay paused."""
        self.replay_play.playing = False
        self.replay_move.value = max(0, min(self.replay_move.max, self.replay_move.value + by))

    def replay(self) -> None:
        """The whole game again from the start, playing itself (the banner's *Replay the game*)."""
        self.see(0)
        self.replay_play.playing = True

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
