"""Two people on one screen (issue 35, item 6): they find each other, and they can trust the curtain.

"Play with a friend on this screen" sits beside Play at the top of a phone's first screen. In a two-person
game of Phlog and of Dice Tactics, while the pass-the-device curtain is up, neither seat's hidden cards are
anywhere in the page (no element or text of the DOM, no data of the board's layers, nothing the page keeps in JS
reachable from ``window.tsrLivePlay``, no string of any of the board's column data sources) and nothing outside the
curtain takes the keyboard's focus. Undo takes back your own last move at once; the other person's only
when they agree, asked in words.
"""

from __future__ import annotations

import re

import pytest

from .conftest import answered, moves_made, wait_for_boards
from .test_game_table import PHONE, _one_action, _start

# Every element a Tab could reach outside the curtain: not disabled, not inert, shown (behind the curtain is
# still shown: covered, not hidden).
REACHABLE_JS = """(curtain) => Array.from(document.querySelectorAll(
    'a[href], button, input, select, textarea, summary, iframe, [tabindex], [contenteditable]'))
  .filter((e) => e.tabIndex >= 0 && !e.disabled && !e.closest('[inert]') && !(curtain && curtain.contains(e))
                 && e.checkVisibility())
  .map((e) => `${e.tagName.toLowerCase()}.${e.className}`)"""

# The live board's layers as JSON (what BokehJS holds to draw: not in the DOM, but in the page all the same).
LAYERS_JS = """(snapshot) => {
  const item = snapshot.querySelector('script[type="application/json"][id$="-item"]');
  const doc = Bokeh.documents.find((d) => d.get_model_by_id(JSON.parse(item.textContent).root_id) != null);
  const all = doc._all_models instanceof Map ? Array.from(doc._all_models.values()) : Array.from(doc.all_models);
  const data = {};
  for (const m of all) {
    if (typeof m.name === 'string' && m.name.startsWith('layer-') && m.data) {
      data[m.name] = Object.fromEntries(Object.entries(m.data).map(([k, v]) => [k, Array.from(v)]));
    }
  }
  return data;
}"""

# Every string the page keeps in JS reachable from ``window.tsrLivePlay`` (the live tables' figures, the story's kept
# layers...: a walk of its objects with a cycle guard, keys and values) and in every column data source of every
# Bokeh document (not only the named layers: whatever the board's callbacks derive from them too).
KEPT_JS = """() => {
  const strings = [], seen = new Set();
  const walk = (value, depth) => {
    if (typeof value === 'string') { strings.push(value); return; }
    if (value === null || typeof value !== 'object' || seen.has(value) || depth > 40) return;
    seen.add(value);
    if (value instanceof Node || value === window) return;
    if (value instanceof Map) { for (const [k, v] of value) { walk(k, depth + 1); walk(v, depth + 1); } return; }
    if (ArrayBuffer.isView(value)) return;
    for (const key of Object.keys(value)) { strings.push(key); walk(value[key], depth + 1); }
  };
  walk(window.tsrLivePlay, 0);
  const kept = strings.join('\\n');
  const sources = [];
  for (const doc of Bokeh.documents) {
    const all = doc._all_models instanceof Map ? Array.from(doc._all_models.values()) : Array.from(doc.all_models);
    for (const m of all) {
      if (!m.data || typeof m.data !== 'object' || !('selected' in m)) continue;  // a ColumnDataSource
      const data = m.data instanceof Map ? Object.fromEntries(m.data) : m.data;
      for (const column of Object.values(data)) {
        sources.push(...Array.from(column || []).filter((v) => typeof v === 'string'));
      }
    }
  }
  return { kept, sources: sources.join('\\n') };
}"""

# The page as it was before play, without the game's own snapshot: the rules' prose may name a card.
PROSE_JS = """() => { const copy = document.documentElement.cloneNode(true);
  copy.querySelectorAll('.tsr-snapshot[data-ruleset]').forEach((s) => s.remove()); return copy.outerHTML; }"""


def _hand(page, table, ruleset) -> set[str]:
    """The seat's own cards, as its board draws them: Phlog's hand row (face up), Dice Tactics' panel line."""
    cards = page.evaluate(LAYERS_JS, table.element_handle())["layer-cards"]
    if ruleset == "phlog":
        own = min(cards["y"]) if cards["y"] else None  # the seat's own row is the first (boards/phlog.py)
        return {t for t, y in zip(cards["text"], cards["y"]) if y == own and t}
    lines = cards["text"]
    hands = [line.split("hand: ", 1)[1].split("; offered: ") for line in lines if "hand: " in line]
    return {name for parts in hands for part in parts for name in part.split(", ") if name != "no cards"}


def _said(text: str, secret: str) -> int:
    """How often ``secret`` stands in ``text`` as a word of its own (a card's code is a few letters)."""
    return len(re.findall(rf"(?<![\w]){re.escape(secret)}(?![\w])", text))


def _start_with_a_friend(page, ruleset):
    page.locator(".tsr-play-friend").click()
    table = _start(page, ruleset)
    assert table.locator(".tsr-live-bot").input_value() == "person"
    return table


