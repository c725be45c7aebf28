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


# -- the exercises, one ruleset at a time ----------------------------------------------------------

def _army_men() -> list[Exercise]:
    from explorer.rulesets.army_men import Settings
    from explorer.rulesets.army_men.data import PROFILES
    from explorer.rulesets.army_men.shooting import shot_odds

    standard = Settings(variant="standard")
    far_open = shot_odds(standard, within_half=False).value
    near_cover = shot_odds(standard, within_half=True, cover=True).value
    gunner = PROFILES["submachine_gunner"]
    spray = shot_odds(standard, within_half=False, dice=gunner.dice).value
    aimed = shot_odds(standard, within_half=True).value
    return [
        Exercise(
            "army-men-range-or-cover", "army_men", "Army men: range or cover?",
            "Standard Rules. A regular soldier can shoot at an enemy trooper in the open beyond half his range, "
            "or at one behind cover within half his range. Which is the better shot?",
            (Choice("Beyond half range, in the open", far_open, f"kills {percent(far_open)}"),
             Choice("Within half range, in cover", near_cover, f"kills {percent(near_cover)}")),
            ("army_men:standard.shooting", "army_men:standard.cover"), "the chance to kill",
            "Getting closer earns exactly what the cover takes away."),
        Exercise(
            "army-men-many-dice", "army_men", "Army men: many dice or a good number?",
            f"Standard Rules. A submachine gunner ({gunner.dice} dice a shot) beyond half his range, or a regular "
            "soldier (one die) within half his range: both at a trooper in the open. Which is more likely to kill?",
            (Choice("The submachine gunner, far", spray, f"kills {percent(spray)} (at least one of its dice)"),
             Choice("The regular soldier, near", aimed, f"kills {percent(aimed)}")),
            ("army_men:shooting.rate_of_fire", "army_men:standard.shooting"), "the chance to kill",
            "Several long chances can beat one better chance: count the ways to fail."),
    ]


def _simple_plastic() -> list[Exercise]:
    from explorer.rulesets.simple_plastic.data import PROFILES
    from explorer.rulesets.simple_plastic.examples import duel_board
    from explorer.rulesets.simple_plastic.attacking import kill_distribution

    def kills(board) -> Fraction:
        return kill_distribution(board, "a", "t").probability_where(lambda k: k >= 1)

    heavy = kills(duel_board("heavy", "trooper", moved=True, cover=True))
    sniper = kills(duel_board("sniper", "trooper"))
    return [Exercise(
        "simple-plastic-heavy-or-sniper", "simple_plastic", "Simple Plastic: the heavy weapon or the sniper?",
        "A lone enemy trooper. Your heavy weapons unit has just moved and sees him behind a hedge; your sniper "
        "stood still and sees him in the open. Over a whole turn, which is more likely to kill him?",
        (Choice(f"The heavy weapon ({PROFILES['heavy'].dice} dice, target behind cover)", heavy,
                f"kills {percent(heavy)}"),
         Choice(f"The sniper ({PROFILES['sniper'].attacks} attacks, standing still)", sniper,
                f"kills {percent(sniper)}")),
        ("simple_plastic:attacking.modifiers", "simple_plastic:attacking.natural_one",
         "simple_plastic:special_units.heavy_weapons", "simple_plastic:special_units.sniper"),
        "the chance of at least one kill",
        "Each to-kill modifier moves the number needed by one; a 1 never kills, however good the odds.")]


def _one_brain_cell() -> list[Exercise]:
    from explorer.rulesets.one_brain_cell.data import WEAPONS
    from explorer.rulesets.one_brain_cell.shooting import need_to_hit, shot_odds

    sniper = WEAPONS["sniper"]
    rifle_shot = shot_odds("short", False).probability_where(lambda k: k >= 1)
    sniper_shot = shot_odds("long", True, sniper.dice, max_hits=sniper.max_hits).probability_where(lambda k: k >= 1)
    return [Exercise(
        "one-brain-cell-sniper-or-rifle", "one_brain_cell", "1BC: the sniper rifle or the rifle?",
        f"A sniper rifle ({sniper.dice} dice) at long range at a trooper behind cover, or an ordinary rifle "
        "(one die) at short range at a trooper in the open. Which is more likely to hit?",
        (Choice("The sniper rifle, long range, cover", sniper_shot, f"hits {percent(sniper_shot)}"),
         Choice("The rifle, short range, open", rifle_shot, f"hits {percent(rifle_shot)}")),
        ("one_brain_cell:shooting.range", "one_brain_cell:shooting.cover", "one_brain_cell:weapons.sniper"),
        "the chance of a hit",
        f"{sniper.dice} dice that each need a {need_to_hit('long', True).value} are worse than one die that "
        f"needs a {need_to_hit('short', False).value}.")]


PHLOG_HAND = ("K♠", "9♥", "8♦", "6♣", "4♠", "2♥")
"""Your hand in the phlog exercises: six cards, just drawn."""


