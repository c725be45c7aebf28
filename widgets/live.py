"""Live play in JupyterLab: a thin ipywidgets shell over the engine's game flow.

The flow (what is offered, what a choice does, the bot's answer, undo, save
and load, the log from the human's seat) is :class:`explorer.core.session.Session`,
the same class the static site's page runs in its Web Worker. This module
only turns its answers into widgets and clicks into its commands.

Needs a Python kernel, so on the static site it is labelled live-only and
shows its first position, with a "Play here" button that starts the same
Session in the page (sitebuild/static/js/live-play.js).
"""

from __future__ import annotations

import html

import ipywidgets as ipw

from boards.live import board_taps
from explorer.core.session import Session

from .board import CHOICES, TAP_EVENTS, Board, add_choices, make_sources, update_sources, with_choices
from .display import bokeh_widget, live_only
from .links import RuleLinks

class LivePlay:
    """A game against ``bots`` (side -> bot); the human plays the other side."""

    def __init__(self, state, board: Board, bots: dict, *, links: RuleLinks, seed: int | None = None,
                 bot: str = "greedy", bot_seed: int = 1):
        """The side not in ``bots`` is the human's; the words and the log show what that seat may know.

        ``seed``, ``bot`` and ``bot_seed`` say how the page starts the same game ("Play here" on the site).
        """
        self.session = Session(state=state, bots=bots, bot=bot, bot_seed=bot_seed,
                               seed=seed if seed is not None else state.rng.seed, **board_taps(state.ruleset.name))
        self.board = board
        self.viewer = self.session.human
        self.links = links
        self.sources = make_sources(with_choices(board.layers(self.state)))
        self.figure = board.draw(self.sources)
        plot = add_choices(self.figure, self.sources)
        for event in TAP_EVENTS:
            plot.on_event(event, lambda event: self.tap(event.x, event.y))
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
        self._show(self.session.answer())

    @property
    def state(self):
        return self.session.state

    @property
    def play_here(self) -> dict:
        """What the site's "Play here" starts: this game, and the scenarios and sides a reader may pick instead."""
        return {**self.session.config(), "options": self.session.options()}

    @property
    def bots(self) -> dict:
        return self.session.bots

    # -- what a click does: one Session command each ---------------------------------------------
    def play(self, action) -> None:
        """An offered action's number, or any action (an illegal one is refused with its rule)."""
        if action is None:
            return
        if isinstance(action, int) and not isinstance(action, bool):
            self._show(self.session.play(action))
        else:
            self._show(self.session.try_action(action.to_dict()))

    def tap(self, x: float, y: float) -> None:
        """A tap on the board: choose a figure, then where it goes or whom it attacks."""
        self._show(self.session.tap(x, y))

    def undo(self) -> None:
        self._show(self.session.undo())

    def save(self) -> None:
        self.saved.value = self.session.save()
        self.status.value = "Saved below: copy the text to keep the game."

    def load(self, text: str) -> None:
        self._show(self.session.load(text))

    # -- showing an answer ------------------------------------------------------------------------
    def _show(self, answer: dict) -> None:
        update_sources(self.sources, {**self.board.layers(self.state), CHOICES: self.session.choices()})
        self.status.value = self._status(answer)
        self.log.value = self._log(answer["log"])
        state = self.state
        if answer["outcome"] is not None:
            self.actions.options = []
            return
        # the offered actions, in the Session's order (its numbers are their positions)
        offered = list(state.legal_actions) if answer["actions"] else []
        self.actions.options = [(item["text"], offered[item["id"]]) for item in answer["actions"]]

    def _status(self, answer: dict) -> str:
        message = answer["message"]
        if answer["outcome"] is not None and (message is None or message["kind"] != "refused"):
            outcome = answer["outcome"]
            return (f"<b>Game over:</b> {html.escape(outcome['winner'] or 'draw')} "
                    f"({html.escape(outcome['reason'])})")
        if message is None:
            return ""
        if message["kind"] == "note":
            return html.escape(message["text"])
        rule = f" {self.links.link(message['rule']['key'])}" if message.get("rule") else ""
        return f'<span style="color:#D55E00">{html.escape(message["text"])}</span>{rule}'

    def _log(self, entries: list[dict]) -> str:
        """Newest first; each event with links to its rules."""
        parts = []
        for entry in reversed(entries):
            items = "".join(f"<li>{html.escape(e['text'])} {self.links.links(e['rules'])}</li>"
                            for e in entry["events"])
            events = f"<ul>{items}</ul>" if items else "<p><i>Nothing happened.</i></p>"
            parts.append(f"<b>{html.escape(entry['who'])}: {html.escape(entry['text'])}</b>{events}")
        return "".join(parts)

    def widget(self):
        controls = ipw.HBox([self.play_button, self.undo_button, self.save_button, self.load_button])
        return live_only(ipw.VBox([bokeh_widget(self.figure), self.actions, controls, self.status, self.saved, self.log]),
                         play=self.play_here)
