"""The test run's sixth ruleset (issue 36): ``tests/toy_ruleset``, installed while the tests run.

It is installed (registered, and its board module put where boards look them up) when this file is imported,
before any test module is: the pages' modules list the registry's rulesets when they are imported, so every
test of a surface that reads the registry (conformance, live play and taps, the board family, the comparison
chapter, the concept index, the studies, the house-rules lab, practice, golden games) runs on the toy too. It is
uninstalled when the run ends, so nothing outside the tests ever sees it.
"""

from __future__ import annotations

# imported as pytest imports the package when it walks its folder (``toy_ruleset``, tests/ on the path), so
# there is one copy of it: a second, under another name, would register other classes under the same name
from toy_ruleset.install import install, uninstall

install()


def pytest_unconfigure(config):
    uninstall()
