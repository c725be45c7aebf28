"""The simple mode's words in the live table (issue 35 item 5), for the whole-game browser tests: every text the
table shows scanned for engine words (a figure id, a coordinate, a rule key), and a refusal's "why?"."""

from __future__ import annotations

import re

from .conftest import answered

# Simple mode's words (issue 35 item 5): no figure id, coordinate or rule key in any text the table shows.
COORDINATE = re.compile(r"\(\s*-?\d+(?:\.\d+)?\s*,\s*-?\d+(?:\.\d+)?\s*\)|\bat: |\bsquare \(")
RULE_KEY = re.compile(r"\(rule [^)]*\)|\b[a-z_]+:[a-z_]+\b|\([A-Z][a-z]+(?:[A-Z][a-z]+)+\)")
# Every text the table shows or holds one tap away: the visible panel, banner, story and details (innerText), the
# folded log and marks' key (textContent), and the titles a mouse shows. Not the More drawer (try anything, JSON).
TABLE_TEXTS = """(snapshot) => {
  const texts = [snapshot.innerText];
  for (const part of snapshot.querySelectorAll('.tsr-live-log, .tsr-live-legend, .tsr-live-details, .tsr-story')) {
    texts.push(part.textContent);
  }
  for (const titled of snapshot.querySelectorAll('[title]')) {
    if (!titled.closest('.tsr-live-more, .tsr-live-full') && titled.getClientRects().length) texts.push(titled.title);
  }
  const layers = window.tsrLivePlay.finalLayers || {};
  const ids = Object.values(layers).flatMap((layer) => (layer && layer.id) || []);
  return { texts, ids: Array.from(new Set(ids)) };
}"""


# An action each ruleset's rules refuse at the start of its game (tried with "Try anything"), and the rule they cite.
REFUSED = {
    "army_men": ('{"type": "Move", "player": "green", "trooper": "t1", "to": [15, 14]}', "army_men/turn.html"),
    "dice_tactics": ('{"type": "EndTurn", "player": "green"}', "dice_tactics/setup.html"),
    "one_brain_cell": ('{"type": "EndStep", "player": "green"}', "one_brain_cell/turn.html"),
    "phlog": ('{"type": "Nominate", "player": "green", "fighter": "tan-1"}', "phlog/turn.html"),
    "simple_plastic": ('{"type": "MoveSquad", "player": "green", "squad": "alpha", "leader": "t1", "to": [9, 15], '
                       '"followers": null}', "simple_plastic/moving.html"),
}


def refused_with_why(page, table, ruleset) -> None:
    """In the simple mode a refusal says what the rule forbids in words, then "why?": a link to that rule."""
    action, rule_page = REFUSED[ruleset]
    more = table.locator(".tsr-live-more")
    more.locator("summary").click()
    table.locator(".tsr-live-try").fill(action)
    answered(page, lambda: table.locator(".tsr-live-try-button").click())
    status = table.locator(".tsr-live-status")
    assert status.inner_text().startswith("Not allowed: "), status.inner_text()
    why = status.locator("a.rule-ref")
    assert why.inner_text() == "why?" and rule_page in why.get_attribute("href"), why.get_attribute("href")
    more.locator("summary").click()
    table.evaluate("(t) => t.scrollTo(0, 0)")  # back up to the board, as the player scrolls after the drawer


def engine_words_shown(table) -> list[str]:
    """The lines of the table's texts that hold a figure id (any id on the board now), a coordinate or a rule key."""
    seen = table.element_handle().evaluate(TABLE_TEXTS)
    ids = sorted(seen["ids"], key=len, reverse=True)
    figure = re.compile(rf"(?<![\w-])(?:{'|'.join(map(re.escape, ids))})(?![\w-])") if ids else None
    found = []
    for text in seen["texts"]:
        for line in text.splitlines():
            if COORDINATE.search(line) or RULE_KEY.search(line) or (figure and figure.search(line)):
                found.append(line.strip())
    return found
