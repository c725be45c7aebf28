"""Nothing the reader has is lost (issue 36): what the browser keeps, and what a link says, read with care.

On every ruleset's full-game page, two loads (each starts Python, so the checks are grouped):
1. a tampered kept game (a different kind of damage per ruleset) and a link with a broken "%" escape, and a
   Simple choice that is neither on nor off: each refused in words; the tampered entry kept aside (in the
   browser's storage and as a file to download, exactly as it was); then Play works, and the new game is kept;
2. a valid link while that game is kept: asked, both kept (the link's game open, the game in progress as the
   other game); "Back to my game" brings the game in progress back, the link's game kept in its place.
On every ruleset's Practice page, one load: stars of -5 and 1e308 and a broken "#challenge=" link: said in words,
the list shows every challenge, and Play opens the first challenge.
"""

from __future__ import annotations

import json

import pytest

from boards.live import new_session
from explorer.core.challenges import ruleset_challenges
from explorer.core.registry import get_ruleset
from tests.conformance.cases import shipped_rulesets

from .conftest import answered

RULESETS = sorted(shipped_rulesets())  # the built site's (not the test run's toy one)
BROKEN = "%E0%A4%A"  # a "%" escape cut short: decodeURIComponent throws on it


def _save(ruleset: str) -> str:
    return new_session({"ruleset": ruleset}).save()


def _tampered(ruleset: str) -> str:
    """A kept game damaged one way or another (the kind chosen by the ruleset's place in the list)."""
    config = {"ruleset": ruleset}
    damaged = json.loads(_save(ruleset))
    damaged["actions"] = [{"type": "Teleport"}]
    other = next(name for name in RULESETS if name != ruleset)
    kinds = [
        "{oops",                                                         # not JSON
        json.dumps({"config": 5, "save": 7}),                            # not a kept game
        json.dumps({"config": config, "save": json.dumps(damaged)}),     # a save the engine refuses
        json.dumps({"config": config, "save": _save(other)}),            # another ruleset's game
        json.dumps({"config": {**config, "scenario": "no_such", "seed": -1}, "save": _save(ruleset)[:500]}),
    ]
    return kinds[RULESETS.index(ruleset) % len(kinds)]


def _stored(page, key: str):
    return page.evaluate("(key) => localStorage.getItem(key)", key)


def _open(page, base_url: str, path: str, storage: dict[str, str]):
    """``path`` opened afresh (another page first, so a new fragment loads the page again), ``storage`` set."""
    page.goto(f"{base_url}/index.html")
    page.evaluate("(items) => Object.entries(items).forEach(([k, v]) => localStorage.setItem(k, v))", storage)
    page.goto(f"{base_url}/{path}")


