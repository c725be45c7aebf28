"""Live play in JupyterLab (widgets/live.py): playable from the first click, honest after Undo and Load,
saved to a file rather than onto the projected screen, and kept across a re-run of its cell."""

from __future__ import annotations

import base64
import html
import datetime
import json
import re
from pathlib import Path

import ipywidgets as ipw
import pytest
from bokeh.models import HoverTool

from boards.live import board_taps
from explorer.core.session import Session
from widgets import live as live_module
from widgets import live_words
from widgets import phlog as W
from widgets import simple_plastic as sp
from widgets.links import RuleLinks


@pytest.fixture(autouse=True)
def in_jupyterlab(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def _games():
    return [sp.SimplePlasticLive(human="green", bot_seed=1).live, W.live_play().live]


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_the_first_legal_action_is_ready_and_one_click_plays_it(live):
    assert live.actions.options and live.actions.index == 0 and live.actions.value is not None
    assert not live.play_button.disabled
    first = live.actions.value
    assert first == list(live.state.legal_actions)[0]
    live.play(live.actions.value)
    assert live.state.history and live.state.history[0].action == first


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_a_turn_and_phase_line_says_whose_turn(live):
    assert "Round 1" in live.turn.value and "your turn" in live.turn.value


def test_when_nothing_is_offered_a_line_says_why():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    while not live.state.is_over:
        live.play(live.actions.value)
    assert live.actions.options == () and live.play_button.disabled
    assert "Game over" in live.turn.value and "game is over" in live.status.value
    live.play(None)
    assert "New game" in live.status.value
    answer = {"actions": [], "outcome": None, "turn": {"to_act": "tan"}}
    assert live._why_nothing(answer) == "Nothing to play yet: it is tan's turn."


def test_new_game_starts_the_same_scenario_afresh():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    live.play(live.actions.value)
    live.new_game(seed=42)
    assert not live.state.history and live.session.seed == 42 and live.state.rng.seed == 42
    assert live.actions.index == 0 and "seed 42" in live.status.value and live.undo_button.disabled


def _played(live, n):
    for _ in range(n):
        if live.state.is_over:
            break
        live.play(live.actions.value)


def _fresh_log(live) -> str:
    """The log a brand-new session of the same game state would show: what the widget must agree with."""
    return live._log(Session(state=live.state.clone(), bots=live.bots, **board_taps(live.state.ruleset.name)).log())


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_the_log_is_right_after_undo_and_load(live):
    _played(live, 4)
    saved = live.session.save()
    _played(live, 3)
    live.undo()
    assert live.log.value == _fresh_log(live)
    live.load(saved)
    assert live.log.value == _fresh_log(live)
    assert live.state.to_json() == json.loads(json.dumps(saved)) or live.state.to_dict() == type(
        live.state).from_json(saved).to_dict()


def test_after_undo_the_killing_shot_leaves_the_log():
    """The issue's case: "... kills t-sniper" stayed at the top of the log while the sniper was back."""
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    for _ in range(200):
        if live.state.is_over:
            break
        before = live.log.value
        live.play(live.actions.value)
        if "kill" in live.log.value.split("</ul>", 1)[0] and live.session.answer()["can_undo"]:
            live.undo()
            assert live.log.value == before
            break
    else:
        pytest.fail("no kill in 200 actions")


def test_save_offers_a_file_and_never_prints_the_game():
    game = W.live_play()
    live = game.live
    text = live.save()
    shown = live.saved.value + live.status.value + live.log.value
    assert text not in shown and '"hands"' not in shown
    href = re.search(r'href="data:application/json;base64,([^"]+)"', live.saved.value).group(1)
    assert base64.b64decode(href).decode() == text
    assert 'download="phlog-corridor-round1.json"' in live.saved.value
    assert "hidden cards" in live.saved.value  # the warning, since the file holds the bot's hand
    assert "hidden cards" not in sp.SimplePlasticLive().live.save() + sp.SimplePlasticLive().live.saved.value


def test_a_saved_file_loads_back_after_a_restart():
    first = sp.SimplePlasticLive(human="green", bot_seed=1).live
    _played(first, 5)
    text = first.save()
    again = sp.SimplePlasticLive(human="green", bot_seed=1).live  # a new kernel: a new game
    again.load_upload.value = ({"name": "game.json", "type": "application/json", "size": len(text),
                                "content": memoryview(text.encode()),
                                "last_modified": datetime.datetime(2026, 1, 1)},)
    assert again.state.to_dict() == first.state.to_dict() and again.log.value == first.log.value
    assert again.load_upload.value == ()  # the same file can be chosen again
    again.load("not a save")
    assert "Cannot load" in again.status.value and again.state.to_dict() == first.state.to_dict()


def test_the_control_fits_a_projector_the_board_beside_the_controls_the_log_scrolling():
    """Most of the row for the board, but never taller than Lab's window: the width follows the board's
    proportions (a wide table 70% of the row, Phlog's grid with its hand below less)."""
    game = sp.SimplePlasticLive(human="green", bot_seed=1)
    banner, curtain, row, _notice = game.widget().children  # the banner and the curtain above the board; the restart notice's style
    board, controls = row.children
    assert isinstance(row, ipw.HBox) and board.layout.width.startswith("min(70%, calc((100vh - 230px) * ")
    assert banner.layout.display == curtain.layout.display == "none"  # nothing over the board during play
    aspect = lambda game: float(game.live._board_box.layout.width.rsplit("* ", 1)[1].rstrip("))"))  # noqa: E731
    assert aspect(game) > 1.2 > aspect(W.live_play())  # the table is wider than tall; Phlog with its cards is not
    assert game.live.log in controls.children and game.live.log.layout.max_height == live_module.LOG_HEIGHT
    assert game.live.log.layout.overflow == "auto"
    assert game.widget().children[2].children[0].children[0] is board.children[0]  # a re-display: the same board


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_no_hover_card_opens_over_the_board_during_play_its_words_are_beside_it(live):
    """A tap (or a hover) would open the card right over the spots just offered: the board's hover is off,
    and the figure a tap finds is described beside the board instead."""
    from widgets.board import board_plot

    plot = board_plot(live.figure, {k: v for k, v in live.sources.items() if k != "choices"})
    assert plot.select({"type": HoverTool}) and plot.toolbar.active_inspect is None
    if live._cards:  # a tabletop's figures layer: the card beside the board names the tapped figure
        choices = live.sources["choices"].data
        at = choices["kind"].index("piece")
        live.tap(choices["x"][at], choices["y"][at])
        figures = live.sources["figures"].data
        i = min(range(len(figures["x"])), key=lambda i: (figures["x"][i] - choices["x"][at]) ** 2
                + (figures["y"][i] - choices["y"][at]) ** 2)
        # simple mode (Lab's first): the figure's card in plain words, as the page says it (boards.naming.card_words),
        # no figure id, no coordinates; the engine's card once it is off
        assert figures["said"][i] and html.escape(figures["said"][i]) in live.card.value
        assert figures["id"][i] not in live.card.value and " in</div>" not in live.card.value
        live.simple.value = False
        try:
            live.tap(choices["x"][at], choices["y"][at])
            assert f"{figures['id'][i]} ({figures['side'][i]})" in live.card.value
            assert f"ground: {figures['ground'][i]}" in live.card.value
            assert f"({figures['x'][i]:.1f}, {figures['y'][i]:.1f}) in" in live.card.value
        finally:
            live.simple.value = True


def test_the_tooltip_template_is_filled_as_bokeh_fills_it():
    row = {"id": "g1", "x": 3.25, "info": "<b>hill</b>", "n": "<i>"}
    assert live_words.fill("@id at (@x{0.0}) @{info}{safe} @n", row) == "g1 at (3.2) <b>hill</b> &lt;i&gt;"


@pytest.mark.parametrize("make", [lambda: sp.SimplePlasticLive(human="green", bot_seed=1), W.live_play],
                         ids=["simple_plastic", "phlog"])
def test_new_game_starts_the_chosen_scenario_and_side(make):
    """The pickers offer the Session's own options; New game plays the scenario and side picked."""
    game = make()
    live = game.live
    options = live.session.options()
    assert [value for _, value in live.scenario.options] == list(options)
    other_scenario = list(options)[1]
    live.scenario.value = other_scenario
    live.side.value = "tan"
    game.widget()
    green_board = live._board_box.children
    live.new_game(seed=5)
    assert live.session.scenario == live.state.game.scenario == other_scenario and live.session.seed == 5
    assert live.session.human == live.viewer == game.human == "tan" and set(live.bots) == {"green"}
    assert live.session.bot_name == "greedy" and not live.actions.disabled
    assert live.state.current_player == "tan"  # the bot (green) has played its turn: the game waits for us
    assert live._board_box.children != green_board  # drawn anew from tan's seat
    assert "you play tan" in live.status.value
    assert (live.scenario.value, live.side.value) == (other_scenario, "tan")
    board = live._board_box.children
    live.play(live.actions.value)  # and it plays, from tan's seat
    assert live.state.history[-1].action.player in ("tan", "green") and live.log.value.count("You:") >= 1
    assert live._board_box.children == board  # the same seat: the board is not redrawn
    live.scenario.value = list(options)[0]
    live.new_game(seed=6)
    assert live.session.scenario == list(options)[0] and live.session.human == "tan"


def test_the_scenario_and_side_pickers_are_lab_only(monkeypatch):
    """The page draws its own pickers from play_here's options: the snapshot has no dead copy of them."""
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    html_ = sp.SimplePlasticLive(human="green", bot_seed=1).widget().html
    assert "Scenario" not in html_ and "Your side" not in html_


def test_kept_returns_the_game_in_progress_on_a_rerun():
    live_module._KEPT.clear()
    game = live_module.kept(sp.SimplePlasticLive, human="green", bot_seed=1)
    game.live.play(game.live.actions.value)
    assert live_module.kept(sp.SimplePlasticLive, human="green", bot_seed=1) is game
    assert live_module.kept(sp.SimplePlasticLive, human="tan", bot_seed=1) is not game
    live_module._KEPT.clear()


# -- rule links --------------------------------------------------------------------------------------
def _lab_server(monkeypatch, tmp_path, root, base_url="/"):
    """The runtime file the Jupyter server that started this kernel (its parent process) writes."""
    import os

    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path))
    (tmp_path / f"jpserver-{os.getppid()}.json").write_text(json.dumps({"root_dir": str(root), "base_url": base_url}))


