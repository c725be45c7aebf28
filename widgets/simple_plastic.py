"""The Simple Plastic Wargame's board, odds explorers, replay and live play.

Everything shown is the engine's answer: move rings are its
``move_allowance``, sight lines its ``line_of_sight``, numbers its
``to_kill`` (with reasons, linked to the rule) and exact distributions its
``kill_distribution``. The static controls get every answer precomputed when
the page is built and switch between them with Bokeh ``CustomJS``.
"""

from __future__ import annotations

from fractions import Fraction

from bokeh.layouts import column, row
from bokeh.models import (
    CheckboxGroup, ColumnDataSource, CustomJS, Div, HoverTool, LabelSet, RadioButtonGroup, Range1d, Select, TapTool,
)
from bokeh.plotting import figure as bokeh_figure

from explorer.rulesets.simple_plastic import Attack, GreedyBot, MoveFigure, MoveSquad
from explorer.rulesets.simple_plastic import examples
from explorer.rulesets.simple_plastic.attacking import kill_chance, kill_distribution, sight, targets_closest_first, to_kill
from explorer.rulesets.simple_plastic.position import group_of, in_play
from explorer.rulesets.simple_plastic.data import PROFILES
from boards.tabletop import rings_layer, sight_layer

from . import tabletop_board as tb
from .board import make_sources
from .alt_text import ALT_JS, alt_div
from .links import RuleLinks
from .packing import UNPACK_JS, ReasonIndex, packed
from .tabletop_live import TabletopLive
from .charts import TEXT_STYLE, percent
from boards.palette import BAR, SIGHT_COLOURS

RULESET = "simple_plastic"
MAX_KILLS = 4  # a heavy weapon's four dice: the most one unit kills in a turn


LINKS = RuleLinks(RULESET)
rule_href = LINKS.href


# -- the board --------------------------------------------------------------------------------

from boards.simple_plastic import SimplePlasticLayers  # noqa: E402


class SimplePlasticBoard(SimplePlasticLayers, tb.TabletopDrawing):
    """:class:`boards.simple_plastic.SimplePlasticLayers` drawn with Bokeh: the table from above."""


board_figure = tb.board_figure  # the board of a state in its ruleset's look, with legend and words


# -- the odds explorer (conditions) -------------------------------------------------------------

HEIGHT_LABELS = {"level": "Same level", "uphill": "Target uphill", "downhill": "Target downhill"}
KIND_LABELS = {"trooper": "Trooper", "heavy": "Heavy weapons", "sniper": "Sniper"}
FLAGS = ("moved", "cover", "vehicle")
FLAG_LABELS = ("Attacker moved this turn", "Target behind cover (a hedge)", "Target in a vehicle")


def condition_key(c: dict) -> str:
    return "|".join([c["attacker"], c["target"], str(int(c["moved"])), c["height"], str(int(c["cover"])),
                     str(int(c["vehicle"])), str(c["squad_size"])])


def odds_entries(settings=None) -> dict[str, dict]:
    """For every combination of conditions: the engine's to-kill answer and exact kills in a turn.

    Keys are :func:`condition_key`; values hold ``need`` (an int, or None
    when the attack cannot be made), ``to_kill`` (the :class:`Explained`)
    and ``kills`` (the exact :class:`~explorer.core.Dist` of figures killed by
    all the attacker's attacks this turn).
    """
    entries = {}
    for c in examples.duel_conditions():
        board = examples.duel_board(**c, settings=settings)
        need = to_kill(board, "a", "t")
        entries[condition_key(c)] = {"conditions": c, "need": need.value, "to_kill": need,
                                     "kills": kill_distribution(board, "a", "t")}
    return entries


def _pmf_list(dist, length: int = MAX_KILLS + 1) -> list[Fraction]:
    return [dist.probability(k) for k in range(length)]


def _headline(need, kind: str, dist) -> str:
    p = PROFILES[kind]
    if need is None:
        return "<b>Cannot attack.</b> The last reason says why."
    per_die = kill_chance(need)
    attacks = f"{p.attacks} attacks" if p.attacks > 1 else "1 attack"
    return (f'<span class="sp-need">Needs <b>{need}+</b></span> on each D6 (a 1 never kills): each die kills with '
            f"chance <b>{per_die}</b> ({percent(per_die)}). With {attacks} of {p.dice} D6 this turn: "
            f"at least one kill <b>{percent(dist.at_least(1))}</b>, expected kills <b>{float(dist.mean()):.2f}</b>.")


