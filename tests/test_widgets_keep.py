"""A live game in JupyterLab kept across kernels (widgets/keep.py): after a restart, Run All brings it back."""

from __future__ import annotations

import json

import pytest

from widgets import keep as K
from widgets import live as live_module
from widgets import phlog as W
from widgets import simple_plastic as sp

PAGE = "/home/reader/book/simple_plastic/full_game.md"  # as jupyter_server sets JPY_SESSION_NAME


@pytest.fixture(autouse=True)
def a_notebook_kernel(monkeypatch, tmp_path):
    """A kernel Lab started for a page (JPY_SESSION_NAME), keeping its games in a folder of this test's."""
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.setenv("JPY_SESSION_NAME", PAGE)
    monkeypatch.setenv("TSR_KEPT_DIR", str(tmp_path / "kept"))
    monkeypatch.setattr(live_module, "_KEPT", {})


def _restarted():
    """What a new kernel has: nothing kept in memory."""
    live_module._KEPT.clear()


def _kept_simple_plastic():
    return live_module.kept(sp.SimplePlasticLive, human="green", bot_seed=1).live


def _actions(live) -> list[dict]:
    return [turn.action.to_dict() for turn in live.state.history]


def _play(live, n):
    for _ in range(n):
        live.play(live.actions.value)


def test_a_game_played_comes_back_after_a_restart_action_for_action():
    live = _kept_simple_plastic()
    _play(live, 6)
    live.undo()  # an undo is kept too
    _play(live, 2)
    before, save, log = _actions(live), live.session.save(), live.log.value
    assert len(before) >= 7  # ours and the bot's answers
    _restarted()
    again = _kept_simple_plastic()
    assert again is not live
    assert _actions(again) == before and again.session.save() == save and again.log.value == log
    assert f"back as it was ({len(before)} actions)" in again.status.value
    _play(again, 1)  # and it plays on from there, kept again
    after = _actions(again)
    _restarted()
    assert _actions(_kept_simple_plastic()) == after


def test_the_side_the_opponent_and_a_new_games_seed_come_back_too():
    live = _kept_simple_plastic()
    live.new_game(seed=4321, side="tan")
    stronger = next(name for name in live.session.bot_choices() if name != live.session.bot_name)
    live.set_bot(stronger)
    _play(live, 2)
    before = _actions(live)
    _restarted()
    again = _kept_simple_plastic()  # the page's cell still says human="green"
    assert (again.session.human, again.viewer, again.side.value) == ("tan", "tan", "tan")
    assert again.session.bot_name == stronger == again.opponent.value
    assert again.session.seed == 4321 and _actions(again) == before


def test_a_malformed_kept_file_is_set_aside_whole_and_a_fresh_game_says_why():
    live = _kept_simple_plastic()
    _play(live, 2)
    path = live.keeper.path
    text = path.read_text()
    broken = text[: len(text) // 2]  # cut short, as a full disk might leave it
    path.write_text(broken)
    _restarted()
    again = _kept_simple_plastic()
    aside = path.with_name(f"{path.stem}.aside-1.json")
    assert aside.read_text() == broken and not path.exists()
    assert _actions(again) == [] and "could not be brought back: it is not JSON" in again.status.value
    assert str(aside) in again.status.value and "fresh game" in again.status.value
    _play(again, 1)  # the fresh game is kept from its first action; the file set aside stays as it was
    assert K.read_kept(path.read_text())["game"] == again.keeper.game and aside.read_text() == broken


def test_a_kept_game_of_another_ruleset_is_refused_in_the_engines_words():
    phlog = W.live_play().live
    path = _kept_simple_plastic().keeper.path
    _restarted()
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"format": K.KEPT_FORMAT, "version": 1, "game": "x", "page": PAGE,
                                "link": phlog.session.link()}))
    again = _kept_simple_plastic()
    said = f"could not be brought back: it is a game of {phlog.session.ruleset.title}, not Simple Plastic"
    assert said in again.status.value and _actions(again) == []
    assert path.with_name(f"{path.stem}.aside-1.json").exists()


def test_another_games_file_is_set_aside_not_overwritten():
    live = _kept_simple_plastic()
    _play(live, 1)
    path = live.keeper.path
    other = json.loads(path.read_text()) | {"game": "another-window"}
    path.write_text(json.dumps(other))
    _play(live, 1)
    aside = path.with_name(f"{path.stem}.aside-1.json")
    assert json.loads(aside.read_text()) == other
    assert K.read_kept(path.read_text())["game"] == live.keeper.game
    assert "Another game had been kept for this page" in live.status.value


def test_each_page_keeps_its_own_game_and_practice_keeps_none(tmp_path):
    live = _kept_simple_plastic()
    _play(live, 1)
    assert K.kept_path("/b/simple_plastic/practice.md", "k") != K.kept_path(PAGE, "k")
    assert live.keeper.path.name.startswith("simple_plastic-full_game-")
    from widgets.practice import Practice

    practised = sp.SimplePlasticLive(human="green", bot_seed=1)
    K.keep(practised, "practice", page="/b/simple_plastic/practice.md")
    Practice(practised)
    _play(practised.live, 1)
    assert not K.kept_path("/b/simple_plastic/practice.md", "practice").exists()


def test_outside_a_notebook_nothing_is_kept(monkeypatch, tmp_path):
    monkeypatch.delenv("JPY_SESSION_NAME")
    live = _kept_simple_plastic()
    _play(live, 1)
    assert getattr(live, "keeper", None) is None and not (tmp_path / "kept").exists()


def test_the_game_box_greys_itself_and_says_so_when_the_kernel_goes():
    box = live_module.kept(sp.SimplePlasticLive, human="green", bot_seed=1).widget()
    assert K.NOTICE_CLASS in box._dom_classes
    css = box.children[-1].value
    # ipywidgets marks every widget whose kernel went "jupyter-widgets-disconnected": the box then says so
    assert f".{K.NOTICE_CLASS}.jupyter-widgets-disconnected::before {{ content: {json.dumps(K.GONE)}" in css
    assert "pointer-events: none" in css and "Run All" in K.GONE


def test_a_game_that_cannot_be_kept_plays_on_and_says_so(tmp_path):
    (tmp_path / "kept").write_text("a file where the folder should be")
    live = _kept_simple_plastic()
    _play(live, 2)
    assert len(_actions(live)) >= 2 and "could not be kept for after a kernel restart" in live.status.value
