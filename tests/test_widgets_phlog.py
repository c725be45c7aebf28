"""The Phlog widgets show the engine's answers, and never a card the seat may not see."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from bokeh.embed import json_item
from bokeh.models import CustomJS

from explorer import get_ruleset
from explorer.core.cards import Card
from explorer.rulesets.phlog import (
    Attack, ChooseAttackCard, EndTurn, Nominate, PlayJoker, PlayMovementCard, Step, attack_odds, reachable_squares,
)
from explorer.rulesets.phlog import tables
from explorer.rulesets.phlog.odds import BEST, UNIFORM
from boards.phlog import FATE_WORDS
from widgets import phlog as W
from widgets import phlog_odds as O
from widgets.board import make_sources
from widgets.packing import unpacked
from widgets.replay import replay_frames

PHLOG = get_ruleset("phlog")
G, T = "green", "tan"


@pytest.fixture
def game():
    return PHLOG.new_game("corridor", seed=1)


def _hidden_codes(state, seat: str) -> set[str]:
    """Every card ``seat`` may not see: the opponent's hand and draw pile (and both, for a spectator)."""
    others = [s for s in state.sides if s != seat]
    return {c.code for side in others for c in state.piles[side].hand + state.piles[side].draw}


def _mentions(data, code: str) -> bool:
    return code in json.dumps(data, ensure_ascii=False)


# -- the board ---------------------------------------------------------------------------------------
def test_board_layers_reflect_the_state(game):
    layers = W.PhlogBoard("green").layers(game)
    units = layers["units"]
    alive = [f for f in game.fighters.values() if f.alive]
    assert sorted(units["id"]) == sorted(f.id for f in alive)
    for fid, x, y, kind in zip(units["id"], units["x"], units["y"], units["kind"]):
        fighter = game.fighters[fid]
        assert (x, y) == fighter.square
        assert kind == ("RANGED" if fighter.ranged else "HAND-TO-HAND")
    tiles = layers["tiles"]
    assert {(x, y) for x, y in zip(tiles["x"], tiles["y"])} == set(game.terrain)
    assert layers["reach"]["x"] == []  # nobody is activated yet
    faces = ("#ffffff", "#f6e9f2")  # a value card, a joker (drawn as JOKER)
    hand = [t for t, fill in zip(layers["cards"]["text"], layers["cards"]["fill"]) if fill in faces]
    assert hand == ["JOKER" if c.is_joker else c.code for c in game.piles["green"].hand]


def test_board_follows_moves_doors_and_reach(game):
    board = W.PhlogBoard("green")
    game.apply(Nominate(G, "green-1"))
    game.apply(PlayMovementCard(G, game.value_cards("green")[0].code))
    while game.phase == "joker":
        game.apply(next(iter(game.legal_actions)))
    game.apply(Step(G, "E"))
    layers = board.layers(game)
    index = layers["units"]["id"].index("green-1")
    assert (layers["units"]["x"][index], layers["units"]["y"][index]) == (1, 0)
    assert layers["units"]["line_width"][index] > 1.5  # the activated fighter stands out
    routes = reachable_squares(game.view("green"), "green-1", game.movement_left)
    expected = {s for s, r in routes.items() if r.value.actions}
    assert set(zip(layers["reach"]["x"], layers["reach"]["y"])) == expected


def test_open_door_is_drawn_open():
    game = W.greedy_game(2)
    opened = W.partial_game(game, 10)  # action 10 (index 9): green-1 opens the door at (5, 2)
    tiles = W.PhlogBoard("tan").layers(opened)["tiles"]
    kinds = {(x, y): k for x, y, k in zip(tiles["x"], tiles["y"], tiles["kind"])}
    assert kinds[(5, 2)] == "door (open)"
    closed = W.PhlogBoard("tan").layers(W.partial_game(game, 9))["tiles"]
    assert dict(zip(zip(closed["x"], closed["y"]), closed["kind"]))[(5, 2)] == "door (closed)"