def most_kills(attacker: str) -> int:
    """The most figures one unit of this kind can kill in a turn: one per die of each of its attacks."""
    p = PROFILES[attacker]
    return p.dice * p.attacks


def squad_size_matters(c: dict, need) -> bool:
    """Whether the target squad's size can change the kills: the attack can be made, the target is in a
    squad (a sniper is alone), and the attacker can kill more than one figure in a turn."""
    return need is not None and PROFILES[c["target"]].in_squad != "never" and most_kills(c["attacker"]) > 1


def squad_note(c: dict, need) -> str:
    """Why the squad-size buttons are (or are not) switched off, for these conditions."""
    attacker, target = PROFILES[c["attacker"]], PROFILES[c["target"]]
    if need is None:
        return "(off: no attack, so no figure of the squad can fall)"
    if target.in_squad == "never":
        return f"(off: a {target.name.lower()} is always alone)"
    if most_kills(c["attacker"]) == 1:
        return (f"(off: {_a(attacker.name.lower())} rolls one die, so it kills at most one figure, "
                f"whatever the squad's size)")
    k = most_kills(c["attacker"])
    same = f": squads of {k} or more give the same odds" if k < max(examples.SQUAD_SIZES) else ""
    return f"({_a(attacker.name.lower())} can kill up to {k} figures a turn, one per die{same})"


def _a(words: str) -> str:
    return ("an " if words[:1] in "aeiou" else "a ") + words


def odds_headline(c: dict, need, dist) -> str:
    """The odds explorer's text for conditions ``c``: who attacks whom (the target's kind and squad named),
    then the to-kill number and the kills."""
    attacker, target = PROFILES[c["attacker"]], PROFILES[c["target"]]
    if target.in_squad == "never":
        whom = f"{_a(target.name.lower())} (alone)"
    elif squad_size_matters(c, need):
        n = c["squad_size"]
        whom = (f"{_a(target.name.lower())} on its own (a squad of 1)" if n == 1 else
                f"{_a(target.name.lower())} leading a squad of {n}")
    else:
        whom = f"{_a(target.name.lower())} leading its squad"
    return f"<b>{attacker.name}</b> attacks <b>{whom}</b>. " + _headline(need, c["attacker"], dist)


def _ReasonIndex() -> ReasonIndex:
    return ReasonIndex(LINKS)


def _kills_chart(source, name: str, title: str = "Kills this turn (exact)"):
    fig = bokeh_figure(height=240, sizing_mode="stretch_width", x_range=Range1d(-0.5, MAX_KILLS + 0.5),
                       y_range=Range1d(0, 1.12), title=title, x_axis_label="figures killed",
                       y_axis_label="probability", toolbar_location=None, name=name)
    fig.vbar(x="k", top="p", width=0.75, source=source, color=BAR)
    fig.add_layout(LabelSet(x="k", y="p", text="label", source=source, text_align="center", y_offset=3,
                            text_font_size="11pt"))
    fig.xaxis.ticker = list(range(MAX_KILLS + 1))
    fig.add_tools(HoverTool(tooltips=[("kills", "@k"), ("probability", "@label")]))
    return fig


def _chart_data(p: list[float]) -> dict:
    return {"k": list(range(len(p))), "p": p, "label": [f"{x:.0%}" if x in (0, 1) else f"{x:.1%}" for x in p]}


def chart_words(p: list[float]) -> str:
    """A kills chart in words (mirrors ``show`` in :data:`_SHOW_JS`)."""
    labels = _chart_data(p)["label"]
    return ("Bar chart, figures killed this turn (exact): "
            + ", ".join(f"{k} killed {label}" for k, label in enumerate(labels)) + ".")


_SHOW_JS = ALT_JS + """
function show(entry) {
  const p = entry.p;
  const labels = p.map(x => (x === 0 || x === 1) ? (100 * x).toFixed(0) + '%' : (100 * x).toFixed(1) + '%');
  chart.data = {k: p.map((_, i) => i), p: p, label: labels};
  text.text = entry.head + '<ul>' + entry.why.map(i => '<li>' + reasons[i] + '</li>').join('') + '</ul>';
  alt.text = wrap('Bar chart, figures killed this turn (exact): '
                  + labels.map((l, k) => k + ' killed ' + l).join(', ') + '.');
}
"""


