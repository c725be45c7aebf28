"""The army-men board's layers as column data: terrain, range rings, cohesion, prone figures, blasts, sight.

Bokeh-free: ``widgets.army_men.ArmyMenBoard`` draws them; the page's Web
Worker computes them after each move of live play (:func:`live_board`).
Besides the tabletop's own layers (``boards.tabletop``) there are two:

- ``links``: a line between squad mates standing within 4 inches of each
  other (the cohesion the page asks for);
- ``prone``: a bar under every prone figure, so a prone trooper reads as one
  lying down whatever his marker.

``rings`` holds, each in its own colour: the range and half-range rings of
the trooper who acted last (or of troopers named), the 6-inch blast of the
last area-effect shot, a 4-inch ring round every trooper out of cohesion,
and the capture-the-flag marker with each side's distance.
"""

from __future__ import annotations

from fractions import Fraction

import dataclasses

from explorer.core.session import Anchor

from explorer.rulesets.army_men import Deploy, Fight, Move, Shoot
from explorer.core import tabletop as tt
from explorer.rulesets.army_men.moving import move_allowance
from explorer.rulesets.army_men.position import cut_off, engaged_with, in_play, within
from explorer.rulesets.army_men.shooting import shooting_range, sight
from explorer.rulesets.army_men.data import AREA_RADIUS_INCHES, COHESION_INCHES, DEPLOYMENT_INCHES, PROFILES

from . import tabletop as tb
from .naming import Seen
from .pages import INCHES, Curve, Needs, Study
from .palette import OKABE_ITO, side_ink

MARKERS = {"regular": "circle", "sargent": "star", "submachine_gunner": "diamond", "heavy_weapon": "square",
           "grenadier": "inverted_triangle", "flamethrower": "hex"}
"""A marker per kind of trooper, so kinds differ in shape as well as in the tooltip."""
KIND_WORDS = {kind: p.name.lower() for kind, p in PROFILES.items()}
FIGURE_WORDS = {"regular": "soldier", "sargent": "sargent", "submachine_gunner": "submachine gunner",
                "heavy_weapon": "heavy weapon soldier", "grenadier": "grenadier", "flamethrower": "flamethrower"}
"""Each kind as a child names the figure in the simple mode's words (the legend's words, as a soldier)."""

RING_COLOURS = {"half": OKABE_ITO["blue"], "blast": OKABE_ITO["vermillion"], "cohesion": OKABE_ITO["purple"],
                "flag": "#111111", "deployment": OKABE_ITO["orange"]}
"""Range rings are drawn in the side's ink; the rest by what they mean."""

FAMILY = "tabletop"  # its board: a table measured in inches (boards.family)
SIMPLEST = 2  # its place from the simplest game to learn (the house-rules lab's order)
CHAPTER = 1  # its place in the book's order of chapters
SHORT = "Army Men"  # its name on the charts' rows (a phone keeps room for bars)
MARK = (OKABE_ITO["orange"], "circle")  # its colour and marker on the charts (apart by shape too)


def profile_text(kind: str, prone: bool = False) -> str:
    p = PROFILES[kind]
    text = f"{p.name}: move {p.move:g} in, range {p.range:g} in, rate of fire {p.rate_of_fire}"
    if p.area:
        text += ", area effect" + ("" if p.fires_and_moves else " (cannot fire and move)")
    return text + (", prone (half move, double range)" if prone else "")


def _status(state, figure, plain: bool = False) -> str:
    """The trooper's state for his tooltip; ``plain``: for his card in the simple mode (no id, no jargon)."""
    bits = ["prone" if figure.prone else "standing", "moved" if figure.moved else "has not moved"]
    if plain:
        bits = ["lying down" if figure.prone else "standing", "has moved" if figure.moved else "has not moved yet"]
    position = getattr(state, "position", None)
    if position is not None and figure.id in position.done:
        bits.append("done for this turn" if plain else "step taken")
    engaged = engaged_with(getattr(state, "engaged", ()), figure.id)
    if engaged:
        bits.append("locked in a fight" if plain else f"locked in a fight with {', '.join(engaged)}")
    if cut_off(state, figure):
        bits.append("too far from his squad" if plain else "out of cohesion")
    return ", ".join(bits)


