"""The game table (issue 21): live play on one screen, played by taps on the board and the visible buttons.

For every ruleset: a whole game at a phone's size (390x844, touch) and then, on the same page (one
Pyodide boot), a whole game at a desktop's (1280x800), each only by tapping the board's marks and the
buttons in view (the big next-step button, a card or choice button, a confirmation); after every
action the board and the main control must be inside the viewport, and the game ends with the banner.
The phone's game is in the simple mode (a first visit's): the human plays the board's marks too (a figure, then
where it goes or whom it attacks), a refusal shows its "why?", and every text the table shows after every action
holds no figure id, coordinate nor rule key (tests/browser/simple_words.py; issue 35 item 5). Then, on one ruleset each: the Play button at the top of the index, two people on one screen with the
pass-the-device curtain (Dice Tactics: hidden cards, and its Operation Track ends a game of passes), a reload mid-game that comes back to the same position, a link that reopens a
game and a bad link refused in words with nothing lost. Games are short: the human mostly presses the
next step (end the move, pass), so the bots finish them.
"""

from __future__ import annotations

import pytest

from .conftest import BOARD_JS, answered, axe_violations, moves_made, wait_for_boards
from .simple_words import engine_words_shown, refused_with_why

RULESETS = ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]
PHONE, DESKTOP = (390, 844), (1280, 800)
OFF_CENTRE = (6, 8)  # a tap 10 CSS px from the mark's centre

HOVERS_ACTIVE = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const all = doc._all_models instanceof Map ? Array.from(doc._all_models.values()) : Array.from(doc.all_models);
  return all.filter((m) => "tooltips" in m && "active" in m && "renderers" in m).map((m) => m.active);
}"""


def _answered_or_asked(page, action) -> str:
    """Do ``action`` (press a button that plays an action) and wait for the engine's answer, or for the question
    asked first when the action would surely end the game: "asked" then, else "answered"."""
    before = moves_made(page)
    action()
    page.wait_for_function(f"""window.tsrLivePlay.moves.length > {before}
        || Array.from(document.querySelectorAll('.tsr-live-confirm')).some((box) => !box.hidden)""", timeout=60_000)
    return "answered" if moves_made(page) > before else "asked"


def _log(table) -> str:
    """The log's words, folded or not (simple mode folds it)."""
    return table.locator(".tsr-live-log").text_content()


def _inside(box, width, height) -> bool:
    left, top, right, bottom = box
    return left >= -1 and top >= -1 and right <= width + 1 and bottom <= height + 1 and right > left and bottom > top


def _box(locator):
    b = locator.bounding_box()
    return None if b is None else (b["x"], b["y"], b["x"] + b["width"], b["y"] + b["height"])


def _assert_in_view(page, table, size) -> None:
    """The board and the main control (the big button, or the turn line when there is none) are in view."""
    board = page.evaluate(BOARD_JS, [table.element_handle(), []])
    assert board is not None and _inside(board["box"], *size), f"the board is out of view: {board and board['box']}"
    step = table.locator(".tsr-live-step")
    main = step if step.is_visible() else table.locator(".tsr-live-turn")
    box = _box(main)
    assert box is not None and _inside(box, *size), f"the main control is out of view: {box}"


def _lined_up(page) -> None:
    """The Play button at the top of the page starts where the article's text does, not at the column's edge."""
    button, heading = _box(page.locator(".tsr-play-now")), _box(page.locator(".bd-article h1").first)
    assert abs(button[0] - heading[0]) <= 1, f"the Play button starts at {button[0]:.0f} px, the text at {heading[0]:.0f}"


def _start(page, ruleset):
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    return table


