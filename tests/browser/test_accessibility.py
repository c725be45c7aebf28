"""Accessibility (issue 21, item 9): axe-core finds no critical or serious problem, and the keyboard's focus
stays visible and on screen.

axe-core runs in the page (``axe_violations`` in conftest.py; the script comes from the npm registry, for
the tests only). The pages: the home page, the army builder, the classroom and comparison indexes, every
quick reference at desktop size (the army builder and a full-game page in the theme's dark mode too), and
every ruleset's full-game page at desktop and phone sizes, before and after *Play here* starts live play.
One browser context for all.
"""

from __future__ import annotations

import pytest

from .conftest import axe_violations, wait_for_boards

RULESETS = ["army_men", "simple_plastic", "phlog", "one_brain_cell", "dice_tactics"]
PAGES = (["index.html", "army_men/army.html", "classroom/index.html", "compare/index.html"]
         + [f"{ruleset}/quick_reference.html" for ruleset in RULESETS])
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}
# The live controls are up once the engine has offered its first actions (tests/browser/test_live_play.py).
LIVE_READY = ".tsr-live-actions option"


@pytest.fixture(scope="module")
def one_page(browser, base_url):
    """One page, in one context, for every check of this file (outside requests blocked as elsewhere)."""
    from .conftest import open_in

    context, page, _ = open_in(browser, base_url, "index.html", **DESKTOP)
    page.base_url = base_url
    yield page
    context.close()


def _open(page, path: str) -> None:
    page.goto(f"{page.base_url}/{path}", wait_until="load")
    page.wait_for_load_state("networkidle")
    if page.locator(".tsr-bokeh").count():
        wait_for_boards(page)  # Bokeh's controls get their names once drawn (widgets/accessible.py)


def test_pages_have_no_critical_or_serious_violation(one_page, axe_script):
    page = one_page
    page.set_viewport_size(DESKTOP)
    found = {}
    for path in PAGES:
        _open(page, path)
        found[path] = axe_violations(page, axe_script)
    # the theme's dark mode (its toggle in the header, kept in localStorage): the pages with cell outputs
    page.evaluate("localStorage.setItem('mode', 'dark'); localStorage.setItem('theme', 'dark')")
    try:
        for path in ["army_men/army.html", "phlog/full_game.html"]:
            _open(page, path)
            found[f"{path} (dark mode)"] = axe_violations(page, axe_script)
    finally:
        page.evaluate("localStorage.removeItem('mode'); localStorage.removeItem('theme')")
    assert not any(found.values()), "\n".join(f"{p}:\n  " + "\n  ".join(v) for p, v in found.items() if v)


@pytest.mark.parametrize("ruleset", RULESETS)
def test_full_game_page_before_and_after_play_starts(one_page, axe_script, ruleset):
    page = one_page
    found = {}
    _open(page, f"{ruleset}/full_game.html")
    for name, size in [("desktop", DESKTOP), ("phone", PHONE)]:
        page.set_viewport_size(size)
        page.wait_for_timeout(300)  # Bokeh lays out again for the new width
        found[f"{name}, before play"] = axe_violations(page, axe_script)
    # pressed from the keyboard: a mouse left over a link would show its hover colour (2.45:1) to axe
    page.locator(".tsr-play-here").first.press("Enter")
    page.locator(LIVE_READY).first.wait_for(state="attached", timeout=90_000)
    for name, size in [("phone", PHONE), ("desktop", DESKTOP)]:
        page.set_viewport_size(size)
        page.wait_for_timeout(300)
        found[f"{name}, live play"] = axe_violations(page, axe_script)
    page.set_viewport_size(DESKTOP)
    assert not any(found.values()), "\n".join(f"{k}:\n  " + "\n  ".join(v) for k, v in found.items() if v)


