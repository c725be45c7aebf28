"""The 1BC chapter's board, odds explorers (a shot, a charge, an H2H fight), replay and live play.

Everything shown is the engine's answer: numbers its ``shot_numbers`` and
``need_to_hit`` (with reasons, linked to the rule), exact odds its
``hits_distribution``, ``charge_distribution`` and ``fight_odds``. The static
controls get every answer precomputed when the page is built and switch
between them with Bokeh ``CustomJS``. The small bar chart and its words are
every explorer's (``widgets.charts``).
"""

from __future__ import annotations

import itertools

from bokeh.layouts import column
from bokeh.models import CheckboxGroup, ColumnDataSource, CustomJS, Div, RadioButtonGroup, Slider

from boards.one_brain_cell import OneBrainCellLayers
from explorer.rulesets.one_brain_cell import GreedyBot, Move, Settings, Shoot
from explorer.core import Dist, Explained, Reason
from explorer.rulesets.one_brain_cell.combat import fight_odds
from explorer.rulesets.one_brain_cell.moving import charge_distribution
from explorer.rulesets.one_brain_cell.position import Figure
from explorer.rulesets.one_brain_cell.sections import ref
from explorer.rulesets.one_brain_cell.shooting import hits_distribution, shot_numbers
from explorer.rulesets.one_brain_cell.data import WEAPONS

from . import tabletop_board as tb
from .alt_text import alt_div
from .charts import BARS_JS, TEXT_STYLE, bar_data, bars, label, percent, why_list
from .links import RuleLinks
from .packing import UNPACK_JS, ReasonIndex, packed
from boards.palette import BAR, OKABE_ITO
from .tabletop_live import TabletopLive

RULESET = "one_brain_cell"
LINKS = RuleLinks(RULESET)


# -- the board --------------------------------------------------------------------------------------

class OneBrainCellBoard(OneBrainCellLayers, tb.TabletopDrawing):
    """:class:`boards.one_brain_cell.OneBrainCellLayers` drawn with Bokeh: squad links under the figures, a bar
    under each figure lying down."""


board_figure = tb.board_figure  # the board of a state in its ruleset's look, with legend and words


# -- the shot explorer ---------------------------------------------------------------------------------

BANDS = ("short", "long")
MAX_HITS = 4


def shot_key(weapon: str, band: str, cover: bool, cut_off: bool) -> str:
    return f"{weapon}|{band}|{int(cover)}|{int(cut_off)}"


def shot_entries() -> dict[str, dict]:
    """The engine's answer for every weapon, range band, cover and shooter's squad distance: the numbers of the
    shot (``Explained``) and the exact distribution of hits."""
    entries = {}
    for (kind, weapon), band, cover, off in itertools.product(WEAPONS.items(), BANDS, (False, True), (False, True)):
        forced = weapon.always or band
        if weapon.long is None and band == "long":
            forced = None
        if forced is None:
            numbers = Explained(None, (Reason(ref("weapons.chart"), f"{weapon.name}: no long range"),))
        else:
            numbers = shot_numbers(weapon, forced, cover, off)
            if weapon.always:
                numbers = Explained(numbers.value, (Reason(ref("weapons.chart"),
                                                               f"{weapon.name}: always counted as {weapon.always} "
                                                               "range"),) + numbers.reasons)
        dist = hits_distribution([numbers.value]) if numbers.value else Dist.constant(0)
        entries[shot_key(kind, band, cover, off)] = {"numbers": numbers, "dist": dist, "weapon": weapon}
    return entries


def shot_headline(entry: dict) -> str:
    shot, dist, weapon = entry["numbers"].value, entry["dist"], entry["weapon"]
    if shot is None:
        return f"<b>{weapon.name}: the shot cannot be made.</b> The last reason says why."
    dice = f"{shot.dice} {'die' if shot.dice == 1 else 'dice'}"
    return (f"<b>{weapon.name}</b>: {dice}, each hits on <b>{shot.need}+</b>. At least one hit "
            f"<b>{percent(dist.at_least(1))}</b>; hits on average <b>{float(dist.mean()):.2f}</b>.")


