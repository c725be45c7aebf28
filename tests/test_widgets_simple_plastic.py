"""Simple Plastic widgets: the board shows the state, explorers show the engine's exact numbers,
the replay follows the recorded game, live play applies only what the rules allow."""

from fractions import Fraction

import ipywidgets as ipw
import pytest

import explorer
from explorer.core import Dist
from explorer.core.dice import successes
from explorer.rulesets.simple_plastic import Attack, EndPhase, MoveSquad, examples
from explorer.rulesets.simple_plastic.attacking import kill_distribution, to_kill
from explorer.rulesets.simple_plastic.position import in_play
from widgets import simple_plastic as sp
from widgets import tabletop_board as tb
from widgets.board import make_sources
from widgets.packing import unpacked
from boards.palette import SIDE_COLOURS, SIGHT_COLOURS


@pytest.fixture(scope="module")
def recorded():
    return sp.recorded_game("skirmish", seed=1, bot_seeds=(1, 2))


# -- the board -----------------------------------------------------------------------------

def test_board_layers_show_living_figures_where_they_stand_in_side_colours():
    game = explorer.new_game("simple_plastic", "skirmish", seed=1)
    game = game.board().without("g2")  # a "what if" board: g2 has fallen
    layers = sp.SimplePlasticBoard().layers(game)
    figures = layers["figures"]
    living = [f for f in game.figures.values() if f.alive]
    assert figures["id"] == [f.id for f in living]
    assert "g2" not in figures["id"] and layers["fallen"]["id"] == ["g2"]
    for i, f in enumerate(living):
        assert (figures["x"][i], figures["y"][i]) == (f.x, f.y)
        assert figures["colour"][i] == SIDE_COLOURS[f.side]
        assert figures["marker"][i] == tb.MARKERS[f.kind]
    assert set(figures["colour"]) == {SIDE_COLOURS["green"], SIDE_COLOURS["tan"]}
    assert sorted(layers["terrain"]["name"]) == sorted(t.name for t in game.table.terrain)
    # every column of a layer has one entry per row
    for layer in layers.values():
        assert len({len(column) for column in layer.values()}) == 1


def test_move_rings_are_the_engines_move_allowance_for_units_that_may_move():
    game = explorer.new_game("simple_plastic", "skirmish", seed=1)
    rings = sp.SimplePlasticBoard().layers(game)["rings"]
    ringed = [label.split(":")[0] for label in rings["label"]]
    assert [game.figures[fid].unit for fid in ringed] == ["squad:alpha"]  # green moves: one ring for its one squad
    assert rings["radius"] == [game.move_allowance("g1").value]
    game.apply(MoveSquad("green", "alpha", "g1", (9.0, 15.0)))
    assert sp.SimplePlasticBoard().layers(game)["rings"]["x"] == []  # alpha has moved


def test_sight_lines_are_coloured_by_what_they_meet():
    fight = examples.firefight()
    pairs = [("g5", "t-sniper"), ("g5", "t3"), ("g1", "t-sniper")]
    sight = sp.SimplePlasticBoard(sights=pairs, rings=None).layers(fight)["sight"]
    assert len(sight["xs"]) == 5 * len(pairs)
    for k, (a, t) in enumerate(pairs):
        los = fight.line_of_sight(a, t)
        for line, verdict, colour in zip(los.lines, sight["verdict"][5 * k:5 * k + 5], sight["colour"][5 * k:5 * k + 5]):
            expected = "blocked" if line.blocked_by else "partial" if line.screened_by else "clear"
            assert verdict == expected and colour == SIGHT_COLOURS[expected]
    assert set(sight["verdict"][:5]) == {"clear"} and set(sight["verdict"][10:]) == {"blocked"}


