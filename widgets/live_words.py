"""What the live table says in words beside the board in JupyterLab (widgets/live.py): the turn line, the status
under the buttons, the log, and the tapped figure's card. Pure functions of the Session's answer: the page words
the same answer in sitebuild/static/js/live-play/panel.js."""

from __future__ import annotations

import html
import math
import re

REFUSED = "#B8400A"  # the refusal colour, dark enough on white for a projector

_FIELD = re.compile(r"@\{?(\w+)\}?(\{[^}]*\})?")


def fill(template: str, row: dict) -> str:
    """A Bokeh tooltip ``template`` (``@column``, ``@{column}``, formats ``{0.0}`` and ``{safe}``) for one row."""
    def value(match) -> str:
        v, fmt = row.get(match.group(1), ""), match.group(2) or ""
        if fmt == "{safe}":
            return str(v)
        if fmt.startswith("{0") and isinstance(v, (int, float)):  # {0.0}: one decimal, {0}: none
            return f"{v:.{len(fmt.strip('{}').partition('.')[2])}f}"
        return html.escape(str(v))
    return _FIELD.sub(value, template)


def card_words(points, cards, radius: float) -> str:
    """The hover card's words for the first of ``points`` (``(x, y)`` or None) that is within ``radius`` of a row of
    one of ``cards`` (``(source, tooltips)``: a board layer and its hover tool's template), or an empty string."""
    for point in points:
        if point is None:
            continue
        for source, tooltips in cards:
            data = source.data
            xy = zip(data.get("x", []), data.get("y", []))
            distance, i = min(((math.dist(point, at), i) for i, at in enumerate(xy)), default=(math.inf, -1))
            if distance > radius:
                continue
            row = {column: values[i] for column, values in data.items()}
            if isinstance(tooltips, str):
                return fill(tooltips, row)
            lines = [f"{html.escape(label) + ': ' if label else ''}{fill(template, row)}" for label, template in tooltips]
            return '<div style="line-height:1.35">' + "<br>".join(lines) + "</div>"
    return ""


def turn_line(answer: dict) -> str:
    return answer["outcome"]["line"] if answer["outcome"] is not None else answer["turn"]["line"]


def why_nothing(answer: dict) -> str:
    """Why no action is offered (the menu is empty), or an empty string if some are."""
    if answer["actions"]:
        return ""
    if answer["outcome"] is not None:
        return "Nothing to play: the game is over. Press New game to play again."
    return f"Nothing to play yet: it is {answer['turn']['to_act']}'s turn."


def status_html(answer: dict, links) -> str:
    """The line under the buttons: a refusal in the refusal colour with its rule's link, a note, the result."""
    message = answer["message"]
    if message is not None and message["kind"] == "refused":
        rule = f" {links.link(message['rule']['key'])}" if message.get("rule") else ""
        return f'<span style="color:{REFUSED}">{html.escape(message["text"])}</span>{rule}'
    if message is not None and message["kind"] == "error":
        return f'<span style="color:{REFUSED}">{html.escape(message["text"])}</span>'
    parts = [html.escape(message["text"])] if message is not None else []
    if answer["outcome"] is not None:
        parts.append(f"<b>{html.escape(answer['outcome']['line'])}</b>")
    why = why_nothing(answer)
    if why:
        parts.append(html.escape(why))
    return " ".join(parts)


def log_html(entries: list[dict], links) -> str:
    """Newest first; each event with links to its rules."""
    parts = []
    for entry in reversed(entries):
        items = "".join(f"<li>{html.escape(e['text'])} {links.links(e['rules'])}</li>" for e in entry["events"])
        events = f"<ul>{items}</ul>" if items else "<p><i>Nothing happened.</i></p>"
        parts.append(f"<b>{html.escape(entry['who'])}: {html.escape(entry['text'])}</b>{events}")
    return "".join(parts)
