"""The army-men page's board, odds explorers, army builder, replay and live play.

Everything shown is the engine's answer: range rings its ``shooting_range``,
numbers its ``need_to_hit`` (with reasons, linked to the rule), exact odds
its ``shot_odds`` and ``area_distribution``, an army's points and problems
its ``army_points`` and ``army_problems``. The static controls get every
answer precomputed when the page is built and switch between them with
Bokeh ``CustomJS``.
"""

from __future__ import annotations

import html
import itertools
import json

from bokeh.layouts import column, row
from bokeh.models import (
    CheckboxGroup, ColumnDataSource, CustomJS, Div, HoverTool, LabelSet, RadioButtonGroup, Range1d, Slider, Span,
    Spinner,
)
from bokeh.plotting import figure as bokeh_figure

from boards.army_men import ArmyMenLayers
from explorer.rulesets.army_men import GreedyBot, Move, Settings, Shoot
from explorer.rulesets.army_men.army import army_points, army_problems, points_problem
from explorer.rulesets.army_men.shooting import hit_chance, need_to_hit, shot_odds
from explorer.rulesets.army_men.standard import area_distribution
from explorer.rulesets.army_men.data import AREA_RADIUS_INCHES, PROFILES

from . import tabletop_board as tb
from .accessible import name_bokeh_controls
from .alt_text import ALT_JS, alt_div
from .links import RuleLinks
from .packing import UNPACK_JS, ReasonIndex, packed
from .charts import BARS_JS, TEXT_STYLE, bar_data, bars, label, percent, why_list
from boards.palette import BAR, OKABE_ITO
from .tabletop_live import TabletopLive

RULESET = "army_men"
LINKS = RuleLinks(RULESET)
rule_href = LINKS.href


# -- the board --------------------------------------------------------------------------------------

class ArmyMenBoard(ArmyMenLayers, tb.TabletopDrawing):
    """:class:`boards.army_men.ArmyMenLayers` drawn with Bokeh: the table from above, with cohesion links
    under the figures and a bar under each prone figure (:class:`widgets.tabletop_board.TabletopDrawing`)."""


board_figure = tb.board_figure  # the board of a state in its ruleset's look, with legend and words


# -- the shot explorer --------------------------------------------------------------------------------

VARIANTS = ("tutorial", "standard")
DICE = (1, 2, 3)
DICE_LABELS = ("1 die", "2 dice", "3 dice")
LEADERSHIP = ("penalty", "literal", "easier_target")
LEADERSHIP_LABELS = ("Penalty (our ruling)", "Literal (+1 helps)", "Easier target")
FLAGS = ("cover", "moved", "shooter_cut_off", "target_cut_off")
FLAG_LABELS = ("Target in cover (more than half hidden)", "Target moved in its last turn",
               "Shooter out of cohesion", "Target out of cohesion")


def shot_key(variant: str, dice: int, within_half: bool, flags: dict, leadership: str) -> str:
    return "|".join([variant, str(dice), str(int(within_half)), *(str(int(flags[f])) for f in FLAGS), leadership])


def shot_entries() -> dict[str, dict]:
    """The engine's answer for every combination: the number needed (``Explained``) and the chance to kill
    with 1, 2 and 3 dice (rate of fire), and which ticked conditions change nothing."""
    entries = {}
    for variant, within_half, leadership in itertools.product(VARIANTS, (True, False), LEADERSHIP):
        settings = Settings(variant=variant, leadership=leadership)
        for bits in itertools.product((False, True), repeat=len(FLAGS)):
            flags = dict(zip(FLAGS, bits))

            def ask(**changed):
                conditions = {**flags, **changed}
                return need_to_hit(settings, within_half=within_half, cover=conditions["cover"],
                                     target_moved=conditions["moved"], shooter_cut_off=conditions["shooter_cut_off"],
                                     target_cut_off=conditions["target_cut_off"])

            need = ask()
            idle = [label for flag, label in zip(FLAGS, FLAG_LABELS) if flags[flag] and ask(**{flag: False}) == need]
            chances = [shot_odds(settings, within_half=within_half, cover=flags["cover"], target_moved=flags["moved"],
                                   shooter_cut_off=flags["shooter_cut_off"], target_cut_off=flags["target_cut_off"],
                                   dice=dice) for dice in DICE]
            for dice, chance in zip(DICE, chances):
                entries[shot_key(variant, dice, within_half, flags, leadership)] = {
                    "need": need, "chance": chance, "p": [c.value for c in chances], "idle": idle}
    return entries


