"""Answers kept beyond one position: from one position of a game to the next, and from game to game.

A position's own answers live in the state's one per-position cache
(:meth:`~explorer.core.tabletop.figures.TabletopState.remembered`). Some answers outlive a position: a
figure's offers stay the same while nothing they read has changed (most actions move one figure, and leave
most others' offers as they were). A ruleset keeps those with :func:`kept_between`, each under a key made of
all it reads, so none goes stale. What depends only on the table (where a base may stand, routes, sight) the
:class:`~.table.Table` keeps itself: games on the same table share one (:func:`shared_table`).
"""

from __future__ import annotations

from .table import Table


def kept_between(board, kind: str, bound: int = 100_000) -> dict | None:
    """Answers of one ``kind`` the game state keeps from position to position, each under a key made of all it
    reads (so none goes stale); ``None`` for a what-if board, which keeps none. Clones share them (one game).
    Bounded: past ``bound`` answers of a kind it starts again."""
    if getattr(board, "remembered", None) is None:
        return None
    kinds = board.__dict__.get("_kept_between")
    if kinds is None:
        kinds = board.__dict__["_kept_between"] = {}
    answers = kinds.get(kind)
    if answers is None or len(answers) > bound:
        answers = kinds[kind] = {}
    return answers


_TABLES: dict[tuple, Table] = {}
_TABLES_KEPT = 8  # tables at a time (each keeps its answers)


def shared_table(width: float, height: float, terrain=()) -> Table:
    """The one :class:`~.table.Table` of this size and terrain, shared by the games played on it: its answers
    (where a base may stand, sight, routes) depend only on the table, so a second game need not work them out
    again. Values a table cannot be keyed by (unhashable) get a table of their own."""
    terrain = tuple(terrain)
    key = (type(width), width, type(height), height, terrain)  # 24 and 24.0 are equal, but save differently
    try:
        table = _TABLES.get(key)
    except TypeError:
        return Table(width, height, terrain)
    if table is None:
        if len(_TABLES) >= _TABLES_KEPT:
            _TABLES.clear()  # a bound on memory; the answers are only worked out again
        table = _TABLES[key] = Table(width, height, terrain)
    return table


def changed_since(board, then, same=None) -> tuple | None:
    """The figures that moved, fell or rose between position ``then`` and the board's: ``(id, side, x, y, new x,
    new y, status changed)`` each (``None``: not the same figures, so nothing of ``then`` holds; ``same``: a
    function of a figure giving what must not change for it to be the same, its side by default). Remembered
    for the position: answers kept between positions ask it to know whether what they read has changed."""
    same = same or _side

    def work():
        now = board.figures
        if len(now) != len(then.figures):
            return then, None
        out = []
        for fid, old in then.figures.items():  # identity first: most figures are the very same objects
            new = now.get(fid)
            if new is old:
                continue
            if new is None or same(new) != same(old):
                return then, None
            if new.x != old.x or new.y != old.y or new.status != old.status:
                out.append((fid, new.side, old.x, old.y, new.x, new.y, new.status != old.status))
        return then, tuple(out)

    keep = getattr(board, "remembered", None)
    if keep is None:
        return work()[1]
    # Positions are told apart by identity (they compare by value); the answer holds ``then``, so its id is its own.
    found = keep(("changed since", id(then)), work)
    return found[1] if found[0] is then else work()[1]


def _side(figure):
    return figure.side
