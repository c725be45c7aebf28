"""The boards of the registry's rulesets: which family each board is (a tabletop in inches, a grid in squares) and
its place in two orders (the book's chapters, and from the simplest game to learn), read from each ruleset's
board module (``boards/<ruleset>.py``: ``FAMILY``, ``CHAPTER`` and ``SIMPLEST``), so cross-ruleset pages list the rulesets the registry knows instead of naming them by hand.
"""

from __future__ import annotations

import importlib
import importlib.util

from explorer.core.registry import all_rulesets

FAMILIES = ("tabletop", "grid")
ORDERS = {"chapter": "CHAPTER", "simplest": "SIMPLEST"}


def look(name: str):
    """The board module of ruleset ``name`` (its look: layers, markers, words)."""
    return importlib.import_module(f"boards.{name}")


def rulesets(family: str | None = None, *, order: str = "chapter") -> tuple[str, ...]:
    """The registry's rulesets in the book's order of chapters (``order="simplest"``: the simplest game to learn
    first); only those of ``family`` if given."""
    if family is not None and family not in FAMILIES:
        raise ValueError(f"unknown board family {family!r}; the families are {', '.join(FAMILIES)}")
    if order not in ORDERS:
        raise ValueError(f"unknown order of rulesets {order!r}; the orders are {', '.join(ORDERS)}")
    drawn = [name for name in all_rulesets() if importlib.util.find_spec(f"{__package__}.{name}") is not None]
    names = sorted(drawn, key=lambda name: getattr(look(name), ORDERS[order]))  # (a test's tiny one has no board)
    return tuple(name for name in names if family is None or look(name).FAMILY == family)
