"""The book played live: JupyterLab opens a chapter as a notebook and its boards draw.

Lab is started as ``make lab`` starts it (``jupyter lab book/index.md`` from the top of
the project: the server serves ``book/``, where jupytext finds ``book/jupytext.toml``),
and driven at a projector's 1920 x 1080. Screenshots go to ``_build/`` (or ``TSR_LAB_SHOTS``).
"""

from __future__ import annotations

import difflib
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BOOK = ROOT / "book"  # what `make lab` serves: paths below are from here
TOKEN = "tsr-test"
SHOTS = Path(os.environ.get("TSR_LAB_SHOTS", ROOT / "_build"))
PROJECTOR = {"width": 1920, "height": 1080}


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


LAB_RUN: dict[str, str] = {}  # the running Lab's runtime folder (its kernels' environment names it)


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    sys.path.insert(0, str(ROOT))
    from sitebuild.lab_settings import write_overrides

    write_overrides(Path(sys.prefix))  # what `make lab` does: .md pages open as notebooks
    port = _free_port()
    LAB_RUN["runtime"] = str(tmp_path_factory.mktemp("runtime"))
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": LAB_RUN["runtime"],
           "TSR_KEPT_DIR": str(tmp_path_factory.mktemp("kept"))}  # games kept across kernels: this run's own
    env.pop("TSR_STATIC_BUILD", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--IdentityProvider.token={TOKEN}", "--allow-root", "--ServerApp.open_browser=False",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
         "book/index.md"],  # as `make lab` opens it: the server's root is the folder of this page
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        server.terminate()
        pytest.fail("JupyterLab did not start")
    yield url
    server.terminate()
    server.wait(timeout=30)


def _open(page, lab_url, path):
    page.goto(f"{lab_url}/lab/tree/{path}?reset&token={TOKEN}")
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=60_000)
    _kernel_ready(page)


def _widget_button(page, words: str):
    """The first widget button saying exactly ``words`` (after an icon): not a longer one that holds them, as the
    challenge maker's hidden "Save as a file" holds "Save" or the set-up's "Done: play from here" holds "Play"."""
    return page.locator("button.widget-button", has_text=re.compile(rf"^\W*{re.escape(words)}$")).first


def _play_button(page):
    """The live game's Play button (not "Done: play from here", the set-up's, nor the banner's "Play again")."""
    return _widget_button(page, "Play")


def _kernel_ready(page):
    """Wait for the page's kernel to be up (a Run All sent before it is may be lost on a busy machine)."""
    page.wait_for_timeout(1000)
    page.locator(".jp-StatusBar-Item", has_text="Idle").first.wait_for(timeout=90_000)


def _run_all(page):
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()


def _shot(page, name):
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / name))


def _no_broken_board(page):
    assert page.get_by_text("Failed to create view").count() == 0
    assert page.get_by_text("javascript error").count() == 0


def test_a_chapter_runs_live_and_its_boards_draw(browser, lab_url):
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "classroom/dice.md")
    _run_all(page)
    try:
        page.locator(".bk-Figure").nth(1).wait_for(state="attached", timeout=90_000)
    finally:
        _shot(page, "jupyterlab-test.png")
    # Both Bokeh figures of the page drew, and no widget failed to render.
    assert page.locator(".bk-Figure").count() >= 2
    _no_broken_board(page)
    # The live-only control really plays: a click rolls dice in the kernel; the "needs Python" note is not shown.
    assert page.locator(".live-only").count() == 0
    page.get_by_role("button", name="Roll 10 dice").click()
    page.get_by_text("scored 4+").first.wait_for(timeout=30_000)
    assert page.locator('.widget-html-content span[style*="font-size:72px"]').count() == 10  # big dice
    assert page.get_by_text("Seed ").count() >= 1  # a fresh seed, shown so a class can roll the same again
    page.get_by_role("button", name="Roll 10 dice").scroll_into_view_if_needed()
    _shot(page, "jupyterlab-dice.png")
    page.close()


def _live_log(page) -> str:
    return page.locator(".tsr-live-log").first.inner_text()


