"""*Make it a challenge* on a full-game page (issue 38 item 2, live-play/make.js), tried as a teacher would at
1280x800: Play, Set up the table (edits by taps), Make it a challenge; the goal's kind and test picked from the lists,
an argument picked by a tap on the board, the title, goal line, hint and rule sections filled in; the solution
recorded by taps (and, for Dice Tactics, the draft's picks as the steps before the learner starts); the check
passes and the challenge's link is copied. Then, in a fresh browser at 390x844 with touch, the link opened on the
ruleset's Practice page and solved by taps, its stars shown. Every ruleset, each goal kind it has (Dice Tactics and Phlog have
no "best"): 1BC reach with a count typed, Phlog sure with cards moved between piles.
A wrong recording is said in words by the check (and the child's wrong try on the phone); a refused edit is said in
words with what was typed kept; Save as a file and the lesson's file and link; the panel has no axe findings and
every control is at least 44 px high. Screenshots go to /tmp/make38-shots/."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from boards.live import new_session
from explorer.core import challenges as c
from explorer.core.actions import action_from_dict
from explorer.core.registry import get_ruleset

from .conftest import answered, axe_violations, wait_for_boards
from .test_practice import PHONE, _play_by_taps, _tap

SHOTS = Path("/tmp/make38-shots")
TABLE = ".tsr-snapshot"


@dataclass(frozen=True)
class Case:
    """A challenge made on the page: the game it starts from (the page's own unless ``scenario``), the set-up's
    edits (``("move", at, to)``, ``("remove", at)``, ``("field", words)``, ``("turn", side, phase)``,
    ``("card", card, from, to)``), the keys typed
    or picked from lists, the goal's arguments picked by a tap (name: board point), the rule sections, the steps
    before the learner starts and the solution (played by taps), and a wrong solution recorded first (its check's
    words)."""

    name: str
    ruleset: str
    kind: str
    edits: tuple
    keys: dict
    sections: tuple
    solution: tuple
    taps: dict = field(default_factory=dict)
    typed: dict = field(default_factory=dict)  # an argument typed (a count): name -> value
    scenario: str | None = None
    prelude: int = 0
    wrong: tuple = ()


BUSHES = dict(title="Sniper to the bushes", goal_text="Walk your sniper into the bushes.",
              hint="A soldier walks one span (4 inches) at most.", test="in_terrain")
INTO_THE_BUSHES = ({"type": "MoveFigure", "figure": "g-sniper", "to": [6.8, 19.8]},)
AM = {**{f"g{i}": (6, 6 + 2 * i) for i in range(1, 9)}, **{f"t{i}": (40, 8 + 2 * i) for i in range(1, 8)}}
"""Where Army Men's standard game sets out each trooper (the full-game page's)."""
CASES = [
    Case("sp-reach", "simple_plastic", "reach", (("move", (2, 16), (4, 17)),), BUSHES, ("turn", "moving.span"),
         INTO_THE_BUSHES, {"figure": (4, 17), "terrain": (6, 21)}, scenario="sniper_duel"),
    Case("sp-best", "simple_plastic", "best", (("turn", "green", "attack"), ("move", (2, 16), (15, 14))),
         dict(title="The best shot", goal_text="Pick the attack with the best chance to kill.",
              hint="The closer the target, the easier the kill.", action="Attack", measure="at_least_one"),
         ("attacking", "attacking.to_kill"), ({"type": "Attack", "attacker": "g-sniper", "target": "t3"},),
         scenario="sniper_duel", wrong=({"type": "Attack", "attacker": "g-sniper", "target": "t-sniper"},)),
    Case("sp-sure", "simple_plastic", "sure", (("move", (2, 16), (4, 17)),), {**BUSHES, "action": "MoveFigure"},
         ("turn", "moving.span"), INTO_THE_BUSHES, {"figure": (4, 17), "terrain": (6, 21)}, scenario="sniper_duel"),
    Case("am-best", "army_men", "best", (("move", (40, 10), (12, 9)),),
         dict(title="Pick your shot", goal_text="Take the shot with the best chance to kill.",
              hint="Count the dice each shot rolls.", action="Shoot"),
         ("shooting.to_hit", "shooting.range"), ({"type": "Shoot", "shooter": "g8", "target": "t4"},)),
    Case("am-reach", "army_men", "reach",
         (*(("remove", AM[p]) for p in ("g1", "g4", "g5", "g6", "g7", "g8", "t1", "t4", "t5", "t6", "t7")),
          ("move", AM["g2"], (16, 8)), ("move", AM["g3"], (11, 10)), ("move", AM["t2"], (21, 3)),
          ("move", AM["t3"], (24, 2))),
         dict(title="Out of harm's way", goal_text="Get g2 where no tan soldier can shoot him.",
              hint="Solid terrain hides a trooper.", test="safe"),
         ("standard.cover",), ({"type": "Move", "trooper": "g2", "to": [10.0, 8.0]},), {"figure": (16, 8)}),
    Case("am-sure", "army_men", "sure",
         (*(("remove", AM[p]) for p in ("g1", "g4", "g5", "g6", "g7", "t1", "t3", "t5", "t6", "t7")),
          ("move", AM["g8"], (6, 14)), ("move", AM["g2"], (30, 12)), ("move", AM["g3"], (28, 10)),
          ("move", AM["t2"], (32, 13)), ("move", AM["t4"], (38, 20))),
         dict(title="Danger close", goal_text="Fire the mortar where it cannot hurt your own men, whatever the dice.",
              hint="A mortar's blast reaches 6 inches around its target, friend or foe.", test="none_lost",
              action="Shoot"),
         ("standard.area_effect",), ({"type": "Shoot", "shooter": "g8", "target": "t4"},)),
    Case("1bc-best", "one_brain_cell", "best", (("turn", "green", "shoot"), ("move", (39, 12), (20, 12))),
         dict(title="Best shot", goal_text="Take the shot with the best chance to hit.",
              hint="Closer is easier.", action="Shoot"),
         ("shooting", "shooting.range"), ({"type": "Shoot", "shooter": "g4", "target": "t1"},)),
    Case("1bc-reach", "one_brain_cell", "reach",
         (*(("remove", at) for at in ((5, 14), (5, 16), (5, 18), (39, 12), (39, 20), (39, 22))),
          ("move", (5, 8), (24, 12)), ("move", (5, 10), (28, 15)), ("move", (5, 12), (25, 16)),
          ("move", (39, 18), (39.5, 12.5)), ("move", (39, 14), (39, 19)), ("move", (39, 16), (42, 16)),
          ("turn", "green", "move")),
         dict(title="Take cover", goal_text="Get g2 where every tan soldier needs a 6 to hit him.",
              hint="Cover and long range make a hit harder.", test="hard_to_hit"),
         ("shooting", "shooting.cover"), ({"type": "Move", "figure": "g2", "to": [30.5, 12.5]},),
         {"figure": (28, 15)}, typed={"need": 6}),
    Case("1bc-sure", "one_brain_cell", "sure", (("turn", "green", "move"), ("move", (39, 12), (8, 10))),
         dict(title="Sure charge", goal_text="Charge t1 with a figure sure to reach him.",
              hint="Count the shortest charge the dice can give.", test="in_h2h", action="Charge"),
         ("moving", "moving.charge"), ({"type": "Charge", "figure": "g2", "target": "t1"},)),
    *(Case(f"dt-{kind}", "dice_tactics", kind, (("move", (8, 1), (2, 1)), ("field", "strength 1")),
           dict(title="Strike first", goal_text="Defeat tan-1 this turn.",
                hint="The defender loses the attacker's strength + 1.", test="defeated",
                **({"action": "Attack"} if kind == "sure" else {})),
           ("attacking", "attacking.losses"), ({"type": "Attack", "attacker": "green-1", "defender": "tan-1"},),
           {"unit": (2, 1)}, prelude=4) for kind in ("reach", "sure")),
    Case("phlog-reach", "phlog", "reach", (("move", (9, 0), (8, 1)),),
         dict(title="Round the corner", goal_text="Walk green-1 to the marked square.",
              hint="A card's number is how far you may go.", test="at", opponent="greedy"),
         ("turn", "moving.points"),
         ({"type": "Nominate", "fighter": "green-1"}, {"type": "PlayMovementCard", "card": "4♠"},
          {"type": "Step", "direction": "E"}, {"type": "Step", "direction": "E"}, {"type": "Step", "direction": "S"}),
         {"fighter": (0, 0), "col": (2, 1)}),
    Case("phlog-sure", "phlog", "sure",  # green holds a King and its joker (which cancels tan's): sure to remove
         (("card", "J♦", "green's hand", "tan's draw pile"), ("card", "K♠", "tan's draw pile", "green's hand"),
          ("card", "2♣", "green's hand", "green's draw pile"),
          ("card", "Joker:green", "green's draw pile", "green's hand"), ("move", (9, 0), (1, 0))),
         dict(title="Whatever tan answers", goal_text="Attack t1 with the card that removes it, whatever tan answers.",
              hint="A King beats every card but a joker, and your own joker cancels tan's.", test="attack_removes",
              action="ChooseAttackCard", opponent="greedy"),
         ("attacking.removal", "jokers.cancel"),
         ({"type": "Nominate", "fighter": "green-1"}, {"type": "PlayMovementCard", "card": "4♠"},
          {"type": "Attack", "target": "tan-1"}, {"type": "ChooseAttackCard", "card": "K♠"}), {"fighter": (1, 0)}),
]


def _action(mirror, wanted: dict):
    """The action offered in ``mirror`` that has every field of ``wanted`` (a free tabletop move: the one to that
    spot, tapped)."""
    if wanted["type"] in ("MoveFigure", "Move") and "to" in wanted:  # a free move: to the spot tapped
        return action_from_dict({**wanted, "player": mirror.state.current_player}, mirror.ruleset.action_kinds)
    for action in mirror.state.legal_actions:
        said = action.to_dict()
        if all(said.get(k) == v for k, v in wanted.items()):
            return action
    raise AssertionError(f"{wanted} is not offered: {[a.to_dict() for a in mirror.state.legal_actions][:8]}")


def _open_table(open_page, case: Case):
    page, report = open_page(f"{case.ruleset}/full_game.html", width=1280, height=800)
    wait_for_boards(page)
    table = page.locator(f'.tsr-snapshot[data-ruleset="{case.ruleset}"]')
    page.locator(".tsr-play-now").click()
    table.locator(".tsr-live-turn").wait_for(timeout=120_000)
    page.wait_for_function("window.tsrLivePlay.boots.length > 0")
    if case.scenario:
        table.locator(".tsr-live-scenario").select_option(case.scenario)
        answered(page, lambda: table.locator(".tsr-live-new").click())
    data = table.evaluate("(node) => ({...node.dataset})")
    config = {"ruleset": case.ruleset, "scenario": case.scenario or data["scenario"], "seed": int(data["seed"]),
              "human": "green", "bot": data["bot"], "bot_seed": int(data.get("botSeed", 1))}
    return page, report, table, config


def _past_the_curtain(page, table) -> None:
    """Two people on one screen (every side played by hand while recording): the curtain is passed."""
    curtain = table.locator(".tsr-table-curtain:visible button")
    if curtain.count():
        curtain.first.click()


def _set_up(page, table, mirror, case: Case) -> None:
    """The set-up's edits, by taps and the editor's buttons (and the same edits in ``mirror``)."""
    answered(page, lambda: table.locator(".tsr-setup-open").click())
    mirror.command("setup", "begin")
    for edit in case.edits:
        if edit[0] == "move":
            _tap(page, table, edit[1])
            _tap(page, table, edit[2])
            assert table.locator(".tsr-setup-said").inner_text().endswith("moved."), edit
            mirror.command("setup", "tap", *edit[1], None)
            mirror.command("setup", "tap", *edit[2], None)
        elif edit[0] == "remove":
            _tap(page, table, edit[1])
            answered(page, lambda: table.locator(".tsr-setup-remove").click())
            assert table.locator(".tsr-setup-said").inner_text().endswith("taken off."), edit
            mirror.command("setup", "tap", *edit[1], None)
            mirror.command("setup", "remove")
        elif edit[0] == "field":
            answered(page, lambda: table.locator(".tsr-setup-field", has_text=edit[1]).first.click())
            name, value = edit[1].split(" ")
            mirror.command("setup", "set", name, int(value))
        elif edit[0] == "card":  # a card moved between piles: From, Card, To picked from the lists
            _, card, source, target = edit
            table.locator(".tsr-setup-from").select_option(source)
            table.locator(".tsr-setup-card").select_option(card)
            table.locator(".tsr-setup-to").select_option(target)
            answered(page, lambda: table.locator(".tsr-setup-move-card").click())
            mirror.command("setup", "card", card, source, target)
        elif edit[0] == "turn":
            table.locator(".tsr-setup-turn-side").select_option(edit[1])
            table.locator(".tsr-setup-phase").select_option(edit[2])
            answered(page, lambda: table.locator(".tsr-setup-turn").click())
            mirror.command("setup", "turn", edit[1], edit[2])
        said = table.locator(".tsr-setup-said").inner_text()
        assert "Not set" not in said, (edit, said)


def _make(page, table, case: Case) -> None:
    """The goal, the words and the sections, picked and typed in the panel."""
    panel = table.locator(".tsr-make")
    for key, selector in (("title", ".tsr-make-title"), ("goal_text", ".tsr-make-goal-text"), ("hint", ".tsr-make-hint")):
        box = panel.locator(selector)
        box.fill(case.keys[key])
        answered(page, lambda: box.press("Tab"))  # left: its change is sent
    answered(page, lambda: panel.locator(".tsr-make-kind").select_option(case.kind))
    for key in ("test", "action", "measure", "opponent"):
        if key in case.keys:
            answered(page, lambda: panel.locator(f".tsr-make-{key}").select_option(case.keys[key]))
    for name, point in case.taps.items():
        panel.locator(f'.tsr-make-arg[data-arg="{name}"] .tsr-make-pick').click()
        assert panel.locator(f'.tsr-make-arg[data-arg="{name}"] .tsr-make-pick').get_attribute("aria-pressed") == "true"
        _tap(page, table, point)
        said = panel.locator(".tsr-make-said").inner_text()
        assert said.startswith((f"{name}:", "The square picked")), said
    for name, value in case.typed.items():
        box = panel.locator(f'.tsr-make-arg[data-arg="{name}"] .tsr-make-arg-value')
        box.fill(str(value))
        answered(page, lambda: box.press("Tab"))
        said = panel.locator(".tsr-make-said").inner_text()
        assert said == f"{name}: {value}.", said
    for key in case.sections:
        answered(page, lambda: panel.locator(f'.tsr-make-sections input[value="{key}"]').click())
        said = table.locator(".tsr-make-said").inner_text()
        assert said == "Sections set.", (key, said)
    assert {box.get_attribute("value") for box in panel.locator(".tsr-make-sections input:checked").all()} == \
        set(case.sections)


def _record(page, table, mirror, steps, what: str = "solution") -> None:
    """Record ``steps`` by taps on the board (the same steps in ``mirror``), then Stop."""
    panel = table.locator(".tsr-make")
    button = ".tsr-make-prelude" if what == "prelude" else ".tsr-make-record"
    answered(page, lambda: panel.locator(button).click())
    mirror.command("make", "record", what)
    assert panel.locator(".tsr-make-recording").inner_text().startswith("Recording: play it on the board")
    for wanted in steps:
        _past_the_curtain(page, table)
        action = _action(mirror, wanted)
        _play_by_taps(page, table, mirror, action)
        mirror.try_action(action.to_dict())
    _past_the_curtain(page, table)
    played = panel.locator(".tsr-make-recording").inner_text()
    assert f" {len(steps)} step{'' if len(steps) == 1 else 's'} played so far." in played, played
    answered(page, lambda: panel.locator(".tsr-make-stop").click())
    mirror.command("make", "stop")


@pytest.mark.parametrize("case", CASES, ids=[case.name for case in CASES])
def test_a_challenge_made_on_the_page_and_solved_by_taps_on_a_phone(open_page, axe_script, case):
    SHOTS.mkdir(exist_ok=True)
    page, report, table, config = _open_table(open_page, case)
    mirror = new_session(config)  # the page's game followed in this process, for where each step is tapped
    _set_up(page, table, mirror, case)
    started = time.monotonic()
    answered(page, lambda: table.locator(".tsr-make-open").click())
    panel = table.locator(".tsr-make")
    assert panel.is_visible() and not table.locator(".tsr-setup").is_visible()
    assert "a recorded solution" in panel.locator(".tsr-make-needs").inner_text()
    mirror.command("make", "begin")
    if case.prelude:
        _record(page, table, mirror, _draft_picks(mirror, case.prelude), "prelude")
        assert "the learner plays green" in panel.locator(".tsr-make-said").inner_text()
    _make(page, table, case)
    if "opponent" in case.keys:
        mirror.command("make", "set", "opponent", case.keys["opponent"])
    if case.wrong:  # a wrong solution recorded first: the check says so in words, and nothing else is lost
        _record(page, table, mirror, case.wrong)
        answered(page, lambda: panel.locator(".tsr-make-check").click())
        assert "the recorded solution does not solve it" in panel.locator(".tsr-make-needs").inner_text()
        assert "tsr-live-error" in panel.locator(".tsr-make-said").get_attribute("class")
        assert panel.locator(".tsr-make-title").input_value() == case.keys["title"]
        page.screenshot(path=str(SHOTS / f"{case.name}-check-failed-1280.png"))
        limit = panel.locator(".tsr-make-limit")  # a refusal: said in words, what was typed kept, nothing set
        limit.fill("0")
        answered(page, lambda: limit.press("Tab"))
        said = panel.locator(".tsr-make-said")
        assert said.inner_text().startswith("Not set: limit is the learner's actions allowed, a whole number from 1")
        assert "tsr-live-error" in said.get_attribute("class") and limit.input_value() == "0"
        assert panel.locator(".tsr-make-title").input_value() == case.keys["title"]
        limit.fill("")
    _record(page, table, mirror, case.solution)
    answered(page, lambda: panel.locator(".tsr-make-check").click())
    assert panel.locator(".tsr-make-said").inner_text() == "Ready: the check found nothing wrong."
    for control in panel.locator("button:visible, select:visible, input[type=text]:visible, .tsr-make-tick:visible").all():
        box = control.bounding_box()
        assert box["height"] >= 44, f"{control.evaluate('(n) => n.outerHTML.slice(0, 80)')} is {box['height']} px high"
    page.screenshot(path=str(SHOTS / f"{case.name}-panel-1280.png"))
    panel.locator("h3").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / f"{case.name}-panel-top-1280.png"))
    assert axe_violations(page, axe_script, include=".tsr-make") == []
    answered(page, lambda: panel.locator(".tsr-make-link").click())
    link = panel.locator(".tsr-make-challenge-link").input_value()
    print(f"{case.name}: Make it a challenge to a copied link in {time.monotonic() - started:.1f} s")
    base = page.url.split(f"/{case.ruleset}/")[0]
    assert link.startswith(f"{base}/{case.ruleset}/practice.html#challenges=c1.")
    text = c.link_text(link.split("#challenges=")[1])
    (challenge,) = c.load(text, get_ruleset(case.ruleset)).values()
    assert (challenge.title, challenge.goal.kind, set(challenge.sections)) == (case.keys["title"], case.kind,
                                                                               set(case.sections))
    if case.name == "sp-reach":
        _saved_and_added_to_a_lesson(page, panel, text, get_ruleset(case.ruleset))
    assert not report.problems, report.problems

    # A child, on a phone, in a fresh browser: the link opened on the Practice page and solved by taps.
    phone, phone_report = open_page(f"{case.ruleset}/practice.html", width=PHONE[0], height=PHONE[1], touch=True)
    phone.goto("about:blank")
    phone.goto(link, wait_until="load")
    child = phone.locator(TABLE)
    phone.wait_for_function(f"document.querySelector({TABLE!r}).dataset.challenge === {challenge.name!r}",
                            timeout=180_000)
    assert child.locator(".tsr-practice-goal-line").inner_text() == case.keys["goal_text"]
    learner = new_session({"ruleset": case.ruleset})
    learner.open_lesson(text)
    learner.practise(challenge.name, True)
    if case.wrong:  # a wrong try first: told in words; then Try again
        _play_by_taps(phone, child, learner, _action(learner, case.wrong[0]))
        child.locator(".tsr-practice-failed").wait_for(state="visible", timeout=30_000)
        phone.screenshot(path=str(SHOTS / f"{case.name}-failed-try-390.png"))
        answered(phone, lambda: child.get_by_role("button", name="Try again").click())
        learner.practise(challenge.name, True)
    for action, _dice in challenge.solution_actions():
        _play_by_taps(phone, child, learner, action)
        learner.show_me()
    stars = _solved(child)
    assert stars == (2 if case.wrong else 3)
    phone.screenshot(path=str(SHOTS / f"{case.name}-solved-390.png"))
    assert not phone_report.problems, phone_report.problems


def _saved_and_added_to_a_lesson(page, panel, text: str, ruleset) -> None:
    """Save as a file: the challenge's TOML text, named after it; Add to the lesson, then the lesson's file and
    link: the challenge in it."""
    with page.expect_download() as download:
        answered(page, lambda: panel.locator(".tsr-make-save").click())
    assert download.value.suggested_filename == "sniper-to-the-bushes.toml"
    assert Path(download.value.path()).read_text(encoding="utf-8") == text
    answered(page, lambda: panel.locator(".tsr-make-add").click())
    assert panel.locator(".tsr-make-said").inner_text() == "The lesson has 1 challenge."
    assert panel.locator(".tsr-make-lesson").inner_text() == "The lesson: 1. Sniper to the bushes."
    with page.expect_download() as download:
        answered(page, lambda: panel.locator(".tsr-make-save-lesson").click())
    assert download.value.suggested_filename == "simple_plastic-lesson.toml"
    lesson = Path(download.value.path()).read_text(encoding="utf-8")
    assert list(c.load(lesson, ruleset)) == ["sniper-to-the-bushes"]
    answered(page, lambda: panel.locator(".tsr-make-lesson-link").click())
    link = panel.locator(".tsr-make-lesson-link-text").input_value()
    assert c.link_text(link.split("#challenges=")[1]) == lesson


def _solved(table) -> int:
    """The stars shown once solved (a lesson of one challenge has no Next)."""
    stars = table.locator(".tsr-practice-stars .tsr-stars-big")
    stars.wait_for(state="visible", timeout=30_000)
    assert "★" in stars.inner_text() and table.locator(".tsr-practice-solved").is_visible()
    return int(table.get_attribute("data-stars"))


def _draft_picks(mirror, count: int) -> list[dict]:
    """The first card offered at each of the draft's next ``count`` picks (played by hand, either side), as the
    mirror would play them: worked out on a copy, the mirror's game untouched."""
    state, picks = mirror.state.clone(), []
    for _ in range(count):
        action = next(iter(state.legal_actions))
        picks.append(action.to_dict())
        state.apply(action)
    return picks