def _one_action(page, table, plays: bool = False) -> str:
    """One action by what a player sees: a confirmation, the big button, a card (or its ways) or a choice button,
    the board. ``plays``: the board's marks before the big button, twice between two presses of it, as a player who
    moves and attacks does (a figure to choose, where the last tap chose none; a spot to play), so more of the game's
    words are shown."""
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    kinds = marks["kinds"] if marks else []
    chose, taps = table.evaluate("""(t) => { const was = [t.dataset.testChose === 'yes', Number(t.dataset.testTaps || 0)];
        t.dataset.testChose = 'no'; return was; }""")  # the last action chose a figure; taps since the big button
    for name in (".tsr-confirm-yes", ".tsr-which-option", ".tsr-curtain-ready"):
        button = page.locator(name)
        if button.count() and button.first.is_visible():
            if name == ".tsr-curtain-ready":
                button.first.click()  # the curtain: no engine call
                return "curtain"
            answered(page, lambda: button.first.click())
            return "confirm"
    if plays and taps < 2 and ("target" in kinds or ("piece" in kinds and not chose)) and _in_view(page, table, marks):
        table.evaluate("(t) => { t.dataset.testTaps = Number(t.dataset.testTaps || 0) + 1; }")
        return _tap(page, table, marks)
    step = table.locator(".tsr-live-step")
    if step.is_visible():
        table.evaluate("(t) => { t.dataset.testTaps = 0; }")
        return "step" if _answered_or_asked(page, lambda: step.click()) == "answered" else "asked"
    for name in (".tsr-card-ways button", ".tsr-live-hand button", ".tsr-live-others button"):
        choice = table.locator(name)
        if choice.count() and choice.first.is_visible():
            if choice.first.get_attribute("aria-expanded") is not None:  # a card played several ways: its ways
                choice.first.click()
                return "ways"
            if _answered_or_asked(page, lambda: choice.first.click()) == "asked":
                return "asked"
            return "card" if "hand" in name else "button"
    return _tap(page, table, marks)


def _mark_to_tap(page, table, marks):
    """The mark a tap goes to (one to play there, else a figure to choose) and its point on the screen."""
    kinds = marks["kinds"]
    at = kinds.index("target") if "target" in kinds else kinds.index("piece") if "piece" in kinds else None
    assert at is not None, f"nothing to tap and no button to press: {kinds}"
    return at, page.evaluate(BOARD_JS, [table.element_handle(), [[marks["xs"][at], marks["ys"][at]]]])["screen"][0]


def _in_view(page, table, marks) -> bool:
    point, size = _mark_to_tap(page, table, marks)[1], page.viewport_size
    return 0 <= point[0] <= size["width"] and 0 <= point[1] <= size["height"]


def _tap(page, table, marks) -> str:
    """A tap near a mark on the board: one to play there, else a figure to choose."""
    kinds = marks["kinds"]
    at, point = _mark_to_tap(page, table, marks)
    assert _in_view(page, table, marks), "a mark to tap is out of view"
    # as a child taps: near the mark, not on its centre pixel (10 CSS px off, within a finger's reach)
    near = (point[0] + OFF_CENTRE[0], point[1] + OFF_CENTRE[1])
    table.evaluate("(t, chose) => { t.dataset.testChose = chose; }", "yes" if kinds[at] == "piece" else "no")
    return "tap" if _answered_or_asked(page, lambda: page.mouse.click(*near)) == "answered" else "asked"


def _play_to_the_end(page, table, size, limit=200, engine_words: dict | None = None) -> dict:
    """Play until the banner shows; the board and main control checked in view after every action. ``engine_words``:
    the board's marks played before the big button (:func:`_one_action`'s ``plays``), and every text the table
    shows scanned after every action, each line holding engine words (figure ids, coordinates, rule keys) kept
    there, with the action after which it showed."""
    done: dict[str, int] = {}
    for _ in range(limit):
        if engine_words is not None:
            for line in engine_words_shown(table):
                engine_words.setdefault(line, sum(done.values()))
        if table.locator(".tsr-table-banner").is_visible():
            return done
        kind = _one_action(page, table, plays=engine_words is not None)
        done[kind] = done.get(kind, 0) + 1
        if kind not in ("curtain", "ways") and table.locator(".tsr-table-banner").is_hidden():
            _assert_in_view(page, table, size)
    pytest.fail(f"no end after {limit} actions: {done}")


