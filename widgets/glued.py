"""Numbers glued into a page's prose, shown in the prose in JupyterLab too.

On the site myst-nb puts each glued value where the prose says ``{glue:md}`name```.
JupyterLab renders a markdown cell with its own renderer, which knows no MyST
roles: it shows the placeholder as written. So in Lab the page's set-up cell
(removed from the site) ends with :func:`glued`, whose output carries each
placeholder's value, worded as myst-nb words it, and a few lines of script that
put them in place in this notebook's rendered markdown, again whenever Lab
draws a cell anew (scrolled into view, edited). Run All (or the set-up cell)
fills the page; the list of values stays below the cell, folded, for reading.

Why not jupyterlab-myst (MyST rendering in Lab): it knows ``{eval}`` but not
``{glue}`` (its issue 165), and ``{eval}`` on the site needs myst-nb's inline
execution, which has no cache; it would also replace Lab's renderer of every
markdown cell. This needs no new package and leaves the site's build as it was.
"""

from __future__ import annotations

import html
import json
import os
import re
import secrets
from pathlib import Path

_VALUES: dict[str, object] = {}

ROLE = re.compile(r"\{glue(?::(\w*))?\}`([^`:]+)(?::([^`]*))?`")
"""A glue role in a page's text: its kind (``md``, ``text``, ``any`` or none), the name, a format (``text`` only)."""
KINDS = ("{glue}", "{glue:}", "{glue:any}", "{glue:md}", "{glue:text}")


def glue(name: str, value, display: bool = False) -> None:
    """myst-nb's ``glue``, remembering the value for :func:`glued`."""
    from myst_nb import glue as myst_glue

    myst_glue(name, value, display=display)
    _VALUES[name] = value


def _text(value) -> str:
    data = getattr(value, "data", value)  # an IPython Markdown object holds its text in .data
    return f"{data:.3f}".rstrip("0").rstrip(".") if isinstance(data, float) else str(data)


def worded(kind: str, value, spec: str = "") -> str:
    """The HTML the site shows for a role of ``kind`` (``md``, ``text``...) with ``value``: Markdown as Markdown
    (inline), a ``{glue:text}`` format applied, anything else as its plain text."""
    data = getattr(value, "data", value)
    if kind == "md":
        from markdown_it import MarkdownIt  # myst-parser's own Markdown parser, there wherever myst-nb is

        return MarkdownIt("commonmark").renderInline(str(data))
    if spec:
        return html.escape(format(data, spec))
    return html.escape(repr(data) if data is value else str(data))  # the plain text myst-nb shows: repr()


def placeholders(values: dict, page_text: str = "") -> dict[str, str]:
    """Each placeholder Lab shows (role and name as written: ``{glue:md}`name```) mapped to its value's HTML:
    every kind of role for every value, and the formatted ones ``page_text`` writes."""
    filled = {f"{kind}`{name}`": worded(kind.strip("{}").partition(":")[2], value)
              for name, value in values.items() for kind in KINDS}
    for match in ROLE.finditer(page_text):
        kind, name, spec = match.groups()
        if name in values and spec:
            filled[match.group(0)] = worded(kind or "", values[name], spec)
    return filled


_FILL = """(function () {
const mark = document.getElementById(%(mark)s);
const nb = mark && mark.closest(".jp-Notebook");
if (!nb) return;
nb.tsrGlued = Object.assign(nb.tsrGlued || {}, %(values)s);
const role = /\\{glue(?::\\w*)?\\}$/;
const fill = () => {
  nb.tsrGluedDue = false;
  for (const code of nb.querySelectorAll(".jp-MarkdownCell .jp-RenderedMarkdown code")) {
    const before = code.previousSibling;
    if (code.closest("pre") || !before || before.nodeType !== Node.TEXT_NODE) continue;
    const found = before.data.match(role);
    const value = found && nb.tsrGlued[found[0] + "`" + code.textContent + "`"];
    if (value === undefined || value === null) continue;
    before.data = before.data.slice(0, -found[0].length);
    const span = document.createElement("span");
    span.className = "tsr-glued";
    span.innerHTML = value;
    code.replaceWith(span);
  }
};
fill();
if (!nb.tsrGluedWatch) {  // Lab draws a markdown cell anew when it comes into view or is edited
  nb.tsrGluedWatch = new MutationObserver(() => {
    if (!nb.tsrGluedDue) { nb.tsrGluedDue = true; requestAnimationFrame(fill); }
  });
  nb.tsrGluedWatch.observe(nb, {childList: true, subtree: true});
}
})();"""


def _page_text() -> str:
    """The page this kernel runs, for its formatted roles: the Jupyter server names it in ``JPY_SESSION_NAME``,
    from the folder it serves (or in full)."""
    name = os.environ.get("JPY_SESSION_NAME")
    if not name:
        return ""
    from .links import lab_server

    for path in (Path(name), lab_server()[0] / name):
        try:
            return path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
    return ""


def glued():
    """In JupyterLab: the values of this page's ``{glue}`` placeholders, put in place in its prose by a script,
    and listed (folded) below the set-up cell. On the site: nothing (myst-nb puts them in place)."""
    if os.environ.get("TSR_STATIC_BUILD") or not _VALUES:
        return None
    from IPython.display import HTML

    mark = f"tsr-glued-{secrets.token_hex(6)}"
    values = json.dumps(placeholders(_VALUES, _page_text())).replace("</", "<\\/")
    items = "".join(f"<li><code>{html.escape(name)}</code> = <b>{html.escape(_text(value))}</b></li>"
                    for name, value in _VALUES.items())
    return HTML(f'<details id="{mark}"><summary>The values in the text of this page (put in place from here, '
                f"as on the website)</summary><ul>{items}</ul></details>"
                f"<script>{_FILL % {'mark': json.dumps(mark), 'values': values}}</script>")