def odds_explorer(*, attacker: str = "trooper", target: str = "trooper", moved: bool = False,
                  height: str = "level", cover: bool = False, vehicle: bool = False, squad_size: int = 5,
                  settings=None):
    """Choose the conditions; see the to-kill number, its reasons and the exact kills (static-site safe)."""
    reasons = _ReasonIndex()
    table = {}
    for key, entry in odds_entries(settings).items():
        c, need = entry["conditions"], entry["need"]
        table[key] = {"head": odds_headline(c, need, entry["kills"]), "why": reasons(entry["to_kill"]),
                      "p": [round(float(x), 5) for x in _pmf_list(entry["kills"])],
                      "size_on": squad_size_matters(c, need), "size_note": squad_note(c, need)}
    first = {"attacker": attacker, "target": target, "moved": moved, "height": height, "cover": cover,
             "vehicle": vehicle, "squad_size": squad_size}
    start = table[condition_key(first)]
    kinds, heights = list(KIND_LABELS), list(HEIGHT_LABELS)
    pick_attacker = RadioButtonGroup(labels=list(KIND_LABELS.values()), active=kinds.index(attacker),
                                     name="sp-odds-attacker", sizing_mode="stretch_width")
    pick_target = RadioButtonGroup(labels=list(KIND_LABELS.values()), active=kinds.index(target),
                                   name="sp-odds-target", sizing_mode="stretch_width")
    pick_height = RadioButtonGroup(labels=list(HEIGHT_LABELS.values()), active=heights.index(height),
                                   name="sp-odds-height", sizing_mode="stretch_width")
    flags = CheckboxGroup(labels=list(FLAG_LABELS), name="sp-odds-flags",
                          active=[i for i, on in enumerate((moved, cover, vehicle)) if on])
    size = RadioButtonGroup(labels=[str(n) for n in examples.SQUAD_SIZES], name="sp-odds-size",
                            active=examples.SQUAD_SIZES.index(squad_size), sizing_mode="stretch_width",
                            disabled=not start["size_on"])
    size_note = Div(text=start["size_note"], name="sp-odds-size-note", sizing_mode="stretch_width",
                    css_classes=["sp-odds-size-note"])
    text = Div(text="", name="sp-odds-text", sizing_mode="stretch_width", css_classes=["sp-odds-text"],
               styles=TEXT_STYLE)
    chart = ColumnDataSource(_chart_data(start["p"]))
    text.text = start["head"] + "<ul>" + "".join(f"<li>{reasons.texts[i]}</li>" for i in start["why"]) + "</ul>"
    fig = _kills_chart(chart, "sp-odds-chart")
    alt = alt_div(chart_words(start["p"]), name="sp-odds-chart-alt")
    update = CustomJS(
        args=dict(table=packed(table), reasons=reasons.texts, chart=chart, text=text, kinds=kinds, heights=heights,
                  pa=pick_attacker, pt=pick_target, ph=pick_height, flags=flags, size=size,
                  sizes=list(examples.SQUAD_SIZES), size_note=size_note, alt=alt),
        code=UNPACK_JS + _SHOW_JS + """
        const on = i => flags.active.includes(i) ? '1' : '0';
        const key = [kinds[pa.active], kinds[pt.active], on(0), heights[ph.active], on(1), on(2),
                     sizes[size.active]].join('|');
        const entry = unpack(table)[key];
        show(entry);
        size.disabled = !entry.size_on;
        size_note.text = entry.size_note;
        """,
    )
    for widget in (pick_attacker, pick_target, pick_height, size):
        widget.js_on_change("active", update)
    flags.js_on_change("active", update)

    def label(text_):
        return Div(text=f"<b>{text_}</b>", sizing_mode="stretch_width")

    controls = column(
        label("Attacker"), pick_attacker, label("Target (leads its squad; a sniper is alone)"), pick_target,
        label("Figures in the target's squad"), size_note, size, label("Ground"), pick_height, flags,
        sizing_mode="stretch_width",
    )
    return column(controls, text, fig, alt, sizing_mode="stretch_width", name="sp-odds")


# -- the pick-a-shooter explorer ------------------------------------------------------------------

def pair_entries(state) -> dict[str, dict]:
    """For every attacker and enemy target on the board: sight, to-kill, exact kills this turn."""
    entries = {}
    for a in in_play(state):
        for t in in_play(state):
            if a.side == t.side:
                continue
            need = to_kill(state, a.id, t.id)
            visible = targets_closest_first(state, a, t)
            entries[f"{a.id}>{t.id}"] = {"sight": sight(state, a, t), "to_kill": need, "need": need.value,
                                         "victim": visible[0].id if visible else None,
                                         "kills": kill_distribution(state, a.id, t.id)}
    return entries


