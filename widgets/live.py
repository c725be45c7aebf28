"""Live play in JupyterLab: a thin ipywidgets shell over the engine's game flow.

The flow (what is offered, what a choice does, the bot's answer, undo, save
and load, the log from the human's seat) is :class:`explorer.core.session.Session`,
the same class the static site's page runs in its Web Worker. This module
only turns its answers into widgets and clicks into its commands.

Made for a projector: the board on the left takes most of the width (as much
as the screen's height allows), the controls and the log beside it (the log
scrolls), so the whole control fits a 1080-pixel screen; a line says whose
turn and which phase it is; the first legal action is ready to play; pickers
choose the scenario and side of the next game; Save downloads a file (nothing
of the game is printed on screen) and Load reads one back, after a kernel
restart too. During play the board's hover card is off (it would cover the
spots just offered): what a tap finds is told beside the board instead.
:func:`kept` keeps the game in progress across a re-run of its cell or of the
whole page.

As on the page: the other side's actions since yours are marked on the board
(the Session's ``last`` layer) and said beside it, a sentence a step; simple
mode (Lab's first) says it all in plain words; the marks' key is folded; at
the end a banner says who won and why, with the Session's offers (play again,
swap sides, a stronger bot), a replay and the board; a history picker and a
replay that plays itself show the board after any log entry (``Session.at``)
or undo back to it (``Session.rewind``); a New game on another table draws the
board anew; and "another person on this screen" plays the other side, each
seat seeing its own board, with a "pass the device" curtain between turns
where cards are hidden (in every widget model too).

Its parts by idea: the words beside the board (widgets/live_words.py), the marks' key (live_key.py), the end
banner (live_banner.py), the history and replay (live_history.py), the seats' boards and curtain (live_curtain.py),
*Set up the table* (live_setup.py) and *Make it a challenge* (live_make.py).

Needs a Python kernel, so on the static site it is labelled live-only and shows its first position, with a
"Play here" button that starts the same Session in the page (sitebuild/static/js/live-play.js).
"""

from __future__ import annotations

import base64
import html
import secrets
from collections.abc import Callable

import ipywidgets as ipw
from bokeh.models import HoverTool, Plot

from boards.live import board_taps
from explorer.core.session import Session

from .board import (
    CHOICES, LAST, TAP_EVENTS, Board, add_choices, finger_reach, grow_with_width, make_sources, show_whole, toy_table,
    update_sources, with_choices,
)
from .display import bokeh_widget, live_only
from .keep import keep, restart_notice
from .links import LAB_LINK_STYLE, RuleLinks, in_lab
from .live_banner import EndBanner
from .live_curtain import Curtain
from .live_history import History
from .live_make import ChallengeMaker
from .live_setup import SetupEditor
from .live_key import key_html
from .tabletop_board import name_lone_figures
from .live_words import card_words, log_html, other_turn_html, said, status_html, turn_line, why_nothing

LOG_HEIGHT = "15em"  # the log scrolls inside the control instead of pushing the page down
BOARD_SHARE = 0.7  # the board's share of the width beside the controls: most of a projector's 1920 px
CONTROLS_MIN = "340px"  # the controls' narrowest: the buttons in two rows, the menu readable
LAB_CHROME = "230px"  # Lab's menu, tab, toolbar and status bars and a cell's margins at 1080 px high


def board_width(layout, share: float = BOARD_SHARE) -> str:
    """The live board's CSS width: ``share`` of the row, but never taller than Lab's window shows.

    The board's plots stack and keep their proportions as they scale (Bokeh ``scale_width``), so
    their height is the width over ``aspect``; a wide table gets most of a projector's width, a
    tall board (a grid with its hand of cards below) as much as fits the screen's height.
    """
    plots = [p for p in layout.select({"type": Plot}) if p.width and p.height]
    wide = max(p.width for p in plots)
    aspect = wide / sum(p.height * wide / p.width for p in plots)
    return f"min({share:.0%}, calc((100vh - {LAB_CHROME}) * {aspect:.3f}))"


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
        keep(_KEPT[key], key)  # in Lab, across kernels too: what was kept comes back (widgets/keep.py)
    return _KEPT[key]


