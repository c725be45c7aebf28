"""The engine needs nothing outside Python's standard library (it runs in a web page under Pyodide).

Two checks: play every scenario of every ruleset in a fresh interpreter and
look at what got imported; and read every ``import`` in ``explorer/``.
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENGINE = ROOT / "explorer"

PLAY_EVERYTHING = r"""
import json, sys

already = set(sys.modules)  # whatever the interpreter loaded at start-up is not the engine's doing

import explorer
from explorer.core import RandomBot, play_out


class Bots(dict):
    def __init__(self, seed):
        super().__init__()
        self.seed = seed

    def __missing__(self, player):  # a random bot for whoever turns out to play
        bot = self[player] = RandomBot(self.seed + len(self))
        return bot


played, saved = 0, None
for ruleset in explorer.all_rulesets().values():
    for scenario in ruleset.scenarios:
        for seed in range(2):
            game = play_out(ruleset.new_game(scenario, seed=seed), Bots(seed), max_actions=300)
            played += 1
            saved = saved or game.to_json()
loaded = explorer.load_game(json.loads(saved))
assert loaded.to_json() == saved

print(json.dumps({
    "played": played,
    "modules": {name: getattr(module, "__file__", None) for name, module in list(sys.modules.items())
                if name not in already},
}))
"""


def _outsider(name: str, file: str | None) -> bool:
    top = name.partition(".")[0]
    if top == "explorer":
        return file is not None and not Path(file).resolve().is_relative_to(ENGINE)
    return top not in sys.stdlib_module_names


def test_playing_every_scenario_imports_only_the_standard_library():
    result = subprocess.run([sys.executable, "-c", PLAY_EVERYTHING], cwd=ROOT, capture_output=True, text=True,
                            timeout=600)
    assert result.returncode == 0, result.stderr
    report = json.loads(result.stdout.splitlines()[-1])
    assert report["played"] > 0
    outsiders = sorted(f"{name} ({file})" for name, file in report["modules"].items() if _outsider(name, file))
    assert not outsiders, "the engine imported modules outside the standard library:\n" + "\n".join(outsiders)


def _absolute_imports(path: Path):
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), str(path))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.lineno, node.module


def test_every_engine_import_is_standard_library_or_the_engine():
    files = sorted(ENGINE.rglob("*.py"))
    assert files
    outsiders = [
        f"{path.relative_to(ROOT)}:{line}: import {module}"
        for path in files
        for line, module in _absolute_imports(path)
        if module.partition(".")[0] not in sys.stdlib_module_names | {"explorer"}
    ]
    assert not outsiders, "imports from outside the standard library:\n" + "\n".join(outsiders)
