"""Charts of many simulated games: how a house rule moves wins and game length."""

from __future__ import annotations

from bokeh.layouts import column, row
from bokeh.models import ColumnDataSource, FactorRange, HoverTool
from bokeh.plotting import figure

from explorer.core.simulate import Summary

from .alt_text import alt_div
from .palette import BAR, side_colour


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


def study_words(summaries: dict[str, Summary], sides: tuple[str, ...]) -> str:
    """The two charts in words, for a screen reader."""
    parts = []
    for variant, summary in summaries.items():
        won = ", ".join(f"{side} won {summary.win_rate(side):.0%}" for side in sides)
        parts.append(f"{variant}: {won} of {summary.games} games; {summary.mean_rounds:.1f} rounds on average")
    return "Bot games under each house rule. " + ". ".join(parts) + "."


# -- the house-rules lab: a control a teacher runs in JupyterLab -------------------------------------
ROUND_LIMIT = 30  # every study game stops by then (a draw), so a run has a known end
INCH_STEPS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0)


def house_rule_values(field) -> list:
    """The values a house rule may take, for a setting of the engine's Settings (its allowed choices)."""
    from explorer.core.settings import _CHECK

    rule = field.metadata.get(_CHECK)
    if rule is not None and rule.choices:
        return list(rule.choices)
    if field.type in (bool, "bool"):
        return [False, True]
    if field.type in (float, "float") and rule is not None:
        return [v for v in INCH_STEPS if rule.low <= v <= rule.high]
    return []


def house_rules(ruleset: str) -> dict[str, list]:
    """Every setting of ``ruleset`` a house rule can change, with its values (the round limit is the lab's)."""
    import dataclasses

    from explorer.core.registry import get_ruleset

    fields = dataclasses.fields(get_ruleset(ruleset).settings())
    return {f.name: values for f in fields if f.name != "max_rounds" and (values := house_rule_values(f))}


def _words(value) -> str:
    return {True: "yes", False: "no"}.get(value, str(value).replace("_", " ")) if isinstance(value, (bool, str)) \
        else f"{value:g}"


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
        from explorer.core.registry import get_ruleset

        default = getattr(get_ruleset(self.ruleset.value).settings(), self.setting.value)
        values = [v for v in house_rules(self.ruleset.value)[self.setting.value] if v != default]
        self.value.options = [(_words(v), v) for v in values]
        self.value.index = 0 if values else None

    def variants(self) -> dict[str, dict]:
        """The two variants of the run: the default rulings and the house rule, each with the round limit."""
        house = f"{self.setting.value.replace('_', ' ')}: {_words(self.value.value)}"
        return {"as ruled": {"max_rounds": ROUND_LIMIT},
                house: {"max_rounds": ROUND_LIMIT, self.setting.value: self.value.value}}

    def run(self) -> dict[str, Summary]:
        """Play the games, the same seeds under each variant; the bar and the results move as games finish."""
        from concurrent.futures import as_completed

        from explorer.core import GameFactory, SameBot, run_many
        from explorer.core.registry import get_ruleset

        ruleset = get_ruleset(self.ruleset.value)
        bot, sides = ruleset.bots["greedy"], ruleset.new_game(self.scenario.value).sides
        variants = self.variants()
        games = self.games.value
        jobs = [(label, GameFactory.of(ruleset.name, self.scenario.value, **settings), seed)
                for seed in range(games) for label, settings in variants.items()]
        results: dict[str, list] = {label: [] for label in variants}
        self.progress.max, self.progress.value = len(jobs), 0
        self.run_button.disabled = True
        try:
            executor = self.executor_factory() if self.executor_factory else None
            if executor is None:
                done = ((label, run_many(factory, SameBot(bot, sides), [seed])) for label, factory, seed in jobs)
            else:
                futures = {executor.submit(run_many, factory, SameBot(bot, sides), [seed]): label
                           for label, factory, seed in jobs}
                done = ((futures[f], f.result()) for f in as_completed(futures))
            for count, (label, (result,)) in enumerate(done, start=1):
                results[label].append(result)
                self.progress.value = count
                if count % max(1, len(jobs) // 20) == 0 or count == len(jobs):
                    self._show(results, sides)
            if executor is not None:
                executor.shutdown()
        finally:
            self.run_button.disabled = False
        return self.summaries

    def _show(self, results: dict[str, list], sides) -> None:
        from explorer.core.simulate import summarize

        self.summaries = {label: summarize(found) for label, found in results.items() if found}
        rows = "".join(
            f"<tr><td>{label}</td><td>{s.games}</td>"
            + "".join(f"<td>{s.win_rate(side):.0%}</td>" for side in sides)
            + f"<td>{s.draws + s.unfinished}</td><td>{s.mean_rounds:.1f}</td></tr>"
            for label, s in self.summaries.items())
        head = "".join(f"<th>{side} won</th>" for side in sides)
        self.results.value = (
            '<table style="font-size:18px;border-collapse:collapse" cellpadding="6">'
            f"<tr><th>variant</th><th>games</th>{head}<th>no winner</th><th>mean rounds</th></tr>{rows}</table>"
            f'<p>{study_words(self.summaries, tuple(sides))}</p>')

    def widget(self):
        import ipywidgets as ipw

        from .display import live_only

        row = ipw.Layout(flex_flow="row wrap")
        return live_only(ipw.VBox([
            ipw.HBox([self.ruleset, self.scenario], layout=row),
            ipw.HBox([self.setting, self.value, self.games], layout=row),
            ipw.HBox([self.run_button], layout=row), self.progress, self.results,
        ]))


def house_rules_lab(*, games: int = 20, processes: int = 2):
    """The lab's control, playing its games on ``processes`` cores (0: in the kernel itself)."""
    from concurrent.futures import ProcessPoolExecutor

    factory = (lambda: ProcessPoolExecutor(max_workers=processes)) if processes else None
    return HouseRulesLab(games=games, executor_factory=factory).widget()
