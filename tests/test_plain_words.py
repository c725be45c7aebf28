"""The simple mode's words (Session.words) name figures as a child sees them on the board: by kind and side, told
apart by what the board shows (a number on the figure, its squad's name, the terrain by it, its place in the row),
never by an engine id, and with no coordinates (issue 21.5)."""

from __future__ import annotations

import dataclasses
import importlib
import random
import re
from fractions import Fraction

import pytest

from boards.live import board_taps, new_session
from boards.naming import Seen, figure_name
from explorer.core.session import Session

ID_LIKE = re.compile(r"\b(?:[gt][a-d]?\d+|[gt]-\w+|(?:green|tan)-\d+)\b")
"""What the engine's figure ids look like in every ruleset: g1, ga1, tc7, g-sniper, green-1."""
COORDINATES = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+")


def _figures(ruleset: str, state) -> dict[str, tuple[str, str]]:
    """Every figure of ``state`` on or waiting to come onto the board: id -> (side, the kind's word on the board)."""
    words = importlib.import_module(f"boards.{ruleset}").FIGURE_WORDS
    if ruleset == "phlog":
        return {f.id: (f.side, words[f.weapon]) for f in state.fighters.values()}
    if ruleset == "dice_tactics":
        return {u.id: (u.side, words[u.kind]) for u in state.position.units.values()}
    if ruleset == "one_brain_cell":
        return {f.id: (f.side, words["leader" if f.leader else f.weapon]) for f in state.figures.values()}
    return {f.id: (f.side, words[f.kind]) for f in state.figures.values()}


GAMES = [("army_men", "standard"), ("army_men", "tutorial_set_up_yourselves"), ("one_brain_cell", "skirmish"),
         ("simple_plastic", "sniper_duel"), ("simple_plastic", "skirmish"), ("phlog", "corridor"),
         ("dice_tactics", "hill_country")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def test_offered_actions_name_figures_by_kind_and_side_with_no_ids_or_coordinates(game):
    ruleset, scenario = game
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 5, "human": "green", "bot": "greedy"})
    rng = random.Random(7)
    answer, named = session.answer(), 0
    for _ in range(40):
        if answer["outcome"] or not answer["actions"]:
            break
        state, seat = session.state, session.seat
        figures = _figures(ruleset, state)
        for offered in answer["actions"]:
            words = offered["words"]
            assert not ID_LIKE.search(words) and not COORDINATES.search(words), (offered["text"], words)
            assert not any(re.search(rf"(?<![\w-]){re.escape(fid)}(?![\w-])", words) for fid in figures), words
            for fid in (v for v in offered["action"].values() if isinstance(v, str) and v in figures):
                if not re.search(rf"(?<![\w-]){re.escape(fid)}(?![\w-])", offered["text"]):
                    continue  # the action names it, its words do not (a squad's followers)
                side, kind = figures[fid]
                assert kind in words, (offered["text"], words)
                whose = "your" if side == seat else f"the {side}"
                assert f"{whose} " in words or f"one of {whose} " in words, (offered["text"], words)
                named += 1
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert named  # figures were named, not only "end the turn"


def test_exact_words_from_a_set_up_position():
    from explorer.rulesets.army_men import Shoot
    from explorer.rulesets.one_brain_cell import Charge
    from explorer.rulesets.one_brain_cell import Shoot as Fire
    from explorer.rulesets.phlog import Attack, Nominate
    from explorer.rulesets.simple_plastic import Attack as Strike
    from explorer.rulesets.simple_plastic import MoveSquad

    def words(ruleset, scenario, action):
        return new_session({"ruleset": ruleset, "scenario": scenario, "seed": 1, "bot": "person"}).words(action)

    # army men's standard battle: each side in a column, a sargent at one end (g1 at y 8, t1 at y 10)
    assert words("army_men", "standard", Shoot("green", "g8", "t1")) == \
        "your heavy weapon soldier shoots at the tan sargent"
    assert words("army_men", "standard", Shoot("green", "g8", "t3")) == \
        "your heavy weapon soldier shoots at the tan soldier second from the bottom"
    # 1BC's skirmish: two squads a side, their leaders told apart by the squad names the board writes
    assert words("one_brain_cell", "skirmish", Charge("green", "gb1", "td1")) == \
        "your bravo squad leader charges the tan delta squad leader"
    assert words("one_brain_cell", "skirmish", Fire("green", "ga7", "td3")) == "your bazooka man shoots at the tan sniper"
    # Simple Plastic: the squad by the name the board writes, its leader by his place in the column
    assert words("simple_plastic", "sniper_duel", MoveSquad("green", "alpha", "g1", (7.0, 11.0))) == \
        "squad alpha moves, led by your trooper at the bottom, in the open"
    assert words("simple_plastic", "sniper_duel", Strike("green", "g-sniper", "t3")) == \
        "your sniper attacks the tan trooper at the top"
    # The Rules!: the number on the fighter's label where two share a kind
    assert words("phlog", "corridor", Nominate("green", "green-1")) == "activate your hand-to-hand fighter 1"
    assert words("phlog", "corridor", Attack("green", "tan-2")) == "attack the tan ranged fighter"