def _table(page, ruleset: str):
    table = page.locator(f'.tsr-snapshot[data-ruleset="{ruleset}"]')
    table.locator(".tsr-live-turn").wait_for(timeout=180_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    return table


def _log(table) -> str:
    return table.locator(".tsr-live-log").text_content()


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_kept_game_and_a_link_never_lose_the_readers_game(open_page, base_url, ruleset):
    path = f"{ruleset}/full_game.html"
    key, aside, other = (f"tsr-game:/{path}:{ruleset}", f"tsr-game-aside:/{path}:{ruleset}",
                         f"tsr-game-other:/{path}:{ruleset}")
    page, report = open_page("index.html")

    # 1. a tampered kept game, a broken link, an odd Simple choice: words, the entry aside, then Play works
    tampered = _tampered(ruleset)
    _open(page, base_url, f"{path}#game={BROKEN}", {key: tampered, f"tsr-simple:{ruleset}": '"yes"'})
    assert "could not be read" in page.locator(".tsr-play-note.tsr-live-error").first.text_content()
    table = _table(page, ruleset)
    box = table.locator(".tsr-kept-aside")
    box.wait_for(state="visible", timeout=60_000)
    assert "could not be loaded" in box.inner_text() and "kept aside, not lost" in box.inner_text()
    page.wait_for_function("document.querySelector('.tsr-live-status').textContent.includes('kept aside')")
    status = table.locator(".tsr-live-status").inner_text()
    assert "link could not be read" in status and "could not be loaded" in status, status
    assert "neither on nor off" in status and table.locator(".tsr-live-simple").is_checked(), status
    assert "back as you left it" not in status
    assert [entry["text"] for entry in json.loads(_stored(page, aside))] == [tampered]
    with page.expect_download() as download:
        box.get_by_role("button", name="Download it").click()
    assert open(download.value.path(), encoding="utf-8").read() == tampered
    assert json.loads(_stored(page, key))["config"]["ruleset"] == ruleset  # the new game is kept in its place

    table.locator(".tsr-live-simple").uncheck()  # the full list and its Play button
    before = _log(table)
    answered(page, lambda: table.locator(".tsr-live-play").click())
    assert _log(table) != before and "tsr-live-error" not in table.locator(".tsr-live-status").get_attribute("class")
    mine, mine_kept = _log(table), json.loads(_stored(page, key))

    # 2. a valid link over that game: asked; both kept; "Back to my game" brings it back
    link = new_session({"ruleset": ruleset, "seed": 11}).link()
    _open(page, base_url, f"{path}#game={link}", {})
    table = _table(page, ruleset)
    question = table.locator(".tsr-live-confirm")
    question.wait_for(state="visible", timeout=60_000)
    assert "Your game in progress is kept" in question.inner_text()
    assert "from the link is open" in table.locator(".tsr-live-status").inner_text()
    assert _log(table) != mine
    kept_other = json.loads(_stored(page, other))["link"]
    assert json.loads(_stored(page, key))["save"] != mine_kept["save"]  # the link's game is the one in play
    question.get_by_role("button", name="Back to my game").click()
    page.wait_for_function("document.querySelector('.tsr-live-status').textContent.includes('other game is open')",
                           timeout=60_000)
    assert _log(table) == mine
    assert json.loads(_stored(page, key))["save"] == mine_kept["save"]
    assert json.loads(_stored(page, other))["link"] != kept_other  # the link's game, kept in its turn
    assert table.locator(".tsr-live-switch").get_attribute("hidden") is None  # More: "Switch to the other game"
    assert [entry["text"] for entry in json.loads(_stored(page, aside))] == [tampered]  # still there
    assert not report.problems, report.problems


@pytest.mark.parametrize("ruleset", RULESETS)
def test_bad_stars_and_a_broken_challenge_link_leave_the_practice_page_working(open_page, base_url, ruleset):
    challenges = list(ruleset_challenges(get_ruleset(ruleset)))
    page, report = open_page("index.html")
    stars = f'{{"{challenges[0]}": -5, "{challenges[1]}": 1e308}}'
    _open(page, base_url, f"{ruleset}/practice.html#challenge={BROKEN}", {f"tsr-stars:{ruleset}": stars})
    items = page.locator(".tsr-practice-list li")
    items.first.wait_for(state="visible", timeout=30_000)
    assert items.count() == len(challenges)
    assert all("not solved yet" in item.inner_text() for item in items.all()[:2])
    words = " ".join(page.locator(".tsr-play-note.tsr-live-error").all_inner_texts())
    assert "not 0 to 3" in words and "-5" in words and "1e+308" in words, words
    assert "could not be read" in words, words
    assert json.loads(_stored(page, f"tsr-stars:{ruleset}")) == {}  # said once: the kept value is cleaned
    page.get_by_role("button", name="Play the challenges").click()
    page.wait_for_function(f"document.querySelector('.tsr-snapshot').dataset.challenge === {challenges[0]!r}",
                           timeout=180_000)
    assert page.locator(".tsr-practice-goal-line").is_visible()
    assert not report.problems, report.problems


def test_a_broken_link_leaves_the_game_kept_as_it_was(open_page, base_url):
    """A valid kept game (two actions in) and a "#challenge=" link with a broken escape on the full-game page: the
    link refused in words, the kept game back, unchanged (the escape is read the same on every ruleset's page)."""
    ruleset, path = "simple_plastic", "simple_plastic/full_game.html"
    session = new_session({"ruleset": ruleset})
    for _ in range(2):
        session.command("play", session.answer()["actions"][0]["id"])
    config = {"ruleset": ruleset, "scenario": session.scenario, "human": session.human, "bot": session.bot_name,
              "seed": session.seed, "bot_seed": session.bot_seed}
    key = f"tsr-game:/{path}:{ruleset}"
    page, report = open_page("index.html")
    _open(page, base_url, f"{path}#challenge={BROKEN}", {key: json.dumps({"config": config, "save": session.save()})})
    assert "could not be read" in page.locator(".tsr-play-note.tsr-live-error").first.text_content()
    table = _table(page, ruleset)
    page.wait_for_function("document.querySelector('.tsr-live-status').textContent.includes('as you left it')",
                           timeout=60_000)
    assert "link could not be read" in table.locator(".tsr-live-status").inner_text()
    assert table.locator(".tsr-live-log .tsr-live-entry").count() >= 2
    assert json.loads(_stored(page, key))["save"] == session.save()
    assert page.evaluate("location.hash") == ""  # the broken link is gone from the address: a reload is clean
    assert not report.problems, report.problems
