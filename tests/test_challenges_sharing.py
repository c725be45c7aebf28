"""A teacher's challenges opened (issue 38 item 3, explorer/core/challenges/sharing.py and the Session's
``open_lesson``): a challenge's or a lesson's TOML text carried by a link (``#challenges=c1.…``, packed as a game's
link is) round-trips exactly; a file or a link that cannot be used is refused in one sentence of the engine's words
with the game, the challenge being played and its tries left exactly as they were; opened challenges are kept
apart from the shipped ones (by a key of name and content, never by name alone)."""

from __future__ import annotations

import base64
import dataclasses
import tomllib
import zlib

import pytest

from explorer import get_ruleset
from explorer.core import challenges as c
from explorer.core.packing import MAX_LINK_CHARS
from explorer.core.session import Session

SP = get_ruleset("simple_plastic")
SHIPPED = c.ruleset_challenges(SP)
LESSON = "".join(c.own_text(SHIPPED[name]) + "\n" for name in ("thicket", "out-of-sight", "best-shot"))
"""Three shipped challenges of Simple Plastic as a teacher would copy them into a lesson file."""


def _session() -> Session:
    session = Session("simple_plastic", "skirmish", seed=3, bot="greedy")
    session.practise("one-span")
    session.play(0)  # a try under way: what a bad file must leave alone
    return session


def _as_it_is(session: Session) -> tuple:
    return (session.save(), session.challenge, session.lesson, dict(session._tried), session._tries,
            session.answer()["challenge"])


def test_each_challenge_keeps_its_own_text_which_reads_back_to_the_same_challenge():
    for name, challenge in SHIPPED.items():
        assert c.own_text(challenge).startswith("[[challenge]]") and f'name = "{name}"' in c.own_text(challenge)
        again = c.load(c.own_text(challenge), SP)[name]
        assert dataclasses.replace(again, order=challenge.order) == challenge
        assert c.content_key(again) == c.content_key(challenge)
        assert (again.title, again.goal, again.start_spec, again.solution) == (
            challenge.title, challenge.goal, challenge.start_spec, challenge.solution)


def test_a_lesson_link_round_trips_its_text_and_opens_the_same_challenges_in_order():
    link = c.challenges_link(LESSON)
    assert link.startswith("c1.") and len(link) < len(LESSON) * 2 // 3  # compressed (base64 included)
    assert set(link[3:]) <= set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")  # URL-safe
    assert c.link_text(link) == LESSON and c.link_text("#" + link) == LESSON
    session = _session()
    answer = session.command("open_lesson", link, "link")
    assert answer["message"] == {"kind": "note", "text": "Opened 3 challenges: Into cover, Out of sight, The best shot."}
    assert [(x["name"], x["key"]) for x in answer["lesson"]] == [
        (name, c.content_key(SHIPPED[name])) for name in ("thicket", "out-of-sight", "best-shot")]
    started = session.command("practise", "thicket", True)["challenge"]
    assert (started["name"], started["opened"], started["index"], started["count"], started["next"]) == (
        "thicket", True, 0, 3, "out-of-sight")
    # Copy challenge link: the challenge being played, its own text; it opens that one challenge elsewhere
    one = session.command("challenge_link")["challenge_link"]
    assert c.link_text(one) == c.own_text(SHIPPED["thicket"])
    other = Session("simple_plastic", "skirmish", seed=5, bot="greedy")
    assert [x["name"] for x in other.open_lesson(one, "link")["lesson"]] == ["thicket"]


def test_a_file_opens_from_its_bytes_and_a_shipped_challenge_links_its_own_text():
    session = Session("simple_plastic", "skirmish", seed=3, bot="greedy")
    data = base64.b64encode(b"\xef\xbb\xbf" + LESSON.encode()).decode()  # a file saved with a BOM
    assert [x["name"] for x in session.open_lesson(data, "file")["lesson"]] == ["thicket", "out-of-sight", "best-shot"]
    session.practise("sniper")  # a shipped one: its link carries its text from the ruleset's file
    assert c.link_text(session.challenge_link()["challenge_link"]) == c.own_text(SHIPPED["sniper"])


def _pack(data: bytes) -> str:
    return "c1." + base64.urlsafe_b64encode(zlib.compress(data)).decode()


