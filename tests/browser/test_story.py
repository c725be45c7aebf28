"""The other side's turn told step by step, and replay that reads like a story (issue 35 items 4 and 8).

On a phone (390x844, touch): after the bot's turn its first sentence is inside the viewport and above the fixed
bar while its actions are played out one at a time; Skip ends the play-out with the board equal to the engine's
final answer (and nothing stale drawn after it); a tap during the play-out ends it first; with
prefers-reduced-motion the sentences come at once. Replay: the panel says the move shown (the log's words of that
entry, the log cut there), play/pause moves on by itself and stops, and the controls are in view at 390x844,
1280x800 and 1920x1080 with Projector on and off. Figures (step times, the board's size) are printed.
"""

from __future__ import annotations

import re

import pytest

from .conftest import answered, wait_for_boards

PHONE, DESKTOP, PROJECTOR = (390, 844), (1280, 800), (1920, 1080)
RULESET = "army_men"  # the bot moves and shoots in its first turns: slides, shots, dice and falls

# Every layer of the answer the board ends at (stats.finalLayers) against the board's Bokeh sources.
BOARD_IS_FINAL = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const wanted = window.tsrLivePlay.finalLayers;
  const differ = [];
  for (const [name, layer] of Object.entries(wanted)) {
    const source = doc.get_model_by_name(`layer-${name}`);
    if (!source) continue;
    for (const [column, values] of Object.entries(layer)) {
      const data = source.data instanceof Map ? source.data.get(column) : source.data[column];
      if (JSON.stringify(Array.from(data || [])) !== JSON.stringify(values)) differ.push(`${name}.${column}`);
    }
  }
  return differ;
}"""


def _start(page):
    page.locator(".tsr-play-now").click()
    table = page.locator(f'.tsr-snapshot[data-ruleset="{RULESET}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    return table


def _box(locator):
    b = locator.bounding_box()
    return None if b is None else (b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"])


def _in_view(box, width, height) -> bool:
    return box is not None and box[0] >= -1 and box[1] >= -1 and box[2] <= width + 1 and box[3] <= height + 1


def _bot_turn(page, table):
    """Press the big button until the answer plays the other side's turn out (its first sentence showing)."""
    for _ in range(12):
        answered(page, lambda: table.locator(".tsr-live-step").click())
        if table.get_attribute("data-story") == "playing":
            return
    pytest.fail("no turn of the other side was played out after 12 presses of the big button")


def test_the_bots_turn_is_played_out_on_a_phone_and_skip_ends_it(open_page):
    page, report = open_page(f"{RULESET}/full_game.html", width=PHONE[0], height=PHONE[1], touch=True,
                             motion="no-preference")
    wait_for_boards(page)
    table = _start(page)
    _bot_turn(page, table)
    story = table.locator(".tsr-story")
    first = story.locator(".tsr-story-line").first
    first.wait_for(state="visible")
    sentence, bar = _box(first), _box(table.locator(".tsr-table-bar"))
    print(f"phone: first sentence at {sentence}, bar from y={bar[1]:.0f}")
    assert _in_view(sentence, *PHONE), f"the first sentence is out of view: {sentence}"
    assert sentence[3] <= bar[1] + 1, f"the first sentence ({sentence}) is under the fixed bar (top {bar[1]:.0f})"
    page.wait_for_timeout(400)  # mid-step: the token on its way, the shot's line drawn
    page.screenshot(path="/tmp/story-playout-phone.png")
    words = first.inner_text()
    assert words.startswith("Tan:") and not re.search(r"\(-?\d+(\.\d+)?, |\bt\d\b", words), \
        f"not the engine's plain sentence (no ids, no coordinates): {words!r}"
    # one step at a time: the next sentence replaces the first, and the board is not yet the final one
    assert page.evaluate(f"(s) => ({BOARD_IS_FINAL})(s).length > 0", table.element_handle()), \
        "the board shows the end of the turn while it is being played out"
    page.wait_for_function("(window.tsrLivePlay.storySteps || []).length >= 2", timeout=10_000)
    steps = page.evaluate("window.tsrLivePlay.storySteps")
    print("step times (ms):", [round(ms) for ms in steps])  # a figure, not a stopwatch test (STEP_MS is 800)
    table.locator(".tsr-story-skip").click()
    assert table.get_attribute("data-story") == "done"
    assert page.evaluate(BOARD_IS_FINAL, table.element_handle()) == [], "after Skip the board is not the final one"
    page.wait_for_timeout(1500)  # a board the engine was still sending for a step is never drawn after Skip
    assert page.evaluate(BOARD_IS_FINAL, table.element_handle()) == []
    assert table.locator(".tsr-story-overlay *").count() == 0, "marks of the play-out left over the board"
    # the whole turn stays to read, one sentence a step, none for a step where nothing happened
    said = story.locator(".tsr-story-line").all_inner_texts()
    assert said and all(line.strip() for line in said) and not any("turn ends" in line for line in said), said

    # the next turn of the bot: a tap on the board during the play-out ends it first
    _bot_turn(page, table)
    box = _box(table.locator(".tsr-table-board"))
    page.mouse.click(box[0] + 5, box[1] + 5)
    page.wait_for_function("(s) => s.dataset.story === 'done'", arg=table.element_handle(), timeout=2000)
    page.wait_for_timeout(300)
    assert page.evaluate(BOARD_IS_FINAL, table.element_handle()) == []
    assert not report.problems, report.problems