def shot_headline(variant: str, dice: int, entry: dict) -> str:
    need = entry["need"].value
    rules = f"{variant.title()} Rules"
    if need is None:
        head = f"<b>{rules}: the shot cannot be made.</b> The last reason says why."
    else:
        die = hit_chance(need, 1)
        head = (f'<span class="am-need">{rules}: needs <b>{need}+</b></span> on each die ({percent(die)} a die). '
                f"With {dice} {'die' if dice == 1 else 'dice'} at one target, the chance to kill is "
                f"<b>{percent(entry['chance'].value)}</b>.")
    if entry["idle"]:
        head += " <i>Ticked but changing nothing here: " + "; ".join(entry["idle"]) + ".</i>"
    return head


def shot_explorer(*, variant: str = "tutorial", dice: int = 1, within_half: bool = False, cover: bool = False,
                  moved: bool = True, leadership: str = "penalty"):
    """Choose the rules and the conditions of a shot; see the number needed, its reasons and the exact chance
    with 1, 2 and 3 dice (static-site safe)."""
    reasons = ReasonIndex(LINKS)
    table = {key: {"head": shot_headline(key.split("|")[0], int(key.split("|")[1]), e), "why": reasons(e["chance"]),
                   "p": [round(float(x), 5) for x in e["p"]]}
             for key, e in shot_entries().items()}
    start = table[shot_key(variant, dice, within_half, {"cover": cover, "moved": moved, "shooter_cut_off": False,
                                                        "target_cut_off": False}, leadership)]
    pick_variant = RadioButtonGroup(labels=["Tutorial Rules", "Standard Rules"], active=VARIANTS.index(variant),
                                    name="am-shot-variant", sizing_mode="stretch_width")
    pick_dice = RadioButtonGroup(labels=list(DICE_LABELS), active=DICE.index(dice), name="am-shot-dice",
                                 sizing_mode="stretch_width")
    pick_range = RadioButtonGroup(labels=["Within half range", "Beyond half range"], active=0 if within_half else 1,
                                  name="am-shot-range", sizing_mode="stretch_width")
    flags = CheckboxGroup(labels=list(FLAG_LABELS), name="am-shot-flags",
                          active=[i for i, on in enumerate((cover, moved, False, False)) if on])
    pick_lead = RadioButtonGroup(labels=list(LEADERSHIP_LABELS), active=LEADERSHIP.index(leadership),
                                 name="am-shot-leadership", sizing_mode="stretch_width")
    text = Div(text=start["head"] + why_list(reasons.texts, start["why"]), name="am-shot-text",
               sizing_mode="stretch_width", css_classes=["am-shot-text"], styles=TEXT_STYLE)
    chart = ColumnDataSource(bar_data(start["p"], DICE.index(dice)))
    fig = bars(chart, "am-shot-chart", "Chance to kill, by dice rolled (exact)", "dice - 1", len(DICE))
    fig.xaxis.major_label_overrides = {i: f"{n} {'die' if n == 1 else 'dice'}" for i, n in enumerate(DICE)}
    fig.xaxis.axis_label = "rate of fire"
    alt = alt_div(_shot_words(start["p"]), name="am-shot-chart-alt")
    update = CustomJS(
        args=dict(table=packed(table), reasons=reasons.texts, chart=chart, text=text, alt=alt, pv=pick_variant,
                  pd=pick_dice, pr=pick_range, flags=flags, pl=pick_lead, variants=list(VARIANTS),
                  leads=list(LEADERSHIP)),
        code=UNPACK_JS + BARS_JS + """
        const on = i => flags.active.includes(i) ? '1' : '0';
        const key = [variants[pv.active], String(pd.active + 1), pr.active === 0 ? '1' : '0', on(0), on(1), on(2),
                     on(3), leads[pl.active]].join('|');
        const entry = unpack(table)[key];
        bars(chart, entry.p, pd.active);
        text.text = entry.head + '<ul>' + entry.why.map(i => '<li>' + reasons[i] + '</li>').join('') + '</ul>';
        alt.text = wrap('Bar chart, chance to kill by dice rolled (exact): '
                        + entry.p.map((x, i) => (i + 1) + (i ? ' dice ' : ' die ') + pct(x)).join(', ') + '.');
        """)
    for widget in (pick_variant, pick_dice, pick_range, pick_lead):
        widget.js_on_change("active", update)
    flags.js_on_change("active", update)
    controls = column(label("Rules"), pick_variant,
                      label("Rate of fire: dice rolled (regular 1, sargent 2, submachine gunner 3)"), pick_dice,
                      label("Range"), pick_range,
                      flags, label("Leadership, read as (standard rules)"), pick_lead, sizing_mode="stretch_width")
    return column(controls, text, fig, alt, sizing_mode="stretch_width", name="am-shot")