def test_board_draws_once_from_its_sources():
    board = sp.SimplePlasticBoard()
    game = explorer.new_game("simple_plastic", "sniper_duel", seed=1)
    sources = make_sources(board.layers(game))
    layout = board.draw(sources)
    fig = layout.select_one({"name": board.name})
    assert {r.name for r in fig.renderers} >= {"terrain", "rings", "sight", "figures", "fallen"}
    # the whole table is shown, at true scale: the ranges fit the table and keep an inch square
    (table,) = [r for r in fig.renderers if r.name == "table"]
    table_data = table.data_source.data  # from the board's "table" layer, so live play may change the table
    assert (table_data["right"], table_data["top"]) == ([game.table.width], [game.table.height])
    assert table.data_source is sources["table"]
    assert fig.x_range.renderers == fig.y_range.renderers == [table]
    assert fig.match_aspect and fig.aspect_scale == 1 and fig.sizing_mode == "scale_width"
    assert layout.select_one({"name": f"{board.name}-legend"}) is not None  # a legend below the table


def test_rings_are_round_in_inches_and_only_figures_have_tooltips():
    board = sp.SimplePlasticBoard()
    game = explorer.new_game("simple_plastic", "skirmish", seed=1)
    sources = make_sources(board.layers(game))
    fig = board.figure(sources)
    (rings,) = [r for r in fig.renderers if r.name == "rings"]
    assert (rings.glyph.width, rings.glyph.height) == ("diameter", "diameter")  # data units both ways
    assert (rings.glyph.width_units, rings.glyph.height_units) == ("data", "data")
    data = sources["rings"].data
    assert data["diameter"] == [2 * r for r in data["radius"]]
    hovered = [r.name for tool in fig.select({"type": sp.HoverTool}) for r in tool.renderers]
    assert hovered == ["figures"]
    # the one tooltip says what the ring and the ground would have said
    figures = sources["figures"].data
    ringed = data["label"][0].split(":")[0]
    assert figures["move"][figures["id"].index(ringed)] == data["label"][0].split(": ", 1)[1]
    assert all(figures["ground"])


def test_board_colours_are_the_sides_names_and_sight_lines_differ_without_colour():
    from boards.palette import contrast, relative_luminance

    green, tan = SIDE_COLOURS["green"], SIDE_COLOURS["tan"]
    r, g, b = (int(green[i:i + 2], 16) for i in (1, 3, 5))
    assert g > r and g > b  # green is green
    r, g, b = (int(tan[i:i + 2], 16) for i in (1, 3, 5))
    assert r > g > b and r - b < 110  # tan: a light, unsaturated brownish yellow
    assert contrast(green, tan) >= 3  # one dark, one light: distinct under any colour-vision deficiency
    assert len(set(tb.SIGHT_DASH.values())) == 3  # solid, dashed, dotted
    assert all(abs(relative_luminance(c) - relative_luminance(tan)) > 0.2 for c in SIGHT_COLOURS.values())


# -- the odds explorers ------------------------------------------------------------------------

@pytest.fixture(scope="module")
def entries():
    return sp.odds_entries()


def test_odds_table_covers_every_combination_with_the_engines_numbers(entries):
    assert len(entries) == 3 * 3 * 2 * 3 * 2 * 2 * 5
    for key in ["trooper|trooper|0|level|0|0|1", "heavy|sniper|1|uphill|1|1|1", "sniper|heavy|0|downhill|1|0|3"]:
        c = entries[key]["conditions"]
        board = examples.duel_board(**c)
        assert entries[key]["to_kill"] == to_kill(board, "a", "t")
        assert entries[key]["kills"] == kill_distribution(board, "a", "t")


def test_odds_table_against_independent_arithmetic(entries):
    # a trooper that did not move: 4 - 1 = 3+, kills with 4 faces of 6
    plain = entries["trooper|trooper|0|level|0|0|5"]
    assert plain["need"] == 3 and plain["kills"].pmf() == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    # heavy weapons that did not move at a squad of five: 4 - 1 - 1 = 2+, four dice, each kill counts
    heavy = entries["heavy|trooper|0|level|0|0|5"]
    assert heavy["need"] == 2 and heavy["kills"] == successes(4, Fraction(5, 6))
    # a sniper that did not move shooting downhill: 4 - 3 = 1, but a 1 never kills: 2+, twice
    sniper = entries["sniper|trooper|0|downhill|0|0|5"]
    assert sniper["need"] == 2 and sniper["kills"] == successes(2, Fraction(5, 6))
    # a moved trooper uphill at a sniper behind a hedge: 7, too well protected
    assert entries["trooper|sniper|1|uphill|1|0|1"]["need"] is None
    assert entries["sniper|trooper|1|level|0|0|1"]["kills"] == Dist.constant(0)  # a sniper that moved


