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