def _shot_words(p: list[float]) -> str:
    """The shot chart in words (mirrors the explorer's JS)."""
    return ("Bar chart, chance to kill by dice rolled (exact): "
            + ", ".join(f"{i + 1} {'die' if i == 0 else 'dice'} {percent(x)}" for i, x in enumerate(p)) + ".")


# -- the area-effect explorer ---------------------------------------------------------------------------

MAX_ENEMIES = 8
MAX_FRIENDS = 5


def area_entries() -> dict[str, dict]:
    """For every count of enemies (the target included) and friends within 6 inches: the engine's exact
    distributions of each side's dead."""
    entries = {}
    for enemies in range(1, MAX_ENEMIES + 1):
        for friends in range(MAX_FRIENDS + 1):
            foes, own = area_distribution(enemies), area_distribution(friends)
            entries[f"{enemies}|{friends}"] = {"enemies": foes, "friends": own}
    return entries


def area_headline(enemies: int, friends: int, entry: dict) -> str:
    foes, own = entry["enemies"], entry["friends"]
    head = (f"<b>{enemies}</b> enem{'y' if enemies == 1 else 'ies'} (the target included) and <b>{friends}</b> of "
            f"your own within {AREA_RADIUS_INCHES:g} inches each roll a die; a 6 kills. Expected enemies killed "
            f"<b>{float(foes.mean()):.2f}</b>, at least one <b>{percent(foes.at_least(1))}</b>.")
    if friends:
        head += (f" Expected friends killed <b>{float(own.mean()):.2f}</b>; no friend hurt "
                 f"<b>{percent(own.probability(0))}</b>.")
    return head + " " + LINKS.link("army_men:standard.area_effect")