def _seen(figure) -> Seen:
    """A trooper as the board shows him (his kind in words, his squad)."""
    return Seen(figure.side, FIGURE_WORDS[figure.kind], figure.position if figure.in_play else None, group=figure.squad)


def _reach(state, figure) -> str:
    """The figure's move and range, as the engine works them out (for its tooltip)."""
    move = move_allowance(state, figure).value
    reach = shooting_range(figure).value
    return f"{move:g} inches; shoots {reach:g} (half range {reach / 2:g})"


class ArmyMenLayers(tb.SquadLinksLayers):
    """The table from above.

    ``ranges``: ``"last"`` rings the range and half range of the trooper
    named by the last action (the shooter or the mover); a list of ids rings
    those; ``None`` draws none. ``sights``: ``(shooter, target)`` pairs whose
    sight lines are drawn; ``last_shot`` also draws the last shot's.
    ``cohesion``: draws the links and the out-of-cohesion rings.
    """

    # -- the look ----------------------------------------------------------------------------------
    board_name = "am-board"
    markers = MARKERS
    kind_words = KIND_WORDS
    legend_terrain = ("solid", "semi_solid")
    legend_rings = (("#1E4D1F", "range"), (RING_COLOURS["half"], "half range"),
                    (RING_COLOURS["blast"], f"blast ({AREA_RADIUS_INCHES:g} in)"),
                    (RING_COLOURS["cohesion"], "out of cohesion"),
                    (RING_COLOURS["deployment"], "setting up: 24 in from the enemy"))
    down_words = "prone (a bar under the figure)"
    down_marker = "circle"

    def fell(self, figure) -> bool:
        return figure.status == "dead"  # a trooper still to set up is nowhere yet

    def down(self, figure) -> bool:
        return figure.prone

    def profile(self, state, figure) -> str:
        return profile_text(figure.kind, figure.prone)

    def status(self, state, figure) -> str:
        return _status(state, figure)

    def seen(self, figure) -> Seen:
        return _seen(figure)

    def plain_status(self, state, figure) -> tuple[str, ...]:
        return (_status(state, figure, plain=True),)

    def move(self, state, figure, rings) -> str:
        return _reach(state, figure)

    def actor(self, last) -> str | None:
        return last.shooter if isinstance(last, Shoot) else last.trooper if isinstance(last, (Move, Fight)) else None

    def shot(self, last) -> tuple[str, str] | None:
        return (last.shooter, last.target) if isinstance(last, Shoot) else None

    def sight(self, state, shooter, target):
        return sight(state, shooter, target)

    def _rings(self, state, sides):
        for fid in self._ring_ids(state):
            f = state.figures[fid]
            reach = shooting_range(f)
            words = "; ".join(r.text for r in reach.reasons)
            yield f.x, f.y, reach.value, side_ink(f.side, sides), f"{fid}: range {reach.value:g} inches ({words})"
            yield f.x, f.y, reach.value / 2, RING_COLOURS["half"], f"{fid}: half range {reach.value / 2:g} inches"
        last = self._last(state)
        if isinstance(last, Shoot) and state.figures[last.shooter].profile.area:
            t = state.figures[last.target]
            yield t.x, t.y, AREA_RADIUS_INCHES, RING_COLOURS["blast"], \
                f"blast of {last.shooter}'s {state.figures[last.shooter].profile.name}: {AREA_RADIUS_INCHES:g} inches round {t.id}"
        yield from self._deployment_rings(state, sides)
        if self.cohesion and not getattr(state, "deploying", False):
            for f in in_play(state):
                if cut_off(state, f):
                    yield f.x, f.y, COHESION_INCHES, RING_COLOURS["cohesion"], \
                        f"{f.id}: out of cohesion (more than {COHESION_INCHES:g} inches from every squad mate)"
        flag = getattr(getattr(state, "position", None), "flag", None)
        if flag is not None:
            yield flag.x, flag.y, 0.5, RING_COLOURS["flag"], "the flag"
            for side in sides:
                troopers, inches, turns = flag.term(side)
                yield flag.x, flag.y, float(inches), side_ink(side, sides), (
                    f"{side}: {troopers} troopers within {inches} inch{'es' * (inches != 1)} of the flag for {turns} "
                    f"turn{'s' * (turns != 1)} (held {flag.turns_held(side)})")

    def _deployment_rings(self, state, sides):
        """While the players set up: 24 inches round each enemy placed (no nearer) and 4 inches round each
        squad mate placed of the trooper set up next (within one of them)."""
        if not getattr(state, "deploying", False):
            return
        side = state.side
        figure = state.next_to_deploy(side)
        for f in in_play(state):
            if f.side != side:
                yield f.x, f.y, DEPLOYMENT_INCHES, RING_COLOURS["deployment"], \
                    f"{f.id}: no {side} trooper sets up within {DEPLOYMENT_INCHES:g} inches"
            elif f.squad == figure.squad:
                yield f.x, f.y, COHESION_INCHES, side_ink(side, sides), \
                    f"{f.id}: {figure.id} sets up within {COHESION_INCHES:g} inches of a squad mate"

    def _links(self, state, sides):
        alive = in_play(state)
        for i, a in enumerate(alive):
            for b in alive[i + 1:]:
                if a.side == b.side and a.squad == b.squad and within(a.position, b.position, COHESION_INCHES):
                    d = tt.distance(a.position, b.position)
                    yield (a.x, b.x), (a.y, b.y), side_ink(a.side, sides), f"{a.id} and {b.id}: {d:.1f} inches apart"