def _board_words(page) -> str:
    """The live board's text alternative (it follows every change of the board's data)."""
    words = [alt.evaluate("""(el) => Array.from(el.shadowRoot ? el.shadowRoot.children : [el])
                                      .filter((child) => child.tagName !== "STYLE" && child.tagName !== "LINK")
                                      .map((child) => child.textContent).join("")""")
             for alt in page.locator(".tsr-alt").all()]
    return next((text for text in reversed(words) if "Tabletop" in text), "")


def test_a_game_survives_a_rule_link_and_a_refresh(browser, lab_url):
    """Army Men (which lost its game on a refresh): play several actions, follow a rule link from the log (it
    opens the rule's page beside the game, at its heading; the game stays), reload the page: every board draws
    again with no kernel restart, and the same game is still there. Then a new game on the scenario and side picked."""
    context = browser.new_context(viewport=PROJECTOR, accept_downloads=True)
    page = context.new_page()
    _open(page, lab_url, "army_men/full_game.md")
    _run_all(page)
    turn = page.get_by_text("your turn (green)").first
    turn.wait_for(timeout=120_000)
    board = _board_words(page)
    play = _play_button(page)
    for _ in range(4):
        play.click()  # the first legal action is ready: no need to pick one first
        page.wait_for_timeout(1500)
    log = ""
    while log != _live_log(page):  # the last click's answer may come late on a busy machine: the log settled
        log = _live_log(page)
        page.wait_for_timeout(3000)
    assert log.count("You:") >= 3, log
    assert _board_words(page) != board  # the board follows the moves
    board = _board_words(page)
    page.locator(".tsr-live-log").first.scroll_into_view_if_needed()
    _shot(page, "jupyterlab-live-play.png")
    # a rule link opens the rule's page beside the game in this Lab, at its heading: no second Lab; the game stays
    link = page.locator(".tsr-live-log a.rule-ref").first
    href = link.get_attribute("href")
    assert href.startswith("/lab/tree/army_men/") and str(ROOT) not in href, href
    heading = json.loads(link.get_attribute("data-commandlinker-args"))["id"].split("=", 1)[1]
    pages = len(context.pages)
    link.click()
    name = href.split("/")[-1].split("#")[0]
    page.locator(".lm-TabBar-tab.lm-mod-current .lm-TabBar-tabLabel", has_text=name).first.wait_for(timeout=60_000)
    target = page.locator(f".jp-NotebookPanel:visible [data-jupyter-id='{heading}']").first
    target.wait_for(timeout=60_000)
    # (Lab scrolls a notebook to a fragment only once its cells are drawn: the first click opens the page, and
    # scrolls it if Lab was quick; a second click on the link scrolls the open page)
    page.locator(".lm-TabBar-tabLabel", has_text="full_game.md").first.click()
    link.click()
    page.wait_for_timeout(1500)
    top = target.evaluate("e => e.getBoundingClientRect().top")
    assert 0 <= top < 300, f"the heading {heading} is at {top} px: the page was not scrolled to it"
    assert len(context.pages) == pages and page.get_by_text("Could not find path").count() == 0
    _shot(page, "jupyterlab-rule-link.png")
    page.locator(".lm-TabBar-tabLabel", has_text="full_game.md").first.click()
    assert "/lab/tree/army_men/full_game.md" in page.url
    assert _live_log(page) == log
    # Save downloads a file that loads back
    _widget_button(page, "Save").click()
    with page.expect_download() as download:
        page.locator("a.tsr-save").click()
    saved = Path(download.value.path()).read_text()
    assert json.loads(saved)["ruleset"] == "army_men" and saved not in page.content()
    # a refresh: the page is run again in a new window of the same kernel; boards draw, the game is kept
    page.reload()
    page.locator(".jp-Notebook:visible").first.wait_for(timeout=60_000)
    _kernel_ready(page)
    _run_all(page)
    page.get_by_text("your turn (green)").first.wait_for(timeout=120_000)
    page.locator(".bk-Figure").nth(1).wait_for(state="attached", timeout=90_000)
    page.wait_for_timeout(2000)
    _no_broken_board(page)
    assert _live_log(page) == log
    assert _board_words(page) == board  # the refreshed window draws the game as it stands, not as it began
    page.locator(".tsr-live-log").first.scroll_into_view_if_needed()
    _shot(page, "jupyterlab-after-refresh.png")
    _saving_changes_nothing(page, "army_men/full_game.md")  # run, played and saved: the source is as it was
    # Lab offers the scenario and the side: New game starts the one picked, the bot (green) moving first
    page.locator(".widget-dropdown", has_text="Scenario").locator("select").select_option(label="capture the flag")
    page.locator(".widget-dropdown", has_text="Your side").locator("select").select_option(label="tan")
    _widget_button(page, "New game").click()
    page.get_by_text("your turn (tan)").first.wait_for(timeout=60_000)
    assert "Bot:" in _live_log(page)  # green (the bot) moved first
    page.wait_for_timeout(1500)
    _no_broken_board(page)
    assert "flag" in _board_words(page).lower()
    context.close()


