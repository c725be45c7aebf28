"""Toy Skirmish's board module (what ``boards/<ruleset>.py`` is for a built-in ruleset): its look, where its
actions sit for taps, and what the cross-ruleset pages read. Installed as ``boards.toy_ruleset`` while the
tests run (``tests/conftest.py``)."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

from boards import tabletop as tb
from boards.naming import Seen
from boards.pages import INCHES, Curve, Needs, Study
from boards.palette import OKABE_ITO
from explorer.core.dice import success_chance
from explorer.core.session import Anchor

from .actions import Move, Shoot
from .rulings import RANGE_INCHES, TO_KILL, Settings

FAMILY, CHAPTER, SIMPLEST = "tabletop", 6, 6
SHORT = "Toy"
MARK = (OKABE_ITO["sky"], "hex")


class ToyLayers(tb.TabletopLayers):
    markers = {"trooper": "circle"}
    legend_terrain = ()
    legend_rings = ()

    def __init__(self, *, title: str = "", name: str = "toy-board"):
        self.title, self.name, self.size = title, name, (24.0, 24.0)

    def kind_of(self, figure) -> str:
        return "trooper"

    def actor(self, action) -> str | None:
        return action.figure if isinstance(action, Move) else None

    def shot(self, action) -> tuple[str, str] | None:
        return (action.shooter, action.target) if isinstance(action, Shoot) else None

    def profile(self, state, figure) -> str:
        return f"moves 6 inches or shoots within {RANGE_INCHES:g}"


LOOK = ToyLayers
TAP_RADIUS = 0.8


def live_board(human: str) -> ToyLayers:
    return ToyLayers()


def anchor(state, action) -> Anchor | None:
    """Tap the figure that acts, then where it goes (anywhere: a move too far is refused with its rule) or whom it
    shoots."""
    if isinstance(action, Move):
        return Anchor(state.figures[action.figure].position, action.to, lambda to: dataclasses.replace(action, to=to))
    if isinstance(action, Shoot):
        return Anchor(state.figures[action.shooter].position, state.figures[action.target].position)
    return None


def place(state, point) -> str:
    return tb.place_words(state.table, point)


def name(state, figure_id, seat) -> str | None:
    return tb.name_on_table(state, figure_id, seat, lambda f: Seen(f.side, "trooper", f.position, group=f.squad)
                            if f.alive else None)


NEEDS = Needs(dice="one D6", cards="none", measuring="a tape measure in inches", time="ten minutes")
STUDY = Study("squads", 4, 1, 0)


def kill(inches: float, to_kill: int = TO_KILL) -> Fraction:
    return success_chance(to_kill) if inches <= RANGE_INCHES else Fraction(0)


def curve() -> Curve:
    values = tuple(kill(d) for d in INCHES)
    return Curve("toy_ruleset", "a trooper shoots a trooper", "inches", INCHES, values, values, "no cover here")


def lessons() -> list:
    """The classroom exercise (boards.lesson): its answer is the toy's own odds of a shot."""
    from boards.lesson import Choice, Exercise, percent

    shot = kill(0)
    both, either = shot * shot, 1 - (1 - shot) ** 2
    return [Exercise("toy-one-or-two", "toy_ruleset", "Toy Skirmish: two shots, two targets?",
                     "Two tan figures are left, both in range of your two. Which is likelier?",
                     (Choice("Both tan figures fall (one shot at each)", both, f"{percent(both)}"),
                      Choice("At least one falls (both shots at one)", either, f"{percent(either)}")),
                     ("toy_ruleset:shooting",), "the chance",
                     "Needing two things to go right is harder than needing one of two tries.")]


def house_rule_odds(settings: Settings) -> list[tuple[str, Fraction]]:
    return [("a shot kills", kill(0, settings.to_kill))]