def shot_explorer(*, weapon: str = "rifle", band: str = "short", cover: bool = False, cut_off: bool = False):
    """Choose a weapon and the conditions of a shot; see the number needed, why, and the exact hits."""
    reasons = ReasonIndex(LINKS)
    table = {key: {"head": shot_headline(e), "why": reasons(e["numbers"]),
                   "p": [round(float(e["dist"].probability(k)), 5) for k in range(MAX_HITS + 1)]}
             for key, e in shot_entries().items()}
    start = table[shot_key(weapon, band, cover, cut_off)]
    kinds = list(WEAPONS)
    pick_weapon = RadioButtonGroup(labels=[w.name for w in WEAPONS.values()], active=kinds.index(weapon),
                                   name="obc-shot-weapon", sizing_mode="stretch_width", orientation="vertical")
    pick_band = RadioButtonGroup(labels=["Short range", "Long range"], active=BANDS.index(band),
                                 name="obc-shot-range", sizing_mode="stretch_width")
    flags = CheckboxGroup(labels=["Target in cover or rough terrain", "Shooter more than 4 inches from his squad"],
                          active=[i for i, on in enumerate((cover, cut_off)) if on], name="obc-shot-flags")
    text = Div(text=start["head"] + why_list(reasons.texts, start["why"]), name="obc-shot-text",
               sizing_mode="stretch_width", styles=TEXT_STYLE)
    chart = ColumnDataSource(bar_data(start["p"]))
    fig = bars(chart, "obc-shot-chart", "Hits (exact)", "hits", MAX_HITS + 1)
    alt = alt_div(_hits_words(start["p"]), name="obc-shot-chart-alt")
    update = CustomJS(args=dict(table=packed(table), reasons=reasons.texts, chart=chart, text=text, alt=alt,
                                pw=pick_weapon, pb=pick_band, flags=flags, kinds=kinds, bands=list(BANDS)),
                      code=UNPACK_JS + BARS_JS + """
        const on = i => flags.active.includes(i) ? '1' : '0';
        const entry = unpack(table)[[kinds[pw.active], bands[pb.active], on(0), on(1)].join('|')];
        bars(chart, entry.p, -1);
        text.text = entry.head + '<ul>' + entry.why.map(i => '<li>' + reasons[i] + '</li>').join('') + '</ul>';
        alt.text = wrap('Bar chart, hits (exact): ' + entry.p.map((x, k) => k + ' hits ' + pct(x)).join(', ') + '.');
    """)
    for widget in (pick_weapon, pick_band):
        widget.js_on_change("active", update)
    flags.js_on_change("active", update)
    controls = column(label("Weapon"), pick_weapon, label("Range"), pick_band, flags, sizing_mode="stretch_width")
    return column(controls, text, fig, alt, sizing_mode="stretch_width", name="obc-shot")


def _hits_words(p: list[float]) -> str:
    return "Bar chart, hits (exact): " + ", ".join(f"{k} hits {percent(x)}" for k, x in enumerate(p)) + "."


# -- the charge explorer ---------------------------------------------------------------------------------

GAPS = [x / 2 for x in range(2, 29)]   # 1 to 14 inches, base to base


def charge_entries() -> dict[str, float]:
    """The chance a charge arrives, by the gap between the bases and the ground: the engine's own charge."""
    from explorer.core.tabletop import Terrain
    from explorer.rulesets.one_brain_cell import new_state

    woods = Terrain.rect("woods", "rough", 0, 0, 48, 36)
    out = {}
    for gap, rough in itertools.product(GAPS, (False, True)):
        a = Figure("g1", "green", "gs", x=4.0, y=18.0)
        b = Figure("t1", "tan", "ts", x=4.0 + gap + 0.5, y=18.0)
        state = new_state(Settings(), figures=[a, b], terrain=[woods] if rough else [], phase="move")
        out[f"{gap:g}|{int(rough)}"] = float(charge_distribution(state, a, b).probability(True))
    return out


def charge_rolls(gap: float, rough: bool) -> dict:
    """The charge's roll (2 to 12 on 2D6, 1 to 6 on 1D6) and which rolls arrive, for the chart."""
    from explorer.core import D6

    dice = 1 if rough else 2
    rolls = D6.repeat_sum(dice)
    need = max(0.0, gap - 1)
    p = [round(float(rolls.probability(k)), 5) if k in rolls.weights else 0.0 for k in range(13)]
    arrive = [k >= need - 1e-9 and k in rolls.weights for k in range(13)]
    return {"k": list(range(13)), "p": p, "label": [percent(x) if x else "" for x in p],
            "colour": [OKABE_ITO["vermillion"] if a else BAR for a in arrive]}