@pytest.mark.parametrize("seat", ["green", "tan", None])
def test_no_hidden_card_reaches_a_board(seat):
    game = W.greedy_game(2)
    for steps in range(0, len(game.history) + 1, 2):
        state = W.partial_game(game, steps)
        board = W.PhlogBoard(seat)
        data = board.layers(state)
        hidden = _hidden_codes(state, seat)
        # A card chosen face down for an attack is hidden from the other seat too.
        if state.attack and not state.attack.revealed:
            for card, owner in ((state.attack.attack_card, state.active),
                                (state.attack.defence_card, state.other(state.active))):
                if card and owner != seat:
                    hidden.add(card.code)
        leaked = [code for code in hidden if _mentions(data, code)]
        assert leaked == [], (steps, seat, leaked)
        if steps % 16:
            continue
        # and the figure built from it carries nothing more
        page = json.dumps(json_item(board.draw(make_sources(data))), ensure_ascii=False)
        assert not [code for code in hidden if code in page]


def test_board_is_true_scale_with_a_legend_and_one_tooltip_per_square(game):
    board = W.PhlogBoard("green")
    layout = board.draw(make_sources(board.layers(game)))
    fig = layout.select_one({"name": "phlog-board"})
    assert fig.match_aspect and fig.aspect_scale == 1 and fig.sizing_mode == "scale_width"
    assert fig.x_range.renderers == fig.y_range.renderers and fig.y_range.flipped  # fitted to the grid, row 0 on top
    legend = layout.select_one({"name": "phlog-legend"})
    words = legend.text
    for kind in set(game.terrain.values()):
        assert W.STYLES[kind].name in words
    assert "RANGED".lower() in words and "hand-to-hand" in words and "green" in words and "tan" in words
    (hover,) = fig.select({"type": W.HoverTool})
    assert [r.name for r in hover.renderers] == ["cells"]
    cells = hover.renderers[0].data_source.data
    assert len(cells["info"]) == game.grid.width * game.grid.height
    fighter = next(iter(game.fighters.values()))
    col, row = fighter.square
    assert fighter.id in cells["info"][row * game.grid.width + col]


def test_hand_figure_shows_only_that_players_hand(game):
    fig = W.hand_figure(game.view("green"))
    text = json.dumps(json_item(fig), ensure_ascii=False)
    assert all(("JOKER" if c.is_joker else c.code) in text for c in game.piles["green"].hand)
    assert not [c.code for c in game.piles["tan"].hand + game.piles["tan"].draw if c.code in text]


def test_a_view_of_the_other_seat_is_refused(game):
    with pytest.raises(ValueError):
        W.PhlogBoard("green").layers(game.view("tan"))


# -- the static explorers -------------------------------------------------------------------------------
def test_precomputed_reachable_squares_equal_the_engines(game):
    table = W.reach_table(game, ["green-2", "tan-3"], range(1, 14))
    for key, entry in table.items():
        fid, movement = key.split("|")
        routes = reachable_squares(game, fid, int(movement))
        expected = {s: r.value for s, r in routes.items() if r.value.actions}
        layer = entry["layer"]
        got = {(x, y): (cost, fate) for x, y, cost, fate in zip(layer["x"], layer["y"], layer["cost"], layer["fate"])}
        assert set(got) == set(expected), key
        for square, route in expected.items():
            assert got[square] == (str(route.cost), FATE_WORDS[route.fate])


def test_reach_explorer_embeds_every_choice(game):
    layout = W.reach_explorer(game, ["green-2"], movement=6)
    text = json.dumps(json_item(layout), ensure_ascii=False)
    assert "green-2|13" in text and "jump 2 squares E to (4, 2)" in text


def test_odds_chart_data_equal_the_engines_exact_fractions(game):
    view = game.view("green")
    table = O.odds_table(view)
    for key, (assumption, jokers, _) in O.ODDS_CHOICES.items():
        odds = attack_odds(view, assumption=assumption, jokers=jokers)
        rows = table[key]
        assert sorted(rows["code"]) == sorted(c.code for c in odds)
        for i, code in enumerate(rows["code"]):
            exact = odds[Card.parse(code)]
            assert Fraction(rows["remove_exact"][i]) == exact.remove_enemy
            assert Fraction(rows["lose_exact"][i]) == exact.lose_own
            assert Fraction(rows["neither_exact"][i]) == exact.neither
            assert rows["remove"][i] == float(exact.remove_enemy)
    assert {a for a, _, _ in O.ODDS_CHOICES.values()} == {UNIFORM, BEST}