# The element that has the keyboard's focus, inside Bokeh's shadow roots too, and how it shows it.
FOCUSED = """() => {
  let el = document.activeElement;
  while (el && el.shadowRoot && el.shadowRoot.activeElement) el = el.shadowRoot.activeElement;
  if (el == null || el === document.body) return null;
  const box = el.getBoundingClientRect();
  const style = getComputedStyle(el);
  // a fixed or sticky bar drawn over its centre (the game table's bar on a phone), if any
  let outer = el;
  while (outer.getRootNode().host) outer = outer.getRootNode().host;
  let bar = document.elementFromPoint((box.left + box.right) / 2, (box.top + box.bottom) / 2);
  while (bar && !['fixed', 'sticky'].includes(getComputedStyle(bar).position)) bar = bar.parentElement;
  const covered = bar && !bar.contains(outer)
    ? bar.tagName.toLowerCase() + (typeof bar.className === 'string' && bar.className ? '.' + bar.className.trim().split(/\\s+/)[0] : '')
    : null;
  return {what: el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? '.' + el.className.trim().split(/\\s+/).join('.') : '')
                + (el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''),
          top: box.top, bottom: box.bottom, left: box.left, right: box.right,
          outline: style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0,
          shadow: style.boxShadow !== 'none', width: innerWidth, height: innerHeight, covered};
}"""


def _on_screen(focused: dict) -> bool:
    return (focused["bottom"] > 0 and focused["top"] < focused["height"]
            and focused["right"] > 0 and focused["left"] < focused["width"])


def focus_problems(page, presses: int) -> list[str]:
    """Tab through ``page`` ``presses`` times: each stop that is off screen or shows no focus ring, in words."""
    problems = []
    for press in range(1, presses + 1):
        page.keyboard.press("Tab")
        focused = page.evaluate(FOCUSED)
        if focused is None:
            continue
        if not _on_screen(focused) or focused["covered"]:  # the skip link slides in and out (0.15 s) and a scroll
            # may be smooth: wait for them
            page.wait_for_timeout(400)
            focused = page.evaluate(FOCUSED)
        if not _on_screen(focused):
            problems.append(f"Tab {press}: {focused['what']} is off screen ({focused['top']:.0f}, {focused['left']:.0f})")
        elif focused["covered"]:
            problems.append(f"Tab {press}: {focused['what']} is under {focused['covered']}")
        if not (focused["outline"] or focused["shadow"]):
            problems.append(f"Tab {press}: {focused['what']} shows no focus ring")
    return problems


@pytest.mark.parametrize("size", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_keyboard_focus_stays_visible_and_on_screen(one_page, size):
    """From the top of the army builder (links, the theme's toggles, Bokeh's spinners, the sheet) and of a
    full-game page (its replay), the first 90 Tab stops each show a ring and are scrolled into view."""
    page = one_page
    page.set_viewport_size(size)
    # The pages as a reader first sees them: no game kept from an earlier test of this context, which would start
    # (its pickers and Play here disabled while it boots, the table then taking over the page) during the walk.
    page.evaluate("Object.keys(localStorage).filter((k) => k.startsWith('tsr-game:')).forEach((k) => localStorage.removeItem(k))")
    problems = []
    for path in ["army_men/army.html", "simple_plastic/full_game.html"]:
        _open(page, path)
        problems += [f"{path} {p}" for p in focus_problems(page, 90)]
    page.set_viewport_size(DESKTOP)
    assert not problems, "\n".join(problems)


def test_on_a_phone_the_game_tables_tab_stops_are_not_under_its_bar(open_page):
    """On a phone the game table's bar (the turn, the big button, Undo, More) is fixed at the bottom: every Tab
    stop of the table (the pickers, New game, More's drawer...) is scrolled clear of it, not left under it."""
    page, _ = open_page("simple_plastic/full_game.html", width=PHONE["width"], height=PHONE["height"], touch=True)
    page.locator(".tsr-play-now").click()
    page.locator(".tsr-table .tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0", timeout=120_000)
    problems = focus_problems(page, 25)  # the table's stops, then round again (focus stays in the table)
    assert not problems, "\n".join(problems)
