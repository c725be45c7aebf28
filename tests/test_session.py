"""Live play's game flow (explorer.core.session.Session), the same for JupyterLab and the page, on every ruleset."""

from __future__ import annotations

import json
import math
import random
import re

import pytest

import explorer
from explorer.core.session import Session, make_bot
from explorer.core.session.taps import MAX_ASKED
from boards import family



def _cases() -> list[tuple[str, str, str]]:
    """(ruleset, scenario, human side) for every registered ruleset with a board (the test run's toy one too):
    its main scenario, as its board module's ``STUDY`` declares it, played from the scenario's first side."""
    cases = []
    for name in family.rulesets():
        scenario = family.look(name).STUDY.scenario
        cases.append((name, scenario, explorer.get_ruleset(name).new_game(scenario).sides[0]))
    return cases


CASES = _cases()
CASE = {case[0]: case for case in CASES}
ATTEMPTS = {"simple_plastic": {"type": "Attack", "attacker": "g1", "target": "t1"},
            "phlog": {"type": "Step", "direction": "N"},
            "army_men": {"type": "Shoot", "shooter": "g1", "target": "g2"},
            "one_brain_cell": {"type": "Shoot", "shooter": "g1", "target": "g2"},
            "dice_tactics": {"type": "Attack", "player": "green", "attacker": "green-1", "defender": "tan-1"}}
"""An action each ruleset's rules refuse at the start of its main scenario (a ruleset not listed here: its first
offered action naming a figure that is not there, which its rules refuse)."""


def _refused_attempt(session) -> dict:
    if session.ruleset.name in ATTEMPTS:
        return ATTEMPTS[session.ruleset.name]
    offered = session.answer()["actions"][0]["action"]
    named = next(key for key in offered if key not in ("type", "player"))
    return {**offered, named: "nobody"}


def _session(case, seed=3):
    ruleset, scenario, human = case
    return Session(ruleset, scenario, seed, human)


