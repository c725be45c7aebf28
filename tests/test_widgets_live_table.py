"""The game table in JupyterLab as issue 35 asks (item 9): the curtain's boards emptied in every widget model, simple
mode's plain words, the folded key of the marks, the replay that plays itself, the end banner's Replay and See the
board, and a New game on another table refitting the board and the try-anything pickers. Widget models only, no
browser (tests/browser/test_jupyterlab.py looks at Lab itself)."""

from __future__ import annotations

import html
import json
import re

import pytest

from widgets import live as live_module
from widgets import phlog as W
from widgets import simple_plastic as sp
from widgets.live_history import SPEEDS



def _all_live():
    from widgets import army_men as am
    from widgets import dice_tactics as D
    from widgets import one_brain_cell as obc

    return {"simple_plastic": lambda: sp.SimplePlasticLive(human="green", bot_seed=1).live,
            "phlog": lambda: W.live_play().live, "dice_tactics": lambda: D.live_play().live,
            "army_men": lambda: am.ArmyMenLive(human="green", bot_seed=1).live,
            "one_brain_cell": lambda: obc.OneBrainCellLive(human="green", bot_seed=1).live}


def _played(live, n):
    for _ in range(n):
        if live.state.is_over:
            break
        live.play(live.actions.value)


@pytest.fixture(autouse=True)
def in_jupyterlab(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def _hands(state) -> dict[str, list[str]]:
    """Each seat's hidden cards, as their text: Phlog's card codes (J♦), Dice Tactics' card names."""
    hands = getattr(state.position, "hands", None)
    if hands is not None:
        return {side: [str(card) for card in hands[side]] for side in state.sides}
    return {side: [card.code for card in state.view(side).hand] for side in state.sides}


def _model_states(widgets) -> str:
    """Every state these widget models hold in the browser (a Bokeh board's document too), as JSON text."""
    parts = [json.dumps(w.get_state(), default=str, ensure_ascii=False) for w in widgets]
    parts += [json.dumps(w.render_bundle, default=str, ensure_ascii=False) for w in widgets if hasattr(w, "render_bundle")]
    return "\n".join(parts)


@pytest.mark.parametrize("make", [W.live_play, lambda: __import__("widgets.dice_tactics").dice_tactics.live_play()],
                         ids=["phlog", "dice_tactics"])
def test_while_the_curtain_is_up_no_widget_model_holds_a_hidden_card(make):
    """Issue 35: a Lab board's widget keeps its document as first drawn (the seat's hand face up) unless it is sent
    anew; while the curtain is up no model of the game, shown or not, may hold either seat's hand."""
    from ipywidgets.widgets.widget import _instances

    before = set(_instances)
    game = make()
    live = game.live
    game.widget()
    live.opponent.value = "person"
    for seat_turns in range(2):  # green's turn ends behind the curtain, then tan's (both boards drawn by then)
        for _ in range(40):
            if live.curtain is not None:
                break
            live.play(live.actions.value)
        assert live.curtain is not None
        hands = _hands(live.state)
        states = _model_states([w for key, w in list(_instances.items()) if key not in before])
        assert any(hands.values())
        shown = {side: [card for card in hand if f'"{card}"' in states or f">{card}<" in states]
                 for side, hand in hands.items()}
        assert shown == {side: [] for side in hands}, f"hidden cards in the widget models behind the curtain: {shown}"
        live.show_button.click()
    assert len(live._drawn) == 2  # both seats' boards drawn, kept, and emptied


def test_the_replay_plays_itself_steps_and_shows_the_game_at_the_move_shown():
    """Issue 35 (8): play/pause, a step back and on, a speed; the board, the turn line and the words at the move
    shown, and the end of the replay the game as it is."""
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    _played(live, 6)
    moves = len(live.state.history)
    assert live.replay_move.max == live.replay_play.max == moves == live.replay_move.value
    live.replay_play.playing = True
    live.replay_play.value = 2  # what the Play widget sends from the browser, a move each interval
    assert live.replay_move.value == 2  # the slider follows, linked in the kernel (nothing echoed back late)
    assert live.viewing == 2 and len(live.state.history) == moves  # a view: the game is not changed
    entry = next(e for e in live.session.log() if e["index"] == 2)
    assert entry["who"] == "You" and f"Replay: your move (2 of {moves})" in live.turn.value
    bots = next(e["index"] for e in live.session.log() if e["who"] == "Bot")
    live.replay_play.value = bots  # the bot's move: said by its side's name (the bot plays tan), never "Bot"
    assert html.escape(f"Replay: Tan's move ({bots} of {moves})") in live.turn.value
    assert "Bot" not in live.last_words.value
    assert live.last_words.value.count("Tan: ") == 1
    live.replay_play.value = 2
    assert live.sources["figures"].data == live.session.at(2)["layers"]["figures"]
    live.step_on.click()
    assert live.viewing == 3 and not live.replay_play.playing  # a step pauses
    live.step_back.click()
    live.step_back.click()
    assert live.viewing == 1 and live.history.value == 1
    live.replay_speed.value = dict(SPEEDS)["Fast"]
    assert live.replay_play.interval == 700
    live.replay_move.value = moves  # the end: the game as it is, to play on
    assert live.viewing is None and not live.play_button.disabled


@pytest.mark.parametrize("make, scenarios", [
    (lambda: sp.SimplePlasticLive(human="green", bot_seed=1), ("skirmish", "sniper_duel")),
    (lambda: __import__("widgets.phlog").phlog.live_play(), ("corridor", "duel")),
], ids=["simple_plastic", "phlog"])
def test_new_game_on_another_table_draws_the_board_anew_to_fill_its_place(make, scenarios):
    """Issue 35 (9): a New game of a scenario on a table of another size refits the board: drawn anew in that
    table's proportions (its place's width follows them), not the old table's canvas with the new one inside."""
    game = make()
    live = game.live
    live.widget()
    first, other = scenarios
    assert live.session.scenario == first
    old_widget, old_width = live.board_widget(), live._board_box.layout.width
    live.scenario.value = other
    live.new_button.click()
    assert live.session.scenario == other and live.board_widget() is not old_widget
    assert live._board_box.children == (live.board_widget(),)
    fresh = live.board_for(live.viewer)
    drawn = fresh.draw(live_module.make_sources(fresh.layers(live.state)))
    assert live._board_box.layout.width == live_module.board_width(drawn, live.share)
    if first != other and scenarios[0] == "skirmish":  # 48 by 36 inches, then 24 by 24: another shape
        assert live._board_box.layout.width != old_width


def test_try_anything_lists_the_figures_of_the_game_in_play():
    """Issue 35 (9): after a New game of another scenario the try-anything pickers list its figures."""
    game = sp.SimplePlasticLive(human="green", bot_seed=1)
    assert list(game.picker.options) == sorted(game.state.figures)
    game.live.scenario.value = "sniper_duel"
    game.live.new_button.click()
    ids = sorted(game.state.figures)
    assert list(game.picker.options) == list(game.target.options) == list(game.mover.options) == ids
    assert game.state.figures[game.picker.value].side == game.human != game.state.figures[game.target.value].side


def test_the_marks_key_is_folded_and_lists_only_the_marks_on_the_board():
    """Issue 35 (3): the board's legend hidden in play; "What do the marks mean?" lists the marks there now."""
    from widgets.board import LEGEND_CLASS
    from bokeh.models import Div

    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    legends = [d for d in live.figure.select({"type": Div}) if LEGEND_CLASS in (d.css_classes or [])]
    assert legends and not any(d.visible for d in legends)
    assert "<details" in live.key.value and " open" not in live.key.value.split(">")[0]
    assert "can act: tap it" in live.key.value and "tap here to play" not in live.key.value
    choices = live.sources["choices"].data
    at = choices["kind"].index("piece")
    live.tap(choices["x"][at], choices["y"][at])
    assert "chosen" in live.key.value and "tap here to play" in live.key.value


ID_WORDS = re.compile(r"\(\s*-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?\s*\)|\b[a-z_]+:[a-z_.]+\b")
"""A coordinate pair (9.0, 15.0) or a rule key (one_brain_cell:moving) in shown text."""


def _shown_text(live) -> str:
    """Every text the table shows beside the board (tags and link targets left out), and the menu's words."""
    parts = [live.turn.value, live.status.value, live.last_words.value, live.card.value, live.log.value,
             live.banner.value, live.key.value, *(label for label, _ in live.actions.options),
             *(label for label, _ in live.history.options), *(b.description for b in live.question.children)]
    return html.unescape(re.sub(r"<[^>]+>", " ", " ".join(parts)))


@pytest.mark.parametrize("name", ["simple_plastic", "army_men", "one_brain_cell", "dice_tactics", "phlog"])
def test_in_simple_mode_no_text_on_the_table_holds_a_figure_id_a_coordinate_or_a_rule_key(name):
    """Issue 35 (5) in Lab: a whole game in simple mode (Lab's first), every text shown scanned after each action,
    a tap on each figure that may act included."""
    from bokeh.models import GlyphRenderer

    live = _all_live()[name]()
    assert live.simple.value
    for lone in live.figure.select({"type": GlyphRenderer, "name": "figure-names-id"}):  # a figure alone on the board
        assert not lone.visible  # "sniper" (figure-names-name), not "t-sniper"
        assert all(named.visible for named in live.figure.select({"type": GlyphRenderer, "name": "figure-names-name"}))
    named = getattr(live.state, "figures", None) or {i for source in live.sources.values()
                                                     for i in source.data.get("id", [])}  # a grid's units' ids
    ids = re.compile(r"\b(" + "|".join(map(re.escape, sorted(named, key=len, reverse=True))) + r")\b")
    for _ in range(400):
        choices = live.sources["choices"].data
        if "piece" in choices["kind"]:
            at = choices["kind"].index("piece")
            live.tap(choices["x"][at], choices["y"][at])
            live._ask(None)
        text = _shown_text(live)
        assert not ids.search(text) and not ID_WORDS.search(text), (ids.search(text) or ID_WORDS.search(text), text)
        if live.state.is_over:
            break
        live.play(live.actions.value)
    assert live.state.is_over


def test_on_a_projector_the_toy_soldiers_grow_with_the_board_as_on_the_page():
    """The figures are toy soldiers drawn a fixed size on screen (boards/toys.py FIGURE_PX): drawn 2.4 times wider
    than designed, the board draws them 2.4 times bigger, as the page does (board-view.js growLabels)."""
    from bokeh.models import ImageURL

    from widgets.board import GROWTH_MOST, board_plot

    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    widget = live.board_widget()
    plot = board_plot(live.figure, {k: v for k, v in live.sources.items() if k not in ("choices", "last")})
    toys = [r.glyph for r in plot.renderers if isinstance(r.glyph, ImageURL)]
    designed = [(toy.w, toy.h) for toy in toys]
    widget._sync_model(widget, {"event": "jsevent", "kind": "ModelChanged", "model": {"id": plot.id},
                                "attr": "outer_width", "new": plot.width * 3}, [])
    assert toys and [(toy.w, toy.h) for toy in toys] == [(round(w * GROWTH_MOST, 1), round(h * GROWTH_MOST, 1))
                                                         for w, h in designed]
