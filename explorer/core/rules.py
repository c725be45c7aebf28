"""Rule references and explained numbers.

Every number the engine shows carries the rule sections that produced it.
A :class:`RuleRef` is a stable key such as ``simple_plastic:attacking.modifiers``;
each ruleset lists its sections in a catalogue so the book can link them.

Sections are also tagged with the :data:`CONCEPTS` they state (movement, line
of sight, ...), each with one sentence of how the concept works in that
ruleset, so the book's concept index across rulesets is built from the
catalogues rather than typed again.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Generic, NamedTuple, TypeVar

from .errors import RuleViolation

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
class Concept:
    """An idea that many rulesets have a rule for, such as line of sight."""

    id: str
    name: str


CONCEPTS: tuple[Concept, ...] = (
    Concept("movement", "Movement"),
    Concept("line_of_sight", "Line of sight"),
    Concept("cover", "Cover"),
    Concept("shooting", "Shooting"),
    Concept("hand_to_hand", "Hand-to-hand"),
    Concept("morale", "Morale and leadership"),
    Concept("specialists", "Specialists"),
    Concept("hidden_information", "Hidden information"),
    Concept("terrain", "Terrain"),
    Concept("victory", "Victory"),
)
"""The fixed vocabulary of concepts, in the order the concept index shows them."""

CONCEPT_IDS: tuple[str, ...] = tuple(c.id for c in CONCEPTS)


def concept(concept_id: str) -> Concept:
    """The concept named ``concept_id``; an unknown name fails loudly."""
    for known in CONCEPTS:
        if known.id == concept_id:
            return known
    raise ValueError(f"unknown concept {concept_id!r}; the concepts are {', '.join(CONCEPT_IDS)}")


def _check_sentences(where: str, tags: Mapping[str, str]) -> None:
    for concept_id, sentence in tags.items():
        concept(concept_id)
        if not isinstance(sentence, str) or not sentence.strip():
            raise ValueError(f"{where}: concept {concept_id!r} needs a sentence of how it works, not {sentence!r}")


@dataclass(frozen=True)
class Section:
    """One section of a ruleset's rules, as the book presents it.

    ``concepts`` maps each concept this section states (an id of
    :data:`CONCEPTS`) to one sentence of how it works in this ruleset.
    """

    ref: RuleRef
    title: str
    page: str  # the book page (docname relative to the ruleset folder) that states it
    concepts: Mapping[str, str] = field(default_factory=dict, compare=False)

    def __post_init__(self):
        _check_sentences(f"section {self.ref.key}", self.concepts)
        object.__setattr__(self, "concepts", dict(self.concepts))  # a copy: the caller's dict may change


@dataclass(frozen=True)
class Absent:
    """A concept a ruleset has no rule for: a sentence saying so plainly, and the section that shows it
    (the turn, say, where nothing is hidden), so the concept index still has its row."""

    section: str
    sentence: str


class ConceptEntry(NamedTuple):
    """One row of the concept index: how a concept works in a ruleset, and the section to read."""

    sentence: str
    ref: RuleRef
    absent: bool = False  # the ruleset has no such rule; the sentence says so


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

    ``concepts`` tags sections with the concepts they state: section key ->
    {concept id: sentence}; a ruling's section is tagged by its key
    ``rulings.<id>``. ``absent`` names each concept the ruleset has no rule
    for (concept id -> :class:`Absent`). Given either, every concept of
    :data:`CONCEPTS` must be stated exactly once, by one section or as
    absent; an unknown concept, a concept stated twice or left out, or a tag
    on a section that does not exist fails when the catalogue is made (a
    ruling's section, when the rulings are added).
    """

    def __init__(self, ruleset: str, rows, rulings=(), *, concepts: Mapping[str, Mapping[str, str]] | None = None,
                 absent: Mapping[str, Absent] | None = None):
        self.ruleset = ruleset
        self._tags = {key: dict(tags) for key, tags in (concepts or {}).items()}
        self.absent = dict(absent or {})
        self.has_concepts = concepts is not None or absent is not None
        super().__init__(
            (key, Section(RuleRef(ruleset, key), title, page, self._tags.get(key, {}))) for key, title, page in rows
        )
        if self.has_concepts:
            self._check_concepts()
        self.add_rulings(rulings)

    def _check_concepts(self) -> None:
        where = f"{self.ruleset}'s catalogue"
        stated: dict[str, str] = {}
        for key, tags in self._tags.items():
            _check_sentences(f"{where}, section {key!r}", tags)
            if key not in self and not key.startswith("rulings."):
                raise KeyError(f"{where} tags concepts on {key!r}, which is not one of its sections")
            for concept_id in tags:
                if concept_id in stated:
                    raise ValueError(f"{where} states {concept_id!r} twice: in {stated[concept_id]!r} and {key!r}")
                stated[concept_id] = key
        for concept_id, entry in self.absent.items():
            concept(concept_id)
            if not isinstance(entry, Absent):
                raise TypeError(f"{where}: absent {concept_id!r} must be an Absent(section, sentence)")
            _check_sentences(f"{where}, absent", {concept_id: entry.sentence})
            if concept_id in stated:
                raise ValueError(f"{where} states {concept_id!r} in {stated[concept_id]!r} and also as absent")
            if entry.section not in self and not entry.section.startswith("rulings."):
                raise KeyError(f"{where}: absent {concept_id!r} links {entry.section!r}, not one of its sections")
            stated[concept_id] = entry.section
        missing = [c for c in CONCEPT_IDS if c not in stated]
        if missing:
            raise ValueError(f"{where} says nothing of {', '.join(missing)}: tag a section with each, "
                             "or declare it absent (with its sentence and the section that shows it)")

    def add_rulings(self, rulings) -> None:
        """A section per ruling (the registry calls this, so a ruling is citable wherever it was written)."""
        for ruling in rulings:
            key = f"rulings.{ruling.id}"
            self[key] = Section(RuleRef(self.ruleset, key), ruling.question, "rulings", self._tags.get(key, {}))
        if self.has_concepts and any(key.startswith("rulings.") for key in self):
            linked = [*self._tags, *(entry.section for entry in self.absent.values())]
            unknown = [key for key in linked if key not in self]
            if unknown:
                raise KeyError(f"{self.ruleset}'s catalogue links concepts to {', '.join(map(repr, unknown))}, "
                               "which are not among its sections or rulings")

    def concept_entry(self, concept_id: str) -> ConceptEntry:
        """How ``concept_id`` works in this ruleset (or that it has no such rule), and the section to read."""
        concept(concept_id)
        if concept_id in self.absent:
            entry = self.absent[concept_id]
            return ConceptEntry(entry.sentence, self.ref(entry.section), absent=True)
        for section in self.values():
            if concept_id in section.concepts:
                return ConceptEntry(section.concepts[concept_id], section.ref)
        raise KeyError(f"{self.ruleset} has no section tagged {concept_id!r}")

    def refuse(self, key: str, text: str) -> RuleViolation:
        """The one spelling of a refusal in every ruleset: the section that forbids it, then why, in words."""
        return RuleViolation(text, self.ref(key))

    def ref(self, key: str) -> RuleRef:
        section = self.get(key)
        if section is None:
            raise KeyError(f"{self.ruleset} has no rule section {key!r}")
        return section.ref
