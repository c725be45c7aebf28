"""The advanced rules (book/one_brain_cell/advanced.md): wounding and morale. Overwatch and the one-squad
turn are in :mod:`.overwatch` and :mod:`.position` (``active_squad``)."""

from __future__ import annotations

from fractions import Fraction

from explorer.core import D6, Event, Explained, Reason

from .data import WOUNDS
from .sections import key, ref
from .setup import squads_of


# -- wounding -----------------------------------------------------------------------------------------

def wound_of(face: int) -> str:
    """The Advanced Wounding table: 'stunned', 'dazed' or 'killed'."""
    return WOUNDS[face]


WORSE = {"ok": 0, "stunned": 1, "dazed": 2, "killed": 3}


# -- morale -----------------------------------------------------------------------------------------

def must_test_morale(settings, start: int, left: int) -> Explained[bool]:
    """A squad at (or, by the setting, below) half its starting number tests morale."""
    if left == 0:
        return Explained(False, (Reason(ref("advanced.morale"), "no figure left to test"),))
    if settings.morale_threshold == "at_half":
        test = 2 * left <= start
        text = f"{left} of {start} left: {'at or below' if test else 'above'} half"
        return Explained(test, (Reason(ref("advanced.morale"), text), Reason(ref("rulings.morale_threshold"),
                                                                              "a squad at exactly half tests")))
    test = 2 * left < start
    return Explained(test, (Reason(ref("advanced.morale"), f"{left} of {start} left: "
                                                          f"{'less than' if test else 'not less than'} half"),))


def routs(face: int, left: int) -> bool:
    """'If the number rolled is greater than the number of figures left alive in the squad, the squad Routs'."""
    return face > left


def rout_chance(left: int) -> Fraction:
    return D6.probability_where(lambda face: routs(face, left))


def morale_table() -> dict:
    """The chance a squad routs when it tests, by the figures it has left (the book's table)."""
    return {"columns": ["Figures left", "Routs on", "Chance to rout"],
            "rows": [[left, ", ".join(str(f) for f in range(1, 7) if routs(f, left)) or "never",
                      str(rout_chance(left))] for left in range(1, 7)]}


def test_morale(state, figures: dict, side: str) -> list[Event]:
    """Every squad of ``side`` at (or below) half its number tests morale; a squad that routs leaves play."""
    events = []
    for squad, members in squads_of(f for f in figures.values() if f.side == side).items():
        left = sum(f.in_play for f in members)
        test = must_test_morale(state.settings, len(members), left)
        if not test.value:
            continue
        (face,) = state.roll(1)
        if routs(face, left):
            for f in members:
                if f.in_play:
                    figures[f.id] = f.with_status("routed")
            text = f"squad {squad} ({left} of {len(members)} left) tests morale: {face} > {left}, it routs"
        else:
            text = f"squad {squad} ({left} of {len(members)} left) tests morale: {face}, it keeps fighting"
        events.append(Event("morale", text, (key("advanced.morale"),),
                            {"squad": squad, "face": face, "left": left, "start": len(members),
                             "routed": routs(face, left)}))
    return events