LOOK = ArmyMenLayers
"""This ruleset's board look (``widgets.tabletop_board.board_figure`` draws it)."""


def anchor(state, action) -> Anchor | None:
    """Where an action sits on the table (inches): tap the trooper, then where it goes (any spot is tried, and
    refused with its rule if out of reach or cohesion) or whom it shoots; a tied fighter's fight on is
    tapped on the trooper itself; while the players set up, one tap places the next trooper (any spot is
    tried)."""
    figures = state.figures
    if isinstance(action, Move):
        trooper = figures[action.trooper]
        return Anchor((trooper.x, trooper.y), action.to, lambda to: dataclasses.replace(action, to=to),
                      off=not state.table.on_table(action.to))
    if isinstance(action, Shoot):
        shooter, target = figures[action.shooter], figures[action.target]
        return Anchor((shooter.x, shooter.y), (target.x, target.y))
    if isinstance(action, Fight):
        trooper = figures[action.trooper]
        return Anchor((trooper.x, trooper.y), (trooper.x, trooper.y))
    if isinstance(action, Deploy):  # the next trooper to set up is not on the table yet: tap where he stands
        return Anchor(None, action.to, lambda to: dataclasses.replace(action, to=to))
    return None


TAP_RADIUS = 0.8  # inches: a trooper's base, about


def place(state, point) -> str:
    """A point of the table in plain words, by the terrain near it (live play's words of an action)."""
    return tb.place_words(state.table, point)


def name(state, figure_id, seat) -> str | None:
    """A trooper in plain words from ``seat``, as the board shows him ("your sargent", "the tan soldier at the
    top"); one still to set up is off the table. Live play's words of an action."""
    return tb.name_on_table(state, figure_id, seat, lambda f: None if not f.in_play and f.status != "waiting" else _seen(f))


def live_board(human: str) -> ArmyMenLayers:
    """The board of live play: the last actor's range rings, the last shot's sight, cohesion."""
    return ArmyMenLayers(ranges="last")


# -- on the cross-ruleset pages (boards/compare.py, lesson.py and classroom.py read these via boards.family) --

