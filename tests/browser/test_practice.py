"""The Practice pages (issue 24): each ruleset's first challenge solved by taps, at a phone's size and a desktop's.

One page per ruleset, opened at 390x844 (touch): the first challenge starts at once on the game table with its
goal above the board; it is solved only by tapping the board's marks and the visible buttons (never *Show me*),
3 stars show (the first try, no hint), and the page's list keeps them. Then at 1280x800, on the same page: *Try
again*, solved again by taps: 2 stars (a retry), and the 3 kept are not lowered. Then a reload: the 3 stars are
still in the list and the next challenge (the first unsolved) opens.
The taps are where the engine's own board module anchors each step of the recorded solution (boards/live.py
``board_taps``), followed in a Session in this process; steps with no place on the board are the buttons whose
words the page shows.
"""

from __future__ import annotations

import pytest

from boards.live import new_session
from explorer.core.challenges import ruleset_challenges
from explorer.core.registry import get_ruleset

from .conftest import BOARD_JS, answered, axe_violations, wait_for_boards

RULESETS = ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]
PHONE, DESKTOP = (390, 844), (1280, 800)

def _tap(page, table, point) -> None:
    """A tap on the board at a board point, which must be in view."""
    screen = page.evaluate(BOARD_JS, [table.element_handle(), [list(point)]])["screen"][0]
    size = page.viewport_size
    assert 0 <= screen[0] <= size["width"] and 0 <= screen[1] <= size["height"], f"{point} is out of view: {screen}"
    answered(page, lambda: page.mouse.click(*screen))


def _answer_the_question(page, table, words: str) -> None:
    """After a tap: a move to open table is asked about first (Yes plays it), and a tap between marks that do
    different things asks which (the button in the action's words plays it), as a player answers them."""
    yes = table.locator(".tsr-confirm-yes:visible")
    if yes.count():
        answered(page, lambda: yes.first.click())
        return
    which = table.locator(".tsr-which-option:visible")
    if which.count():
        button = which.filter(has_text=words[:1].upper() + words[1:])
        assert button.count(), f"no button says {words!r}: {which.all_inner_texts()}"
        answered(page, lambda: button.first.click())


def _chosen(page, table, point) -> bool:
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    return any(kind == "chosen" and abs(x - point[0]) < 0.01 and abs(y - point[1]) < 0.01
               for kind, x, y in zip(marks["kinds"], marks["xs"], marks["ys"]))


def _press(page, table, words: str) -> None:
    """The visible button playing the action said in ``words`` (a choice, or a card or one of its ways)."""
    button = table.locator(f'button[title="{words}"]:visible')
    if not button.count():  # a card played several ways: its ways show at a tap on it
        for card in table.locator(".tsr-live-hand button[aria-expanded]:visible").all():
            card.click()
            if button.count():
                break
    assert button.count(), f"no visible button plays {words!r}"
    answered(page, lambda: button.first.click())


def _play_by_taps(page, table, mirror, action) -> None:
    """Play ``action`` as a player would: tap the figure and the spot, or press the button (``mirror``: a
    Session in this process at the page's position, where the board module anchors the action)."""
    anchor = mirror.anchor(mirror.state, action) if mirror.anchor else None
    if anchor is None:
        _press(page, table, mirror.state.describe(action, mirror.seat))
        return
    if anchor.piece is not None and not _chosen(page, table, anchor.piece):
        _tap(page, table, anchor.piece)
        _answer_the_question(page, table, f"choose {mirror.figure_at(anchor.piece)}")
    _tap(page, table, anchor.target)
    _answer_the_question(page, table, mirror.words(action))


def _solve_by_taps(page, table, ruleset: str, name: str) -> None:
    """Play the recorded solution's steps by taps (:func:`_play_by_taps`)."""
    mirror = new_session({"ruleset": ruleset})
    mirror.practise(name)
    for action, _dice in ruleset_challenges(get_ruleset(ruleset))[name].solution_actions():
        _play_by_taps(page, table, mirror, action)
        mirror.show_me()  # the same step in the mirror
    assert mirror.answer()["challenge"]["solved"]


