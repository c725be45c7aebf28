"""The concept index across rulesets, built from the rule catalogues.

Each ruleset's catalogue tags its sections with the concepts they state
(:data:`explorer.core.rules.CONCEPTS`), or declares a concept absent; this
module only gathers those tags, so a sentence lives in one place::

    from explorer.core.concepts import concept_index
    concept_index()["line_of_sight"]["phlog"].ref   # RuleRef('phlog', 'attacking.line_of_sight')
"""

from __future__ import annotations

from collections.abc import Mapping

from .registry import Ruleset, all_rulesets
from .rules import CONCEPTS, Catalogue, ConceptEntry


def indexed_rulesets(rulesets: Mapping[str, Ruleset] | None = None) -> list[Ruleset]:
    """The rulesets whose catalogues state the concepts, ordered by title as a reader sees them.

    A ruleset without a concept-tagged :class:`Catalogue` (a tiny one a test registers) is left out.
    """
    rulesets = all_rulesets() if rulesets is None else rulesets
    found = [rs for rs in rulesets.values() if isinstance(rs.sections, Catalogue) and rs.sections.has_concepts]
    return sorted(found, key=lambda rs: (rs.title.casefold(), rs.name))


def concept_index(rulesets: Mapping[str, Ruleset] | None = None) -> dict[str, dict[str, ConceptEntry]]:
    """Concept id -> ruleset name -> :class:`ConceptEntry` (sentence, section ref, absent).

    Concepts in the order of :data:`CONCEPTS`; every indexed ruleset has a row
    for every concept (its catalogue was refused otherwise).
    """
    shown = indexed_rulesets(rulesets)
    return {c.id: {rs.name: rs.sections.concept_entry(c.id) for rs in shown} for c in CONCEPTS}