NEEDS = Needs(
    dice="D6: one a shot; more for rates of fire above 1 (the Equipment table)",
    cards="none",
    measuring="a yardstick or tape measure, in inches",
    time="not stated by the source",
)
STUDY = Study("standard", 8, 4, 1, "a greedy game of the standard battle takes about 0.7 s of computing, "
                                   "the slowest of the five, so it gets the fewest games")


def shot_kill(inches: float, cover: bool) -> Fraction:
    """A regular soldier's shot under the standard rules (range 20 inches; target in cohesion, did not move)."""
    from explorer.core.registry import get_ruleset
    from explorer.rulesets.army_men.shooting import shot_odds

    reach = PROFILES["regular"].range
    if inches > reach:
        return Fraction(0)
    settings = get_ruleset("army_men").settings(variant="standard")
    return shot_odds(settings, within_half=inches <= reach / 2, cover=cover).value


def curve() -> Curve:
    return Curve("army_men", "a regular soldier shoots a regular soldier (standard rules)", "inches", INCHES,
                 tuple(shot_kill(d, False) for d in INCHES), tuple(shot_kill(d, True) for d in INCHES),
                 "more than half hidden; beyond half range such a target cannot be hit")


def lessons() -> list:
    """The classroom exercises of this ruleset (boards.lesson), each answer its own odds code's."""
    from explorer.rulesets.army_men import Settings
    from explorer.rulesets.army_men.data import PROFILES
    from explorer.rulesets.army_men.shooting import shot_odds
    from .lesson import Choice, Exercise, percent

    standard = Settings(variant="standard")
    far_open = shot_odds(standard, within_half=False).value
    near_cover = shot_odds(standard, within_half=True, cover=True).value
    gunner = PROFILES["submachine_gunner"]
    spray = shot_odds(standard, within_half=False, dice=gunner.dice).value
    aimed = shot_odds(standard, within_half=True).value
    return [
        Exercise(
            "army-men-range-or-cover", "army_men", "Army men: range or cover?",
            "Standard Rules. A regular soldier can shoot at an enemy trooper in the open beyond half his range, "
            "or at one behind cover within half his range. Which is the better shot?",
            (Choice("Beyond half range, in the open", far_open, f"kills {percent(far_open)}"),
             Choice("Within half range, in cover", near_cover, f"kills {percent(near_cover)}")),
            ("army_men:standard.shooting", "army_men:standard.cover"), "the chance to kill",
            "Getting closer earns exactly what the cover takes away."),
        Exercise(
            "army-men-many-dice", "army_men", "Army men: many dice or a good number?",
            f"Standard Rules. A submachine gunner ({gunner.dice} dice a shot) beyond half his range, or a regular "
            "soldier (one die) within half his range: both at a trooper in the open. Which is more likely to kill?",
            (Choice("The submachine gunner, far", spray, f"kills {percent(spray)} (at least one of its dice)"),
             Choice("The regular soldier, near", aimed, f"kills {percent(aimed)}")),
            ("army_men:shooting.rate_of_fire", "army_men:standard.shooting"), "the chance to kill",
            "Several long chances can beat one better chance: count the ways to fail."),
    ]


def house_rule_odds(settings) -> list[tuple[str, Fraction]]:
    """A few exact chances (or numbers) a house rule may move, for the house-rules lab (boards.classroom)."""
    from explorer.rulesets.army_men.shooting import shot_odds

    def shot(**situation) -> Fraction:
        return shot_odds(settings, **situation).value

    odds = [("a shot within half range kills", shot(within_half=True)),
            ("... beyond half range", shot(within_half=False)),
            ("... within half range at a target that moved", shot(within_half=True, target_moved=True))]
    if settings.variant == "standard":
        odds += [("... within half range by a shooter out of cohesion", shot(within_half=True, shooter_cut_off=True)),
                 ("... within half range at a target out of cohesion", shot(within_half=True, target_cut_off=True))]
    return odds
