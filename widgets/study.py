"""Charts of many simulated games: how a house rule moves wins and game length."""

from __future__ import annotations

import html

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, Div, FactorRange, HoverTool, NumeralTickFormatter, Whisker
from bokeh.plotting import figure

from boards import family
from boards.classroom import (
    GAMES, MOST_GAMES, SWEEP, LabRun, LabTool, house_rules, is_chance, play_runs, setting_words,
    study_words, value_options,
)
from explorer.core.simulate import Summary

from .alt_text import alt_div
from .board import kept_width, legend_div, swatch_line, swatch_marker
from boards.palette import BAR, OKABE_ITO, side_colour
from .snapshot import name_for_page

MARKERS = ("circle", "square", "triangle", "diamond", "inverted_triangle")  # a second cue beside the colour
LINES = tuple(OKABE_ITO[c] for c in ("blue", "vermillion", "purple", "black", "orange"))


def study_chart(summaries: dict[str, Summary], sides: tuple[str, ...]):
    """Win rates by side and mean game length, one group of bars per variant."""
    variants = list(summaries)
    wins = ColumnDataSource({
        "x": [(v, s) for v in variants for s in sides],
        "rate": [summaries[v].win_rate(s) for v in variants for s in sides],
        "colour": [side_colour(s, list(sides)) for _ in variants for s in sides],
        "games": [summaries[v].games for v in variants for _ in sides],
    })
    win_fig = figure(
        x_range=FactorRange(*wins.data["x"]), y_range=(0, 1), height=300, sizing_mode="stretch_width",
        title="Share of games won", toolbar_location=None, name="study-wins",
    )
    win_fig.vbar(x="x", top="rate", width=0.8, color="colour", source=wins)
    win_fig.add_tools(HoverTool(tooltips=[("variant, side", "@x"), ("won", "@rate{0.0%}"), ("of games", "@games")]))
    win_fig.xaxis.major_label_orientation = 0.9
    length = ColumnDataSource({"variant": variants, "rounds": [summaries[v].mean_rounds for v in variants]})
    length_fig = figure(
        x_range=variants, height=300, sizing_mode="stretch_width", title="Mean game length (rounds)",
        toolbar_location=None, name="study-length",
    )
    length_fig.vbar(x="variant", top="rounds", width=0.7, color=BAR, source=length)
    length_fig.add_tools(HoverTool(tooltips=[("variant", "@variant"), ("mean rounds", "@rounds{0.0}")]))
    length_fig.xaxis.major_label_orientation = 0.9
    # One chart under the other, not side by side: on a phone two side by side squeeze the bars and titles.
    return column(win_fig, length_fig, alt_div(study_words(summaries, sides), name="study-alt"),
                  sizing_mode="stretch_width")


def sweep_words(run: LabRun) -> str:
    """A sweep in words: the exact odds of each value, then the games (the charts' text alternative)."""
    exact = run.exact()
    parts = [f"{label}: " + "; ".join(f"{what} {_number(v, is_chance(rows))}" for what, v in rows)
             for label, rows in exact.items()]
    return (f"Exact, for each value of {setting_words(run.setting)}: " + ". ".join(parts) + ". "
            + study_words(run.summaries(), run.sides))


def _number(value, chance: bool) -> str:
    return f"{float(value):.1%}" if chance else f"{value}"