def test_a_text_page_opens_with_no_kernel_dialog_and_saving_changes_nothing(browser, lab_url):
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "index.md")
    page.wait_for_timeout(3000)
    assert page.locator(".jp-Dialog").count() == 0  # no "Select Kernel"
    _saving_changes_nothing(page, "index.md")
    page.close()


def _saving_changes_nothing(page, path):
    """Save the open page in Lab (jupytext writes it back): not a byte of the book's source changes."""
    source = (BOOK / path).read_bytes()
    try:
        page.locator(".jp-Notebook:visible .jp-Cell").first.click()
        page.keyboard.press("Escape")
        page.keyboard.press("Control+s")
        page.wait_for_timeout(3000)
        saved = (BOOK / path).read_bytes()
        assert saved == source, "".join(difflib.unified_diff(source.decode().splitlines(True),
                                                             saved.decode().splitlines(True)))
    finally:
        (BOOK / path).write_bytes(source)


def test_the_classroom_controls_work_on_a_projector(browser, lab_url):
    """Big dice from a fresh seed; the house-rules lab plays with a progress bar and results as they come."""
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "classroom/house_rules.md")
    _run_all(page)
    run = page.locator("button.widget-button", has_text="Play the games").first
    run.wait_for(timeout=180_000)
    run.scroll_into_view_if_needed()
    run.click()
    page.get_by_text("mean rounds").first.wait_for(timeout=120_000)
    page.wait_for_timeout(1000)
    _shot(page, "jupyterlab-house-rules.png")
    assert page.locator(".widget-html-content table").count() >= 1
    page.close()


LAB_CHOICES = """() => {
  // the live board's choices layer and, for a board point, where it is on the screen (through the plot's scales)
  for (const doc of Bokeh.documents) {
    const layer = doc.get_model_by_name("layer-choices");
    if (layer == null) continue;
    const data = layer.data instanceof Map ? Object.fromEntries(layer.data) : layer.data;
    const marks = doc.get_model_by_name("choices-pieces");
    function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }
    for (const root of Object.values(Bokeh.index)) {
      for (const view of views(root)) {
        if (view.model.renderers && view.model.renderers.includes(marks)) {
          view.el.scrollIntoView({ block: "center" });
          const box = view.canvas_view.el.getBoundingClientRect();
          return Array.from(data.kind, (kind, i) => [kind, box.left + view.frame.x_scale.compute(data.x[i]),
                                                      box.top + view.frame.y_scale.compute(data.y[i])]);
        }
      }
    }
  }
  return null;
}"""


TURN_TEXT = "document.querySelector('.tsr-live-turn').textContent"


def _live_game(browser, lab_url):
    """Simple Plastic's full game run in Lab at a projector's size, once its board offers marks: the page."""
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "simple_plastic/full_game.md")
    _run_all(page)
    page.get_by_text("your turn (green)").first.wait_for(timeout=120_000)
    page.wait_for_function(f"({LAB_CHOICES})() !== null", timeout=90_000)
    return page


