"""*Make it a challenge* in live play (explorer/core/session/making.py): a set-up made into a challenge of each
goal kind, its solution recorded on the board, checked as ``make challenge`` checks a file, written as TOML that
reads back, is checked clean and is practised and solved in a Session; each failure of the check said in words;
bad inputs refused in words with nothing changed; a lesson of several challenges, in order."""

from __future__ import annotations

import copy

import pytest

from explorer.core.challenges import check, link_text, load
from explorer.core.session import PERSON, Session


def make(session: Session, *args) -> dict:
    return session.command("make", *args)


def said(answer: dict) -> str:
    return answer["message"]["text"]


def set_up(session: Session, edit) -> None:
    """The table being set up in ``session``, edited by ``edit`` (a function of the SetUp)."""
    assert session.command("setup", "begin")["message"]["kind"] == "note"
    session._show_setup(edit(session.setting_up), None, ("none",))


def pick(session: Session, *edits) -> None:
    for edit in edits:
        answer = make(session, *edit)
        assert answer["message"]["kind"] == "note", (edit, said(answer))


def made(session: Session) -> str:
    """The challenge's TOML text once its check passes (``result``)."""
    answer = make(session, "result")
    assert answer["message"]["kind"] == "note", said(answer)
    assert link_text(answer["challenge_link"]) == answer["challenge_text"]
    return answer["challenge_text"]


def practised_and_solved(ruleset: str, text: str) -> None:
    """``text`` reads back to a challenge whose check is clean, which a new Session opens, practises and solves
    by replaying the recorded solution (its dice too)."""
    (challenge,) = load(text, _ruleset(ruleset)).values()
    assert check(challenge) == []
    learner = Session(ruleset, bot=PERSON)
    assert learner.open_lesson(text)["message"]["kind"] == "note"
    learner.practise(challenge.name, True)
    for action, dice in challenge.solution_actions():
        answer = learner.try_action(action.to_dict(), dice)
    assert answer["challenge"]["solved"] and answer["challenge"]["stars"] == 3


def _ruleset(name: str):
    from explorer.core.registry import get_ruleset
    return get_ruleset(name)


# -- Simple Plastic -------------------------------------------------------------------------------------------

def plastic(edit=lambda s: s) -> Session:
    session = Session("simple_plastic", "sniper_duel", seed=1, human="green", bot="greedy")
    set_up(session, edit)
    return session


def sniper_near_the_bushes(setup):
    setup = setup.move("g-sniper", (4.0, 17.0))
    for piece in ("g2", "g3", "t2", "t3"):
        setup = setup.remove(piece)
    return setup


BUSHES = [("set", "title", "Sniper to the bushes"), ("set", "hint", "A soldier walks one span (4 inches) at most."),
          ("set", "goal_text", "Walk your sniper into the bushes."), ("set", "kind", "reach"),
          ("set", "test", "in_terrain"), ("arg", "figure", "g-sniper"), ("arg", "terrain", "bushes"),
          ("set", "sections", ["turn", "moving.span"])]
INTO_THE_BUSHES = {"type": "MoveFigure", "figure": "g-sniper", "to": [6.82842712474619, 19.82842712474619]}


def record(session: Session, *actions, what: str = "solution") -> dict:
    assert make(session, "record", what)["message"]["kind"] == "note"
    for action, dice in actions:
        answer = session.try_action(action, dice)
        assert answer["message"] is None, said(answer)
    return make(session, "stop")


