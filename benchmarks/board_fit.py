"""Print how the live board fits each screen: its size, its scale, how close the offered marks stand, and the taps a
whole game takes at a phone's size (issue 35's figures).

Run after building the site: ``TSR_SITE=/path/to/html .venv/bin/python benchmarks/board_fit.py [--games]``
(default ``_build/html``). For every ruleset's full-game page, at 390x844 (touch), 1280x800 and 1920x1080, with
*Projector* off and on, it presses Play and prints the board's width and height in CSS px, its px per unit of the
table (inch or square), and the smallest distance in CSS px between two offered marks on screen: as the game starts
(the figures that may act), and once the first of them is chosen (it and where it can go). ``--games`` then plays a
whole game at the phone's size by taps and buttons, as tests/browser/test_game_table.py does, and prints how many
of each it took. Asserts nothing: these are figures for a note.
"""

from __future__ import annotations

import math
import sys

from live_play import PAGES, SITE, chromium, served

from tests.browser.conftest import BOARD_JS, answered
from tests.browser.test_game_table import _play_to_the_end, _start

SIZES = {"phone": (390, 844), "desktop": (1280, 800), "projector": (1920, 1080)}
OFFERED = ("piece", "chosen", "target", "off")


def _closest(screen) -> float | None:
    """The smallest distance between two of ``screen``'s points (CSS px); ``None`` with fewer than two."""
    pairs = [math.dist(a, b) for i, a in enumerate(screen) for b in screen[i + 1:]]
    return min(pairs) if pairs else None


def _marks(page, table) -> tuple[dict, list]:
    board = page.evaluate(BOARD_JS, [table.element_handle(), []])
    points = [[x, y] for x, y, kind in zip(board["xs"], board["ys"], board["kinds"]) if kind in OFFERED]
    screen = page.evaluate(BOARD_JS, [table.element_handle(), points])["screen"]
    return board, list(zip(points, screen))


def _scale(page, table) -> float:
    """CSS px per unit of the table, along x."""
    screen = page.evaluate(BOARD_JS, [table.element_handle(), [[0, 0], [1, 0]]])["screen"]
    return abs(screen[1][0] - screen[0][0])


def _open(browser, base: str, ruleset: str, size: tuple[int, int], projector: bool):
    phone = size[0] < 500
    context = browser.new_context(viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone,
                                  device_scale_factor=2 if phone else 1, bypass_csp=True, reduced_motion="reduce")
    if projector:
        context.add_init_script("localStorage.setItem('tsr-projector', 'on')")
    page = context.new_page()
    page.goto(f"{base}/{PAGES[ruleset]}", wait_until="load")
    page.locator(".tsr-play-now").click()
    return context, page, _start(page, ruleset)


def fit(browser, base: str, ruleset: str, size: tuple[int, int], projector: bool) -> dict:
    context, page, table = _open(browser, base, ruleset, size, projector)
    try:
        board, marks = _marks(page, table)
        left, top, right, bottom = board["box"]
        figures = {"width": right - left, "height": bottom - top, "scale": _scale(page, table),
                   "start": _closest([s for _, s in marks]), "chosen": None}
        pieces = [(p, s) for (p, s), kind in zip(marks, [k for k in board["kinds"] if k in OFFERED]) if kind == "piece"]
        if pieces:
            (x, y) = pieces[0][1]
            answered(page, lambda: page.mouse.click(x, y))
            figures["chosen"] = _closest([s for _, s in _marks(page, table)[1]])
        return figures
    finally:
        context.close()


def game(browser, base: str, ruleset: str) -> dict:
    context, page, table = _open(browser, base, ruleset, SIZES["phone"], False)
    try:
        return _play_to_the_end(page, table, SIZES["phone"], limit=400)
    finally:
        context.close()


def _px(value) -> str:
    return "-" if value is None else f"{value:.0f}"


def main(argv: list[str]) -> None:
    with served(SITE) as base, chromium() as browser:
        print(f"{'ruleset':16} {'size':10} {'projector':9} {'width':>6} {'height':>6} {'px/unit':>7} "
              f"{'closest at start':>16} {'closest once chosen':>19}")
        for ruleset in PAGES:
            for name, size in SIZES.items():
                for projector in (False, True):
                    f = fit(browser, base, ruleset, size, projector)
                    print(f"{ruleset:16} {name:10} {'on' if projector else 'off':9} {_px(f['width']):>6} "
                          f"{_px(f['height']):>6} {f['scale']:7.1f} {_px(f['start']):>16} {_px(f['chosen']):>19}",
                          flush=True)
        if "--games" in argv:
            print("\nA whole game at 390x844 by taps and buttons (each kind of action, counted):")
            for ruleset in PAGES:
                done = game(browser, base, ruleset)
                print(f"{ruleset:16} {sum(done.values()):4} actions  {done}", flush=True)


if __name__ == "__main__":
    main(sys.argv[1:])
