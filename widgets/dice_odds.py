"""An odds explorer for pools of dice against a target, working with no Python.

Every distribution is computed exactly by the engine at build time; the
sliders only choose which precomputed column to show (a Bokeh ``CustomJS``).
"""

from __future__ import annotations

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, CustomJS, Div, HoverTool, Slider
from bokeh.plotting import figure

from boards.classroom import NO_DICE_YET, DiceSeries, DiceTool, dice_html  # noqa: F401  (dice_html: shared)
from explorer.core.dice import success_chance, successes

from .alt_text import ALT_JS, alt_div
from .packing import UNPACK_JS, packed
from boards.palette import BAR
from .snapshot import name_for_page

MAX_DICE = 6

def _pct(p: float) -> str:
    return f"{100 * p:.1f}%"


def _bars_words(p: list[float], n: int, t: int) -> str:
    """The chart of :func:`dice_odds_explorer` in words (mirrors its JS)."""
    return (f"Bar chart: chance of each number of successes with {n} dice needing {t}+. "
            + ", ".join(f"{k} successes {_pct(x)}" for k, x in enumerate(p[:n + 1])) + ".")


def _share_words(share: list[float], target: int, exact: float) -> str:
    """The chart of :func:`running_share_chart` in words (mirrors its JS)."""
    n = len(share)
    return (f"Line chart: share of rolls scoring {target}+ after each of the first {n} rolls, against the exact "
            f"chance {exact:.3f} (dashed). After {n} rolls the share is {share[-1]:.3f}.")


def pool_table(max_dice: int = MAX_DICE, targets=range(2, 8)) -> dict[str, list[float]]:
    """P(exactly k successes) for every pool size and target, keyed ``'n-t'``."""
    table = {}
    for n in range(1, max_dice + 1):
        for t in targets:
            dist = successes(n, success_chance(t))
            table[f"{n}-{t}"] = [float(dist.probability(k)) for k in range(max_dice + 1)]
    return table


def _summary(n: int, t: int) -> str:
    chance = success_chance(t)
    return (
        f"<b>{n}</b> dice needing <b>{t}+</b> (a 1 always fails): each die succeeds with "
        f"probability <b>{chance}</b>; expected successes <b>{float(n * chance):.2f}</b>."
    )


def dice_odds_explorer(n: int = 1, target: int = 4):
    """A bar chart of the number of successes with two sliders (static-site safe)."""
    table = pool_table()
    summaries = {f"{a}-{b}": _summary(a, b) for a in range(1, MAX_DICE + 1) for b in range(2, 8)}
    ks = list(range(MAX_DICE + 1))
    source = ColumnDataSource({"k": ks, "p": table[f"{n}-{target}"], "label": [f"{p:.1%}" for p in table[f"{n}-{target}"]]})
    fig = figure(
        height=300, sizing_mode="stretch_width", x_range=(-0.5, MAX_DICE + 0.5), y_range=(0, 1.05),
        title="Number of successes", x_axis_label="successes", y_axis_label="probability",
        toolbar_location=None, name="dice-odds",
    )
    fig.vbar(x="k", top="p", width=0.8, source=source, color=BAR)
    fig.add_tools(HoverTool(tooltips=[("successes", "@k"), ("probability", "@label")]))
    dice = Slider(start=1, end=MAX_DICE, value=n, step=1, title="Dice rolled", name="dice-slider")
    need = Slider(start=2, end=7, value=target, step=1, title="Score needed (7 = impossible)", name="target-slider")
    text = Div(text=summaries[f"{n}-{target}"])
    alt = alt_div(_bars_words(table[f"{n}-{target}"], n, target), name="dice-odds-alt")
    update = CustomJS(
        args=dict(source=source, dice=dice, need=need, text=text, tables=packed({"p": table, "words": summaries}),
                  alt=alt),
        code=UNPACK_JS + ALT_JS + """
        const {p: table, words: summaries} = unpack(tables);
        const key = `${dice.value}-${need.value}`;
        const p = table[key];
        source.data = {k: source.data.k, p: p, label: p.map(x => (100 * x).toFixed(1) + '%')};
        text.text = summaries[key];
        const bars = p.slice(0, dice.value + 1).map((x, k) => k + ' successes ' + (100 * x).toFixed(1) + '%');
        alt.text = wrap('Bar chart: chance of each number of successes with ' + dice.value + ' dice needing '
                        + need.value + '+. ' + bars.join(', ') + '.');
        """,
    )
    dice.js_on_change("value", update)
    need.js_on_change("value", update)
    return column(dice, need, text, fig, alt, sizing_mode="stretch_width")