def test_a_reach_challenge_made_from_a_set_up_recorded_checked_and_solved():
    session = plastic(sniper_near_the_bushes)
    assert said(make(session, "check")) == "No challenge is being made: press Make it a challenge first."
    began = make(session, "begin")
    making = began["making"]
    assert making["challenge"]["start"] == {"scenario": "sniper_duel", "seed": 1,
                                            "figures": {"g-sniper": {"x": 4.0, "y": 17.0}},
                                            "remove": ["g2", "g3", "t2", "t3"]}
    assert making["challenge"]["side"] == "green" and "a recorded solution" in making["needs"]
    tests = {t["name"]: t for t in making["choices"]["tests"]}
    assert tests["in_terrain"]["args"] == [{"name": "figure", "picks": "piece"},
                                           {"name": "terrain", "picks": "terrain"}]
    assert tests["in_terrain"]["words"].startswith("The figure is in play and stands in the named terrain")
    assert {"key": "moving.span", "title": _ruleset("simple_plastic").sections["moving.span"].title} in \
        making["choices"]["sections"]
    assert "g-sniper" in making["choices"]["pieces"] and "bushes" in making["choices"]["terrain"]
    assert [k["name"] for k in making["choices"]["kinds"]] == ["reach", "best", "sure"]
    pick(session, *BUSHES)
    assert said(make(session, "check")) == "Not ready: it still needs a recorded solution."
    before = session.state
    recording = make(session, "record")
    assert recording["making"]["recording"] and session.state is not before and recording["human"] == "green"
    assert said(make(session, "check")).startswith("The solution is being recorded")  # nothing else while recording
    session.try_action(INTO_THE_BUSHES)
    stopped = make(session, "stop")
    assert said(stopped) == "Recorded 1 step." and session.state is before  # the board is back at the set-up
    assert stopped["setup"] is not None  # still being set up
    assert said(make(session, "check")) == "Ready: the check found nothing wrong."
    text = made(session)
    assert 'name = "sniper-to-the-bushes"' in text and "limit = 1" in text  # name from the title, limit the solution's
    practised_and_solved("simple_plastic", text)


def test_the_goals_arguments_picked_by_tapping_the_board():
    """A tap near a figure (not on it) names it; inside a terrain piece names the piece; a squad is the tapped
    figure's squad; on a grid, a tap gives a square's column and row, and a list of units gains or loses the unit
    tapped; what is not a piece, a terrain or a square is picked from its list."""
    session = plastic(sniper_near_the_bushes)
    make(session, "begin")
    pick(session, ("set", "kind", "reach"), ("set", "test", "in_terrain"))
    bushes = next(t for t in session.setting_up.terrain() if t["name"] == "bushes")
    (left, bottom), (right, top) = map(min, zip(*bushes["points"])), map(max, zip(*bushes["points"]))
    pick(session, ("pick", "figure", 4.6, 17.0), ("pick", "terrain", (left + right) / 2, (bottom + top) / 2))
    assert session.making_answer()["challenge"]["args"] == {"figure": "g-sniper", "terrain": "bushes"}
    assert said(make(session, "pick", "squad", 4.6, 17.0)) == "Not set: the goal's test 'in_terrain' takes no 'squad'."
    pick(session, ("set", "test", "in_cohesion"))
    assert said(make(session, "pick", "squad", 4.6, 17.0)) == "Not set: g-sniper is in no squad; tap a figure of the squad."
    g1 = next(p for p in session.setting_up.pieces() if p["id"] == "g1")
    pick(session, ("pick", "squad", g1["x"], g1["y"] - 0.5))
    assert session.making_answer()["challenge"]["args"] == {"squad": "alpha"}
    refused = make(session, "pick", "still", 4.0, 17.0)
    assert said(refused) == "Not set: still is picked from its list, not on the board."

    tactics = Session("dice_tactics", seed=1)
    tactics.command("setup", "begin")
    make(tactics, "begin")
    pick(tactics, ("set", "kind", "reach"), ("set", "test", "at"), ("pick", "col", 2.3, 3.4))
    assert tactics.making_answer()["challenge"]["args"] == {"col": 2, "row": 3}
    pick(tactics, ("set", "test", "defeated"), ("pick", "units", 0.2, 1.1), ("pick", "units", 0, 2),
         ("pick", "units", 0, 1))
    assert tactics.making_answer()["challenge"]["args"] == {"units": ["green-2"]}


def best_shot_table(setup):
    setup = setup.move("g1", (15.0, 14.0)).move("g2", (15.0, 14.75)).move("g-sniper", (15.0, 17.0))
    setup = setup.move("t-sniper", (18.0, 3.0))
    for piece in ("g3", "t2", "t3"):
        setup = setup.remove(piece)
    return setup.whose_turn("green", "attack")


