"""The boards of the registry's rulesets: which family each board is (a tabletop in inches, a grid in squares) and
the book's order of chapters, read from each ruleset's board module (``boards/<ruleset>.py``: ``FAMILY`` and
``CHAPTER``), so cross-ruleset pages list the rulesets the registry knows instead of naming them by hand.
"""

from __future__ import annotations

import importlib

from explorer.core.registry import all_rulesets

FAMILIES = ("tabletop", "grid")


def look(name: str):
    """The board module of ruleset ``name`` (its look: layers, markers, words)."""
    return importlib.import_module(f"boards.{name}")


def rulesets(family: str | None = None) -> tuple[str, ...]:
    """The registry's rulesets in the book's order of chapters; only those of ``family`` if given."""
    if family is not None and family not in FAMILIES:
        raise ValueError(f"unknown board family {family!r}; the families are {', '.join(FAMILIES)}")
    names = sorted(all_rulesets(), key=lambda name: look(name).CHAPTER)
    return tuple(name for name in names if family is None or look(name).FAMILY == family)