def test_dice_tactics_units_are_told_apart_by_the_strength_their_die_shows():
    from explorer.rulesets.dice_tactics import Move

    session = new_session({"ruleset": "dice_tactics", "scenario": "hill_country", "seed": 1, "bot": "person"})
    while not session.state.position.units:  # deploy: each side chooses its edge
        session.play(0)
    units = session.state.position.units
    assert [(u.strength, u.square) for u in units.values() if u.side == "green"] == \
        [(3, (0, 1)), (3, (0, 2)), (3, (0, 4)), (3, (0, 5))]
    assert session.words(Move("green", "green-2", "E")) == "move your squad second from the top east"
    # a stronger die says so: the strength is what tells it apart
    state = session.state
    stronger = dataclasses.replace(units["green-2"], strength=5)
    position = dataclasses.replace(state.position, units={**units, "green-2": stronger})
    custom = Session(state=type(state)(state.game, position, seed=1), bots={}, **board_taps("dice_tactics"))
    assert custom.seat == "green" and custom.words(Move("green", "green-2", "E")) == "move your squad showing 5 east"

def test_a_figure_is_named_by_what_tells_it_apart_on_the_board():
    seen = {
        "g1": Seen("green", "squad leader", (5.0, 4.0), group="alpha"),
        "g2": Seen("green", "squad leader", (5.0, 22.0), group="bravo"),
        "g3": Seen("green", "rifleman", (5.0, 6.0), group="alpha"),
        "g4": Seen("green", "rifleman", (5.0, 8.0), group="alpha"),
        "g5": Seen("green", "rifleman", (5.0, 10.0), group="alpha"),
        "g6": Seen("green", "rifleman", (9.0, 9.0), group="alpha"),
        "g7": Seen("green", "bazooka man", None, group="alpha"),
        "g8": Seen("green", "bazooka man", None, group="alpha"),
        "t1": Seen("tan", "ranged fighter", (3.0, 1.0), mark="1"),
        "t2": Seen("tan", "ranged fighter", (3.0, 2.0), mark="2"),
    }
    woods = lambda point: "in the woods" if point[0] > 8 else "in the open"  # noqa: E731
    assert figure_name(seen, "g1", "green") == "your alpha squad leader"
    assert figure_name(seen, "t2", "green") == "the tan ranged fighter 2"
    assert figure_name(seen, "g6", "green", place=woods) == "your rifleman in the woods"
    assert figure_name(seen, "g6", "tan") == "the green rifleman furthest right"  # no terrain to name: its place
    assert figure_name(seen, "g3", "green", place=woods) == "your rifleman at the bottom"  # y grows up the table
    assert figure_name(seen, "g3", "green", place=woods, y_down=True) == "your rifleman at the top"  # a grid
    assert figure_name(seen, "g4", "green", place=woods) == "your rifleman second from the bottom"
    assert figure_name(seen, "g7", "green") == "one of your bazooka men"  # off the board: any of them
    assert figure_name(seen, "alpha", "green") is None and figure_name(seen, None, "green") is None