def test_a_best_choice_recorded_with_the_games_own_dice():
    session = plastic(best_shot_table)
    make(session, "begin")
    pick(session, ("set", "title", "The best shot"), ("set", "hint", "You need 4 or more."),
         ("set", "goal_text", "Pick the attack with the best chance to kill."), ("set", "kind", "best"),
         ("set", "action", "Attack"), ("set", "measure", "at_least_one"),
         ("set", "sections", ["attacking", "attacking.to_kill"]))
    stopped = record(session, ({"type": "Attack", "attacker": "g-sniper", "target": "t1"}, None))  # the game rolls
    (step,) = stopped["making"]["challenge"]["solution"]
    assert len(step["dice"]) == 1 and 1 <= step["dice"][0] <= 6  # the face the game rolled, kept
    text = made(session)
    assert 'goal = { kind = "best", action = "Attack", measure = "at_least_one"' in text
    practised_and_solved("simple_plastic", text)


def test_each_failure_of_the_check_is_said_in_words():
    session = plastic(sniper_near_the_bushes)
    make(session, "begin")
    pick(session, *BUSHES)
    record(session, ({"type": "MoveFigure", "figure": "g-sniper", "to": [5.0, 17.0]}, None))  # not into the bushes
    assert "the recorded solution does not solve it" in said(make(session, "check"))
    assert make(session, "result")["message"]["kind"] == "refused" and "challenge_text" not in make(session, "result")
    pick(session, ("set", "test", "none_lost"), ("set", "limit", 5))  # every first action keeps them all
    problems = make(session, "check")["making"]["problems"]
    assert any(p.startswith("one action of another kind than the solution's solves it") for p in problems)
    assert any(p.endswith("random attempts solve it: the goal must need the rule it teaches") for p in problems)
    already = plastic(lambda s: sniper_near_the_bushes(s).move("g-sniper", (6.8, 19.8)))  # in the bushes
    make(already, "begin")
    pick(already, *BUSHES)
    record(already, ({"type": "MoveFigure", "figure": "g-sniper", "to": [7.0, 20.0]}, None))
    assert "the start already reaches the goal" in said(make(already, "check"))


def test_bad_inputs_are_refused_in_words_and_change_nothing():
    session = plastic(sniper_near_the_bushes)
    make(session, "begin")
    pick(session, *BUSHES)
    record(session, (INTO_THE_BUSHES, None))
    kept, state = copy.deepcopy(session.making_answer()), session.state
    refusals = [
        (("set", "limit", 0), "limit is the learner's actions allowed, a whole number from 1 to 50"),
        (("set", "limit", True), "limit is the learner's actions allowed"),
        (("set", "name", "Big Name"), "lower-case letters, digits and dashes only"),
        (("set", "title", "x" * 81), "the title is 81 characters long; at most 80"),
        (("set", "hint", "  "), "hint is text"),
        (("set", "kind", "far"), "the goal's kind is one of reach, best, sure, not 'far'"),
        (("set", "test", "flying"), "unknown test 'flying'"),
        (("set", "action", "Jump"), "a best-choice goal names an action of Simple Plastic Wargame"),
        (("set", "measure", "max"), "the measure is one of at_least_one, mean, not 'max'"),
        (("set", "side", "tan"), "at the start green is to act, not the learner's side tan"),
        (("set", "side", "blue"), "the sides are green and tan, not 'blue'"),
        (("set", "opponent", "genius"), "the opponent is none or a bot"),
        (("set", "sections", ["nope"]), "Simple Plastic Wargame has no rule section 'nope'"),
        (("set", "sections", []), "sections is a list of the rule sections it teaches"),
        (("set", "colour", "red"), "a challenge sets title, name, hint"),
        (("arg", "figure", "nobody"), "the goal names 'nobody', which the table does not have"),
        (("arg", "figure", 5), "the test in_terrain's figure is text, not 5"),
        (("arg", "speed", 3), "the test in_terrain has no argument 'speed'"),
        (("args", [1]), "the goal's args are a table of the test's arguments"),
        (("record", "the end"), "a challenge records its solution or its prelude"),
        (("stop",), "Nothing is being recorded"),
        (("fly",), "making a challenge has no step 'fly'"),
        (("set", "title"), "does not take 1 argument(s)"),
        (("pick", "speed", 4.0, 17.0), "the goal's test 'in_terrain' takes no 'speed'"),
        (("pick", "figure", 40.0, 1.0), "no figure there to be the goal's figure"),
        (("pick", "terrain", 0.2, 0.2), "no terrain there to be the goal's terrain"),
        (("pick", "figure", float("nan"), 1.0), "a tap is at two finite numbers"),
    ]
    for edit, words in refusals:
        answer = make(session, *edit)
        assert answer["message"]["kind"] in ("refused", "error") and words in said(answer), (edit, said(answer))
        assert session.making_answer() == kept and session.state is state, edit
    assert said(make(session, "check")) == "Ready: the check found nothing wrong."