def _solved(table) -> int:
    stars = table.locator(".tsr-practice-stars .tsr-stars-big")
    stars.wait_for(state="visible", timeout=10_000)
    assert "★" in stars.inner_text()
    assert table.locator(".tsr-practice-solved").is_visible(), "the grade does not say it is solved"
    assert table.locator(".tsr-practice-next").is_visible(), "no Next after solving"
    return int(table.get_attribute("data-stars"))


@pytest.mark.parametrize("ruleset", RULESETS)
def test_the_first_challenge_solved_by_taps_and_its_stars_kept(open_page, axe_script, ruleset):
    page, report = open_page(f"{ruleset}/practice.html", width=PHONE[0], height=PHONE[1], touch=True)
    wait_for_boards(page)
    first = next(iter(ruleset_challenges(get_ruleset(ruleset)).values()))
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    # The list is there before any Python loads (open_page asks to save data: no background start).
    assert page.locator(f'.tsr-practice-list li[data-challenge="{first.name}"]').is_visible()
    assert not page.evaluate("performance.getEntriesByType('resource').some((r) => r.name.includes('pyodide'))")
    table.get_by_role("button", name="Play the challenges").click()
    table.locator(".tsr-practice-goal-line").wait_for(state="visible", timeout=120_000)
    page.wait_for_function(f"document.querySelector('.tsr-snapshot').dataset.challenge === {first.name!r}")
    assert table.locator(".tsr-practice-goal-line").inner_text() == first.goal_text
    assert table.locator(".tsr-live-step").is_hidden(), "practice offers no big next-step button"
    for label in ("Hint", "Try again", "Show me"):
        assert table.get_by_role("button", name=label).is_visible(), label

    _solve_by_taps(page, table, ruleset, first.name)
    phone_stars = _solved(table)
    assert phone_stars == 3  # the first try, with no hint
    problems = axe_violations(page, axe_script, include=".tsr-table")
    assert not problems, problems  # the practice table, solved, at phone size

    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    answered(page, lambda: table.get_by_role("button", name="Try again").click())
    assert table.locator(".tsr-practice-stars .tsr-stars-big").count() == 0, "Try again starts afresh"
    _solve_by_taps(page, table, ruleset, first.name)
    assert _solved(table) == 2  # after a retry

    page.reload(wait_until="load")
    kept = page.locator(f'.tsr-practice-list li[data-challenge="{first.name}"] .tsr-stars')
    kept.wait_for(state="visible", timeout=30_000)
    assert kept.inner_text().count("★") == phone_stars, "the stars are not kept after a reload"
    page.get_by_role("button", name="Play the challenges").click()
    page.locator(".tsr-practice-goal-line").wait_for(state="visible", timeout=120_000)
    second = list(ruleset_challenges(get_ruleset(ruleset)))[1]
    page.wait_for_function(f"document.querySelector('.tsr-snapshot').dataset.challenge === {second!r}")
    assert not report.outside, report.outside


