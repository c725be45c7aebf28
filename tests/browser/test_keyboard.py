"""The board by keyboard and screen reader (issue 35.7).

A whole game of a tabletop ruleset (Simple Plastic) and of a grid one (Dice Tactics), in simple mode, played by the
keyboard alone: Tab onto the board (a focusable layer, role application, named with how to use it), arrow keys to a
mark (the ring drawn on it, its plain words said in a live region: no figure id, no coordinate), Enter to pick; the
big button, cards and questions by Tab and Enter. Every decision is written down, and the same game (same seed,
same bot) is then played again by pointer taps on the same marks and clicks on the same buttons: it must end the
same, logged the same, in at least as many decisions as by keys. Then Escape backs out (lets a chosen figure go,
answers a question No, the table stays open), the arrows go to the nearest mark that way, and axe finds no critical
or serious violation on the board with the keyboard's focus on it.
"""

from __future__ import annotations

import math

import pytest

from tests.test_plain_words import COORDINATES, ID_LIKE

from .conftest import BOARD_JS, answered, axe_violations, moves_made

SIZE = (1280, 800)
LAYER = ".tsr-key-layer"
ARROWS = ("ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft")
BUTTONS = (".tsr-card-ways button", ".tsr-live-hand button", ".tsr-live-others button")
RULESETS = ["simple_plastic", "dice_tactics", "phlog"]  # a tabletop, a grid, a grid with cards


def _start(open_page, ruleset):
    page, report = open_page(f"{ruleset}/full_game.html", width=SIZE[0], height=SIZE[1])
    page.locator(".bk-Figure").first.wait_for(timeout=20_000)
    page.locator(".tsr-play-now").click()
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0", timeout=120_000)
    assert table.locator(".tsr-live-simple").is_checked(), "simple mode is not on"
    return page, report, table


def _focused(page, selector: str) -> bool:
    return page.evaluate("(s) => Boolean(document.activeElement && document.activeElement.matches(s))", selector)


def _tab_to(page, selector: str, keys: dict, limit: int = 80) -> None:
    """Tab (forwards) until the focus is on the first visible element ``selector`` matches; keys["tab"] counts."""
    for _ in range(limit):
        if _focused(page, selector):
            return
        page.keyboard.press("Tab")
        keys["tab"] += 1
    pytest.fail(f"Tab never reached {selector}")


def _said(page) -> str:
    page.wait_for_function("document.querySelector('.tsr-key-said').textContent !== ''")
    return page.evaluate("document.querySelector('.tsr-key-said').textContent")


def _plain(text: str) -> None:
    assert not ID_LIKE.search(text) and not COORDINATES.search(text), f"engine words said in simple mode: {text!r}"


def _ring_on_its_mark(page, table) -> int:
    """The ring is shown, on the mark it names (its centre within 2 CSS px of the mark's place on the screen);
    returns that mark's row of the choices layer."""
    ring = page.locator(".tsr-key-ring")
    assert ring.is_visible(), "the keyboard's focus is not drawn on the board"
    at = int(ring.get_attribute("data-at"))
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    point = page.evaluate(BOARD_JS, [table.element_handle(), [[marks["xs"][at], marks["ys"][at]]]])["screen"][0]
    box = ring.bounding_box()
    centre = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert math.dist(centre, point) <= 2, f"the ring at {centre}, its mark at {point}"
    assert box["width"] >= 24, f"a ring {box['width']} px across"
    return at


def _wait_answered_or_asked(page, before: int) -> None:
    page.wait_for_function(f"""window.tsrLivePlay.moves.length > {before}
        || Array.from(document.querySelectorAll('.tsr-live-confirm')).some((box) => !box.hidden)""", timeout=60_000)


def _question(page):
    box = page.locator(".tsr-live-confirm")
    return box if box.is_visible() else None


