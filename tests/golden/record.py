"""Record the golden games and save fixtures: ``python -m tests.golden.record [--force] [RULESET ...]``.

Writes ``tests/golden/<ruleset>.json`` (the golden games) and ``tests/golden/saves/<ruleset>.json`` (the
save fixtures) for every registered ruleset, or those named. An existing file is left alone unless
``--force``: re-record only for a deliberate change of the rules (or of the bots), and say so in the commit.
Run it with ``PYTHONPATH`` set to the worktree, as every command of the project.
"""

from __future__ import annotations

import argparse
import json
import sys

from .fixtures import fixture_games
from .games import SAVES, golden_games, golden_path, record, rulesets, saves_path


def one_a_line(head: dict, key: str, items: list) -> str:
    """JSON with each item of ``head[key]`` on a line of its own (compact, and a diff names the game)."""
    top = json.dumps(head, separators=(",", ":"))[:-1]
    body = ",\n".join(json.dumps(item, separators=(",", ":")) for item in items)
    return f'{top},"{key}":[\n{body}\n]}}\n'


def record_games(ruleset: str) -> str:
    games = [record(golden) for golden in golden_games(ruleset)]
    return one_a_line({"ruleset": ruleset, "recorded_by": "python -m tests.golden.record"}, "games", games)


def record_saves(ruleset: str) -> str:
    saves = [{"name": name, "save": make().to_dict()} for name, make in fixture_games(ruleset)]
    return one_a_line({"ruleset": ruleset, "recorded_by": "python -m tests.golden.record"}, "saves", saves)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tests.golden.record", description=__doc__.splitlines()[0])
    parser.add_argument("rulesets", nargs="*", help="rulesets to record (default: every one)")
    parser.add_argument("--force", action="store_true", help="overwrite files that exist (a deliberate rule change)")
    args = parser.parse_args(argv)
    if "toy_ruleset" not in rulesets():  # run by hand; under pytest tests/conftest.py installed it already, and a
        # second copy (imported as tests.toy_ruleset) would replace the test run's in the registry
        from tests.toy_ruleset.install import install  # (here, not on import: the tests import this module)

        install()  # the test run's toy ruleset is recorded as the test run sees it (tests/conftest.py)
    names = args.rulesets or rulesets()
    unknown = sorted(set(names) - set(rulesets()))
    if unknown:
        parser.error(f"unknown ruleset {', '.join(unknown)}; known: {', '.join(rulesets())}")
    targets = [(path, make, name) for name in names
               for path, make in ((golden_path(name), record_games), (saves_path(name), record_saves))]
    existing = [str(path) for path, _, _ in targets if path.exists()]
    if existing and not args.force:
        print("refusing to overwrite (the golden files are the safety net; give --force only for a deliberate "
              "rule change, and say so in the commit):\n  " + "\n  ".join(existing), file=sys.stderr)
        return 1
    SAVES.mkdir(exist_ok=True)
    for path, make, name in targets:
        text = make(name)
        path.write_text(text, encoding="utf-8")
        print(f"{path}: {len(text):,} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main())
