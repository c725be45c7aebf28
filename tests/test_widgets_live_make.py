"""Make it a challenge in JupyterLab (widgets/live_make.py), driven as a teacher drives it: the set-up box's button
opens the panel, the goal is picked from lists in words, an argument by a tap on the board, the solution recorded by
taps, the check clean, the TOML text saved as a new file (never over one already there) and solved from its text by
``Practice(game, text=...)`` for 3 stars; a refusal said in words with nothing changed; a Dice Tactics square picked
by a tap; the panel hidden behind the two-player curtain."""

from __future__ import annotations

import json

import ipywidgets as ipw
import pytest

import explorer
from widgets import dice_tactics as dt
from widgets import simple_plastic as sp
from widgets.practice import Practice

INTO_THE_BUSHES = (6.82842712474619, 19.82842712474619)  # the sniper's walk of one span into the bushes


@pytest.fixture(autouse=True)
def in_a_lab_kernel(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)


def _button(box, words: str) -> ipw.Button:
    """The button saying ``words`` anywhere in ``box``."""
    for widget in box.children:
        if isinstance(widget, ipw.Button) and widget.description == words:
            return widget
        if isinstance(widget, ipw.Box):
            try:
                return _button(widget, words)
            except AssertionError:
                pass
    raise AssertionError(f"no button {words!r}")


def _sniper_duel():
    game = sp.SimplePlasticLive(explorer.new_game("simple_plastic", "sniper_duel", seed=1), human="green")
    game.live.widget()
    return game


def _sniper_near_the_bushes():
    """The set-up, by taps and buttons: the sniper moved near the bushes, the squads' other figures taken off."""
    live = _sniper_duel().live
    live.setup_button.click()
    live.tap(*live.state.position.figures["g-sniper"].position)
    live.tap(4.0, 17.0)
    for piece in ("g2", "g3", "t2", "t3"):
        live.tap(*live.state.position.figures[piece].position)
        live.setup_remove.click()
    assert set(live.state.position.figures) == {"g1", "g-sniper", "t1", "t-sniper"}
    return live


def _goal(live) -> None:
    live.make_button.click()
    live.making_title.value = "Sniper to the bushes"
    live.making_goal.value = "Walk your sniper into the bushes."
    live.making_hint.value = "A soldier walks one span (4 inches) at most."
    live.making_kind.value = "reach"
    live.making_test.value = "in_terrain"
    figure, pick_figure, _ = live._arg_widgets["figure"]
    pick_figure.value = True  # Pick on the board: the next tap names the figure
    live.tap(4.6, 17.0)  # near the sniper, not on it
    assert figure.value == "g-sniper" and not pick_figure.value
    live._arg_widgets["terrain"][0].value = "bushes"
    live.making_sections.value = ("turn", "moving.span")


def test_the_set_ups_buttons_stay_shown_while_remove_is_hidden():
    live = _sniper_duel().live
    live.setup_button.click()
    assert live.setup_remove.layout.display == "none"  # nothing picked
    assert _button(live.setup_box, "Add").layout.display is None
    assert live.make_button.layout.display is None and live.make_button in live.setup_end_row.children


