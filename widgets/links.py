"""Links from what a widget shows to the book section that states the rule.

One place words every link: titled with the section's own heading (from the
ruleset's catalogue), with the engine key as a tooltip, so a reader sees
"To-kill modifiers", not ``attacking.modifiers``. Every widget module makes
one :class:`RuleLinks` for its chapter and uses it for reasons, explanations
and event logs.
"""

from __future__ import annotations

import dataclasses
import html
import os
import posixpath
from collections.abc import Iterable

from explorer.core.registry import get_ruleset
from explorer.core.rules import Explained, Reason, RuleRef


def in_lab() -> bool:
    """Shown by a live kernel (JupyterLab), not built into the static site (conf.py sets TSR_STATIC_BUILD)."""
    return not os.environ.get("TSR_STATIC_BUILD")


def rule_href(key: str, *, here: str | None = None, lab: bool | None = None) -> str:
    """The URL of a rule section, relative to a page of the book.

    ``here`` is the ruleset folder of the page the link appears on (links
    within a chapter stay relative; from elsewhere they go up one folder).

    In JupyterLab (``lab``, by default when no site is being built) the link
    opens the chapter's page in Lab itself, ``/lab/tree/<path>.md``: the
    kernel knows its page's path from the server (``JPY_SESSION_NAME``), and
    a relative ``.html`` link there would lead nowhere.
    """
    ref = RuleRef.parse(key)
    section = get_ruleset(ref.ruleset).sections[ref.section]
    lab = in_lab() if lab is None else lab
    page = f"{section.page}{'.md' if lab else '.html'}#{ref.label}"
    relative = page if here == ref.ruleset else f"../{ref.ruleset}/{page}"
    notebook = os.environ.get("JPY_SESSION_NAME", "")
    if not lab or not notebook.endswith(".md"):
        return relative
    folder = posixpath.dirname(notebook.lstrip("/"))
    if here is None or posixpath.basename(folder) != here:  # a page outside the chapters (the classroom)
        folder = posixpath.join(posixpath.dirname(folder), here or posixpath.basename(folder))
    return "/lab/tree/" + posixpath.normpath(posixpath.join(folder, relative))


def rule_title(key: str) -> str:
    """The heading of the section a rule key points to."""
    ref = RuleRef.parse(key)
    return get_ruleset(ref.ruleset).sections[ref.section].title


LAB_LINK_STYLE = "color:#1a5fb4;text-decoration:underline"  # JupyterLab leaves a link in a widget unstyled


@dataclasses.dataclass(frozen=True)
class RuleLinks:
    """Rule links as HTML for the pages of one chapter (``here``: its ruleset folder, or None)."""

    here: str | None = None

    def href(self, key: str) -> str:
        return rule_href(key, here=self.here)

    def link(self, key: str) -> str:
        """In JupyterLab the link opens a new tab, so a click never takes the notebook (and its game) away."""
        new_tab = f' target="_blank" rel="noopener" style="{LAB_LINK_STYLE}"' if in_lab() else ""
        return (f'<a class="rule-ref" href="{html.escape(self.href(key))}" title="{html.escape(key)}"{new_tab}>'
                f"{html.escape(rule_title(key))}</a>")

    def links(self, keys: Iterable[str]) -> str:
        return " ".join(self.link(k) for k in dict.fromkeys(keys))

    def reason(self, reason: Reason) -> str:
        """One reason of an explanation: what it did, its change to the number, and its rule."""
        sign = "" if reason.delta is None else f" <b>({reason.delta:+d})</b>"
        return f"{html.escape(reason.text)}{sign} {self.link(reason.ref.key)}"

    def explained(self, explained: Explained) -> str:
        return "<ul>" + "".join(f"<li>{self.reason(r)}</li>" for r in explained.reasons) + "</ul>"

    def events(self, events) -> str:
        """Events as a list, each with the rules it cites."""
        items = [f"<li>{html.escape(e.text)} {self.links(e.rules)}</li>" for e in events]
        return "<ul>" + "".join(items) + "</ul>" if items else "<p><i>Nothing happened.</i></p>"
