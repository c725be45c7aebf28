"""The concept index across rulesets as HTML: one short table per concept, a jump list above them.

Everything shown comes from :func:`explorer.core.concepts.concept_index`,
which gathers the concept tags of the rule catalogues; each sentence is
followed by a link to the section that states the rule (widgets/links.py:
a page of the site, or the chapter's notebook in JupyterLab).

Two columns (Ruleset, How it works) read on a phone at 390 px; on a
projector the same tables simply grow with the page.
"""

from __future__ import annotations

import html

from explorer.core.concepts import concept_index, indexed_rulesets
from explorer.core.rules import CONCEPTS, ConceptEntry

from .links import RuleLinks

ANCHOR_PREFIX = "concept-"
_LEFT = "text-align:left;vertical-align:top"
# The same Ruleset column in every table, in ems so it grows with the text (a projector's 150 %) and leaves a
# phone's 390 px about two thirds for the sentences.
_COLUMNS = '<colgroup><col style="width:8.5em"><col></colgroup>'


def concept_anchor(concept_id: str) -> str:
    """The HTML id of a concept's heading on the page (``line_of_sight`` -> ``concept-line-of-sight``)."""
    return ANCHOR_PREFIX + concept_id.replace("_", "-")


def _jump_list() -> str:
    items = "".join(f'<li><a href="#{concept_anchor(c.id)}">{html.escape(c.name)}</a></li>' for c in CONCEPTS)
    return ('<nav class="tsr-concepts-jump" aria-label="Concepts on this page">'
            '<ul style="display:flex;flex-wrap:wrap;gap:0.3em 1.2em;list-style:none;padding:0;margin:0 0 1em">'
            f"{items}</ul></nav>")


def _row(title: str, entry: ConceptEntry, links: RuleLinks) -> str:
    sentence = html.escape(entry.sentence)
    if entry.absent:  # the ruleset has no such rule: set apart, so the gaps show at a glance
        sentence = f"<em>{sentence}</em>"
    cls = ' class="tsr-concept-absent"' if entry.absent else ""
    return (f'<tr{cls}><th scope="row" style="{_LEFT}">{html.escape(title)}</th>'
            f'<td style="vertical-align:top">{sentence} {links.link(entry.ref.key)}</td></tr>')


def concepts_html(index: dict[str, dict[str, ConceptEntry]] | None = None) -> str:
    """The whole index as HTML: the jump list, then a heading and a table for each concept."""
    index = concept_index() if index is None else index
    titles = {rs.name: rs.title for rs in indexed_rulesets()}
    links = RuleLinks()  # the page is outside the chapters: every link goes up to a ruleset's folder
    parts = ['<div class="tsr-concepts">', _jump_list()]
    for concept in CONCEPTS:
        anchor = concept_anchor(concept.id)
        rows = "".join(_row(titles.get(name, name), entry, links) for name, entry in index[concept.id].items())
        parts.append(
            f'<h2 id="{anchor}">{html.escape(concept.name)}</h2>'
            f'<table class="table tsr-concept-table" aria-labelledby="{anchor}" style="width:100%;table-layout:fixed">'
            f'{_COLUMNS}<thead><tr><th scope="col" style="{_LEFT}">Ruleset</th>'
            f'<th scope="col" style="{_LEFT}">How it works</th></tr></thead>'
            f"<tbody>{rows}</tbody></table>"
        )
    parts.append("</div>")
    return "".join(parts)


def concept_tables(index: dict[str, dict[str, ConceptEntry]] | None = None):
    """The index as a cell's output (the same HTML on the site and in JupyterLab)."""
    from IPython.display import HTML

    return HTML(concepts_html(index))
