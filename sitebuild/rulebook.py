"""Sphinx extension: the book is written from the engine's own data.

- ``{rule}`simple_plastic:attacking.modifiers``` links to the book section
  that states the rule, titled from the ruleset's own catalogue;
- ``{rulings} simple_plastic`` renders a ruleset's ``RULINGS`` (each one a
  section with its label, so explanations can cite it);
- ``{data-table} module:function`` renders a table of numbers the engine
  plays by (the function returns ``{"columns": [...], "rows": [[...]]}``;
  ``:caption:`` titles it, ``:class:`` adds classes, e.g. ``wide`` for a
  table whose headings print smaller on a one-sheet page);
- every page of a ruleset's chapter gets the ruleset's Equipment and Notes
  (``Ruleset.equipment``, ``Ruleset.notes``) as ``tsr_ruleset`` in its
  template context: the right-hand column of the original army-men page
  (templates/equipment-notes.html);
- a ruleset's index and full-game pages open with a Play button
  (``tsr_play``, templates/play-button.html) that goes straight to the game;
- every section of a ruleset that has a book folder must have its label in
  the book, so an explanation in a widget never points nowhere (a warning,
  and the build runs with warnings as errors).
"""

from __future__ import annotations

import importlib
from pathlib import Path

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx import addnodes
from sphinx.application import Sphinx
from sphinx.util import logging
from sphinx.util.docutils import SphinxDirective

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


class RulingsDirective(SphinxDirective):
    """Every ruling of a ruleset: the question, the decision, why, and its setting."""

    required_arguments = 1

    def run(self):
        ruleset = get_ruleset(self.arguments[0])
        result = []
        for ruling in ruleset.rulings:
            ref = RuleRef(ruleset.name, f"rulings.{ruling.id}")
            target = nodes.target("", "", ids=[ref.label], names=[ref.label])
            self.state.document.note_explicit_target(target)
            section = nodes.section("", ids=[f"{ref.label}-section"])
            section += nodes.title("", ruling.question)
            section += _field_list([
                ("Our ruling", ruling.decision),
                ("Why", ruling.reason),
                ("Setting", f"{ruling.setting} (change it to play it your way)" if ruling.setting else "not a setting"),
            ])
            result += [target, section]
        return result


def _field_list(items) -> nodes.field_list:
    fields = nodes.field_list()
    for name, text in items:
        field = nodes.field()
        field += nodes.field_name("", name)
        body = nodes.field_body()
        body += nodes.paragraph("", text)
        field += body
        fields += field
    return fields


class DataTableDirective(SphinxDirective):
    """A table of the numbers the engine plays by, from a function of the engine."""

    required_arguments = 1
    option_spec = {"caption": directives.unchanged, "class": directives.class_option}

    def run(self):
        module_name, _, attribute = self.arguments[0].partition(":")
        table_data = getattr(importlib.import_module(module_name), attribute)()
        columns, rows = table_data["columns"], table_data["rows"]
        table = nodes.table(classes=["table", "rules-table", *self.options.get("class", [])])
        messages = []
        if "caption" in self.options:
            # A caption is Markdown like the page (a {glue:md} value, a {rule} link).
            caption, messages = self.state.inline_text(self.options["caption"], self.lineno)
            table += nodes.title(self.options["caption"], "", *caption)
        group = nodes.tgroup(cols=len(columns))
        table += group
        group.extend(nodes.colspec(colwidth=1) for _ in columns)
        head = nodes.thead()
        head += _row(columns)
        body = nodes.tbody()
        body.extend(_row(r) for r in rows)
        group += head
        group += body
        return [table, *messages]


def _row(cells) -> nodes.row:
    row = nodes.row()
    for cell in cells:
        entry = nodes.entry()
        entry += nodes.paragraph("", str(cell))
        row += entry
    return row


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


def chapter_ruleset(pagename: str):
    """The registered ruleset whose chapter (book folder) holds ``pagename``, or ``None``."""
    folder = pagename.split("/", 1)[0]
    return all_rulesets().get(folder) if "/" in pagename else None


def add_equipment_and_notes(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    ruleset = chapter_ruleset(pagename)
    if ruleset is None or not (ruleset.equipment or ruleset.notes):
        return
    pathto = context["pathto"]
    context["tsr_ruleset"] = {
        "title": ruleset.title, "author": ruleset.author, "year": ruleset.year,
        "equipment": ruleset.equipment, "notes": ruleset.notes,
        "chapter": pathto(f"{ruleset.name}/index"), "rulings": pathto(f"{ruleset.name}/rulings"),
        "quick_reference": pathto(f"{ruleset.name}/quick_reference"),
    }


PLAY_PAGES = ("index", "full_game")  # a ruleset's pages that open with a Play button
PLAY_PAGE = "full_game"  # where its game is played live


def add_play_button(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    """``tsr_play`` for templates/play-button.html: the game straight away, from the top of the page (against the
    bots, or with a friend on this screen: ``#play-friend``)."""
    ruleset = chapter_ruleset(pagename)
    folder, _, page = pagename.partition("/")
    if ruleset is None or page not in PLAY_PAGES or not (Path(app.srcdir) / folder / f"{PLAY_PAGE}.md").exists():
        return
    href = "#play" if page == PLAY_PAGE else f"{context['pathto'](f'{folder}/{PLAY_PAGE}')}#play"
    context["tsr_play"] = {"href": href, "friend": f"{href}-friend", "title": ruleset.title}


def setup(app: Sphinx) -> dict:
    app.connect("html-page-context", add_equipment_and_notes)
    app.connect("html-page-context", add_play_button)
    app.add_role("rule", rule_role)
    app.add_directive("rulings", RulingsDirective)
    app.add_directive("data-table", DataTableDirective)
    app.connect("env-check-consistency", check_every_section_is_in_the_book)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