def test_in_jupyterlab_a_rule_link_opens_the_chapter_page_in_a_new_tab(monkeypatch, tmp_path):
    """The link is the page's path from the folder the server serves: ``make lab`` serves book/ (what
    Lab opens as /lab/tree/simple_plastic/...), never the notebook's path on disk."""
    link = RuleLinks("simple_plastic").link("simple_plastic:attacking.modifiers")
    assert 'href="attacking.md#simple-plastic-attacking-modifiers"' in link and 'target="_blank"' in link
    book = live_module.__file__.rsplit("/widgets/", 1)[0] + "/book"
    monkeypatch.setenv("JPY_SESSION_NAME", f"{book}/simple_plastic/full_game.md")  # as jupyter_server sets it
    _lab_server(monkeypatch, tmp_path, book)
    assert RuleLinks("simple_plastic").href("simple_plastic:attacking.modifiers") == (
        "/lab/tree/simple_plastic/attacking.md#simple-plastic-attacking-modifiers")
    assert RuleLinks("simple_plastic").href("phlog:jokers.play").startswith("/lab/tree/phlog/jokers.md#")
    monkeypatch.setenv("JPY_SESSION_NAME", f"{book}/classroom/house_rules.md")
    assert RuleLinks(None).href("phlog:jokers.play").startswith("/lab/tree/phlog/jokers.md#")
    # a server started at the project's top, under a base URL (JupyterHub, say)
    _lab_server(monkeypatch, tmp_path, book.rsplit("/", 1)[0], "/user/ann/")
    assert RuleLinks("phlog").href("phlog:jokers.play").startswith("/user/ann/lab/tree/book/phlog/jokers.md#")
    # no runtime file: the folder `make lab` serves
    monkeypatch.setenv("JUPYTER_RUNTIME_DIR", str(tmp_path / "none"))
    assert RuleLinks("phlog").href("phlog:jokers.play").startswith("/lab/tree/phlog/jokers.md#")