def _play_randomly(session, rng, limit=400):
    answer = session.answer()
    for _ in range(limit):
        if answer["outcome"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    return answer


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_offered_actions_are_the_legal_ones_and_answers_are_json(case):
    session = _session(case)
    rng = random.Random(0)
    answer = session.answer()
    for _ in range(30):
        if answer["outcome"]:
            break
        json.dumps(answer)
        legal = list(session.state.legal_actions)
        assert [a["action"] for a in answer["actions"]] == [a.to_dict() for a in legal]
        assert answer["turn"]["yours"] and answer["turn"]["to_act"] == case[2]
        answer = session.play(rng.randrange(len(answer["actions"])))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_refused_action_cites_its_rule_and_changes_nothing(case):
    session = _session(case)
    before = session.save()
    answer = session.try_action(_refused_attempt(session))
    assert answer["message"]["kind"] == "refused"
    assert answer["message"]["rule"]["key"].startswith(case[0] + ":") and answer["message"]["rule"]["title"]
    assert session.save() == before
    for bad in ("{", {"type": "Nope"}, {"type": "Attack", "player": "tan"}):
        assert session.try_action(bad)["message"]["kind"] == "error"
        assert session.save() == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_undo_goes_back_to_the_humans_last_decision(case):
    session = _session(case)
    rng = random.Random(1)
    for _ in range(5):
        before, log = session.save(), session.answer()["log"]
        answer = session.play(rng.randrange(len(session.answer()["actions"])))
        if answer["outcome"]:
            break
    assert session.undo()["message"]["text"] == "Undone."
    assert session.save() == before and session.answer()["log"] == log


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_save_and_load_round_trip_and_malformed_saves_change_nothing(case):
    session = _session(case)
    _play_randomly(session, random.Random(2), limit=6)
    saved, answer = session.save(), session.answer()
    other = _session(case, seed=9)
    loaded = other.load(saved)
    assert loaded["message"]["text"] == "Loaded."
    assert other.save() == saved
    assert {k: v for k, v in loaded.items() if k not in ("message", "seed")} == \
        {k: v for k, v in answer.items() if k not in ("message", "seed")}
    for bad in ("not json", "{}", saved[:-5], json.dumps({**json.loads(saved), "ruleset": "x"})):
        result = session.load(bad)
        assert result["message"]["kind"] == "error" and result["message"]["text"].startswith("Cannot load")
        assert session.save() == saved


@pytest.mark.parametrize("case", [c for c in CASES if explorer.get_ruleset(c[0]).rolls_dice],
                         ids=lambda c: c[0])  # Phlog rolls no dice: cards decide
def test_dice_may_be_entered(case):
    session = _session(case)
    rng = random.Random(4)
    answer = session.answer()
    for _ in range(200):  # play until an offered action rolls dice, then enter them
        if answer["outcome"]:
            pytest.skip("no dice rolled by the human in this game")
        legal = list(session.state.legal_actions)
        rolling = [i for i, a in enumerate(legal) if session.state.chance(a) is not None]
        if rolling:
            before = session.save()
            refused = session.play(rolling[0], dice=[7, 7, 7, 7, 7, 7])
            assert refused["message"]["kind"] == "error" and session.save() == before
            for n in range(1, 7):  # faces all different: equal ones may tie and call for more (1BC's initiative)
                faces = [6, 5, 4, 3, 2, 1][:n]
                answer = session.play(rolling[0], dice=faces)
                if answer["message"] is None:
                    assert any(entry.get("dice") == faces for entry in answer["log"])
                    return
                assert session.save() == before
            pytest.fail("no number of entered dice was accepted")
        answer = session.play(rng.randrange(len(answer["actions"])))


def test_the_bots_hand_is_never_in_a_phlog_answer():
    session = _session(CASE["phlog"], seed=7)
    rng = random.Random(5)
    answer = session.answer()
    shown = []
    while True:
        shown.append(json.dumps(answer, ensure_ascii=False))
        if answer["outcome"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    state = session.state
    text = "".join(shown)
    for event in (e for turn in state.history for e in turn.events):
        if not event.visible_to("green"):
            assert event.text not in text
    assert "tan draws 6 cards" in text


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_the_same_seed_and_actions_save_the_same_game_as_plain_engine_play(case):
    ruleset, scenario, human = case
    session = _session(case)
    _play_randomly(session, random.Random(6))
    rs = explorer.get_ruleset(ruleset)
    state = rs.new_game(scenario, seed=3)
    bots = {side: make_bot(rs, "greedy", 1) for side in state.sides if side != human}
    mine = iter([t.action for t in session.state.history if t.action.player == human])
    while not state.is_over:
        player = state.current_player
        state.apply(bots[player](state) if player in bots else next(mine))
    assert state.to_json() == session.save()


def test_play_here_starts_the_very_game_the_jupyterlab_widget_shows():
    """The snapshot names its game by the Session's config; the page's Session from it is the same game."""
    from boards.live import new_session
    from widgets.phlog import live_play
    from widgets.simple_plastic import SimplePlasticLive

    for live in (live_play(seed=7).live, SimplePlasticLive(human="green", bot_seed=1).live):
        config = live.session.config()
        page = new_session(json.loads(json.dumps(config)))
        assert page.save() == live.session.save()
        drawn = {**live.board.layers(live.state), "choices": live.session.choices(), "last": live.session.last_layer()}
        assert page.answer()["layers"] == json.loads(json.dumps(drawn))


# -- choosing on the board: taps ---------------------------------------------------------------------
def _tapping(case, seed=3):
    from boards.live import new_session

    ruleset, scenario, human = case
    return new_session({"ruleset": ruleset, "scenario": scenario, "seed": seed, "human": human})


def _a_figure_chosen_somewhere_into_a_game(case, rng, most: int):
    """A new game played at random for up to ``most`` actions, then a figure that may act tapped (chosen)."""
    session = _tapping(case, seed=rng.randrange(100))
    for _ in range(rng.randrange(most)):
        answer = session.answer()
        if answer["outcome"] or not answer["actions"]:
            break
        session.play(rng.randrange(len(answer["actions"])))
    pieces = [at for kind, at, _ in _choices(session) if kind == "piece"]
    if pieces:
        session.tap(*rng.choice(pieces))
    return session


def _choices(session):
    layer = session.choices()
    return [(kind, (x, y), text) for x, y, kind, text in zip(layer["x"], layer["y"], layer["kind"], layer["text"])]


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_tap_on_a_marked_target_plays_the_action_the_menu_offers_in_those_words(case):
    """Each marked target's words are an offered action's, and tapping it plays that very action."""
    rng = random.Random(11)
    played = 0
    for _ in range(60):
        session = _a_figure_chosen_somewhere_into_a_game(case, rng, 8)
        targets = [(at, text) for kind, at, text in _choices(session) if kind == "target"]
        if not targets:
            continue
        at, text = rng.choice(targets)
        offered = {a["text"] for a in session.answer()["actions"]}
        assert text in offered
        twins = [t for a, t in targets if a == at]  # actions on one spot whose words say the same: the first
        before = len(session.state.history)
        answer = session.tap(*at)
        if answer["message"] is not None:  # marks that do different things too close together: asked, not guessed
            assert answer["message"]["kind"] == "which" and len(session.state.history) == before
            option = next(o for o in answer["message"]["options"] if o.get("play") is not None
                          and answer["actions"][o["play"]]["text"] == text)
            session.play(option["play"])
            twins = [text]
        mine = [turn for turn in session.state.history[before:] if turn.action.player == case[2]]
        words = session.state.clone()
        while len(words.history) > before:
            words.undo()
        assert words.describe(mine[0].action, case[2]) in twins  # the words the board showed, the move played
        played += 1
    assert played >= 20


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_tap_on_nothing_says_so_and_changes_nothing(case):
    session = _tapping(case)
    before = session.save()
    answer = session.tap(-50.0, -50.0)
    assert answer["message"]["kind"] == "note" and "Nothing to" in answer["message"]["text"]
    assert session.save() == before


def test_a_tap_chooses_a_figure_and_a_second_tap_on_it_lets_go():
    session = _tapping(CASE["simple_plastic"])
    pieces = [at for kind, at, _ in _choices(session) if kind == "piece"]
    assert len(pieces) >= 2 and not any(kind == "target" for kind, *_ in _choices(session))
    session.tap(*pieces[0])
    kinds = [kind for kind, *_ in _choices(session)]
    assert kinds.count("chosen") == 1 and "target" in kinds
    session.tap(*pieces[0])
    assert "chosen" not in [kind for kind, *_ in _choices(session)]


def test_a_tabletop_move_may_go_to_any_tapped_point_and_too_far_is_refused_with_its_rule():
    """Simple Plastic: choose a squad's leader, tap a point no offered move goes to."""
    session = _tapping(CASE["simple_plastic"])
    leader = next(at for kind, at, _ in _choices(session) if kind == "piece")
    session.tap(*leader)
    before = session.save()
    refused = session.tap(leader[0] + 20.0, leader[1])  # 20 inches: beyond any span
    assert refused["message"]["kind"] == "refused" and refused["message"]["rule"]["key"].startswith("simple_plastic:")
    assert session.save() == before
    played = len(session.state.history)
    targets = [at for kind, at, _ in _choices(session) if kind == "target"]
    spots = [(leader[0] + f * (t[0] - leader[0]), leader[1] + f * (t[1] - leader[1])) for t in targets for f in (0.5, 0.3)]
    spot = next(p for p in spots if all(math.dist(p, t) > session.tap_radius for t in targets))  # short of a target
    asked = session.tap(*spot)  # open table: the move there is proposed, marked and asked about, not played
    assert asked["message"]["kind"] == "confirm" and asked["message"]["text"].endswith("Go there?")
    assert session.save() == before
    assert ("target", (round(spot[0], 1), round(spot[1], 1))) in [(kind, at) for kind, at, _ in _choices(session)]
    answer = session.tap(spot[0] + 0.3, spot[1])  # a second tap on its mark (as near as a finger) plays it
    assert answer["message"] is None
    assert session.state.history[played].action.to == (round(spot[0], 1), round(spot[1], 1))


def _short_of_a_target(session, leader):
    """A spot of open table on the way to one of the chosen leader's marked moves, off every mark."""
    targets = [at for kind, at, _ in _choices(session) if kind == "target"]
    spots = [(leader[0] + f * (t[0] - leader[0]), leader[1] + f * (t[1] - leader[1])) for t in targets for f in (0.5, 0.3)]
    return next(p for p in spots if all(math.dist(p, t) > session.tap_radius for t in targets))


def test_a_move_proposed_on_open_table_is_measured_by_the_ruler_until_it_is_played():
    """While "Go there?" is asked, the ruler lies beside the proposed move with its inches (the distance from the
    chosen leader to the spot); once played, it measures the move as played."""
    session = _tapping(CASE["simple_plastic"])
    leader = next(at for kind, at, _ in _choices(session) if kind == "piece")
    session.tap(*leader)
    spot = _short_of_a_target(session, leader)
    asked = session.tap(*spot)
    assert asked["message"]["kind"] == "confirm"
    marked = next(at for kind, at, _ in _choices(session) if kind == "target" and math.dist(at, spot) < 0.1)
    ruler = asked["layers"]["ruler"]
    assert f"{math.dist(leader, marked):.1f} in" in ruler["text"]
    assert int(math.dist(leader, marked)) == len(ruler["text"]) - 1  # a tick at every whole inch
    played = session.tap(*marked)
    assert played["message"] is None
    assert session.proposed_ends() is None
    assert f"{math.dist(leader, marked):.1f} in" in played["layers"]["ruler"]["text"]  # the move as played


def test_a_move_proposed_on_open_table_plays_when_confirmed_and_is_forgotten_when_the_figure_is_let_go():
    session = _tapping(CASE["simple_plastic"])
    leader = next(at for kind, at, _ in _choices(session) if kind == "piece")
    session.tap(*leader)
    spot = _short_of_a_target(session, leader)
    played = len(session.state.history)
    assert session.tap(*spot)["message"]["kind"] == "confirm"
    session.tap(*leader)  # the leader let go: the proposal goes with it
    assert [kind for kind, *_ in _choices(session)].count("target") == 0
    session.tap(*leader)
    assert session.tap(*spot)["message"]["kind"] == "confirm"
    assert session.tap(*spot, True)["message"] is None  # the page's Yes
    assert session.state.history[played].action.to == (round(spot[0], 1), round(spot[1], 1))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_tap_within_a_fingers_reach_of_a_mark_does_what_that_mark_does_or_asks(case):
    """The page sends a finger's reach (22 CSS px) in board units: a tap that far off a mark, at any angle, plays
    that mark's action or chooses its figure, or asks which (the mark's action among the buttons) when another
    mark doing something else is as near; it never plays anything else."""
    rng = random.Random(5)
    checked = asked = 0
    for _ in range(50):
        session = _a_figure_chosen_somewhere_into_a_game(case, rng, 6)
        marks = [(at, text) for kind, at, text in _choices(session) if kind in ("target", "off")]
        if not marks:
            continue
        at, text = rng.choice(marks)
        offered = list(session.state.legal_actions)
        plain = {session.state.describe(a, case[2]): session.words(a) for a in offered}  # the words before the tap
        meant = {plain[t] for a, t in marks if a == at}  # the words of the mark's action(s)
        reach = 2.0 * session.tap_radius
        angle = rng.uniform(0, 2 * math.pi)
        before, history = session.save(), len(session.state.history)
        answer = session.tap(at[0] + 0.9 * reach * math.cos(angle), at[1] + 0.9 * reach * math.sin(angle), False, reach)
        message = answer["message"]
        if message is not None:
            assert session.save() == before  # asked: nothing played yet
            if message["kind"] == "which":
                asked += 1
                assert any(plain[answer["actions"][o["play"]]["text"]] in meant for o in message["options"] if "play" in o) \
                    or len(message["options"]) == MAX_ASKED  # the nearest marks, as many as a question shows
            else:
                assert message["kind"] == "confirm" and "ends the game" in message["text"]
            continue
        then = session.state.clone()
        while len(then.history) > history:
            then.undo()
        played = session.state.history[history].action
        assert plain[then.describe(played, case[2])] in meant  # that mark's action, or one said in the same words
        checked += 1
    assert checked + asked >= 10


def test_a_tap_between_two_marks_that_do_different_things_asks_which_and_changes_nothing():
    """Army men: a trooper at the table's edge; a tap between its move off the table and the nearest move on it
    asks, each button in plain words; a button plays exactly its action."""
    from boards import live

    session = live.new_session({"ruleset": "army_men", "scenario": "standard", "seed": 0})
    state = session.state
    trooper = state.figures["g1"]
    session.selected = (trooper.x, trooper.y)
    layer = session.choices()
    spots = list(zip(layer["x"], layer["y"], layer["kind"], layer["text"]))
    off = next(s for s in spots if s[2] == "off")
    on = min((s for s in spots if s[2] == "target"), key=lambda s: math.dist(s[:2], off[:2]))
    before = session.save()
    between = ((off[0] + on[0]) / 2, (off[1] + on[1]) / 2)
    answer = session.tap(*between, False, math.dist(off[:2], on[:2]) + 0.5)
    message = answer["message"]
    assert message["kind"] == "which" and session.save() == before
    texts = [o["text"] for o in message["options"]]
    assert len(texts) == len(set(texts)) >= 2
    assert not any(re.search(r"\(-?\d+(\.\d+)?, ", t) or re.search(r"\b[gt]\d+\b", t) for t in texts), texts
    said = {answer["actions"][o["play"]]["text"]: o for o in message["options"] if "play" in o}
    assert any(a["action"]["to"] == [off[0], off[1]] or a["action"].get("to") == (off[0], off[1])
               for a in answer["actions"] if a["text"] in said)  # the move off the table is one of the buttons
    pick = next(o for o in message["options"] if "play" in o and o["text"].lower() == session.words(
        next(a for a in state.legal_actions if state.describe(a, "green") == on[3])).lower())
    history = len(state.history)
    session.play(pick["play"])
    assert state.history[history].action.to_dict() == answer["actions"][pick["play"]]["action"]


@pytest.mark.parametrize("bad", [float("nan"), -1.0, 10 ** 400, True, "far", float("inf")])
def test_a_tap_with_a_bad_reach_or_place_is_refused_in_words_and_changes_nothing(bad):
    session = _tapping(CASE["simple_plastic"])
    before = session.save()
    for args in ((1.0, 1.0, False, bad),) + (((bad, 1.0),) if bad != -1.0 else ()):  # a tap may be left of the table
        answer = session.command("tap", *args)
        assert answer["message"]["kind"] == "error" and "finite number" in answer["message"]["text"]
        assert session.save() == before
    assert session.command("choose", bad, 1.0)["message"]["kind"] == "error"
    assert session.save() == before


def test_new_game_in_another_scenario_and_the_options_offered():
    session = _tapping(CASE["phlog"])
    session.play(0)
    options = session.options()
    assert set(options) == set(explorer.get_ruleset("phlog").scenarios)
    assert all("green" in sides for sides in options.values())
    scenario = next(name for name in options if name != "corridor")
    answer = session.new_game(scenario)
    assert (session.scenario, answer["human"], answer["message"]["text"]) == (scenario, "green", "A new game (seed 3).")
    assert session.state.to_json() == explorer.get_ruleset("phlog").new_game(scenario, seed=3).to_json() or \
        session.state.history[0].action.player != "green"
    before = session.save()
    assert session.new_game("no-such-scenario")["message"]["kind"] == "error" and session.save() == before


# -- choosing the opponent: greedy, strong (thinks longer) or random ----------------------------------
def test_the_opponent_picker_offers_the_rulesets_bots_and_changes_the_bot():
    from explorer.core.session import bot_choices

    for name in ("phlog", "simple_plastic"):
        choices = bot_choices(explorer.get_ruleset(name))
        assert list(choices)[:2] == ["greedy", "strong"] and "random" in choices
        assert "thinks longer" in choices["strong"]
    session = Session("phlog", "corridor", 3, "green")
    assert type(session.bots["tan"]).__name__ == "GreedyBot"
    answer = session.command("bot", "strong")
    assert answer["bot"] == "strong" and session.config()["bot"] == "strong"
    assert type(session.bots["tan"]) is explorer.get_ruleset("phlog").bots["strong"]
    assert answer["message"] == {"kind": "note", "text": "Your opponent is now the strong bot."}
    before = session.save()
    refused = session.set_bot("clever")
    assert refused["message"]["kind"] == "error" and session.bot_name == "strong" and session.save() == before


def test_a_session_started_with_the_strong_bot_plays_it_and_the_page_starts_the_same():
    from boards.live import new_session

    session = Session("simple_plastic", "open_field", 2, "tan", "strong")  # green, the bot, plays first
    assert type(session.bots["green"]) is explorer.get_ruleset("simple_plastic").bots["strong"]
    assert session.state.history and all(turn.action.player == "green" for turn in session.state.history)
    page = new_session(json.loads(json.dumps(session.config())))
    assert page.save() == session.save()


def test_the_jupyterlab_opponent_picker_changes_the_bot_and_play_here_offers_the_bots():
    from widgets.phlog import live_play

    live = live_play(seed=7).live
    assert [name for _, name in live.opponent.options][:2] == ["greedy", "strong"]
    assert live.play_here["bots"] == live.session.bot_choices() and live.play_here["bot"] == "greedy"
    live.opponent.value = "strong"
    assert type(live.bots["tan"]) is explorer.get_ruleset("phlog").bots["strong"]
    assert live.play_here["bot"] == "strong" and "strong bot" in live.status.value


# -- the game table (issue 21): seat, last, outcome, two people on one screen -------------------------
def _to_the_end(session, rng, limit=3000):
    """Random legal play through the Session to the end; every answer on the way."""
    answers = [session.answer()]
    for _ in range(limit):
        if answers[-1]["outcome"]:
            return answers
        answers.append(session.play(rng.randrange(len(answers[-1]["actions"]))))
    pytest.fail("the game did not end")


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_two_people_play_a_whole_game_each_seated_in_turn(case):
    ruleset, scenario, human = case
    session = Session(ruleset, scenario, 5, human, bot="person")
    assert session.bots == {} and session.config()["bot"] == "person"
    answers = _to_the_end(session, random.Random(21))
    sides = set(session.state.sides)
    seated = set()
    for answer in answers[:-1]:
        json.dumps(answer)
        assert answer["mode"] == "people" and answer["bot"] == "person" and answer["actions"]
        # the seat is the side to act, but where a decision needs no hidden card (Phlog: a joker window no hand
        # can answer with a joker): the other seat's screen takes it
        assert answer["seat"] == answer["turn"]["to_act"] or [a["action"]["type"] for a in answer["actions"]] == ["DeclineJoker"]
        seated.add(answer["seat"])
    assert seated == sides  # both people had turns
    end, state = answers[-1], session.state
    assert end["seat"] == state.history[-1].action.player and end["moves"] == len(state.history)
    outcome = end["outcome"]
    if state.outcome.winner is None:
        assert (outcome["result"], outcome["headline"]) == ("draw", "Draw")
    else:
        assert (outcome["result"], outcome["headline"]) == ("won", f"{state.outcome.winner.capitalize()} wins")
    assert outcome["why"].endswith(".") and outcome["why"].lower().startswith(state.outcome.reason.lower()[:10])
    assert [offer["do"] for offer in outcome["offers"]] == ["again"]  # two people: no side to swap, no bot to make stronger


def test_against_a_bot_the_seat_is_the_humans_and_the_outcome_says_won_or_lost():
    results = set()
    for seed in range(12):
        session = Session("simple_plastic", "open_field", seed, "tan", "random")
        answer = _play_randomly(session, random.Random(seed), limit=2000)
        assert answer["seat"] == "tan" and answer["mode"] == "bot" and answer["hidden"] is False
        winner = session.state.outcome.winner
        expected = "draw" if winner is None else "won" if winner == "tan" else "lost"
        assert answer["outcome"]["result"] == expected
        assert answer["outcome"]["headline"] == {"won": "You won", "lost": "You lost", "draw": "Draw"}[expected]
        # the end banner's buttons, for the page and Lab alike: the next bot up from random is greedy
        assert answer["outcome"]["offers"] == [{"do": "again", "text": "Play again"}, {"do": "swap", "text": "Swap sides"},
                                               {"do": "stronger", "text": "Stronger opponent", "bot": "greedy"}]
        results.add(expected)
    assert {"won", "lost"} <= results


def test_the_opponent_may_be_another_person_and_back_to_a_bot():
    session = Session("phlog", "corridor", 3, "green")
    assert list(session.bot_choices())[-1] == "person" and "another person" in session.bot_choices()["person"]
    answer = session.command("opponent", "person")
    assert answer["mode"] == "people" and answer["bot"] == "person" and session.bots == {}
    assert answer["hidden"] is True
    while session.state.current_player == "green":  # green plays on until tan is to act: tan's seat now
        answer = session.play(len(answer["actions"]) - 1)
    assert answer["seat"] == "tan" and answer["actions"] and answer["last"]
    assert {entry["who"] for entry in answer["last"]} == {"green"}
    answer = session.command("opponent", "greedy")  # the bot takes tan's seat and plays at once
    assert answer["mode"] == "bot" and answer["seat"] == "green" and session.state.current_player == "green"
    before = session.save()
    assert session.command("opponent", "nobody")["message"]["kind"] == "error" and session.save() == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_last_tells_the_bots_actions_since_the_humans_own_with_where_they_were(case):
    from boards.live import new_session

    ruleset, scenario, human = case
    rng = random.Random(8)
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 4, "human": human})
    placed = 0
    for _ in range(25):
        answer = session.answer()
        if answer["outcome"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
        history = session.state.history
        mine = max(i for i, turn in enumerate(history) if turn.action.player == human)
        bots = history[mine + 1:]
        assert [entry["who"] for entry in answer["last"]] == [turn.action.player for turn in bots]
        for entry, index in zip(answer["last"], range(mine + 1, len(history))):
            assert entry["text"].startswith(entry["who"].capitalize() + ": ")
            before = session.state.clone()
            while len(before.history) > index:
                before.undo()
            where = session.anchor(before, history[index].action)
            if where is not None:
                placed += 1
                assert entry["from"] == (None if where.piece is None else list(where.piece))
                assert where.target is None or list(where.target) in (entry["to"], entry["at"])
        layer = answer["layers"]["last"]
        assert len(layer["x0"]) == sum(1 for e in answer["last"] if e["from"] or e["to"] or e["at"])
    assert placed


def test_last_carries_the_dice_of_a_roll():
    session = Session("simple_plastic", "skirmish", 3, "green", "greedy")
    rng = random.Random(3)
    answer = session.answer()
    while not any(entry["dice"] for entry in answer["last"]):
        assert not answer["outcome"]
        answer = session.play(rng.randrange(len(answer["actions"])))
    rolled = next(entry for entry in answer["last"] if entry["dice"])
    assert all(isinstance(f, int) and 1 <= f <= 6 for f in rolled["dice"])
    assert "rolls " + ", ".join(map(str, rolled["dice"])) in rolled["text"]


def test_the_log_names_the_side_of_each_move_and_says_it_as_the_other_sides_turn_is_told():
    """A replay says the move shown by the side that made it, never "Bot" (issue 35): each log entry's ``side``
    and ``said``, the same sentence :meth:`Session.last` tells of that turn."""
    session = Session("dice_tactics", "river_crossing", 4, "green", "greedy")
    rng = random.Random(2)
    answer = session.answer()
    def bot_played_a_card(answer):
        return any(e["who"] == "Bot" and e["text"].startswith("play ") for e in answer["log"])

    while not (any(entry["who"] == "tan" for entry in answer["last"]) and bot_played_a_card(answer)):
        assert not answer["outcome"]
        answer = session.play(rng.randrange(len(answer["actions"])))
    log = {entry["index"]: entry for entry in answer["log"] if entry["who"] != "Setup"}
    moves = answer["moves"]
    told = dict(zip(range(moves - len(answer["last"]) + 1, moves + 1), answer["last"]))
    for index, step in told.items():
        assert log[index]["who"] == "Bot" and log[index]["side"] == "tan" and log[index]["said"] == step["text"]
    assert all(entry["side"] == ("green" if entry["who"] == "You" else "tan") for entry in log.values())
    assert all(entry["said"].startswith(entry["side"].capitalize() + ": ") for entry in log.values())
    played = next(entry for entry in log.values() if entry["text"].startswith("play ") and entry["who"] == "Bot")
    assert played["said"].startswith(f"Tan: tan plays {played['text'][5:]}"), played


def test_log_entries_are_numbered_as_the_history():
    session = Session("army_men", "standard", 3, "green")
    _play_randomly(session, random.Random(1), limit=5)
    answer = session.answer()
    numbered = [entry["index"] for entry in answer["log"] if entry["who"] != "Setup"]
    assert numbered == list(range(1, len(session.state.history) + 1)) and answer["moves"] == len(numbered)


@pytest.mark.parametrize("ruleset, scenario", [("phlog", "corridor"), ("dice_tactics", "river_crossing")])
def test_two_people_never_see_the_others_hidden_cards(ruleset, scenario):
    """Every answer is for its seat only: no event hidden from it, no action in words only its owner may read,
    and the board (cards included) drawn from the seat's own view."""
    from boards.live import live_layers, new_session

    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 7, "human": "green", "bot": "person"})
    rng = random.Random(9)
    answer, answers = session.answer(), 0
    differed = worded = 0
    while not answer["outcome"] and answers < 120:
        seat, state = answer["seat"], session.state
        other = state.other(seat)
        text = json.dumps({k: v for k, v in answer.items() if k != "actions"}, ensure_ascii=False)  # its own
        secrets = {e.text for e in state.events_for(other)} - {e.text for e in state.events_for(seat)}
        assert answer["hidden"] is True
        assert not [s for s in secrets if s in text]
        told = [entry for entry in answer["log"] if entry["who"] != "Setup"]
        assert [entry["text"] for entry in told] == [said.words[seat] for said in session._words]
        worded += any(said.words[seat] != said.words[other] for said in session._words)  # hidden words were told
        assert answer["layers"] == json.loads(json.dumps({**live_layers(ruleset, seat)(state),
                                                         "choices": session.choices(),
                                                         "last": session.last_layer()}))
        differed += live_layers(ruleset, other)(state) != live_layers(ruleset, seat)(state)
        answer = session.play(rng.randrange(len(answer["actions"])))
        answers += 1
    assert differed > 10 and worded > 10


