"""Toy Skirmish: the sixth ruleset, a test's own (issue 36). Two squads of three on a bare 24-inch table; a
figure moves up to 6 inches or shoots an enemy within 12 inches (one D6: 4+ kills, a 1 never does).

Written from the README's recipe on the tabletop base, and registered only while the tests run
(``tests/conftest.py``): every surface that reads the registry is tested on it, so a sixth ruleset is
its own folder, one board module (:mod:`.board`) and its pages, and nothing else.
"""

from explorer.core.wiring import declare

RULESET = declare(
    __name__,
    title="Toy Skirmish",
    author="the tests",
    year=2026,
    source="tests/toy_ruleset",
    licence="the project's",
    victory_section="rulings.victory",
    next_step={"EndTurn": "End turn"},
    equipment=("Six toy soldiers, three a side.", "A tape measure in inches.", "One six-sided die (D6)."),
    notes=("A 1 never kills.",),
)
