"""1BC widgets: the board shows the state (markers by weapon, range rings, squad links, figures lying down),
the explorers show the engine's exact numbers, the replay follows the recorded game, live play applies only what
the rules allow, and the page's live board draws the same layers."""

from __future__ import annotations

from fractions import Fraction

import pytest

import explorer
from boards.live import board_taps, live_layers
from boards.one_brain_cell import MARKERS, RING_COLOURS, anchor, live_board
from explorer.rulesets.one_brain_cell import Charge, ChooseOrder, Move, RollInitiative, Settings, Shoot
from explorer.rulesets.one_brain_cell.combat import fight_odds
from tests.one_brain_cell_support import fig, game
from widgets import one_brain_cell as obc


def test_board_layers_show_figures_marked_by_weapon_and_leader():
    state = explorer.new_game("one_brain_cell", "skirmish", seed=1)
    layers = obc.OneBrainCellBoard().layers(state)
    figures = layers["figures"]
    assert figures["id"] == list(state.figures)
    for i, f in enumerate(state.figures.values()):
        assert (figures["x"][i], figures["y"][i]) == (f.x, f.y)
        assert figures["marker"][i] == MARKERS["leader" if f.leader else f.weapon]
    for layer in layers.values():
        assert len({len(column) for column in layer.values()}) == 1


def test_rings_are_the_last_shooters_ranges_and_a_cut_off_figure_is_ringed():
    state = game(fig("g1", 5, 10), fig("g2", 5, 13), fig("g3", 5, 25), fig("t1", 12, 10), phase="shoot")
    state.apply(Shoot("green", "g1", "t1"), dice=[1])
    rings = obc.OneBrainCellBoard().layers(state)["rings"]
    by_label = dict(zip(rings["label"], rings["radius"]))
    assert by_label["g1: rifle long range 24 inches"] == 24 and by_label["g1: rifle short range 8 inches"] == 8
    assert any(label.startswith("g3: more than 4") for label in rings["label"])
    assert RING_COLOURS["cohesion"] in rings["colour"]


def test_downed_figures_lie_on_a_bar_and_the_dead_are_crosses():
    state = game(fig("g1", 5, 10), fig("t1", 12, 10, status="stunned"), fig("t2", 12, 13, status="dead"),
                 fig("t3", 14, 13), wounding=True)
    layers = obc.OneBrainCellBoard().layers(state)
    assert layers["prone"]["id"] == ["t1"] and layers["fallen"]["id"] == ["t2"]


def test_live_play_in_the_page_draws_the_same_layers_and_taps_anchor_actions():
    state = explorer.new_game("one_brain_cell", "patrol", seed=1)
    assert live_layers("one_brain_cell", "green")(state) == obc.OneBrainCellBoard().layers(state) == \
        live_board("tan").layers(state)
    assert board_taps("one_brain_cell")["anchor"] is anchor
    state.apply(RollInitiative("green"), dice=[6, 1])
    state.apply(ChooseOrder("green", True))
    move = next(a for a in state.legal_actions if isinstance(a, Move))
    spot = anchor(state, move)
    assert spot.piece == state.figures[move.figure].position and spot.target == move.to
    assert spot.free((7.0, 9.0)) == Move("green", move.figure, (7.0, 9.0))
    assert anchor(state, RollInitiative("green")) is None
    charge = Charge("green", "g1", "t1")
    assert anchor(state, charge).target == state.figures["t1"].position


def test_shot_explorer_holds_the_engines_numbers():
    entries = obc.shot_entries()
    rifle = entries[obc.shot_key("rifle", "short", False, False)]
    assert rifle["numbers"].value.need == 4 and rifle["dist"].probability(1) == Fraction(1, 2)
    bazooka = entries[obc.shot_key("bazooka", "short", False, False)]
    assert bazooka["numbers"].value.band == "long" and bazooka["dist"].probability(0) == Fraction(2, 3) ** 4
    assert entries[obc.shot_key("flamethrower", "long", False, False)]["numbers"].value is None
    sniper = entries[obc.shot_key("sniper", "long", True, False)]
    assert sniper["dist"].probability(1) == 1 - Fraction(5, 6) ** 3
    assert entries[obc.shot_key("rifle", "long", True, True)]["numbers"].value is None   # a 6 he cannot roll
    obc.shot_explorer()


def test_charge_explorer_is_the_engines_charge():
    entries = obc.charge_entries()
    assert entries["7|0"] == pytest.approx(26 / 36) and entries["3.5|1"] == pytest.approx(4 / 6)
    assert entries["13|0"] == pytest.approx(1 / 36) and entries["14|0"] == 0
    rolls = obc.charge_rolls(7.0, False)
    assert [k for k, c in zip(rolls["k"], rolls["colour"]) if c != obc.BAR] == list(range(6, 13))
    obc.charge_explorer()


def test_fight_explorer_is_the_engines_odds():
    assert fight_odds(1)["tie"] == Fraction(1, 6)
    obc.fight_explorer(attackers=3)


@pytest.fixture(scope="module")
def recorded():
    return obc.recorded_game("patrol", seed=3, bot_seeds=(1, 2), wounding=True, morale=True)


def test_recorded_game_is_reproducible_and_finished(recorded):
    assert recorded.is_over
    again = obc.recorded_game("patrol", seed=3, bot_seeds=(1, 2), wounding=True, morale=True)
    assert [t.action for t in again.history] == [t.action for t in recorded.history]
    obc.replay_explorer(recorded)


@pytest.fixture
def live():
    return obc.OneBrainCellLive(human="green", bot_seed=1)


def test_live_play_offers_only_legal_actions_and_refuses_with_the_rule(live):
    offered = [action for _, action in live.live.actions.options]
    assert offered == list(live.state.legal_actions)
    before = live.state.to_json()
    live.try_target("g1", "g2")
    assert "Not allowed: this is the initiative roll" in live.message
    assert "one-brain-cell-turn-initiative" in live.message
    assert live.state.to_json() == before


def test_live_play_through_initiative_to_a_move_and_undo(live):
    live.play(RollInitiative("green"))
    if live.state.current_player == "green" and live.state.phase == "order":
        live.play(ChooseOrder("green", True))
    assert live.state.current_player == "green" and live.state.phase == "move"
    mover = next(f.id for f in live.state.figures.values() if f.side == "green")
    live.try_move(mover, "E", 2.0)
    assert live.state.figures[mover].moved == "walk"
    live.try_move(mover, "E", 2.0)
    assert "has already moved" in live.message
    live.undo()
    assert not live.state.figures[mover].moved


def test_settings_reach_the_board_words():
    state = game(fig("g1", 5, 10), fig("t1", 40, 30), measuring="sheet", rifle_short=12)
    row = obc.OneBrainCellBoard().layers(state)["figures"]["profile"][0]
    assert "short 11 in, long 22 in" in row
    assert Settings(measuring="sheet").measuring == "sheet"