def test_odds_explorer_ships_the_same_numbers(entries):
    layout = sp.odds_explorer()
    (update,) = {cb for w in layout.select({"type": sp.RadioButtonGroup}) for cb in w.js_property_callbacks["change:active"]}
    table = unpacked(update.args["table"])
    assert table.keys() == entries.keys()
    for key, entry in entries.items():
        assert table[key]["p"] == pytest.approx([float(entry["kills"].probability(k)) for k in range(sp.MAX_KILLS + 1)],
                                                abs=1e-5)
        shown = "".join(update.args["reasons"][i] for i in table[key]["why"])
        for reason in entry["to_kill"].reasons:
            assert sp.rule_href(reason.ref.key) in shown


def test_pick_explorer_has_every_pair_with_sight_and_odds():
    fight = examples.firefight()
    layout = sp.pick_explorer(fight)
    select = layout.select_one({"name": "sp-pick-attacker"})
    (update,) = select.js_property_callbacks["change:value"]
    table = unpacked(update.args["table"])
    greens, tans = [f.id for f in in_play(fight, "green")], [f.id for f in in_play(fight, "tan")]
    assert len(table) == 2 * len(greens) * len(tans)
    entry = table["t-sniper>g5"]
    assert fight.to_kill("t-sniper", "g5").value == 2 and "Needs <b>2+</b>" in entry["head"]
    assert entry["p"][:3] == pytest.approx([float(fight.kill_distribution("t-sniper", "g5").probability(k))
                                            for k in range(3)], abs=1e-5)
    assert table["g1>t-sniper"]["sight"]["verdict"] == ["blocked"] * 5


# -- the replay -----------------------------------------------------------------------------------

def test_replay_frames_follow_the_recorded_game(recorded):
    from widgets.replay import replay_frames

    board = sp.SimplePlasticBoard()
    frames = replay_frames(board, recorded)
    assert len(frames) == len(recorded.history) + 1
    assert [turn.action for turn, _, _ in frames[1:]] == [t.action for t in recorded.history]
    assert frames[-1][2] == board.layers(recorded)  # the last frame is the final position
    start = explorer.new_game("simple_plastic", "skirmish", seed=1)
    assert frames[0][2]["figures"] == board.layers(start)["figures"]
    assert all(words and "Move" not in words for _, words, _ in frames[1:])  # the engine's words, not reprs
    # after every attack, its line of sight is drawn
    for turn, _, layers in frames[1:]:
        assert bool(layers["sight"]["xs"]) == isinstance(turn.action, Attack)


def test_recorded_game_is_reproducible_and_finished(recorded):
    again = sp.recorded_game("skirmish", seed=1, bot_seeds=(1, 2))
    assert recorded.is_over and again.outcome == recorded.outcome
    assert [t.action for t in again.history] == [t.action for t in recorded.history]


def test_replay_widget_has_a_frame_and_caption_per_step(recorded):
    layout = sp.replay_explorer(recorded)
    slider = layout.select_one({"name": "replay-slider"})
    (callback,) = slider.js_property_callbacks["change:value"]
    assert slider.end == len(recorded.history)
    frames = unpacked(callback.args["frames"])
    assert len(frames["layers"]) == len(frames["captions"]) == len(recorded.history) + 1
    # shown in JupyterLab (no site build): the chapter's page, in a new tab (tests/test_widgets_live.py: the site's)
    assert 'attacking.md#simple-plastic-attacking-to-kill" title="simple_plastic:attacking.to_kill" target="_blank"' in (
        "".join(frames["captions"]))


# -- live play --------------------------------------------------------------------------------