def test_lesson_mode_shows_the_goal_large_and_keeps_no_stars(open_page):
    """A classroom's link (#challenge=<name>&lesson=1): that challenge, the goal large; solved on the projector
    (here by Show me, the teacher's way to end the lesson): shown, with no stars, and none kept in the browser."""
    name = list(ruleset_challenges(get_ruleset("simple_plastic")))[1]
    page, _ = open_page(f"simple_plastic/practice.html#challenge={name}&lesson=1", width=1920, height=1080)
    table = page.locator(".tsr-snapshot")
    page.wait_for_function(f"document.querySelector('.tsr-snapshot').dataset.challenge === {name!r}", timeout=120_000)
    assert "tsr-lesson" in table.get_attribute("class")
    size = table.locator(".tsr-practice-goal-line").evaluate("(node) => parseFloat(getComputedStyle(node).fontSize)")
    assert size >= 32, f"the goal is {size} px on the projector"
    for _ in ruleset_challenges(get_ruleset("simple_plastic"))[name].solution:
        answered(page, lambda: table.get_by_role("button", name="Show me").click())
    table.locator(".tsr-practice-shown").wait_for(state="visible", timeout=10_000)
    assert table.locator(".tsr-practice-stars .tsr-stars-big").count() == 0, "Show me earns no stars"
    assert table.get_attribute("data-stars") == "0"
    assert page.evaluate("localStorage.getItem('tsr-stars:simple_plastic')") is None


def test_a_failed_try_on_a_phone_is_one_sentence_with_show_me_why_and_the_board_stays_in_view(open_page, tmp_path):
    """Simple Plastic's *Out of sight* at 390x844 (touch), the sniper moved by taps where the tan sniper can hit
    him: the grade is one short sentence, the board still in view under it; *Show me why* opens the proof in
    full. Then *Hint*, *Try again* and solved by taps: 1 star (a hint and a retry). Then *Show me*: shown, with
    no stars. The 3 stars this browser kept for it are never lowered."""
    name = "out-of-sight"
    page, report = open_page(f"simple_plastic/practice.html#challenge={name}", width=PHONE[0], height=PHONE[1],
                             touch=True)
    table = page.locator(".tsr-snapshot")
    page.wait_for_function(f"document.querySelector('.tsr-snapshot').dataset.challenge === {name!r}", timeout=120_000)
    page.evaluate(f"localStorage.setItem('tsr-stars:simple_plastic', JSON.stringify({{{name!r}: 3}}))")
    mirror = new_session({"ruleset": "simple_plastic"})
    mirror.practise(name)
    in_the_open = next(a for a in mirror.state.legal_actions if type(a).__name__ == "MoveFigure" and a.to == (17.5, 20.5))
    _play_by_taps(page, table, mirror, in_the_open)
    grade = table.locator(".tsr-practice-failed")
    grade.wait_for(state="visible", timeout=30_000)
    assert grade.inner_text() == "Not always: some rolls of the dice make it fail."
    why = table.locator(".tsr-practice-why")
    assert why.is_visible() and not why.locator(".tsr-practice-why-text").is_visible(), "the proof starts closed"
    board = table.locator(".bk-Canvas, canvas").first.bounding_box()
    assert board and board["y"] + board["height"] / 2 < PHONE[1], f"the board is pushed off the screen: {board}"
    page.screenshot(path=str(tmp_path / "failed-try-390.png"))
    why.locator("summary").click()
    proof = why.locator(".tsr-practice-why-text")
    assert proof.is_visible() and proof.inner_text().startswith("Not whatever the dice: if g-sniper moves to (17.5, 20.5)")
    answered(page, lambda: table.get_by_role("button", name="Hint").click())
    answered(page, lambda: table.get_by_role("button", name="Try again").click())
    _solve_by_taps(page, table, "simple_plastic", name)
    assert _solved(table) == 1 and table.locator(".tsr-practice-solved").inner_text() == (
        "Yes: it works whatever the dice roll!")
    assert page.evaluate("JSON.parse(localStorage.getItem('tsr-stars:simple_plastic'))") == {name: 3}
    answered(page, lambda: table.get_by_role("button", name="Try again").click())
    answered(page, lambda: table.get_by_role("button", name="Show me").click())
    table.locator(".tsr-practice-shown").wait_for(state="visible", timeout=30_000)
    assert table.locator(".tsr-practice-stars .tsr-stars-big").count() == 0, "Show me earns no stars"
    assert page.evaluate("JSON.parse(localStorage.getItem('tsr-stars:simple_plastic'))") == {name: 3}
    assert not report.outside, report.outside
