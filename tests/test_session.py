"""Live play's game flow (explorer.core.session.Session), the same for JupyterLab and the page, on every ruleset."""

from __future__ import annotations

import json
import random

import pytest

import explorer
from explorer.core.session import Session, make_bot

CASES = [("simple_plastic", "skirmish", "green"), ("phlog", "corridor", "green"), ("army_men", "standard", "green")]
ATTEMPTS = {"simple_plastic": {"type": "Attack", "attacker": "g1", "target": "t1"},
            "phlog": {"type": "Step", "direction": "N"},
            "army_men": {"type": "Shoot", "shooter": "g1", "target": "g2"}}


def _session(case, seed=3):
    ruleset, scenario, human = case
    return Session(ruleset, scenario, seed, human)


def _play_randomly(session, rng, limit=400):
    answer = session.answer()
    for _ in range(limit):
        if answer["outcome"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    return answer


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_offered_actions_are_the_legal_ones_and_answers_are_json(case):
    session = _session(case)
    rng = random.Random(0)
    answer = session.answer()
    for _ in range(30):
        if answer["outcome"]:
            break
        json.dumps(answer)
        legal = list(session.state.legal_actions)
        assert [a["action"] for a in answer["actions"]] == [a.to_dict() for a in legal]
        assert answer["turn"]["yours"] and answer["turn"]["to_act"] == case[2]
        answer = session.play(rng.randrange(len(answer["actions"])))


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_a_refused_action_cites_its_rule_and_changes_nothing(case):
    session = _session(case)
    before = session.save()
    answer = session.try_action(ATTEMPTS[case[0]])
    assert answer["message"]["kind"] == "refused"
    assert answer["message"]["rule"]["key"].startswith(case[0] + ":") and answer["message"]["rule"]["title"]
    assert session.save() == before
    for bad in ("{", {"type": "Nope"}, {"type": "Attack", "player": "tan"}):
        assert session.try_action(bad)["message"]["kind"] == "error"
        assert session.save() == before


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_undo_goes_back_to_the_humans_last_decision(case):
    session = _session(case)
    rng = random.Random(1)
    for _ in range(5):
        before, log = session.save(), session.answer()["log"]
        answer = session.play(rng.randrange(len(session.answer()["actions"])))
        if answer["outcome"]:
            break
    assert session.undo()["message"]["text"] == "Undone."
    assert session.save() == before and session.answer()["log"] == log


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_save_and_load_round_trip_and_malformed_saves_change_nothing(case):
    session = _session(case)
    _play_randomly(session, random.Random(2), limit=6)
    saved, answer = session.save(), session.answer()
    other = _session(case, seed=9)
    loaded = other.load(saved)
    assert loaded["message"]["text"] == "Loaded."
    assert other.save() == saved
    assert {k: v for k, v in loaded.items() if k not in ("message", "seed")} == \
        {k: v for k, v in answer.items() if k not in ("message", "seed")}
    for bad in ("not json", "{}", saved[:-5], json.dumps({**json.loads(saved), "ruleset": "x"})):
        result = session.load(bad)
        assert result["message"]["kind"] == "error" and result["message"]["text"].startswith("Cannot load")
        assert session.save() == saved


@pytest.mark.parametrize("case", CASES[:1], ids=lambda c: c[0])  # Phlog rolls no dice: cards decide
def test_dice_may_be_entered(case):
    session = _session(case)
    rng = random.Random(4)
    answer = session.answer()
    for _ in range(200):  # play until an offered action rolls dice, then enter them
        if answer["outcome"]:
            pytest.skip("no dice rolled by the human in this game")
        legal = list(session.state.legal_actions)
        rolling = [i for i, a in enumerate(legal) if session.state.chance(a) is not None]
        if rolling:
            before = session.save()
            refused = session.play(rolling[0], dice=[7, 7, 7, 7, 7, 7])
            assert refused["message"]["kind"] == "error" and session.save() == before
            for n in range(1, 7):
                answer = session.play(rolling[0], dice=[6] * n)
                if answer["message"] is None:
                    assert any(entry.get("dice") == [6] * n for entry in answer["log"])
                    return
                assert session.save() == before
            pytest.fail("no number of entered dice was accepted")
        answer = session.play(rng.randrange(len(answer["actions"])))


def test_the_bots_hand_is_never_in_a_phlog_answer():
    session = _session(CASES[1], seed=7)
    rng = random.Random(5)
    answer = session.answer()
    shown = []
    while True:
        shown.append(json.dumps(answer, ensure_ascii=False))
        if answer["outcome"]:
            break
        answer = session.play(rng.randrange(len(answer["actions"])))
    state = session.state
    text = "".join(shown)
    for event in (e for turn in state.history for e in turn.events):
        if not event.visible_to("green"):
            assert event.text not in text
    assert "tan draws 6 cards" in text


@pytest.mark.parametrize("case", CASES, ids=lambda c: c[0])
def test_the_same_seed_and_actions_save_the_same_game_as_plain_engine_play(case):
    ruleset, scenario, human = case
    session = _session(case)
    _play_randomly(session, random.Random(6))
    rs = explorer.get_ruleset(ruleset)
    state = rs.new_game(scenario, seed=3)
    bots = {side: make_bot(rs, "greedy", 1) for side in state.sides if side != human}
    mine = iter([t.action for t in session.state.history if t.action.player == human])
    while not state.is_over:
        player = state.current_player
        state.apply(bots[player](state) if player in bots else next(mine))
    assert state.to_json() == session.save()


def test_play_here_starts_the_very_game_the_jupyterlab_widget_shows():
    """The snapshot names its game by the Session's config; the page's Session from it is the same game."""
    from boards.live import new_session
    from widgets.phlog import live_play
    from widgets.simple_plastic import SimplePlasticLive

    for live in (live_play(seed=7).live, SimplePlasticLive(human="green", bot_seed=1).live):
        config = live.session.config()
        page = new_session(json.loads(json.dumps(config)))
        assert page.save() == live.session.save()
        assert page.answer()["layers"] == json.loads(json.dumps(live.board.layers(live.state)))