BAD = {
    "link": {
        c.challenges_link(LESSON)[:200]: "it is cut short or garbled (was the whole link copied?)",
        "c1.!!!!": "it is cut short or garbled (was the whole link copied?)",
        Session("simple_plastic", "skirmish", 3).link(): "it does not start with 'c1.', as a challenge's link does",
        "c1." + "A" * (MAX_LINK_CHARS + 1): f"it is {MAX_LINK_CHARS + 4} characters long, far more than a challenge "
                                            f"needs (at most {MAX_LINK_CHARS})",
        _pack(b"#" * 3_000_000): "it unpacks to more than 1000000 characters, far more than a challenge needs",
        _pack("é".encode("utf-16")): "the file is UTF-16 text: save it as UTF-8 (plain text) and check it again",
        _pack(b"title = 'x'"): "a challenges file holds [[challenge]] tables, and nothing else",
        _pack(b"# only a comment\n"): "a challenges file holds [[challenge]] tables, and nothing else",
    },
    "file": {
        base64.b64encode(b"\x89PNG\r\n\x1a\n\x00\x00").decode(): "the file is not text (UTF-8): invalid start byte at byte 0",
        base64.b64encode(b"[[challenge]]\nname = \n").decode(): "not readable as TOML: Invalid value (at line 2, column 8)",
        "not base64 at all!": "the file's bytes did not arrive whole (not base64): choose it again",
        base64.b64encode(c.own_text(SHIPPED["thicket"]).replace('"thicket"', '"Thicket!"').encode()).decode():
            "challenge 1 ('Thicket!'): the name 'Thicket!' goes into a link: lower-case letters, digits and dashes only",
    },
    "text": {
        LESSON + c.own_text(SHIPPED["thicket"]): "challenge 4 (thicket): the name 'thicket' is used twice",
        c.own_text(SHIPPED["one-span"]).replace('test = "', 'test = "no_').split("\n[[")[0]: "unknown test",
    },
}


@pytest.mark.parametrize("form", BAD)
def test_a_bad_link_or_file_is_refused_in_one_sentence_and_nothing_changes(form):
    session = _session()
    before = _as_it_is(session)
    for data, words in BAD[form].items():
        said = session.command("open_lesson", data, form)["message"]
        assert said["kind"] == "error" and said["text"].startswith("Not opened: ") and words in said["text"], said
        assert said["text"].count("\n") == 0 and "Traceback" not in said["text"]
        assert _as_it_is(session) == before, data[:60]


def test_a_challenge_the_checker_refuses_is_not_opened():
    assert "solution = [" in c.own_text(SHIPPED["best-shot"]), "best-shot records its solution inline"
    unsolved = c.own_text(SHIPPED["best-shot"]).replace("solution = [", "solution = [] #", 1)
    session = _session()
    before = _as_it_is(session)
    said = session.open_lesson(unsolved)["message"]["text"]
    assert said.startswith("Not opened: challenge 1 (best-shot) is not ready: the recorded solution does not solve it")
    assert _as_it_is(session) == before


def test_opened_challenges_are_kept_apart_from_shipped_ones_of_the_same_name():
    changed = c.own_text(SHIPPED["best-shot"]).replace('hint = "', 'hint = "Look again. ', 1)
    assert changed != c.own_text(SHIPPED["best-shot"])
    session = Session("simple_plastic", "skirmish", seed=3, bot="greedy")
    session.practise("best-shot")
    session.play(0)  # the shipped one tried (and failed or not): its tries are its own
    key = session.open_lesson(changed)["lesson"][0]["key"]
    assert key.startswith("best-shot:") and key not in ("best-shot", c.content_key(SHIPPED["best-shot"]))
    mine = session.practise("best-shot", True)["challenge"]
    assert mine["opened"] and mine["key"] == key and session.challenge.hint.startswith("Look again.")
    for action, dice in session.challenge.solution_actions():
        answer = session.play(list(session.state.legal_actions).index(action), dice=dice)
    assert answer["challenge"]["stars"] == 3  # its first try: the shipped one's try does not count
    shipped = session.practise("best-shot")["challenge"]
    assert not shipped["opened"] and shipped["key"] == "best-shot" and session.challenge is SHIPPED["best-shot"]


def test_a_header_inside_a_multiline_string_has_each_challenge_written_anew():
    two = LESSON.replace('title = "Into cover"', 'title = """Into\n[[challenge]]\ncover"""', 1)
    loaded = c.load(two, SP)
    assert loaded["thicket"].title == "Into\n[[challenge]]\ncover"
    tables = tomllib.loads(two)["challenge"]
    for order, challenge in enumerate(loaded.values()):  # not cut at the header lines: each table written anew
        assert tomllib.loads(c.own_text(challenge)) == {"challenge": [tables[order]]}


def test_the_whole_lesson_links_as_one_text_in_order():
    session = Session("simple_plastic", "skirmish", seed=3, bot="greedy")
    assert session.command("challenge_link", True)["message"]["kind"] == "error"  # no lesson opened yet
    session.open_lesson(LESSON)
    text = c.link_text(session.command("challenge_link", True)["challenge_link"])
    assert text == "\n".join(c.own_text(SHIPPED[name]) for name in ("thicket", "out-of-sight", "best-shot"))
    two = LESSON.replace('title = "Into cover"', 'title = """Into\n[[challenge]]\ncover"""', 1)
    session.open_lesson(two)  # each challenge written anew: the lesson's link carries the same tables, in order
    linked = c.link_text(session.command("challenge_link", True)["challenge_link"])
    assert tomllib.loads(linked) == tomllib.loads(two)
