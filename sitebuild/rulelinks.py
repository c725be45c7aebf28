"""Sphinx extension: rule references from the engine become links in the book.

- ``{rule}`simple_plastic:attacking.modifiers``` links to the book section
  that states the rule, titled from the ruleset's own catalogue;
- every section of a ruleset that has a book folder must have its label in
  the book, so an explanation in a widget never points nowhere (a warning,
  and the build runs with warnings as errors).
"""

from __future__ import annotations

from pathlib import Path

from docutils import nodes
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging

from explorer.core.registry import all_rulesets, get_ruleset
from explorer.core.rules import RuleRef

logger = logging.getLogger(__name__)


def rule_role(name, rawtext, text, lineno, inliner, options=None, content=None):
    try:
        ref = RuleRef.parse(text.strip())
        section = get_ruleset(ref.ruleset).sections[ref.section]
    except (KeyError, ValueError) as exc:
        message = inliner.reporter.error(f"unknown rule {text!r}: {exc}", line=lineno)
        return [inliner.problematic(rawtext, rawtext, message)], [message]
    node = addnodes.pending_xref(
        rawtext, refdomain="std", reftype="ref", reftarget=ref.label, refexplicit=True, refwarn=True
    )
    node += nodes.inline(rawtext, section.title, classes=["rule-ref"])
    return [node], []


def check_every_section_is_in_the_book(app: Sphinx, env) -> None:
    labels = env.domaindata["std"]["labels"]
    book = Path(app.srcdir)
    for name, ruleset in all_rulesets().items():
        if not (book / name).is_dir():
            continue  # the ruleset has no chapter yet
        for section in ruleset.sections.values():
            if section.ref.label not in labels:
                logger.warning(
                    "rule section %s (%r) has no label (%s)= in %s/%s.md",
                    section.ref.key, section.title, section.ref.label, name, section.page,
                )


def setup(app: Sphinx) -> dict:
    app.add_role("rule", rule_role)
    app.connect("env-check-consistency", check_every_section_is_in_the_book)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