def sweep_chart(run: LabRun):
    """A sweep drawn: the exact odds as each value moves them, then each side's share of wins with its 95%
    Wilson interval (whiskers), then the mean game length."""
    exact, summaries, sides = run.exact(), run.summaries(), run.sides
    labels = list(summaries)
    first = next(iter(exact.values()))
    chance = is_chance(first)
    # Short titles, and the lines' key in HTML below the chart: Bokeh neither wraps a title nor a legend, and a
    # long label (a Dice Tactics line's is some fifty letters) made the whole column wider than a phone. The
    # setting's name is in the words above the charts.
    odds_fig = figure(x_range=labels, height=300, sizing_mode="stretch_width", toolbar_location=None,
                      title=f"Exact {'chances' if chance else 'numbers'} for each value",
                      name="sweep-exact", **({"y_range": (0, 1.04)} if chance else {}))
    keys = []
    for k, (what, _) in enumerate(first):
        source = ColumnDataSource({"value": labels, "y": [float(dict(exact[v])[what]) for v in labels],
                                   "text": [_number(dict(exact[v])[what], chance) for v in labels],
                                   "what": [what] * len(labels)})
        colour, marker = LINES[k % len(LINES)], MARKERS[k % len(MARKERS)]
        odds_fig.line("value", "y", source=source, color=colour, line_width=3)
        odds_fig.scatter("value", "y", source=source, color=colour, size=11, marker=marker)
        keys.append((kept_width(swatch_line(colour), swatch_marker(marker, colour, line=colour)), what))
    key = legend_div([("Lines", keys)], name="sweep-key")
    odds_fig.add_tools(HoverTool(tooltips=[("", "@what"), ("value", "@value"), ("exact", "@text")]))
    if chance:
        odds_fig.yaxis.formatter = NumeralTickFormatter(format="0%")

    x = [(v, s) for v in labels for s in sides]
    shares = [summaries[v].win_share(s) for v in labels for s in sides]
    wins = ColumnDataSource({
        "x": x, "rate": [w.value for w in shares], "low": [w.low for w in shares], "high": [w.high for w in shares],
        "colour": [side_colour(s, list(sides)) for _ in labels for s in sides],
        "games": [summaries[v].games for v in labels for _ in sides],
    })
    win_fig = figure(x_range=FactorRange(*x), y_range=(0, 1.04), height=320, sizing_mode="stretch_width",
                     title="Games won (whiskers: 95% intervals)", toolbar_location=None,
                     name="sweep-wins")
    win_fig.vbar(x="x", top="rate", width=0.8, fill_color="colour", line_color="#222222", source=wins)
    win_fig.add_layout(Whisker(source=wins, base="x", lower="low", upper="high", line_width=2))
    win_fig.yaxis.formatter = NumeralTickFormatter(format="0%")
    win_fig.add_tools(HoverTool(tooltips=[("value, side", "@x"), ("won", "@rate{0%}"),
                                          ("95% interval", "@low{0%} to @high{0%}"), ("of games", "@games")]))
    win_fig.xaxis.major_label_orientation = 0.9
    length = ColumnDataSource({"value": labels, "rounds": [summaries[v].mean_rounds for v in labels]})
    length_fig = figure(x_range=labels, height=320, sizing_mode="stretch_width", title="Mean game length (rounds)",
                        toolbar_location=None, name="sweep-length")
    length_fig.vbar(x="value", top="rounds", width=0.7, color=BAR, source=length)
    length_fig.add_tools(HoverTool(tooltips=[("value", "@value"), ("mean rounds", "@rounds{0.0}")]))
    length_fig.xaxis.major_label_orientation = 0.9
    about = Div(text=f"<p><small>{html.escape(run.describe())}.</small></p>", name="sweep-about",
                sizing_mode="stretch_width")
    # One chart under the other, not side by side: on a phone two side by side squeeze the bars and titles.
    return column(about, odds_fig, key, win_fig, length_fig, alt_div(sweep_words(run), name="sweep-alt"),
                  sizing_mode="stretch_width")


