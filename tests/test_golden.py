"""Golden games and save fixtures: the safety net of engine refactors (issue 23).

``tests/golden/<ruleset>.json`` holds bot-against-bot games of every ruleset: every scenario on seeds 1-3
(greedy against random), the notable settings of each (``VARIANTS`` in ``tests/golden/games.py``) on the
same seeds, and the strong bot against greedy once. Each game is the engine's own save of it (its action
log and final position), a fingerprint of the position and of the legal actions offered (their number,
list and set) at every step, and the whole list of legal actions at a handful of steps.

Each game is checked twice. Its actions, played again from the save's start through the rules, must meet
the recorded position and be offered the same legal actions in the same order at every step, and end in
the recorded save byte for byte; the save itself must load and save again byte for byte. And its bots,
seeded as recorded, must play the same game again, the same action at every step. A difference names
the game, the action's index, and what was expected and what came, in words.

``tests/golden/saves/<ruleset>.json`` holds saves of every kind today's code writes
(``tests/golden/fixtures.py``: every scenario, every house rule's values, mid-game and finished, custom
positions, the army builder's game, entered dice, actions taken back); each must load and save again
byte for byte.

A refactor of the engine must keep all of them identical. To record them again (only for a deliberate
change of the rules or of the bots; say so in the commit)::

    PYTHONPATH=$PWD .venv/bin/python -m tests.golden.record --force [RULESET ...]

Without ``--force`` it refuses to overwrite a file that exists (name a new ruleset to record only its own).
"""

from __future__ import annotations

import json

import pytest

from tests.golden import record
from tests.golden.games import (Golden, check_bots, check_replay, golden_games, golden_path, reloaded, rulesets,
                                saves_path)

HOW = "record it with: python -m tests.golden.record"


def _read(path):
    return json.loads(path.read_text(encoding="utf-8")) if path.exists() else None


GAMES = {name: _read(golden_path(name)) for name in rulesets()}
SAVES = {name: _read(saves_path(name)) for name in rulesets()}
GAME_CASES = [(name, i) for name, data in GAMES.items() if data for i in range(len(data["games"]))]
SAVE_CASES = [(name, i) for name, data in SAVES.items() if data for i in range(len(data["saves"]))]


def _golden(name: str, index: int) -> tuple[Golden, dict]:
    game = GAMES[name]["games"][index]
    return Golden.from_dict(name, game), game


def _game_id(case) -> str:
    golden, _ = _golden(*case)
    return f"{golden.ruleset}-{golden.scenario}-{golden.seed}-{'-'.join(golden.bots)}-{case[1]}"


@pytest.mark.parametrize("name", rulesets())
def test_every_ruleset_has_its_golden_games_and_saves_as_listed(name):
    assert GAMES[name] is not None, f"{name} has no golden games; {HOW} {name}"
    assert SAVES[name] is not None, f"{name} has no save fixtures; {HOW} {name}"
    recorded, listed = [Golden.from_dict(name, game) for game in GAMES[name]["games"]], golden_games(name)
    missing = [golden.name for golden in listed if golden not in recorded]
    extra = [golden.name for golden in recorded if golden not in listed]
    assert recorded == listed, (f"{name}'s golden games are not the ones tests/golden/games.py lists: not recorded "
                                f"{missing or 'none'}; recorded but not listed {extra or 'none'} (a new scenario? "
                                f"{HOW} --force {name}, saying why in the commit)")


@pytest.mark.parametrize("case", GAME_CASES, ids=_game_id)
def test_golden_game_loads_from_its_save_and_offers_the_same_legal_actions_at_every_step(case):
    check_replay(*_golden(*case))  # raises at the first difference, naming the action


@pytest.mark.parametrize("case", GAME_CASES, ids=_game_id)
def test_golden_game_is_played_again_by_its_bots_action_for_action(case):
    check_bots(*_golden(*case))


@pytest.mark.parametrize("case", SAVE_CASES, ids=lambda case: f"{case[0]}-{case[1]}")
def test_save_fixture_loads_and_saves_the_same_bytes(case):
    name, index = case
    fixture = SAVES[name]["saves"][index]
    reloaded(f"{name} save fixture {fixture['name']!r}", fixture["save"])


def test_recording_refuses_to_overwrite_without_force(tmp_path, monkeypatch, capsys):
    kept = {tmp_path / "games.json": "games", tmp_path / "saves.json": "saves"}
    for path, text in kept.items():
        path.write_text(text)
    monkeypatch.setattr(record, "golden_path", lambda name: tmp_path / "games.json")
    monkeypatch.setattr(record, "saves_path", lambda name: tmp_path / "saves.json")
    assert record.main(["phlog"]) == 1
    assert "--force" in capsys.readouterr().err
    assert {path: path.read_text() for path in kept} == kept