def charge_explorer(*, gap: float = 7.0, rough: bool = False):
    """A slider for the gap between the charger's base and his target's; the exact chance he arrives, and the
    rolls that bring him in (the engine's own charge, every roll counted)."""
    chances = {k: round(v, 5) for k, v in charge_entries().items()}
    table = {key: {"p": chances[key], **charge_rolls(float(key.split("|")[0]), key.endswith("|1"))}
             for key in chances}
    link = LINKS.link("one_brain_cell:moving.charge")

    def words(g, r):
        p = chances[f"{g:g}|{int(r)}"]
        dice = "1D6" if r else "2D6"
        return (f"{g:g} inches between the bases: a charge of {dice} needs {max(0, g - 1):g} or more to end within "
                f"1 inch. It arrives <b>{percent(p)}</b> of the time. {link}")

    text = Div(text=words(gap, rough), name="obc-charge-text", sizing_mode="stretch_width", styles=TEXT_STYLE)
    pick_gap = Slider(start=GAPS[0], end=GAPS[-1], step=0.5, value=gap, name="obc-charge-gap",
                      title="Inches between the bases", sizing_mode="stretch_width")
    pick_rough = CheckboxGroup(labels=["In rough terrain (1D6)"], active=[0] if rough else [], name="obc-charge-rough")
    start = table[f"{gap:g}|{int(rough)}"]
    chart = ColumnDataSource({k: start[k] for k in ("k", "p", "label", "colour")})
    fig = bars(chart, "obc-charge-chart", "The charge's roll: the rolls that arrive in colour (exact)",
                "inches rolled", 13)
    update = CustomJS(args=dict(table=table, text=text, g=pick_gap, r=pick_rough, link=link, chart=chart), code="""
        const rough = r.active.includes(0), gap = g.value;
        const entry = table[String(gap) + '|' + (rough ? '1' : '0')];
        const p = entry.p;
        const pct = (p === 0 || p === 1) ? (100 * p).toFixed(0) + '%' : (100 * p).toFixed(1) + '%';
        chart.data = {k: entry.k, p: entry.p, label: entry.label, colour: entry.colour};
        text.text = gap + ' inches between the bases: a charge of ' + (rough ? '1D6' : '2D6') + ' needs '
                    + Math.max(0, gap - 1) + ' or more to end within 1 inch. It arrives <b>' + pct
                    + '</b> of the time. ' + link;
    """)
    pick_gap.js_on_change("value", update)
    pick_rough.js_on_change("active", update)
    return column(pick_gap, pick_rough, text, fig, sizing_mode="stretch_width", name="obc-charge")


# -- the H2H explorer -------------------------------------------------------------------------------------

OUTCOMES = ("defender removed", "attacker(s) removed", "tie")


def fight_key(attackers: int, attacker_bonus: int, defender_bonus: int, gang_loss: str) -> str:
    return f"{attackers}|{attacker_bonus}|{defender_bonus}|{gang_loss}"