# -- history: look at any entry, go back to it, swap sides -----------------------------------------------
def _replayed(session, entries):
    """The game as it was after ``entries`` history entries, rebuilt from a new game (not by undo)."""
    rs = session.ruleset
    state = rs.scenarios[session.scenario](session.state.game.settings, seed=session.seed)
    for turn in session.state.history[:entries]:
        state.apply(turn.action, dice=turn.dice)
    return state


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_at_shows_the_board_after_any_entry_and_changes_nothing(case):
    from boards.live import live_layers, new_session

    ruleset, scenario, human = case
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 4, "human": human})
    _play_randomly(session, random.Random(3), limit=8)
    before, now = session.save(), session.answer()
    entries = len(session.state.history)
    for n in sorted({0, 1, entries // 2, entries}):
        view = session.command("at", n)
        assert view["viewing"] == n and session.save() == before
        assert {k: v for k, v in view.items() if k not in ("layers", "viewing")} == \
            {k: v for k, v in now.items() if k != "layers"}
        drawn = live_layers(ruleset, human)(_replayed(session, n))
        assert {k: v for k, v in view["layers"].items() if k not in ("choices", "last")} == json.loads(json.dumps(drawn))
        assert view["layers"]["choices"]["x"] == [] and len(view["layers"]["last"]["x0"]) <= 1
    for bad in (-1, entries + 1, "2", None, True, 1.5):
        refused = session.at(bad)
        assert refused["message"]["kind"] == "error" and "viewing" not in refused and session.save() == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_two_people_rewind_to_any_entry_and_replaying_the_same_actions_gives_the_same_game(case):
    ruleset, scenario, human = case
    session = Session(ruleset, scenario, 6, human, bot="person")
    _play_randomly(session, random.Random(4), limit=12)
    saved, turns = session.save(), list(session.state.history)
    n = len(turns) // 3
    answer = session.command("rewind", n, True)  # the other person agreed to take back their moves too
    assert answer["message"]["text"] == f"Back to entry {n}." and answer["moves"] == n
    assert session.save() == _replayed(session, n).to_json()
    assert [entry["index"] for entry in answer["log"] if entry["who"] != "Setup"] == list(range(1, n + 1))
    for turn in turns[n:]:
        assert session.try_action(turn.action.to_dict(), turn.dice)["message"] is None
    assert session.save() == saved
    for bad in (-1, len(turns) + 1, "x"):
        assert session.rewind(bad)["message"]["kind"] == "error" and session.save() == saved


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_against_a_bot_rewind_lands_on_the_humans_decision_and_the_bots_do_not_replay(case):
    session = _session(case)
    _play_randomly(session, random.Random(5), limit=10)
    turns = list(session.state.history)
    for n in sorted({*range(len(turns), -1, -3), 0}):  # every third entry, and the start
        probe = _session(case)
        probe.load(session.save())
        answer = probe.rewind(n)
        kept = len(probe.state.history)
        assert answer["turn"]["yours"] and answer["actions"]
        if n == 0 and turns[0].action.player != case[2]:  # the bot opens the game: it plays its opening again
            continue
        assert kept <= n and probe.state.history == turns[:kept]
        # the latest point at or before n where the human was to act: they played the next entry, the bots the rest
        assert turns[kept].action.player == case[2] if kept < len(turns) else kept == n
        assert all(turn.action.player != case[2] for turn in turns[kept + 1:n])


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_swap_starts_the_same_scenario_with_the_human_on_the_other_side(case):
    ruleset, scenario, human = case
    session = _session(case)
    _play_randomly(session, random.Random(6), limit=4)
    answer = session.command("swap")
    other = session.state.other(human)
    assert (answer["human"], answer["seat"], session.human) == (other, other, other)
    assert set(session.bots) == {human} and answer["turn"]["yours"] and answer["message"]["kind"] == "note"
    fresh = Session(ruleset, scenario, 3, other)
    assert session.save() == fresh.save()
    people = Session(ruleset, scenario, 3, human, bot="person")
    assert people.swap()["human"] == other and people.bots == {} and not people.state.history


# -- share: a link holds the game; opening it is a load like any other ----------------------------------
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_link_opens_the_same_game_with_the_same_side_and_opponent(case):
    from boards.live import new_session

    ruleset, scenario, human = case
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 5, "human": human, "bot": "random"})
    _play_randomly(session, random.Random(7), limit=10)
    session.swap()  # tan's side now
    _play_randomly(session, random.Random(8), limit=6)
    answer = session.command("link")
    link = answer["link"]
    assert link.startswith("g1.") and all(c.isalnum() or c in "-_." for c in link)  # safe in a URL fragment
    other = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 9, "human": human})
    opened = other.command("open", "#" + link)
    assert opened["message"] == {"kind": "note", "text": "Opened the game from the link."}
    assert other.save() == session.save() and other.config() == session.config()
    assert {k: v for k, v in opened.items() if k != "message"} == {k: v for k, v in answer.items()
                                                                  if k not in ("message", "link")}
    people = Session(ruleset, scenario, 2, human, bot="person")
    people.play(0)
    again = Session(ruleset, scenario, 2, human)
    assert again.open(people.link())["mode"] == "people" and again.save() == people.save()


