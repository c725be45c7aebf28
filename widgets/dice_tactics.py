"""Widgets for Dice Tactics (ruleset ``dice_tactics``).

- :class:`DiceBoard`: the Board protocol from one player's view (or a
  spectator's): the grid and its terrain, the dice labelled with their
  strength, where a march may go next, and a panel with VP, resources,
  supplies and the cards that seat may see.
- :func:`loss_explorer`: two strengths, unit kinds and a situation; the
  engine's attack, step by step (static: every answer precomputed).
- :func:`loss_chart`: the loss table as a chart of every pair of strengths.
- :func:`public_replay`: a recorded bot-versus-bot game (static).
- :class:`DiceLivePlay`: play the greedy bot in JupyterLab ("Play here" on the site).

Widgets decide no rule: every number here comes from the engine.
"""

from __future__ import annotations

import html

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, CustomJS, Div, HoverTool, Range1d, Select, Slider
from bokeh.plotting import figure

from explorer import get_ruleset
from explorer.core import play_out
from explorer.rulesets.dice_tactics import GreedyBot, Unit as DieUnit, board, fight, losses
from explorer.rulesets.dice_tactics.data import SQUAD, TANK
from explorer.rulesets.dice_tactics.scenarios import BOARDS

from boards.dice_tactics import STYLES, DiceLayers

from .alt_text import alt_div
from .board import make_sources
from .charts import TEXT_STYLE
from .grid_board import GridBoard
from .links import RuleLinks
from .packing import UNPACK_JS, packed

DICE = get_ruleset("dice_tactics")
LINKS = RuleLinks("dice_tactics")


class DiceBoard(DiceLayers):
    """:class:`boards.dice_tactics.DiceLayers` drawn with Bokeh."""

    grid_type = GridBoard

    def draw(self, sources):
        gb = self._gb
        if gb is None:
            raise ValueError("call layers(state) before draw(sources)")
        fig = gb.figure(sources["tiles"], sources["units"], sources["reach"], floor=sources.get("floor"),
                        name="dice-board")
        kinds = [k for k in STYLES if k in set(self._table.setup.terrain.values()) | {"zone", "spawn"}]
        legend = gb.legend(kinds, (SQUAD, TANK), name="dice-legend")
        return column(fig, legend, panel_figure(sources["cards"]), sizing_mode="stretch_width",
                      name="dice-board-layout")


PANEL_STYLES = {"background": "#f4f1ea", "color": "#1A1A1A", "font-size": "0.95em", "line-height": "1.45",
                "padding": "4px 8px", "overflow-wrap": "anywhere"}


def panel_figure(source: ColumnDataSource):
    """The players' panel: the operation (the Target die drawn as a die), each player's VP, resources, supply and
    the cards that seat may see. HTML lines that wrap (a phone's 390 px cut the drawn text off), kept in step with
    the layer by a small JS callback."""
    # the layer rides in the Div's tags: nothing else draws it, and a source no model refers to is left out of the
    # page's document (live play then finds no "layer-cards" to fill, and the panel would never change)
    div = Div(text="".join(source.data["html"]), name="dice-panel", sizing_mode="stretch_width", styles=PANEL_STYLES,
              tags=[source])
    source.js_on_change("data", CustomJS(args=dict(div=div, source=source), code="""
        const data = source.data, html = data instanceof Map ? data.get('html') : data.html;
        div.text = Array.from(html || []).join('');
    """))
    return div


def board_figure(table, player: str | None = None, *, title: str | None = None):
    """A snapshot of ``table`` from ``player``'s view (``None``: a spectator's)."""
    drawn = DiceBoard(player, title=title)
    return drawn.draw(make_sources(drawn.layers(table)))


# -- the loss table -------------------------------------------------------------------------------
SITUATIONS = {
    "both on open ground": ("ground", "ground"),
    "attacker on a hill (+1 attacking)": ("hill", "ground"),
    "defender in a forest (+1 defending)": ("ground", "forest"),
    "defender in water (-1 defending, cannot counter-attack)": ("ground", "water"),
    "attacker in a forest (cannot be counter-attacked)": ("forest", "ground"),
}
_SYMBOL = {"ground": ".", "hill": "h", "forest": "f", "water": "~"}


