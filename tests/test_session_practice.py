"""Practice challenges in live play's one game flow (explorer/core/session/): start one, play it, see the
grade after every action, Show me (the recorded solution, step by step), Try again, Undo that never goes
back past the challenge's start, and a new game afterwards with the opponent from before."""

from __future__ import annotations

import pytest

from explorer import get_ruleset
from explorer.core import challenges as c
from explorer.core.session import Session
from tests.test_challenges_core import SOUND

SP = get_ruleset("simple_plastic")


@pytest.fixture
def session(monkeypatch):
    challenges = c.load(SOUND.replace('name = "best-attack"', 'name = "first"'), SP)
    challenges["second"] = c.load(SOUND.replace('name = "best-attack"', 'name = "second"'), SP)["second"]
    monkeypatch.setitem(c.file_format._SHIPPED, SP.name, (SP, challenges))  # as if SP shipped these two
    return Session("simple_plastic", "skirmish", seed=3, bot="greedy")


def test_a_challenge_starts_on_its_position_with_its_goal_and_nothing_solved(session):
    answer = session.practise("first")
    part = answer["challenge"]
    assert answer["mode"] == "practice" and answer["seat"] == "green" and answer["actions"]
    assert session.state.position.figures["g-sniper"].position == (15.0, 16.0)
    assert {k: part[k] for k in ("name", "goal", "limit", "used", "solved", "stars", "over", "next")} == {
        "name": "first", "goal": "Take a tan figure out.", "limit": 2, "used": 0, "solved": False, "stars": 0,
        "over": False, "next": "second"}
    assert part["rules"] == [{"key": "simple_plastic:attacking.modifiers", "title": SP.sections["attacking.modifiers"].title}]


def test_show_me_plays_the_recorded_solution_step_by_step_and_marks_it_shown_with_no_stars(session):
    session.practise("first")
    answer = session.show_me()
    assert answer["message"]["text"].startswith("Step 1 of 2: ")
    assert answer["challenge"]["used"] == 1 and not answer["challenge"]["solved"] and answer["challenge"]["shown"]
    answer = session.show_me()
    assert answer["message"]["text"].startswith("Step 2 of 2: ")
    part = answer["challenge"]
    assert part["solved"] and part["shown"] and part["stars"] == 0 and part["over"]
    assert answer["actions"] == []  # solved: nothing more to play until Try again or Next


def _solve(session) -> dict:
    """The recorded solution played by the learner's own hand (its dice entered), as a try of the challenge."""
    for action, dice in session.challenge.solution_actions():
        answer = session.play(list(session.state.legal_actions).index(action), dice=dice)
    return answer["challenge"]


def _fail(session) -> None:
    """A try that fails: the first step, then an attack that is not the solution's with a 1 (a 1 never kills)."""
    end_phase = next(a for a in session.answer()["actions"] if a["action"]["type"] == "EndPhase")
    session.play(end_phase["id"])
    attack = next(a for a in session.answer()["actions"]
                  if a["action"]["type"] == "Attack" and a["action"]["target"] != "t2")
    assert session.play(attack["id"], dice=[1])["challenge"]["over"]


def _fresh(session) -> Session:
    """A new Session (nothing tried yet) with the fixture's challenges, on the challenge "first"."""
    fresh = Session("simple_plastic", "skirmish", seed=3, bot="greedy")
    fresh.practise("first")
    return fresh


def test_stars_by_how_it_was_solved_first_try_hint_retry_and_more(session):
    first = _fresh(session)
    assert _solve(first)["stars"] == 3  # the first try, no hint
    hinted = _fresh(session)
    hinted.command("hint")
    assert _solve(hinted)["stars"] == 2  # after the hint
    retried = _fresh(session)
    _fail(retried)
    retried.retry()
    assert _solve(retried)["stars"] == 2  # after a retry
    undone = _fresh(session)
    _fail(undone)
    undone.undo()
    undone.undo()
    assert _solve(undone)["stars"] == 2  # a failed try undone is not a first try
    reopened = _fresh(session)
    _fail(reopened)
    reopened.practise("second")
    reopened.practise("first")
    assert _solve(reopened)["stars"] == 2  # opened again from the list: a retry
    more = _fresh(session)
    more.command("hint")
    more.retry()
    assert _solve(more)["stars"] == 1  # a hint and a retry
    shown = _fresh(session)
    shown.show_me()
    shown.retry()
    part = _solve(shown)
    assert part["stars"] == 1 and not part["shown"]  # shown the way, then solved by the learner's hand


def test_a_failed_try_is_said_in_one_short_sentence_and_in_full(session):
    session.practise("first")
    _fail(session)
    part = session.answer()["challenge"]
    assert part["said"] == "Not this time: the goal is not reached."
    assert part["why"].startswith("Not this time: take a tan figure out. Hint: Closer is better.")


def test_a_failed_attempt_is_told_why_with_the_hint_and_can_be_undone_to_the_start_only(session):
    session.practise("first")
    end_phase = next(a for a in session.answer()["actions"] if a["action"]["type"] == "EndPhase")
    session.play(end_phase["id"])
    attack = next(a for a in session.answer()["actions"]  # not the recorded solution's attack (at t2)
                  if a["action"]["type"] == "Attack" and a["action"]["target"] != "t2")
    answer = session.play(attack["id"], dice=[1])  # a 1 never kills
    part = answer["challenge"]
    assert not part["solved"] and part["over"] and "Hint: Closer is better." in part["why"]
    assert answer["actions"] == []
    session.undo()
    session.undo()
    assert session.answer()["challenge"]["used"] == 0
    assert session.undo()["message"]["text"] == "Nothing to undo."  # never back past the challenge's start


def test_try_again_and_an_unknown_challenge(session):
    session.practise("first")
    before = session.state.to_json()
    answer = session.command("practise", "flying")
    assert answer["message"] == {"kind": "error", "text": "No challenge 'flying': Simple Plastic Wargame has first, second"}
    assert session.state.to_json() == before and answer["challenge"]["name"] == "first"
    session.show_me()
    assert session.command("retry")["challenge"]["used"] == 0


def test_a_new_game_after_practice_plays_the_opponent_from_before(session):
    session.practise("first")
    answer = session.new_game("skirmish")
    assert answer["mode"] == "bot" and answer["bot"] == "greedy" and "challenge" not in answer


def test_the_list_of_challenges_for_the_page(session):
    listed = session.command("challenges")["challenges"]
    assert [(item["name"], item["goal"], item["kind"]) for item in listed] == [
        ("first", "Take a tan figure out.", "reach"), ("second", "Take a tan figure out.", "reach")]


def test_once_a_challenge_is_over_the_board_marks_nothing_and_a_tap_plays_nothing():
    from boards.live import new_session  # the page's Session: its board's taps and layers

    page = new_session({"ruleset": "simple_plastic"})
    page.practise(next(iter(c.ruleset_challenges(SP))))
    for _ in c.ruleset_challenges(SP)[next(iter(c.ruleset_challenges(SP)))].solution:
        answer = page.show_me()
    assert answer["challenge"]["over"] and answer["layers"]["choices"]["kind"] == []
    moves = len(page.state.history)
    answer = page.tap(3, 11)  # squad alpha's leader, which could still move had the challenge not ended
    assert len(page.state.history) == moves and answer["message"]["text"].startswith("Nothing to choose")
