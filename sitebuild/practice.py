"""Sphinx extension: the practice challenges (``ruleset_challenges``) linked from the book, at build time.

- every chapter page of a ruleset links the challenges that practise it: those with a rule section on
  that page (``tsr_practice``, templates/practice-links.html: "Practise this: <title>");
- a ruleset's index page links its Practice page;
- ``{challenge-list} army_men`` (``:lesson:`` for projector links) lists a ruleset's challenges, each a
  link to it on the Practice page, with its goal and the rules it teaches (the classroom pages);
- ``{data-table} sitebuild.practice:goal_kinds_table``, ``...:tests_table`` and ``...:rulesets_table``:
  the goal kinds, the tests and the names each ruleset offers, for the teacher's format page.

Links are plain relative URLs (``practice.html#challenge=<name>``): the Practice page plays the challenge
named in its fragment (``&lesson=1``: lesson mode, see book/classroom/practice.md).
"""

from __future__ import annotations

import inspect
from urllib.parse import quote

from docutils import nodes
from docutils.parsers.rst import directives
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.osutil import relative_uri

from explorer.core import challenges as core
from explorer.core.registry import all_rulesets, get_ruleset

from .rulebook import chapter_ruleset

PRACTICE_PAGE = "practice"  # a ruleset's Practice page: book/<ruleset>/practice.md


def challenge_href(name: str, *, lesson: bool = False) -> str:
    """The fragment that opens challenge ``name`` on its Practice page (``lesson``: in lesson mode)."""
    return f"{PRACTICE_PAGE}.html#challenge={quote(name)}{'&lesson=1' if lesson else ''}"


def practising(ruleset, page: str) -> list:
    """The ruleset's challenges, in order, that teach a rule section stated on chapter page ``page``."""
    return [challenge for challenge in core.ruleset_challenges(ruleset).values()
            if any(ruleset.sections[key].page == page for key in challenge.sections)]


def add_practice_links(app: Sphinx, pagename: str, templatename, context, doctree) -> None:
    """``tsr_practice`` for templates/practice-links.html; the Practice page itself links none."""
    ruleset = chapter_ruleset(pagename)
    page = pagename.partition("/")[2]
    if ruleset is None or not core.ruleset_challenges(ruleset) or page == PRACTICE_PAGE:
        return
    context["tsr_practice"] = {
        "ruleset": ruleset.title,
        "page": f"{PRACTICE_PAGE}.html" if page == "index" else None,
        "count": len(core.ruleset_challenges(ruleset)),
        "links": [{"title": c.title, "goal": c.goal_text, "href": challenge_href(c.name)}
                  for c in practising(ruleset, page)],
    }


class ChallengeListDirective(SphinxDirective):
    """A ruleset's challenges, in order: each a link to its Practice page, its goal, the rules it teaches."""

    required_arguments = 1
    option_spec = {"lesson": directives.flag}

    def run(self):
        ruleset = get_ruleset(self.arguments[0])
        folder = relative_uri(self.env.app.builder.get_target_uri(self.env.docname),
                              self.env.app.builder.get_target_uri(f"{ruleset.name}/index")).rpartition("/")[0]
        items = nodes.enumerated_list(classes=["tsr-challenge-list"])
        for challenge in core.ruleset_challenges(ruleset).values():
            href = f"{folder}/{challenge_href(challenge.name, lesson='lesson' in self.options)}".lstrip("/")
            para = nodes.paragraph()
            para += nodes.reference("", challenge.title, refuri=href, internal=False)
            para += nodes.Text(f": {challenge.goal_text} ")
            taught, messages = self.state.inline_text(
                "(" + ", ".join(f"{{rule}}`{ref.key}`" for ref in challenge.refs) + ")", self.lineno)
            para += nodes.inline("", "", *taught, classes=["tsr-challenge-rules"])
            item = nodes.list_item()
            item += [para, *messages]
            items += item
        return [items]


GOAL_KIND_WORDS = {
    "reach": ("test, args", "reach a position within the limit: the test names it"),
    "best": ("action, measure", "choose one action of that kind: it must have the best exact chance (measure "
             "at_least_one: the chance of at least one kill; mean: the most kills on average)"),
    "sure": ("test, action", "choose an action after which the test holds whatever the dice and whatever the "
             "other side answers (every outcome is played out)"),
}


def goal_kinds_table() -> dict:
    """The goal kinds the engine knows (``challenges.GOAL_KINDS``), the keys each uses, what each asks."""
    missing = set(core.GOAL_KINDS) ^ set(GOAL_KIND_WORDS)
    if missing:  # a kind added to the engine must be explained to teachers (the build fails)
        raise ValueError(f"goal kinds without words (or words without a kind): {', '.join(sorted(missing))}")
    return {"columns": ["kind", "keys of the goal", "what the learner must do"],
            "rows": [[kind, *GOAL_KIND_WORDS[kind]] for kind in core.GOAL_KINDS]}


def tests_table() -> dict:
    """Every test of a position each ruleset offers (``challenges.ruleset_tests``), its args, its docstring."""
    rows = []
    for name, ruleset in all_rulesets().items():
        for test, function in core.ruleset_tests(ruleset).items():
            args = list(inspect.signature(function).parameters)[2:]  # after (state, challenge)
            words = " ".join((inspect.getdoc(function) or "").split("\n\n")[0].split()).replace("``", "")
            rows.append([name, test, ", ".join(args) or "-", words])
    return {"columns": ["ruleset", "test", "args", "what it checks"], "rows": rows}


def rulesets_table() -> dict:
    """What a challenge of each ruleset may name: its scenarios (``start.scenario``), its kinds of action
    (``solution``'s ``type``, a best-choice goal's ``action``) and its bots (``opponent``)."""
    return {"columns": ["ruleset", "scenarios", "actions", "opponents"],
            "rows": [[name, ", ".join(r.scenarios), ", ".join(r.action_kinds), ", ".join(["none", *r.bots])]
                     for name, r in all_rulesets().items()]}


def setup(app: Sphinx) -> dict:
    app.connect("html-page-context", add_practice_links)
    app.add_directive("challenge-list", ChallengeListDirective)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
