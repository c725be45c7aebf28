"""The tabletop drawn as toys (issue 35 items 2 and 3): a toy soldier's silhouette per kind of unit in the side's
colour, lying down when fallen, at least 24 CSS px across on screen whatever the table's scale; terrain drawn by
what it is."""

from __future__ import annotations

import math
from xml.etree import ElementTree

import pytest
from bokeh.models import GlyphRenderer, ImageURL

from boards import family
from boards.palette import side_colour
from boards.tabletop import RULER_ASIDE, terrain_layer
from boards.toys import FIGURE_PX, LYING, SHAPES, silhouette_of, sprite, terrain_look
from explorer.core.registry import get_ruleset
from explorer.core.tabletop import Terrain
from explorer.core.tabletop.measure import BASE_DIAMETER
from widgets.board import make_sources
from widgets.tabletop_board import board_class

TABLETOPS = ("army_men", "one_brain_cell", "simple_plastic")
PHONE_TABLE_PX = 390 - 2 * 8  # a phone's width less the page's margins: the widest a 48-inch table is drawn there


def kinds_of(ruleset: str) -> list[str]:
    return list(family.look(ruleset).FIGURE_WORDS)


@pytest.mark.parametrize("ruleset", TABLETOPS)
def test_each_kind_of_unit_has_its_own_silhouette(ruleset):
    kinds = kinds_of(ruleset)
    shapes = [silhouette_of(k) for k in kinds]
    assert all(shape in SHAPES for shape in shapes)
    assert len(set(shapes)) == len(kinds), dict(zip(kinds, shapes))  # no two kinds drawn alike


def test_a_sprite_is_an_svg_in_the_sides_colour():
    url = sprite("sniper", "#1E4D1F")
    assert url.startswith("data:image/svg+xml,") and "#" not in url  # '#' would end a data: URL
    svg = ElementTree.fromstring(url.removeprefix("data:image/svg+xml,").replace("%23", "#"))
    fills = {e.get("fill") for e in svg.iter() if e.get("fill")}
    assert "#1E4D1F" in fills and sprite("sniper", "#D2B48C") != url


def drawn_board(ruleset):
    state = get_ruleset(ruleset).new_game(next(iter(get_ruleset(ruleset).scenarios)))
    board = board_class(family.look(ruleset).LOOK)()
    layers = board.layers(state)
    return state, layers, board.figure(make_sources(layers))


def image(fig, name) -> ImageURL:
    (renderer,) = [r for r in fig.select({"type": GlyphRenderer}) if r.name == name]
    assert isinstance(renderer.glyph, ImageURL)
    return renderer.glyph


@pytest.mark.parametrize("ruleset", TABLETOPS)
def test_figures_are_drawn_as_their_kinds_toy_in_their_sides_colour(ruleset):
    state, layers, fig = drawn_board(ruleset)
    figures = layers["figures"]
    for fid, kind, url in zip(figures["id"], figures["kind"], figures["sprite"]):
        f = state.figures[fid]
        assert url == sprite(kind, side_colour(f.side, list(state.sides)))
    assert image(fig, "figure-sprites").url == "sprite"  # each row's own sprite column


@pytest.mark.parametrize("ruleset", TABLETOPS)
def test_on_a_phone_a_figure_is_at_least_24_px_across_and_bigger_than_its_base(ruleset):
    state, _, fig = drawn_board(ruleset)
    glyph = image(fig, "figure-sprites")
    assert (glyph.w_units, glyph.h_units) == ("screen", "screen") and glyph.w == glyph.h == FIGURE_PX >= 24
    px_per_inch = PHONE_TABLE_PX / state.table.width  # true scale at phone width
    assert BASE_DIAMETER * px_per_inch < 24 <= glyph.w  # drawn bigger than scale: the base alone is a speck
    (bases,) = [r for r in fig.select({"type": GlyphRenderer}) if r.name == "bases"]
    assert bases.glyph.radius == BASE_DIAMETER / 2  # the true base, in inches, drawn for measuring