def fight_explorer(*, attackers: int = 1, attacker_bonus: int = 0, defender_bonus: int = 0):
    """Attackers (1 to 3), each side's pistol and leader bonus: the exact outcome of one round of H2H."""
    table = {}
    for n, a, d, loss in itertools.product((1, 2, 3), (0, 1, 2), (0, 1, 2), ("all", "one")):
        odds = fight_odds(n, attacker_modifier=a, defender_modifier=d, gang_loss=loss)
        table[fight_key(n, a, d, loss)] = [round(float(odds[o]), 5) for o in OUTCOMES]
    start = table[fight_key(attackers, attacker_bonus, defender_bonus, "all")]
    pick_n = RadioButtonGroup(labels=["1 attacker", "2 attackers", "3 attackers"], active=attackers - 1,
                              name="obc-fight-attackers", sizing_mode="stretch_width")
    pick_a = RadioButtonGroup(labels=["+0", "+1 (pistol or leader)", "+2 (both)"], active=attacker_bonus,
                              name="obc-fight-attacker-bonus", sizing_mode="stretch_width")
    pick_d = RadioButtonGroup(labels=["+0", "+1 (pistol or leader)", "+2 (both)"], active=defender_bonus,
                              name="obc-fight-defender-bonus", sizing_mode="stretch_width")
    text = Div(text=_fight_words(start, attackers), name="obc-fight-text", sizing_mode="stretch_width",
               styles=TEXT_STYLE)
    chart = ColumnDataSource(bar_data(start))
    fig = bars(chart, "obc-fight-chart", "One round of H2H (exact)", "outcome", len(OUTCOMES))
    fig.xaxis.major_label_overrides = dict(enumerate(OUTCOMES))
    update = CustomJS(args=dict(table=table, chart=chart, text=text, n=pick_n, a=pick_a, d=pick_d,
                                link=LINKS.link("one_brain_cell:combat.result")), code=BARS_JS + """
        const p = table[[n.active + 1, a.active, d.active, 'all'].join('|')];
        bars(chart, p, -1);
        const gang = n.active ? ' Each attacker adds +' + n.active + ' for ganging up.' : '';
        text.text = 'Defender removed <b>' + pct(p[0]) + '</b>, attacker' + (n.active ? 's' : '') + ' removed <b>'
                    + pct(p[1]) + '</b>, a tie (fight again) <b>' + pct(p[2]) + '</b>.' + gang + ' ' + link;
    """)
    for widget in (pick_n, pick_a, pick_d):
        widget.js_on_change("active", update)
    return column(label("Attackers on one defender"), pick_n, label("Each attacker's bonus"), pick_a,
                  label("The defender's bonus"), pick_d, text, fig, sizing_mode="stretch_width", name="obc-fight")


def _fight_words(p: list[float], attackers: int) -> str:
    gang = f" Each attacker adds +{attackers - 1} for ganging up." if attackers > 1 else ""
    return (f"Defender removed <b>{percent(p[0])}</b>, attacker{'s' * (attackers > 1)} removed "
            f"<b>{percent(p[1])}</b>, a tie (fight again) <b>{percent(p[2])}</b>.{gang} "
            + LINKS.link("one_brain_cell:combat.result"))


# -- the replay -------------------------------------------------------------------------------------------

def recorded_game(scenario: str = "skirmish", *, seed: int = 1, bot_seeds=(1, 2), max_actions: int = 800,
                  **settings):
    """A whole GreedyBot-against-GreedyBot game, played by the engine (same seeds, same game)."""
    import explorer
    from explorer.core.simulate import play_out

    state = explorer.new_game(RULESET, scenario, seed=seed, **settings)
    bots = dict(zip(state.sides, (GreedyBot(bot_seeds[0]), GreedyBot(bot_seeds[1]))))
    return play_out(state, bots, max_actions=max_actions)


def replay_explorer(final_state=None, **game):
    """Step through a recorded game on the static site (slider, back and forward, explained log)."""
    from .replay import replay

    final_state = final_state or recorded_game(**game)
    board = OneBrainCellBoard(ranges="last", name="obc-replay-board")
    return replay(board, final_state, links=LINKS, title="Step")


# -- live play -------------------------------------------------------------------------------------------

class OneBrainCellLive(TabletopLive):
    """Play one side against the GreedyBot in JupyterLab.

    The menu offers only the engine's legal actions; the free-form pickers
    (shoot at anyone, move anyone any distance) let a player try anything,
    and the engine refuses what the rules forbid, naming the rule.
    """

    words = ("Shooter", "Target", "Figure", "Try this shot", "Try this move")
    max_inches = 12.0

    def __init__(self, state=None, *, human: str = "green", bot_seed: int = 1, scenario: str = "patrol",
                 seed: int = 3):
        import explorer

        state = state or explorer.new_game(RULESET, scenario, seed=seed)
        bots = {side: GreedyBot(bot_seed) for side in state.sides if side != human}
        super().__init__(state, OneBrainCellBoard(ranges="last", name="obc-live-board"), bots, links=LINKS,
                         human=human, bot_seed=bot_seed)

    def target_action(self, shooter: str, target: str) -> Shoot:
        return Shoot(self.human, shooter, target)

    def move_action(self, figure: str, direction: str, inches: float) -> Move:
        return Move(self.human, figure, self.step(figure, direction, inches))
