"""Rulesets declare what they are as data and register by name (a ruleset package's ``__init__`` calls
:func:`explorer.core.wiring.declare`).

The registry imports no feature built on rulesets (practice challenges look up a ruleset's own themselves:
:func:`explorer.core.challenges.ruleset_challenges`), and the core imports no ruleset: packages of rulesets are
named with :func:`search_package` (the ``explorer`` package names its ``rulesets`` folder) and each of their
subpackages is imported, and so registers itself, the first time a ruleset is looked up.
"""

from __future__ import annotations

import dataclasses
import importlib
import pkgutil
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from .actions import Action
from .errors import UnknownRuleset
from .limits import brief
from .rules import Catalogue, RuleRef, Ruling, Section
from .settings import settings_from_dict

if TYPE_CHECKING:
    from .state import GameState

_REGISTRY: dict[str, Ruleset] = {}
_PACKAGES: list[str] = []


def search_package(package: str) -> None:
    """Look for rulesets in the subpackages of ``package`` (imported lazily)."""
    if package not in _PACKAGES:
        _PACKAGES.append(package)


def _package_rulesets() -> dict[str, str]:
    """Ruleset name -> module, for every subpackage of the searched packages."""
    found = {}
    for package in _PACKAGES:
        module = importlib.import_module(package)
        for info in pkgutil.iter_modules(module.__path__):
            if info.ispkg:
                found.setdefault(info.name, f"{package}.{info.name}")
    return found


@dataclasses.dataclass(frozen=True)
class Ruleset:
    """What a ruleset is: its source, settings, state class, actions, rule sections, scenarios, bots, rulings.

    The same names in every ruleset: ``settings_type`` (a :func:`settings_class`
    with ``max_rounds``), ``action_types``, ``scenarios`` (name -> function of
    settings and seed), ``bots`` (name -> bot class), ``rulings``, and the
    sections cited for turn order (``turn_section``) and for the end of the
    game (``victory_section``). ``equipment`` (what a player needs on the
    table) and ``notes`` (short facts a player should keep in mind) fill the
    Equipment and Notes column of every page of the ruleset's chapter.
    """

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
    bots: Mapping[str, type] = dataclasses.field(default_factory=dict)
    rulings: tuple[Ruling, ...] = ()
    turn_section: str = "turn"
    victory_section: str = "turn"
    equipment: tuple[str, ...] = ()
    notes: tuple[str, ...] = ()
    rolls_dice: bool = True
    """Whether the rules roll dice (live play offers a box for your own dice only where they do)."""
    next_step: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The actions that move the game on (end of move, end of turn, pass), by action type, with a button's
    words (``{phase}``: the position's phase), first match first: live play's one-button next step."""
    next_step_why: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """For a next step a newcomer may not know (by action type): what it means, in a sentence a child can read,
    said beside the button."""
    chance_words: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """For an action that may fail by the dice (by action type): its chance said in its plain words,
    ``{chance}`` the whole percentage of the engine's exact odds that it comes off (``GameState.chance``'s
    ``True``), e.g. ``"{chance} % to reach"`` for a charge that may fall short; not said when sure."""
    plain_terms: Mapping[str, str] = dataclasses.field(default_factory=dict)
    """The source's shorthand a newcomer cannot read (``"H2H"``), and the words the simple mode says instead."""

    def __post_init__(self):
        if isinstance(self.sections, Catalogue):
            self.sections.add_rulings(self.rulings)  # every ruling can be cited as rulings.<id>
        for key in (self.turn_section, self.victory_section):
            self.ref(key)

    @property
    def action_kinds(self) -> dict[str, type[Action]]:
        return {kind.__name__: kind for kind in self.action_types}

    def ref(self, section: str) -> RuleRef:
        """The reference to one of this ruleset's sections; unknown names fail loudly."""
        if section not in self.sections:
            raise KeyError(f"{self.name} has no rule section {section!r}")
        return self.sections[section].ref

    def ruling(self, ruling_id: str) -> Ruling:
        for ruling in self.rulings:
            if ruling.id == ruling_id:
                return ruling
        raise KeyError(f"{self.name} has no ruling {ruling_id!r}")

    def settings(self, **overrides) -> Any:
        """Settings with ``overrides``; a wrong name, type or range raises ``ValueError``."""
        return settings_from_dict(self.settings_type, overrides)

    def new_game(self, scenario: str | None = None, *, seed: int = 0, **settings) -> GameState:
        """A new game of ``scenario`` (the first one if not named)."""
        if not self.scenarios:
            raise ValueError(f"{self.title} has no scenarios")
        name = scenario or next(iter(self.scenarios))
        if name not in self.scenarios:
            raise ValueError(f"unknown scenario {brief(name)}; {self.title} has {', '.join(self.scenarios)}")
        return self.scenarios[name](self.settings(**settings), seed=seed)


def register(ruleset: Ruleset) -> Ruleset:
    ruleset.state_type.ruleset = ruleset
    _REGISTRY[ruleset.name] = ruleset
    return ruleset


def unregister(name: str) -> Ruleset:
    """Forget the ruleset ``name`` registered by hand (a test's own, once its tests are done)."""
    return _REGISTRY.pop(name)


def get_ruleset(name: str) -> Ruleset:
    if not isinstance(name, str):
        raise UnknownRuleset(f"a ruleset is named by text, not {brief(name)}")
    if name not in _REGISTRY:
        module = _package_rulesets().get(name)
        if module:
            importlib.import_module(module)
    if name not in _REGISTRY:  # named from the folders: saying so imports no other ruleset
        known = sorted({*_REGISTRY, *_package_rulesets()})
        raise UnknownRuleset(f"unknown ruleset {brief(name)}; known rulesets: {', '.join(known)}")
    return _REGISTRY[name]


def all_rulesets() -> dict[str, Ruleset]:
    for name, module in _package_rulesets().items():
        if name not in _REGISTRY:
            importlib.import_module(module)
    return dict(_REGISTRY)
