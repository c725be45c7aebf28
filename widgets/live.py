"""Live play in JupyterLab: a thin ipywidgets shell over the engine's game flow.

The flow (what is offered, what a choice does, the bot's answer, undo, save
and load, the log from the human's seat) is :class:`explorer.core.session.Session`,
the same class the static site's page runs in its Web Worker. This module
only turns its answers into widgets and clicks into its commands.

Made for a projector: the board on the left, the controls and the log beside
it (the log scrolls), so the whole control fits a 1080-pixel screen; a line
says whose turn and which phase it is; the first legal action is ready to
play; Save downloads a file (nothing of the game is printed on screen) and
Load reads one back, after a kernel restart too. :func:`kept` keeps the game
in progress across a re-run of its cell or of the whole page.

Needs a Python kernel, so on the static site it is labelled live-only and
shows its first position, with a "Play here" button that starts the same
Session in the page (sitebuild/static/js/live-play.js).
"""

from __future__ import annotations

import base64
import html
import secrets
from collections.abc import Callable

import ipywidgets as ipw

from boards.live import board_taps
from explorer.core.session import Session

from .board import CHOICES, TAP_EVENTS, Board, add_choices, make_sources, update_sources, with_choices
from .display import bokeh_widget, live_only
from .links import LAB_LINK_STYLE, RuleLinks

LOG_HEIGHT = "15em"  # the log scrolls inside the control instead of pushing the page down
BOARD_WIDTH = "58%"  # the board beside the controls: both fit a 1920 x 1080 projector screen (a wide table)
REFUSED = "#B8400A"  # the refusal colour, dark enough on white for a projector

_KEPT: dict = {}


def kept(factory: Callable, *args, **kwargs):
    """The game ``factory(*args, **kwargs)`` made the first time, the same object every time after.

    A chapter's cell ``game = kept(SimplePlasticLive, human="green")`` shows the
    game in progress again when it is re-run (or the page is run again after
    a browser refresh): only a kernel restart loses it (a saved file brings it back),
    and the control's *New game* starts another.
    """
    key = (getattr(factory, "__module__", ""), getattr(factory, "__qualname__", repr(factory)), args,
           tuple(sorted(kwargs.items())))
    if key not in _KEPT:
        _KEPT[key] = factory(*args, **kwargs)
    return _KEPT[key]