def setup_commands(session: Session, *edits) -> None:
    for edit in edits:
        answer = session.command("setup", *edit)
        assert answer["message"]["kind"] == "note", (edit, said(answer))


def test_a_challenge_on_terrain_added_sized_turned_and_moved_reads_back_and_is_solved():
    """Terrain changed with the ``setup`` command (a hedge added, sized and turned; the wall moved and turned) is
    the made challenge's start: its TOML text and its link read back to the set-up's table, and a new Session
    opens it on that table and is solved by the recorded solution."""
    session = plastic(sniper_near_the_bushes)
    setup_commands(session, ("mode", "terrain", "semi_solid"), ("tap", 6.5, 14.0),
                   ("reshape_terrain", "semi solid 5", 3, 1.5), ("turn_terrain", "semi solid 5", 45),
                   ("mode", "move_terrain", "ruined wall"), ("tap", 16.0, 14.0), ("turn_terrain", "ruined wall", 30))
    terrain = session.setting_up.terrain()
    assert terrain[0]["points"] == [[19.133975, 6.571797], [20.866025, 7.571797], [12.866025, 21.428203],
                                    [11.133975, 20.428203]]  # the wall, its middle at (16, 14), turned 30 degrees
    assert terrain[-1]["points"] == [[5.96967, 12.40901], [8.09099, 14.53033], [7.03033, 15.59099],
                                     [4.90901, 13.46967]]  # the hedge, 3 by 1.5 inches, turned 45 degrees
    began = make(session, "begin")
    assert began["message"]["kind"] == "note" and began["making"]["challenge"]["start"]["terrain"] == terrain
    pick(session, ("set", "title", "Into the hedge"), ("set", "hint", "A soldier walks one span (4 inches) at most."),
         ("set", "goal_text", "Walk your sniper into the hedge."), ("set", "kind", "reach"),
         ("set", "test", "in_terrain"), ("arg", "figure", "g-sniper"), ("arg", "terrain", "semi solid 5"),
         ("set", "sections", ["turn", "moving.span"]))
    record(session, ({"type": "MoveFigure", "figure": "g-sniper", "to": [6.5, 14.0]}, None))
    assert said(make(session, "check")) == "Ready: the check found nothing wrong."
    text = made(session)  # (its link carries this very text)
    assert '\nterrain = [\n  { name = "ruined wall", kind = "solid", points = [[19.133975, 6.571797]' in text
    (challenge,) = load(text, _ruleset("simple_plastic")).values()
    assert challenge.start_spec["terrain"] == terrain
    assert challenge.start().to_dict()["setup"] == session.setting_up.to_save()["setup"]
    practised_and_solved("simple_plastic", text)
    learner = Session("simple_plastic", bot=PERSON)
    learner.open_lesson(text)
    learner.practise("into-the-hedge", True)
    assert learner.state.to_dict()["setup"]["terrain"] == terrain


def test_challenges_made_one_after_another_make_a_lesson_in_order():
    session = plastic(sniper_near_the_bushes)
    assert said(make(session, "lesson")).startswith("No lesson yet")
    make(session, "begin")
    pick(session, *BUSHES)
    record(session, (INTO_THE_BUSHES, None))
    first = make(session, "add")
    assert said(first) == "The lesson has 1 challenge."
    assert said(make(session, "add")).startswith("Not added: the lesson has a challenge called sniper-to-the-bushes")
    pick(session, ("set", "title", "Bushes again"), ("set", "limit", 2))
    lesson = make(session, "add")
    assert said(lesson) == "The lesson has 2 challenges." and lesson["making"]["lesson"] == [
        "Sniper to the bushes", "Bushes again"]
    assert link_text(lesson["lesson_link"]) == lesson["lesson_text"]
    assert list(load(lesson["lesson_text"], _ruleset("simple_plastic"))) == ["sniper-to-the-bushes", "bushes-again"]
    assert said(make(session, "cancel")).startswith("The challenge being made is put away")
    assert "making" not in session.answer() and said(make(session, "lesson")) == "The lesson has 2 challenges."
    learner = Session("simple_plastic", bot=PERSON)
    assert [c["name"] for c in learner.open_lesson(lesson["lesson_link"], "link")["lesson"]] == [
        "sniper-to-the-bushes", "bushes-again"]


