"""Charts of many simulated games: how a house rule moves wins and game length."""

from __future__ import annotations

from bokeh.layouts import column, row
from bokeh.models import ColumnDataSource, FactorRange, HoverTool
from bokeh.plotting import figure

from boards.classroom import (  # noqa: F401  (house_rules, ROUND_LIMIT: the lab's names, kept importable here)
    ROUND_LIMIT, LabRun, LabTool, house_rules, other_values, results_html, study_words, variants, words,
)
from explorer.core.simulate import Summary

from .alt_text import alt_div
from .palette import BAR, side_colour
from .snapshot import name_for_page


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
    charts = row(win_fig, length_fig, sizing_mode="stretch_width")
    return column(charts, alt_div(study_words(summaries, sides), name="study-alt"), sizing_mode="stretch_width")


# -- the house-rules lab: a control a teacher runs in JupyterLab -------------------------------------
class HouseRulesLab:
    """Pick a ruleset, a scenario and one house rule; bots play the same seeds as ruled and with the
    house rule; a progress bar and the charts follow the games as they finish.

    ``executor``: any ``concurrent.futures.Executor`` (a process pool uses both cores); ``None`` plays
    the games one after the other in the kernel.
    """

    def __init__(self, rulesets=("simple_plastic", "phlog"), *, games: int = 20, executor_factory=None):
        import ipywidgets as ipw

        from explorer.core.registry import get_ruleset

        self.executor_factory = executor_factory
        wide = {"description_width": "initial"}
        self.ruleset = ipw.Dropdown(options=[(get_ruleset(r).title, r) for r in rulesets], description="Ruleset",
                                    style=wide)
        self.scenario = ipw.Dropdown(description="Scenario", style=wide)
        self.setting = ipw.Dropdown(description="House rule", style=wide)
        self.value = ipw.Dropdown(description="set to", style=wide)
        self.games = ipw.IntSlider(value=games, min=10, max=200, step=10, description="Games each", style=wide)
        self.run_button = ipw.Button(description="Play the games", icon="play", button_style="primary",
                                     layout=ipw.Layout(height="44px", width="auto"), style={"font_size": "18px"})
        self.progress = ipw.IntProgress(value=0, min=0, max=1, description="Played", style=wide,
                                        layout=ipw.Layout(width="100%"))
        self.results = ipw.HTML('<p style="font-size:18px">Choose a house rule and press <b>Play the games</b>.</p>')
        self.summaries: dict[str, Summary] = {}
        self._chart = self._chart_widget = None
        for name in ("ruleset", "scenario", "setting", "value", "games", "progress", "results"):
            name_for_page(getattr(self, name), name)  # the page runs the same lab (boards.classroom.LabTool)
        name_for_page(self.run_button, "run")
        self.ruleset.observe(lambda _: self._ruleset_changed(), names="value")
        self.setting.observe(lambda _: self._setting_changed(), names="value")
        self.run_button.on_click(lambda _: self.run())
        self._ruleset_changed()

    def _ruleset_changed(self) -> None:
        from explorer.core.registry import get_ruleset

        ruleset = get_ruleset(self.ruleset.value)
        self.scenario.options = list(ruleset.scenarios)
        self.scenario.index = 0
        self.setting.options = list(house_rules(ruleset.name))
        self.setting.index = 0

    def _setting_changed(self) -> None:
        values = other_values(self.ruleset.value, self.setting.value)
        self.value.options = [(words(v), v) for v in values]
        self.value.index = 0 if values else None

    def variants(self) -> dict[str, dict]:
        """The two variants of the run: the default rulings and the house rule, each with the round limit."""
        return variants(self.setting.value, self.value.value)

    def run(self) -> dict[str, Summary]:
        """Play the games, the same seeds under each variant; the bar and the results move as games finish."""
        from concurrent.futures import as_completed

        from explorer.core import SameBot, run_many

        lab = LabRun(self.ruleset.value, self.scenario.value, self.setting.value, self.value.value, self.games.value)
        total = len(lab.jobs)
        self.progress.max, self.progress.value = total, 0
        self.run_button.disabled = True
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
                    self.results.value = results_html(self.summaries, lab.sides)
            if executor is not None:
                executor.shutdown()
        finally:
            self.run_button.disabled = False
        return self.summaries

    def widget(self):
        import ipywidgets as ipw

        from .display import live_only

        row = ipw.Layout(flex_flow="row wrap")
        return live_only(ipw.VBox([
            ipw.HBox([self.ruleset, self.scenario], layout=row),
            ipw.HBox([self.setting, self.value, self.games], layout=row),
            ipw.HBox([self.run_button], layout=row), self.progress, self.results,
        ]), tool=LabTool)


def house_rules_lab(*, games: int = 20, processes: int = 2):
    """The lab's control, playing its games on ``processes`` cores (0: in the kernel itself)."""
    from concurrent.futures import ProcessPoolExecutor

    factory = (lambda: ProcessPoolExecutor(max_workers=processes)) if processes else None
    return HouseRulesLab(games=games, executor_factory=factory).widget()