def pick_headline(state, attacker: str, target: str, entry: dict) -> str:
    """What the pick explorer says above the odds: the sight of the figure the attack *falls on*.

    An attack on a squad falls on its closest member the attacker can see, so a picked target out of
    sight may still be attacked through another member: the headline names that member and its sight,
    so the sight it states and the odds below it are about the same figure.
    """
    a, t = state.figures[attacker], state.figures[target]
    who = (f"<b>{attacker}</b> ({PROFILES[a.kind].name.lower()}) at <b>{target}</b> "
           f"({PROFILES[t.kind].name.lower()}): ")
    verdict = entry["sight"].sight.value
    victim = entry["victim"]
    if victim is None:
        rest = ", and to every member of its squad" if t.squad and len(group_of(state, t)) > 1 else ""
        head = f"line of sight <b>{verdict}</b>{rest}."
    elif victim == target:
        head = f"line of sight <b>{verdict}</b>; the attack falls on <b>{target}</b>."
    else:
        v = state.figures[victim]
        seen = sight(state, a, v).sight.value
        first = " first" if most_kills(a.kind) > 1 else ""
        about = (f"<b>{target}</b> is out of sight (line of sight <b>blocked</b>)" if verdict == "blocked"
                 else f"line of sight to {target} <b>{verdict}</b>")
        head = (f"{about}; the attack falls{first} on <b>{victim}</b>, the closest member of squad {v.squad} "
                f"in sight (line of sight <b>{seen}</b>).")
    return who + head + " " + _headline(entry["need"], a.kind, entry["kills"])


def pick_explorer(state=None, *, attacker: str = "t-sniper", target: str = "g5", height: int = 440):
    """Pick a shooter and a target (menus, or tap figures on the board); static-site safe."""
    state = state or examples.firefight()
    board = SimplePlasticBoard(rings=None, last_attack=False, height=height, name="sp-pick-board")
    sources = make_sources(board.layers(state))
    fig = board.figure(sources)
    reasons = _ReasonIndex()
    table = {}
    for key, entry in pair_entries(state).items():
        a_id, t_id = key.split(">")
        a, t = state.figures[a_id], state.figures[t_id]
        sights = [(entry["sight"], f"{a_id} to {t_id}")]
        marks = [(a.x, a.y, 0.7, "#000000", f"attacker {a_id}"), (t.x, t.y, 0.7, SIGHT_COLOURS["partial"], f"target {t_id}")]
        victim = entry["victim"]
        if victim and victim != t_id:  # the attack falls on the closest member in sight: show that too
            v = state.figures[victim]
            sights.append((sight(state, a, v), f"{a_id} to {victim}"))
            marks.append((v.x, v.y, 0.7, SIGHT_COLOURS["partial"], f"the attack falls on {victim}"))
        sight_data = sight_layer(sights)
        rings = rings_layer(marks)
        head = pick_headline(state, a_id, t_id, entry)
        table[key] = {"head": head, "why": reasons(entry["to_kill"]),
                      "p": [round(float(x), 5) for x in _pmf_list(entry["kills"])], "sight": sight_data, "rings": rings}
    ids = [f.id for f in in_play(state)]
    sides = {f.id: f.side for f in in_play(state)}
    pick_a = Select(title="Attacker", value=attacker, options=ids, name="sp-pick-attacker", sizing_mode="stretch_width")
    pick_t = Select(title="Target", value=target, options=ids, name="sp-pick-target", sizing_mode="stretch_width")
    text = Div(text="", name="sp-pick-text", sizing_mode="stretch_width", css_classes=["sp-pick-text"],
               styles=TEXT_STYLE)
    chart = ColumnDataSource(_chart_data(table[f"{attacker}>{target}"]["p"]))
    start = table[f"{attacker}>{target}"]
    text.text = start["head"] + "<ul>" + "".join(f"<li>{reasons.texts[i]}</li>" for i in start["why"]) + "</ul>"
    sources["sight"].data = start["sight"]
    sources["rings"].data = start["rings"]
    chart_fig = _kills_chart(chart, "sp-pick-chart")
    alt = alt_div(chart_words(start["p"]), name="sp-pick-chart-alt")
    update = CustomJS(
        args=dict(table=packed(table), reasons=reasons.texts, chart=chart, text=text, pa=pick_a, pt=pick_t, sides=sides,
                  sight=sources["sight"], rings=sources["rings"], alt=alt),
        code=UNPACK_JS + _SHOW_JS + """
        const entry = unpack(table)[pa.value + '>' + pt.value];
        if (entry === undefined) {
          text.text = '<b>' + pa.value + ' and ' + pt.value + ' are on the same side:</b> choose an enemy target.';
          chart.data = {k: [], p: [], label: []};
          alt.text = wrap('Bar chart, figures killed this turn: empty (no enemy target chosen).');
          sight.data = {xs: [], ys: [], colour: [], dash: [], verdict: [], label: []};
          return;
        }
        show(entry);
        sight.data = entry.sight;
        rings.data = entry.rings;
        """,
    )
    pick_a.js_on_change("value", update)
    pick_t.js_on_change("value", update)
    figures_renderer = [r for r in fig.renderers if r.name == "figures"]
    tap = TapTool(renderers=figures_renderer)
    fig.add_tools(tap)
    figures_renderer[0].nonselection_glyph = figures_renderer[0].glyph.clone()  # tapping must not dim the rest
    tapped = CustomJS(args=dict(figures=sources["figures"], pa=pick_a, pt=pick_t, sides=sides), code="""
        const index = figures.selected.indices[0];
        if (index === undefined) { return; }
        const id = figures.data.id[index];
        if (sides[id] === sides[pa.value]) { pa.value = id; } else { pt.value = id; }
        figures.selected.indices = [];
    """)
    sources["figures"].selected.js_on_change("indices", tapped)
    picks = row(pick_a, pick_t, sizing_mode="stretch_width")
    return column(picks, fig, board.alt(sources), board.legend(), text, chart_fig, alt, sizing_mode="stretch_width",
                  name="sp-pick")