def _phlog() -> list[Exercise]:
    from explorer.core.cards import Card, standard_deck
    from explorer.rulesets.phlog.data import HAND_SIZE, REMOVAL_MARGIN, SIDES
    from explorer.rulesets.phlog.odds import BEST, UNIFORM, odds_for_card, opponent_play_weights
    from explorer.rulesets.phlog.settings import Settings

    values = Settings().card_values
    hand = [Card.parse(code) for code in PHLOG_HAND]
    unseen = [c for c in standard_deck() if c not in hand] + [Card.joker(side) for side in SIDES]  # both jokers

    def lose(p: Fraction) -> str:
        return "never loses your fighter" if p == 0 else f"loses your fighter {percent(p)}"

    def odds(card: str, assumption: str):
        weights, total = opponent_play_weights(unseen, HAND_SIZE, values, assumption)
        return odds_for_card(values.value(Card.parse(card)), weights, total=total)

    king, nine = odds("K♠", UNIFORM), odds("9♥", UNIFORM)
    careful = odds("K♠", BEST)
    shown = " ".join(PHLOG_HAND)
    rules = ("phlog:attacking.cards", "phlog:attacking.card_values", "phlog:attacking.removal")
    return [
        Exercise(
            "phlog-king-or-nine", "phlog", "The Rules! (with no name): the King or the 9?",
            f"You attack, holding {shown}, at the start of the game (you have seen no other card). Say the "
            "defender plays any card of their hand, all equally likely. Which card gives the better chance of "
            "removing the enemy fighter: the King or the 9?",
            (Choice("The King", king.remove_enemy,
                    f"removes {percent(king.remove_enemy)}, {lose(king.lose_own)}"),
             Choice("The 9", nine.remove_enemy,
                    f"removes {percent(nine.remove_enemy)}, {lose(nine.lose_own)}")),
            rules, "the chance of removing the enemy fighter",
            f"To remove a fighter you must win by {REMOVAL_MARGIN}: the King needs the defender's card at "
            f"{values.value(Card.parse('K♠')) - REMOVAL_MARGIN} or less, the 9 at "
            f"{values.value(Card.parse('9♥')) - REMOVAL_MARGIN} or less."),
        Exercise(
            "phlog-careful-defender", "phlog", "The Rules! (with no name): a careful defender",
            f"The same hand ({shown}) and the King. Is it a better attack against a defender who plays any card "
            "at random, or against one who always plays their highest card?",
            (Choice("Against a random card", king.remove_enemy, f"removes {percent(king.remove_enemy)}"),
             Choice("Against their highest card", careful.remove_enemy, f"removes {percent(careful.remove_enemy)}")),
            rules + ("phlog:setup.hand",), "the chance of removing the enemy fighter",
            "Exact odds rest on an assumption about the other player: say which one you made."),
    ]


def _dice_tactics() -> list[Exercise]:
    from explorer.core.grid import Grid
    from explorer.rulesets.dice_tactics.mechanics import fight
    from explorer.rulesets.dice_tactics.position import Setup, Unit

    def attack(where: str):
        setup = Setup(Grid(2, 1), {(1, 0): where}, {}, frozenset())
        mine, theirs = Unit("green-1", "green", "squad", 4, (0, 0)), Unit("tan-1", "tan", "squad", 4, (1, 0))
        done = fight(setup, mine, theirs)
        return done.losses, done.counter or 0

    water, forest = attack("water"), attack("forest")
    return [Exercise(
        "dice-tactics-water-or-forest", "dice_tactics", "Dice Tactics: which attack?",
        "Your squad showing 4 stands next to two enemy squads, each showing 4: one in water, one in a forest. "
        "Which should it attack?",
        (Choice("The squad in the water", Fraction(water[0] - water[1]),
                f"it takes {water[0]} losses and you take {water[1]}"),
         Choice("The squad in the forest", Fraction(forest[0] - forest[1]),
                f"it takes {forest[0]} losses and you take {forest[1]}")),
        ("dice_tactics:attacking.losses", "dice_tactics:attacking.counter", "dice_tactics:terrain.water",
         "dice_tactics:terrain.forest"),
        "losses dealt minus losses taken",
        "No die is rolled: each result is certain (probability 1). The dice are the units, not a chance.")]


RULESETS = family.rulesets()  # the registry's, in the book's order
_BUILDERS = {"army_men": _army_men, "simple_plastic": _simple_plastic, "one_brain_cell": _one_brain_cell,
             "phlog": _phlog, "dice_tactics": _dice_tactics}


@functools.lru_cache(maxsize=1)
def exercises() -> tuple[Exercise, ...]:
    """Every exercise, ruleset by ruleset, answered by that ruleset's own odds code."""
    return tuple(e for name in RULESETS for e in _BUILDERS[name]())