def test_a_reach_challenge_made_in_lab_and_solved_from_its_text(tmp_path, monkeypatch):
    live = _sniper_near_the_bushes()
    assert live.making_box.layout.display == "none"
    _goal(live)
    assert live.making_box.layout.display is None and live.setup_box.layout.display == "none"
    assert live.session.making_answer()["challenge"]["args"] == {"figure": "g-sniper", "terrain": "bushes"}
    assert "Still needs: a recorded solution." in live.making_needs.value
    table = live.state
    assert live.play_button.disabled and live.actions.disabled  # the start is not played on, but by recording
    _button(live.making_box, "Record the solution").click()
    assert live.making_fields.layout.display == "none" and live.making_stop.layout.display is None
    assert not live.play_button.disabled
    assert live.state is not table and live.state.history == []
    live.tap(4.0, 17.0)  # the sniper, then where it goes
    live.tap(*INTO_THE_BUSHES)
    assert [turn.action.to_dict()["type"] for turn in live.state.history] == ["MoveFigure"]
    live.making_stop.click()
    assert live.making_said.value == "<span>Recorded 1 step.</span>" and live.state is table
    _button(live.making_box, "Check").click()
    assert "The check found nothing wrong." in live.making_needs.value
    assert live.making_result.layout.display == "none"
    _button(live.making_box, "Make the file and link").click()
    text = live.making_text.value
    live.making_text.value = "edited"  # read-only: selected and copied, never changed
    assert live.making_result.layout.display is None and live.making_text.value == text
    assert 'name = "sniper-to-the-bushes"' in text and 'args = { figure = "g-sniper", terrain = "bushes" }' in text
    assert 'href="practice.html#challenges=c1.' in live.making_link.value

    monkeypatch.chdir(tmp_path)
    (tmp_path / "sniper-to-the-bushes.toml").write_text("mine", encoding="utf-8")
    _button(live.making_box, "Save as a file").click()  # a file of that name is there: never overwritten
    assert (tmp_path / "sniper-to-the-bushes.toml").read_text(encoding="utf-8") == "mine"
    assert (tmp_path / "sniper-to-the-bushes-2.toml").read_text(encoding="utf-8") == text
    assert str(tmp_path / "sniper-to-the-bushes-2.toml") in live.making_saved.value
    assert "sniper-to-the-bushes.toml is there already: kept as it was" in live.making_saved.value

    learner = _sniper_duel()
    practice = Practice(learner, text=(tmp_path / "sniper-to-the-bushes-2.toml").read_text(encoding="utf-8"))
    assert practice.picker.value == "sniper-to-the-bushes"
    sniper = learner.live.state.position.figures["g-sniper"].position
    assert sniper == (4.0, 17.0)  # the teacher's table
    learner.live.tap(*sniper)
    learner.live.tap(*INTO_THE_BUSHES)
    challenge = learner.live.session.answer()["challenge"]
    assert challenge["solved"] and challenge["stars"] == 3 and "★★★" in practice.stars.value


def test_a_change_hides_the_old_result_and_a_lesson_is_kept_in_order(tmp_path, monkeypatch):
    live = _sniper_near_the_bushes()
    _goal(live)
    _button(live.making_box, "Record the solution").click()
    live.tap(4.0, 17.0)
    live.tap(*INTO_THE_BUSHES)
    live.making_stop.click()
    _button(live.making_box, "Make the file and link").click()
    assert live.making_result.layout.display is None
    live.making_hint.value = "Count the span: 4 inches."
    assert live.making_result.layout.display == "none"  # the text shown was of the challenge before the change
    _button(live.making_box, "Add to the lesson").click()
    live.making_title.value = "Bushes again"
    _button(live.making_box, "Add to the lesson").click()
    assert live.making_lesson.layout.display is None
    assert "The lesson so far: Sniper to the bushes, Bushes again." in live.making_needs.value
    assert live.lesson_text.value.index('"sniper-to-the-bushes"') < live.lesson_text.value.index('"bushes-again"')
    monkeypatch.chdir(tmp_path)
    _button(live.making_box, "Save the lesson as a file").click()
    assert (tmp_path / "sniper-to-the-bushes-lesson.toml").read_text(encoding="utf-8") == live.lesson_text.value
    _button(live.making_box, "Cancel the challenge").click()
    assert live.making_box.layout.display == "none" and live.setup_box.layout.display is None


def test_a_refusal_is_said_in_words_and_changes_nothing():
    live = _sniper_near_the_bushes()
    _goal(live)
    kept, table = live.session.making_answer(), live.state
    live.making_title.value = "x" * 81
    assert "the title is 81 characters long; at most 80" in live.making_said.value
    assert "#B34700" in live.making_said.value
    assert live.making_title.value == "Sniper to the bushes"  # the field shows the title kept
    figure, pick_figure, _ = live._arg_widgets["figure"]
    pick_figure.value = True
    live.tap(40.0, 1.0)  # nobody there
    assert "no figure there to be the goal&#x27;s figure" in live.making_said.value
    assert figure.value == "g-sniper"
    live.tap(*live.state.position.figures["g1"].position)  # not picking any more, and the set-up is not edited
    assert "Making a challenge: press Pick on the board" in live.making_said.value
    assert live.session.making_answer() == kept and live.state is table
    assert live.state.position.figures["g1"].position == (3.0, 11.0)