@pytest.fixture
def live():
    return sp.SimplePlasticLive(human="green", bot_seed=1)


def test_live_play_offers_only_legal_actions(live):
    offered = [action for _, action in live.live.actions.options]
    assert offered and all(a in live.state.legal_actions for a in offered)
    assert offered == list(live.state.legal_actions)


def test_live_play_applies_a_legal_action_and_the_bot_answers(live):
    live.play(EndPhase("green"))
    live.play(EndPhase("green"))  # green's turn is over: the bot plays tan's whole turn
    assert live.state.current_player == "green" and live.state.round == 2
    assert "Bot:" in live.live.log.value


def test_live_play_refuses_an_illegal_attack_with_the_rule_and_changes_nothing(live):
    before = live.state.to_dict()
    live.try_attack("g1", "t1")  # still the move phase
    # simple mode (Lab's first): the rule one tap away as "why?", its key not shown (not even as the link's title)
    assert "Not allowed" in live.message and 'title="Turns"' in live.message and ">why?</a>" in live.message
    assert "simple_plastic:turn" not in live.message
    assert live.state.to_dict() == before
    live.live.simple.value = False  # the engine's words: the rule's key too
    live.try_attack("g1", "t1")
    assert "Not allowed" in live.message and "simple_plastic:turn" in live.message
    live.play(EndPhase("green"))
    before = live.state.to_dict()
    live.try_attack("g1", "t-sniper")  # out of sight behind the farmhouse
    assert "simple_plastic:attacking.line_of_sight" in live.message
    assert live.state.to_dict() == before


def test_live_play_refuses_a_move_too_far_and_undo_takes_back_a_move(live):
    before = live.state.to_dict()
    live.try_move("g1", "E", 6.0)
    assert "may move up to 4 inches" in live.message and live.state.to_dict() == before
    live.try_move("g1", "E", 4.0)
    assert live.state.figures["g1"].position == (9.0, 15.0) and live.state.history
    live.undo()
    assert live.state.to_dict() == before and not live.state.history


def test_live_widget_has_no_live_only_note_in_jupyterlab(live):
    """The "needs Python, run make lab" note is for the site: inside JupyterLab the control simply plays."""
    widget = live.widget()
    games = [c for c in widget.children if isinstance(c, ipw.HBox)]  # banner, curtain, the game, the restart notice
    assert isinstance(widget, ipw.VBox) and len(games) == 1
    assert "live-only" not in "".join(c.value for c in _all(widget) if isinstance(c, ipw.HTML))


def _all(widget):
    yield widget
    for child in getattr(widget, "children", ()):
        yield from _all(child)


# -- honest pages: the headline agrees with the odds, every control matters, text alternatives ---------

def _plain(html_text: str) -> str:
    import re

    return re.sub(r"<[^>]+>", "", html_text)


def test_pick_headline_names_the_figure_the_attack_falls_on_and_agrees_with_the_odds():
    import re

    fight = examples.firefight()
    layout = sp.pick_explorer(fight)
    table = unpacked(layout.select_one({"name": "sp-pick-attacker"}).js_property_callbacks["change:value"][0].args["table"])
    assert table  # every precomputed entry:
    for key, entry in table.items():
        a, t = key.split(">")
        head = _plain(entry["head"])
        kill = 1 - entry["p"][0]
        falls = re.search(r"the attack falls(?: first)? on (\S+?)[,.]", head)
        if "Cannot attack" in head:
            assert kill == 0 and fight.to_kill(a, t).value is None
            continue
        assert falls, head  # the odds are about a named figure...
        victim = falls.group(1)
        assert fight.line_of_sight(a, victim).sight.value != "blocked"  # ...that the attacker can see
        if victim != t:
            assert f"closest member of squad {fight.figures[victim].squad} in sight" in head
        if fight.line_of_sight(a, t).sight.value == "blocked":
            assert f"{t} is out of sight" in head and victim != t
        assert kill > 0
    head = _plain(table["t-sniper>g1"]["head"])
    assert "g1 is out of sight" in head and "the attack falls first on g5" in head and "97.2%" in head