def running_share_chart(rolls: tuple[int, ...], target: int = 4):
    """Share of rolls scoring ``target``+ after each roll, against the exact chance."""
    exact = float(success_chance(target, natural_fail=None))
    hits, share = 0, []
    for index, face in enumerate(rolls, start=1):
        hits += face >= target
        share.append(hits / index)
    full = {"n": list(range(1, len(rolls) + 1)), "share": share}
    start = min(50, len(rolls))
    source = ColumnDataSource({key: values[:start] for key, values in full.items()})
    fig = figure(
        height=280, sizing_mode="stretch_width", x_range=(1, len(rolls)), y_range=(0, 1),
        title=f"Share of rolls scoring {target}+", x_axis_label="rolls so far",
        y_axis_label="share", toolbar_location=None, name="running-share",
    )
    fig.line("n", "share", source=source, line_width=2, color=BAR, legend_label="simulated")
    fig.line([1, len(rolls)], [exact, exact], line_dash="dashed", color="black", legend_label=f"exact {exact:.3f}")
    fig.legend.location = "bottom_right"
    rolled = Slider(start=1, end=len(rolls), value=start, step=1, title="Dice rolled", name="rolls-slider")
    alt = alt_div(_share_words(share[:start], target, exact), name="running-share-alt")
    rolled.js_on_change("value", CustomJS(args=dict(source=source, full=full, rolled=rolled, alt=alt, target=target,
                                                    exact=exact), code=ALT_JS + """
        const n = rolled.value;
        source.data = {n: full.n.slice(0, n), share: full.share.slice(0, n)};
        alt.text = wrap('Line chart: share of rolls scoring ' + target + '+ after each of the first ' + n
                        + ' rolls, against the exact chance ' + exact.toFixed(3) + ' (dashed). After ' + n
                        + ' rolls the share is ' + full.share[n - 1].toFixed(3) + '.');
    """))
    return column(rolled, fig, alt, sizing_mode="stretch_width")


class DiceRoller:
    """Roll real dice from the engine's seeded RNG, as many as asked, against a target.

    A new seed for every series unless one is typed in (the seed used is shown, so a class can
    roll the very same dice again); the tally since the last reset against the exact chance.
    """

    def __init__(self, seed: int | None = None, target: int = 4, dice: int = 10):
        import ipywidgets as ipw

        big = ipw.Layout(height="48px", width="auto")
        self.count = ipw.IntSlider(value=dice, min=1, max=20, description="Dice",
                                   style={"description_width": "initial"})
        self.target = ipw.Dropdown(options=[(f"{t}+", t) for t in range(2, 7)], value=target,
                                   description="Score needed", style={"description_width": "initial"},
                                   layout=ipw.Layout(width="auto"))
        self.seed = ipw.Text(value="" if seed is None else str(seed), description="Seed",
                             placeholder="blank: a fresh seed", layout=ipw.Layout(width="260px"))
        self.roll_button = ipw.Button(description=f"Roll {dice} dice", icon="dice", button_style="primary",
                                      layout=big, style={"font_size": "20px", "font_weight": "bold"})
        self.reset_button = ipw.Button(description="New series", icon="refresh", layout=big,
                                       style={"font_size": "18px"}, tooltip="Clear the tally (and take a new seed)")
        self.dice = ipw.HTML("")
        self.out = ipw.HTML(NO_DICE_YET)
        self.series = DiceSeries()  # the rolls and the tally: the same code the page runs (boards.classroom)
        for widget, name in ((self.count, "count"), (self.target, "target"), (self.seed, "seed"),
                             (self.roll_button, "roll"), (self.reset_button, "reset"), (self.dice, "dice"),
                             (self.out, "out")):
            name_for_page(widget, name)
        self.count.observe(lambda change: setattr(self.roll_button, "description", f"Roll {change['new']} dice"),
                           names="value")
        self.roll_button.on_click(lambda _: self.roll())
        self.reset_button.on_click(lambda _: self.reset())
        self.target.observe(lambda _: self.reset(keep_seed=True), names="value")

    def reset(self, keep_seed: bool = False) -> None:
        self.series.reset(keep_seed)
        self.dice.value = ""
        self.out.value = NO_DICE_YET

    def roll(self) -> list[int]:
        target = self.target.value
        faces = self.series.roll(self.count.value, target, self.seed.value)
        self.dice.value = dice_html(faces, target)
        self.out.value = self.series.tally_html(faces, target)
        return faces

    def widget(self):
        import ipywidgets as ipw

        from .display import live_only

        settings = ipw.HBox([self.count, self.target, self.seed], layout=ipw.Layout(flex_flow="row wrap"))
        return live_only(ipw.VBox([settings, ipw.HBox([self.roll_button, self.reset_button]), self.dice, self.out]),
                         tool=DiceTool)


def dice_roller(seed: int | None = None, target: int = 4, dice: int = 10):
    """Roll real dice from the engine (needs Python: labelled live-only on the site)."""
    return DiceRoller(seed, target, dice).widget()