def test_bad_links_are_refused_in_words_and_the_game_is_unchanged():
    import base64
    import zlib

    session = Session("phlog", "corridor", 3, "green")
    _play_randomly(session, random.Random(1), limit=5)
    before, config = session.save(), session.config()
    link = session.link()
    pack = lambda payload: "g1." + base64.urlsafe_b64encode(zlib.compress(json.dumps(payload).encode())).decode()
    payload = {"save": json.loads(before), "human": "green", "bot": "greedy", "bot_seed": 1, "seed": 3}
    other_game = Session("simple_plastic", "skirmish", 3, "green").link()
    cases = {
        link[: len(link) // 2]: "cut short or garbled",
        link[:-3] + "AAA": "cut short or garbled",
        "hello": "does not start with 'g1.'",
        "g1.!!!!": "cut short or garbled",
        "g1." + "A" * 300_000: "characters long",
        pack("x" * 3_000_000): "unpacks to more than",
        other_game: f"a game of Simple Plastic Wargame, not {explorer.get_ruleset('phlog').title}",
        pack({**payload, "save": {**payload["save"], "ruleset": "chess"}}): "'chess'",
        pack({**payload, "human": "blue"}): "side 'blue'",
        pack({**payload, "bot": "clever"}): "opponent 'clever'",
        pack({**payload, "seed": "x"}): "seeds",
        pack([1, 2]): "no saved game",
        pack({**payload, "save": {**payload["save"], "actions": payload["save"]["actions"][:-1]}}): "Cannot open",
        pack({**payload, "human": "tan", "save": {**payload["save"], "current": {}}}): "Cannot open",
    }
    for text, words in cases.items():
        answer = session.command("open", text)
        assert answer["message"]["kind"] == "error", text[:40]
        assert answer["message"]["text"].startswith("Cannot open this link: ") and words in answer["message"]["text"]
        assert session.save() == before and session.config() == config and session.human == "green"
    assert session.open(None)["message"]["kind"] == "error" and session.save() == before


# -- the simple mode: one button moves the game on ------------------------------------------------------
@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_the_next_step_button_ends_the_move_or_turn_and_pressing_it_plays_the_game_to_its_end(case):
    """Pressing the step whenever there is one (else a random action) plays a whole game; each step is the
    declared end-of-move/turn action or the only one offered, in short words."""
    ruleset, scenario, human = case
    steps = set(explorer.get_ruleset(ruleset).next_step)  # as the ruleset declares them
    session = Session(ruleset, scenario, 2, human, bot="random")
    rng = random.Random(2)
    answer, kinds = session.answer(), set()
    for _ in range(3000):
        if answer["outcome"]:
            break
        step = answer["step"]
        offered = list(session.state.legal_actions)
        if step is not None:
            kind = type(offered[step["id"]]).__name__
            assert kind in steps or len(offered) == 1
            assert step["text"][0].isupper() and "(" not in step["text"] and len(step["text"]) <= 40
            if kind in steps:
                kinds.add(kind)
        else:
            assert len(offered) > 1 and not {type(a).__name__ for a in offered} & steps
        use = step is not None and rng.random() < 0.7
        answer = session.play(step["id"] if use else rng.randrange(len(answer["actions"])))
    assert answer["outcome"] and answer["step"] is None
    assert kinds == steps - {"DeclineJoker"} or kinds == steps


def test_simple_plastic_steps_are_end_move_then_end_attack():
    session = Session("simple_plastic", "skirmish", 3, "green")
    assert session.answer()["step"]["text"] == "End move"
    answer = session.play(session.answer()["step"]["id"])
    assert answer["turn"]["phase"] == "attack" and answer["step"]["text"] == "End attack"


# -- actions in plain words: places by the terrain, no coordinates --------------------------------------
def test_a_place_on_the_table_is_named_by_the_terrain_or_the_edge():
    from boards.tabletop import place_words

    table = explorer.get_ruleset("simple_plastic").new_game("skirmish", seed=3).table  # hedge 12-22 x 6-7
    assert place_words(table, (37.0, 30.0)) == "on the hill"
    assert place_words(table, (16.0, 8.5)) == "next to the hedge"  # 1.5 inches off it
    assert place_words(table, (16.0, 10.5)) == "in the open"  # 3.5 inches off: too far to name it
    assert place_words(table, (1.0, 20.0)) == "near the table's edge"
    assert place_words(table, (10.0, 20.0)) == "in the open"


def test_a_square_is_named_by_its_terrain():
    from boards.grid import square_words
    from boards.phlog import STYLES

    state = explorer.get_ruleset("phlog").new_game("corridor", seed=1)
    assert (state.terrain[(3, 2)], square_words(STYLES, state.terrain, (3, 2))) == ("pit", "onto the pit")
    assert square_words(STYLES, state.terrain, (5.0, 0.0)) == "onto the wall"  # a board's float point too
    assert square_words(STYLES, state.terrain, (0, 0)) == ""  # plain floor: nothing to say


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_every_offered_action_is_said_in_words_without_coordinates(case):
    from boards.live import new_session

    ruleset, scenario, human = case
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 3, "human": human})
    rng = random.Random(12)
    answer, placed, spelt = session.answer(), 0, 0
    for _ in range(40):
        if answer["outcome"]:
            break
        for offered in answer["actions"]:
            words = offered["words"]
            assert words and not re.search(r"\d+(\.\d+)?, \d", words) and not re.search(r"\b[NSEW]{1,2}\b", words)
            placed += words != offered["text"] and "(" in offered["text"]
            spelt += any(direction in words for direction in ("north", "south", "east", "west"))
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert placed or spelt


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_what_the_other_side_did_is_said_in_plain_words(case):
    """The sentence under the board (what happened since the seat's own last action) is in the simple mode's
    words: no coordinates, no compass letters, and no figure ids where the board names the figure."""
    from boards.live import new_session

    ruleset, scenario, human = case
    session = new_session({"ruleset": ruleset, "scenario": scenario, "seed": 3, "human": human})
    rng, named, sentences = random.Random(5), 0, 0
    answer = session.answer()
    for _ in range(40):
        if answer["outcome"]:
            break
        for entry in answer["last"]:
            text = entry["text"]
            sentences += 1
            assert not re.search(r"\(-?\d+(\.\d+)?, -?\d", text), text
            assert not re.search(r"\b[NSEW]{1,2}\b", text), text
            assert not re.search(r"\b(green|tan)-\d", text), text  # phlog's and dice tactics' ids
            named += " your " in text or " the tan " in text or " the green " in text
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert sentences and named