def test_a_move_is_chosen_on_the_lab_board(browser, lab_url):
    """In JupyterLab too, a tap on a ringed figure and then on a marked spot plays the move (the kernel's Session).

    The page's kernel may still hold the game another test played (kept across a re-run): whatever the phase,
    choose a figure if none is chosen, then tap a marked spot, and see one more move of ours in the log."""
    page = _live_game(browser, lab_url)
    play = _play_button(page)
    for _ in range(8):  # nothing to tap (say, only "end the phase" is left): play from the list until there is
        if page.evaluate(LAB_CHOICES):
            break
        play.click()
        page.wait_for_timeout(1500)
    before = _live_log(page).count("You:")
    # a projector: the board takes most of the width, beside the controls, and fits the window's height
    board = page.locator(".tsr-live-turn").locator("xpath=ancestor::div[contains(@class,'widget-hbox')][1]/div[1]")
    box, turn = board.bounding_box(), page.locator(".tsr-live-turn").bounding_box()
    assert box["width"] > PROJECTOR["width"] / 2 and turn["x"] > box["x"] + box["width"] - 1, (box, turn)
    marks = page.evaluate(LAB_CHOICES)
    piece = next(m for m in marks if m[0] in ("piece", "chosen"))
    page.mouse.click(piece[1], piece[2])  # choose a figure (or unchoose it)
    page.wait_for_timeout(800)
    if not any(kind == "target" for kind, *_ in page.evaluate(LAB_CHOICES)):
        page.mouse.click(piece[1], piece[2])
        page.wait_for_function(f"(({LAB_CHOICES})() || []).some((m) => m[0] === 'target')", timeout=30_000)
        page.wait_for_timeout(800)
    # no hover card opens over the spots just offered: what the tap found is told beside the board
    assert page.locator(".bk-Tooltip:visible, .bk-tooltip:visible").count() == 0
    card = page.locator(".tsr-live-card").first.inner_text()  # simple mode: the figure's card in plain words
    assert card.startswith("Green ") and not re.search(r"\(\s*-?\d", card), card
    _shot(page, "jupyterlab-chosen.png")
    target = next(m for m in page.evaluate(LAB_CHOICES) if m[0] == "target")
    page.mouse.click(target[1], target[2])
    page.wait_for_function(f"document.querySelector('.tsr-live-log').innerText.split('You:').length - 1 > {before}",
                           timeout=30_000)
    page.close()


ENGINE_WORDS = re.compile(r"\b[gt]\d+\b|\bt-\w+|\(\s*-?\d+(\.\d+)?,\s*-?\d+(\.\d+)?\s*\)|\b[a-z_]+:[a-z_.]+\b")
"""A figure id (g1, t-sniper), a coordinate pair (9.0, 15.0) or a rule key (simple_plastic:moving)."""


def _settled(page, locator) -> str:
    """The text of ``locator`` once it has stopped changing (the kernel's answers may come late on a busy machine)."""
    text = None
    while text != locator.inner_text():
        text = locator.inner_text()
        page.wait_for_timeout(2000)
    return text


