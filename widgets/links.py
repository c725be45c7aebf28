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
import json
import os
import urllib.parse
from collections.abc import Iterable
from pathlib import Path

from explorer.core.registry import get_ruleset
from explorer.core.rules import Explained, Reason, RuleRef


def in_lab() -> bool:
    """Shown by a live kernel (JupyterLab), not built into the static site (conf.py sets TSR_STATIC_BUILD)."""
    return not os.environ.get("TSR_STATIC_BUILD")


BOOK = Path(__file__).resolve().parents[1] / "book"


def lab_server() -> tuple[Path, str]:
    """The folder the Jupyter server that started this kernel serves, and its base URL.

    The server (the kernel's parent process) says both in its runtime file,
    ``jpserver-<pid>.json``; without one, the folder ``make lab`` serves
    (``jupyter lab book/index.md``: the server's root is the folder of the page it opens).
    """
    try:
        from jupyter_core.paths import jupyter_runtime_dir

        info = json.loads((Path(jupyter_runtime_dir()) / f"jpserver-{os.getppid()}.json").read_text())
        return Path(info["root_dir"]).resolve(), info.get("base_url") or "/"
    except (ImportError, OSError, ValueError, KeyError, TypeError):
        return BOOK, "/"


def rule_href(key: str, *, here: str | None = None, lab: bool | None = None) -> str:
    """The URL of a rule section, relative to a page of the book.

    ``here`` is the ruleset folder of the page the link appears on (links
    within a chapter stay relative; from elsewhere they go up one folder).

    In JupyterLab (``lab``, by default when no site is being built, in a kernel
    a Jupyter server started: it sets ``JPY_SESSION_NAME``) the link opens the
    chapter's page in Lab itself, ``<base>lab/tree/<path>.md``, the path from the
    folder the server serves (:func:`lab_server`): a relative ``.html`` link there
    would lead nowhere, and the notebook's own path on disk is not a Lab path.
    """
    lab = in_lab() if lab is None else lab
    return _href(key, here, lab, lab_place(key) if lab else None)


def _href(key: str, here: str | None, lab: bool, place: tuple[str, str] | None) -> str:
    """:func:`rule_href`, given where the page is in the Lab (``place``, :func:`lab_place`)."""
    ref = RuleRef.parse(key)
    if place is not None:
        path, base = place
        return f"{base.rstrip('/')}/lab/tree/{urllib.parse.quote(path)}#{ref.label}"
    page = f"{get_ruleset(ref.ruleset).sections[ref.section].page}{'.md' if lab else '.html'}#{ref.label}"
    return page if here == ref.ruleset else f"../{ref.ruleset}/{page}"


def lab_place(key: str) -> tuple[str, str] | None:
    """The path of the rule's chapter page from the folder the Jupyter server serves, and the server's base URL
    (one read of its runtime file, :func:`lab_server`); ``None`` outside a kernel a server started, or when the
    book is outside what it serves (only a relative link can reach it then)."""
    if not os.environ.get("JPY_SESSION_NAME"):
        return None
    ref = RuleRef.parse(key)
    page = get_ruleset(ref.ruleset).sections[ref.section].page
    root, base = lab_server()
    try:
        return (BOOK / ref.ruleset / f"{page}.md").relative_to(root).as_posix(), base
    except ValueError:
        return None


def lab_heading_id(key: str) -> str | None:
    """The id JupyterLab gives the heading of the rule's section (its text, spaces made dashes): the heading
    after the section's MyST label ``(label)=`` in its page. ``None`` if the page has no such label."""
    ref = RuleRef.parse(key)
    page = BOOK / ref.ruleset / f"{get_ruleset(ref.ruleset).sections[ref.section].page}.md"
    try:
        lines = page.read_text(encoding="utf-8").splitlines()
    except OSError:
        return None
    marks = [i for i, line in enumerate(lines) if line.strip() == f"({ref.label})="]
    after = lines[marks[0] + 1:] if marks else []
    heading = next((line.lstrip("#").strip() for line in after if line.startswith("#")), None)
    return None if heading is None else heading.replace(" ", "-")


def _lab_command(key: str, place: tuple[str, str] | None) -> str:
    """Attributes that make JupyterLab open the rule's page in this Lab, at its heading (its command linker
    runs ``rendermime:handle-local-link`` on a click): not a new browser tab with a new Lab in it."""
    if place is None:
        return ' target="_blank" rel="noopener"'  # a relative link: a new tab, so the game stays
    heading = lab_heading_id(key)
    args = {"path": place[0], **({"id": f"#heading={heading}"} if heading else {})}  # found by the notebook's model
    return (' data-commandlinker-command="rendermime:handle-local-link"'
            f' data-commandlinker-args="{html.escape(json.dumps(args))}"')


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

    def link(self, key: str, words: str | None = None) -> str:
        """In JupyterLab the link opens the rule's page beside the notebook in the same Lab, so a click never
        takes the notebook (and its game) away, nor starts a second Lab. ``words``: the link's text instead of
        the rule's title (the simple mode's "why?", whose title is then the rule's, never its key)."""
        lab = in_lab()
        place = lab_place(key) if lab else None  # (the server's runtime file read once for the link and its command)
        in_lab_ = f'{_lab_command(key, place)} style="{LAB_LINK_STYLE}"' if lab else ""
        href = _href(key, self.here, lab, place)
        title = rule_title(key)
        return (f'<a class="rule-ref" href="{html.escape(href)}" title="{html.escape(key if words is None else title)}"'
                f"{in_lab_}>{html.escape(title if words is None else words)}</a>")

    def links(self, keys: Iterable[str], words: str | None = None) -> str:
        return " ".join(self.link(k, words) for k in dict.fromkeys(keys))

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
