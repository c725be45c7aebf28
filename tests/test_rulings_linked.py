"""Every ruling is linked from a rules section it changes (issue 36): a reader of the section learns that the
engine plays a choice there, and where it is explained.

The rulings are the engine's own declarations (each ruleset's ``RULINGS``, read through the registry, the
test run's toy included), and each names the sections it changes (``Ruling.refs``). A ruling is linked when
one of the pages holding those sections cites its label: ``{ref}`dice-tactics-rulings-bolster-count``` or
``{rule}`simple_plastic:rulings.bases``` (or a titled ``{ref}`ruling <label>```), as the chapters write it.
"""

from __future__ import annotations

import pytest

from explorer.core.rules import RuleRef
from tests.conformance.cases import chapter_folder, rulesets_under_test

RULESETS = rulesets_under_test()  # the ones with pages (not the tiny ones single tests register for themselves)


def cites(page: str, ruling: RuleRef) -> bool:
    """Whether a page's MyST text links the ruling, by its label or by its rule key."""
    return (f"{{ref}}`{ruling.label}`" in page or f"<{ruling.label}>`" in page or f"{{rule}}`{ruling.key}`" in page
            or f"#{ruling.label})" in page)


def unlinked(ruleset) -> list[str]:
    """The rulings no page holding a section they change links to, each with the pages that should."""
    folder = chapter_folder(ruleset.name)
    missing = []
    for ruling in ruleset.rulings:
        ref = RuleRef(ruleset.name, f"rulings.{ruling.id}")
        pages = sorted({ruleset.sections[r.section].page for r in ruling.refs})
        if not any(cites((folder / f"{page}.md").read_text(encoding="utf-8"), ref) for page in pages):
            missing.append(f"{ruling.id} (from {', '.join(f'{page}.md' for page in pages)})")
    return missing


@pytest.mark.parametrize("name", sorted(RULESETS))
def test_every_ruling_is_linked_from_a_section_it_changes(name):
    ruleset = RULESETS[name]
    assert ruleset.rulings, f"{name} declares no rulings"
    assert all(ruling.refs for ruling in ruleset.rulings), f"{name}: a ruling names no section it changes"
    assert unlinked(ruleset) == [], f"{name}: rulings no section they change links to"


def test_a_ruling_is_linked_by_its_label_or_its_rule_key_and_not_by_its_name_alone():
    ruling = RuleRef("dice_tactics", "rulings.bolster_count")
    assert cites("as many ({ref}`dice-tactics-rulings-bolster-count`).", ruling)
    assert cites("as many ({rule}`dice_tactics:rulings.bolster_count`).", ruling)
    assert cites("as many ([the ruling](rulings.md#dice-tactics-rulings-bolster-count)).", ruling)
    assert cites("as many ({ref}`our ruling <dice-tactics-rulings-bolster-count>`).", ruling)
    assert not cites("as many ({ref}`dice-tactics-rulings-bolster-villages`); bolster_count.", ruling)
