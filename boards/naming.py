"""A figure named as a child sees it on the board, for the simple mode's words of an action.

The engine says ``g3 shoots at t2``; the board shows a green circle and a tan
star. Each ruleset's board module describes its figures as they look
(:class:`Seen`: side, kind, what the board writes on them, the squad name it
writes by them, where they stand) and :func:`figure_name` turns one into
words the board can answer: the kind and side ("your sargent", "the tan
sniper"), and where a side has several of a kind, what tells them apart on
the board, tried in this order: the number the board writes on it ("your
ranged fighter 1"), the squad name it shows ("your alpha squad leader"),
the terrain it stands by ("your rifleman in the woods"), and last its place
in the row, counted from the nearer edge ("your trooper second from the top").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import NamedTuple

Point = tuple[float, float]

ORDINALS = ("first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth")
SAME_ROW = 0.5  # inches, or squares: figures this close along a line are side by side, not one before the other


class Seen(NamedTuple):
    """A figure as the board shows it.

    ``kind``: its kind as a person or piece ("rifleman", "ranged fighter", "tank"), the legend's word for its
    shape. ``at``: where it stands in the board's coordinates, ``None`` off the board (waiting to set up or
    to come back). ``mark``: the words for what the board writes on it ("1", "showing 3"), ``""`` if nothing
    that tells it apart. ``group``: the squad name the board writes by its squad, ``""`` if none.
    """

    side: str
    kind: str
    at: Point | None
    mark: str = ""
    group: str = ""


def figure_name(figures: Mapping[str, Seen], figure_id, seat: str | None, *,
                place: Callable[[Point], str] | None = None, y_down: bool = False) -> str | None:
    """``figure_id`` in words from ``seat``'s side of the board, or ``None`` if it names no figure.

    ``place(point)``: where a point is, in words ("in the woods"), to tell figures apart by the terrain.
    ``y_down``: the board's rows count downwards (a grid), so the top is the smallest ``y``.
    """
    me = figures.get(figure_id) if isinstance(figure_id, str) else None
    if me is None:
        return None
    whose = "your" if me.side == seat else f"the {me.side}"
    alike = [f for f in figures.values() if f.side == me.side and f.kind == me.kind]
    if len(alike) == 1:
        return f"{whose} {me.kind}"
    if me.mark and sum(f.mark == me.mark for f in alike) == 1:
        return f"{whose} {me.kind} {me.mark}"
    if me.group and sum(f.group == me.group for f in alike) == 1:
        return f"{whose} {me.group} {me.kind}"
    if me.at is None:  # off the board: nothing there tells them apart
        return f"one of {'your' if me.side == seat else f'the {me.side}'} {plural(me.kind)}"
    alike = [f for f in alike if f.at is not None]  # told apart by where they stand
    if place is not None:
        here = place(me.at)
        if here and sum(place(f.at) == here for f in alike) == 1:
            return f"{whose} {me.kind} {here}"
    return f"{whose} {me.kind} {_in_line(me.at, [f.at for f in alike], y_down)}"


def card_words(seen: Seen, *states: str) -> str:
    """A figure's card in plain words, said beside the board when it is tapped in the simple mode: its side and
    kind as the board shows them, the number it bears, its squad, then each of ``states`` ("Green rifleman in
    squad alpha, standing, has not moved yet"); no id, no coordinate."""
    words = f"{seen.side.capitalize()} {seen.kind}" + (f" {seen.mark}" if seen.mark else "")
    return ", ".join([words + (f" in squad {seen.group}" if seen.group else ""), *(s for s in states if s)])


def _in_line(at: Point, line: list[Point], y_down: bool) -> str:
    """Where ``at`` stands among ``line`` (itself included), counted from the nearer end: across or up the board,
    whichever it stands apart from the others on and counts fewest ("at the top", "second from the left")."""
    others = list(line)
    others.remove(at)
    ways = []
    for axis in (1, 0):  # up the board first: figures set up in a column
        before = sum(p[axis] < at[axis] for p in others)
        after = len(others) - before
        apart = all(abs(p[axis] - at[axis]) >= SAME_ROW for p in others)
        spread = max(p[axis] for p in line) - min(p[axis] for p in line)
        ways.append((not apart, min(before, after), -spread, axis, before, after))
    *_, axis, before, after = min(ways)
    # the ends of that line: up the board (y up on a tabletop, row 0 at the top of a grid), or across it
    low, high = ("left", "right") if axis == 0 else (("top", "bottom") if y_down else ("bottom", "top"))
    count, end = (before, low) if before <= after else (after, high)
    if count == 0:
        return f"at the {end}" if axis == 1 else f"furthest {end}"
    return f"{_ordinal(count)} from the {end}"


def _ordinal(count: int) -> str:
    """The ``count``-th after the first, as a word: 1 -> "second"."""
    n = count + 1
    if n <= len(ORDINALS):
        return ORDINALS[n - 1]
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def plural(kind: str) -> str:
    """"rifleman" -> "riflemen", "squad" -> "squads"."""
    return kind[:-3] + "men" if kind.endswith("man") else kind + "s"
