"""The 1BC board's layers as column data: terrain, range rings, squad links, figures lying down, sight.

Bokeh-free: ``widgets.one_brain_cell.OneBrainCellBoard`` draws them; the
page's Web Worker computes them after each move of live play
(:func:`live_board`). Besides the tabletop's own layers (``boards.tabletop``):

- ``links``: a line between squad mates within 4 inches of each other (the
  squad distance; the same layer as the army-men board's, ``boards.tabletop.SquadLinksLayers``);
- ``prone``: a bar under every stunned or dazed figure (advanced wounding:
  they lie on the board).

``rings`` holds the short and long range of the figure who acted last, a
ring round every figure more than 4 inches from his squad, and a dashed ring
round each squad on overwatch.
"""

from __future__ import annotations

from fractions import Fraction

import dataclasses

from explorer.core.session import Anchor

from explorer.rulesets.one_brain_cell import Charge, Fight, Move, OverwatchFire, Shoot
from explorer.core import tabletop as tt
from explorer.rulesets.one_brain_cell.combat import locked_with
from explorer.rulesets.one_brain_cell.moving import move_allowance
from explorer.rulesets.one_brain_cell.position import cut_off, in_play, within
from explorer.rulesets.one_brain_cell.setup import measure
from explorer.rulesets.one_brain_cell.terrain import sight
from explorer.rulesets.one_brain_cell.data import COHESION_INCHES, WEAPONS

from . import tabletop as tb
from .naming import Seen
from .pages import INCHES, Curve, Needs, Study
from .palette import OKABE_ITO, side_ink

MARKERS = {"pistol": "circle", "rifle": "circle", "lmg": "diamond", "hmg": "square", "bazooka": "triangle",
           "flamethrower": "hex", "mortar": "inverted_triangle", "sniper": "diamond", "leader": "star"}
"""A marker per weapon (and a star for a leader), so kinds differ in shape as well as in the tooltip."""
KIND_WORDS = {**{k: w.name.lower() for k, w in WEAPONS.items()}, "leader": "squad leader"}
FIGURE_WORDS = {"leader": "squad leader", "pistol": "pistol man", "rifle": "rifleman", "lmg": "light machine gunner",
                "hmg": "heavy machine gunner", "bazooka": "bazooka man", "flamethrower": "flamethrower",
                "mortar": "mortar man", "sniper": "sniper"}
"""Each kind (a weapon, or a leader's star) as a child names the figure in the simple mode's words."""
LEGEND_KINDS = ("leader", "rifle", "lmg", "hmg", "bazooka", "flamethrower", "mortar")

RING_COLOURS = {"short": OKABE_ITO["blue"], "cohesion": OKABE_ITO["purple"], "overwatch": OKABE_ITO["vermillion"]}

FAMILY = "tabletop"  # its board: a table measured in inches (boards.family)
SIMPLEST = 4  # its place from the simplest game to learn (the house-rules lab's order)
CHAPTER = 3  # its place in the book's order of chapters
SHORT = "1BC"  # its name on the charts' rows (a phone keeps room for bars)
MARK = (OKABE_ITO["vermillion"], "triangle")  # its colour and marker on the charts (apart by shape too)


def weapon_text(figure, settings) -> str:
    w = figure.arms
    short = measure(settings, w.short_range(settings))
    reach = f"short {short:g} in" + ("" if w.long is None else f", long {measure(settings, w.long):g} in")
    text = f"{'Leader, ' if figure.leader else ''}{w.name}: {w.dice} {'die' if w.dice == 1 else 'dice'}, {reach}"
    return text + (f" ({w.special_text})" if w.special_text else "")


def _status(state, figure, plain: bool = False) -> str:
    """The figure's state for its tooltip; ``plain``: for its card in the simple mode (no id, no jargon)."""
    bits = [{"ok": "standing", "stunned": "stunned (lying on his back)",
             "dazed": "dazed (lying face down)"}[figure.status]]
    bits += [w for w, on in ((f"{figure.moved}ed" if figure.moved != "run" else "ran", bool(figure.moved)),
                             ("shot", figure.shot), ("fought hand to hand" if plain else "fought in H2H", figure.fought))
             if on]
    if plain and not figure.moved:
        bits.append("has not moved yet")
    locked = locked_with(state, figure)
    if locked:
        bits.append("locked in a hand-to-hand fight" if plain else f"locked in H2H with {', '.join(e.id for e in locked)}")
    if cut_off(state, figure):
        bits.append("more than 4 inches from his squad (6s count as 5s)")
    if figure.squad in getattr(getattr(state, "position", None), "overwatch", ()):
        bits.append("on overwatch")
    return ", ".join(bits)


