"""The classroom lesson's questions and exercises, each written once, each answer worked out by the engine.

Standard library only (like the rest of ``boards/``): the lesson page, the
exercises page and the printable handout all read these definitions, so a
question is worded in one place, and every number in an answer comes from a
ruleset's own exact-odds code (the code its games roll by), never typed in.

- :func:`questions`: what to ask the class in each part of the lesson
  (intuition, exact odds, simulation), with the answer as exact fractions.
- :func:`exercises`: "which is the better shot?" for each of the five
  rulesets, each choice's exact chance (or, in Dice Tactics, its certain
  result) and the rule sections that decide it (``ruleset:section`` keys,
  which the book turns into links).

Rendering to HTML lives in ``widgets/lesson.py``; the pages only call it.
"""

from __future__ import annotations

import dataclasses
import functools
from fractions import Fraction

from explorer.core.dice import D6, TWO_D6, successes

from . import family

PARTS = {
    "intuition": "Part 1: intuition",
    "exact": "Part 2: exact odds",
    "simulation": "Part 3: simulation and the law of large numbers",
}
"""The lesson's three parts, in order (key -> heading)."""


SHOWN_DENOMINATOR = 1296  # four dice: a fraction with a larger denominator says less than its percentage


def percent(p: Fraction) -> str:
    """A probability as a reader says it, with its exact fraction when that is short: ``6.25% (1/16)``."""
    words = f"{float(p) * 100:.2f}".rstrip("0").rstrip(".") + "%"
    exact = f" ({p})" if 1 < p.denominator <= SHOWN_DENOMINATOR else ""
    return words + exact


@dataclasses.dataclass(frozen=True)
class Question:
    """A question for the class, and its answer (words built from exact numbers)."""

    part: str  # a key of PARTS
    ask: str
    answer: str


@dataclasses.dataclass(frozen=True)
class Choice:
    """One option of an exercise: what it is, the number that ranks it, and that number in words."""

    label: str
    value: Fraction  # a chance (or, for a certain result, the count it always gives)
    words: str


@dataclasses.dataclass(frozen=True)
class Exercise:
    """"Which is the better ...?" in one ruleset: the choices, what ranks them, and the rules that decide it."""

    key: str
    ruleset: str
    title: str
    question: str
    choices: tuple[Choice, ...]
    rules: tuple[str, ...]  # rule keys, "ruleset:section"
    measure: str  # what a choice's value is ("the chance to kill")
    moral: str = ""  # what the answer teaches, in words (no numbers of its own)

    @property
    def best(self) -> tuple[Choice, ...]:
        """The choice(s) with the highest value: more than one when they tie."""
        top = max(c.value for c in self.choices)
        return tuple(c for c in self.choices if c.value == top)

    @property
    def verdict(self) -> str:
        """Which choice is better, or that they tie."""
        best = self.best
        if len(best) == len(self.choices):
            return f"Neither: they are exactly as good ({self.measure} is the same)."
        return f"{' and '.join(c.label for c in best)}: {self.measure} is higher."

    @property
    def answer(self) -> str:
        """The whole answer in words: the verdict, and every choice's number."""
        return self.verdict + " " + " ".join(f"{c.label}: {c.words}." for c in self.choices)


# -- the lesson's questions ------------------------------------------------------------------------

def _at_least(target: int) -> Fraction:
    """One plain D6 scoring ``target`` or more (no natural-1 rule: the classroom's own dice)."""
    return D6.probability_where(lambda face: face >= target)


def _within(rolls: int, spread: Fraction) -> Fraction:
    """Chance the share of 4+ in ``rolls`` dice lies within ``spread`` of one half (exact)."""
    low, high = (Fraction(1, 2) - spread) * rolls, (Fraction(1, 2) + spread) * rolls
    return successes(rolls, _at_least(4)).probability_where(lambda k: low <= k <= high)


LLN_ROLLS = (10, 100)
LLN_SPREAD = Fraction(1, 10)


@functools.lru_cache(maxsize=1)
def questions() -> tuple[Question, ...]:
    """Every question of the lesson, in order, with answers worked out from the engine's exact dice."""
    half = _at_least(4)
    none_of_four = successes(4, half).probability(0)
    six_in_four = 1 - successes(4, _at_least(6)).probability(0)
    five_of_ten = successes(10, half).probability(5)
    seven, two = TWO_D6.probability(7), TWO_D6.probability(2)
    within = {n: _within(n, LLN_SPREAD) for n in LLN_ROLLS}
    few, many = LLN_ROLLS
    spread = f"{float(LLN_SPREAD):.0%}"
    return (
        Question("intuition", "One die, needing 4 or more: out of 100 rolls, about how many succeed?",
                 f"Three faces of six (4, 5 and 6): {percent(half)}, so about {float(half * 100):.0f} of 100."),
        Question("intuition", "Four dice, each needing 4 or more: how often do none of them succeed?",
                 f"Each fails half the time, and all four must fail: {percent(none_of_four)}. "
                 "Many guess far more."),
        Question("intuition", "Two dice added together: is a total of 7 as likely as a total of 2?",
                 f"No. A 7 comes {percent(seven)} of the time ({seven * 36} ways of 36), a 2 only "
                 f"{percent(two)} (one way: a 1 and a 1)."),
        Question("exact", "Four dice: what is the chance of at least one 6?",
                 f"One minus the chance of no 6 at all: {percent(six_in_four)}, just better than even."),
        Question("exact", "Ten dice, each needing 4 or more: what is the chance that exactly five succeed?",
                 f"Only {percent(five_of_ten)}: five is the likeliest count, but most rolls give another."),
        Question("simulation",
                 f"Roll {few} dice, each needing 4 or more, then {many}. How likely is the share of successes to be "
                 f"within {spread} of one half each time?",
                 f"With {few} dice: {percent(within[few])}. With {many} dice: {percent(within[many])}. "
                 "The more dice, the closer the share stays to the exact chance: the law of large numbers."),
        Question("simulation", "After a long run of failures, is the next die more likely to succeed?",
                 f"No: the dice remember nothing; the next die still succeeds {percent(half)} of the time. The "
                 "share settles because the early luck is swamped by many more rolls, not paid back."),
    )


# -- the exercises: each ruleset's are in its board module (boards/<ruleset>.py, ``lessons()``) -------------

RULESETS = family.rulesets()  # the registry's, in the book's order


@functools.lru_cache(maxsize=1)
def exercises() -> tuple[Exercise, ...]:
    """Every exercise, ruleset by ruleset, answered by that ruleset's own odds code (each its board module's
    ``lessons()``, beside its board look)."""
    return tuple(e for name in RULESETS for e in family.look(name).lessons())