def _banner(table, people: bool = False) -> str:
    banner = table.locator(".tsr-table-banner")
    banner.wait_for(state="visible", timeout=10_000)
    headline = banner.locator(".tsr-banner-headline").inner_text()
    assert headline in ("You won", "You lost", "Draw") or headline.endswith(" wins"), headline
    assert banner.locator(".tsr-banner-why").inner_text().strip(), "the banner does not say why"
    for name in ("Play again",) if people else ("Play again", "Swap sides"):
        assert banner.get_by_role("button", name=name).is_visible()
    return headline


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_whole_game_by_taps_at_phone_then_desktop_size(open_page, axe_script, ruleset):
    page, report = open_page(f"{ruleset}/full_game.html", width=PHONE[0], height=PHONE[1], touch=True)
    wait_for_boards(page)
    # served over HTTP: no dead copy of the controls, and the Play button at the top starts the game
    snapshot = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    dead = snapshot.locator("button:disabled:visible, select:disabled:visible, input:disabled:visible, textarea:disabled:visible")
    assert dead.count() == 0, f"{dead.count()} dead controls in view before play"
    _lined_up(page)
    page.locator(".tsr-play-now").click()
    table = _start(page, ruleset)
    assert table.locator(".tsr-live-step, .tsr-live-turn").first.is_visible()
    assert all(active is False for active in table.element_handle().evaluate(HOVERS_ACTIVE)), "hover tools on touch"
    assert table.locator(".tsr-live-dice").is_hidden()  # in the More drawer, and absent where no dice are rolled
    key = table.locator(".tsr-live-legend")  # the marks' key, folded (issue 35): "What do the marks mean?"
    assert key.evaluate("(k) => k.tagName === 'DETAILS' && !k.open"), "the marks' key is not folded"
    _assert_in_view(page, table, PHONE)
    assert table.locator(".tsr-live-simple").is_checked(), "simple mode is not the first visit's mode"
    engine_words = dict.fromkeys(engine_words_shown(table), 0)
    refused_with_why(page, table, ruleset)
    engine_words.update(dict.fromkeys(engine_words_shown(table), 0))
    _one_action(page, table)
    problems = axe_violations(page, axe_script, include=".tsr-table")
    assert not problems, problems  # the live table at phone size
    _play_to_the_end(page, table, PHONE, engine_words=engine_words)
    _banner(table)
    assert not engine_words, f"simple mode shows engine words (line: after action n): {engine_words}"

    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    page.wait_for_timeout(400)
    answered(page, lambda: table.get_by_role("button", name="Play again").click())
    assert table.locator(".tsr-table-banner").is_hidden()
    side, board = _box(table.locator(".tsr-table-side")), page.evaluate(BOARD_JS, [table.element_handle(), []])["box"]
    assert side[0] >= board[2] - 1, "on a wide screen the panel is beside the board"
    _assert_in_view(page, table, DESKTOP)
    problems = axe_violations(page, axe_script, include=".tsr-table")
    assert not problems, problems  # the live table at desktop size
    _play_to_the_end(page, table, DESKTOP)
    _banner(table)
    # a finished game replays: from the start, a move at a time
    answered(page, lambda: table.get_by_role("button", name="Replay the game").click())
    viewing = table.locator(".tsr-live-viewing")
    assert viewing.is_visible() and "after move 0 of" in viewing.inner_text()
    answered(page, lambda: viewing.locator(".tsr-view-next").click())
    assert "after move 1 of" in viewing.inner_text()
    _assert_in_view(page, table, DESKTOP)
    more = table.locator(".tsr-live-more")
    more.locator("summary").click()
    rolls = ruleset not in ("phlog", "dice_tactics")
    assert table.locator(".tsr-live-dice").is_visible() == rolls, "a dice box only where the rules roll dice"
    assert not report.problems, report.problems


def test_play_from_the_index_two_people_and_the_curtain(open_page):
    """The index's Play button opens the game at once; another person takes the other side; where cards are
    hidden a curtain passes the device between turns; the game ends with the winner's name."""
    page, report = open_page("dice_tactics/index.html", width=DESKTOP[0], height=DESKTOP[1])
    _lined_up(page)
    page.locator(".tsr-play-now").click()
    page.wait_for_url("**/dice_tactics/full_game.html*")
    table = _start(page, "dice_tactics")
    picker = table.locator(".tsr-live-bot")
    assert "person" in picker.locator("option").evaluate_all("options => options.map(o => o.value)")
    picker.select_option("person")
    page.wait_for_function("window.tsrLivePlay.moves.length > 0")
    answered(page, lambda: table.locator(".tsr-live-new").click())
    seats, curtains = set(), 0
    for _ in range(300):
        if table.locator(".tsr-table-banner").is_visible():
            break
        seats.add(table.get_attribute("data-live-seat"))
        curtains += _one_action(page, table) == "curtain"
    assert seats == {"green", "tan"}, seats
    assert curtains >= 1, "no pass-the-device curtain between the two people's turns"
    headline = _banner(table, people=True)
    assert headline.endswith(" wins") or headline == "Draw", headline
    assert not report.problems, report.problems