def test_the_game_table_in_lab_is_the_pages_table(browser, lab_url):
    """Issue 35 (9) at a projector's 1920 x 1080: the board fills its place beside the controls, wholly in view,
    with no toolbar; the marks' key folded; the other side's turn in plain sentences, and no figure id, coordinate or
    rule key in the words the table shows (simple mode, Lab's first); the replay bar in view; and after a New game
    on a table of another shape the board drawn anew in that shape."""
    page = _live_game(browser, lab_url)
    play = _play_button(page)
    for _ in range(4):
        play.click()
        page.wait_for_timeout(1500)
    _settled(page, page.locator(".tsr-live-log").first)
    for _ in range(8):  # the key lists the marks on the board: play on until there are some
        if page.evaluate(LAB_CHOICES):
            break
        play.click()
        page.wait_for_timeout(1500)
        _settled(page, page.locator(".tsr-live-log").first)
    row = page.locator(".tsr-live-turn").locator("xpath=ancestor::div[contains(@class,'widget-hbox')][1]")
    board = row.locator("xpath=div[1]")
    board.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(1000)
    box = board.bounding_box()
    print(f"board {box['width']:.0f} x {box['height']:.0f} px at y {box['y']:.0f}")  # (figures for the note)
    assert box["width"] > 0.6 * PROJECTOR["width"] * 0.8 and box["y"] >= 0, box  # most of the notebook's width
    assert box["y"] + box["height"] <= PROJECTOR["height"], box  # the whole board on screen
    assert board.locator(".bk-Toolbar").count() == 0  # a toy table: no toolbar (nor axes: test_widgets_live.py)
    _shot(page, "jupyterlab-table.png")
    key = page.locator("details.tsr-live-legend").first
    assert key.is_visible() and key.get_attribute("open") is None and "What do the marks mean?" in key.inner_text()
    replay = page.locator(".widget-play").first.bounding_box()
    assert replay and 0 <= replay["y"] and replay["y"] + replay["height"] <= PROJECTOR["height"], replay
    said = " ".join(page.locator(".tsr-live-turn, .tsr-live-last, .tsr-live-card, .tsr-live-log").all_inner_texts())
    said += " ".join(page.locator(".widget-dropdown:visible", has_text="Action").locator("option").all_inner_texts())
    assert not ENGINE_WORDS.search(said), ENGINE_WORDS.search(said)
    assert "Tan: " in page.locator(".tsr-live-last").first.inner_text()  # the other side's turn, a sentence a step
    # the replay plays itself: two steps back, then its play button; the moves shown go on by the browser's clock
    for _ in range(2):
        page.locator("button.widget-button", has_text="◀").first.click()
        page.wait_for_timeout(1000)
    page.wait_for_function(f"() => /Replay: .*\\(\\d+ of/.test({TURN_TEXT})", timeout=30_000)
    shown = page.evaluate(f"() => Number({TURN_TEXT}.match(/\\((\\d+) of/)[1])")
    page.locator(".widget-play button").first.click()
    page.wait_for_function(f"n => Number(({TURN_TEXT}.match(/\\((\\d+) of/) || [0, 0])[1]) > n || "
                           f"!{TURN_TEXT}.includes('Replay')", arg=shown, timeout=30_000)
    page.locator(".widget-play button").nth(1).click()  # pause; then back to the game, unless the replay got there
    back = _widget_button(page, "Back to the game")
    page.wait_for_timeout(1000)
    if back.is_enabled():
        back.click()
    page.get_by_text("your turn (green)").first.wait_for(timeout=30_000)
    shape = box["width"] / box["height"]
    page.locator(".widget-dropdown", has_text="Scenario").locator("select").select_option(label="sniper duel")
    _widget_button(page, "New game").click()
    page.wait_for_timeout(3000)
    page.get_by_text("your turn (green)").first.wait_for(timeout=60_000)
    _no_broken_board(page)
    board.evaluate("(el) => el.scrollIntoView({block: 'start'})")
    page.wait_for_timeout(1500)
    again = board.bounding_box()
    print(f"sniper duel board {again['width']:.0f} x {again['height']:.0f} px at y {again['y']:.0f}")
    assert abs(again["width"] / again["height"] - 1) < abs(shape - 1) - 0.15, (box, again)  # 24 by 24 inches now
    assert again["y"] + again["height"] <= PROJECTOR["height"], again
    _shot(page, "jupyterlab-table-sniper-duel.png")
    page.close()


def _site_sentence(site_dir: Path, page: str, words: str) -> str:
    """The sentence of the built site's ``page`` around ``words``, its glued values in place (whitespace made one)."""
    import html
    import re

    text = html.unescape(re.sub(r"<[^>]+>", "", (site_dir / page).read_text()))
    at = text.index(words)
    start = max(text.rfind(".", 0, at), text.rfind("#", 0, at))  # a heading's text ends with its "#" link
    return _plain(text[start + 1:text.find(".", at) + 1])


def _plain(text: str) -> str:
    """Words to compare: white space made one, the site's curly apostrophes (Sphinx's smart quotes) straight."""
    return " ".join(text.replace("\u2019", "'").split())