# -- the replay ------------------------------------------------------------------------------------------

def recorded_game(scenario: str = "skirmish", *, seed: int = 1, bot_seeds=(1, 2), max_rounds: int | None = None,
                  max_actions: int = 400):
    """A whole GreedyBot-against-GreedyBot game, played by the engine (same seeds, same game)."""
    import explorer
    from explorer.core.simulate import play_out

    settings = {} if max_rounds is None else {"max_rounds": max_rounds}
    state = explorer.new_game(RULESET, scenario, seed=seed, **settings)
    bots = dict(zip(state.sides, (GreedyBot(bot_seeds[0]), GreedyBot(bot_seeds[1]))))
    return play_out(state, bots, max_actions=max_actions)


def replay_explorer(final_state=None, **game):
    """Step through a recorded game on the static site (slider, back and forward, explained log)."""
    from .replay import replay

    final_state = final_state or recorded_game(**game)
    board = SimplePlasticBoard(rings="mover", last_attack=True, height=400, name="sp-replay-board")
    return replay(board, final_state, links=LINKS, title="Step")


# -- live play ------------------------------------------------------------------------------------------

class SimplePlasticLive(TabletopLive):
    """Play one side against the GreedyBot in JupyterLab.

    The menu offers only the engine's legal actions. The free-form pickers
    (attack anyone, move any unit any distance) let a player try anything:
    the engine refuses what the rules forbid and says which rule, and the
    game is left exactly as it was.
    """

    def __init__(self, state=None, *, human: str = "green", bot_seed: int = 1):
        import explorer

        state = state or explorer.new_game(RULESET, "skirmish", seed=3)
        bots = {side: GreedyBot(bot_seed) for side in state.sides if side != human}
        def board_for(side: str) -> SimplePlasticBoard:
            return SimplePlasticBoard(rings="mover", height=400, name="sp-live-board",
                                      title="Your army: green (dark)" if side == "green" else "")

        super().__init__(state, board_for(human), bots, links=LINKS, human=human, bot_seed=bot_seed,
                         board_for=board_for)

    def target_action(self, attacker: str, target: str) -> Attack:
        return Attack(self.human, attacker, target)

    def try_attack(self, attacker: str, target: str) -> None:
        self.try_target(attacker, target)

    def move_action(self, figure_id: str, direction: str, inches: float):
        """The move of ``figure_id``'s unit, ``inches`` toward ``direction`` (the figure leads a squad)."""
        figure = self.state.figures[figure_id]
        to = self.step(figure_id, direction, inches)
        if figure.squad:
            return MoveSquad(self.human, figure.squad, figure_id, to)
        return MoveFigure(self.human, figure_id, to)
