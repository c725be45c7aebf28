"""Every ruling is linked from a rules section it changes (issue 36): a reader of the section learns that the
engine plays a choice there, and where it is explained.

The rulings are the engine's own declarations (each ruleset's ``RULINGS``, read through the registry, the
test run's toy included), and each names the sections it changes (``Ruling.refs``). A ruling is linked when
one of the pages holding those sections cites its label: ``{ref}`dice-tactics-rulings-bolster-count``` or
``{rule}`simple_plastic:rulings.bases``` (or a titled ``{ref}`ruling <label>```), as the chapters write it.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

from explorer.core.registry import all_rulesets
from explorer.core.rules import RuleRef

BOOK = Path(__file__).resolve().parents[1] / "book"
RULESETS = all_rulesets()


def chapter(ruleset) -> Path:
    """A ruleset's book folder: ``book/<name>``, or the ``book`` folder of its package (the toy's)."""
    shipped = BOOK / ruleset.name
    if shipped.is_dir():
        return shipped
    return Path(sys.modules[ruleset.state_type.__module__].__file__).parent / "book"


def cites(page: str, ruling: RuleRef) -> bool:
    """Whether a page's MyST text links the ruling, by its label or by its rule key."""
    return (f"{{ref}}`{ruling.label}`" in page or f"<{ruling.label}>`" in page or f"{{rule}}`{ruling.key}`" in page
            or f"#{ruling.label})" in page)


def unlinked(ruleset) -> list[str]:
    """The rulings no page holding a section they change links to, each with the pages that should."""
    folder = chapter(ruleset)
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
