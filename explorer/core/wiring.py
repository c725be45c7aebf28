"""A ruleset package wired into a :class:`~explorer.core.registry.Ruleset` from its conventional modules, and
registered: :func:`declare`, the one call in a ruleset package's ``__init__``.

Apart from the registry because it needs :class:`~explorer.core.state.GameState`, and the state needs the
registry (through :mod:`~explorer.core.saves`, which finds a save's ruleset by name)."""

from __future__ import annotations

import importlib
import importlib.util
from typing import Any

from .registry import Ruleset, register
from .state import GameState


def declare(package: str, **own) -> Ruleset:
    """Register the ruleset of ``package`` (its ``__name__``), its wiring read from the package's
    conventional modules; ``own`` holds only what is the ruleset's own (title, author, year, source,
    licence, sections cited, equipment, notes...). Read, unless given in ``own``:

    - ``name``: the package's last name (``army_men`` for the package of the army-men rules);
    - ``state_type``: the one :class:`GameState` subclass defined in ``<package>.game``;
    - ``action_types``, ``sections``, ``scenarios``, ``bots``, ``rulings``: ``ACTIONS`` of ``.actions``,
      ``SECTIONS`` of ``.sections``, ``SCENARIOS`` of ``.scenarios``, ``BOTS`` of ``.bots``, ``RULINGS`` of
      ``.rulings``;
    - ``settings_type``: ``Settings`` of ``.settings`` if the package has that module, else of ``.rulings``.
    """
    def module(name: str):
        return importlib.import_module(f"{package}.{name}")

    wiring: dict[str, Any] = {"name": package.rpartition(".")[2]}
    if "state_type" not in own:
        game = module("game")
        states = [v for v in vars(game).values() if isinstance(v, type) and issubclass(v, GameState)
                  and v.__module__ == game.__name__]
        if len(states) != 1:
            raise TypeError(f"{package}.game defines {len(states)} game states; name the one in state_type")
        wiring["state_type"] = states[0]
    for field, (name, value) in {"action_types": ("actions", "ACTIONS"), "sections": ("sections", "SECTIONS"),
                                 "scenarios": ("scenarios", "SCENARIOS"), "bots": ("bots", "BOTS"),
                                 "rulings": ("rulings", "RULINGS")}.items():
        if field not in own:
            wiring[field] = getattr(module(name), value)
    if "settings_type" not in own:
        has_settings = importlib.util.find_spec(f"{package}.settings") is not None
        wiring["settings_type"] = module("settings" if has_settings else "rulings").Settings
    return register(Ruleset(**{**wiring, **own}))