def test_fallen_figures_are_drawn_lying_down():
    from boards.army_men import ArmyMenLayers
    from explorer.rulesets.army_men import Shoot, examples

    blast = examples.blast()
    blast.apply(Shoot("green", "g1", "t1"), dice=[2, 6, 1, 4])
    layers = board_class(ArmyMenLayers)().layers(blast)
    t1 = blast.figures["t1"]
    assert layers["fallen"]["id"] == ["t1"]
    assert layers["fallen"]["sprite"] == [sprite(t1.kind, side_colour(t1.side, list(blast.sides)))]
    _, _, fig = drawn_board("army_men")
    fallen = image(fig, "fallen")
    assert fallen.angle == LYING == math.pi / 2 and fallen.w_units == "screen"


@pytest.mark.parametrize(("name", "kind", "look"), [
    ("stone wall", "solid", "wall"), ("ruined wall", "solid", "wall"), ("farmhouse", "solid", "building"),
    ("hedge", "semi_solid", "hedge"), ("thicket", "semi_solid", "hedge"), ("woods", "rough", "woods"),
    ("pond", "rough", "water"), ("shell pit", "rough", "pit"), ("knoll", "hill", "hill"), ("rocks", "solid", "rocks"),
    ("the thing", "semi_solid", "hedge"), ("the thing", "hill", "hill"),
])
def test_terrain_is_drawn_as_what_it_is(name, kind, look):
    assert terrain_look(name, kind)["look"] == look
    layer = terrain_layer([Terrain.polygon(name, kind, [(0, 0), (4, 0), (4, 2)], elevation=1 if kind == "hill" else 0)])
    assert layer["look"] == [look] and layer["fill"] == [terrain_look(name, kind)["fill"]]


def beside(a, b):
    """The ruler's ends for a measure from ``a`` to ``b``: shifted RULER_ASIDE inches to the left of the way."""
    ux, uy = (b[0] - a[0]) / math.dist(a, b), (b[1] - a[1]) / math.dist(a, b)
    return [a[0] - uy * RULER_ASIDE, b[0] - uy * RULER_ASIDE], [a[1] + ux * RULER_ASIDE, b[1] + ux * RULER_ASIDE]


def test_the_ruler_shows_the_inches_of_the_last_shot_and_of_the_last_move():
    from boards.army_men import ArmyMenLayers
    from explorer.rulesets.army_men import Shoot, examples
    from explorer.rulesets.army_men.actions import Move

    look = ArmyMenLayers()
    blast = examples.blast()
    assert look.layers(blast)["ruler"]["xs"] == []  # nothing done yet: no ruler
    g1, t1 = blast.figures["g1"].position, blast.figures["t1"].position
    blast.apply(Shoot("green", "g1", "t1"), dice=[2, 6, 1, 4])
    ruler = look.layers(blast)["ruler"]
    inches = math.dist(g1, t1)
    xs, ys = beside(g1, t1)
    assert ruler["xs"][0] == pytest.approx(xs, abs=1e-3) and ruler["ys"][0] == pytest.approx(ys, abs=1e-3)
    assert ruler["text"][0] == f"{inches:.1f} in" and len(ruler["xs"]) == 1 + int(inches)  # a tick an inch
    assert ruler["text"][1:] == [""] * int(inches)

    state = get_ruleset("army_men").new_game("tutorial")
    move = next(a for a in state.legal_actions if isinstance(a, Move))
    start = state.figures[move.trooper].position
    state.apply(move)
    ruler = look.layers(state)["ruler"]
    end = state.figures[move.trooper].position
    xs, ys = beside(start, end)
    assert ruler["xs"][0] == pytest.approx(xs, abs=1e-3) and ruler["ys"][0] == pytest.approx(ys, abs=1e-3)
    assert ruler["text"][0] == f"{math.dist(start, end):.1f} in"
