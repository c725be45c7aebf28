"""The rulebook's tables, from the numbers the game plays by.

Each function returns ``{"columns": [...], "rows": [[...], ...]}`` for the
book's ``{data-table}`` directive, so a table can never disagree with the engine.
"""

from __future__ import annotations

import dataclasses

from explorer.core.cards import RANKS, CardValues

from .data import (
    DOOR_COST, HAND_SIZE, JOKERS_PER_PLAYER, JUMP_COST_PER_SQUARE, MIN_JUMP_COST, MIN_JUMP_SQUARES,
    REMOVAL_MARGIN, STEP_COST, TERRAIN, WEAPONS,
)
from .settings import Settings
from .rulings import RULINGS

_RANK_NAMES = {"A": "Ace", "J": "Jack", "Q": "Queen", "K": "King"}


def card_values() -> dict:
    """What each rank counts: by default, and under the two card-value settings."""
    default = CardValues()
    ace_high = CardValues(ace_high=True)
    court = CardValues(court_cards_ten=True)
    rows = [[_RANK_NAMES.get(rank, rank), default.table()[rank], ace_high.table()[rank], court.table()[rank]]
            for rank in RANKS]
    rows.append(["Joker", "no value: changes a card", "no value", "no value"])
    return {"columns": ["Card", "Counts", "With ace_high", "With court_cards_ten"], "rows": rows}


def terrain() -> dict:
    """Every kind of terrain: its map symbol and what it does."""
    rows = [[kind.title, kind.symbol, kind.effect] for kind in TERRAIN.values()]
    return {"columns": ["Terrain", "Map symbol", "Effect"], "rows": rows}


def fighters() -> dict:
    """The two kinds of fighter."""
    rows = [[key.replace("_", "-").upper(), text.split(": ", 1)[1]] for key, text in WEAPONS.items()]
    return {"columns": ["Fighter", "How it attacks"], "rows": rows}


def key_numbers() -> dict:
    """The numbers worth remembering."""
    rows = [
        ["Cards in hand at the start of each turn", HAND_SIZE],
        ["Jokers per player", JOKERS_PER_PLAYER],
        ["Movement points per orthogonal square", STEP_COST],
        ["Movement points to open or close a door", DOOR_COST],
        ["Movement points per square of a jump", JUMP_COST_PER_SQUARE],
        ["Smallest jump", f"{MIN_JUMP_SQUARES} squares for {MIN_JUMP_COST} points"],
        ["Attacks per activation", 1],
        ["Winning margin that removes the loser's figure", f"{REMOVAL_MARGIN} or more"],
    ]
    return {"columns": ["What", "Number"], "rows": rows}


def jumps(longest: int = 6) -> dict:
    """What each length of jump costs and passes over."""
    rows = [[squares, squares * JUMP_COST_PER_SQUARE, squares - 1]
            for squares in range(MIN_JUMP_SQUARES, longest + 1)]
    return {"columns": ["Squares moved", "Movement points", "Squares jumped over"], "rows": rows}


def settings() -> dict:
    """Every setting: its default and the rulings it changes."""
    rulings_by_setting: dict[str, list[str]] = {}
    for ruling in RULINGS:
        if ruling.setting:
            rulings_by_setting.setdefault(ruling.setting, []).append(ruling.question)
    rows = [[field.name, repr(field.default), " ".join(rulings_by_setting.get(field.name, ["(see the rulings)"]))]
            for field in dataclasses.fields(Settings)]
    return {"columns": ["Setting", "Default", "Ruling it changes"], "rows": rows}