def area_explorer(*, enemies: int = 3, friends: int = 1):
    """Sliders for the troopers within 6 inches of an area weapon's target; the exact enemies killed."""
    table = {}
    for key, e in area_entries().items():
        n_enemies, n_friends = map(int, key.split("|"))
        table[key] = {"head": area_headline(n_enemies, n_friends, e),
                      "p": [round(float(e["enemies"].probability(k)), 5) for k in range(MAX_ENEMIES + 1)]}
    start = table[f"{enemies}|{friends}"]
    pick_enemies = Slider(start=1, end=MAX_ENEMIES, value=enemies, step=1, name="am-area-enemies",
                          title="Enemies within 6 inches (the target included)", sizing_mode="stretch_width")
    pick_friends = Slider(start=0, end=MAX_FRIENDS, value=friends, step=1, name="am-area-friends",
                          title="Your own troopers within 6 inches", sizing_mode="stretch_width")
    text = Div(text=start["head"], name="am-area-text", sizing_mode="stretch_width", css_classes=["am-area-text"],
               styles=TEXT_STYLE)
    chart = ColumnDataSource(bar_data(start["p"]))
    fig = bars(chart, "am-area-chart", "Enemies killed (exact)", "enemies killed", MAX_ENEMIES + 1)
    alt = alt_div(_area_words(start["p"]), name="am-area-chart-alt")
    update = CustomJS(args=dict(table=packed(table), chart=chart, text=text, alt=alt, pe=pick_enemies,
                                pf=pick_friends), code=UNPACK_JS + BARS_JS + """
        const entry = unpack(table)[pe.value + '|' + pf.value];
        bars(chart, entry.p, -1);
        text.text = entry.head;
        alt.text = wrap('Bar chart, enemies killed (exact): ' + entry.p.map((x, k) => k + ' killed ' + pct(x)).join(', ')
                        + '.');
    """)
    pick_enemies.js_on_change("value", update)
    pick_friends.js_on_change("value", update)
    return column(pick_enemies, pick_friends, text, fig, alt, sizing_mode="stretch_width", name="am-area")


def _area_words(p: list[float]) -> str:
    return "Bar chart, enemies killed (exact): " + ", ".join(f"{k} killed {percent(x)}" for k, x in enumerate(p)) + "."


# -- the army builder ---------------------------------------------------------------------------------

BUILDER_MAX = {"sargent": 2, "regular": 11, "submachine_gunner": 3, "heavy_weapon": 2, "grenadier": 2,
               "flamethrower": 2}
"""How many of each kind the builder offers: one past every limit, so every refusal can be seen."""
BUDGETS = (None, 100, 150, 200)


def refusal(problem) -> str:
    """A broken rule in words, linked to its rule (the engine's message without its citation)."""
    words = problem.reason.removesuffix(f" ({problem.rule.cite()})")
    return f"{html.escape(words)} {LINKS.link(problem.rule.key)}"


def builder_entries(squad: str = "alpha") -> tuple[list, dict[str, list[str]], list[str]]:
    """Every squad the builder can make, in mixed-radix order of :data:`BUILDER_MAX` counts:
    ``[points, [reason numbers], [problem numbers]]``; the over-budget problem for each ``points|budget``;
    and the texts the numbers point to (each a sentence with its rule link)."""
    texts: list[str] = []
    index: dict[str, int] = {}

    def number(text: str) -> int:
        if text not in index:
            index[text] = len(texts)
            texts.append(text)
        return index[text]

    entries, costs = [], set()
    for counts in itertools.product(*(range(n + 1) for n in BUILDER_MAX.values())):
        kinds = [kind for kind, n in zip(BUILDER_MAX, counts) for _ in range(n)]
        points = army_points({squad: kinds})
        problems = army_problems({squad: kinds})
        costs.add(points.value)
        entries.append([points.value, [number(LINKS.reason(r)) for r in points.reasons],
                        [number(refusal(problem)) for problem in problems]])
    over = {}
    for cost in sorted(costs):
        for budget in BUDGETS[1:]:
            problem = points_problem(cost, budget)
            if problem is not None:
                over[f"{cost}|{budget}"] = [number(refusal(problem))]
    return entries, over, texts