RULESETS = ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_on_a_phone_the_other_sides_first_sentence_is_above_the_bar(open_page, ruleset):
    """Every ruleset, played on a phone by what a player sees (tests/browser/test_game_table.py's one action) until
    the other side's turn is played out: its first sentence inside the viewport, under the board and above the fixed
    bar; the board wholly in view above the bar; and the bar takes at most a third of the screen, 40 % with Projector
    on (in Dice Tactics the hand in the bar took 372 px of 844, 516 with Projector on, and the sentence and the
    board's bottom row went under it)."""
    from .test_game_table import _one_action  # (its module's helper: a confirmation, the big button, a card, a tap)
    page, report = open_page(f"{ruleset}/full_game.html", width=PHONE[0], height=PHONE[1], touch=True,
                             motion="no-preference")
    wait_for_boards(page)
    page.locator(".tsr-play-now").click()
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    for _ in range(30):
        _one_action(page, table)
        if table.get_attribute("data-story") == "playing":
            break
    else:
        pytest.fail("no turn of the other side was played out in 30 actions")
    first = table.locator(".tsr-story .tsr-story-line").first
    first.wait_for(state="visible")
    sentence, bar = _box(first), _box(table.locator(".tsr-table-bar"))
    board = _box(table.locator(".tsr-table-board .tsr-bokeh"))
    print(f"{ruleset} phone: first sentence at {sentence}, board {board}, bar from y={bar[1]:.0f} ({bar[3] - bar[1]:.0f} px)")
    assert _in_view(sentence, *PHONE), f"the first sentence is out of view: {sentence}"
    assert sentence[3] <= bar[1] + 1, f"the first sentence ({sentence}) is under the fixed bar (top {bar[1]:.0f})"
    assert _in_view(board, *PHONE) and board[3] <= bar[1] + 1, f"the board ({board}) is not wholly above the bar ({bar})"
    assert bar[3] - bar[1] <= PHONE[1] / 3, f"the fixed bar takes {bar[3] - bar[1]:.0f} px of {PHONE[1]}"
    # Projector on (text half as big again): the board still wholly above the bar, the bar under 40 % of the screen
    page.evaluate("() => { if (!document.documentElement.classList.contains('tsr-projector'))"
                  " document.querySelector('.tsr-projector-toggle').click(); }")
    page.wait_for_timeout(1500)
    bar, board = _box(table.locator(".tsr-table-bar")), _box(table.locator(".tsr-table-board .tsr-bokeh"))
    print(f"{ruleset} phone, Projector on: board {board}, bar from y={bar[1]:.0f} ({bar[3] - bar[1]:.0f} px)")
    assert bar[3] - bar[1] <= 0.4 * PHONE[1], f"Projector on: the fixed bar takes {bar[3] - bar[1]:.0f} px of {PHONE[1]}"
    table.locator(".tsr-table-board").scroll_into_view_if_needed()
    board = _box(table.locator(".tsr-table-board .tsr-bokeh"))
    assert board[3] <= bar[1] + 1, f"Projector on: the board ({board}) goes under the bar (top {bar[1]:.0f})"
    assert not report.problems, report.problems


def test_reduced_motion_says_the_whole_turn_at_once(open_page):
    page, report = open_page(f"{RULESET}/full_game.html", width=DESKTOP[0], height=DESKTOP[1])
    page.emulate_media(reduced_motion="reduce")
    wait_for_boards(page)
    table = _start(page)
    for _ in range(12):
        answered(page, lambda: table.locator(".tsr-live-step").click())
        if table.locator(".tsr-story").is_visible():
            break
    assert table.get_attribute("data-story") == "done", "with reduced motion there is no play-out to wait for"
    lines = table.locator(".tsr-story-line").all_inner_texts()
    assert len(lines) >= 2, lines
    assert page.evaluate(BOARD_IS_FINAL, table.element_handle()) == []
    assert table.locator(".tsr-story-overlay *").count() == 0
    assert not report.problems, report.problems


