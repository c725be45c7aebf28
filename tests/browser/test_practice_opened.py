"""A teacher's challenges opened on the Practice page (issue 38 item 3, live-play/opened.js): a lesson link
(#challenges=c1.…) opened in a fresh browser at 390x844 (touch) and its first challenge solved by taps, its stars
kept apart from the shipped ones'; a bad link and a bad file refused in one sentence with the stars and the game
kept in the browser unchanged and the challenge on the table as it was; "Copy challenge link" carrying the
challenge's own TOML text; a lesson link in lesson mode on a projector. No request leaves the machine (offline)."""

from __future__ import annotations

import json

from boards.live import new_session
from explorer.core import challenges as c
from explorer.core.registry import get_ruleset

from .conftest import answered
from .test_practice import PHONE, _play_by_taps, _solved

SHIPPED = c.ruleset_challenges(get_ruleset("simple_plastic"))
NAMES = ("thicket", "out-of-sight", "best-shot")
LESSON = "".join(c.own_text(SHIPPED[name]) + "\n" for name in NAMES)
KEPT = {"tsr-stars:simple_plastic": json.dumps({"one-span": 3}),  # what this browser kept before: never touched
        "tsr-game:/simple_plastic/full_game.html:simple_plastic": json.dumps({"config": {}, "save": "{}"})}
TABLE = ".tsr-snapshot"


def _kept(page) -> dict:
    """The stars kept (every store) and the game kept on the full-game page. (The Practice page keeps its own
    table's first game under its own key, as before this issue: not the reader's game, not compared.)"""
    return page.evaluate("Object.fromEntries(Object.keys(localStorage).filter((k) => k.startsWith('tsr-stars') || "
                         "k.startsWith('tsr-game:/simple_plastic/full_game')).map((k) => [k, localStorage.getItem(k)]))")


def _open(page, base: str, fragment: str) -> None:
    """The Practice page opened anew at a link (a fresh load, as from a message or a bookmark)."""
    page.goto("about:blank")
    page.goto(f"{base}/simple_plastic/practice.html{fragment}", wait_until="load")


def _on_the_table(page, name: str, opened: bool) -> None:
    page.wait_for_function(f"document.querySelector({TABLE!r}).dataset.challenge === {name!r} && "
                           f"document.querySelector({TABLE!r}).dataset.opened === {str(opened).lower()!r}",
                           timeout=180_000)


