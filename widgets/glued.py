"""Numbers glued into a page's prose, readable in JupyterLab too.

On the site myst-nb puts each glued value where the prose says ``{glue:md}`name```.
JupyterLab shows that placeholder as it is written, so in Lab the page's set-up
cell (removed from the site) also shows what each placeholder stands for.
"""

from __future__ import annotations

import html
import os

_VALUES: dict[str, object] = {}


def glue(name: str, value, display: bool = False) -> None:
    """myst-nb's ``glue``, remembering the value for :func:`glued`."""
    from myst_nb import glue as myst_glue

    myst_glue(name, value, display=display)
    _VALUES[name] = value


def _text(value) -> str:
    data = getattr(value, "data", value)  # an IPython Markdown object holds its text in .data
    return f"{data:.3f}".rstrip("0").rstrip(".") if isinstance(data, float) else str(data)


def glued():
    """In JupyterLab, a list of what each ``{glue:md}`` placeholder of this page stands for (on the site:
    nothing; the prose shows the values)."""
    if os.environ.get("TSR_STATIC_BUILD") or not _VALUES:
        return None
    from IPython.display import HTML

    items = "".join(f"<li><code>{{glue:md}}`{html.escape(name)}`</code> = <b>{html.escape(_text(value))}</b></li>"
                    for name, value in _VALUES.items())
    return HTML("<details open><summary>In the text of this page (the website shows the values in place)"
                f"</summary><ul>{items}</ul></details>")
