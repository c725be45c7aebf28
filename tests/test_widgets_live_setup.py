"""Set up the table in JupyterLab (widgets/live_setup.py): the live game's button opens the editor beside the board,
taps on the board pick and move a figure, a refusal is said in words, Add places a kind, Done plays from the
set-up; in a Phlog game the cards move between piles; the static site's snapshot has none of it (the page has its
own editor)."""

from __future__ import annotations

from widgets import phlog as W
from widgets import simple_plastic as sp

from tests.test_widgets_live_make import _button, in_a_lab_kernel  # noqa: F401 (a fixture: the kernel is Lab's)


def _figure(live, piece: str):
    return live.state.position.figures[piece]


def test_set_up_a_table_in_lab_and_play_from_it():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    live.widget()
    assert live.setup_box.layout.display == "none" and live.setup_button.layout.display is None
    live.setup_button.click()
    assert live.setup_box.layout.display is None and live.setup_button.layout.display == "none"
    start = _figure(live, "g1").position
    live.tap(*start)
    assert "Picked: g1" in live.setup_picked.value
    live.tap(10.04, 30.02)
    assert _figure(live, "g1").position == (10.0, 30.0) and live.setup_said.value.endswith("g1 moved.</span>")
    live.tap(24, 18)  # into the farmhouse: refused, and g1 stays
    assert "g1 stands inside solid terrain" in live.setup_said.value and "#B34700" in live.setup_said.value
    assert _figure(live, "g1").position == (10.0, 30.0)
    live.setup_kind.value, live.setup_side.value = "Trooper", "green"
    _button(live.setup_box, "Add").click()
    live.tap(12, 30)
    assert _figure(live, "g7").position == (12.0, 30.0)
    assert live.state.history == []
    _button(live.setup_box, "Done: play from here").click()
    assert live.setup_box.layout.display == "none" and "Set up: play from here." in live.status.value
    live.play(0)
    assert len(live.state.history) >= 1 and live.state.history[0].action.player == "green"


def test_phlog_cards_move_between_piles_in_lab():
    live = W.live_play().live
    live.widget()
    live.set_up("begin")
    assert live.setup_card_row.layout.display is None and live.setup_terrain_row.layout.display == "none"
    live.setup_from.value = "green's hand"
    card = live.setup_card.value
    live.setup_to.value = "green's spent pile"
    _button(live.setup_box, "Move card").click()
    assert [str(c) for c in live.state.position.piles["green"].spent] == [card]
    live.set_up("cancel")
    assert live.state.position.piles["green"].spent == () and live.setup_box.layout.display == "none"


def test_a_hedge_sized_and_turned_in_lab():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    live.widget()
    live.set_up("begin")
    assert live.setup_shape_row.layout.display is None
    live.setup_terrain.value = "hedge"
    assert (live.setup_width.value, live.setup_depth.value) == (10.0, 1.0)
    live.setup_width.value = 60
    _button(live.setup_box, "Set its size").click()
    assert "a width is a number of inches above 0 and at most 48" in live.setup_said.value
    assert (live.setup_width.value, live.setup_depth.value) == (10.0, 1.0)  # refused: the hedge as it is
    live.setup_width.value, live.setup_depth.value = 12, 0.5
    _button(live.setup_box, "Set its size").click()
    _button(live.setup_box, "Turn it 45°").click()
    assert live.setup_said.value.endswith("hedge turned 45 degrees.</span>")
    assert (live.setup_width.value, live.setup_depth.value) == (12.0, 0.5)  # turned, it keeps its length
    hedge = next(t for t in live.state.game.setup.terrain if t.name == "hedge")
    assert [list(p) for p in hedge.points] == [  # 12 by 0.5 about (17, 6.5), turned 45 degrees
        [12.934136, 2.080583], [21.419417, 10.565864], [21.065864, 10.919417], [12.580583, 2.434136]]
