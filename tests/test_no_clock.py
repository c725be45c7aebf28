"""No test depends on the clock (issue 36): hypothesis runs every test without its per-example deadline and
without its too-slow health check (one profile, loaded in conftest.py), and no test sets a deadline of its own.
Speed is measured in benchmarks/, which print figures."""

import ast
from pathlib import Path

from hypothesis import HealthCheck, settings

TESTS = Path(__file__).parent


def test_the_suites_hypothesis_profile_times_nothing():
    assert settings.default.deadline is None
    assert HealthCheck.too_slow in settings.default.suppress_health_check


def test_no_test_sets_a_hypothesis_deadline():
    timed = []
    for path in TESTS.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.keyword) and node.arg == "deadline" and not (
                    isinstance(node.value, ast.Constant) and node.value.value is None):
                timed.append(f"{path.relative_to(TESTS)}:{node.value.lineno}")
    assert not timed, f"a deadline is a stopwatch (put speed in benchmarks/): {', '.join(timed)}"