def test_dice_tactics_a_square_picked_by_a_tap():
    live = dt.live_play(seed=1).live
    live.widget()
    live.setup_button.click()
    live.make_button.click()
    live.making_kind.value = "reach"
    live.making_test.value = "at"
    col, pick_col, _ = live._arg_widgets["col"]
    assert live._arg_widgets["unit"][1] is not None  # a unit: picked on the board too
    pick_col.value = True
    live.tap(2.3, 3.4)
    assert live.session.making_answer()["challenge"]["args"] == {"col": 2, "row": 3}
    assert col.value == 2 and live._arg_widgets["row"][0].value == 3
    assert live.making_said.value == "<span>The square picked: column 2, row 3.</span>"
    live.making_test.value = "defeated"  # another test: its own rows, its arguments picked afresh
    units, pick_units, _ = live._arg_widgets["units"]
    for square in ((0.2, 1.1), (0, 2)):
        pick_units.value = True
        live.tap(*square)
    assert list(units.value) == ["green-1", "green-2"] == live.session.making_answer()["challenge"]["args"]["units"]
    live.making_test.value = "all_of"  # tests of tests: written as JSON
    tests = live._arg_widgets["tests"][0]
    tests.value = '{"defeated": {"unit": "tan-1"}, "attacks_at_most": {"count": 1}}'
    both = {"defeated": {"unit": "tan-1"}, "attacks_at_most": {"count": 1}}
    assert live.session.making_answer()["challenge"]["args"] == both
    tests.value = '{"defeated": '
    assert "Not set: write the tests as JSON" in live.making_said.value
    assert live.session.making_answer()["challenge"]["args"] == both and tests.value == json.dumps(both)


def test_the_panel_is_hidden_behind_the_curtain():
    live = _sniper_near_the_bushes()
    live.make_button.click()
    live._close_curtain("tan")
    assert live.making_box.layout.display == "none"
    live._open_curtain()
    live._show(live.session.answer())
    assert live.making_box.layout.display is None


def test_dice_tactics_steps_before_the_learner_recorded_through_the_curtain_and_solved():
    """Dice Tactics' first turn cannot start a file: the teacher sets out the units at tan's last pick of the draft
    (two people on one screen, so the curtain comes down between sides), records tan's keep as the steps before the
    learner plays, then green's attack as the solution; the check is clean and Practice solves it for 3 stars."""
    from explorer.core.challenges import load
    from explorer.core.session import PERSON
    from tests.test_session_making import UNITS

    live = dt.live_play(seed=1).live
    live.widget()
    live.set_bot(PERSON)
    while not (getattr(live.state.position.pending, "player", None) == "tan" and len(list(live.state.legal_actions)) == 3):
        live.play(0)  # the draft, played by hand
    live.lift_curtain()
    live.setup_button.click()
    setting = live.session.setting_up
    for piece in setting.pieces():
        if piece["id"] not in UNITS:
            setting = setting.remove(piece["id"])
    for unit, (strength, square) in UNITS.items():
        setting = setting.move(unit, square).set_field(unit, "strength", strength)
    live.session._show_setup(setting, None, ("none",))  # (the set-up's own edits: tests/test_widgets_live_setup.py)
    live._show(live.session.answer())
    live.make_button.click()
    assert live.making_side.value == "tan"  # the draft's last pick is tan's
    _button(live.making_box, "Record the steps before the learner plays").click()
    live.play(0)  # tan keeps a card
    assert live.curtain == "green" and live.making_box.layout.display == "none"  # behind the curtain: nothing shown
    live.lift_curtain()
    live.making_stop.click()
    live.lift_curtain()
    assert live.making_side.value == "green"  # the learner plays green after the steps before
    assert live.session.making_answer()["challenge"]["start"]["prelude"][0]["action"]["type"] == "Keep"
    live.making_title.value = "Pick the attacker"
    live.making_hint.value = "The defender loses the attacker's strength + 1."
    live.making_goal.value = "Defeat tan-1 with one attack."
    live.making_sections.value = ("attacking", "attacking.losses")
    live.making_limit.value = 2
    live.making_kind.value = "reach"
    live.making_test.value = "defeated"
    unit, pick_unit, _ = live._arg_widgets["unit"]
    pick_unit.value = True
    live.tap(3, 4)  # tan-1's square
    assert unit.value == "tan-1"
    _button(live.making_box, "Record the solution").click()
    live.lift_curtain()
    attack = {"type": "Attack", "player": "green", "attacker": "green-2", "defender": "tan-1"}
    live.play(next(a for a in live.state.legal_actions if a.to_dict() == attack))
    live.lift_curtain()
    live.making_stop.click()
    live.lift_curtain()
    assert "Recorded: 1 step." in live.making_needs.value
    _button(live.making_box, "Make the file and link").click()
    text = live.making_text.value
    assert 'kind = "reach", test = "defeated", args = { unit = "tan-1" }' in text and "prelude" in text
    (challenge,) = load(text, live.state.ruleset).values()
    learner = dt.live_play(seed=1)
    Practice(learner, text=text)
    for action, dice in challenge.solution_actions():
        learner.live.session.try_action(action.to_dict(), dice)
    solved = learner.live.session.answer()["challenge"]
    assert solved["solved"] and solved["stars"] == 3