def _check_the_curtain(page, table, ruleset, prose, before: set[str]) -> dict:
    """While the curtain is up: what is reachable, and every hidden card (the seat's to come, read once it is
    shown; the seat's that passed, read before its action, less what it played in the open) looked for."""
    curtain = table.locator(".tsr-table-curtain")
    reachable = page.evaluate(REACHABLE_JS, curtain.element_handle())
    # its words keep the panel's margins (10 px a side on a phone): they ran to the screen's edges
    edges = page.evaluate("(c) => Array.from(c.querySelectorAll('p')).map((p) => {"
                          " const b = p.getBoundingClientRect(); return Math.min(b.left, innerWidth - b.right); })",
                          curtain.element_handle())
    content = page.content()
    layers = repr(page.evaluate(LAYERS_JS, table.element_handle()))
    kept = page.evaluate(KEPT_JS)
    table.locator(".tsr-curtain-ready").click()
    coming = _hand(page, table, ruleset)
    played = table.locator(".tsr-live-log").text_content()
    secrets = coming | {card for card in before if not _said(played, card)}
    leaked = sorted(s for s in secrets if _said(content, s) > _said(prose, s) or _said(layers, s))
    kept = sorted(f"{s} in {where}" for s in secrets for where in ("kept", "sources") if _said(kept[where], s))
    return {"reachable": reachable, "leaked": leaked, "kept": kept, "secrets": secrets, "edges": edges}


@pytest.mark.parametrize("path", ["phlog/full_game.html", "dice_tactics/index.html"])
def test_the_friend_button_is_beside_play_at_the_top_of_a_phone(open_page, path):
    page, report = open_page(path, width=PHONE[0], height=PHONE[1], touch=True)
    friend = page.locator(".tsr-play-friend")
    assert friend.inner_text().strip() == "▶ Play with a friend on this screen"
    box = friend.bounding_box()
    assert box and box["y"] >= 0 and box["y"] + box["height"] <= PHONE[1] and box["x"] + box["width"] <= PHONE[0], box
    assert box["height"] >= 44
    play = page.locator(".tsr-play-now").bounding_box()
    assert abs(box["y"] - (play["y"] + play["height"])) < 60, "the friend's button is not beside Play"
    if path.endswith("index.html"):
        assert friend.get_attribute("href").endswith("full_game.html#play-friend")
    assert not report.problems, report.problems


@pytest.mark.parametrize("ruleset", ["phlog", "dice_tactics"])
def test_while_the_curtain_is_up_no_hidden_card_is_in_the_page(open_page, ruleset):
    page, report = open_page(f"{ruleset}/full_game.html", width=PHONE[0], height=PHONE[1], touch=True)
    wait_for_boards(page)
    prose = page.evaluate(PROSE_JS)
    table = _start_with_a_friend(page, ruleset)
    checked, seen, hand = [], 0, _hand(page, table, ruleset)
    for _ in range(120):
        if len(checked) >= 3 or table.locator(".tsr-table-banner").is_visible():
            break
        if table.locator(".tsr-table-curtain").is_visible():
            checked.append(_check_the_curtain(page, table, ruleset, prose, hand))
        else:
            _one_action(page, table)
        hand = _hand(page, table, ruleset) if table.locator(".tsr-table-curtain").is_hidden() else hand
        seen += 1
    assert len(checked) >= 2, f"the device was passed {len(checked)} times in {seen} actions"
    assert all(c["secrets"] for c in checked), "no hidden card to look for"
    for at in checked:
        assert at["reachable"] == [], f"{len(at['reachable'])} controls reachable behind the curtain: {at['reachable'][:8]}"
        assert at["leaked"] == [], f"hidden cards in the page under the curtain: {at['leaked']}"
        assert at["kept"] == [], f"hidden cards kept in the page's JS under the curtain: {at['kept']}"
        assert min(at["edges"]) >= 10, f"the curtain's words come {min(at['edges']):.0f} px from the screen's edge"
    assert not report.problems, report.problems


def test_undo_takes_back_your_own_move_and_asks_for_the_others(open_page):
    page, report = open_page("phlog/full_game.html", width=PHONE[0], height=PHONE[1], touch=True)
    wait_for_boards(page)
    table = _start_with_a_friend(page, "phlog")
    undo, status = table.locator(".tsr-live-undo"), table.locator(".tsr-live-status")
    first, start = table.get_attribute("data-live-seat"), table.get_attribute("data-live-moves")
    while table.get_attribute("data-live-moves") == start:  # the first seat's first action (a fighter): it goes on
        _one_action(page, table)
    assert table.get_attribute("data-live-seat") == first
    answered(page, lambda: undo.click())
    assert status.inner_text() == "Undone." and table.locator(".tsr-live-confirm").is_hidden()
    for _ in range(30):  # on to the other seat's turn, past the curtain
        if table.locator(".tsr-table-curtain").is_visible():
            table.locator(".tsr-curtain-ready").click()
            break
        _one_action(page, table)
    other = table.get_attribute("data-live-seat")
    assert other != first, "the device was never passed"
    moves = table.get_attribute("data-live-moves")
    answered(page, lambda: undo.click())
    confirm = table.locator(".tsr-live-confirm")
    assert confirm.is_visible() and confirm.locator("p").inner_text() == f"Take back {first}'s move? {first} must agree."
    before = moves_made(page)
    confirm.locator(".tsr-confirm-no").click()
    assert status.inner_text() == "Nothing done." and table.get_attribute("data-live-moves") == moves
    assert moves_made(page) == before
    answered(page, lambda: undo.click())
    answered(page, lambda: table.get_by_role("button", name=f"Yes, {first} agrees").click())
    # the move was the other seat's: the device goes back to it, behind the curtain
    assert table.locator(".tsr-table-curtain").is_visible()
    assert table.locator(".tsr-curtain-headline").inner_text() == f"Pass the device to {first}"
    table.locator(".tsr-curtain-ready").click()
    assert int(table.get_attribute("data-live-moves")) == int(moves) - 1
    assert table.get_attribute("data-live-seat") == first
    assert not report.problems, report.problems