class OneBrainCellLayers(tb.SquadLinksLayers):
    """The table from above.

    ``ranges``: ``"last"`` rings the short and long range of the figure
    named by the last action; a list of ids rings those; ``None`` none.
    ``sights``: ``(shooter, target)`` pairs whose sight lines are drawn;
    ``last_shot`` also draws the last shot's.
    """

    # -- the look ----------------------------------------------------------------------------------
    board_name = "obc-board"
    markers = MARKERS
    kind_words = KIND_WORDS
    legend_kinds = LEGEND_KINDS
    legend_terrain = ("solid", "semi_solid", "rough")
    legend_rings = (("#1E4D1F", "long range"), (RING_COLOURS["short"], "short range"),
                    (RING_COLOURS["cohesion"], "more than 4 in from his squad"),
                    (RING_COLOURS["overwatch"], "squad on overwatch"))
    down_words = "stunned or dazed (lying down)"

    def down(self, figure) -> bool:
        return not figure.standing  # stunned or dazed: lying on the board

    def kind_of(self, figure) -> str:
        return "leader" if figure.leader else figure.weapon

    def profile(self, state, figure) -> str:
        return weapon_text(figure, state.settings)

    def status(self, state, figure) -> str:
        return _status(state, figure)

    def seen(self, figure) -> Seen:
        return _seen(figure)

    def plain_status(self, state, figure) -> tuple[str, ...]:
        return (_status(state, figure, plain=True),)

    def move(self, state, figure, rings) -> str:
        return f"{move_allowance(state, figure).value:g} inches"

    def actor(self, last) -> str | None:
        return last.shooter if isinstance(last, Shoot) else last.figure if isinstance(last, (Move, Charge)) else None

    def shot(self, last) -> tuple[str, str] | None:
        return (last.shooter, last.target) if isinstance(last, Shoot) else None

    def sight(self, state, shooter, target):
        return sight(state, shooter, target)

    def _rings(self, state, sides):
        settings = state.settings
        for fid in self._ring_ids(state):
            f = state.figures[fid]
            w = f.arms
            short = measure(settings, w.short_range(settings))
            if w.long is not None:
                yield f.x, f.y, measure(settings, w.long), side_ink(f.side, sides), \
                    f"{fid}: {w.name.lower()} long range {measure(settings, w.long):g} inches"
            if w.always != "long":
                yield f.x, f.y, short, RING_COLOURS["short"], f"{fid}: {w.name.lower()} short range {short:g} inches"
        if self.cohesion:
            inches = measure(settings, COHESION_INCHES)
            for f in in_play(state):
                if cut_off(state, f):
                    yield f.x, f.y, inches, RING_COLOURS["cohesion"], \
                        f"{f.id}: more than {inches:g} inches from every squad mate (6s count as 5s)"
        for squad in sorted(getattr(getattr(state, "position", None), "overwatch", ())):
            members = [f for f in in_play(state) if f.squad == squad]
            if members:
                x = sum(f.x for f in members) / len(members)
                y = sum(f.y for f in members) / len(members)
                yield x, y, 1.5, RING_COLOURS["overwatch"], f"squad {squad} is on overwatch"

    def _links(self, state, sides):
        alive = in_play(state)
        inches = measure(state.settings, COHESION_INCHES)
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if a.squad == b.squad and within(a.position, b.position, inches):
                    d = tt.distance(a.position, b.position)
                    yield (a.x, b.x), (a.y, b.y), side_ink(a.side, sides), f"{a.id} and {b.id}: {d:.1f} inches apart"


LOOK = OneBrainCellLayers
"""This ruleset's board look (``widgets.tabletop_board.board_figure`` draws it)."""


def anchor(state, action) -> Anchor | None:
    """Where an action sits on the table (inches): tap the figure, then where it goes (any spot is tried, and
    refused with its rule if out of reach) or whom it shoots or charges; an H2H fight is tapped on the enemy."""
    figures = state.figures
    if isinstance(action, Move):
        f = figures[action.figure]
        return Anchor(f.position, action.to, lambda to: dataclasses.replace(action, to=to))
    if isinstance(action, Charge):
        return Anchor(figures[action.figure].position, figures[action.target].position)
    if isinstance(action, Shoot):
        return Anchor(figures[action.shooter].position, figures[action.target].position)
    if isinstance(action, Fight):
        return Anchor(None, figures[action.target].position)
    if isinstance(action, OverwatchFire):
        call = state.position.pending
        return Anchor(None, figures[call.actor].position) if call is not None else None
    return None


TAP_RADIUS = 0.8  # inches: a figure's base, about


def place(state, point) -> str:
    """A point of the table in plain words, by the terrain near it (live play's words of an action)."""
    return tb.place_words(state.table, point)