_PROSE_IN_VIEW = """outer => { const cells = [...outer.querySelectorAll(".jp-Cell")];
  return cells.filter(cell => cell.matches(".jp-MarkdownCell")).map(cell =>
    [cell.dataset.windowedListIndex ?? String(cells.indexOf(cell)),
     cell.querySelector(".jp-RenderedMarkdown")?.innerText || ""]); }"""


def _all_prose(page) -> list[str]:
    """The rendered text of every markdown cell of the open notebook, read as a reader scrolls it from the top:
    Lab draws only the cells near the view (its windowed notebook), and draws a cell anew when it comes back."""
    outer = page.locator(".jp-NotebookPanel:visible .jp-WindowedPanel-outer").first
    outer.evaluate("e => e.scrollTo(0, 0)")
    cells: dict[str, str] = {}
    while True:
        page.wait_for_timeout(500)
        for index, text in outer.evaluate(_PROSE_IN_VIEW):
            if text.strip():
                cells[index] = text
        if outer.evaluate("e => { const top = e.scrollTop; e.scrollBy(0, e.clientHeight * 0.8);"
                          " return e.scrollTop === top; }"):
            return [cells[index] for index in sorted(cells, key=int)]


def test_glued_values_show_in_labs_prose_as_on_the_site(browser, lab_url, site_dir):
    """{glue:}, {glue:md} and {glue:text} with a format: after Run All, Lab's prose says what the site says."""
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "phlog/attacking.md")
    prose = page.locator(".jp-MarkdownCell .jp-RenderedMarkdown")
    assert "{glue" in " ".join(prose.all_inner_texts())  # before the page is run: the placeholders
    _run_all(page)
    page.locator(".tsr-glued").first.wait_for(state="attached", timeout=120_000)
    page.wait_for_timeout(1000)
    shown = _plain(" ".join(_all_prose(page)))
    assert "{glue" not in shown
    for words in ("or more", "of the time"):
        assert _site_sentence(site_dir, "phlog/attacking.html", words) in shown
    prose.filter(has_text="of the time").first.scroll_into_view_if_needed()
    _shot(page, "jupyterlab-glued.png")
    page.close()


GONE_SHOWN = """() => { const box = document.querySelector(".tsr-live-game.jupyter-widgets-disconnected");
  return box ? getComputedStyle(box, "::before").content : ""; }"""


def _kernel_pid(path) -> int:
    """The process of the kernel this test's Lab runs for ``path``: its environment names the page and this
    server's runtime folder."""
    for proc in Path("/proc").glob("[0-9]*"):
        try:
            env = dict(item.split("=", 1) for item in (proc / "environ").read_text().split("\0") if "=" in item)
        except OSError:
            continue
        if (env.get("JPY_SESSION_NAME", "").endswith(path)
                and env.get("JUPYTER_RUNTIME_DIR") == LAB_RUN.get("runtime") and "ipykernel" in (proc / "cmdline").read_text()):
            return int(proc.name)
    raise AssertionError(f"no kernel runs {path}")


# A dead kernel (kill -9) takes the same way back, after Lab's own "Kernel Restarting" dialog. (Both once failed now
# and then: the replay bar's browser-side link sent a stale move back, and the game came back shown as a replay of
# move 1, its "is back" sentence replaced; the bar is linked in the kernel now.)
@pytest.mark.parametrize("how", ["restart", "dead"])
def test_after_a_kernel_restart_or_death_the_game_says_so_and_run_all_brings_it_back(browser, lab_url, how):
    page = browser.new_page(viewport=PROJECTOR)
    _open(page, lab_url, "dice_tactics/full_game.md")
    _run_all(page)
    page.get_by_text("your turn (green)").first.wait_for(timeout=120_000)
    if how == "restart":  # a fresh game for this test (the page's game may have been kept by the other)
        _widget_button(page, "New game").click()
        page.wait_for_timeout(1500)
    play = _play_button(page)
    for _ in range(3):
        play.click()
        page.wait_for_timeout(1500)
    log = ""
    while log != _live_log(page):
        log = _live_log(page)
        page.wait_for_timeout(2000)
    assert log.count("You:") >= 2, log
    assert page.evaluate(GONE_SHOWN) == ""  # alive: no notice
    if how == "restart":
        page.locator(".lm-MenuBar-itemLabel", has_text="Kernel").first.click()
        page.locator(".lm-Menu-itemLabel", has_text="Restart Kernel…").first.click()
        page.locator(".jp-Dialog button", has_text="Restart").first.click()
    else:
        os.kill(_kernel_pid("dice_tactics/full_game.md"), 9)
    page.wait_for_function(f"({GONE_SHOWN})().includes('Run All')", timeout=60_000)
    if how == "dead":  # Lab says so too, in a dialog to close
        page.locator(".jp-Dialog button", has_text="Ok").first.click()
    box = page.locator(".tsr-live-game").first
    assert box.evaluate("e => getComputedStyle(e.lastElementChild).pointerEvents") == "none"  # old controls inert
    box.scroll_into_view_if_needed()
    _shot(page, f"jupyterlab-kernel-{how}.png")
    _kernel_ready(page)
    _run_all(page)
    page.get_by_text("is back as it was").first.wait_for(timeout=120_000)
    page.wait_for_timeout(1500)
    assert _live_log(page) == log
    assert page.evaluate(GONE_SHOWN) == ""
    _no_broken_board(page)
    page.close()


