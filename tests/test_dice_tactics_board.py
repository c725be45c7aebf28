"""The board layers of live play and replays: what each seat sees, where each action is tapped."""

from test_dice_tactics_support import B, R, lab

from boards.dice_tactics import TAP_RADIUS, anchor, live_board, panel_lines
from explorer import get_ruleset
from explorer.core.session import Anchor, Session
from explorer.rulesets.dice_tactics import Attack, ChooseEdge, Keep, March, Move
from explorer.rulesets.dice_tactics.data import CARDS

DT = get_ruleset("dice_tactics")


def test_the_layers_show_a_seat_its_own_cards_and_only_a_count_of_the_others():
    game = DT.new_game("river_crossing", seed=5)
    game.apply(ChooseEdge(B, "east"))
    theirs = [CARDS[c].name for c in game.position.draft[B]]
    text = " ".join(live_board(R).layers(game)["cards"]["text"])
    assert all(CARDS[c].name in text for c in game.position.draft[R])
    assert "0 cards in hand, face down" in text
    game.apply(Keep(R, game.position.draft[R][0]))
    game.apply(Keep(B, game.position.draft[B][0]))
    public = " ".join(panel_lines(game.view(R), public=True))
    assert "1 card in hand, face down" in public and not any(name in public for name in theirs[:1])


def test_units_are_labelled_with_their_strength_and_the_march_marks_where_they_can_go():
    game = lab({"green-1": ("squad", 3, (3, 0)), "tan-1": ("tank", 5, (8, 5))})
    game.apply(March(R))
    layers = live_board(R).layers(game)
    assert sorted(layers["units"]["label"]) == ["3", "5"]
    reach = dict(zip(zip(layers["reach"]["x"], layers["reach"]["y"]), layers["reach"]["cost"]))
    assert reach == {(2, 0): "1", (4, 0): "2", (3, 1): "1"}  # the hill costs one more to enter


def test_taps_choose_a_unit_then_where_it_goes_or_whom_it_attacks():
    game = lab({"green-1": ("squad", 3, (3, 1)), "tan-1": ("squad", 3, (4, 1))})
    assert anchor(game, Attack(R, "green-1", "tan-1")) == Anchor((3, 1), (4, 1))
    game.apply(March(R))
    assert anchor(game, Move(R, "green-1", "S")) == Anchor((3, 1), (3, 2))
    assert TAP_RADIUS == 0.5


def test_a_whole_game_plays_through_the_session_from_the_human_seat():
    session = Session("dice_tactics", "hill_country", 2, "tan", layers=live_board("tan").layers, anchor=anchor,
                      tap_radius=TAP_RADIUS)
    for _ in range(600):
        answer = session.answer()
        if answer["outcome"] is not None:
            break
        session.play(0)
    assert answer["outcome"] is not None