def _duel_board(attacker_terrain: str, defender_terrain: str):
    row = "." + _SYMBOL[attacker_terrain] + _SYMBOL[defender_terrain] + "......"
    return board("\n".join(["V.......V", ".........", ".........", row, ".........", ".........", "V.......V"]))


def attack_result(a: int, b: int, a_kind: str, b_kind: str, situation: str):
    """The engine's account of one attack as parts (a heading, the steps with the rule each cites, the result),
    and the dice before and after."""
    where_a, where_b = SITUATIONS[situation]
    setup = _duel_board(where_a, where_b)
    attacker = DieUnit("attacker", "green", a_kind, a, (1, 3))
    defender = DieUnit("defender", "tan", b_kind, b, (2, 3))
    result = fight(setup, attacker, defender)

    def end(unit, before):
        if unit.strength == 0:
            return "defeated (respawns with 2)"
        kind = "" if unit.kind == before.kind else f", now a {unit.kind}"
        return f"{before.strength} → {unit.strength}{kind}"

    parts = {"head": f"A {a_kind} of {a} attacks a {b_kind} of {b}.",
             "steps": [[r.ref.key, r.text[0].upper() + r.text[1:] + "."] for r in result.steps],
             "end": f"Attacker: {end(result.attacker, attacker)}. Defender: {end(result.defender, defender)}."}
    return parts, [a, result.attacker.strength, b, result.defender.strength], [
        a_kind, result.attacker.kind, b_kind, result.defender.kind]


def attack_html(parts: dict, links: dict) -> str:
    """The parts of :func:`attack_result` as HTML (mirrored by the explorer's JS)."""
    steps = "".join(f"<li>{html.escape(text)} {links[key]}</li>" for key, text in parts["steps"])
    return f"<b>{html.escape(parts['head'])}</b><ul>{steps}</ul>{html.escape(parts['end'])}"


DICE_X = [0.6, 2.0, 4.0, 5.4]
DICE_CAPTION = ["attacker before", "after", "defender before", "after"]


def _dice_rows(strengths, kinds) -> dict[str, list]:
    return {"x": DICE_X, "y": [0.8] * 4, "label": [str(v) if v else "✕" for v in strengths],
            "caption": DICE_CAPTION, "kind": kinds,
            "colour": ["#2D6A2E", "#2D6A2E", "#D8B98A", "#D8B98A"],
            "text_colour": ["#ffffff", "#ffffff", "#111111", "#111111"]}