LAB_POINT = """([x, y]) => {
  // where the board point (x, y) of the live board is on the screen (through the plot's scales): the board shown
  // (a New game on another table draws a new one; the old one's document stays, no longer on the page)
  for (const doc of Bokeh.documents) {
    const marks = doc.get_model_by_name("choices-pieces");
    if (marks == null) continue;
    function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }
    for (const root of Object.values(Bokeh.index)) {
      for (const view of views(root)) {
        if (view.model.renderers && view.model.renderers.includes(marks) && view.el.isConnected &&
            view.canvas_view.el.getBoundingClientRect().width > 0) {
          view.el.scrollIntoView({ block: "center" });
          const box = view.canvas_view.el.getBoundingClientRect();
          return [box.left + view.frame.x_scale.compute(x), box.top + view.frame.y_scale.compute(y)];
        }
      }
    }
  }
  return null;
}"""


def _labelled(page, kind: str, label: str):
    """The ipywidget of ``kind`` (text, dropdown, select-multiple) whose label is exactly ``label``."""
    return page.locator(f".widget-{kind}").filter(
        has=page.locator("label.widget-label", has_text=re.compile(f"^{re.escape(label)}$"))).first


def _said(page, words: str) -> None:
    """Wait for the panel (or the status) to say ``words``; a screenshot of what it said instead if it does not."""
    try:
        page.get_by_text(words).locator("visible=true").first.wait_for(timeout=60_000)  # (the log has it too)
    except Exception:
        _shot(page, "jupyterlab-make-failed.png")
        raise


def _board_tap(page, x: float, y: float, said: str) -> None:
    page.mouse.click(*page.evaluate(LAB_POINT, [x, y]))
    _said(page, said)


def _button_click(page, words: str, then: str) -> None:
    page.locator("button.widget-button:visible", has_text=re.compile(f"^{re.escape(words)}$")).first.click()
    _said(page, then)


