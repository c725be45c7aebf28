"""Practice challenges in JupyterLab (widgets/practice.py): the picker, the goal line, Hint, Undo, Try again,
Show me, the grade in words, the stars and Next, all drawn from the Session's answer; on the site the same
cell is the game's snapshot naming its challenges for the page (data-practice)."""

from __future__ import annotations

import html
import json
import re

import pytest

from explorer.core.challenges import own_text, ruleset_challenges
from explorer.core.registry import get_ruleset
from widgets import phlog as W
from widgets import simple_plastic as sp
from widgets.practice import Practice


@pytest.fixture(autouse=True)
def in_jupyterlab(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    monkeypatch.delenv("JPY_SESSION_NAME", raising=False)


def _text(value: str) -> str:
    return html.unescape(re.sub(r"<[^>]+>", "", value))


def test_the_first_challenge_opens_with_its_goal_and_every_challenge_in_the_picker():
    practice = Practice(sp.SimplePlasticLive(human="green", bot_seed=1))
    challenges = ruleset_challenges(get_ruleset("simple_plastic"))
    first = next(iter(challenges.values()))
    assert [value for _, value in practice.picker.options] == list(challenges)
    assert practice.picker.value == first.name
    assert first.goal_text in _text(practice.goal.value)
    assert practice.stars.value == ""
    assert practice.next_button.disabled, "Next before the challenge is done"
    assert practice.undo_button.disabled


def test_show_me_solves_it_step_by_step_marked_shown_with_no_stars_then_next_opens_the_next():
    practice = Practice(W.live_play())
    challenges = ruleset_challenges(get_ruleset("phlog"))
    first = next(iter(challenges.values()))
    for step in range(len(first.solution)):
        assert "★" not in practice.stars.value, f"stars before the last step ({step})"
        practice.show_button.click()
    answer = practice.session.answer()["challenge"]
    assert answer["solved"] and answer["shown"] and answer["stars"] == 0
    assert "★" not in practice.stars.value and "Shown" in _text(practice.stars.value)
    assert practice.best == {first.name: 0}
    assert not practice.next_button.disabled
    practice.next_button.click()
    second = list(challenges.values())[1]
    assert practice.picker.value == second.name
    assert second.goal_text in _text(practice.goal.value) and practice.stars.value == ""


def test_hint_shows_the_hint_with_its_rule_links_and_undo_and_try_again_go_back():
    practice = Practice(sp.SimplePlasticLive(human="green", bot_seed=1), "close-the-gap")
    challenge = ruleset_challenges(get_ruleset("simple_plastic"))["close-the-gap"]
    assert practice.hint.layout.display == "none"
    practice.hint_button.click()
    assert practice.hint.layout.display is None
    assert practice.session._tries.hinted  # counted against the stars
    assert _text(practice.hint.value).startswith("Hint:") and challenge.hint in _text(practice.hint.value)
    assert "<a " in practice.hint.value  # the rules it teaches, linked
    start = practice.session.save()
    practice.show_button.click()
    assert not practice.undo_button.disabled
    practice.undo_button.click()
    assert practice.session.save() == start
    practice.show_button.click()
    practice.retry_button.click()
    assert practice.session.save() == start and practice.stars.value == ""


def test_a_wrong_attempt_is_told_in_one_sentence_and_in_full_behind_show_me_why():
    practice = Practice(sp.SimplePlasticLive(human="green", bot_seed=1))
    live = practice.game
    solution = ruleset_challenges(get_ruleset("simple_plastic"))[practice.picker.value].solution_actions()[0][0]
    wrong = next(i for i, a in enumerate(live.state.legal_actions) if a != solution)  # not the solution's step
    live.play(wrong)
    answer = practice.session.answer()["challenge"]
    assert not answer["solved"] and answer["said"]
    assert _text(practice.grade.value).startswith(answer["said"])
    assert answer["over"] and answer["said"] == "Not this time: the goal is not reached."  # one short sentence
    assert "<summary" in practice.grade.value and answer["why"] in _text(practice.grade.value)  # in full: Show me why


def test_on_the_site_the_cell_is_the_snapshot_naming_the_challenges(monkeypatch):
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    practice = Practice(sp.SimplePlasticLive(human="green", bot_seed=1))
    page = practice.widget()._repr_html_()
    named = re.search(r'data-practice="([^"]*)"', page)
    assert named, "no data-practice on the snapshot"
    listed = json.loads(html.unescape(named.group(1)))
    challenges = ruleset_challenges(get_ruleset("simple_plastic"))
    assert [c["name"] for c in listed] == list(challenges)
    assert listed[0]["goal"] == next(iter(challenges.values())).goal_text


def test_a_teachers_lesson_from_text_or_a_file_is_played_and_a_bad_one_raises_in_words_with_nothing_lost(tmp_path):
    """``Practice(game, text=...)`` and ``file=...`` (issue 38): the lesson's challenges in the picker, in order, the
    first solved by the learner's own hand for 3 stars; a bad text or file raises ChallengeError in one sentence of
    the engine's words and the game on the table is left exactly as it was."""
    from explorer.core.challenges import ChallengeError

    shipped = ruleset_challenges(get_ruleset("simple_plastic"))
    lesson = own_text(shipped["thicket"]) + "\n" + own_text(shipped["best-shot"])
    game = sp.SimplePlasticLive(human="green", bot_seed=1)
    before = game.live.session.save()
    for bad, words in (("title = 'x'", "a challenges file holds [[challenge]] tables, and nothing else"),
                       (lesson + own_text(shipped["thicket"]), "the name 'thicket' is used twice")):
        with pytest.raises(ChallengeError, match=re.escape(words)):
            Practice(game, text=bad)
        assert game.live.session.save() == before and game.live.session.challenge is None
    (tmp_path / "utf16.toml").write_bytes(lesson.encode("utf-16"))
    with pytest.raises(ChallengeError, match="UTF-16"):
        Practice(game, file=tmp_path / "utf16.toml")
    assert game.live.session.save() == before

    (tmp_path / "lesson.toml").write_text(lesson, encoding="utf-8")
    for practice in (Practice(game, text=lesson), Practice(sp.SimplePlasticLive(human="green", bot_seed=1),
                                                               file=tmp_path / "lesson.toml")):
        assert practice.picker.options == (("Into cover", "thicket"), ("The best shot", "best-shot"))
        assert shipped["thicket"].goal_text in _text(practice.goal.value) and "1/2" in _text(practice.goal.value)
        live = practice.game
        for action, _ in practice.session.challenge.solution_actions():  # a move: no dice to enter
            live.play(list(live.state.legal_actions).index(action))
        answer = practice.session.answer()["challenge"]
        assert answer["solved"] and answer["opened"] and answer["stars"] == 3 and "★★★" in practice.stars.value
        practice.next_button.click()
        assert practice.session.challenge.name == "best-shot" and practice.session.answer()["challenge"]["opened"]