def loss_explorer(*, attacker: int = 4, defender: int = 3):
    """Sliders for both strengths, selects for the unit kinds and the situation; the attack as the engine
    resolves it, and the two dice before and after (every combination precomputed when the page is built)."""
    strengths = {SQUAD: range(1, 7), TANK: range(3, 7)}
    table, dice = {}, {}
    for a_kind in (SQUAD, TANK):
        for b_kind in (SQUAD, TANK):
            for a in range(1, 7):
                for b in range(1, 7):
                    for index, (situation, (wa, wb)) in enumerate(SITUATIONS.items()):
                        key = f"{a_kind[0]}{b_kind[0]}{a}{b}{index}"
                        if a not in strengths[a_kind] or b not in strengths[b_kind]:
                            table[key] = {"head": "A tank shows 3 to 6 on the board.", "end": "",
                                          "steps": [["dice_tactics:attacking.machinery", "At 2 it is destroyed."]]}
                            dice[key] = [[a, a, b, b], [a_kind, a_kind, b_kind, b_kind]]
                        elif a_kind == TANK and wa == "forest" or b_kind == TANK and wb in ("forest", "water"):
                            table[key] = {"head": "A tank cannot stand in a forest or in water.", "end": "",
                                          "steps": [["dice_tactics:terrain.forest" if "forest" in (wa, wb)
                                                     else "dice_tactics:terrain.water", "Choose another place."]]}
                            dice[key] = [[a, a, b, b], [a_kind, a_kind, b_kind, b_kind]]
                        else:
                            table[key], *rest = attack_result(a, b, a_kind, b_kind, situation)
                            dice[key] = rest
    sa = Slider(start=1, end=6, value=attacker, step=1, title="Attacker's strength", name="loss-attacker",
                sizing_mode="stretch_width")
    sb = Slider(start=1, end=6, value=defender, step=1, title="Defender's strength", name="loss-defender",
                sizing_mode="stretch_width")
    ka = Select(title="Attacker", value=SQUAD, options=[SQUAD, TANK], name="loss-attacker-kind")
    kb = Select(title="Defender", value=SQUAD, options=[SQUAD, TANK], name="loss-defender-kind")
    where = Select(title="Where", value=next(iter(SITUATIONS)), options=list(SITUATIONS), name="loss-situation",
                   sizing_mode="stretch_width")
    first = f"ss{attacker}{defender}0"
    links = {key: LINKS.link(key) for parts in table.values() for key, _ in parts["steps"]}
    text = Div(text=attack_html(table[first], links), name="loss-result", sizing_mode="stretch_width",
               styles=TEXT_STYLE)
    source = ColumnDataSource(_dice_rows(*dice[first]), name="loss-dice")
    fig = figure(width=420, height=140, x_range=Range1d(0, 6.2), y_range=Range1d(1.75, -0.25), toolbar_location=None,
                 sizing_mode="scale_width", max_width=460, name="loss-dice-figure", min_border=2)
    fig.axis.visible = False
    fig.grid.visible = False
    fig.outline_line_color = None
    fig.rect("x", "y", 0.9, 0.9, source=source, fill_color="colour", line_color="#111111", line_width=2)
    fig.text("x", "y", text="label", source=source, text_align="center", text_baseline="middle",
             text_font_size="22px", text_font_style="bold", text_color="text_colour")
    fig.text("x", 0.05, text="caption", source=source, text_align="center", text_baseline="middle",
             text_font_size="11px", text_color="#1A1A1A")
    fig.text("x", 1.5, text="kind", source=source, text_align="center", text_baseline="middle",
             text_font_size="11px", text_color="#1A1A1A")
    fig.text([1.3, 4.7], [0.8, 0.8], text=["→", "→"], text_align="center", text_baseline="middle",
             text_font_size="18px")
    answers = packed({"table": table, "dice": dice})  # the same sentences and links, stored once
    update = CustomJS(args=dict(sa=sa, sb=sb, ka=ka, kb=kb, where=where, text=text, answers=answers, links=links,
                                source=source), code=UNPACK_JS + """
        const {table, dice} = unpack(answers);
        const key = `${ka.value[0]}${kb.value[0]}${sa.value}${sb.value}${where.options.indexOf(where.value)}`;
        const esc = (t) => String(t).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
        const parts = table[key];
        const steps = parts.steps.map(([k, t]) => `<li>${esc(t)} ${links[k]}</li>`).join('');
        text.text = `<b>${esc(parts.head)}</b><ul>${steps}</ul>${esc(parts.end)}`;
        const [strengths, kinds] = dice[key];
        const data = Object.assign({}, source.data);
        data.label = strengths.map((v) => v ? String(v) : "✕");
        data.kind = kinds;
        source.data = data;
    """)
    for control in (sa, sb):
        control.js_on_change("value", update)
    for control in (ka, kb, where):
        control.js_on_change("value", update)
    return column(sa, sb, ka, kb, where, fig, text, sizing_mode="stretch_width", name="loss-explorer")


