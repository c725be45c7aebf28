"""Army-men widgets: the board shows the state (range rings, cohesion, prone figures, blasts), the explorers
show the engine's exact numbers, the army builder the engine's checks, the replay follows the recorded game,
live play applies only what the rules allow."""

import json
import re
from fractions import Fraction

import pytest

import explorer
from boards.army_men import MARKERS, RING_COLOURS, live_board
from boards.live import live_layers
from explorer.rulesets.army_men import EndTurn, Settings, Shoot, examples, need_to_hit
from explorer.rulesets.army_men.army import army_points, army_problems
from explorer.rulesets.army_men.standard import area_distribution
from widgets import army_men as am
from widgets.board import make_sources
from widgets.packing import unpacked
from boards.palette import SIDE_COLOURS


@pytest.fixture(scope="module")
def recorded():
    return am.recorded_game("standard", seed=1, bot_seeds=(1, 2))


def _plain(text: str) -> str:
    return re.sub(r"<[^>]+>", "", text)


# -- the board ------------------------------------------------------------------------------------

def test_board_layers_show_troopers_where_they_stand_marked_by_kind_and_side():
    game = explorer.new_game("army_men", "standard", seed=1)
    layers = am.ArmyMenBoard().layers(game)
    figures = layers["figures"]
    assert figures["id"] == list(game.figures)
    for i, f in enumerate(game.figures.values()):
        assert (figures["x"][i], figures["y"][i]) == (f.x, f.y)
        assert figures["colour"][i] == SIDE_COLOURS[f.side] and figures["marker"][i] == MARKERS[f.kind]
    assert len(set(MARKERS.values())) == len(MARKERS)  # every kind its own shape
    assert layers["prone"]["id"] == [f.id for f in game.figures.values() if f.prone] == ["t5"]
    for layer in layers.values():
        assert len({len(column) for column in layer.values()}) == 1


def test_cohesion_links_join_squad_mates_within_4_inches_and_a_cut_off_trooper_is_ringed():
    apart = examples.board(examples.trooper("g1", 8, 10), examples.trooper("g2", 8, 13),
                           examples.trooper("t1", 36, 10), examples.trooper("t2", 40, 22))
    layers = am.ArmyMenBoard().layers(apart)
    assert [label.split(":")[0] for label in layers["links"]["label"]] == ["g1 and g2"]
    rings = layers["rings"]
    cut = [label for label in rings["label"] if "out of cohesion" in label]
    assert sorted(label.split(":")[0] for label in cut) == ["t1", "t2"]
    assert set(rings["colour"]) == {RING_COLOURS["cohesion"]} and set(rings["radius"]) == {4.0}
    assert am.ArmyMenBoard(cohesion=False).layers(apart)["links"]["xs"] == []


def test_range_rings_are_the_engines_range_and_half_range_of_the_last_actor():
    duel = examples.cover_duel()
    layers = am.ArmyMenBoard(ranges=["g4"]).layers(duel)
    ring = dict(zip(layers["rings"]["label"], layers["rings"]["radius"]))
    assert ring["g4: range 40 inches (Regular soldier: range 20 inches; prone: double range, 40 inches)"] == 40
    assert ring["g4: half range 20 inches"] == 20
    duel.apply(Shoot("green", "g2", "t2"), dice=[1])
    after = am.ArmyMenBoard().layers(duel)
    assert [r for r in after["rings"]["label"] if "range" in r][0].startswith("g2: range 20")
    assert len(after["sight"]["xs"]) == 5 and "g2 to t2" in after["sight"]["label"][0]


def test_an_area_shot_draws_its_blast_and_the_dead_are_crosses():
    blast = examples.blast()
    blast.apply(Shoot("green", "g1", "t1"), dice=[2, 6, 1, 4])
    layers = am.ArmyMenBoard().layers(blast)
    rings = dict(zip(layers["rings"]["label"], zip(layers["rings"]["radius"], layers["rings"]["colour"])))
    (blast_ring,) = [v for k, v in rings.items() if k.startswith("blast")]
    assert blast_ring == (6.0, RING_COLOURS["blast"])
    assert layers["fallen"]["id"] == ["t1"] and "t1" not in layers["figures"]["id"]


