"""The 1BC advanced rules (each a setting): wounding, morale (the sheet's worked example), overwatch, squad
activation; and the bots and saves with all of them on."""

from __future__ import annotations

import random
from fractions import Fraction

import pytest

import explorer
from explorer.core import RandomBot, play_out
from explorer.rulesets.one_brain_cell import (
    RULINGS, Charge, EndStep, GreedyBot, Hold, Move, Overwatch, OverwatchCall, OverwatchFire, Settings, Shoot,
    must_test_morale, rout_chance, routs,
)
from explorer.rulesets.one_brain_cell.overwatch import overwatch_shooters
from tests.conformance.cases import random_walk
from tests.conformance.checks import check_listed_actions, check_malformed_actions, check_round_trip
from tests.one_brain_cell_support import fig, game, refused

ADVANCED = {"wounding": True, "morale": True, "overwatch": True, "activation": "squad"}


# -- wounding ------------------------------------------------------------------------------------

@pytest.mark.parametrize("face, status", [(1, "stunned"), (2, "dazed"), (3, "dazed"), (4, "dead"), (5, "dead"),
                                          (6, "dead")])
def test_the_wound_table(face, status):
    state = game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 10, 10), fig("t2", 10, 13), phase="shoot",
                 wounding=True)
    state.apply(Shoot("green", "g1", "t1"), dice=[6, face])
    assert state.figures["t1"].status == status


def test_stunned_recovers_next_turn_and_dazed_becomes_stunned():
    state = game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 10, 10), fig("t2", 10, 13), phase="shoot",
                 wounding=True)
    state.apply(Shoot("green", "g1", "t1"), dice=[6, 1])
    state.apply(Shoot("green", "g2", "t2"), dice=[6, 2])
    refused(state.clone(), Shoot("green", "g2", "t2"), "shooting")   # g2 has shot
    state.apply(EndStep("green"))
    state.apply(EndStep("green"))
    assert (state.figures["t1"].status, state.figures["t2"].status) == ("ok", "stunned")
    refused(state, Move("tan", "t2", (12.0, 16.0)), "rulings.downed")
    state.apply(Move("tan", "t1", (12.0, 5.0)))


def test_a_downed_figure_is_hit_again_and_the_worse_result_stands():
    state = game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 10, 10, status="dazed"), fig("t2", 10, 13),
                 phase="shoot", wounding=True)
    state.apply(Shoot("green", "g1", "t1"), dice=[6, 1])
    assert state.figures["t1"].status == "dazed"


def test_downed_figures_neither_lock_nor_are_locked():
    state = game(fig("g1", 5, 5), fig("t1", 6, 5, status="stunned"), fig("t2", 5, 9), phase="fight", wounding=True)
    assert list(state.legal_actions) == [EndStep("green")]


# -- morale: the sheet's own example -------------------------------------------------------------------

def squad_of_ten(dead: int, **settings):
    figures = [fig(f"g{i}", 5 + (i % 5), 5 + 2 * (i // 5), status="dead" if i < dead else "ok", leader=i == 9)
               for i in range(10)]
    return game(*figures, fig("t1", 40, 30), phase="fight", first="green", morale=True, **settings)


def test_the_sheets_morale_example():
    state = squad_of_ten(5)          # 10 men reduced to 5 at the end of the turn: a test, a 3, it keeps fighting
    events = state.apply(EndStep("green"), dice=[3])
    morale = [e for e in events if e.kind == "morale"]
    assert [(e.data["left"], e.data["face"], e.data["routed"]) for e in morale] == [(5, 3, False)]
    state = squad_of_ten(6)          # next turn, reduced to 4: a 5 is rolled, the unit routs and is removed
    events = state.apply(EndStep("green"), dice=[5])
    assert [e.data["routed"] for e in events if e.kind == "morale"] == [True]
    assert all(not f.in_play for f in state.figures.values() if f.side == "green")
    assert state.outcome.winner == "tan"


def test_morale_at_exactly_half_is_the_ruling_and_below_half_the_setting():
    assert must_test_morale(Settings(), 10, 5).value is True
    assert must_test_morale(Settings(morale_threshold="below_half"), 10, 5).value is False
    assert must_test_morale(Settings(morale_threshold="below_half"), 10, 4).value is True
    assert must_test_morale(Settings(), 10, 6).value is False
    state = squad_of_ten(5, morale_threshold="below_half")
    assert not [e for e in state.apply(EndStep("green")) if e.kind == "morale"]


def test_a_roll_greater_than_the_figures_left_routs():
    assert [routs(face, 4) for face in range(1, 7)] == [False] * 4 + [True] * 2
    assert rout_chance(5) == Fraction(1, 6) and rout_chance(4) == Fraction(1, 3) and rout_chance(6) == 0


def test_morale_at_the_end_of_the_round_setting():
    state = squad_of_ten(6, morale_when="end_of_round")
    assert not [e for e in state.apply(EndStep("green")) if e.kind == "morale"]   # green is player A
    state.apply(EndStep("tan"))
    state.apply(EndStep("tan"))
    events = state.apply(EndStep("tan"), dice=[1])
    assert [e.data["squad"] for e in events if e.kind == "morale"] == ["gs"]


# -- overwatch ---------------------------------------------------------------------------------------

def advanced_game(*figures, **kw):
    return game(*figures, overwatch=True, **kw)


def test_going_on_overwatch_needs_a_squad_that_did_nothing():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 30, 10))
    state.apply(Move("green", "g1", (6.0, 10.0)))
    refused(state, Overwatch("green", "gs"), "advanced.overwatch")
    fresh = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 30, 10))
    fresh.apply(Overwatch("green", "gs"))
    refused(fresh, Move("green", "g1", (6.0, 10.0)), "advanced.overwatch")
    off = game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 30, 10))
    refused(off, Overwatch("green", "gs"), "advanced.overwatch")


