"""The core's rule table (explorer/core/ruletable.py): dispatch by action type, phases declared as data,
an action outside its phase refused once by the core citing the phase's section, offers in the phase's order."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from explorer.core.errors import RuleViolation
from explorer.core.rules import Catalogue
from explorer.core.ruletable import Phase, Rule, RuleTable

SECTIONS = Catalogue("toy", [("turn", "The turn", "turn"), ("moving", "Moving", "moving"),
                             ("shooting", "Shooting", "shooting")])


class Move(SimpleNamespace):
    pass


class Shoot(SimpleNamespace):
    pass


class EndTurn(SimpleNamespace):
    pass


def _allow(state, act):
    return None


def _no_far_moves(state, act):
    return SECTIONS.refuse("moving", f"a move is at most 6 inches, not {act.inches}") if act.inches > 6 else None


TABLE = RuleTable(
    SECTIONS,
    {
        Move: Rule(_no_far_moves, lambda state, act: ("moved", []), candidates=lambda state: [Move(inches=3)]),
        Shoot: Rule(_allow, lambda state, act: ("shot", []), chance=lambda state, act: {"hit": 0.5},
                    candidates=lambda state: [Shoot(target="t1"), Shoot(target="t2")]),
        EndTurn: Rule(_allow, lambda state, act: ("ended", []), candidates=lambda state: [EndTurn()]),
    },
    phases={
        "moving": Phase("moving", (Move, EndTurn)),
        "shooting": Phase("shooting", (Shoot, EndTurn), refusal="shoot or end the turn: moving is over"),
    },
    phase_of=lambda state: state.phase,
)


def test_the_table_sends_each_action_to_its_own_rule():
    state = SimpleNamespace(phase="moving")
    assert TABLE.check(state, Move(inches=4)) is None
    refusal = TABLE.check(state, Move(inches=9))
    assert isinstance(refusal, RuleViolation) and refusal.rule.key == "toy:moving"
    assert "not 9" in str(refusal)
    assert TABLE.do(state, Move(inches=4)) == ("moved", [])
    assert TABLE.chance(state, Shoot(target="t1")) == {"hit": 0.5}
    assert TABLE.chance(state, Move(inches=1)) is None  # no dice decide a move


def test_an_action_outside_its_phase_is_refused_by_the_core_citing_the_phase():
    refusal = TABLE.check(SimpleNamespace(phase="moving"), Shoot(target="t1"))
    assert refusal.rule.key == "toy:moving"
    assert refusal.reason.startswith("Shoot is not played now: the turn is at moving")
    refusal = TABLE.check(SimpleNamespace(phase="shooting"), Move(inches=1))
    assert refusal.rule.key == "toy:shooting"
    assert refusal.reason.startswith("shoot or end the turn: moving is over")


def test_offers_are_the_phases_candidates_in_its_order():
    assert TABLE.legal(SimpleNamespace(phase="moving")).__next__() == Move(inches=3)
    assert list(TABLE.legal(SimpleNamespace(phase="shooting"))) == [Shoot(target="t1"), Shoot(target="t2"), EndTurn()]


def test_a_phase_may_list_its_offers_itself_when_kinds_interleave():
    table = RuleTable(SECTIONS, TABLE.rules, phases={"all": Phase("turn", (Move, Shoot, EndTurn),
                      legal=lambda state: [Shoot(target="t1"), Move(inches=2), EndTurn()])},
                      phase_of=lambda state: "all")
    assert list(table.legal(SimpleNamespace())) == [Shoot(target="t1"), Move(inches=2), EndTurn()]


def test_a_table_that_names_an_unknown_rule_or_section_fails_when_made():
    with pytest.raises(ValueError, match="allows Shoot, which the rule table has no rule for"):
        RuleTable(SECTIONS, {Move: TABLE.rules[Move]}, phases={"m": Phase("moving", (Move, Shoot))},
                  phase_of=lambda state: "m")
    with pytest.raises(KeyError, match="no rule section 'morale'"):
        RuleTable(SECTIONS, TABLE.rules, phases={"m": Phase("morale", (Move,))}, phase_of=lambda state: "m")
    with pytest.raises(ValueError, match="needs phase_of"):
        RuleTable(SECTIONS, TABLE.rules, phases={"m": Phase("moving", (Move,))})
