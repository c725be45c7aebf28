"""Rule references and explained numbers.

Every number the engine shows carries the rule sections that produced it.
A :class:`RuleRef` is a stable key such as ``simple_plastic:attacking.modifiers``;
each ruleset lists its sections in a catalogue so the book can link them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Generic, TypeVar

T = TypeVar("T")


@dataclass(frozen=True, order=True)
class RuleRef:
    ruleset: str
    section: str

    @classmethod
    def parse(cls, key: str) -> RuleRef:
        ruleset, sep, section = key.partition(":")
        if not sep or not ruleset or not section:
            raise ValueError(f"a rule reference looks like 'ruleset:section', not {key!r}")
        return cls(ruleset, section)

    @property
    def key(self) -> str:
        return f"{self.ruleset}:{self.section}"

    @property
    def label(self) -> str:
        """The MyST label (and HTML anchor) of the book section that states the rule."""
        return f"{self.ruleset}-{self.section}".replace("_", "-").replace(".", "-")

    def cite(self) -> str:
        return f"rule {self.key}"

    def __str__(self) -> str:
        return self.key


@dataclass(frozen=True)
class Section:
    """One section of a ruleset's rules, as the book presents it."""

    ref: RuleRef
    title: str
    page: str  # the book page (docname relative to the ruleset folder) that states it


@dataclass(frozen=True)
class Reason:
    """One step in the making of a number: which rule, what it did."""

    ref: RuleRef
    text: str
    delta: int | None = None

    def __str__(self) -> str:
        sign = "" if self.delta is None else f" ({self.delta:+d})"
        return f"{self.text}{sign} [{self.ref.key}]"


@dataclass(frozen=True)
class Explained(Generic[T]):
    """A value with the reasons that produced it."""

    value: T
    reasons: tuple[Reason, ...] = field(default_factory=tuple)

    @property
    def refs(self) -> tuple[RuleRef, ...]:
        return tuple(dict.fromkeys(r.ref for r in self.reasons))

    def explain(self) -> str:
        lines = [f"= {self.value}"]
        lines[:0] = [f"- {reason}" for reason in self.reasons]
        return "\n".join(lines)

    def __str__(self) -> str:
        return str(self.value)


@dataclass(frozen=True)
class Ruling:
    """Where a source is ambiguous or silent: the choice made, and why.

    ``setting`` names the field of the ruleset's settings that lets players
    choose otherwise (``None`` when the choice is not a setting).
    """

    id: str
    question: str
    decision: str
    reason: str
    setting: str | None = None
    refs: tuple[RuleRef, ...] = ()


class Catalogue(dict):
    """A ruleset's rule sections by key, with :meth:`ref` (an unknown key fails loudly).

    Built from ``(key, title, page)`` rows; every ruling gets a section
    ``rulings.<id>`` on the ``rulings`` page, so explanations can cite it.
    """

    def __init__(self, ruleset: str, rows, rulings=()):
        super().__init__((key, Section(RuleRef(ruleset, key), title, page)) for key, title, page in rows)
        self.ruleset = ruleset
        self.add_rulings(rulings)

    def add_rulings(self, rulings) -> None:
        """A section per ruling (the registry calls this, so a ruling is citable wherever it was written)."""
        for ruling in rulings:
            key = f"rulings.{ruling.id}"
            self[key] = Section(RuleRef(self.ruleset, key), ruling.question, "rulings")

    def ref(self, key: str) -> RuleRef:
        section = self.get(key)
        if section is None:
            raise KeyError(f"{self.ruleset} has no rule section {key!r}")
        return section.ref