def test_a_tap_that_would_end_the_game_is_asked_about_in_plain_words():
    """Army men: the last green trooper tapped off the table's edge: the question says who and where in words."""
    from explorer.core.session import make_bot
    from tests.army_men_support import game, trooper

    state = game(trooper("g1", 2, 10), trooper("t1", 40, 30))
    session = Session(state=state, bots={"tan": make_bot(state.ruleset, "greedy", 1)}, human="green",
                      **board_taps("army_men"))
    answer = session.tap(-1, 10)
    assert answer["message"] == {"kind": "confirm",
                                 "text": "This ends the game: your soldier moves off the table: out of the game. Play it?"}


def test_a_grid_is_drawn_with_row_0_on_top_as_its_words_count():
    """The words count a grid's rows from row 0 at the top ("north" is towards row 0): the board must draw it
    there. BokehJS ignores ``flipped`` on a range with ``bounds="auto"`` (it drew row 0 at the bottom)."""
    from bokeh.models import DataRange1d, Plot

    from widgets.phlog import live_play

    board = next(p for p in live_play().live.figure.select({"type": Plot}) if isinstance(p.y_range, DataRange1d))
    assert board.y_range.flipped and board.y_range.bounds != "auto"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def test_the_log_the_last_moves_and_refusals_have_plain_words_with_no_ids_or_coordinates(game):
    """What the simple mode shows of a game played through (the log's entries and events in ``words``, the other
    side's last moves, a refusal's ``words``) holds no engine figure id and no coordinate, while the engine's own
    words (``text``, for the expert list) still do somewhere."""
    ruleset, scenario = game
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 5, "human": "green", "bot": "greedy"})
    ids = set(_figures(ruleset, session.state))
    mention = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(ids, key=len, reverse=True))) + r")(?![\w-])")
    rng = random.Random(3)
    answer, engine_words = session.answer(), 0
    for _ in range(60):
        shown = [line["text"] for line in answer["last"]]
        for entry in answer["log"]:
            shown += [entry["words"], *(e["words"] for e in entry["events"])]
            engine_words += bool(mention.search(entry["text"]) or any(mention.search(e["text"]) for e in entry["events"]))
        for text in shown:
            assert not mention.search(text) and not COORDINATES.search(text), text
        if answer["outcome"] or not answer["actions"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert engine_words, "the engine's own words name figures by id (the expert list keeps them)"
    refused = session.try_action({"type": "Nothing"})  # not an action: said as an error
    assert refused["message"]["kind"] == "error"


def test_a_refusal_says_in_plain_words_what_the_rule_forbids():
    """Simple Plastic: a trooper of a squad moved alone is refused; its ``words`` name him as the board shows him,
    with no rule key nor action kind (the rule is given apart), its ``text`` as the engine does."""
    session = new_session({"ruleset": "simple_plastic", "scenario": "skirmish", "seed": 5, "human": "green"})
    ids = set(_figures("simple_plastic", session.state))
    before = session.save()
    message = session.try_action({"type": "MoveFigure", "figure": "g1", "to": [40, 40]})["message"]
    assert message["kind"] == "refused" and message["rule"]["key"] == "simple_plastic:moving.squads"
    assert "g1" in message["text"] and session.save() == before
    assert message["words"] == "Not allowed: your trooper at the bottom is in squad alpha: units in a squad move with it"


@pytest.mark.parametrize("game", [("phlog", "corridor"), ("army_men", "standard")], ids=lambda g: g[0])
def test_a_move_that_takes_its_figure_out_of_the_game_says_so_and_is_marked_apart(game):
    """A step into a pit (Phlog: removed from play, terrain.pits) or a move off the table (Army Men) ends its plain
    words with ": out of the game" and its board mark is ``off``; no other offered action says it."""
    from explorer.core.session.words import OUT_OF_THE_GAME

    ruleset, scenario = game
    rng, said = random.Random(2), 0
    for seed in range(12):
        session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": seed, "human": "green"})
        for _ in range(30):
            answer = session.answer()
            if answer["outcome"] or not answer["actions"]:
                break
            state = session.state
            for offered, action in zip(answer["actions"], state.legal_actions):
                anchor = session.anchor(state, action)
                leaves = anchor is not None and anchor.off
                assert offered["words"].endswith(OUT_OF_THE_GAME) == leaves, offered["words"]
                said += leaves
            session.play(rng.randrange(len(answer["actions"])))
    assert said, "no move out of the game was offered"


@pytest.mark.parametrize("game", GAMES, ids=lambda g: f"{g[0]}-{g[1]}")
def test_a_tapped_figure_s_card_says_its_side_kind_and_state_in_plain_words(game):
    """Every figure the board draws carries its card in plain words (the layer's ``said``, which the simple mode says
    for a tap on it, boards.naming.card_words): its side and kind as the board names it, then its state; no id, no
    coordinate, whatever happens in the game."""
    ruleset, scenario = game
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 5, "human": "green", "bot": "greedy"})
    rng = random.Random(4)
    answer, cards = session.answer(), 0
    for _ in range(30):
        figures = _figures(ruleset, session.state)
        mention = re.compile(r"(?<![\w-])(?:" + "|".join(map(re.escape, sorted(figures, key=len, reverse=True))) + r")(?![\w-])")
        layer = answer["layers"].get("figures") or answer["layers"]["units"]
        for fid, said in zip(layer["id"], layer["said"]):
            side, kind = figures[fid]
            assert said.startswith(f"{side.capitalize()} {kind}"), (fid, said)
            assert not mention.search(said) and not COORDINATES.search(said) and " in)" not in said, (fid, said)
            cards += 1
        if answer["outcome"] or not answer["actions"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert cards


def test_exact_cards_of_a_set_up_position():
    """The cards' words, exactly: One Brain-Cell's leader and a rifleman; Phlog's fighter acting now."""
    session = new_session({"ruleset": "one_brain_cell", "seed": 5, "human": "green"})  # its first scenario
    figures = session.answer()["layers"]["figures"]
    said = dict(zip(figures["id"], figures["said"]))
    assert said["g1"] == "Green squad leader in squad alpha, standing, has not moved yet"
    assert said["t6"] == "Tan rifleman in squad bravo, standing, has not moved yet"
    from boards.naming import card_words
    assert card_words(Seen("green", "ranged fighter", (0, 0), mark="1"), "acting now") == "Green ranged fighter 1, acting now"


def test_a_charge_that_may_fall_short_says_its_exact_chance_to_reach():
    """One Brain-Cell: a charge goes 2D6 inches and may fall short; its plain words say the engine's exact chance
    (GameState.chance) as a whole percentage. Bases 10 inches apart need 9 inches (the last inch is H2H): 2D6 >= 9
    is 10/36, said "28 % to reach"; a charge sure to arrive says no chance."""
    from explorer.core.session.words import whole_percent
    from tests.one_brain_cell_support import fig, game

    state = game(fig("g1", 10, 10), fig("t1", 20.5, 10))
    session = Session(state=state, human="green", bots={}, **board_taps("one_brain_cell"))
    charge = next(a for a in state.legal_actions if type(a).__name__ == "Charge")
    assert state.chance(charge).probability(True) == Fraction(10, 36)
    assert session.words(charge) == "your rifleman charges the tan rifleman: 28 % to reach"
    near = game(fig("g1", 10, 10), fig("t1", 12, 10))  # 1.5 inches apart: the lowest roll arrives
    close = next(a for a in near.legal_actions if type(a).__name__ == "Charge")
    assert near.chance(close).probability(True) == 1
    assert Session(state=near, human="green", bots={}, **board_taps("one_brain_cell")).words(close) == \
        "your rifleman charges the tan rifleman"
    assert [whole_percent(p) for p in (Fraction(0), Fraction(1, 300), Fraction(10, 36), Fraction(299, 300), Fraction(1))] \
        == [0, 1, 28, 99, 100]


def test_the_turn_line_names_a_pending_decision_s_figure_in_plain_words():
    """Phlog: the defence card's decision names the fighter attacked as the board shows him in the turn line's
    ``words`` ("you must choose a card to defend your hand-to-hand fighter 1"), its ``line`` by id for the expert."""
    session = new_session({"ruleset": "phlog", "scenario": "corridor", "seed": 0, "human": "green", "bot": "greedy"})
    answer = session.answer()
    for _ in range(60):
        if "defend" in answer["turn"]["line"] or answer["outcome"]:
            break
        answer = session.play(answer["step"]["id"] if answer["step"] else 0)
    turn = answer["turn"]
    assert re.search(r"green must choose a card to defend green-\d", turn["line"]), turn
    assert re.search(r"you must choose a card to defend your [\w-]+ fighter \d$", turn["words"]), turn
