"""A live-only ipywidget as plain HTML, for the static site.

On the site nothing answers a live control (no Python kernel), so a live
widget is shown as what it is there: its board drawn by BokehJS and its
controls as disabled HTML elements. The page then needs no ipywidgets
manager (3.6 MB of JavaScript) just to show dead buttons.

Every widget type a live widget uses has a rule below; any other fails the
build, naming the type, rather than vanishing from the page.
"""

from __future__ import annotations

import html
import json

import ipywidgets as ipw

SNAPSHOT_CLASS = "tsr-snapshot"


PLAY_CLASS = "tsr-play-here"
TOOL_ATTRIBUTE = "data-tool"  # a page tool's snapshot (boards.classroom): live in the page


class StaticSnapshot:
    """A live widget's snapshot, shown by Jupyter as HTML (``_repr_html_``).

    With ``play`` (the game's ruleset, scenario, seed, human side, bot) it
    also holds a "Play here" button, hidden until sitebuild/static/js/live-play.js
    (generic over rulesets) shows it and, on a click, plays that game in the page.
    """

    def __init__(self, widget, *, play: dict | None = None, tool: type | None = None):
        attributes = button = ""
        if tool is not None:  # a page tool (boards.classroom): its named controls come alive in the page
            attributes += f' {TOOL_ATTRIBUTE}="{tool.__module__}:{tool.__qualname__}"'
        if play is not None:
            attributes += "".join(f' data-{key.replace("_", "-")}="{html.escape(_text(value), quote=True)}"'
                                 for key, value in play.items())
            button = (f'<div class="tsr-play-bar"><button type="button" class="{PLAY_CLASS}" hidden>'
                      "▶ Play here</button></div>")
        self.html = f'<div class="{SNAPSHOT_CLASS}"{attributes}>{button}{snapshot_html(widget)}</div>'

    def _repr_html_(self) -> str:
        return self.html


def _text(value) -> str:
    """A data attribute's text: a string or number as it is, anything else as JSON."""
    return str(value) if isinstance(value, (str, int, float)) else json.dumps(value)


NAME_PREFIX = "tsr-name-"


def name_for_page(widget, name: str):
    """Name a control or output of a page tool: its snapshot element carries ``data-name``."""
    widget.add_class(NAME_PREFIX + name)
    return widget


def _name(widget) -> str:
    """`` data-name="…"`` for a named widget, or nothing."""
    names = [c[len(NAME_PREFIX):] for c in getattr(widget, "_dom_classes", ()) if c.startswith(NAME_PREFIX)]
    return f' data-name="{html.escape(names[0], quote=True)}"' if names else ""


def _option_value(value) -> str:
    return f' value="{html.escape(json.dumps(value), quote=True)}"'


def _label(widget) -> str:
    return f"<span>{html.escape(widget.description)}</span> " if getattr(widget, "description", "") else ""


def _aria_label(widget) -> str:
    """A control with no description but a tooltip is named by the tooltip (screen readers, axe-core)."""
    tooltip = getattr(widget, "tooltip", None)
    if tooltip and not getattr(widget, "description", ""):
        return f' aria-label="{html.escape(tooltip, quote=True)}"'
    return ""


def _selection(widget) -> str:
    named = bool(_name(widget))  # a page tool's select: each option's value as JSON, for the page to send back
    options = "".join(
        f'<option{_option_value(value) if named else ""}{" selected" if value == widget.value else ""}>'
        f'{html.escape(str(label))}</option>'
        for label, value in zip(widget._options_labels, widget._options_values)
    )
    return f'<label class="tsr-snapshot-field">{_label(widget)}<select disabled{_name(widget)}>{options}</select></label>'


def _bounds(widget) -> str:
    return "".join(f' {key}="{getattr(widget, key)}"' for key in ("min", "max", "step") if hasattr(widget, key))


def snapshot_html(widget) -> str:
    """``widget`` and its children as HTML, every control disabled."""
    if isinstance(widget, ipw.Box):
        kind = "row" if isinstance(widget, ipw.HBox) else "column"
        children = "".join(snapshot_html(child) for child in widget.children)
        return f'<div class="tsr-snapshot-{kind}">{children}</div>'
    if isinstance(widget, (ipw.HTML, ipw.Label)):
        text = widget.value if isinstance(widget, ipw.HTML) else html.escape(widget.value)
        return f"<div{_name(widget)}>{text}</div>" if _name(widget) else text
    if isinstance(widget, ipw.Button):
        return f'<button type="button" disabled{_name(widget)}>{html.escape(widget.description)}</button>'
    if isinstance(widget, (ipw.Dropdown, ipw.Select)):
        return _selection(widget)
    if isinstance(widget, ipw.Text):  # one line (ipywidgets' Textarea is not a Text)
        placeholder = html.escape(widget.placeholder, quote=True)
        return (f'<label class="tsr-snapshot-field">{_label(widget)}<input type="text" disabled{_name(widget)}'
                f' placeholder="{placeholder}" value="{html.escape(widget.value, quote=True)}"></label>')
    if isinstance(widget, ipw.Textarea):
        placeholder = html.escape(widget.placeholder, quote=True)
        return (f'<label class="tsr-snapshot-field">{_label(widget)}'
                f'<textarea disabled rows="2"{_name(widget)} placeholder="{placeholder}">{html.escape(widget.value)}'
                "</textarea></label>")
    if isinstance(widget, ipw.Output) and not widget.outputs:
        return ""  # where the kernel shows something later (the army sheet's game): nothing yet
    if isinstance(widget, ipw.IntProgress):
        return (f'<label class="tsr-snapshot-field">{_label(widget)}'
                f'<progress{_name(widget)} max="{widget.max}" value="{widget.value}"></progress></label>')
    if isinstance(widget, ipw.FileUpload):
        if _name(widget):  # a page tool's file: the page reads it and sends its text under this name
            accept = html.escape(widget.accept, quote=True)
            return (f'<label class="tsr-snapshot-field">{_label(widget)}<input type="file" accept="{accept}" disabled'
                    f'{_name(widget)}></label>')
        return f'<button type="button" disabled>{html.escape(widget.description)}</button>'
    if isinstance(widget, (ipw.FloatSlider, ipw.IntSlider, ipw.FloatText, ipw.IntText)):
        return (f'<label class="tsr-snapshot-field">{_label(widget)}'
                f'<input type="number" disabled{_name(widget)}{_aria_label(widget)} value="{widget.value}"'
                f'{_bounds(widget)}></label>')
    raise TypeError(f"{type(widget).__name__} has no static snapshot (widgets/snapshot.py): add a rule for it")