def army_builder(counts: dict[str, int] | None = None, budget: int | None = 150):
    """Choose how many of each kind a squad has and the points agreed; see the engine's price and every rule
    the squad breaks, with its link (static-site safe)."""
    counts = {"sargent": 1, "regular": 5, "submachine_gunner": 1, "heavy_weapon": 0, "grenadier": 0,
              "flamethrower": 0, **(counts or {})}
    entries, over, texts = builder_entries()
    spinners = [Spinner(title=f"{PROFILES[k].name}: {PROFILES[k].points}", low=0, high=high, step=1,
                        value=counts[k], name=f"am-army-{k}", sizing_mode="stretch_width")
                for k, high in BUILDER_MAX.items()]
    pick_budget = RadioButtonGroup(labels=["No limit" if b is None else f"{b} points" for b in BUDGETS],
                                   active=BUDGETS.index(budget), name="am-army-budget", sizing_mode="stretch_width")
    text = Div(text="", name="am-army-text", sizing_mode="stretch_width", css_classes=["am-army-text"],
               styles=TEXT_STYLE)
    text.text = builder_words(counts, budget)
    kinds = [kind for kind in BUILDER_MAX for _ in range(counts[kind])]
    bar = ColumnDataSource(_points_bar(army_points({"alpha": kinds}).value,
                                       bool(army_problems({"alpha": kinds}, points=budget))))
    fig, limit = _points_chart(bar, budget)
    alt = alt_div(_points_words(bar.data["points"][0], budget), name="am-army-chart-alt")
    update = CustomJS(
        args=dict(entries=json.dumps(entries, separators=(",", ":")), over=over, texts=texts, spinners=spinners,
                  sizes=[n + 1 for n in BUILDER_MAX.values()], budget=pick_budget,
                  budgets=[b or 0 for b in BUDGETS], text=text, bar=bar, limit=limit, alt=alt,
                  colours=[BAR, OKABE_ITO["vermillion"]]),
        code=ALT_JS + """
        const cache = (window.tsrArmy = window.tsrArmy || new Map());
        if (!cache.has(entries)) cache.set(entries, JSON.parse(entries));
        let at = 0;
        spinners.forEach((s, i) => { at = at * sizes[i] + Math.max(0, Math.min(sizes[i] - 1, s.value)); });
        const [points, priced, problems] = cache.get(entries)[at];
        const all = problems.concat(over[points + '|' + budgets[budget.active]] || []);
        const troopers = spinners.reduce((n, s) => n + s.value, 0);
        text.text = '<p><b>' + troopers + ' troopers, ' + points + ' points</b></p><ul>'
          + priced.map(i => '<li>' + texts[i] + '</li>').join('') + '</ul>'
          + (all.length ? '<p class="am-army-refused"><b>Refused:</b></p><ul>' + all.map(i => '<li>' + texts[i]
             + '</li>').join('') + '</ul>' : '<p class="am-army-ok"><b>A legal squad.</b> Every rule of army '
             + 'creation is kept.</p>');
        const agreed = budgets[budget.active];
        bar.data = {y: [0], points: [points], colour: [colours[all.length ? 1 : 0]], label: [points + ' points']};
        limit.location = agreed || null;
        limit.visible = agreed > 0;
        alt.text = wrap('Bar chart: the squad costs ' + points + ' points'
                        + (agreed ? ', against the ' + agreed + ' agreed.' : ', with no limit agreed.'));
        """)
    for spinner in spinners:
        spinner.js_on_change("value", update)
    pick_budget.js_on_change("active", update)
    grid = column(*(row(*spinners[i:i + 2], sizing_mode="stretch_width") for i in range(0, len(spinners), 2)),
                  sizing_mode="stretch_width", css_classes=["am-army-counts"])  # two a row: fits a phone
    return name_bokeh_controls(column(label("Troopers in the squad"), grid, label("Points agreed"), pick_budget,
                                      fig, alt, text, sizing_mode="stretch_width", name="am-army"))


POINTS_AXIS = 450  # the dearest squad the builder can make costs 390 points; room for its label


def _points_bar(points: int, refused: bool) -> dict:
    return {"y": [0], "points": [points], "colour": [OKABE_ITO["vermillion"] if refused else BAR],
            "label": [f"{points} points"]}


