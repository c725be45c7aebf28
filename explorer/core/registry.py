"""Rulesets declare what they are as data and register by name."""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import Any

from .actions import Action
from .errors import SaveGameError, UnknownRuleset
from .rules import RuleRef, Section
from .state import SAVE_FORMAT, SAVE_VERSION, GameState

_REGISTRY: dict[str, Ruleset] = {}


def _builtin_names() -> list[str]:
    """The subpackages of :mod:`explorer.rulesets`; each registers itself on import."""
    import explorer.rulesets

    return [m.name for m in pkgutil.iter_modules(explorer.rulesets.__path__) if m.ispkg]


@dataclasses.dataclass(frozen=True)
class Ruleset:
    """What a ruleset is: its source, settings, state class, actions and rule sections."""

    name: str
    title: str
    author: str
    year: int
    source: str  # the file in shared/seeds the rules come from
    licence: str
    settings_type: type
    state_type: type[GameState]
    action_types: tuple[type[Action], ...]
    sections: Mapping[str, Section]
    scenarios: Mapping[str, Callable[..., GameState]] = dataclasses.field(default_factory=dict)

    @property
    def action_kinds(self) -> dict[str, type[Action]]:
        return {kind.__name__: kind for kind in self.action_types}

    def ref(self, section: str) -> RuleRef:
        """The reference to one of this ruleset's sections; unknown names fail loudly."""
        if section not in self.sections:
            raise KeyError(f"{self.name} has no rule section {section!r}")
        return self.sections[section].ref

    def settings(self, **overrides) -> Any:
        return settings_from_dict(self.settings_type, overrides)

    def new_game(self, scenario: str | None = None, *, seed: int = 0, **settings) -> GameState:
        """A new game of ``scenario`` (the first one if not named)."""
        if not self.scenarios:
            raise ValueError(f"{self.title} has no scenarios")
        name = scenario or next(iter(self.scenarios))
        if name not in self.scenarios:
            raise ValueError(f"unknown scenario {name!r}; {self.title} has {', '.join(self.scenarios)}")
        return self.scenarios[name](self.settings(**settings), seed=seed)


def register(ruleset: Ruleset) -> Ruleset:
    ruleset.state_type.ruleset = ruleset
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def get_ruleset(name: str) -> Ruleset:
    if name not in _REGISTRY and name in _builtin_names():
        importlib.import_module(f"explorer.rulesets.{name}")
    if name not in _REGISTRY:
        raise UnknownRuleset(f"unknown ruleset {name!r}; known rulesets: {', '.join(all_rulesets())}")
    return _REGISTRY[name]


def all_rulesets() -> dict[str, Ruleset]:
    for name in _builtin_names():
        if name not in _REGISTRY:
            importlib.import_module(f"explorer.rulesets.{name}")
    return dict(_REGISTRY)


def settings_from_dict(settings_type: type, data: Any) -> Any:
    if not isinstance(data, Mapping):
        raise SaveGameError("settings must be an object")
    names = {f.name for f in dataclasses.fields(settings_type)}
    unknown = set(data) - names
    if unknown:
        raise ValueError(
            f"unknown setting(s) {', '.join(sorted(unknown))}; {settings_type.__name__} has {', '.join(sorted(names))}"
        )
    return settings_type(**data)


def load_game(data: Any) -> GameState:
    """Rebuild a saved game, or raise :class:`SaveGameError` saying what is wrong."""
    if not isinstance(data, dict):
        raise SaveGameError("a saved game must be a JSON object")
    if data.get("format") != SAVE_FORMAT:
        raise SaveGameError(f"not a Toy Soldier Rules Explorer save (format should be {SAVE_FORMAT!r})")
    if data.get("version") != SAVE_VERSION:
        raise SaveGameError(f"save version {data.get('version')!r} is not supported (expected {SAVE_VERSION})")
    try:
        ruleset = get_ruleset(data.get("ruleset"))
    except UnknownRuleset as exc:
        raise SaveGameError(str(exc)) from None
    try:
        settings = settings_from_dict(ruleset.settings_type, data.get("settings", {}))
    except (TypeError, ValueError) as exc:
        raise SaveGameError(f"bad settings in the save: {exc}") from None
    state = ruleset.state_type.__new__(ruleset.state_type)
    GameState.__init__(state, settings)
    try:
        state._replay(data)
    except SaveGameError:
        raise
    except (KeyError, TypeError, ValueError, AttributeError) as exc:
        raise SaveGameError(f"the saved position is malformed: {exc!r}") from None
    return state