# The last move's marks (widgets/board.py add_last): each one's data rows and whether it is drawn.
LAST_MARKS_JS = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const source = doc.get_model_by_name("layer-last");
  const rows = Array.from(source.data instanceof Map ? source.data.get("kind") : source.data.kind).length;
  const drawn = ["last-arrows", "last-rings", "last-inner-rings"].filter((n) => doc.get_model_by_name(n).visible);
  return { rows, drawn };
}"""
QUIET = re.compile(r"turn ends|phase begins|has moved|'s (move|attack|shoot|fight) step")  # what only moves the game on


def _told(table) -> list[str]:
    """What the panel says of the other side's turn: the story's lines, or the last-move box's, whichever shows."""
    for name in (".tsr-story", ".tsr-live-last"):
        if table.locator(name).is_visible():
            return table.locator(f"{name} p").all_inner_texts()
    return []


@pytest.mark.parametrize("ruleset, size, touch", [("army_men", DESKTOP, False), ("simple_plastic", PHONE, True)],
                         ids=["army_men-1280", "simple_plastic-390"])
def test_the_turn_told_stays_after_the_readers_tap_and_its_marks_give_way(open_page, ruleset, size, touch):
    """A step where nothing happened (a phase begins, the turn ends) is never said; after the reader's tap that
    chooses a figure, the other side's turn (its moves, shots, dice) still reads as it was told, and the last
    move's arrow and rings are no longer drawn over the reader's own marks."""
    from .test_game_table import _tap_mark

    page, report = open_page(f"{ruleset}/full_game.html", width=size[0], height=size[1], touch=touch)
    wait_for_boards(page)
    page.locator(".tsr-play-now").click()
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    for _ in range(12):  # the big button until the other side has played where the board shows it
        answered(page, lambda: table.locator(".tsr-live-step").click())
        if table.get_attribute("data-story") == "done" and page.evaluate(LAST_MARKS_JS, table.element_handle())["rows"]:
            break
    told = _told(table)
    assert told and all(line.startswith("Tan: ") for line in told), told
    assert not [line for line in told if QUIET.search(line)], f"a step where nothing happened is said: {told}"
    marks = page.evaluate(LAST_MARKS_JS, table.element_handle())
    assert marks["drawn"] == ["last-arrows", "last-rings", "last-inner-rings"], marks
    _tap_mark(page, table, "piece")  # the reader chooses a figure: nothing played
    page.wait_for_timeout(300)
    after = _told(table)
    print(f"{ruleset}: told {len(told)} lines; after the tap {len(after)}: {after}")
    marks = page.evaluate(LAST_MARKS_JS, table.element_handle())
    wrong = [*([f"after the reader's tap the turn reads {after}, it was told {told}"] if after != told else []),
             *([f"the last move's marks still drawn over the reader's: {marks}"] if marks["drawn"] else [])]
    assert marks["rows"] and not wrong, wrong
    assert not report.problems, report.problems


def _controls_in_view(page, table, size) -> list[str]:
    out = []
    for name in (".tsr-view-back", ".tsr-view-play", ".tsr-view-next", ".tsr-view-speed", ".tsr-view-now"):
        box = _box(table.locator(name))
        if not _in_view(box, *size):
            out.append(f"{name} at {box}")
    return out


