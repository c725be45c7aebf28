"""What the live table says in words beside the board in JupyterLab (widgets/live.py): the turn line, the other
side's turn, the status under the buttons, the log, and the tapped figure's card. Pure functions of the Session's
answer: the page words the same answer in sitebuild/static/js/live-play/panel.js and story.js.

``simple``: the simple mode's words, the engine's plain ones (no figure ids, no coordinates), and "why?" for a
rule's link (its key never shown)."""

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


_ENGINE_COLUMNS = re.compile(r"@\{?(id|x|y)\}?\b")  # a figure's id and where it stands, in inches


def card_words(points, cards, radius: float, simple: bool = False) -> str:
    """The hover card's words for the first of ``points`` (``(x, y)`` or None) that is within ``radius`` of a row of
    one of ``cards`` (``(source, tooltips)``: a board layer and its hover tool's template), or an empty string.
    ``simple``: the figure's card in plain words (its layer's ``said``), or without the lines that give its id or
    its coordinates where the layer has none."""
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
            if simple and row.get("said"):  # the card in plain words (boards.naming.card_words), as the page says it
                return f'<div style="line-height:1.35">{html.escape(row["said"])}</div>'
            if isinstance(tooltips, str):
                return fill(tooltips, row)
            lines = [f"{html.escape(label) + ': ' if label else ''}{fill(template, row)}" for label, template in tooltips
                     if not (simple and _ENGINE_COLUMNS.search(template))]
            return '<div style="line-height:1.35">' + "<br>".join(lines) + "</div>"
    return ""


def turn_line(answer: dict, simple: bool = False) -> str:
    """Whose turn, or the result (``simple``: in plain words, the figures it names as the board shows them); in a
    replay, the move shown (the page's panel.js says it so too)."""
    viewing = answer.get("viewing")
    if viewing is not None:
        then = next((e for e in answer["log"] if e["index"] == viewing), None)
        if then is None or viewing == 0:
            return "Replay: the start"
        who = "your" if then["who"] == "You" else f"{side_name(then)}'s"
        return f"Replay: {who} move ({viewing} of {answer['moves']})"
    if answer["outcome"] is not None:
        return answer["outcome"]["line"]
    return (simple and answer["turn"].get("words")) or answer["turn"]["line"]


def side_name(entry: dict) -> str:
    """The side that made a log entry's move, by its name, never "Bot" (the page's history.js says it so too)."""
    side = entry.get("side") or entry["who"]
    return side[:1].upper() + side[1:]


DIE_FACES = "⚀⚁⚂⚃⚄⚅"


def dice_words(dice, need=None) -> str:
    """Dice as dice (⚄ ⚀) and their numbers for a screen reader, with the number they needed."""
    if not dice:
        return ""
    faces = " ".join(DIE_FACES[d - 1] if isinstance(d, int) and 1 <= d <= 6 else str(d) for d in dice)
    needed = f", needing {need}" if need else ""
    return (f' <span style="font-size:1.4em" aria-hidden="true">{faces}</span>'
            f'<span style="position:absolute;left:-9999px">rolled {", ".join(map(str, dice))}{needed}</span>'
            + (f" <small>(needs {html.escape(str(need))})</small>" if need else ""))


def other_turn_html(answer: dict, simple: bool = False) -> str:
    """The other side's turn since yours, one sentence a step (a step where nothing happened says nothing), dice
    as dice; in a replay, the move shown and what it did. JupyterLab tells it at once, without the page's
    play-out on the board (story.js): the board shows where the steps ended, their marks the last layer."""
    viewing = answer.get("viewing")
    if viewing is not None:
        then = next((e for e in answer["log"] if e["index"] == viewing), None)
        if then is None or viewing == 0:
            return "<div>The start: the armies set up.</div>"
        first = (simple and then.get("said")) or f"{side_name(then)}: {(simple and then.get('words')) or then['text']}"
        did = [text for e in then["events"]
               if (text := (simple and e.get("words")) or e["text"]) and text not in first][:2]
        lines = [html.escape(first) + dice_words(then.get("dice"))] + [html.escape(text) for text in did]
        return "".join(f'<div class="tsr-live-last-line">{line}</div>' for line in lines)
    steps = [item for item in answer["last"] if not item.get("quiet")]
    return "".join(f'<div class="tsr-live-last-line">{html.escape(item["text"])}{dice_words(item.get("dice"), item.get("need"))}</div>'
                   for item in steps)


def why_nothing(answer: dict) -> str:
    """Why no action is offered (the menu is empty), or an empty string if some are."""
    if answer["actions"]:
        return ""
    if answer["outcome"] is not None:
        return "Nothing to play: the game is over. Press New game to play again."
    return f"Nothing to play yet: it is {answer['turn']['to_act']}'s turn."


def said(item: dict, simple: bool) -> str:
    """An answer's text (a message, a log entry, an event) in the mode's words."""
    return (simple and item.get("words")) or item["text"]


def status_html(answer: dict, links, simple: bool = False) -> str:
    """The line under the buttons: a refusal in the refusal colour with its rule's link, a note, the result."""
    message = answer["message"]
    why = "why?" if simple else None
    if message is not None and message["kind"] == "refused":
        rule = f" {links.link(message['rule']['key'], why)}" if message.get("rule") else ""
        return f'<span style="color:{REFUSED}">{html.escape(said(message, simple))}</span>{rule}'
    if message is not None and message["kind"] == "error":
        return f'<span style="color:{REFUSED}">{html.escape(said(message, simple))}</span>'
    parts = [html.escape(said(message, simple))] if message is not None else []
    if answer["outcome"] is not None:
        parts.append(f"<b>{html.escape(answer['outcome']['line'])}</b>")
    nothing = why_nothing(answer)
    if nothing:
        parts.append(html.escape(nothing))
    return " ".join(parts)


def log_html(entries: list[dict], links, simple: bool = False) -> str:
    """Newest first; each event with links to its rules."""
    why = "why?" if simple else None
    parts = []
    for entry in reversed(entries):
        items = "".join(f"<li>{html.escape(said(e, simple))} {links.links(e['rules'], why)}</li>" for e in entry["events"])
        events = f"<ul>{items}</ul>" if items else "<p><i>Nothing happened.</i></p>"
        parts.append(f"<b>{html.escape(entry['who'])}: {html.escape(said(entry, simple))}</b>{events}")
    return "".join(parts)