def loss_chart():
    """The loss table: every attacking strength (1-7, a hill can make 7) against every defending one (0-7)."""
    rows = {"x": [], "y": [], "losses": [], "colour": [], "text_colour": [], "note": []}
    shades = ["#f7f4ea", "#fde0c5", "#facba6", "#f8b58b", "#f59e71", "#f1865a", "#e66c45", "#c9533a"]
    for a in range(1, 8):
        for b in range(0, 8):
            n = losses(a, b)
            rows["x"].append(b)
            rows["y"].append(a)
            rows["losses"].append(str(n))
            rows["colour"].append(shades[min(n, len(shades) - 1)])
            rows["text_colour"].append("#111111" if n < 6 else "#ffffff")
            tie = " (a tie: 1 loss)" if a == b else ""
            rows["note"].append(f"attacking {a}, defending {b}: {a} + 1 - {b} = {a + 1 - b}, so {n} losses{tie}")
    source = ColumnDataSource(rows)
    fig = figure(width=480, height=420, x_range=Range1d(-0.5, 7.5), y_range=Range1d(7.5, 0.5),
                 sizing_mode="scale_width", toolbar_location=None, name="loss-chart", max_width=560,
                 title="Losses of an attack")
    cells = fig.rect("x", "y", 1, 1, source=source, fill_color="colour", line_color="#8a8270")
    fig.text("x", "y", text="losses", source=source, text_align="center", text_baseline="middle",
             text_font_size="14px", text_font_style="bold", text_color="text_colour")
    fig.xaxis.axis_label = "defender's strength (after terrain)"
    fig.yaxis.axis_label = "attacker's strength (after terrain)"
    fig.xaxis.ticker = list(range(0, 8))
    fig.yaxis.ticker = list(range(1, 8))
    fig.grid.visible = False
    fig.add_tools(HoverTool(renderers=[cells], tooltips=[("", "@note")]))
    words = "Losses for each attacking strength: " + "; ".join(
        f"{a}: " + ", ".join(str(losses(a, b)) for b in range(0, 8)) for a in range(1, 8)) + \
        " (against defending strengths 0 to 7)."
    return column(fig, alt_div(words, name="loss-chart-alt"), sizing_mode="stretch_width", max_width=560)


# -- boards ---------------------------------------------------------------------------------------
def scenario_board(name: str, seed: int = 1):
    """A scenario's board after both players have deployed (the second player took the east side)."""
    from explorer.rulesets.dice_tactics import ChooseEdge

    game = DICE.new_game(name, seed=seed)
    game.apply(ChooseEdge(game.sides[1], "east"))
    return board_figure(game, None, title=name.replace("_", " ").capitalize())


# -- the replay and live play ---------------------------------------------------------------------
def greedy_game(seed: int = 3, scenario: str = "river_crossing", **settings):
    """GreedyBot against GreedyBot, played to the end from ``seed``: the same game every time."""
    game = DICE.new_game(scenario, seed=seed, **settings)
    return play_out(game, {side: GreedyBot() for side in game.sides}, max_actions=3000)


def public_replay(final_state, *, title: str = "Step"):
    """The recorded game as a spectator sees it: both hands face down, only public events in the log."""
    from .replay import replay

    return replay(DiceBoard(None), final_state, links=LINKS, title=title)


class DiceLivePlay:
    """Play Dice Tactics against GreedyBot in JupyterLab, seeing only your own cards."""

    def __init__(self, state, human: str = "green", bot=None):
        from .live import LivePlay

        opponent = state.other(human)
        self.live = LivePlay(state, DiceBoard(human), {opponent: bot or GreedyBot()}, links=LINKS, hidden=True,
                             board_for=DiceBoard)

    @property
    def human(self) -> str:
        """The side played here (New game may change it)."""
        return self.live.viewer

    @property
    def state(self):
        return self.live.state

    def play(self, action) -> None:
        self.live.play(action)

    def undo(self) -> None:
        self.live.undo()

    def widget(self):
        return self.live.widget()


def live_play(seed: int = 7, human: str = "green", scenario: str = "river_crossing"):
    """A new game against GreedyBot, ready to show with ``.widget()``."""
    return DiceLivePlay(DICE.new_game(scenario, seed=seed), human)


__all__ = ["DiceBoard", "board_figure", "loss_explorer", "loss_chart", "scenario_board", "greedy_game",
           "public_replay", "DiceLivePlay", "live_play", "BOARDS", "LINKS"]
