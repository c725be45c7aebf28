"""One tabletop board family: the layers loop written once (boards.tabletop.TabletopLayers), each ruleset a small
look; any tabletop state drawn in its ruleset's look; cross-ruleset pages reading the registry."""

from pathlib import Path

import pytest

import explorer
from boards import family
from boards.tabletop import FALLEN_COLUMNS, LINK_COLUMNS, SquadLinksLayers, TabletopLayers
from widgets import army_men as am
from widgets import one_brain_cell as obc
from widgets import tabletop_board as tb
from widgets.board import make_sources

EVERY_LOOK = {"table", "terrain", "rings", "sight", "figures", "fallen", "ruler"}


class PaintLayers(TabletopLayers):
    """A sixth tabletop ruleset's whole look, as the README shows it: markers and a tooltip word."""

    markers = {"trooper": "hex", "heavy": "square"}
    legend_kinds = ("trooper",)

    def __init__(self, *, title="", name="paint-board"):
        self.title, self.name, self.size = title, name, (48.0, 36.0)

    def on_table(self, figure):
        return figure.alive

    def squad_of(self, figure):
        return figure.squad or "alone"

    def profile(self, state, figure):
        return f"painted {figure.kind}"


class LyingLayers(SquadLinksLayers, PaintLayers):
    """A look with squads whose every figure lies down ("down" is the look's to say)."""

    def down(self, figure):
        return True


@pytest.fixture(scope="module")
def state():
    return explorer.new_game("simple_plastic", "skirmish", seed=1)


def test_a_new_look_gives_only_its_hooks_and_gets_every_layer(state):
    layers = PaintLayers().layers(state)
    assert set(layers) == EVERY_LOOK
    figures = layers["figures"]
    assert figures["id"] == [f.id for f in state.figures.values()]
    assert dict(zip(figures["kind"], figures["marker"])) == {"trooper": "hex", "heavy": "square", "sniper": "diamond"}
    assert set(figures["profile"]) == {"painted trooper", "painted heavy", "painted sniper"}
    assert "alone" in figures["squad"] and figures["move"] == ["-"] * len(figures["id"])  # no move said: "-"
    assert layers["rings"]["x"] == [] and layers["sight"]["xs"] == []


def test_a_look_with_squads_adds_links_and_a_bar_under_each_figure_it_says_is_down(state):
    layers = LyingLayers().layers(state)
    assert set(layers) == EVERY_LOOK | {"links", "prone"}
    assert set(layers["links"]) == set(LINK_COLUMNS) and set(layers["prone"]) == set(FALLEN_COLUMNS)
    assert layers["prone"]["id"] == layers["figures"]["id"]


def test_the_drawing_puts_links_and_bars_under_the_fallen_and_the_figures_and_reads_the_look_s_legend(state):
    board = tb.board_class(LyingLayers)()
    fig = board.figure(make_sources(board.layers(state)))
    names = [r.name for r in fig.renderers]
    assert names.index("links") < names.index("prone") < names.index("fallen") < names.index("figures")
    legend = board.legend().text
    assert "painted" not in legend and "lying down" in legend and "within 4 inches of a squad mate" in legend
    assert ">trooper<" in legend and ">heavy weapons<" not in legend  # only the look's legend kinds


def test_plain_looks_draw_no_links(state):
    board = tb.board_class(PaintLayers)()
    names = [r.name for r in board.figure(make_sources(board.layers(state))).renderers]
    assert "links" not in names and "prone" not in names


@pytest.mark.parametrize("ruleset, scenario", [(name, family.look(name).STUDY.scenario)  # (the toy's too)
                                               for name in family.rulesets("tabletop")])
def test_any_tabletop_state_is_drawn_in_its_ruleset_s_look(ruleset, scenario):
    game = explorer.new_game(ruleset, scenario, seed=1)
    board = tb.board_class(family.look(ruleset).LOOK)()
    layout = tb.board_figure(game)
    assert layout.children[0].name == board.name
    assert layout.children[2].text == board.legend().text


def test_1bc_s_board_is_its_own_look_not_army_men_s():
    assert not issubclass(obc.OneBrainCellBoard, am.ArmyMenBoard)
    source = Path(obc.__file__).read_text()
    assert ".army_men" not in source and "army_men" not in source.split('"""', 2)[2]


def test_rulesets_come_from_the_registry_in_either_order():
    import importlib.util

    from toy_ruleset import RULESET as TOY

    drawn = family.rulesets()
    # every registered ruleset with a board module (a tiny one a test registers without a board is left out)
    assert set(drawn) == {n for n in explorer.all_rulesets() if importlib.util.find_spec(f"boards.{n}")}
    assert TOY.name in drawn  # the test run's sixth ruleset joins by its board module alone
    for order, rank in family.ORDERS.items():  # each order is its board modules' own numbers, one place each
        ranks = [getattr(family.look(n), rank) for n in family.rulesets(order=order)]
        assert ranks == sorted(set(ranks)), order
    for kind in family.FAMILIES:
        assert family.rulesets(kind) == tuple(n for n in drawn if family.look(n).FAMILY == kind)
    with pytest.raises(ValueError, match="unknown order of rulesets 'alphabet'; the orders are chapter, simplest"):
        family.rulesets(order="alphabet")