class LivePlay:
    """A game against ``bots`` (side -> bot); the human plays the other side."""

    def __init__(self, state, board: Board, bots: dict, *, links: RuleLinks, seed: int | None = None,
                 bot: str = "greedy", bot_seed: int = 1, hidden: bool = False, board_width: str = BOARD_WIDTH):
        """The side not in ``bots`` is the human's; the words and the log show what that seat may know.

        ``seed``, ``bot`` and ``bot_seed`` say how the page starts the same game ("Play here" on the site).
        ``hidden``: the game hides cards from the human, so a save (which holds them) comes with a warning.
        ``board_width``: the board's share of the width (a tall board takes less, to fit the screen's height).
        """
        self.session = Session(state=state, bots=bots, bot=bot, bot_seed=bot_seed,
                               seed=seed if seed is not None else state.rng.seed, **board_taps(state.ruleset.name))
        self.board = board
        self.viewer = self.session.human
        self.links = links
        self.hidden = hidden
        self.board_width = board_width
        self.on_show: list[Callable[[dict], None]] = []  # what a ruleset's own controls refresh after each answer
        self.sources = make_sources(with_choices(board.layers(self.state)))
        self.figure = board.draw(self.sources)
        plot = add_choices(self.figure, self.sources)  # figures and targets chosen on the board
        for event in TAP_EVENTS:
            plot.on_event(event, lambda event: self.tap(event.x, event.y))
        self._board_widget = None
        self.turn = ipw.HTML(layout=ipw.Layout(margin="0 0 4px 0"))
        self.actions = ipw.Dropdown(description="Action", layout=ipw.Layout(width="100%"))
        self.play_button = ipw.Button(description="Play", button_style="primary", icon="play")
        self.undo_button = ipw.Button(description="Undo", icon="undo")
        self.new_button = ipw.Button(description="New game", icon="refresh",
                                     tooltip="Start another game of this scenario (a new seed)")
        self.save_button = ipw.Button(description="Save", icon="download", tooltip="Save the game to a file")
        self.load_upload = ipw.FileUpload(accept=".json", multiple=False, description="Load",
                                          tooltip="Load a saved game from a file")
        choices = self.session.bot_choices()
        self.opponent = ipw.Dropdown(options=[(words, name) for name, words in choices.items()],
                                     value=self.session.bot_name if self.session.bot_name in choices else None,
                                     description="Opponent", layout=ipw.Layout(width="100%"),
                                     tooltip="The bot you play against; the strong one looks ahead and thinks longer")
        self.opponent.observe(self._on_opponent, names="value")
        self.saved = ipw.HTML()  # the download link and its warning; never the game itself
        self.status = ipw.HTML()
        self.log = ipw.HTML(layout=ipw.Layout(max_height=LOG_HEIGHT, overflow="auto", border="1px solid #d0cbb8",
                                              padding="0 6px"))
        self.play_button.on_click(lambda _: self.play(self.actions.value))
        self.undo_button.on_click(lambda _: self.undo())
        self.new_button.on_click(lambda _: self.new_game())
        self.save_button.on_click(lambda _: self.save())
        self.load_upload.observe(self._on_upload, names="value")
        self.log.add_class("tsr-live-log")
        self.turn.add_class("tsr-live-turn")
        self._show(self.session.answer())

    @property
    def state(self):
        return self.session.state

    @property
    def play_here(self) -> dict:
        """What the site's "Play here" starts: this game, and the scenarios and sides a reader may pick instead."""
        return {**self.session.config(), "options": self.session.options(), "bots": self.session.bot_choices()}

    @property
    def bots(self) -> dict:
        return self.session.bots

    # -- what a click does: one Session command each ---------------------------------------------
    def play(self, action) -> None:
        """An offered action's number, or any action (an illegal one is refused with its rule)."""
        if action is None:
            self.status.value = html.escape(self._why_nothing(self.session.answer()))
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

    def new_game(self, seed: int | None = None) -> None:
        """The same scenario, settings, sides and bots, dealt or rolled from a new seed."""
        seed = secrets.randbelow(10**6) if seed is None else seed
        self.saved.value = ""
        self._show(self.session.new_game(seed=seed))

    def set_bot(self, name: str) -> None:
        """Play against the ruleset's bot ``name`` from now on (the game goes on as it is)."""
        self._show(self.session.set_bot(name))
        if self.opponent.value != self.session.bot_name:
            self.opponent.value = self.session.bot_name

    def _on_opponent(self, change) -> None:
        if change["new"] is not None and change["new"] != self.session.bot_name:
            self.set_bot(change["new"])

    def save(self) -> str:
        """Offer the whole game as a file to download; the game is not shown on screen. Returns the JSON."""
        text = self.session.save()
        data = base64.b64encode(text.encode("utf-8")).decode("ascii")
        name = f"{self.session.ruleset.name}-{self.session.scenario}-round{self.state.round}.json"
        warning = (" <b>The file holds the whole game, the bot's hidden cards included:</b> do not open it on "
                   "the projector." if self.hidden else "")
        self.saved.value = (f'<a class="tsr-save" style="{LAB_LINK_STYLE}" download="{html.escape(name)}" '
                            f'href="data:application/json;base64,{data}">⬇ Download {html.escape(name)}</a>'
                            f".{warning} Load it again with <i>Load</i>, after a kernel restart too.")
        self.status.value = "Saved: download the file to keep the game."
        return text

    def load(self, text: str) -> None:
        self._show(self.session.load(text))

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        self.load_upload.value = ()  # the same file can be loaded again
        self.load(bytes(content).decode("utf-8", errors="replace"))

    # -- showing an answer ------------------------------------------------------------------------
    def _show(self, answer: dict) -> None:
        update_sources(self.sources, {**self.board.layers(self.state), CHOICES: self.session.choices()})
        self.turn.value = f'<b style="font-size:1.15em">{html.escape(self._turn_line(answer))}</b>'
        self.log.value = self._log(answer["log"])
        # the offered actions, in the Session's order (its numbers are their positions)
        offered = list(self.state.legal_actions) if answer["actions"] else []
        self.actions.options = [(item["text"], offered[item["id"]]) for item in answer["actions"]]
        self.actions.index = 0 if self.actions.options else None  # the first legal action is ready to play
        self.actions.disabled = self.play_button.disabled = not self.actions.options
        self.undo_button.disabled = not answer["can_undo"]
        self.status.value = self._status(answer)
        for refresh in self.on_show:
            refresh(answer)

    @staticmethod
    def _turn_line(answer: dict) -> str:
        return answer["outcome"]["line"] if answer["outcome"] is not None else answer["turn"]["line"]

    @staticmethod
    def _why_nothing(answer: dict) -> str:
        """Why no action is offered (the menu is empty), or an empty string if some are."""
        if answer["actions"]:
            return ""
        if answer["outcome"] is not None:
            return "Nothing to play: the game is over. Press New game to play again."
        return f"Nothing to play yet: it is {answer['turn']['to_act']}'s turn."

    def _status(self, answer: dict) -> str:
        message = answer["message"]
        if message is not None and message["kind"] == "refused":
            rule = f" {self.links.link(message['rule']['key'])}" if message.get("rule") else ""
            return f'<span style="color:{REFUSED}">{html.escape(message["text"])}</span>{rule}'
        if message is not None and message["kind"] == "error":
            return f'<span style="color:{REFUSED}">{html.escape(message["text"])}</span>'
        parts = [html.escape(message["text"])] if message is not None else []
        if answer["outcome"] is not None:
            parts.append(f"<b>{html.escape(answer['outcome']['line'])}</b>")
        why = self._why_nothing(answer)
        if why:
            parts.append(html.escape(why))
        return " ".join(parts)

    def _log(self, entries: list[dict]) -> str:
        """Newest first; each event with links to its rules."""
        parts = []
        for entry in reversed(entries):
            items = "".join(f"<li>{html.escape(e['text'])} {self.links.links(e['rules'])}</li>"
                            for e in entry["events"])
            events = f"<ul>{items}</ul>" if items else "<p><i>Nothing happened.</i></p>"
            parts.append(f"<b>{html.escape(entry['who'])}: {html.escape(entry['text'])}</b>{events}")
        return "".join(parts)

    # -- the control ------------------------------------------------------------------------------
    def board_widget(self):
        """The board as one widget, made once (a figure belongs to one document), shown as often as asked.

        Shown again (the cell re-run, perhaps in a refreshed window), it is first brought up to date: a
        new view draws from the widget's stored bundle, which the moves since were only patches to."""
        if self._board_widget is None:
            self._board_widget = bokeh_widget(self.figure)
        elif hasattr(self._board_widget, "update_from_model"):
            self._board_widget.update_from_model(self.figure)
        return self._board_widget

    def widget(self, extra: tuple = ()):
        """Board on the left; turn line, menu, buttons, status, ``extra`` rows (a ruleset's "try anything")
        and the scrolling log on the right. The same widgets every call: a re-display shows the same game."""
        buttons = ipw.HBox([self.play_button, self.undo_button, self.new_button, self.save_button,
                            self.load_upload], layout=ipw.Layout(flex_flow="row wrap"))
        controls = ipw.VBox([self.turn, self.actions, buttons, self.status, *extra, self.opponent, self.saved,
                             ipw.HTML("<b>Log</b> (newest first; a rule link opens in a new tab):"), self.log],
                            layout=ipw.Layout(flex="1 1 0", min_width="320px", padding="0 0 0 12px"))
        board = ipw.Box([self.board_widget()], layout=ipw.Layout(width=self.board_width, flex="0 0 auto"))
        return live_only(ipw.HBox([board, controls], layout=ipw.Layout(width="100%", align_items="flex-start")),
                         play=self.play_here)
