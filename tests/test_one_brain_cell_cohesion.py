"""1BC, squad cohesion: "all 6's rolled for them will count as 5's" for a trooper more than 4 inches from
every other member of his squad, on every die rolled for him: to hit, in H2H and for his charge."""

from __future__ import annotations

from fractions import Fraction

from explorer.rulesets.one_brain_cell import Charge
from tests.one_brain_cell_support import fig, game, refused


def _charge_of_10(cut_off: bool, distance: float = 11.5):
    # t1 is 11 inches away base to base (11.5 centre to centre): arriving within 1 inch needs 10 on 2D6.
    mate = fig("g2", 5, 30) if cut_off else fig("g2", 5, 7)
    return game(fig("g1", 5, 5), mate, fig("t1", 5 + distance, 5), fig("t2", 5 + distance, 8))


def test_an_isolated_troopers_charge_counts_his_6s_as_5s():
    assert _charge_of_10(cut_off=False).chance(Charge("green", "g1", "t1")).probability(True) == Fraction(1, 6)
    state = _charge_of_10(cut_off=True)
    assert state.chance(Charge("green", "g1", "t1")).probability(True) == Fraction(1, 9)   # 5 or 6 on both dice
    state.apply(Charge("green", "g1", "t1"), dice=[6, 6])
    event = state.history[-1].events[0]
    assert state.figures["g1"].position == (15.0, 5.0) and event.data["arrived"]   # 10 inches, not 12
    assert "= 10 inches" in event.text and "6s count as 5s" in event.text


def test_an_isolated_trooper_may_not_charge_beyond_two_5s_and_an_inch():
    assert _charge_of_10(cut_off=False, distance=12).why_illegal(Charge("green", "g1", "t1")) is None
    refused(_charge_of_10(cut_off=True, distance=12), Charge("green", "g1", "t1"), "rulings.charge")