def test_a_lesson_link_opens_and_is_solved_by_taps_and_a_bad_link_or_file_is_refused_in_words(open_page, tmp_path):
    page, report = open_page("simple_plastic/practice.html", width=PHONE[0], height=PHONE[1], touch=True)
    base = page.url.split("/simple_plastic/")[0]
    for key, value in KEPT.items():
        page.evaluate("([k, v]) => localStorage.setItem(k, v)", [key, value])
    table, status = page.locator(TABLE), page.locator(".tsr-live-status")

    # A link cut short: refused in one sentence; the first unsolved shipped challenge is open; nothing kept changes.
    _open(page, base, "#challenges=" + c.challenges_link(LESSON)[:300])
    _on_the_table(page, "close-the-gap", False)  # one-span has its 3 stars
    page.wait_for_function("document.querySelector('.tsr-live-status').textContent.includes('not opened')")
    assert status.inner_text() == ("The challenge link was not opened: it is cut short or garbled (was the whole "
                                   "link copied?).")
    assert "#" not in page.url and _kept(page) == KEPT

    # A bad file, chosen as a reader would (All challenges, then Open a challenge file): refused in words, the
    # challenge on the table as it was; a file over 1 MB refused from its size, unread, under the control.
    before = table.get_attribute("data-challenge"), page.evaluate("document.querySelector('.tsr-live-log') && "
                                                                  "document.querySelector('.tsr-live-log').textContent")
    (tmp_path / "lesson-utf16.toml").write_bytes(LESSON.encode("utf-16"))
    (tmp_path / "huge.toml").write_bytes(b"#" * 1_100_000)
    for file, words in (("huge.toml", "huge.toml was not opened: it is 1.1 MB, and a challenges file is at most 1 MB "
                                      "(a lesson of ten challenges is some 10 kB)."),
                        ("lesson-utf16.toml", "lesson-utf16.toml was not opened: the file is UTF-16 text: save it as "
                                              "UTF-8 (plain text) and check it again.")):
        table.get_by_role("button", name="All challenges").click()
        with page.expect_file_chooser() as chooser:
            page.get_by_role("button", name="Open a challenge file…").click()
        chooser.value.set_files(str(tmp_path / file))
        said = page.locator(".tsr-practice-open .tsr-live-error") if file == "huge.toml" else status
        page.wait_for_function("(words) => Array.from(document.querySelectorAll('.tsr-practice-open .tsr-live-error, "
                               ".tsr-live-status')).some((n) => n.textContent === words)", arg=words, timeout=60_000)
        assert said.inner_text() == words
        assert (table.get_attribute("data-challenge"), page.evaluate(
            "document.querySelector('.tsr-live-log') && document.querySelector('.tsr-live-log').textContent")) == before
        assert table.get_attribute("data-opened") == "false" and _kept(page) == KEPT
    assert "Traceback" not in page.content()

    # The lesson's link, in a fresh load: its first challenge on the table, solved by taps: 3 stars, kept apart.
    _open(page, base, "#challenges=" + c.challenges_link(LESSON))
    _on_the_table(page, "thicket", True)
    assert status.inner_text() == "Opened from a link: 3 challenges: Into cover, Out of sight, The best shot."
    assert table.locator(".tsr-practice-count").inner_text() == "1 / 3"
    assert table.locator(".tsr-practice-goal-line").inner_text() == SHIPPED["thicket"].goal_text
    listed = page.locator(".tsr-practice-opened-list li")
    assert [listed.nth(i).get_attribute("data-challenge") for i in range(listed.count())] == list(NAMES)
    mirror = new_session({"ruleset": "simple_plastic"})
    mirror.open_lesson(LESSON)
    mirror.practise("thicket", True)
    for action, _dice in mirror.challenge.solution_actions():
        _play_by_taps(page, table, mirror, action)
        mirror.show_me()
    assert _solved(table) == 3
    page.screenshot(path=str(tmp_path / "opened-lesson-solved-390.png"))
    assert page.evaluate("JSON.parse(localStorage.getItem('tsr-stars-opened:simple_plastic'))") == {
        c.content_key(SHIPPED["thicket"]): 3}
    assert {k: v for k, v in _kept(page).items() if k != "tsr-stars-opened:simple_plastic"} == KEPT

    # Copy challenge link (More): the challenge's own TOML text, packed; Next goes on in the lesson.
    table.locator(".tsr-live-more > summary").click()
    answered(page, lambda: table.get_by_role("button", name="Copy challenge link").click())
    link = table.locator(".tsr-live-link-text").input_value()
    assert link.startswith(f"{base}/simple_plastic/practice.html#challenges=c1.")
    assert c.link_text(link.split("#challenges=")[1]) == c.own_text(SHIPPED["thicket"])
    answered(page, lambda: table.get_by_role("button", name="Next").click())
    _on_the_table(page, "out-of-sight", True)
    # Under the lesson's list on the page: the whole lesson, in order, in one link.
    table.get_by_role("button", name="All challenges").click()
    answered(page, lambda: page.get_by_role("button", name="Copy the lesson's link").click())
    lesson_link = page.locator(".tsr-practice-opened .tsr-live-link-text").input_value()
    assert c.link_text(lesson_link.split("#challenges=")[1]) == "\n".join(c.own_text(SHIPPED[name]) for name in NAMES)
    assert not report.outside, report.outside


def test_a_lesson_link_in_lesson_mode_on_a_projector_keeps_no_stars(open_page, tmp_path):
    """``#challenges=…&challenge=out-of-sight&lesson=1`` at 1920x1080 with Projector on: that challenge of the
    lesson, the goal large; Show me solves it: shown, no stars, none kept in the browser."""
    page, report = open_page("simple_plastic/practice.html", width=1920, height=1080)
    base = page.url.split("/simple_plastic/")[0]
    page.evaluate("localStorage.setItem('tsr-projector', 'on')")
    _open(page, base, f"#challenges={c.challenges_link(LESSON)}&challenge=out-of-sight&lesson=1")
    table = page.locator(TABLE)
    _on_the_table(page, "out-of-sight", True)
    assert "tsr-lesson" in table.get_attribute("class")
    assert page.evaluate("document.documentElement.classList.contains('tsr-projector')")
    size = table.locator(".tsr-practice-goal-line").evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 32, f"the goal is {size} px on the projector"
    assert table.locator(".tsr-practice-count").inner_text() == "2 / 3"
    page.screenshot(path=str(tmp_path / "opened-lesson-projector-1920.png"))
    for _ in SHIPPED["out-of-sight"].solution:
        answered(page, lambda: table.get_by_role("button", name="Show me").click())
    table.locator(".tsr-practice-shown").wait_for(state="visible", timeout=30_000)
    assert table.get_attribute("data-stars") == "0"
    assert page.evaluate("[localStorage.getItem('tsr-stars:simple_plastic'), "
                         "localStorage.getItem('tsr-stars-opened:simple_plastic')]") == [None, None]
    assert not report.outside, report.outside