def test_the_board_draws_links_and_prone_bars_under_the_figures():
    board = am.ArmyMenBoard()
    game = explorer.new_game("army_men", "standard", seed=1)
    layout = board.draw(make_sources(board.layers(game)))
    fig = layout.select_one({"name": board.name})
    names = [r.name for r in fig.renderers]
    assert names.index("links") < names.index("figures") and names.index("prone") < names.index("figures")
    assert fig.match_aspect and fig.sizing_mode == "scale_width"
    legend = layout.select_one({"name": f"{board.name}-legend"}).text
    assert "prone" in legend and "half range" in legend and "submachine gunner" in legend
    words = _plain(layout.select_one({"name": f"{board.name}-alt"}).text)
    assert words.startswith("Tabletop 48 by 36 inches") and "g8 mortar / bazooka / rpg at (6, 22)" in words


def test_live_play_in_the_page_draws_the_same_layers():
    game = explorer.new_game("army_men", "capture_the_flag", seed=1)
    assert live_layers("army_men", "green")(game) == am.ArmyMenBoard().layers(game) == live_board("tan").layers(game)
    flag = [label for label in live_board("green").layers(game)["rings"]["label"] if "flag" in label]
    assert flag[0] == "the flag" and len(flag) == 3


# -- the shot explorer -------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def shots():
    return am.shot_entries()


def test_shot_table_is_the_engines_need_and_odds_for_every_combination(shots):
    assert len(shots) == 2 * 3 * 2 * 2 ** 4 * 3
    flags = {"cover": False, "moved": True, "shooter_cut_off": False, "target_cut_off": False}
    page = shots[am.shot_key("tutorial", 1, False, flags, "penalty")]  # the page's own example: a 5 misses
    assert page["need"].value == 6 and page["chance"].value == Fraction(1, 6)
    safe = shots[am.shot_key("standard", 3, False, {**flags, "cover": True}, "penalty")]
    assert safe["need"].value is None and safe["p"] == [0, 0, 0]
    smg = shots[am.shot_key("standard", 3, True, {**flags, "moved": False}, "penalty")]
    assert smg["p"] == [Fraction(1, 3), 1 - Fraction(2, 3) ** 2, 1 - Fraction(2, 3) ** 3]
    assert smg["need"] == need_to_hit(Settings(variant="standard"), within_half=True)


def test_a_ticked_condition_that_changes_nothing_says_so(shots):
    flags = {"cover": True, "moved": True, "shooter_cut_off": True, "target_cut_off": True}
    tutorial = shots[am.shot_key("tutorial", 1, True, flags, "penalty")]
    assert "Target in cover (more than half hidden)" in tutorial["idle"]  # cover is a standard rule
    assert "Target moved in its last turn" not in tutorial["idle"]
    standard = shots[am.shot_key("standard", 1, True, flags, "penalty")]
    assert "Target moved in its last turn" in standard["idle"] and "Target out of cohesion" in standard["idle"]


def test_shot_explorer_ships_the_same_numbers_with_rule_links(shots):
    layout = am.shot_explorer()
    update = layout.select_one({"name": "am-shot-variant"}).js_property_callbacks["change:active"][0]
    table = unpacked(update.args["table"])
    assert table.keys() == shots.keys()
    for key, entry in shots.items():
        assert table[key]["p"] == pytest.approx([float(x) for x in entry["p"]], abs=1e-5)
        shown = "".join(update.args["reasons"][i] for i in table[key]["why"])
        for reason in entry["chance"].reasons:
            assert am.rule_href(reason.ref.key) in shown
    start = layout.select_one({"name": "am-shot-text"}).text
    assert "needs <b>6+</b>" in start and "shooting.md#army-men-shooting-moving-target" in start


# -- the area explorer ----------------------------------------------------------------------------------