def test_a_step_into_a_pit_says_so():
    """Phlog: a step into a pit says where it goes and that the fighter leaves the game (terrain.pits)."""
    from boards.live import new_session

    session = new_session({"ruleset": "phlog", "scenario": "corridor", "seed": 1, "human": "green", "bot": "person"})
    rng = random.Random(3)
    for _ in range(300):
        state = session.state
        for action in state.legal_actions:
            where = session.anchor(state, action)
            if type(action).__name__ in ("Step", "Jump") and state.terrain.get(where.target) == "pit":
                assert session.words(action).endswith(" onto the pit: out of the game")
                return
        session.play(rng.randrange(len(session.answer()["actions"])))
        assert not session.state.is_over
    pytest.fail("no step into a pit was offered")


def test_two_people_a_forced_joker_window_is_answered_without_passing_the_device():
    """Issue 35: the device is passed only for a decision that needs its player's hidden cards. In Phlog every one
    does but a joker window when both jokers lie face up in the spent piles: no hand holds one, so "let it stand"
    is forced and seen by both; it is taken on the screen of the seat that holds the device, from its view."""
    from explorer.core.session.answers import decision_is_private

    session = Session("phlog", "corridor", 6, "green", bot="person")  # seed 6: both jokers spent by action 57
    bot = make_bot(session.ruleset, "greedy", 1)
    state, seats = session.state, []
    while not state.is_over and decision_is_private(state):
        seats.append(session.seat)
        assert session.seat == state.current_player
        session.play(list(state.legal_actions).index(bot(state)))
    assert not state.is_over, "no forced joker window in this game"
    spent = [card.code for side in state.sides for card in state.position.piles[side].spent if card.is_joker]
    assert len(spent) == 2 and state.position.pending.stage == "offer"
    to_act, answer = state.current_player, session.answer()
    assert answer["seat"] == seats[-1] == state.other(to_act)  # the device stays where it is
    assert [a["action"] for a in answer["actions"]] == [{"type": "DeclineJoker", "player": to_act}]
    hand = {card.code for card in state.position.piles[to_act].hand}
    shown = json.dumps({k: v for k, v in answer.items() if k != "save"}, ensure_ascii=False)
    assert not [code for code in hand if re.search(rf"(?<!\w){re.escape(code)}(?!\w)", shown)]  # not its hand
    after = session.play(0)
    assert state.history[-1].action.player == to_act and after["message"] is None