def test_reload_comes_back_and_a_link_reopens_the_game(open_page, base_url, browser):
    """A reload mid-game returns to the same position; Copy link's link opens the game in another browser;
    a bad link is refused in words and the game kept there is not lost."""
    page, report = open_page("simple_plastic/full_game.html", width=DESKTOP[0], height=DESKTOP[1])
    page.locator(".tsr-play-now").click()
    table = _start(page, "simple_plastic")
    for _ in range(3):
        _one_action(page, table)
    log = _log(table)
    assert log.count("You:") >= 2, log  # a game under way, not a fresh one
    turn = table.locator(".tsr-live-turn").inner_text()
    page.reload()
    table = _start(page, "simple_plastic")
    page.wait_for_function("window.tsrLivePlay.moves.length > 0")  # the kept game loaded
    assert _log(table) == log
    assert table.locator(".tsr-live-turn").inner_text() == turn
    assert "back as you left it" in table.locator(".tsr-live-status").inner_text()

    # an oversized file is refused at once, from its size, unread: no engine call, the game as it was
    table.locator(".tsr-live-more summary").click()
    before = moves_made(page)
    big = {"name": "big.json", "mimeType": "application/json", "buffer": b" " * (3 * 1024 * 1024)}
    table.locator(".tsr-live-file").set_input_files(files=[big])
    page.wait_for_function("document.querySelector('.tsr-live-status').textContent.includes('big.json')")
    status = table.locator(".tsr-live-status").inner_text()
    assert "it is 3.0 MB" in status and "at most 2 MB" in status, status
    assert moves_made(page) == before and _log(table) == log

    answered(page, lambda: table.locator(".tsr-live-link").click())
    link = table.locator(".tsr-live-link-text").input_value()
    assert "#game=" in link

    other, _ = open_page("index.html", width=DESKTOP[0], height=DESKTOP[1])  # another browser: nothing kept
    other.goto(link)
    theirs = _start(other, "simple_plastic")
    other.wait_for_function("window.tsrLivePlay.moves.length > 0")
    assert "from the link is open" in theirs.locator(".tsr-live-status").inner_text()
    assert _log(theirs) == log

    other.goto(link.split("#")[0] + "#game=not-a-game")
    other.reload()
    theirs = _start(other, "simple_plastic")
    other.wait_for_function("window.tsrLivePlay.moves.length > 1")
    status = theirs.locator(".tsr-live-status").inner_text()
    assert status.startswith("The link's game was not opened:") and len(status) > 40, status
    assert _log(theirs) == log  # the game kept in this browser is still there

    # the log's history: see the board after an entry, come back, then undo back to an entry
    if table.locator(".tsr-live-log").is_hidden():  # simple mode keeps the log folded
        table.locator(".tsr-live-logbox summary").click()
    entries = table.locator(".tsr-live-log > li")
    count = entries.count()
    answered(page, lambda: table.locator(".tsr-log-see").last.click())  # the oldest entry (newest first)
    viewing = table.locator(".tsr-live-viewing")
    assert viewing.is_visible() and "Seeing the board after move" in viewing.inner_text()
    answered(page, lambda: viewing.locator(".tsr-view-now").click())
    assert viewing.is_hidden() and _log(table) == log
    answered(page, lambda: table.locator(".tsr-log-rewind").last.click())
    assert entries.count() < count and "Back to entry" in table.locator(".tsr-live-status").inner_text()
    assert not report.problems, report.problems