def test_area_explorer_is_the_engines_exact_distribution():
    layout = am.area_explorer()
    update = layout.select_one({"name": "am-area-enemies"}).js_property_callbacks["change:value"][0]
    table = unpacked(update.args["table"])
    assert len(table) == am.MAX_ENEMIES * (am.MAX_FRIENDS + 1)
    assert table["1|0"]["p"][:2] == pytest.approx([5 / 6, 1 / 6], abs=1e-5)
    assert table["3|1"]["p"] == pytest.approx([float(area_distribution(3).probability(k))
                                               for k in range(am.MAX_ENEMIES + 1)], abs=1e-5)
    assert "no friend hurt <b>83.3%</b>" in table["3|1"]["head"] and "standard.md#army-men-standard-area-effect" \
        in table["3|1"]["head"]
    assert "friend" not in table["3|0"]["head"]


# -- the army builder --------------------------------------------------------------------------------------

def _builder(layout):
    update = layout.select_one({"name": "am-army-budget"}).js_property_callbacks["change:active"][0]
    return json.loads(update.args["entries"]), update.args["over"], update.args["texts"]


def _at(counts: dict) -> int:
    at = 0
    for kind, high in am.BUILDER_MAX.items():
        at = at * (high + 1) + counts.get(kind, 0)
    return at


@pytest.mark.parametrize("counts", [
    {"sargent": 1, "regular": 4}, {"sargent": 2, "regular": 9}, {"regular": 11}, {"regular": 3},
    {"regular": 5, "submachine_gunner": 2, "grenadier": 1}, {"sargent": 1, "regular": 8, "heavy_weapon": 2},
])
def test_the_builder_holds_the_engines_points_and_every_problem(counts):
    entries, over, texts = _builder(am.army_builder())
    assert len(entries) == _at(dict(am.BUILDER_MAX)) + 1
    points, priced, problems = entries[_at(counts)]
    kinds = [k for k in am.BUILDER_MAX for _ in range(counts.get(k, 0))]
    assert points == army_points({"alpha": kinds}).value
    expected = army_problems({"alpha": kinds})
    assert [texts[i] for i in problems] == [am.refusal(p) for p in expected]
    assert all('href="army.md#army-men-standard-' in texts[i] for i in problems + priced)
    for budget in (100, 150, 200):
        shown = problems + over.get(f"{points}|{budget}", [])
        assert [texts[i] for i in shown] == [am.refusal(p) for p in army_problems({"alpha": kinds}, points=budget)]


def test_the_builder_starts_with_the_engines_words():
    layout = am.army_builder({"sargent": 1, "regular": 5, "submachine_gunner": 1}, budget=100)
    text = layout.select_one({"name": "am-army-text"}).text
    assert text == am.builder_words({"sargent": 1, "regular": 5, "submachine_gunner": 1}, 100)
    assert "7 troopers, 90 points" in text and "A legal squad" in text
    refused = am.builder_words({"sargent": 2, "regular": 9}, 100)
    assert "Refused" in refused and "2 sargents" in refused and "130 points, more than the 100" in refused


# -- the replay ------------------------------------------------------------------------------------------------

def test_replay_frames_follow_the_recorded_game(recorded):
    from widgets.replay import replay_frames

    board = am.ArmyMenBoard()
    frames = replay_frames(board, recorded)
    assert len(frames) == len(recorded.history) + 1
    assert frames[-1][2] == board.layers(recorded)
    for turn, words, layers in frames[1:]:
        assert words and "player=" not in words
        assert bool(layers["sight"]["xs"]) == isinstance(turn.action, Shoot)


def test_recorded_game_is_reproducible_and_finished(recorded):
    again = am.recorded_game("standard", seed=1, bot_seeds=(1, 2))
    assert recorded.is_over and again.outcome == recorded.outcome
    assert [t.action for t in again.history] == [t.action for t in recorded.history]


def test_replay_widget_has_a_frame_and_caption_per_step(recorded):
    layout = am.replay_explorer(recorded)
    slider = layout.select_one({"name": "replay-slider"})
    frames = unpacked(slider.js_property_callbacks["change:value"][0].args["frames"])
    assert slider.end == len(recorded.history)
    assert len(frames["layers"]) == len(frames["captions"]) == len(recorded.history) + 1
    assert "shooting.md#army-men-shooting" in "".join(frames["captions"])


# -- live play ----------------------------------------------------------------------------------------------

@pytest.fixture
def live():
    return am.ArmyMenLive(human="green", bot_seed=1)


def test_live_play_offers_only_legal_actions(live):
    offered = [action for _, action in live.live.actions.options]
    assert offered == list(live.state.legal_actions)