def test_odds_chart_keys_its_three_bars_in_html_that_wraps(game):
    from bokeh.models import Legend

    layout = O.odds_chart(game.view("green"))
    key = layout.select_one({"name": "phlog-odds-key"}).text
    # each bar's words beside a swatch of its own colour (a Bokeh legend's row did not wrap: wider than a phone)
    for name, words in (("remove", "remove the enemy"), ("neither", "neither"), ("lose", "lose your own fighter")):
        assert f'fill="{O.ODDS_COLOURS[name]}"' in key and words in key
    assert not list(layout.select({"type": Legend}))


def test_trick_table_says_what_the_engine_says():
    table = O.trick_table(range(1, 14))
    assert "the attacker wins by 4" in table["9-5"] and "figure is removed" in table["9-5"]
    assert "nobody wins" in table["7-7"]
    assert "defender wins by 3" in table["5-8"] and "nobody is removed" in table["5-8"]


def test_data_tables_have_rectangular_rows():
    for make in (tables.card_values, tables.terrain, tables.fighters, tables.key_numbers, tables.jumps,
                 tables.settings):
        data = make()
        assert data["rows"] and all(len(r) == len(data["columns"]) for r in data["rows"])
    assert tables.card_values()["rows"][-2] == ["King", 13, 13, 10]


# -- the replay ---------------------------------------------------------------------------------------
def test_replay_frames_follow_the_recorded_game():
    game = W.greedy_game(2)
    board = W.PhlogBoard(None, reach_detail=False)
    frames = replay_frames(board, game)
    assert len(frames) == len(game.history) + 1
    for index in (0, 14, 28, len(game.history)):
        expected = board.layers(W.partial_game(game, index))
        turn, words, layers = frames[index]
        assert layers == expected
        if index:
            assert turn.action == game.history[index - 1].action
            before = W.partial_game(game, index - 1)
            assert words == before.describe(turn.action, None)  # the spectator's words, at that moment


def test_the_recorded_game_is_the_one_the_book_describes():
    # Re-derived under the counter-based RNG (the book's recorded game is now seed 2).
    game = W.greedy_game(2)
    assert game.history[1].action == PlayMovementCard(G, "J♥")
    assert any(e.text == "green-1 is removed from play." for e in game.history[27].events)
    assert game.outcome.winner == "green"
    joker = next(i for i, t in enumerate(game.history) if any("plays a joker" in e.text for e in t.events))
    assert game.history[joker].action == PlayJoker(G, 1)


def test_public_replay_log_hides_draws_and_face_down_choices():
    game = W.greedy_game(2)
    replay = W.public_replay(W.partial_game(game, 29))
    frames = next(cb.args["frames"] for cb in replay.select({"type": CustomJS}) if "frames" in cb.args)
    text = json.dumps(json_item(replay), ensure_ascii=False) + "".join(unpacked(frames)["captions"])
    assert "chooses an attack card face down" in text and "tan draws 1 card." in text
    assert "10♦ to attack" not in text and "tan draws 10♣" not in text  # private events and choices
    assert "Revealed: 10♦ (10) attacks, 5♣ (5) defends." in text


# -- live play ------------------------------------------------------------------------------------------
def test_live_play_applies_refuses_and_undoes():
    live = W.live_play(seed=7)
    state = live.state
    offered = [a for _, a in live.live.actions.options]
    assert offered == list(state.legal_actions)
    before = state.to_dict()
    live.play(Step(G, "N"))  # nobody is activated yet
    # simple mode (Lab's first): the rule as "why?", titled by the rule, never its key; the key once it is off
    assert "Not allowed" in live.status and ">why?</a>" in live.status and "phlog:turn.nominate" not in live.status
    live.live.simple.value = False
    live.play(Step(G, "N"))
    assert "Not allowed" in live.status and "phlog:turn.nominate" in live.status
    assert state.to_dict() == before
    live.play(Nominate(G, "green-1"))
    assert state.activated == "green-1"
    live.play(PlayMovementCard(G, state.value_cards("green")[0].code))
    assert state.current_player == "green" and state.phase == "move"  # the bot declined its joker
    live.undo()
    assert state.phase == "movement_card" and state.activated == "green-1"


