"""The grid and card boards drawn as toys (issue 35 item 3): Dice Tactics' squads and tanks and Phlog's fighters as
toy soldiers (boards.toys) in their side's colour, the second side facing the first; out of the game, lying down;
terrain squares as what they are; Phlog's cards as playing cards; Dice Tactics' Target die as a die's face."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest
from bokeh.models import GlyphRenderer, ImageURL

from boards import dice_tactics as dt, phlog
from boards.palette import side_colour
from boards.toys import (
    CARD_BACK, DIE_WORDS, RED, SHAPES, TILE_ICONS, card_sprite, die_sprite, grid_look, silhouette_of, sprite,
)
from explorer.core.cards import Card
from explorer.core.registry import get_ruleset
from widgets.board import make_sources


def svg(url: str) -> ElementTree.Element:
    assert url.startswith("data:image/svg+xml,") and "#" not in url  # '#' would end a data: URL
    return ElementTree.fromstring(url.removeprefix("data:image/svg+xml,").replace("%23", "#"))


def texts(url: str) -> list[str]:
    return [e.text for e in svg(url).iter() if e.tag.endswith("text")]


@pytest.mark.parametrize("look", [dt, phlog])
def test_each_kind_of_unit_is_its_own_toy_soldier(look):
    shapes = [silhouette_of(kind) for kind in look.FIGURE_WORDS]
    assert all(shape in SHAPES or shape == "squad" for shape in shapes)
    assert len(set(shapes)) == len(look.FIGURE_WORDS)


def test_a_squad_is_three_soldiers_and_a_tank_the_tank():
    squad = svg(sprite("squad", "#2D6A2E"))
    assert len([e for e in squad.iter() if e.tag.endswith("use")]) == 2  # one drawn, two more used: three
    assert silhouette_of("tank") == "tank"


def new(ruleset: str, scenario: str | None = None):
    rules = get_ruleset(ruleset)
    return rules.new_game(scenario or next(iter(rules.scenarios)), seed=1)


def mid_game(ruleset: str, actions: int = 30):
    """A greedy bots' game after its first ``actions`` actions (Dice Tactics' squads are on the board by then)."""
    from explorer.core import play_out

    rules = get_ruleset(ruleset)
    game = new(ruleset)
    return play_out(game, {side: rules.bots["greedy"]() for side in game.sides}, max_actions=actions)


def test_units_are_sprites_in_their_sides_colour_the_second_side_facing_left():
    game = mid_game("dice_tactics")
    view = game.view("green")
    units = dt.live_board("green").layers(game)["units"]
    assert units["x"], "the scenario starts with units on the board"
    for side, colour, url in zip(units["side"], units["colour"], units["sprite"]):
        assert colour == side_colour(side, [view.player, view.opponent])
        fills = {e.get("fill") for e in svg(url).iter()}
        assert colour in fills
        mirrored = any("matrix(-1" in (e.get("transform") or "") for e in svg(url).iter())
        assert mirrored == (side == view.opponent)


def test_a_squads_strength_is_its_badge():
    game = mid_game("dice_tactics")
    units = dt.live_board("green").layers(game)["units"]
    strengths = {u.id: str(u.strength) for u in game.position.units.values() if u.square is not None}
    assert dict(zip(units["id"], units["label"])) == strengths


def test_every_terrain_square_has_a_look_of_its_name():
    names = {style.name: grid_look(style.name) for style in (*dt.STYLES.values(), *phlog.STYLES.values())}
    assert all(icon in TILE_ICONS for icon in names.values())
    assert names["water"] == "water" and names["bridge"] == "bridge" and names["forest"] == "woods"
    assert names["hill"] == "hill" and names["wall"] == "wall" and names["village"] == "building"
    # told apart by shape, not colour alone: no two kinds of square of one ruleset share an icon
    for styles in (dt.STYLES, phlog.STYLES):
        icons = [grid_look(style.name) for style in styles.values()]
        assert len(set(icons)) == len(icons), icons


def test_tiles_carry_their_icon():
    game = new("dice_tactics")
    tiles = dt.live_board("green").layers(game)["tiles"]
    water = tiles["kind"].index("water")
    assert "q2.25-3" in svg(tiles["sprite"][water]).find("{http://www.w3.org/2000/svg}path").get("d")  # ripples


@pytest.mark.parametrize(("code", "rank", "colour"), [("K♠", "K", "#111111"), ("10♥", "10", RED),
                                                       ("7♦", "7", RED), ("2♣", "2", "#111111")])
def test_a_card_is_a_playing_card_with_its_rank_and_suit(code, rank, colour):
    card = Card.parse(code)
    url = card_sprite(rank, card.suit)
    assert texts(url) == [rank, card.suit, card.suit]  # corner index (rank, suit) and the big pip
    assert {e.get("fill") for e in svg(url).iter() if e.tag.endswith("}g")} == {colour}
    assert any(e.get("rx") for e in svg(url).iter() if e.tag.endswith("rect"))  # a rounded card


def test_phlog_hand_face_up_the_opponents_face_down():
    game = new("phlog")
    layers = phlog.live_board("green").layers(game)
    cards = layers["cards"]
    own = min(cards["y"])
    hand = game.view("green").hand
    mine = [url for url, y in zip(cards["sprite"], cards["y"]) if y == own]
    theirs = [url for url, y in zip(cards["sprite"], cards["y"]) if y == own + phlog.ROW_STEP]
    assert mine == [card_sprite(c.code.removesuffix(c.suit), c.suit) if not c.is_joker else card_sprite("", "")
                    for c in hand]
    assert theirs and set(theirs) == {CARD_BACK}


def test_cards_are_at_least_44_css_px_tall_on_a_phone():
    from widgets.phlog import CARDS_X

    phone_px = 390 - 2 * 8  # a phone's width less the page's margins
    assert phlog.CARD_H * phone_px / (CARDS_X[1] - CARDS_X[0]) >= 44


def test_a_fighter_out_of_the_game_lies_down_by_its_row():
    from widgets.phlog import PhlogBoard

    game = new("phlog")
    fighter = next(f for f in game.fighters.values() if f.side == "tan")
    game.position = game.position.__class__(**{**game.position.__dict__, "fighters": {
        **game.position.fighters, fighter.id: fighter.__class__(fighter.id, fighter.side, fighter.weapon, None)}})
    board = PhlogBoard("green")
    layers = board.layers(game)
    assert layers["out"]["note"] == [f"tan's {phlog.FIGURE_WORDS[fighter.weapon]} {fighter.id.rsplit('-', 1)[1]}: "
                                     "out of the game"]
    assert fighter.id not in layers["units"]["id"]
    fig = board.draw(make_sources(layers)).select_one({"name": "phlog-cards"})
    (out,) = [r for r in fig.select({"type": GlyphRenderer}) if r.name == "out-sprites"]
    assert isinstance(out.glyph, ImageURL) and out.glyph.angle != 0  # lying down


@pytest.mark.parametrize(("value", "pips"), [
    (1, {(10, 10)}), (2, {(5, 5), (15, 15)}), (3, {(5, 5), (10, 10), (15, 15)}),
    (4, {(5, 5), (15, 5), (5, 15), (15, 15)}), (5, {(5, 5), (15, 5), (10, 10), (5, 15), (15, 15)}),
    (6, {(5, 5), (15, 5), (5, 10), (15, 10), (5, 15), (15, 15)})])
def test_a_die_shows_its_value_in_pips(value, pips):
    """As dice are made, on a 20-wide face: a 2 on one diagonal's corners, a 6 in two columns of three."""
    circles = [e for e in svg(die_sprite(value)).iter() if e.tag.endswith("circle")]
    assert {(int(c.get("cx")), int(c.get("cy"))) for c in circles} == pips and len(circles) == value


def test_the_target_die_is_a_die_with_its_number_in_words():
    game = new("dice_tactics")
    view = game.view("green")
    first = dt.live_board("green").layers(game)["cards"]["html"][0]
    assert die_sprite(view.target) in first and f'alt="showing {DIE_WORDS[view.target]}"' in first


def test_a_die_has_six_faces():
    with pytest.raises(ValueError, match="1 to 6"):
        die_sprite(7)
