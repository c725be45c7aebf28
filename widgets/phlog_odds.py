"""The odds of an attack in "The Rules! (with no name)" (ruleset ``phlog``), and the trick explained.

- :func:`odds_chart`: a hand, and the exact odds of each of its cards in an
  attack under each assumption of the opponent's play (static).
- :func:`trick_explorer`: two card values, the trick explained (static).

Widgets decide no rule: every number here comes from the engine.
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from bokeh.layouts import column
from bokeh.models import ColumnDataSource, CustomJS, Div, HoverTool, Range1d, Select, Slider
from bokeh.plotting import figure

from explorer.rulesets.phlog import PlayerView, attack_odds, resolve_trick
from explorer.rulesets.phlog.odds import ASSUMPTIONS, BEST, UNIFORM
from boards.palette import OKABE_ITO

from .alt_text import ALT_JS, alt_div
from .board import kept_width, legend_div, swatch_box
from .phlog import LINKS, PHLOG, hand_figure


# -- attack odds ------------------------------------------------------------------------------------
ODDS_CHOICES = {
    "uniform": (UNIFORM, False, "Any card of their hand, equally likely; no jokers"),
    "uniform-jokers": (UNIFORM, True, "Any card of their hand, equally likely; with jokers"),
    "best": (BEST, False, "Their highest card; no jokers"),
    "best-jokers": (BEST, True, "Their highest card; with jokers"),
}
ODDS_COLOURS = {"remove": OKABE_ITO["green"], "neither": "#c8c8c8", "lose": OKABE_ITO["vermillion"]}


def _fraction(f) -> str:
    return f"{f.numerator}/{f.denominator}"


def odds_table(view: PlayerView) -> dict[str, dict[str, list]]:
    """For each assumption of :data:`ODDS_CHOICES`: one row per card of the hand, exact and as floats."""
    values = view.settings.card_values
    out = {}
    for key, (assumption, jokers, _) in ODDS_CHOICES.items():
        odds = attack_odds(view, assumption=assumption, jokers=jokers)
        cards = sorted(odds, key=lambda c: (values.value(c), c.code))
        rows = {"card": [f"{c.code} ({values.value(c)})" for c in cards], "code": [c.code for c in cards]}
        for name, attr in (("remove", "remove_enemy"), ("neither", "neither"), ("lose", "lose_own")):
            rows[name] = [float(getattr(odds[c], attr)) for c in cards]
            rows[f"{name}_exact"] = [_fraction(getattr(odds[c], attr)) for c in cards]
            rows[f"{name}_pct"] = [f"{float(getattr(odds[c], attr)):.1%}" for c in cards]
        out[key] = rows
    return out


def _odds_note(view: PlayerView, key: str) -> str:
    assumption, jokers, _ = ODDS_CHOICES[key]
    role = "attacks" if view.role_in_attack == "attacker" else "defends"
    text = (f"<b>{html.escape(view.player)}</b> {role}. The opponent's {view.opponent_hand_effective} unseen cards "
            f"are any {view.opponent_hand_effective} of the {len(view.unseen_cards())} cards {view.player} cannot "
            f"see; we assume {html.escape(ASSUMPTIONS[assumption])}.")
    if jokers:
        text += (" Jokers are played as the engine's stated policy: a player holding a joker always uses it to "
                 "make the other card the lowest value, and always cancels a joker played against them.")
    else:
        text += " Jokers are left out."
    return text + " " + LINKS.links(["phlog:attacking.removal", "phlog:jokers.play"])


def odds_words(rows: dict[str, list], label: str) -> str:
    """One assumption's odds chart in words."""
    bars = [f"{card}: remove the enemy {r}, neither {n}, lose your own fighter {lo}"
            for card, r, n, lo in zip(rows["card"], rows["remove_pct"], rows["neither_pct"], rows["lose_pct"])]
    return f"Stacked bar chart, if this card is played in the attack ({label.lower()}): " + "; ".join(bars) + "."