def test_live_play_never_shows_the_bots_cards():
    live = W.live_play(seed=7)
    for _ in range(60):  # play on greedily for green, with the bot answering
        if live.state.is_over:
            break
        live.play(W.GreedyBot()(live.state))
    state = live.state
    hidden = {c.code for c in state.piles["tan"].hand + state.piles["tan"].draw}
    shown = live.live.log.value + json.dumps(W.PhlogBoard("green").layers(state), ensure_ascii=False)
    assert not [code for code in hidden if code in shown]
    assert "tan draws" in live.live.log.value  # the count is public


def test_try_list_offers_illegal_moves_with_reasons():
    live = W.live_play(seed=7)
    tries = [a for _, a in live.tries.options]
    assert Attack(G, "tan-1") in tries and EndTurn(G) in tries
    before = live.state.to_dict()
    live.play(Attack(G, "tan-1"))
    assert "Not allowed" in live.status
    assert live.state.to_dict() == before


def test_describe_hides_a_face_down_card_from_everyone_but_its_player():
    game = W.greedy_game(2)
    choice = ChooseAttackCard(G, "K♦")
    assert "K♦" in game.describe(choice, G)
    for viewer in (T, None):
        assert "K♦" not in game.describe(choice, viewer) and "face down" in game.describe(choice, viewer)


# -- text alternatives ------------------------------------------------------------------------------------
def test_boards_and_charts_have_text_alternatives_that_hide_no_card_they_should(game):
    layout = W.board_figure(game, "green")
    board_words = layout.select_one({"name": "phlog-board-alt"}).text
    assert "Grid of 10 by 8 squares" in board_words and "green-2 ranged at column 0, row 2" in board_words
    cards_words = layout.select_one({"name": "phlog-cards-alt"}).text
    assert all(("joker" if c.is_joker else c.code) in cards_words for c in game.piles["green"].hand)
    for seat, words in (("green", board_words + cards_words),):
        assert not [code for code in _hidden_codes(game, seat) if code in words]
    public = W.board_figure(game, None).select_one({"name": "phlog-cards-alt"}).text
    assert not [code for code in _hidden_codes(game, "nobody") if code in public] and "No card face up" in public
    reach = W.reach_explorer(game, ["green-2"], movement=5)
    assert "Can reach" in reach.select_one({"name": "phlog-reach-alt"}).text
    odds = O.odds_chart(game.view("green"))
    assert "remove the enemy" in odds.select_one({"name": "phlog-odds-alt"}).text
    assert odds.select_one({"name": "phlog-hand-alt"}) is not None


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is not installed")
def test_grid_words_in_the_browser_are_the_pythons():
    import subprocess

    final = W.greedy_game(seed=2)
    board = W.PhlogBoard(None, reach_detail=False)
    frames = [layers for _, _, layers in replay_frames(board, final)][::40]
    gb = board._gb
    script = (W.GRID_WORDS_JS + f"\nconst size = {json.dumps([gb.width, gb.height])};\n"
              f"const frames = {json.dumps(frames, ensure_ascii=False)};\n"
              "console.log(JSON.stringify(frames.map(words)));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [W.grid_words(layers, (gb.width, gb.height)) for layers in frames]


def test_live_play_marks_choices_on_the_grid_not_on_the_cards():
    from widgets.board import board_plot
    from widgets.phlog import live_play

    live = live_play(seed=7).live
    plot = board_plot(live.figure, live.sources)
    assert plot.name == "phlog-board"
    assert {"choices-pieces", "choices-chosen", "choices-targets"} <= {r.name for r in plot.renderers}