def _tap_mark(page, table, kind: str) -> None:
    """Tap the first board mark of ``kind`` ("piece": a ringed figure; "target": a spot a tap plays) on the screen."""
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    at = marks["kinds"].index(kind)
    point = page.evaluate(BOARD_JS, [table.element_handle(), [[marks["xs"][at], marks["ys"][at]]]])["screen"][0]
    answered(page, lambda: page.mouse.click(*point))


# Where a card of the hand is drawn under the board (Phlog's cards figure), scrolled into view: its screen point.
DRAWN_CARD = """([snapshot, face]) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const source = doc.get_model_by_name("layer-cards");
  const column = (name) => Array.from(source.data instanceof Map ? source.data.get(name) : source.data[name]);
  function* views(view) { yield view; for (const child of (view.child_views || [])) yield* views(child); }
  for (const root of Object.values(Bokeh.index)) {
    for (const view of views(root)) {
      if (!view.canvas_view || !(view.model.renderers || []).some((r) => r.data_source === source)) continue;
      view.el.scrollIntoView({ block: "center" });
      const box = view.canvas_view.el.getBoundingClientRect();
      const i = column("text").indexOf(face);
      return [box.left + view.frame.x_scale.compute(column("x")[i]), box.top + view.frame.y_scale.compute(column("y")[i])];
    }
  }
  return null;
}"""


def _play_a_card_by_tapping_it(page, table, size, *, drawn: bool = False) -> None:
    """Phlog's movement card: each card of the hand is a big card (face, what it counts, what a tap does), in
    view, and a tap on one plays it (the log says so and the turn goes on to moving). ``drawn``: the tap is on
    the card as the board draws it, under the board."""
    cards = table.locator(".tsr-live-hand .tsr-live-card")
    cards.first.wait_for()
    assert cards.count() >= 3, cards.count()
    for card in cards.all():
        box = _box(card)
        assert box[2] - box[0] >= 44 and box[3] - box[1] >= 44, f"a card smaller than a finger: {box}"
        assert "counts" in card.inner_text() and "play for movement" in card.inner_text(), card.inner_text()
    card = cards.first
    assert _inside(_box(card), *size), "the first card is out of view"
    face = card.locator(".tsr-card-face").inner_text()
    if drawn:
        point = page.evaluate(DRAWN_CARD, [table.element_handle(), face])
        answered(page, lambda: page.mouse.click(*point))
    else:
        answered(page, lambda: card.tap() if size == PHONE else card.click())  # the phone's context has touch
    assert f"play {face} for movement" in _log(table)
    assert "phase: move" in table.locator(".tsr-live-turn").inner_text()
    assert cards.count() == 0 and table.locator(".tsr-live-hand").is_hidden()  # played: no card to play now


def test_a_card_is_played_by_tapping_it_and_a_tapped_figure_is_said_beside_the_board(open_page):
    """Phlog, on a phone (touch: no tooltips) and then at a desktop's size: a tap on a fighter chooses it and says
    its card in plain words (beside the board, for screen readers too; simple mode); its movement card is played by
    tapping it, in the bar, or (desktop) where the board draws the hand."""
    page, report = open_page("phlog/full_game.html", width=PHONE[0], height=PHONE[1], touch=True)
    page.locator(".tsr-play-now").click()
    table = _start(page, "phlog")
    details = table.locator(".tsr-live-details")
    assert details.get_attribute("aria-live") == "polite" and details.inner_text() == ""
    _tap_mark(page, table, "target")  # nominate a fighter: a tap on him
    said = details.inner_text()  # the simple mode's card: the fighter's side, kind and number, in words (no id)
    assert "Green " in said and " fighter " in said and "green-" not in said, said
    assert _inside(_box(details), *PHONE), "the figure's details are out of view"
    _play_a_card_by_tapping_it(page, table, PHONE)
    assert details.inner_text() == ""  # a card played: the details said were of the last tap

    page.set_viewport_size({"width": DESKTOP[0], "height": DESKTOP[1]})
    answered(page, lambda: table.locator(".tsr-live-new").click())
    _tap_mark(page, table, "target")
    _play_a_card_by_tapping_it(page, table, DESKTOP, drawn=True)
    assert not report.problems, report.problems