def test_two_people_undo_takes_back_your_own_move_or_asks_the_other_person():
    """Issue 35: the seat's own last action is taken back at once; the other person's only when they agree (asked in
    words, with the command that does it), and the game is left as it was until then."""
    session = Session("phlog", "corridor", 3, "green", bot="person")
    assert session.answer()["can_undo"] is False and session.undo()["message"]["text"] == "Nothing to undo."
    saves = [session.save()]
    session.play(0)  # green nominates a fighter, and goes on
    assert session.seat == "green" and session.undo()["message"]["text"] == "Undone."  # green's own: at once
    assert session.save() == saves[0]
    answer = session.answer()
    while session.state.current_player == "green":
        answer = session.play(len(answer["actions"]) - 1)
        saves.append(session.save())
    session.play(0)  # tan's first action (its answer to green's card); then green acts again
    assert session.seat == "green"
    after = session.save()
    asked = session.undo()  # tan's move, asked by green
    assert asked["message"] == {"kind": "confirm", "text": "Take back tan's move? tan must agree.",
                                "yes": "Yes, tan agrees", "confirm": {"name": "undo", "args": [True]}}
    assert session.save() == after and asked["seat"] == "green"
    refused = session.command("undo", "yes")
    assert refused["message"]["kind"] == "error" and "true or false" in refused["message"]["text"]
    assert session.save() == after
    assert session.command("undo", True)["seat"] == "tan" and session.save() == saves[-1]
    assert session.undo()["message"]["text"] == "Take back green's move? green must agree."  # now tan asks green
    assert session.save() == saves[-1]