def test_odds_explorer_names_the_target_and_every_control_changes_the_text_or_is_off(entries):
    layout = sp.odds_explorer()
    (update,) = {cb for w in layout.select({"type": sp.RadioButtonGroup}) for cb in w.js_property_callbacks["change:active"]}
    table = unpacked(update.args["table"])
    shown = {key: (e["head"], tuple(e["why"]), tuple(e["p"])) for key, e in table.items()}
    # the two target buttons that used to read the same now name the target
    assert "heavy weapons" in table["trooper|heavy|0|level|0|0|5"]["head"].lower()
    assert "sniper" in table["trooper|sniper|0|level|0|0|5"]["head"].lower()
    fields = ["attacker", "target", "moved", "height", "cover", "vehicle", "squad_size"]
    for index, field in enumerate(fields):
        changed = False
        for key in table:
            parts = key.split("|")
            for other in {k.split("|")[index] for k in table}:
                alt = "|".join(parts[:index] + [other] + parts[index + 1:])
                if shown[alt] != shown[key]:
                    changed = True
                    break
            if changed:
                break
        assert changed, f"the {field} control never changes what is shown"
    # squad size: switched off exactly where it cannot change the kills, with a note saying why
    for key, entry in table.items():
        sizes = {k: shown[k][2] for k in table if k.rsplit("|", 1)[0] == key.rsplit("|", 1)[0]}
        if entry["size_on"]:
            assert len(set(sizes.values())) > 1 and "figures a turn" in entry["size_note"]
        else:
            assert len(set(sizes.values())) == 1 and entry["size_note"].startswith("(off:")
    assert not table["trooper|trooper|0|level|0|0|5"]["size_on"]
    assert table["heavy|trooper|0|level|0|0|5"]["size_on"] and table["sniper|trooper|0|level|0|0|5"]["size_on"]
    assert layout.select_one({"name": "sp-odds-size"}).disabled  # the default attacker is a trooper
    assert update.args["size_note"].name == "sp-odds-size-note"


def test_every_board_and_chart_has_a_text_alternative():
    fight = examples.firefight()
    board = sp.board_figure(fight, rings=None, last_attack=False, sights=[("g5", "t3")])
    words = _plain(board.select_one({"name": "sp-board-alt"}).text)
    assert words.startswith("Tabletop 48 by 36 inches") and "farmhouse" in words
    assert "squad alpha (5): g1 heavy weapons at (24, 8)" in words and "t-sniper sniper at (38, 28)" in words
    assert "g5 to t3: partial" in words
    pick = sp.pick_explorer(fight)
    for name in ("sp-pick-board-alt", "sp-pick-chart-alt"):
        assert pick.select_one({"name": name}).css_classes == ["tsr-alt"]
    odds = sp.odds_explorer()
    assert "0 killed 33.3%, 1 killed 66.7%" in odds.select_one({"name": "sp-odds-chart-alt"}).text
    replay = sp.replay_explorer(sp.recorded_game("skirmish", seed=1, bot_seeds=(1, 2)))
    assert replay.select_one({"name": "sp-replay-board-alt"}) is not None


@pytest.mark.skipif(__import__("shutil").which("node") is None, reason="node is not installed")
def test_board_words_in_the_browser_are_the_pythons(recorded):
    """The JS that rewrites a board's text alternative (replays, picks, live play) says what Python says."""
    import json
    import subprocess

    from widgets.replay import replay_frames

    board = sp.SimplePlasticBoard()
    frames = [layers for _, _, layers in replay_frames(board, recorded)][::25]
    script = (tb.BOARD_WORDS_JS + f"\nconst size = {json.dumps(list(board.size))}; const kinds = "
              f"{json.dumps(tb.KIND_WORDS)};\nconst frames = {json.dumps(frames)};\n"
              "console.log(JSON.stringify(frames.map(words)));")
    out = subprocess.run(["node", "-e", script], capture_output=True, text=True, check=True).stdout
    assert json.loads(out) == [tb.board_words(layers, board.size) for layers in frames]