def _points_chart(source, budget: int | None):
    """The squad's cost as one bar, and a dashed line at the points agreed."""
    fig = bokeh_figure(height=110, sizing_mode="stretch_width", x_range=Range1d(0, POINTS_AXIS),
                       y_range=Range1d(-0.6, 0.6),
                       toolbar_location=None, name="am-army-chart", x_axis_label="points")
    fig.hbar(y="y", right="points", height=0.6, source=source, color="colour")
    fig.add_layout(LabelSet(x="points", y="y", text="label", source=source, x_offset=4, y_offset=-8,
                            text_font_size="11pt"))
    fig.yaxis.visible = False
    fig.ygrid.visible = False
    limit = Span(location=budget, dimension="height", line_color="#111111", line_dash="dashed", line_width=2,
                 visible=budget is not None, name="am-army-limit")
    fig.add_layout(limit)
    fig.add_tools(HoverTool(tooltips=[("cost", "@label")]))
    return fig, limit


def _points_words(points: int, budget: int | None) -> str:
    agreed = f", against the {budget} agreed." if budget else ", with no limit agreed."
    return f"Bar chart: the squad costs {points} points{agreed}"


def builder_words(counts: dict[str, int], budget: int | None) -> str:
    """What the builder shows for ``counts`` (mirrors its JS), asked of the engine."""
    kinds = [kind for kind in BUILDER_MAX for _ in range(counts.get(kind, 0))]
    points = army_points({"alpha": kinds})
    problems = army_problems({"alpha": kinds}, points=budget)
    out = f"<p><b>{len(kinds)} troopers, {points.value} points</b></p>" + LINKS.explained(points)
    if problems:
        return out + '<p class="am-army-refused"><b>Refused:</b></p><ul>' + "".join(
            f"<li>{refusal(p)}</li>" for p in problems) + "</ul>"
    return out + '<p class="am-army-ok"><b>A legal squad.</b> Every rule of army creation is kept.</p>'


# -- the replay --------------------------------------------------------------------------------------------

def recorded_game(scenario: str = "standard", *, seed: int = 1, bot_seeds=(1, 2), max_actions: int = 600):
    """A whole GreedyBot-against-GreedyBot game, played by the engine (same seeds, same game)."""
    import explorer
    from explorer.core.simulate import play_out

    state = explorer.new_game(RULESET, scenario, seed=seed)
    bots = dict(zip(state.sides, (GreedyBot(bot_seeds[0]), GreedyBot(bot_seeds[1]))))
    return play_out(state, bots, max_actions=max_actions)


def replay_explorer(final_state=None, **game):
    """Step through a recorded game on the static site (slider, back and forward, explained log)."""
    from .replay import replay

    final_state = final_state or recorded_game(**game)
    board = ArmyMenBoard(ranges="last", name="am-replay-board")
    return replay(board, final_state, links=LINKS, title="Step")


# -- live play ----------------------------------------------------------------------------------------------

class ArmyMenLive(TabletopLive):
    """Play one side against the GreedyBot in JupyterLab.

    The menu offers only the engine's legal actions; the free-form pickers
    (shoot anyone, move anyone any distance) let a player try anything, and
    the engine refuses what the rules forbid, naming the rule.
    """

    words = ("Shooter", "Target", "Trooper", "Try this shot", "Try this move")
    max_inches = 12.0

    def __init__(self, state=None, *, human: str = "green", bot_seed: int = 1, scenario: str = "standard",
                 seed: int = 3):
        import explorer

        state = state or explorer.new_game(RULESET, scenario, seed=seed)
        bots = {side: GreedyBot(bot_seed) for side in state.sides if side != human}
        super().__init__(state, ArmyMenBoard(ranges="last", name="am-live-board"), bots, links=LINKS, human=human,
                         bot_seed=bot_seed)

    def target_action(self, shooter: str, target: str) -> Shoot:
        return Shoot(self.human, shooter, target)

    def try_shot(self, shooter: str, target: str) -> None:
        self.try_target(shooter, target)

    def move_action(self, trooper: str, direction: str, inches: float) -> Move:
        return Move(self.human, trooper, self.step(trooper, direction, inches))