def test_an_enemy_that_moves_in_sight_is_fired_on_by_pistols_and_rifles_only():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13, "lmg"), fig("t1", 20, 10), fig("t2", 20, 13),
                          side="tan", first="green", tokens={"gs"})
    state.apply(Move("tan", "t1", (17.0, 10.0)))
    call = state.pending
    assert isinstance(call, OverwatchCall) and (call.player, call.squad, call.actor) == ("green", "gs", "t1")
    assert state.current_player == "green"
    refused(state, Move("tan", "t2", (17.0, 13.0)), "advanced.overwatch")
    assert set(state.legal_actions) == {OverwatchFire("green", "gs"), Hold("green", "gs")}
    assert state.chance(OverwatchFire("green", "gs")).pmf() == {0: Fraction(2, 3), 1: Fraction(1, 3)}  # g1 only
    events = state.apply(OverwatchFire("green", "gs"), dice=[5])
    assert events[0].data["dice"] == [5] and state.figures["t1"].status == "dead"
    assert state.position.overwatch == frozenset() and state.pending is None and state.current_player == "tan"


def test_holding_keeps_the_token():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 20, 10), fig("t2", 20, 13),
                          side="tan", first="green", tokens={"gs"})
    state.apply(Move("tan", "t1", (17.0, 10.0)))
    state.apply(Hold("green", "gs"))
    assert state.position.overwatch == {"gs"} and state.pending is None
    state.apply(Move("tan", "t2", (17.0, 13.0)))
    assert state.pending is not None and state.pending.actor == "t2"


def test_a_shot_at_the_squad_is_answered_simultaneously():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 12, 10), fig("t2", 12, 13),
                          side="tan", first="green", tokens={"gs"}, phase="shoot")
    state.apply(Shoot("tan", "t1", "g1"), dice=[6])
    assert state.figures["g1"].status == "dead"
    assert state.pending.returning == ("g1",)       # g1 was hit by this very shot, yet fires back
    events = state.apply(OverwatchFire("green", "gs"), dice=[1, 6])
    assert "g1 rolls 1" in events[0].text and "g2 rolls 6" in events[0].text
    assert state.figures["t1"].status == "dead"


def test_a_squads_token_goes_at_the_start_of_its_own_turn():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("t1", 30, 10), side="tan", first="green",
                          tokens={"gs"}, phase="fight")
    state.apply(EndStep("tan"))   # tan was player B: the round ends
    assert state.position.overwatch == {"gs"}
    state.apply(next(iter(state.legal_actions)), dice=[1, 6])   # tan rolls 1, green 6: green wins initiative
    state.apply(next(a for a in state.legal_actions if a.first))
    assert state.position.overwatch == frozenset()


# -- the advanced turn sequence --------------------------------------------------------------------

def test_one_squad_a_turn():
    state = game(fig("g1", 5, 10, squad="a"), fig("g2", 5, 13, squad="a"), fig("g3", 5, 25, squad="b"),
                 fig("t1", 40, 10), activation="squad")
    state.apply(Move("green", "g1", (8.0, 10.0)))
    assert state.position.squad == "a"
    refused(state, Move("green", "g3", (8.0, 25.0)), "advanced.activation")
    state.apply(Move("green", "g2", (8.0, 13.0)))


# -- everything on at once ---------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", ["patrol", "skirmish"])
def test_games_with_every_advanced_rule_end_and_round_trip(scenario):
    for seed in range(2 if scenario == "patrol" else 1):
        def fresh(seed=seed):
            return explorer.new_game("one_brain_cell", scenario, seed=seed, **ADVANCED)
        state = random_walk(fresh(), random.Random(seed), 80)
        check_listed_actions(state, random.Random(seed).choice)
        check_round_trip(state, fresh)
        check_malformed_actions(random_walk(fresh(), random.Random(seed), 40), random.Random(seed), 60)
        done = play_out(fresh(), {"green": GreedyBot(seed), "tan": RandomBot(seed)}, max_actions=3000)
        assert done.is_over


def test_every_ruling_with_a_setting_names_a_setting():
    fields = set(Settings.__dataclass_fields__)
    assert all(r.setting is None or r.setting in fields for r in RULINGS)
    assert {r.setting for r in RULINGS} >= {"rifle_short", "measuring", "gang_loss", "morale_threshold",
                                            "morale_when", "overwatch", "activation", "wounding", "max_rounds"}


def test_the_charge_is_a_move_so_overwatch_fires_at_the_charger():
    state = advanced_game(fig("g1", 5, 10), fig("g2", 5, 13), fig("g3", 5, 16), fig("t1", 12, 13),
                          fig("t2", 20, 20), side="tan", first="green", tokens={"gs"})
    state.apply(Charge("tan", "t1", "g2"), dice=[3, 3])
    assert state.pending is not None and state.pending.actor == "t1"
    shooters = {fid for fid, _ in overwatch_shooters(state, "gs", "t1")}
    assert "g2" not in shooters    # locked with t1 now: he fights instead