def test_replay_reads_like_a_story(open_page):
    page, report = open_page(f"{RULESET}/full_game.html", width=PROJECTOR[0], height=PROJECTOR[1],
                             motion="no-preference")
    wait_for_boards(page)
    table = _start(page)
    page.evaluate("() => { document.documentElement.classList.add('tsr-projector'); dispatchEvent(new Event('resize')); }")
    for turn in range(3):  # a few turns of each side
        answered(page, lambda: table.locator(".tsr-live-step").click())
        if turn == 0 and table.get_attribute("data-story") == "playing":  # the play-out as the back row sees it
            table.locator(".tsr-story-line").first.wait_for(state="visible")
            page.wait_for_timeout(400)
            page.screenshot(path="/tmp/story-playout-1920-projector.png")
        if table.locator(".tsr-story-skip").is_visible():
            table.locator(".tsr-story-skip").click()
    table.locator(".tsr-live-logbox summary").click() if not table.locator(".tsr-live-logbox").evaluate("d => d.open") \
        else None
    answered(page, lambda: table.locator(".tsr-log-see").last.click())  # the oldest entry
    viewing = table.locator(".tsr-live-viewing")
    if "after move 1 of" in viewing.inner_text():  # no setup entry: back to the start
        answered(page, lambda: viewing.locator(".tsr-view-back").click())
    assert "after move 0 of" in viewing.inner_text()

    def panel_says_the_move_shown():
        at = int(page.evaluate("(s) => s.querySelector('.tsr-view-where').textContent.match(/move (\\d+)/)[1]",
                               table.element_handle()))
        entries = table.locator(".tsr-live-log > li")  # the log is cut at the move shown
        last = table.locator(".tsr-live-last").inner_text()
        assert f"after move {at} of {_moves(page, table)}" in table.locator(".tsr-view-where").inner_text()
        if at > 0:  # by its side's name, never "Bot": what happened first (the log's entry), else what was done
            shown = page.evaluate(SHOWN_JS, table.element_handle())
            side = "Green" if shown["who"] == "You" else "Tan"
            assert shown["said"] in [f"{side}: {words}" for words in [*shown["events"], shown["words"]]], (at, shown)
            turn = table.locator(".tsr-live-turn").inner_text()
            assert turn == ("Replay: your move" if side == "Green" else "Replay: Tan's move"), turn
            assert "Bot" not in last, f"move {at}: the panel names a bot: {last!r}"
            assert entries.count() == at + (1 if _has_setup(table) else 0)
        else:
            assert "The start" in last and entries.count() <= 1
        return at

    assert panel_says_the_move_shown() == 0
    answered(page, lambda: viewing.locator(".tsr-view-next").click())
    assert panel_says_the_move_shown() == 1
    answered(page, lambda: viewing.locator(".tsr-view-back").click())
    assert panel_says_the_move_shown() == 0
    # play: it moves on by itself, a move per the speed's pause; pause stops it
    viewing.locator(".tsr-view-speed").select_option("fast")
    viewing.locator(".tsr-view-play").click()
    page.wait_for_function("(s) => /move [3-9]\\d* of|move \\d\\d+ of/.test(s.querySelector('.tsr-view-where').textContent)",
                           arg=table.element_handle(), timeout=15_000)
    toggle = viewing.locator(".tsr-view-play")  # while playing it says Pause beside two bars drawn in CSS (no "⏸":
    bars = toggle.locator(".tsr-pause-icon").bounding_box()  # a missing-glyph box in Debian's chromium)
    assert toggle.inner_text().strip() == "Pause" and bars and bars["width"] > 4 and bars["height"] > 4, bars
    toggle.click()  # pause
    assert toggle.inner_text().strip() == "▶ Play"
    paused = panel_says_the_move_shown()
    page.wait_for_timeout(1500)
    assert panel_says_the_move_shown() == paused, "the replay went on after Pause"
    assert paused >= 3
    for size in (PHONE, DESKTOP, PROJECTOR):
        for projector in (False, True):
            page.set_viewport_size({"width": size[0], "height": size[1]})
            page.evaluate("(on) => { document.documentElement.classList.toggle('tsr-projector', on);"
                          " dispatchEvent(new Event('resize')); }", projector)
            page.wait_for_timeout(600)
            missing = _controls_in_view(page, table, size)
            bar = _box(viewing)
            print(f"{size[0]}x{size[1]} projector {'on' if projector else 'off'}: replay controls at {bar}")
            assert not missing, f"{size} projector {projector}: out of view: {missing}"
            if size == PROJECTOR and projector:
                page.screenshot(path="/tmp/story-replay-1920-projector.png")
            if size == PHONE and not projector:
                page.screenshot(path="/tmp/story-replay-phone.png")
    assert not report.problems, report.problems


# The replay's last-move box against the log's entry of the move shown (the newest of the log cut there): the box's
# first sentence, and the entry's who, words and each event's words.
SHOWN_JS = """(snapshot) => {
  const entry = snapshot.querySelector('.tsr-live-log > li');
  const [who, ...words] = entry.querySelector('b').textContent.split(': ');
  const events = Array.from(entry.querySelectorAll(':scope > ul > li')).map((li) => li.firstChild.textContent.trim());
  const said = snapshot.querySelector('.tsr-live-last p').firstChild.textContent;
  return { who, words: words.join(': '), events, said };
}"""


def _moves(page, table) -> int:
    return int(page.evaluate("(s) => s.querySelector('.tsr-view-where').textContent.match(/of (\\d+)/)[1]",
                             table.element_handle()))


def _has_setup(table) -> bool:
    return table.locator(".tsr-live-log > li").last.locator("b").first.inner_text().startswith("Setup")