def test_two_people_rewind_over_the_other_persons_moves_is_asked_first():
    session = Session("phlog", "corridor", 3, "green", bot="person")
    answer = session.answer()
    while session.state.current_player == "green":
        answer = session.play(len(answer["actions"]) - 1)
    greens = len(session.state.history)
    session.play(0)  # tan's first action
    saved = session.save()
    asked = session.rewind(1)
    # green, to act again after tan's answer, rewinds over its own moves and tan's one: tan is asked
    assert session.seat == "green" and greens == 2  # a fighter nominated, a card played
    assert asked["message"]["text"] == "Take back tan's move? tan must agree."
    assert asked["message"]["confirm"] == {"name": "rewind", "args": [1, True]} and session.save() == saved
    assert session.command("rewind", 1, True)["moves"] == 1
    # against a bot nothing is asked: the human's own decision
    against = Session("phlog", "corridor", 3, "green", bot="greedy")
    against.play(0)
    assert against.undo()["message"]["text"] == "Undone."


def test_a_tap_that_would_surely_end_the_game_is_asked_about_first():
    """Army men: the last green trooper tapped off the table's edge is asked about (nothing played), then played
    when confirmed; a tap to a spot on the table plays at once."""
    from boards.army_men import TAP_RADIUS, anchor
    from explorer.core.session import make_bot
    from tests.army_men_support import game, trooper

    def session():
        state = game(trooper("g1", 2, 10), trooper("t1", 40, 30))
        return Session(state=state, bots={"tan": make_bot(state.ruleset, "greedy", 1)}, human="green",
                       anchor=anchor, tap_radius=TAP_RADIUS)

    asked = session()
    answer = asked.tap(-1, 10)
    assert answer["message"]["kind"] == "confirm" and "This ends the game" in answer["message"]["text"]
    assert not asked.state.history and answer["outcome"] is None
    assert asked.tap(-1, 10, True)["outcome"]["winner"] == "tan"
    on_table = session()
    on_table.tap(5, 10)
    assert [turn.action.to_dict()["type"] for turn in on_table.state.history][:1] == ["Move"]


