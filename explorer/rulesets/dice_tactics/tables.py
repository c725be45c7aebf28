"""The rulebook's tables, from the numbers the game plays by.

Each function returns ``{"columns": [...], "rows": [[...], ...]}`` for the
book's ``{data-table}`` directive, so a table can never disagree with the engine.
"""

from __future__ import annotations

import dataclasses

from . import data as d
from .data import CARDS, TERRAIN, UNITS
from .mechanics import losses, target_die
from .rulings import RULINGS
from .settings import Settings


def units() -> dict:
    rows = [[u.name, f"{u.low} to {u.high}", u.range, ", ".join(u.abilities) or "none"] for u in UNITS.values()]
    return {"columns": ["Unit", "Strength", "Range", "Abilities"], "rows": rows}


def terrain() -> dict:
    rows = [[t.name, t.symbol, t.effect] for t in TERRAIN.values()]
    return {"columns": ["Terrain", "Map symbol", "Effect"], "rows": rows}


def cards() -> dict:
    rows = [[c.name, c.text] for c in CARDS.values()]
    return {"columns": ["Card", "Effect"], "rows": rows}


def loss_table() -> dict:
    """Losses for every attacking and defending strength (after terrain), before Fullmetal and Bullseye."""
    rows = [[a] + [losses(a, b) for b in range(1, 7)] for a in range(1, 8)]
    return {"columns": ["Attacker \\ defender"] + [str(b) for b in range(1, 7)], "rows": rows}


def track(settings: Settings | None = None) -> dict:
    s = settings or Settings()
    rows = [[space, target_die(space, s.target_step, d.START_TARGET)] for space in range(1, s.track_length + 1)]
    return {"columns": ["Operation Track space", "Target die (VP for holding the zone)"], "rows": rows}


def key_numbers() -> dict:
    rows = [
        ["Actions a turn", d.ACTIONS_PER_TURN],
        ["Movements in a March", d.MARCH_MOVEMENTS],
        ["Action cards played at the start of a turn", "at most 1 (or ignored for 1 resource this turn)"],
        ["Losses of an attack", "attacker + 1 - defender (a tie: 1; never below 0)"],
        ["Strength of a respawned unit", d.RESPAWN_STRENGTH],
        ["Eliminate", f"{d.ELIMINATE_VP} VP"],
        ["Capture", f"{d.CAPTURE_VP} VP and {d.CAPTURE_RESOURCES} resources"],
        ["Rest", f"+{d.REST_GAIN}, up to {d.REST_MAX}"],
        ["Hire", f"+1 a resource, up to {d.HIRE_MAX_RESOURCES} resources, up to {d.HIRE_MAX}"],
        ["Upgrade", f"{d.UPGRADE_COST} resources: a tank of the squad's strength + {d.UPGRADE_GAIN}"],
        ["Relocate", f"{d.RELOCATE_MOVEMENTS} movements with one unit"],
        ["Ballista", f"{d.BALLISTA_COST} resource: {d.BALLISTA_LOSSES} losses within {d.BALLISTA_RANGE} spaces"],
        ["Starting supply", f"{d.START_SQUADS} squads, {d.START_TANKS} tanks, {d.START_RESOURCES} resources"],
    ]
    return {"columns": ["What", "Number"], "rows": rows}


def settings() -> dict:
    by_setting: dict[str, list[str]] = {}
    for ruling in RULINGS:
        if ruling.setting:
            by_setting.setdefault(ruling.setting, []).append(ruling.question)
    rows = [[f.name, repr(f.default), " ".join(by_setting.get(f.name, ["The round limit (none by default)."]))]
            for f in dataclasses.fields(Settings)]
    return {"columns": ["Setting", "Default", "Ruling it changes"], "rows": rows}