# -- Dice Tactics: a first turn reached by a prelude -------------------------------------------------------------

UNITS = {"green-1": (3, [3, 5]), "green-2": (4, [1, 5]), "green-3": (4, [2, 5]), "green-4": (2, [4, 5]),
         "tan-1": (3, [3, 4]), "tan-2": (6, [2, 3])}


def dice_tactics_last_pick() -> Session:
    """River crossing at tan's last pick of the draft (a first turn has an empty pending, which a file cannot
    hold), its units set out as the shipped *Pick the attacker*."""
    session = Session("dice_tactics", "river_crossing", seed=1, human="green", bot=PERSON)
    state = session.state
    while not (getattr(state.position.pending, "player", None) == "tan" and len(list(state.legal_actions)) == 3):
        session.play(0)

    def units(setup):
        for piece in setup.pieces():
            if piece["id"] not in UNITS:
                setup = setup.remove(piece["id"])
        for unit, (strength, square) in UNITS.items():
            setup = setup.move(unit, square).set_field(unit, "strength", strength)
        return setup

    set_up(session, units)
    return session


PICK = [("set", "title", "Pick the attacker"), ("set", "hint", "The defender loses the attacker's strength + 1."),
        ("set", "sections", ["attacking", "attacking.losses"]), ("set", "limit", 2)]


def test_dice_tactics_a_first_turn_cannot_start_a_file_without_a_prelude():
    session = Session("dice_tactics", "river_crossing", seed=1, human="green", bot=PERSON)
    while session.state.position.phase == "setup" or session.state.position.pending is not None:
        session.play(0)
    answer = make(session, "begin")
    assert answer["message"]["kind"] == "refused" and "position.pending is empty" in said(answer)


@pytest.mark.parametrize("kind", ["sure", "reach"])
def test_dice_tactics_a_challenge_with_a_prelude_made_and_solved(kind):
    session = dice_tactics_last_pick()
    began = make(session, "begin")
    assert began["making"]["challenge"]["side"] == "tan"  # the draft's last pick is tan's
    assert "tan is to act" in said(make(session, "set", "side", "green"))
    keep = next(iter(session.state.legal_actions)).to_dict()
    stopped = record(session, (keep, None), what="prelude")
    assert said(stopped) == "Recorded 1 step before the learner starts: the learner plays green."
    assert stopped["making"]["challenge"]["side"] == "green"
    assert stopped["making"]["challenge"]["start"]["prelude"] == [{"action": keep}]
    pick(session, *PICK, ("set", "kind", kind), ("set", "test", "defeated"), ("arg", "unit", "tan-1"),
         ("set", "goal_text", "Defeat tan-1 with one attack."))
    if kind == "sure":
        pick(session, ("set", "action", "Attack"))
    make(session, "record")
    session.try_action({"type": "Attack", "attacker": "green-2", "defender": "tan-1"}, None)
    (told,) = [e for e in session.log() if e["index"] > 0]  # the prelude's turn is the start's, told by no one
    assert told["index"] == len(session.state.history) and "green-2" in told["text"], told
    assert said(make(session, "stop")) == "Recorded 1 step."
    text = made(session)
    assert f'kind = "{kind}", test = "defeated", args = {{ unit = "tan-1" }}' in text
    practised_and_solved("dice_tactics", text)


def test_dice_tactics_a_challenge_on_a_changed_square_reads_back_and_is_solved():
    session = dice_tactics_last_pick()
    setup_commands(session, ("mode", "square", "forest"), ("tap", 2, 0))
    terrain = session.setting_up.terrain()
    assert terrain[0] == "V.fW~W..V"  # (the river crossing's top row: "V..W~W..V")
    assert make(session, "begin")["making"]["challenge"]["start"]["terrain"] == terrain
    record(session, (next(iter(session.state.legal_actions)).to_dict(), None), what="prelude")
    pick(session, *PICK, ("set", "kind", "reach"), ("set", "test", "defeated"), ("arg", "unit", "tan-1"),
         ("set", "goal_text", "Defeat tan-1 with one attack."))
    record(session, ({"type": "Attack", "attacker": "green-2", "defender": "tan-1"}, None))
    text = made(session)
    assert "\nterrain = [\n  \"V.fW~W..V\",\n  \".h..~..h.\",\n" in text  # one row a line: the board's picture
    (challenge,) = load(text, _ruleset("dice_tactics")).values()
    assert challenge.start().to_dict()["setup"]["terrain"] == terrain
    practised_and_solved("dice_tactics", text)