def test_dice_tactics_cards_say_what_they_do(open_page):
    """Dice Tactics' draft: the cards offered are cards saying what each does (the rules' words), kept by a tap."""
    page, report = open_page("dice_tactics/full_game.html", width=DESKTOP[0], height=DESKTOP[1])
    page.locator(".tsr-play-now").click()
    table = _start(page, "dice_tactics")
    cards = table.locator(".tsr-live-hand .tsr-live-card")
    assert cards.count() >= 2
    first = cards.first
    words = first.inner_text()
    name = first.locator(".tsr-card-face").inner_text()
    assert "keep" in words and len(first.locator(".tsr-card-does").inner_text()) > 20, words
    answered(page, lambda: first.click())
    assert f"keep {name}" in _log(table)
    assert not report.problems, report.problems


def _last_trooper_link() -> tuple[str, list[int]]:
    """A game (army men) whose one green trooper stands near the table's edge: its link (the engine's own
    Session.link) and the offered actions that walk him off the table, ending the game."""
    import json

    from boards import live
    from explorer.core.session import Session, make_bot
    from tests.army_men_support import game, trooper

    state = game(trooper("g1", 2, 10), trooper("t1", 40, 30))
    link = Session(state=state, bots={"tan": make_bot(state.ruleset, "greedy", 1)}, human="green").link()
    live.start(json.dumps({"ruleset": "army_men"}))
    answer = json.loads(live.command(json.dumps({"name": "open", "args": [link]})))
    return link, [a["id"] for a in answer["actions"] if a.get("ends")]


def test_an_action_that_ends_the_game_is_asked_about_from_the_list_too(open_page):
    """Army men: picking from the list a move that walks the last trooper off the table asks first; No leaves
    the game exactly as it was; Yes plays it and the banner says the game is over. On touch, a tap on a figure
    says beside the board his card in words (simple mode), or what his tooltip would (the expert's: id and inches)."""
    link, ending = _last_trooper_link()
    assert ending, "no offered move walks the last trooper off the table"
    page, report = open_page("index.html", width=PHONE[0], height=PHONE[1], touch=True)
    page.goto(page.url.replace("index.html", f"army_men/full_game.html#game={link}"))
    table = _start(page, "army_men")
    page.wait_for_function("window.tsrLivePlay.moves.length > 0")  # the link's game is open
    marks = page.evaluate(BOARD_JS, [table.element_handle(), []])
    _tap_mark(page, table, "piece" if "piece" in marks["kinds"] else "chosen")  # g1: chosen, or unchosen
    said = table.locator(".tsr-live-details").inner_text()  # simple mode: his card in words
    assert "Green soldier" in said and "has not moved yet" in said and "g1" not in said, said

    table.locator(".tsr-live-simple").uncheck()  # the expert's: his tooltip's words, id and inches
    kinds = page.evaluate(BOARD_JS, [table.element_handle(), []])["kinds"]
    _tap_mark(page, table, "piece" if "piece" in kinds else "chosen")
    said = table.locator(".tsr-live-details").inner_text()
    assert "g1 (green)" in said and "at: (2.0, 10.0) in" in said, said
    before = (_log(table), table.locator(".tsr-live-turn").inner_text(), page.evaluate("window.tsrLivePlay.moves.length"))
    table.locator(".tsr-live-actions").select_option(str(ending[0]))
    table.locator(".tsr-live-play").click()
    confirm = table.locator(".tsr-live-confirm")
    confirm.wait_for(state="visible")
    assert "This ends the game" in confirm.inner_text()
    assert _inside(_box(confirm), *PHONE), "the question is out of view"
    confirm.get_by_role("button", name="No").click()
    assert confirm.is_hidden() and table.locator(".tsr-table-banner").is_hidden()
    after = (_log(table), table.locator(".tsr-live-turn").inner_text(), page.evaluate("window.tsrLivePlay.moves.length"))
    assert after == before, "No changed the game"
    assert table.get_attribute("data-live-over") == "no"

    table.locator(".tsr-live-actions").select_option(str(ending[0]))
    table.locator(".tsr-live-play").click()
    answered(page, lambda: confirm.get_by_role("button", name="Yes, play it").click())
    assert _banner(table) == "You lost"
    assert table.get_attribute("data-live-over") == "yes"
    assert not report.problems, report.problems
