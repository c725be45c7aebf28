"""One rule table per ruleset: which rule checks, does, offers and weighs each kind of action, and when.

A ruleset declares its turn as data instead of writing its own dispatch:

- a :class:`Rule` per action type: ``check(state, action)`` (the refusal, or ``None``), ``do(state, action)``
  (the next position and the events), ``chance(state, action)`` (the exact odds where dice decide) and,
  where the phases do not list the legal actions themselves, ``candidates(state)`` (the legal actions of
  that kind now);
- a :class:`Phase` per part of the turn: the action types it allows and the rule section that says so.
  ``phase_of(state)`` names the phase now. An action outside its phase is refused here, once for every
  ruleset, citing that phase's section, before the action's own check runs;
- the legal actions of a phase: the phase's own ``legal(state)`` when the order of the offers mixes kinds
  (figure by figure: shoot, move, fight), else each allowed rule's ``candidates`` in the phase's order.

Offers must be legal without being checked again: a ruleset's candidates go straight to the players,
the bots and the search, so they are worked out with the cheap tests and caches the rules allow rather
than by running the full check (which words a refusal for every candidate refused). The conformance
suite checks that every offered action passes the check.

The state class holds the table as ``rules``; :class:`~explorer.core.state.GameState` then answers
``_check``, ``_do``, ``_chance`` and ``_legal_actions`` from it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import RuleViolation
from .rules import Catalogue

Check = Callable[[Any, Any], "RuleViolation | None"]


@dataclass(frozen=True)
class Rule:
    """What the rules say of one kind of action."""

    check: Check
    do: Callable[[Any, Any], tuple]
    chance: Callable[[Any, Any], Any] | None = None
    candidates: Callable[[Any], Iterable] | None = None


@dataclass(frozen=True)
class Phase:
    """A part of the turn: the action types it allows, the section that says so and, for refusals,
    what the player must do instead ("finish moving first")."""

    section: str
    actions: tuple[type, ...]
    refusal: str = ""
    legal: Callable[[Any], Iterable] | None = None


@dataclass(frozen=True)
class RuleTable:
    """A ruleset's rules by action type, and its turn by phase (see the module's docstring)."""

    sections: Catalogue
    rules: Mapping[type, Rule]
    phases: Mapping[str, Phase] = field(default_factory=dict)
    phase_of: Callable[[Any], str] | None = None

    def __post_init__(self):
        for name, phase in self.phases.items():
            unknown = [kind.__name__ for kind in phase.actions if kind not in self.rules]
            if unknown:
                raise ValueError(f"phase {name!r} allows {', '.join(unknown)}, which the rule table has no rule for")
            self.sections.ref(phase.section)  # an unknown section fails when the table is made
        if self.phases and self.phase_of is None:
            raise ValueError("a rule table with phases needs phase_of(state), the phase now")
        # The dispatch (the game state reads it too, see GameState.__init_subclass__): each rule's do by action type,
        # and each phase's listing by the phase's name (the phase's own, or its rules' candidates in order)
        _set(self, "doers", {kind: rule.do for kind, rule in self.rules.items()})
        _set(self, "listers", {name: phase.legal or functools.partial(self._candidates, phase.actions)
                               for name, phase in self.phases.items()})

    def phase(self, state) -> Phase | None:
        if self.phase_of is None:
            return None
        return self.phases[self.phase_of(state)]

    def check(self, state, action) -> RuleViolation | None:
        phase = self.phase(state)
        kind = type(action)
        if phase is not None and kind not in phase.actions:
            return self.sections.refuse(phase.section, phase.refusal or f"{_words(kind)} is not played now: "
                               f"the turn is at {self.phase_of(state).replace('_', ' ')}")
        return self.rules[kind].check(state, action)

    def do(self, state, action) -> tuple:
        return self.doers[type(action)](state, action)

    def chance(self, state, action):
        chance = self.rules[type(action)].chance
        return None if chance is None else chance(state, action)

    def legal(self, state) -> Iterator:
        yield from self.offers(state)

    def offers(self, state) -> Iterable:
        """The legal actions now, as :meth:`legal`, but as the phase's own answer (a list or a tuple) when it
        lists them itself: no generator to go through (the core lists a position's actions at every move)."""
        phase_of = self.phase_of
        if phase_of is None:
            return self._candidates(self.rules, state)
        return self.listers[phase_of(state)](state)

    def _candidates(self, kinds, state) -> list:
        """The candidates of the rules of ``kinds``, in that order."""
        rules = self.rules
        found = []
        for kind in kinds:
            candidates = rules[kind].candidates
            if candidates is not None:
                found += candidates(state)
        return found


_set = object.__setattr__  # (a frozen dataclass refuses its own)


def _words(kind: type) -> str:
    """``EndTurn`` -> "end turn", for the core's own refusal."""
    name = kind.__name__
    return "".join(f" {c.lower()}" if c.isupper() else c for c in name).strip().capitalize()