def _keys_decision(page, table, policy: dict, keys: dict) -> tuple:
    """One decision by the keyboard, as a fixed policy says (``policy``: its counts so far): a question answered
    (Yes; a "which?" its first button, though a pick by keys never asks it); else a card's ways shown, the first;
    else, with marks on the board, two times in three (or with nothing else to press) a mark (Tab onto the board,
    one arrow, Enter); else the big button and a card or choice button, each in turn. Returns what was decided."""
    box = _question(page)
    if box is not None:
        before = moves_made(page)
        if box.locator(".tsr-which-option").count():
            assert _focused(page, ".tsr-which-option"), "the question's first button has not the focus"
            picked = ("which",)
        else:
            assert _focused(page, ".tsr-confirm-no"), "the question's No has not the focus"
            page.keyboard.press("Shift+Tab")
            keys["tab"] += 1
            assert _focused(page, ".tsr-confirm-yes")
            picked = ("yes",)
        page.keyboard.press("Enter")
        _wait_answered_or_asked(page, before)
        return picked
    kinds = page.evaluate(BOARD_JS, [table.element_handle(), []])["kinds"]
    step = table.locator(".tsr-live-step")
    if not step.is_visible():
        step = None
    ways = table.locator(BUTTONS[0]).first.is_visible()  # a card's ways shown: one of them
    buttons = next((name for name in BUTTONS[1:] if table.locator(name).first.is_visible()), None)
    board = False
    if kinds and not ways:  # marks: the board two times in three, or when there is nothing else
        board = policy["marks"] % 3 != 2 or (step is None and buttons is None)
        policy["marks"] += 1
    if board:
        if not _focused(page, LAYER):
            for _ in range(60):  # the board is before the panel: back there with Shift+Tab
                page.keyboard.press("Shift+Tab")
                keys["tab"] += 1
                if _focused(page, LAYER):
                    break
            assert _focused(page, LAYER), "Shift+Tab never reached the board"
        _plain(_said(page))
        page.keyboard.press(ARROWS[policy["marks"] % 4])
        keys["arrow"] += 1
        page.wait_for_timeout(50)
        _plain(_said(page))
        at = _ring_on_its_mark(page, table)
        marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
        before = moves_made(page)
        page.keyboard.press("Enter")
        _wait_answered_or_asked(page, before)
        return ("board", marks["xs"][at], marks["ys"][at])
    if ways:
        buttons = BUTTONS[0]
    elif step is not None and buttons is not None:  # the big button and a card or choice: each in turn
        policy["other"] += 1
        if policy["other"] % 2:
            buttons = None
    if step is not None and buttons is None:
        _tab_to(page, ".tsr-live-step", keys)
        picked = ("step", step.inner_text())
    elif buttons is not None:
        _tab_to(page, f"{buttons}", keys)
        picked = ("button", buttons, page.evaluate("document.activeElement.textContent"))
    else:
        pytest.fail(f"nothing to do by keys: marks {kinds}")
    before = moves_made(page)
    page.keyboard.press("Enter")
    if picked[0] == "button" and page.evaluate("document.activeElement.getAttribute('aria-expanded')") is not None:
        return (*picked, "ways")  # a card played several ways: its ways shown, no engine call
    _wait_answered_or_asked(page, before)
    return picked


def _tap_decision(page, table, decided: tuple) -> int:
    """The same decision by pointer: a click on the mark, the button, the question's answer. A tap with a finger's
    reach may ask "which?" where the keys' exact pick did not: answered with its first button (the nearest mark),
    an extra decision. Returns the decisions it took."""
    before = moves_made(page)
    kind = decided[0]
    if kind in ("yes", "which"):
        page.locator(".tsr-confirm-yes" if kind == "yes" else ".tsr-which-option").first.click()
    elif kind == "step":
        table.locator(".tsr-live-step").click()
    elif kind == "button":
        table.locator(decided[1]).first.click()
        if decided[-1] == "ways":
            return 1
    else:
        point = page.evaluate(BOARD_JS, [table.element_handle(), [[decided[1], decided[2]]]])["screen"][0]
        page.mouse.click(*point)
    _wait_answered_or_asked(page, before)
    box = _question(page)
    if kind == "board" and box is not None and box.locator(".tsr-which-option").count():
        answered(page, lambda: box.locator(".tsr-which-option").first.click())
        return 2
    return 1


