"""The marks' key of a live board in JupyterLab, folded: "What do the marks mean?", listing only the marks on the
board now (the choices layer's kinds, the last move's arrows), as the page's panel.js does (keyOf). The board's own
legend is hidden in play (:func:`widgets.board.toy_table`), as the page hides it."""

from __future__ import annotations

import html

from .board import CHOICES, LAST, LAST_COLOUR, swatch_line

_RING = '<svg width="22" height="22" viewBox="0 0 22 22" aria-hidden="true">{}</svg>'
MARKS = {  # each mark the choices and last layers draw (widgets/board.py add_choices, add_last): its swatch, its words
    "piece": (_RING.format('<circle cx="11" cy="11" r="8" fill="none" stroke="#000" stroke-width="2.5" '
                           'stroke-dasharray="4 3"/>'), "can act: tap it"),
    "chosen": (_RING.format('<circle cx="11" cy="11" r="8" fill="none" stroke="#000" stroke-width="4"/>'), "chosen"),
    "target": (_RING.format('<circle cx="11" cy="11" r="6" fill="#fff" stroke="#000" stroke-width="2"/>'
                            '<circle cx="11" cy="11" r="2" fill="#000"/>'), "tap here to play"),
    "off": (_RING.format('<rect x="4" y="4" width="14" height="14" fill="#fff" stroke="#000" stroke-width="2"/>'
                         '<path d="M4 4L18 18M18 4L4 18" stroke="#000" stroke-width="2"/>'),
            "takes the figure out of the game (off the table, into a pit)"),
    "last": (swatch_line(LAST_COLOUR, "dashed", 3), "the last move"),
}


def marks_now(layers: dict) -> list[str]:
    """The kinds of :data:`MARKS` on the board in ``layers`` (a Session answer's), in the key's order."""
    kinds = set((layers.get(CHOICES) or {}).get("kind", []))
    if (layers.get(LAST) or {}).get("kind"):
        kinds.add("last")
    return [kind for kind in MARKS if kind in kinds]


def key_html(layers: dict, open_: bool = False) -> str:
    """The folded key of the marks on the board now, or nothing when there is none."""
    shown = marks_now(layers)
    if not shown:
        return ""
    items = "".join(f'<li style="display:flex;align-items:center;gap:8px;margin:2px 0">{MARKS[kind][0]}'
                    f"<span>{html.escape(MARKS[kind][1])}</span></li>" for kind in shown)
    return (f'<details class="tsr-live-legend"{" open" if open_ else ""}><summary style="cursor:pointer">'
            f'What do the marks mean?</summary><ul style="list-style:none;padding:0 0 0 4px;margin:4px 0">{items}'
            "</ul></details>")