def test_live_play_refuses_with_the_rule_and_changes_nothing(live):
    before = live.state.to_json()
    live.try_shot("g1", "g2")
    assert "Not allowed" in live.message and "shooting.md#army-men-shooting" in live.message
    live.try_move("g1", "E", 9.0)
    assert "may move 6 inches" in live.message
    assert live.state.to_json() == before


def test_live_play_a_move_then_the_bot_answers_and_undo(live):
    before = live.state.to_json()
    live.try_move("g2", "E", 2.0)
    assert live.state.figures["g2"].moved
    live.play(EndTurn("green"))
    assert live.state.side == "green" and live.state.round == 2 and "Bot:" in live.live.log.value
    live.undo()
    live.undo()
    assert live.state.to_json() == before


def test_live_widget_is_labelled_live_only_on_the_site_and_plays_the_same_game_in_the_page(live, monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    page_html = live.widget()._repr_html_()
    assert "live-only" in page_html and 'data-ruleset="army_men"' in page_html and "capture_the_flag" in page_html
    config = live.live.session.config()
    assert (config["ruleset"], config["scenario"], config["human"]) == ("army_men", "standard", "green")
    page = explorer.new_game("army_men", config["scenario"], seed=config["seed"])
    assert page.to_json() == explorer.new_game("army_men", "standard", seed=3).to_json()


def test_the_builder_chart_is_the_squads_cost_against_the_points_agreed():
    layout = am.army_builder({"sargent": 2, "regular": 9, "submachine_gunner": 0}, budget=100)
    bar = layout.select_one({"name": "am-army-chart"}).renderers[0].data_source.data
    assert bar["points"] == [130] and bar["colour"] == [am.OKABE_ITO["vermillion"]]  # refused: red
    assert layout.select_one({"name": "am-army-limit"}).location == 100
    assert max(e[0] for e in am.builder_entries()[0]) < am.POINTS_AXIS
    assert "costs 130 points, against the 100 agreed" in layout.select_one({"name": "am-army-chart-alt"}).text


def test_the_army_sheet_in_jupyterlab_reprices_on_a_change_saves_and_plays_below():
    from widgets.army_men_builder import ArmySheet

    sheet = ArmySheet()
    sheet.counts["regular-alpha"].value = 9  # the kernel's builder hears the change
    assert "squad alpha has 11 troopers" in sheet.summary.value
    assert 'target="_blank"' in sheet.summary.value  # a rule link opens a new tab in Lab
    sheet.side.value = "tan"
    assert sheet.counts["grenadier-bravo"].value == 1 and sheet.counts["regular-alpha"].value == 0
    assert sheet.builder.armies["green"]["alpha"].count("regular") == 9  # kept while tan is shown
    sheet.save_button.click()
    assert "army-men-armies.json" in sheet.download.value
    sheet.start_button.click()
    assert "No game yet" in sheet.message.value and not sheet.game.outputs
    sheet.side.value = "green"
    sheet.counts["regular-alpha"].value = 5
    sheet.start_button.click()
    assert "The game is set up" in sheet.message.value


def test_every_count_of_the_army_sheet_is_named_for_screen_readers():
    from widgets.army_men_builder import ArmySheet
    from widgets.snapshot import snapshot_html

    sheet = ArmySheet()
    page = snapshot_html(sheet.widget())
    fields = re.findall(r'<input type="number"[^>]*>', page)
    assert len(fields) == len(sheet.counts) == 18
    assert all(re.search(r' aria-label="[^"]+"', field) for field in fields)
    assert 'data-name="grenadier-bravo" aria-label="Grenadier (30 points), squad Bravo"' in page


def test_the_builders_spinners_and_a_replays_slider_are_named_once_drawn(recorded):
    from bokeh.models import Slider, Spinner

    for layout, kind in [(am.army_builder(), Spinner), (am.replay_explorer(recorded), Slider)]:
        [callback] = layout.document.callbacks.js_event_callbacks["document_ready"]
        assert callback.args[{Spinner: "spinners", Slider: "sliders"}[kind]] == list(layout.select({"type": kind}))
        assert "aria-" in callback.code