def odds_chart(view: PlayerView, *, assumption: str = "uniform"):
    """A stacked bar per card: remove the enemy / neither / lose your own; a Select for the assumption."""
    table = odds_table(view)
    notes = {k: _odds_note(view, k) for k in ODDS_CHOICES}
    source = ColumnDataSource(table[assumption], name="odds-data")
    cards = table[assumption]["card"]
    fig = figure(y_range=list(reversed(cards)), x_range=Range1d(0, 1), height=60 + 36 * len(cards), width=640,
                 sizing_mode="stretch_width", toolbar_location=None, name="phlog-odds",
                 title="If this card is played in the attack", x_axis_label="probability")
    names = ["remove", "neither", "lose"]
    words = ["remove the enemy", "neither", "lose your own fighter"]
    bars = fig.hbar_stack(names, y="card", height=0.7, source=source, color=[ODDS_COLOURS[n] for n in names],
                          line_color="#ffffff")
    # The key in HTML above the bars, not a Bokeh legend: a legend's row does not wrap, and on a phone it made
    # the chart wider than the screen.
    key = legend_div([("Bars", [(kept_width(swatch_box(ODDS_COLOURS[n])), w) for n, w in zip(names, words)])],
                     name="phlog-odds-key")
    fig.add_tools(HoverTool(renderers=bars, tooltips=[
        ("card", "@card"), ("remove the enemy", "@remove_pct (@remove_exact)"),
        ("neither", "@neither_pct (@neither_exact)"), ("lose your own", "@lose_pct (@lose_exact)")]))
    fig.xaxis.formatter.use_scientific = False
    choose = Select(title="Which card does the opponent play?", value=assumption, name="odds-assumption",
                    options=[(k, label) for k, (_, _, label) in ODDS_CHOICES.items()], sizing_mode="stretch_width")
    note = Div(text=notes[assumption], sizing_mode="stretch_width", name="odds-note")
    alts = {k: odds_words(table[k], label) for k, (_, _, label) in ODDS_CHOICES.items()}
    alt = alt_div(alts[assumption], name="phlog-odds-alt")
    choose.js_on_change("value", CustomJS(args=dict(choose=choose, source=source, table=table, note=note,
                                                    notes=notes, alt=alt, alts=alts), code=ALT_JS + """
        source.data = table[choose.value];
        note.text = notes[choose.value];
        alt.text = wrap(alts[choose.value]);
    """))
    return column(hand_figure(view, title=f"{view.player}'s hand (only {view.player} sees it)"), choose, key, fig, alt,
                  note, sizing_mode="stretch_width")


# -- the trick ---------------------------------------------------------------------------------------
def trick_table(values: Sequence[int]) -> dict[str, str]:
    out = {}
    for a in values:
        for d in values:
            explained = resolve_trick(a, d)
            out[f"{a}-{d}"] = f"<b>Attack {a} against defence {d}:</b>{LINKS.explained(explained)}"
    return out


def trick_explorer(settings=None, *, attack: int = 9, defence: int = 5):
    """Two sliders for the two card values; the engine's explanation of the trick (static-site safe)."""
    values = (settings or PHLOG.settings()).card_values.values()
    table = trick_table(values)
    a = Slider(start=values[0], end=values[-1], value=attack, step=1, title="Attacker's card counts",
               name="trick-attack", sizing_mode="stretch_width")
    d = Slider(start=values[0], end=values[-1], value=defence, step=1, title="Defender's card counts",
               name="trick-defence", sizing_mode="stretch_width")
    text = Div(text=table[f"{attack}-{defence}"], name="trick-result", sizing_mode="stretch_width")
    update = CustomJS(args=dict(a=a, d=d, text=text, table=table), code="text.text = table[`${a.value}-${d.value}`];")
    a.js_on_change("value", update)
    d.js_on_change("value", update)
    return column(a, d, text, sizing_mode="stretch_width")