# -- the house-rules lab: a control a teacher runs in JupyterLab -------------------------------------
class HouseRulesLab:
    """Pick a ruleset, a scenario, one of its settings and its values (every value: a sweep; or one house
    rule against the ruling); bots play the same seeds under each value; a progress bar and the table (exact
    odds, then wins with their 95% intervals and game length) follow the games as they finish, and the
    sweep's charts come when they are done.

    ``executor``: any ``concurrent.futures.Executor`` (a process pool uses both cores); ``None`` plays
    the games one after the other in the kernel. The page runs the same lab (boards.classroom.LabTool).
    """

    def __init__(self, rulesets=None, *, games: int = GAMES, executor_factory=None):
        import ipywidgets as ipw

        from explorer.core.registry import get_ruleset

        self.executor_factory = executor_factory
        wide = {"description_width": "initial"}
        rulesets = rulesets or RULESETS
        self.ruleset = ipw.Dropdown(options=[(get_ruleset(r).title, r) for r in rulesets], description="Ruleset",
                                    style=wide)
        self.scenario = ipw.Dropdown(description="Scenario", style=wide)
        self.setting = ipw.Dropdown(description="House rule", style=wide)
        self.value = ipw.Dropdown(description="Play", style=wide)
        self.games = ipw.IntSlider(value=games, min=10, max=MOST_GAMES, step=10, description="Games each", style=wide)
        self.run_button = ipw.Button(description="Play the games", icon="play", button_style="primary",
                                     layout=ipw.Layout(height="44px", width="auto"), style={"font_size": "18px"})
        self.progress = ipw.IntProgress(value=0, min=0, max=1, description="Played", style=wide,
                                        layout=ipw.Layout(width="100%"))
        self.results = ipw.HTML('<p style="font-size:18px">Choose a house rule and press <b>Play the games</b>.</p>')
        self.chart = ipw.VBox()  # the sweep's charts, in JupyterLab once the games are played
        self.summaries: dict[str, Summary] = {}
        self.last_run: LabRun | None = None
        for name in ("ruleset", "scenario", "setting", "value", "games", "progress", "results"):
            name_for_page(getattr(self, name), name)  # the page runs the same lab (boards.classroom.LabTool)
        name_for_page(self.run_button, "run")
        self.ruleset.observe(lambda _: self._ruleset_changed(), names="value")
        self.scenario.observe(lambda _: self._setting_changed(), names="value")
        self.setting.observe(lambda _: self._setting_changed(), names="value")
        self.run_button.on_click(lambda _: self.run())
        self._ruleset_changed()

    def _ruleset_changed(self) -> None:
        from explorer.core.registry import get_ruleset

        ruleset = get_ruleset(self.ruleset.value)
        self._quiet = True  # the scenario and setting lists change together; the values follow once
        try:
            self.scenario.options = list(ruleset.scenarios)
            self.scenario.value = next(iter(ruleset.scenarios))
            self.setting.options = [(setting_words(s), s) for s in house_rules(ruleset.name)]
            self.setting.value = next(iter(house_rules(ruleset.name)))
        finally:
            self._quiet = False
        self._setting_changed()

    def _setting_changed(self) -> None:
        if getattr(self, "_quiet", False):
            return
        options = value_options(self.ruleset.value, self.setting.value, self.scenario.value)
        self.value.options = [(label, value) for label, value in options]
        self.value.value = SWEEP

    def lab_run(self) -> LabRun:
        """The run the controls ask for (its games not played yet)."""
        return LabRun(self.ruleset.value, self.scenario.value, self.setting.value, self.value.value, self.games.value)

    def run(self) -> dict[str, Summary]:
        """Play the games, the same seeds under each value; the bar and the results move as games finish."""
        from concurrent.futures import as_completed

        from explorer.core import SameBot, run_many

        lab = self.lab_run()
        total = len(lab.jobs)
        self.progress.max, self.progress.value = total, 0
        self.run_button.disabled = True
        self.chart.children = ()
        try:
            executor = self.executor_factory() if self.executor_factory else None
            if executor is None:
                games = iter(lambda: None if lab.finished else lab.play_next() or True, None)
            else:
                futures = {executor.submit(run_many, factory, SameBot(lab.bot, lab.sides), [seed]): label
                           for label, factory, seed in lab.jobs}
                games = (lab.record(futures[f], f.result()) or True for f in as_completed(futures))
            for _ in games:
                self.progress.value = lab.done
                if lab.done % max(1, total // 20) == 0 or lab.finished:
                    self.summaries = lab.summaries()
                    self.results.value = lab.html()
            if executor is not None:
                executor.shutdown()
        finally:
            self.run_button.disabled = False
        self.last_run = lab
        if len(self.summaries) == len(lab.labels):
            from .display import bokeh_widget

            self.chart.children = (bokeh_widget(sweep_chart(lab)),)
        return self.summaries

    def widget(self):
        import os

        import ipywidgets as ipw

        from .display import live_only

        row = ipw.Layout(flex_flow="row wrap")
        parts = [ipw.HBox([self.ruleset, self.scenario], layout=row),
                 ipw.HBox([self.setting, self.value, self.games], layout=row),
                 ipw.HBox([self.run_button], layout=row), self.progress, self.results]
        if not os.environ.get("TSR_STATIC_BUILD"):
            parts.append(self.chart)  # Bokeh draws in the kernel only; the page shows the table
        return live_only(ipw.VBox(parts), tool=LabTool)


RULESETS = family.rulesets(order="simplest")  # the registry's, the simplest game to learn first


def house_rules_lab(*, games: int = GAMES, processes: int = 2):
    """The lab's control, playing its games on ``processes`` cores (0: in the kernel itself)."""
    from concurrent.futures import ProcessPoolExecutor

    factory = (lambda: ProcessPoolExecutor(max_workers=processes)) if processes else None
    return HouseRulesLab(games=games, executor_factory=factory).widget()


def sweep(ruleset: str, scenario: str, setting: str, *, games: int, values=None, executor=None) -> LabRun:
    """A precomputed sweep for a page: every value of ``setting`` (or ``values``), the same seeds for each."""
    return sweeps([(ruleset, scenario, setting, values)], games=[games], executor=executor)[0]


def sweeps(asked, *, games, executor=None) -> list[LabRun]:
    """Several precomputed sweeps (``(ruleset, scenario, setting, values)`` each, with its number of
    games), their games all handed to ``executor`` at once."""
    runs = [LabRun(ruleset, scenario, setting, values, n) for (ruleset, scenario, setting, values), n
            in zip(asked, games, strict=True)]
    play_runs(runs, executor)
    return runs