def _outcome(page, table) -> tuple[str, str]:
    banner = table.locator(".tsr-table-banner")
    banner.wait_for(state="visible", timeout=10_000)
    return banner.locator(".tsr-banner-headline").inner_text(), table.locator(".tsr-live-log").text_content()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_game_by_keyboard_as_by_taps(open_page, axe_script, ruleset):
    page, report, table = _start(open_page, ruleset)
    layer = table.locator(LAYER)
    assert layer.get_attribute("role") == "application" and "arrow keys" in layer.get_attribute("aria-label")
    decided, keys, policy = [], {"tab": 0, "arrow": 0}, {"marks": 0, "other": 0}
    for _ in range(300):
        if table.locator(".tsr-table-banner").is_visible():
            break
        decided.append(_keys_decision(page, table, policy, keys))
        assert decided[-1] != ("which",), "a pick by keys asked which mark: keys pick exactly one"
    else:
        pytest.fail(f"no end after 300 decisions by keys: {decided[-5:]}")
    by_keys = _outcome(page, table)
    board = sum(d[0] == "board" for d in decided)
    assert board >= 3, f"only {board} decisions on the board: {decided}"

    answered(page, lambda: table.get_by_role("button", name="Play again").click())  # the same seed: the same game
    taps = sum(_tap_decision(page, table, d) for d in decided)
    assert _outcome(page, table) == by_keys, "the game by taps on the same marks did not go as the game by keys"
    assert len(decided) <= taps
    print(f"\n{ruleset}: {len(decided)} decisions by keys ({board} on the board; {keys['arrow']} arrow and "
          f"{keys['tab']} Tab presses), {taps} by taps; {by_keys[0]}")
    assert not report.problems, report.problems


def test_escape_backs_out_arrows_go_the_nearest_way_and_axe_passes(open_page, axe_script):
    page, report, table = _start(open_page, "simple_plastic")
    table.locator(".tsr-live-step").focus()
    page.keyboard.press("Shift+Tab")  # the board is one Tab before the big button
    assert _focused(page, LAYER)
    outline = page.evaluate("getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none", "the board's focus is not shown"
    said = _said(page)
    _plain(said)
    assert said.startswith("2 marks. Choose your "), said  # two figures may act: the squad's leader, the heavy weapon
    _ring_on_its_mark(page, table)
    problems = axe_violations(page, axe_script, include=".tsr-table-board")
    assert not problems, problems

    # Enter chooses the figure the ring is on; Escape lets it go, and the table stays open
    answered(page, lambda: page.keyboard.press("Enter"))
    kinds = page.evaluate(BOARD_JS, [table.element_handle(), []])["kinds"]
    assert "chosen" in kinds and "target" in kinds, kinds
    said = _said(page)
    _plain(said)
    assert "moves" in said, said  # the ring went on to where the chosen squad may go
    # the arrows go to the nearest mark that way, as drawn on the screen (not the list's order)
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    screen = page.evaluate(BOARD_JS, [table.element_handle(), list(zip(marks["xs"], marks["ys"]))])["screen"]
    at = _ring_on_its_mark(page, table)
    page.keyboard.press("ArrowUp")
    up = [i for i, (x, y) in enumerate(screen) if y < screen[at][1] - 1]
    if up:
        expected = min(up, key=lambda i: (abs(screen[i][0] - screen[at][0]) > screen[at][1] - screen[i][1],
                                          screen[at][1] - screen[i][1] + 2 * abs(screen[i][0] - screen[at][0])))
        page.wait_for_timeout(50)
        assert _ring_on_its_mark(page, table) == expected
    answered(page, lambda: page.keyboard.press("Escape"))
    kinds = page.evaluate(BOARD_JS, [table.element_handle(), []])["kinds"]
    assert "chosen" not in kinds and "target" not in kinds, kinds
    assert page.evaluate("document.documentElement.classList.contains('tsr-playing')"), "Escape left the table"

    # a question (a tap on open table with a figure chosen: "Go there?", the focus on No): Escape answers No
    answered(page, lambda: page.keyboard.press("Enter"))
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    chosen = marks["kinds"].index("chosen")
    moves = table.get_attribute("data-live-moves")
    box = page.locator(".tsr-live-confirm")
    cx, cy = marks["xs"][chosen], marks["ys"][chosen]
    around = [(cx + r * math.cos(k * math.pi / 8), cy + r * math.sin(k * math.pi / 8)) for r in (3, 5.5) for k in range(16)]
    for spot in [p for p in around if min(math.dist(p, m) for m in zip(marks["xs"], marks["ys"])) >= 1.2]:
        # open table, 1.2 inches and more from every mark, some way the rules let it go (else refused, nothing played)
        point = page.evaluate(BOARD_JS, [table.element_handle(), [spot]])["screen"][0]
        answered(page, lambda: page.mouse.click(*point))
        if box.is_visible():
            break
    assert box.is_visible() and "Go there?" in box.inner_text(), table.locator(".tsr-live-status").inner_text()
    page.keyboard.press("Escape")
    assert box.is_hidden() and table.get_attribute("data-live-moves") == moves
    assert page.evaluate("document.documentElement.classList.contains('tsr-playing')"), "Escape left the table"
    assert not report.problems, report.problems