def test_only_rulesets_that_roll_dice_say_so_to_the_page():
    """The page offers a box for your own dice only where the rules roll them: its answer says which."""
    from boards import live

    rolls = {}
    for name in ("army_men", "simple_plastic", "one_brain_cell", "phlog", "dice_tactics"):
        answer = json.loads(live.start(json.dumps({"ruleset": name})))
        rolls[name] = answer["rolls_dice"]
    assert rolls == {"army_men": True, "simple_plastic": True, "one_brain_cell": True,
                     "phlog": False, "dice_tactics": False}


def test_a_spot_that_takes_a_figure_off_the_table_is_marked_apart():
    """Army men: a move off the table's edge takes the trooper out of play, so the board marks its spot
    ``off``, not as an ordinary target; every other offered spot of the chosen trooper stays a ``target``."""
    from boards import live

    session = live.new_session({"ruleset": "army_men", "scenario": "standard", "seed": 0})
    state = session.state
    trooper = state.figures["g1"]
    session.selected = (trooper.x, trooper.y)
    choices = session.choices()
    spots = {(x, y): kind for x, y, kind in zip(choices["x"], choices["y"], choices["kind"])
             if kind in ("target", "off")}
    moves = [a for a in state.legal_actions if getattr(a, "trooper", None) == "g1" and hasattr(a, "to")]
    leaving = {tuple(a.to) for a in moves if not state.table.on_table(a.to)}
    assert leaving, "the scenario offers g1 a move off the table"
    assert {spot for spot, kind in spots.items() if kind == "off"} == leaving
    assert all(kind == "target" for spot, kind in spots.items() if spot not in leaving)


def test_the_page_answer_marks_the_actions_that_end_the_game_and_says_the_seats_own_cards():
    """boards.live's page answer: an offered action that surely ends the game is marked ``ends`` (army men: each
    move walking the last trooper off the table, and only those), so the page asks first from the list, the big
    button or a card as from a tap; and ``cards`` are the faces of the seat's own cards only (Phlog: what each
    counts; Dice Tactics: what each does), never the other side's."""
    from boards import live
    from explorer.core.session import make_bot
    from explorer.rulesets.dice_tactics.data import CARDS
    from tests.army_men_support import game, trooper

    state = game(trooper("g1", 2, 10), trooper("t1", 40, 30))
    link = Session(state=state, bots={"tan": make_bot(state.ruleset, "greedy", 1)}, human="green").link()
    live.start(json.dumps({"ruleset": "army_men"}))
    answer = json.loads(live.command(json.dumps({"name": "open", "args": [link]})))
    offered = list(live._session.state.legal_actions)
    ending = {a["id"] for a in answer["actions"] if a.get("ends")}
    leaving = {i for i, action in enumerate(offered)
               if type(action).__name__ == "Move" and not live._session.state.table.on_table(action.to)}
    assert ending and ending == leaving
    assert "cards" not in answer  # no cards in army men

    answer = json.loads(live.start(json.dumps({"ruleset": "phlog", "seed": 1})))
    hand = live._session.state.view("green").hand
    other = live._session.state.view("tan").hand
    assert set(answer["cards"]) == {"joker" if c.is_joker else c.code for c in hand}
    assert all(face["does"].startswith("counts ") for key, face in answer["cards"].items() if key != "joker")
    theirs = {c.code for c in other} - {c.code for c in hand}
    assert theirs and not theirs & set(answer["cards"])  # tan's cards are never said to green

    answer = json.loads(live.start(json.dumps({"ruleset": "dice_tactics", "seed": 1})))
    view = live._session.state.view("green")
    assert answer["cards"] == {key: {"face": CARDS[key].name, "does": CARDS[key].text}
                               for key in (*view.hand, *view.offered)}
    assert {a["action"]["card"] for a in answer["actions"] if a["action"]["type"] == "Keep"} <= set(answer["cards"])


def test_the_page_answer_says_which_actions_play_a_card_they_do_not_name():
    """boards.live's page answer: ``card_plays`` (the board module's CARD_PLAYS) names the actions that play a card
    without naming it, which the page shows as that card's ways: Phlog's three answers to a joker, as the joker
    (card_faces's name for it); a ruleset whose card actions all name their card, or that has none, says nothing."""
    import dataclasses

    from boards import live
    from explorer.rulesets.phlog.actions import ACTIONS

    answer = json.loads(live.start(json.dumps({"ruleset": "phlog", "seed": 1})))
    assert answer["card_plays"] == {"PlayJoker": "joker", "CancelJoker": "joker", "DeclineJoker": "joker"}
    unnamed = {kind.__name__ for kind in ACTIONS if "card" not in {f.name for f in dataclasses.fields(kind)}}
    assert set(answer["card_plays"]) <= unnamed
    for ruleset in ("dice_tactics", "army_men"):
        assert "card_plays" not in json.loads(live.start(json.dumps({"ruleset": ruleset, "seed": 1})))


def test_the_no_joker_button_says_what_a_joker_is_and_other_steps_say_nothing_more():
    """Phlog: the one-button step "No joker" comes with the ruleset's sentence on what a joker does (the source's
    jokers: the one holding it names a new value for the card just shown); End turn needs no such sentence."""
    session = Session("phlog", "corridor", 3, "green")
    rng, seen = random.Random(1), set()
    answer = session.answer()
    for _ in range(300):
        if answer["outcome"]:
            break
        step = answer["step"]
        if step is not None:
            seen.add(step["text"])
            if step["text"] == "No joker":
                assert "joker" in step["why"] and "new value" in step["why"]
            else:
                assert "why" not in step
        answer = session.play(rng.randrange(len(answer["actions"])))
    assert {"No joker", "End turn"} <= seen


def test_the_sources_shorthand_is_spelt_out_in_simple_words():
    """1BC's source writes "H2H" for hand-to-hand combat: the expert's words keep it, the simple mode's say
    "hand-to-hand" (the ruleset's ``plain_terms``), in the log's events and in the actions offered."""
    from boards.live import new_session

    session = new_session({"ruleset": "one_brain_cell", "scenario": None, "seed": 3, "human": "green", "bot": "person"})
    rng, expert, simple = random.Random(2), [], []
    answer = session.answer()
    for _ in range(120):
        if answer["outcome"]:
            break
        offered = list(session.state.legal_actions)
        expert += [session.state.describe(a, session.seat) for a in offered]
        simple += [session.words(a) for a in offered]
        answer = session.play(rng.randrange(len(answer["actions"])))
    for entry in session.log():
        expert += [entry["text"], *(e["text"] for e in entry["events"])]
        simple += [entry["words"], *(e["words"] for e in entry["events"])]
    assert any("H2H" in text for text in expert)
    assert not [text for text in simple if "H2H" in text]
    assert any("hand-to-hand" in text for text in simple)