def name(state, figure_id, seat) -> str | None:
    """A figure in plain words from ``seat``, as the board shows it ("your bazooka man", "the tan alpha squad
    leader", "your rifleman in the woods"). Live play's words of an action."""
    return tb.name_on_table(state, figure_id, seat, lambda f: _seen(f) if f.in_play else None)


def _seen(figure) -> Seen:
    """A figure as the board shows him (his weapon, or a leader's star, in words; his squad)."""
    return Seen(figure.side, FIGURE_WORDS.get("leader" if figure.leader else figure.weapon, figure.weapon), figure.position,
                group=figure.squad)


def live_board(human: str) -> OneBrainCellLayers:
    """The board of live play: the last actor's ranges, the last shot's sight, squad links."""
    return OneBrainCellLayers(ranges="last")


# -- on the cross-ruleset pages (boards/compare.py, lesson.py and classroom.py read these via boards.family) --

NEEDS = Needs(
    dice="a few D6: a bazooka or flamethrower rolls 4 at once; 2D6 to charge",
    cards="none",
    measuring="a tape measure in inches, or the 8½ by 11 inch rules sheet",
    time="\u201can hour or so\u201d for 2 or 3 squads a side (the source)",
)
STUDY = Study("patrol", 30, 10, 1, "the smaller of its two scenarios: a skirmish game takes a second "
                                   "of computing, a patrol about a sixth of that")


def shot_kill(inches: float, cover: bool) -> Fraction:
    """A rifleman's shot (basic rules: a hit removes the figure; short range 8 inches, long 24)."""
    from explorer.core.registry import get_ruleset
    from explorer.rulesets.one_brain_cell.shooting import range_band, shot_odds

    settings = get_ruleset("one_brain_cell").settings()
    band = range_band(settings, WEAPONS["rifle"], inches).value
    if band is None:
        return Fraction(0)
    return shot_odds(band, cover).probability_where(lambda hits: hits >= 1)


def curve() -> Curve:
    return Curve("one_brain_cell", "a rifleman shoots a trooper (basic rules)", "inches", INCHES,
                 tuple(shot_kill(d, False) for d in INCHES), tuple(shot_kill(d, True) for d in INCHES),
                 "in cover or rough terrain (the Shooting Chart's second row)")


def lessons() -> list:
    """The classroom exercises of this ruleset (boards.lesson), each answer its own odds code's."""
    from explorer.rulesets.one_brain_cell.data import WEAPONS
    from explorer.rulesets.one_brain_cell.shooting import need_to_hit, shot_odds
    from .lesson import Choice, Exercise, percent

    sniper = WEAPONS["sniper"]
    rifle_shot = shot_odds("short", False).probability_where(lambda k: k >= 1)
    sniper_shot = shot_odds("long", True, sniper.dice, max_hits=sniper.max_hits).probability_where(lambda k: k >= 1)
    return [Exercise(
        "one-brain-cell-sniper-or-rifle", "one_brain_cell", "1BC: the sniper rifle or the rifle?",
        f"A sniper rifle ({sniper.dice} dice) at long range at a trooper behind cover, or an ordinary rifle "
        "(one die) at short range at a trooper in the open. Which is more likely to hit?",
        (Choice("The sniper rifle, long range, cover", sniper_shot, f"hits {percent(sniper_shot)}"),
         Choice("The rifle, short range, open", rifle_shot, f"hits {percent(rifle_shot)}")),
        ("one_brain_cell:shooting.range", "one_brain_cell:shooting.cover", "one_brain_cell:weapons.sniper"),
        "the chance of a hit",
        f"{sniper.dice} dice that each need a {need_to_hit('long', True).value} are worse than one die that "
        f"needs a {need_to_hit('short', False).value}.")]


def house_rule_odds(settings) -> list[tuple[str, Fraction]]:
    """A few exact chances (or numbers) a house rule may move, for the house-rules lab (boards.classroom)."""
    from explorer.rulesets.one_brain_cell.data import WEAPONS, WOUNDS
    from explorer.rulesets.one_brain_cell.shooting import hit_chance, range_band, shot_numbers

    def rifle_hits(inches: float) -> Fraction:
        band = range_band(settings, WEAPONS["rifle"], inches).value
        return hit_chance(shot_numbers(WEAPONS["rifle"], band, False).value.need) if band else Fraction(0)

    killed = Fraction(sum(w == "killed" for w in WOUNDS.values()), len(WOUNDS)) if settings.wounding else 1
    return [("a rifle hits a target in the open at 8 inches", rifle_hits(8.0)),
            ("... at 10 inches", rifle_hits(10.0)),
            ("a rifle at 10 inches takes the target out of the game", rifle_hits(10.0) * killed)]