def test_in_jupyterlab_a_click_on_a_rule_link_opens_its_heading_in_the_same_lab(monkeypatch, tmp_path):
    """Lab's command linker opens the chapter page beside the notebook at the section's heading (Lab's id for a
    heading: its text, spaces made dashes; book/army_men/moving.md's "## Staying within 4 inches")."""
    book = live_module.__file__.rsplit("/widgets/", 1)[0] + "/book"
    monkeypatch.setenv("JPY_SESSION_NAME", f"{book}/army_men/full_game.md")
    _lab_server(monkeypatch, tmp_path, book)
    link = RuleLinks("army_men").link("army_men:moving.cohesion")
    assert 'data-commandlinker-command="rendermime:handle-local-link"' in link and "target" not in link
    args = json.loads(html.unescape(link.split('data-commandlinker-args="')[1].split('"')[0]))
    assert args == {"path": "army_men/moving.md", "id": "#heading=Staying-within-4-inches"}
    monkeypatch.delenv("JPY_SESSION_NAME")  # a kernel no server started: a new tab, as before
    assert 'target="_blank"' in RuleLinks("army_men").link("army_men:moving.cohesion")


def test_on_the_site_a_rule_link_is_the_built_page_in_the_same_tab(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    monkeypatch.setenv("JPY_SESSION_NAME", "book/simple_plastic/full_game.md")
    link = RuleLinks("simple_plastic").link("simple_plastic:attacking.modifiers")
    assert 'href="attacking.html#simple-plastic-attacking-modifiers"' in link and "target" not in link


def test_the_status_refusal_links_its_rule_in_a_new_tab():
    game = W.live_play()
    game.play(W.Step("green", "N"))
    assert "Not allowed" in game.status and 'target="_blank"' in game.status


# -- BokehJS: once per browser window --------------------------------------------------------------
def test_bokehjs_is_sent_to_every_new_browser_window(monkeypatch):
    from widgets import display

    sent = []
    monkeypatch.setattr("bokeh.io.output_notebook", lambda **_: sent.append(1))
    monkeypatch.setattr(display, "_bokehjs_sent", set())
    window = {"id": "first"}
    monkeypatch.setattr(display, "_frontend", lambda: window["id"])
    display._load_bokehjs_once()
    display._load_bokehjs_once()
    assert len(sent) == 1  # the same window: once
    window["id"] = "after a refresh"
    display._load_bokehjs_once()
    assert len(sent) == 2
    window["id"] = None  # no kernel to ask (a plain script): always sent
    display._load_bokehjs_once()
    display._load_bokehjs_once()
    assert len(sent) == 4


def test_a_redisplayed_board_draws_the_game_as_it_stands():
    """A refreshed window re-runs the cell: its new board view must show the moves made since."""
    game = sp.SimplePlasticLive(human="green", bot_seed=1)
    first = game.live.board_widget()
    start = json_of(first)
    game.live.play(game.live.actions.value)
    assert game.live.board_widget() is first and json_of(first) != start


def json_of(model) -> str:
    return json.dumps(model.render_bundle["docs_json"], default=str, sort_keys=True)


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_a_bokeh_tap_on_the_board_chooses_and_plays_through_the_kernel(live):
    """The board's Tap events reach the Session: the choices layer shows what to tap, a tap plays it."""
    from bokeh.events import Tap

    from widgets.board import board_plot

    plot = board_plot(live.figure, {k: v for k, v in live.sources.items() if k != "choices"})
    for _ in range(3):
        choices = dict(live.sources["choices"].data)
        if "target" in choices["kind"]:
            break
        at = choices["kind"].index("piece")
        plot._trigger_event(Tap(plot, x=choices["x"][at], y=choices["y"][at]))
    at = choices["kind"].index("target")
    words = choices["text"][at]
    before = len(live.state.history)
    plot._trigger_event(Tap(plot, x=choices["x"][at], y=choices["y"][at]))
    assert len(live.state.history) > before
    entry = next(e for e in live.session.log() if e["index"] == before + 1)
    assert entry["text"] == words  # the tapped mark's action, told in the log in simple mode's words
    assert f"You: {entry['words']}" in re.sub(r"<[^>]+>", "", html.unescape(live.log.value))


# -- every full_game page keeps its game ----------------------------------------------------------------
FULL_GAMES = sorted((Path(live_module.__file__).parents[1] / "book").glob("*/full_game.md"))


def _cells(page) -> list[str]:
    """The code cells of a MyST page, without their ``:tags:`` options."""
    cells = re.findall(r"```\{code-cell\} ipython3\n(.*?)```", page.read_text(), flags=re.S)
    return [re.sub(r"^(:\w+:.*\n)+", "", cell) for cell in cells]


@pytest.mark.parametrize("page", FULL_GAMES, ids=[p.parent.name for p in FULL_GAMES])
def test_a_full_game_page_shows_the_game_in_progress_when_run_again(page):
    """A browser refresh re-runs the page: its live cell must come back to the game being played (round 7
    stays round 7), not deal a new one. The page's imports, then its live cell twice, as Lab runs them."""
    live_module._KEPT.clear()
    cells = _cells(page)
    imports = "\n".join(line for line in cells[0].splitlines() if line.startswith(("from widgets", "import ")))
    live_cell = next(cell for cell in cells if ".widget()" in cell)
    namespace: dict = {}
    exec(imports, namespace)
    exec(live_cell, namespace)
    game = namespace["game"]
    game.live.play(game.live.actions.value)
    played = game.live.state.to_json()
    exec(live_cell, namespace)
    assert namespace["game"] is game and game.live.state.to_json() == played
    assert "keeps the game as text" not in page.read_text()
    live_module._KEPT.clear()


# -- issue 21 item 10: the page's last action, end-of-game banner, history and two-people mode in Lab -------

def _all_live():
    from widgets import army_men as am
    from widgets import dice_tactics as D
    from widgets import one_brain_cell as obc

    return {"simple_plastic": lambda: sp.SimplePlasticLive(human="green", bot_seed=1).live,
            "phlog": lambda: W.live_play().live, "dice_tactics": lambda: D.live_play().live,
            "army_men": lambda: am.ArmyMenLive(human="green", bot_seed=1).live,
            "one_brain_cell": lambda: obc.OneBrainCellLive(human="green", bot_seed=1).live}


@pytest.mark.parametrize("name", list(_all_live()))
def test_the_bots_last_actions_are_marked_on_the_board_and_said_beside_it(name):
    live = _all_live()[name]()
    for _ in range(40):  # until the bot has acted where the board can show it
        if live.sources["last"].data["kind"] or live.state.is_over:
            break
        live.play(live.actions.value)
    last = live.sources["last"].data
    assert last["kind"] and set(last["kind"]) <= {"move", "attack", "spot"}
    assert last == live.session.last_layer()
    said = live.session.answer()["last"]
    lines = re.findall(r'<div class="tsr-live-last-line">(.*?)</div>', live.last_words.value)
    # one sentence a step of the other side's turn, the bot's side first; a step where nothing happened says nothing
    assert [line.split(" <span")[0] for line in lines] == [html.escape(item["text"]) for item in said
                                                          if not item["quiet"]]
    assert lines and all(line.startswith("Tan: ") for line in lines)


def test_the_end_of_the_game_shows_a_banner_whose_buttons_play_again_swap_sides_and_raise_the_bot():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    assert live.banner_box.layout.display == "none" and not live.offer_buttons
    while not live.state.is_over:
        live.play(live.actions.value)
    outcome = live.session.answer()["outcome"]
    assert live.banner_box.layout.display is None
    assert outcome["headline"] in ("You won", "You lost", "Draw") and outcome["headline"] in live.banner.value
    assert html.escape(outcome["why"]) in live.banner.value
    assert [b.description for b in live.banner_buttons.children] == ["Play again", "Swap sides", "Stronger opponent",
                                                                     "Replay the game", "See the board"]
    live.offer_buttons["close"].click()  # the banner gone, the board as the game ended
    assert live.banner_box.layout.display == "none" and live.viewing is None and live.state.is_over
    live._show(live.session.answer())
    live.offer_buttons["replay"].click()  # the game from its start, playing itself; no banner over a replay
    assert live.viewing == 0 and live.replay_play.playing and live.replay_move.value == 0
    assert live.banner_box.layout.display == "none" and live.turn.value.endswith("Replay: the start</b>")
    live.back_button.click()
    live.offer_buttons["again"].click()
    assert not live.state.is_over and len(live.state.history) <= 1 and live.banner_box.layout.display == "none"
    assert live.session.human == "green" and live.session.bot_name == "greedy"
    while not live.state.is_over:
        live.play(live.actions.value)
    seed = live.session.seed
    live.offer_buttons["swap"].click()
    assert live.session.human == live.viewer == live.side.value == "tan" and live.session.seed == seed
    assert not live.state.is_over and live.banner_box.layout.display == "none"
    live.session.set_bot("greedy")
    while not live.state.is_over:
        live.play(live.actions.value)
    live.offer_buttons["stronger"].click()
    assert live.session.bot_name == live.opponent.value == "strong" and not live.state.is_over
    assert "stronger" not in [offer["do"] for offer in live.session._offers()]  # nothing stronger than strong


def test_history_shows_the_board_then_goes_back_to_the_game_or_undoes_back_to_an_entry():
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    start = {k: list(v) for k, v in live.sources["figures"].data.items()}
    for _ in range(6):
        live.play(live.actions.value)
    moves = len(live.state.history)
    assert [value for _, value in live.history.options][-1] == moves and live.back_button.disabled
    now = {k: list(v) for k, v in live.sources["figures"].data.items()}
    assert now != start
    live.history.value = 0
    live.see_button.click()
    assert live.viewing == 0 and live.history.value == 0 and len(live.state.history) == moves  # only a view
    assert {k: list(v) for k, v in live.sources["figures"].data.items()} == start
    assert live.play_button.disabled and not live.back_button.disabled and "entry 0" in live.status.value
    assert live.sources["choices"].data["kind"] == []
    live.history.value = 1
    live.see_button.click()
    entry = next(e for e in live.session.log() if e["index"] == 1)
    assert entry["said"] == "Green: squad alpha moves: your trooper at the bottom goes 4.0 inches, the rest follow"
    assert html.escape(entry["said"]) in live.last_words.value  # what the board marks, by the side's name
    assert live.sources["last"].data["kind"] == ["move"]
    live.back_button.click()
    assert live.viewing is None and not live.play_button.disabled
    assert {k: list(v) for k, v in live.sources["figures"].data.items()} == now
    live.history.value = 2
    live.rewind_button.click()
    assert len(live.state.history) <= 2 and "Back to entry" in live.status.value
    assert live.state.current_player == "green" and live.actions.options


@pytest.mark.parametrize("make", [W.live_play, lambda: __import__("widgets.dice_tactics").dice_tactics.live_play()],
                         ids=["phlog", "dice_tactics"])
def test_two_people_pass_the_device_behind_a_curtain_that_hides_every_hand(make):
    game = make()
    live = game.live
    assert "person" in [value for _, value in live.opponent.options]
    live.opponent.value = "person"
    assert live.session.mode == "people" and live.curtain is None
    green_board = live.board_widget()
    for _ in range(40):  # green plays until the turn passes to tan
        if live.curtain is not None:
            break
        live.play(live.actions.value)
    assert live.curtain == "tan" and live.session.seat == "tan"
    assert live.curtain_box.layout.display is None and live._board_box.layout.display == "none"
    assert live.show_button.description == "I am tan: show my board"
    # nothing of either hand is left in the widgets' data while the curtain is up
    assert all(not values for source in live.sources.values() for values in source.data.values())
    assert live.actions.options == () and live.history.options == () and not live.log.value
    assert not live.last_words.value and not live.card.value
    assert not getattr(game, "tries", ipw.Dropdown()).options
    live.show_button.click()
    assert live.curtain is None and live.viewer == "tan" and live._board_box.layout.display is None
    hand = live.sources["cards"].data if "cards" in live.sources else live.sources[next(iter(live.sources))].data
    assert any(hand.values()) and live.actions.options and "your turn" in live.turn.value
    for _ in range(40):  # tan plays until the turn passes back to green
        if live.curtain is not None:
            break
        live.play(live.actions.value)
    assert live.curtain == "green"  # and neither seat's board (each drawn once, then kept) holds anything
    assert all(not values for drawn in live._drawn.values() for source in drawn[1].values()
               for values in source.data.values())
    live.show_button.click()
    assert live.viewer == "green" and live.board_widget() is green_board  # green's board, not redrawn


def test_two_people_undo_asks_the_other_person_before_taking_back_their_move():
    """Issue 35: in Lab as on the page, the other person's move is taken back only when they agree (the Session's
    question, with its own Yes); No leaves the game as it was."""
    live = W.live_play().live
    live.opponent.value = "person"
    for _ in range(40):  # green plays until the device goes to tan
        if live.curtain is not None:
            break
        live.play(live.actions.value)
    live.show_button.click()
    moves = len(live.state.history)
    live.undo_button.click()
    yes, no = live.question.children
    assert yes.description == "Yes, green agrees" and "Take back green&#x27;s move? green must agree." in live.status.value
    no.click()
    assert len(live.state.history) == moves and live.question.layout.display == "none"
    live.undo_button.click()
    live.question.children[0].click()
    assert len(live.state.history) == moves - 1 and live.curtain == "green"  # the device goes back to green


@pytest.mark.parametrize("make", [lambda: sp.SimplePlasticLive(human="green", bot_seed=1).live, lambda: W.live_play().live],
                         ids=["simple_plastic", "phlog"])
def test_on_a_projector_the_boards_labels_and_marks_grow_with_its_drawn_width(make):
    """BokehJS reports the width it draws the board at (``outer_width``, through jupyter_bokeh as from Lab's
    browser); its labels and marks grow with it, as on the page: never below their design, at most 2.4 times."""
    from bokeh.models import LabelSet, Text

    from widgets.board import GROWTH_MOST, board_plot

    live = make()
    widget = live.board_widget()
    plot = board_plot(live.figure, {k: v for k, v in live.sources.items() if k not in ("choices", "last")})
    labels = [r.glyph for r in plot.renderers if isinstance(r.glyph, Text)] + plot.select({"type": LabelSet})
    marks = [r.glyph for r in plot.renderers if r.name in ("choices-pieces", "choices-targets", "last-rings")]

    def drawn_at(width: int) -> tuple[list[float], list[float]]:
        widget._sync_model(widget, {"event": "jsevent", "kind": "ModelChanged", "model": {"id": plot.id},
                                    "attr": "outer_width", "new": width}, [])
        return [float(label.text_font_size.rstrip("px")) for label in labels], [mark.size for mark in marks]

    designed = drawn_at(plot.width)
    narrow, wide, wider = drawn_at(plot.width // 2), drawn_at(int(plot.width * 1.5)), drawn_at(plot.width * 4)
    assert labels and len(marks) == 3 and min(designed[0]) >= 11
    assert narrow == designed  # a phone's board keeps its designed sizes
    assert all(w == pytest.approx(d * 1.5, abs=0.1) for w, d in zip(wide[0] + wide[1], designed[0] + designed[1]))
    assert all(w == pytest.approx(d * GROWTH_MOST, abs=0.1) for w, d in zip(wider[0] + wider[1], designed[0] + designed[1]))
    assert drawn_at(plot.width) == designed  # and back


def test_on_the_site_the_page_grows_the_labels_itself(monkeypatch):
    """In the static build the kernel is gone: no Python callback rides on the board (the page's own code grows
    its labels)."""
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    assert not any(plot._callbacks.get("outer_width") for plot in live.figure.select({"type": live_module.Plot}))


@pytest.mark.parametrize("live", _games(), ids=["simple_plastic", "phlog"])
def test_in_jupyterlab_the_board_is_a_toy_table_zoomed_by_wheel_or_pinch_and_whole_again_at_a_button(live):
    """Issue 35: in Lab's live play no plot of the board has axes, grid lines, a toolbar or an active hover tool;
    the board's wheel-zoom tool is active (a pinch too, in BokehJS) and a drag pans it; "Whole table" asks the
    browser to reset the board's view (a change of the plot's tags, which its JS callback hears)."""
    from bokeh.models import Axis, Grid, PanTool, WheelZoomTool

    from widgets.board import board_plot

    plot = board_plot(live.figure, {k: v for k, v in live.sources.items() if k not in ("choices", "last")})
    for fig in live.figure.select({"type": live_module.Plot}):
        parts = [*fig.left, *fig.below, *fig.right, *fig.above, *fig.center]
        assert not [p for p in parts if isinstance(p, (Axis, Grid)) and p.visible], f"{fig.name} shows axes or grid lines"
        assert fig.toolbar_location is None and fig.toolbar.active_inspect is None
    assert isinstance(plot.toolbar.active_scroll, WheelZoomTool) and isinstance(plot.toolbar.active_drag, PanTool)
    reset = plot.js_property_callbacks["change:tags"]
    assert [cb.code for cb in reset] == ["plot.reset.emit()"]
    before = list(plot.tags)
    live.whole_button.click()
    assert plot.tags != before
    after = list(plot.tags)
    live.whole_button.click()
    assert plot.tags != after, "every press is a change the browser hears"


def test_on_the_site_the_snapshot_keeps_its_axes_for_measuring(monkeypatch):
    """In the static build the page's snapshot is the board before Play: its axes stay (the page hides them when
    play starts, sitebuild/static/js/live-play/board-view.js toyTable)."""
    from bokeh.models import Axis

    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    live = sp.SimplePlasticLive(human="green", bot_seed=1).live
    assert all(axis.visible for axis in live.figure.select({"type": Axis}))


def test_a_tap_between_marks_in_jupyterlab_asks_with_a_button_each_and_a_button_plays_it():
    """The Lab's live play shows the Session's "which?" question as big buttons in words; a button plays its
    action; a move proposed on open table gets a "Yes" that plays it."""
    import math

    from widgets.army_men import ArmyMenLive

    live = ArmyMenLive(seed=0).live
    session = live.session
    trooper = session.state.figures["g1"]
    live.tap(trooper.x, trooper.y)
    layer = session.choices()
    spots = list(zip(layer["x"], layer["y"], layer["kind"]))
    off = next(s for s in spots if s[2] == "off")
    on = min((s for s in spots if s[2] == "target"), key=lambda s: math.dist(s[:2], off[:2]))
    before = session.save()
    live.tap((off[0] + on[0]) / 2, (off[1] + on[1]) / 2, math.dist(off[:2], on[:2]) + 0.5)
    assert session.save() == before
    words = [b.description for b in live.question.children]
    assert len(words) >= 3 and words[-1] == "No" and live.question.layout.display is None
    played = len(session.state.history)
    live.question.children[0].click()
    assert len(session.state.history) > played and not live.question.children