def test_dice_tactics_the_wrong_attack_recorded_is_said():
    session = dice_tactics_last_pick()
    make(session, "begin")
    record(session, (next(iter(session.state.legal_actions)).to_dict(), None), what="prelude")
    pick(session, *PICK, ("set", "kind", "sure"), ("set", "test", "defeated"), ("args", {"unit": "tan-1"}),
         ("set", "action", "Attack"), ("set", "goal_text", "Defeat tan-1 with one attack."))
    record(session, ({"type": "Attack", "attacker": "green-1", "defender": "tan-1"}, None))  # 3 against 3
    assert "the recorded solution does not solve it" in said(make(session, "check"))


# -- Army Men: from the game as it stands, and from a set-up -------------------------------------------------------

def test_army_men_a_best_shot_from_the_game_as_it_stands():
    session = Session("army_men", "tutorial", seed=1, human="green", bot=PERSON)

    def shooting_range(setup):
        for piece in ("g3", "g4", "g5", "t5"):
            setup = setup.remove(piece)
        for piece, at in {"t1": (19.0, 14.0), "t2": (21.0, 11.0), "t3": (26.0, 9.0), "t4": (30.0, 16.0)}.items():
            setup = setup.move(piece, at)
        return setup

    set_up(session, shooting_range)
    assert said(session.command("setup", "done")) == "Set up: play from here."
    began = make(session, "begin")  # no longer being set up: the game as it stands is the start
    assert "setup" not in began and began["making"]["challenge"]["start"]["remove"] == ["g3", "g4", "g5", "t5"]
    pick(session, ("set", "title", "Pick your shot"), ("set", "hint", "Within half range a 4 or more kills."),
         ("set", "goal_text", "Take the shot with the best chance to kill."), ("set", "kind", "best"),
         ("set", "action", "Shoot"), ("set", "sections", ["shooting.to_hit", "shooting.range"]))
    record(session, ({"type": "Shoot", "shooter": "g1", "target": "t2"}, [4]))
    text = made(session)
    assert 'solution = [{ action = { type = "Shoot", player = "green", shooter = "g1", target = "t2" }, dice = [4] }]' \
        in text
    practised_and_solved("army_men", text)


def test_army_men_a_reach_challenge_from_a_set_up():
    session = Session("army_men", "standard", seed=1, human="green", bot="greedy")

    def harm_s_way(setup):
        for piece in ("g1", "g4", "g5", "g6", "g7", "g8", "t1", "t4", "t5", "t6", "t7"):
            setup = setup.remove(piece)
        for piece, at in {"g2": (16.0, 8.0), "g3": (11.0, 10.0), "t2": (21.0, 3.0), "t3": (24.0, 2.0)}.items():
            setup = setup.move(piece, at)
        return setup

    set_up(session, harm_s_way)
    make(session, "begin")
    pick(session, ("set", "title", "Out of harm's way"), ("set", "hint", "Solid terrain hides a trooper."),
         ("set", "goal_text", "Get g2 where no tan soldier can shoot him."), ("set", "kind", "reach"),
         ("set", "test", "safe"), ("arg", "figure", "g2"), ("set", "sections", ["standard.cover"]))
    record(session, ({"type": "Move", "trooper": "g2", "to": [10.0, 8.0]}, None))
    practised_and_solved("army_men", made(session))


def test_the_page_sends_make_as_json_and_gets_json_back():
    import json

    import boards.live as live

    json.loads(live.start(json.dumps({"ruleset": "simple_plastic", "scenario": "sniper_duel", "seed": 1,
                                      "human": "green", "bot": "greedy"})))

    def send(*args):
        return json.loads(live.command(json.dumps({"name": "make", "args": list(args)})))

    began = send("begin")
    assert began["making"]["challenge"]["start"] == {"scenario": "sniper_duel", "seed": 1}
    assert send("set", "sections", ["turn"])["making"]["challenge"]["sections"] == ["turn"]
    assert send("set", "limit", "two")["message"]["kind"] == "refused"
    assert send("cancel")["message"]["kind"] == "note" and "making" not in send("lesson")