def test_a_challenge_made_in_lab_and_solved_from_its_text(browser, lab_url):
    """Issue 38 item 2 in Lab, as a teacher makes it: a new game of *Sniper duel*, *Set up the table* (the sniper
    moved by two taps, four figures taken off), *Make it a challenge* (the title, goal and hint typed, the kind and
    test picked in words, the figure picked by a tap on the board, the terrain and sections from lists), the solution
    recorded by two taps, checked clean, saved as a file beside the notebook; the file's text solved by
    ``Practice(game, text=...)`` for 3 stars."""
    sys.path.insert(0, str(ROOT))
    import explorer
    from explorer.core.challenges import load
    from widgets import simple_plastic as sp
    from widgets.practice import Practice

    page = _live_game(browser, lab_url)
    _labelled(page, "dropdown", "Scenario").locator("select").select_option(label="sniper duel")
    _widget_button(page, "New game").click()
    _said(page, "A new game (seed")
    _button_click(page, "Set up the table", "Setting up: tap a piece")
    _board_tap(page, 2.0, 16.0, "Picked: g-sniper")
    _board_tap(page, 4.0, 17.0, "g-sniper moved.")
    for piece, at in {"g2": (3.0, 11.75), "g3": (3.0, 12.5), "t2": (21.0, 11.75), "t3": (21.0, 12.5)}.items():
        _board_tap(page, *at, f"Picked: {piece}")
        _button_click(page, "Remove", f"{piece} taken off.")
    _button_click(page, "Make it a challenge", "Making a challenge from this table")
    for label, words, said in (("Title", "Sniper to the bushes", "Title set."),
                               ("Goal", "Walk your sniper into the bushes.", "Goal text set."),
                               ("Hint", "A soldier walks one span (4 inches) at most.", "Hint set.")):
        field = _labelled(page, "text", label).locator("input")
        field.fill(words)
        field.press("Enter")  # sent when the typing is done
        _said(page, said)
    _labelled(page, "dropdown", "Kind").locator("select").select_option(
        label="Get there: reach a position within a few actions")
    _said(page, "Kind set.")
    _labelled(page, "dropdown", "Test").locator("select").select_option(
        label="The figure is in play and stands in the named terrain (its centre on it: 'in the bushes').")
    _said(page, "Test set.")
    page.locator("button.widget-toggle-button", has_text="Pick on the board").first.click()
    _said(page, "Tap the board to pick the goal's figure.")
    _board_tap(page, 4.4, 17.2, "figure: g-sniper.")  # near the sniper
    _labelled(page, "dropdown", "terrain").locator("select").select_option(label="bushes")
    _said(page, "terrain: bushes.")
    _labelled(page, "select-multiple", "Sections").locator("select").select_option(
        label=["Turns", "Moving: one span"])
    _said(page, "Sections set.")
    _said(page, "Still needs: a recorded solution.")
    _shot(page, "jupyterlab-make-a-challenge.png")
    _button_click(page, "Record the solution", "Recording the solution")
    page.mouse.click(*page.evaluate(LAB_POINT, [4.0, 17.0]))  # the sniper, then a spot in the bushes 3.5" away
    page.wait_for_timeout(2000)  # (LAB_CHOICES reads the first board drawn: the New game's table is another)
    _shot(page, "jupyterlab-make-recording.png")
    page.mouse.click(*page.evaluate(LAB_POINT, [5.57, 20.13]))
    page.wait_for_timeout(1500)
    if page.locator("button.widget-button:visible", has_text="Yes, play it").count():
        page.locator("button.widget-button:visible", has_text="Yes, play it").first.click()
    _button_click(page, "Stop recording", "Recorded: 1 step.")  # (what the panel lists, kept after the next answer)
    _button_click(page, "Check", "Ready: the check found nothing wrong.")
    _button_click(page, "Make the file and link", "Ready: save it as a file or copy its link.")
    text = next(value for value in page.locator("textarea").evaluate_all("els => els.map((e) => e.value)")
                if value.startswith("[[challenge]]"))
    assert 'name = "sniper-to-the-bushes"' in text and 'args = { figure = "g-sniper", terrain = "bushes" }' in text
    assert page.locator('a[href^="practice.html#challenges=c1."]').count() == 1
    _button_click(page, "Save as a file", "Saved as")
    saved = Path(re.search(r"Saved as (\S+\.toml)", page.get_by_text("Saved as").first.inner_text()).group(1))
    try:
        assert saved.parent == BOOK / "simple_plastic" and saved.read_text(encoding="utf-8") == text
    finally:
        saved.unlink(missing_ok=True)  # the notebook's folder is the project's book: leave it clean
    _shot(page, "jupyterlab-made-a-challenge.png")
    page.close()

    (challenge,) = load(text, explorer.get_ruleset("simple_plastic")).values()
    learner = sp.SimplePlasticLive(explorer.new_game("simple_plastic", "sniper_duel", seed=1), human="green")
    Practice(learner, text=text)
    for action, dice in challenge.solution_actions():
        learner.live.session.try_action(action.to_dict(), dice)
    solved = learner.live.session.answer()["challenge"]
    assert solved["solved"] and solved["stars"] == 3
