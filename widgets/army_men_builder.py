"""The army builder's sheet: ipywidgets over ``boards.army_men_builder.ArmyBuilder``.

In JupyterLab every change goes to the builder in the kernel; *Start a game*
plays the two armies right below the sheet. On the static site the sheet is
a snapshot whose named controls the page's own Python brings to life (the
same ``ArmyBuilder``, as a page tool); there *Start a game* opens the
chapter's live play with the game loaded.
"""

from __future__ import annotations

import base64
import html

import ipywidgets as ipw

from boards.army_men_builder import BUDGETS, KINDS, SIDES, SQUADS, ArmyBuilder, count_name
from explorer.rulesets.army_men.data import PROFILES

from .display import live_only
from .links import LAB_LINK_STYLE
from .snapshot import name_for_page

COUNT_WIDTH = "64px"
NAME_WIDTH = "170px"
BUILDER_NOTE = (
    "▶ <b>Needs Python.</b> Served over HTTP, this sheet runs the rules engine in the page; in JupyterLab "
    "(<code>make lab</code>) it runs in the kernel."
)


class ArmySheet:
    """Both sides' armies, squad by squad: points and every broken rule as you type; Save, Load, Start a game."""

    def __init__(self, human_bot_seed: int = 1):
        from .army_men import LINKS

        self.builder = ArmyBuilder(link=LINKS.link)
        self.bot_seed = human_bot_seed
        wide = {"description_width": "initial"}
        self.side = ipw.Dropdown(options=[(side.capitalize(), side) for side in SIDES], value=self.builder.shown,
                                 description="Army on the sheet", style=wide)
        self.points = ipw.Dropdown(options=[("no limit" if b is None else f"{b} points", b) for b in BUDGETS],
                                   value=self.builder.points, description="Points agreed (each side)", style=wide)
        counts = self.builder.counts()
        # No description (the sheet's row and column headings say it), so each count carries its own name
        # as a tooltip: Lab shows it as the field's title, the site's snapshot as its aria-label.
        words = count_words()
        self.counts = {name: ipw.IntText(value=value, layout=ipw.Layout(width=COUNT_WIDTH), tooltip=words[name])
                       for name, value in counts.items()}
        self.save_button = ipw.Button(description="Save armies", icon="download")
        self.load_upload = ipw.FileUpload(accept=".json,application/json", multiple=False, description="Load armies")
        self.start_button = ipw.Button(description="Start a game", icon="play", button_style="primary")
        self.summary = ipw.HTML()
        self.message = ipw.HTML()
        self.download = ipw.HTML()
        self.game = ipw.Output()
        for name, control in [("side", self.side), ("points", self.points), ("save", self.save_button),
                              ("start", self.start_button), ("load", self.load_upload), ("summary", self.summary),
                              ("message", self.message), *self.counts.items()]:
            name_for_page(control, name)
        self._quiet = False  # while the sheet is being filled from an answer, its changes are not commands
        for name, control in [("side", self.side), ("points", self.points), *self.counts.items()]:
            control.observe(lambda _, name=name: self.send(name), names="value")
        self.save_button.on_click(lambda _: self.send("save"))
        self.start_button.on_click(lambda _: self.send("start"))
        self.load_upload.observe(self._on_upload, names="value")
        self.show(self.builder.answer())

    def values(self) -> dict:
        return {"side": self.side.value, "points": self.points.value,
                **{name: control.value for name, control in self.counts.items()}}

    def send(self, name: str, **extra) -> dict:
        if self._quiet:
            return {}
        answer = self.builder.command(name, {**self.values(), **extra})
        self.show(answer)
        return answer

    def _on_upload(self, change) -> None:
        files = change["new"]
        if files:
            self.load_upload.value = ()  # the same file can be loaded again
            self.send("load", load=bytes(files[0]["content"]).decode("utf-8", errors="replace"))

    def show(self, answer: dict) -> None:
        self._quiet = True
        try:
            for name, value in answer.get("values", {}).items():
                control = {"side": self.side, "points": self.points, **self.counts}.get(name)
                if control is not None:
                    control.value = value
        finally:
            self._quiet = False
        for name, text in answer.get("html", {}).items():
            getattr(self, name).value = text
        if "download" in answer:
            self._offer(answer["download"])
        if "play" in answer:
            self._play(answer["play"])

    def _offer(self, download: dict) -> None:
        data = base64.b64encode(download["text"].encode("utf-8")).decode("ascii")
        name = html.escape(download["name"])
        self.download.value = (f'<a style="{LAB_LINK_STYLE}" download="{name}" '
                               f'href="data:application/json;base64,{data}">⬇ Download {name}</a>')

    def _play(self, play: dict) -> None:
        """In JupyterLab the game is played right below the sheet, from the army shown's side."""
        from IPython.display import display

        from explorer.rulesets.army_men import ArmyMenState

        from .army_men import ArmyMenLive

        live = ArmyMenLive(ArmyMenState.from_json(play["save"]), human=play["human"], bot_seed=self.bot_seed)
        self.game.clear_output()
        with self.game:
            display(live.widget())

    def widget(self):
        # the spans' classes line the sheet up on the site (live-play.css); the layouts do it in JupyterLab
        head = ipw.HBox([ipw.HTML('<span class="am-sheet-name"><b>Trooper (points)</b></span>',
                                  layout=ipw.Layout(width=NAME_WIDTH))]
                        + [ipw.HTML(f'<span class="am-sheet-squad"><b>{squad}</b></span>',
                                    layout=ipw.Layout(width=COUNT_WIDTH)) for squad in SQUADS])
        rows = [ipw.HBox([ipw.HTML(f'<span class="am-sheet-name">{html.escape(PROFILES[kind].name)} '
                                   f"({PROFILES[kind].points})</span>", layout=ipw.Layout(width=NAME_WIDTH))]
                         + [self.counts[count_name(kind, squad)] for squad in SQUADS]) for kind in KINDS]
        wrap = ipw.Layout(flex_flow="row wrap")
        return live_only(ipw.VBox([
            ipw.HBox([self.side, self.points], layout=wrap), head, *rows,
            ipw.HBox([self.save_button, self.load_upload, self.start_button], layout=wrap),
            self.message, self.download, self.summary, self.game,
        ]), BUILDER_NOTE, tool=ArmyBuilder)


def count_words() -> dict[str, str]:
    """Each count of the sheet in words, by its name: "Regular (4 points), squad Alpha"."""
    return {count_name(kind, squad): f"{PROFILES[kind].name} ({PROFILES[kind].points} points), squad {squad.capitalize()}"
            for kind in KINDS for squad in SQUADS}


def army_sheet():
    """The army builder's sheet, as a cell shows it."""
    return ArmySheet().widget()
