"""Links from an explanation to the book section that states the rule."""

from __future__ import annotations

from explorer.core.registry import get_ruleset
from explorer.core.rules import RuleRef


def rule_href(key: str, *, here: str | None = None) -> str:
    """The URL of a rule section, relative to a page of the book.

    ``here`` is the ruleset folder of the page the link appears on (links
    within a chapter stay relative; from elsewhere they go up one folder).
    """
    ref = RuleRef.parse(key)
    section = get_ruleset(ref.ruleset).sections[ref.section]
    page = f"{section.page}.html#{ref.label}"
    return page if here == ref.ruleset else f"../{ref.ruleset}/{page}"