class LivePlay(EndBanner, History, Curtain, SetupEditor, ChallengeMaker):
    """A game against ``bots`` (side -> bot); the human plays the other side."""

    def __init__(self, state, board: Board, bots: dict, *, links: RuleLinks, seed: int | None = None,
                 bot: str = "greedy", bot_seed: int = 1, hidden: bool = False, share: float = BOARD_SHARE,
                 board_for: Callable[[str], Board] | None = None):
        """The side not in ``bots`` is the human's; the words and the log show what that seat may know.

        ``seed``, ``bot`` and ``bot_seed`` say how the page starts the same game ("Play here" on the site).
        ``hidden``: the game hides cards from the human, so a save (which holds them) comes with a warning.
        ``share``: the most of the row's width the board takes (:func:`board_width`).
        ``board_for(side)``: the board seen from ``side``'s seat, for a new game on the other side
        (by default ``board`` serves every seat).
        """
        self.board_for = board_for or (lambda side: board)
        # each seat's board layers (two people on one screen each see their own side's view)
        self.session = Session(state=state, bots=bots, bot=bot, bot_seed=bot_seed,
                               seed=seed if seed is not None else state.rng.seed, seat_layers=self._seat_layers,
                               **board_taps(state.ruleset.name))
        self.viewer = self.session.human
        self.links = links
        self.hidden = hidden
        self.share = share
        self.viewing: int | None = None  # the history entry whose board is shown (None: the game as it is)
        self._drawn: dict[str, tuple] = {}  # each seat's board once drawn: (board, sources, figure, cards, widget)
        self.on_show: list[Callable[[dict], None]] = []  # what a ruleset's own controls refresh after each answer
        self._looked: tuple[float, float] | None = None  # the last tap on the board: its figure is told beside it
        self._board_box = ipw.VBox(layout=ipw.Layout(flex="0 0 auto", align_items="stretch"))  # the board fills it
        self._draw(board)
        self.turn = ipw.HTML(layout=ipw.Layout(margin="0 0 4px 0"))
        self.actions = ipw.Dropdown(description="Action", layout=ipw.Layout(width="100%"))
        self.play_button = ipw.Button(description="Play", button_style="primary", icon="play")
        self.undo_button = ipw.Button(description="Undo", icon="undo")
        self.whole_button = ipw.Button(description="Whole table", icon="expand",
                                       tooltip="The whole table in view again, after a zoom (wheel or pinch) or a drag")
        self.whole_button.on_click(lambda _: show_whole(self._plot))
        self.new_button = ipw.Button(description="New game", icon="refresh",
                                     tooltip="Start a game of the chosen scenario and side (a new seed)")
        self.save_button = ipw.Button(description="Save", icon="download", tooltip="Save the game to a file")
        self.load_upload = ipw.FileUpload(accept=".json", multiple=False, description="Load",
                                          tooltip="Load a saved game from a file")
        choices = self.session.bot_choices()
        self.opponent = ipw.Dropdown(options=[(words, name) for name, words in choices.items()],
                                     value=self.session.bot_name if self.session.bot_name in choices else None,
                                     description="Opponent", layout=ipw.Layout(width="100%"),
                                     tooltip="The bot you play against; the strong one looks ahead and thinks longer")
        self.opponent.observe(self._on_opponent, names="value")
        # the next game's scenario and side (New game starts it), as the page's pickers offer them
        self.options = self.session.options()
        self.scenario = ipw.Dropdown(options=[(name.replace("_", " "), name) for name in self.options],
                                     value=self.session.scenario, description="Scenario",
                                     layout=ipw.Layout(width="auto"), tooltip="The scenario New game starts")
        self.side = ipw.Dropdown(options=self.options[self.session.scenario], value=self.viewer,
                                 description="Your side", layout=ipw.Layout(width="auto"),
                                 tooltip="The side you play in the game New game starts")
        self.scenario.observe(self._on_scenario, names="value")
        self.last_words = ipw.HTML()  # what the other side did since your last action (drawn on the board too)
        # simple mode first in Lab (issue 35): the engine's plain words, no ids, coordinates or rule keys; off: its
        # own words and the try-anything rows (the site's snapshot keeps them: the page has its own Simple)
        self.simple = ipw.Checkbox(value=in_lab(), description="Simple words", indent=False, layout=ipw.Layout(width="auto"))
        self.simple.observe(lambda _: self._show(self._viewed() or self.session.answer()), names="value")
        self.key = ipw.HTML()  # "What do the marks mean?", folded: the marks on the board now
        self._expert = ipw.VBox()  # a ruleset's try-anything rows: engine words, hidden in simple mode
        self.last_words.add_class("tsr-live-last")
        self._controls_layout = ipw.Layout(flex="1 1 0", min_width=CONTROLS_MIN, padding="0 0 0 12px")
        self._make_banner()
        self._make_history()
        self._make_curtain()
        self._make_setup()  # Set up the table (live_setup.py)
        self._make_making()  # and Make it a challenge of it (live_make.py)
        self.card = ipw.HTML()  # what the last tap on the board found (the hover card's words, beside the board)
        self.card.add_class("tsr-live-card")
        self.saved = ipw.HTML()  # the download link and its warning; never the game itself
        self.status = ipw.HTML()
        self._tapped_at: tuple | None = None  # the last tap (x, y, reach), which a "Yes" to its question plays
        self.question = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap", display="none"))  # a tap's question
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

    def _seat_layers(self, seat: str):
        return self.board_for(seat).layers

    def _draw(self, board: Board) -> None:
        """Draw ``board`` (once per seat: a figure belongs to one document) and put it in the board's place."""
        self.board = board
        self._scenario = self.session.scenario  # the table it is drawn for
        self.sources = make_sources(with_choices(board.layers(self.state)))
        self.figure = board.draw(self.sources)
        plot = add_choices(self.figure, self.sources)  # figures and targets chosen on the board
        for event in TAP_EVENTS:
            plot.on_event(event, lambda event, plot=plot: self.tap(event.x, event.y, finger_reach(plot)))
        # No hover card during play: it would open over the spots just offered (a tap shows it too). Its words
        # are told beside the board (self.card); the toolbar's hover button, where there is one, turns it on.
        plot.toolbar.active_inspect = None
        if in_lab():  # on a projector its words and marks grow with it; a toy table, not a chart (the page does both itself)
            grow_with_width(self.figure)
            toy_table(self.figure, plot)
        self._plot = plot
        layers = {id(source): source for source in self.sources.values()}
        self._cards = [(layers[id(r.data_source)], tool.tooltips) for tool in plot.select({"type": HoverTool})
                       for r in (tool.renderers if isinstance(tool.renderers, list) else [])
                       if id(getattr(r, "data_source", None)) in layers]
        self._fit_board()
        self._board_widget = None
        self._board_box.children = (self.board_widget(),) if self._board_box.children else ()

    def _fit_board(self) -> None:
        """The board's place as wide as its table allows (:func:`board_width`)."""
        self._board_box.layout.width = board_width(self.figure, self.share)

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

    def tap(self, x: float, y: float, reach: float | None = None, confirmed: bool = False) -> None:
        """A tap on the board: choose a figure, then where it goes or whom it attacks (``reach``: a finger's
        width in the board's units; the Session asks which, or whether, where a tap could mean more than one)."""
        self._looked, self._tapped_at = (x, y), (x, y, reach)
        self._show(self._tapped(x, y, reach, confirmed))  # to the game, the set-up or the challenge (live_make.py)

    def _ask(self, message: dict | None) -> None:
        """The Session's question after a tap (``which`` mark, or ``confirm`` a move), as big buttons in words."""
        buttons = []
        if message is not None and message["kind"] == "which":
            for option in message["options"]:
                button = ipw.Button(description=option["text"], layout=ipw.Layout(width="auto", min_height="44px"))
                button.on_click(lambda _, option=option: self._answer_which(option))
                buttons.append(button)
        elif message is not None and message["kind"] == "confirm" and (self._tapped_at or message.get("confirm")):
            yes = ipw.Button(description=message.get("yes", "Yes, play it"), button_style="primary",
                             layout=ipw.Layout(width="auto", min_height="44px"))
            again, tapped = message.get("confirm"), self._tapped_at  # two people's take-back: its command, agreed
            yes.on_click(lambda _: self._show(self.session.command(again["name"], *again["args"])) if again else self.tap(*tapped, True))
            buttons.append(yes)
        if buttons:
            no = ipw.Button(description="No", layout=ipw.Layout(width="auto", min_height="44px"))
            no.on_click(lambda _: self._ask(None))
            buttons.append(no)
        self.question.children = tuple(buttons)
        self.question.layout.display = None if buttons else "none"

    def _answer_which(self, option: dict) -> None:
        if "play" in option:
            self._show(self.session.play(option["play"]))
        elif "choose" in option:
            self._show(self.session.choose(*option["choose"]))
        else:
            self._show(self.session.tap(*option["tap"], True))

    def undo(self) -> None:
        self._show(self.session.undo())

    def new_game(self, seed: int | None = None, *, scenario: str | None = None, side: str | None = None) -> None:
        """A game of ``scenario`` (by default the one picked) with the human on ``side`` (likewise), dealt or
        rolled from a new seed; the same settings and bots. Another side is another seat: a new Session, and
        the board drawn from that seat."""
        seed = secrets.randbelow(10**6) if seed is None else seed
        scenario, side = scenario or self.scenario.value, side or self.side.value
        self.saved.value = ""
        self._looked = None
        if side == self.session.human:
            self._show(self.session.new_game(scenario, seed=seed))
        else:
            if scenario not in self.options or side not in self.options[scenario]:
                self._show(self.session.answer({"kind": "error", "text": f"No new game: {scenario} has the sides "
                                                f"{', '.join(self.options.get(scenario, []))}, not {side}"}))
                return
            old = self.session
            self.session = Session(old.ruleset.name, scenario, seed, side, old.config()["bot"], bot_seed=old.bot_seed,
                                   seat_layers=self._seat_layers, **board_taps(old.ruleset.name))
            self._show(self.session.answer({"kind": "note", "text": f"A new game (seed {seed}): you play {side}."}))
        self._pick(self.session.scenario, self.session.human)

    def _on_scenario(self, change) -> None:
        """The sides of the picked scenario (the side picked so far, if it has it)."""
        sides = self.options.get(change["new"], [])
        wanted = self.side.value
        self.side.options = sides
        self.side.value = wanted if wanted in sides else (sides[0] if sides else None)

    def show_game(self, answer: dict) -> None:
        """Show ``answer`` of a game that may be of another scenario or side than the pickers say (a load, sides
        swapped, a kept game brought back): the pickers set to it."""
        self._show(answer)
        self._pick(self.session.scenario, self.session.human)

    def _pick(self, scenario: str, side: str) -> None:
        """Show the game in progress in the pickers (after a new game or a load)."""
        if scenario in self.options:
            self.scenario.value = scenario
            if side in self.side.options:
                self.side.value = side

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
        """A saved game of this ruleset, played from this seat (a save holds no seat)."""
        self.show_game(self.session.load(text))

    def _on_upload(self, change) -> None:
        files = change["new"]
        if not files:
            return
        content = files[0]["content"]
        self.load_upload.value = ()  # the same file can be loaded again
        self.load(bytes(content).decode("utf-8", errors="replace"))

    # -- showing an answer ------------------------------------------------------------------------
    def _show(self, answer: dict) -> None:
        seat = answer["seat"]
        if answer["mode"] == "people" and answer["hidden"] and answer["outcome"] is None and seat != self.viewer:
            self._close_curtain(seat)
            return
        self._open_curtain()
        if self.session.scenario != self._scenario:  # another table: drawn anew, so it fills its place
            self._refit(seat or self.viewer)
        elif seat is not None and seat != self.viewer:  # another seat's view: its own board (its hand, its words)
            self._seat_board(seat)
        self.viewing = answer.get("viewing")
        simple = self.simple.value
        layers = answer.get("layers") or {**self.board.layers(self.state), CHOICES: self.session.choices(),
                                          LAST: self.session.last_layer()}
        update_sources(self.sources, layers)
        self.key.value = key_html(layers)
        name_lone_figures(self._plot, simple)  # a lone figure's label: its kind, not its id, in simple mode
        self._expert.layout.display = "none" if simple else None  # (never in the site's snapshot: not simple)
        self.last_words.value = other_turn_html(answer, simple)  # in a replay, the entry its last layer marks
        self._show_banner(answer["outcome"] if self.viewing is None else None)
        self._show_history(answer)
        self.turn.value = f'<b style="font-size:1.15em">{html.escape(self._turn_line(answer, simple))}</b>'
        self.log.value = self._log(answer["log"])
        # the offered actions, in the Session's order (its numbers are their positions)
        offered = list(self.state.legal_actions) if answer["actions"] else []
        self.actions.options = [(said(item, simple), offered[item["id"]]) for item in answer["actions"]]
        self.actions.index = 0 if self.actions.options else None  # the first legal action is ready to play
        self.actions.disabled = self.play_button.disabled = not self.actions.options or self.viewing is not None
        self.undo_button.disabled = not answer["can_undo"]
        self.status.value = self._status(answer)
        self._ask(answer["message"])
        if self.viewing is not None:
            self.status.value = (f"Showing the board after entry {self.viewing}: press <i>Back to the game</i> to "
                                 "play on, or <i>Undo back to here</i> to play on from there.")
        self.card.value = self._card()
        for refresh in self.on_show:
            refresh(answer)

    def _card(self) -> str:
        """The hover card's words for the figure last tapped (or the one chosen), beside the board."""
        return card_words((self._looked, self.session.selected), self._cards, self.session.tap_radius,
                          self.simple.value)

    def _viewed(self) -> dict:
        """The replay's view kept when the words change mode (:meth:`Session.at` again), else nothing."""
        return self.session.at(self.viewing) if self.viewing is not None else {}

    _turn_line = staticmethod(turn_line)
    _why_nothing = staticmethod(why_nothing)

    def _status(self, answer: dict) -> str:
        return status_html(answer, self.links, self.simple.value)

    def _log(self, entries: list[dict]) -> str:
        return log_html(entries, self.links, self.simple.value)

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

    def widget(self, extra: tuple = (), *, play: dict | None = None):
        """Board on the left; turn line, menu, buttons, status, ``extra`` rows (a ruleset's "try anything")
        and the scrolling log on the right. The same widgets every call: a re-display shows the same game.
        ``play``: more for the site's page to start with (the Practice page's challenges, widgets/practice.py)."""
        lab = in_lab()  # the page has its own of these (sitebuild/static/js/live-play): Lab's own
        buttons = ipw.HBox([self.play_button, self.undo_button, *([self.whole_button] if lab else []), self.new_button,
                            *([self.setup_button] if lab else []), self.save_button, self.load_upload],
                           layout=ipw.Layout(flex_flow="row wrap"))
        pickers = [ipw.HBox([self.scenario, self.side], layout=ipw.Layout(flex_flow="row wrap"))] if lab else []
        replay, marks, history = ([self.replay_row()], [self.key, self.simple], self.history_rows()) if lab else ([], [], [])
        replay = [self.setup_box, self.making_box, *replay] if lab else replay  # set-up, challenge, under the turn line
        self._expert.children = tuple(extra)
        controls = ipw.VBox([self.turn, *replay, self.actions, buttons, self.status, self.question, self.last_words,
                             self.card, *marks, *pickers, self._expert, self.opponent, self.saved, *history,
                             ipw.HTML("<b>Log</b> (newest first; a rule link opens its page beside this one):"), self.log],
                            layout=self._controls_layout)
        self._board_box.children = (self.board_widget(),)
        row = ipw.HBox([self._board_box, controls], layout=ipw.Layout(width="100%", align_items="flex-start"))
        if in_lab():  # the end-of-game banner and the two people's curtain, above the board
            return restart_notice(ipw.VBox([self.banner_box, self.curtain_box, row]))  # greyed, in words, if the kernel goes
        return live_only(row, play={**self.play_here, **(play or {})})
