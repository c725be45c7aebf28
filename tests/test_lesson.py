"""The classroom lesson (boards/lesson.py, widgets/lesson.py): every answer is the exact chance worked by hand
from the sources, every exercise links a rule section of its own ruleset, and the handout asks everything and
answers nothing."""

import html
import re
from fractions import Fraction
from math import comb
from pathlib import Path

import pytest

from boards.lesson import PARTS, RULESETS, exercises, percent, questions
from explorer.core.registry import get_ruleset
from explorer.core.rules import RuleRef
from tests.conformance.cases import chapter_folder
from widgets.lesson import exercise_sheet, handout_html, lesson_questions

BOOK = Path(__file__).resolve().parents[1] / "book"
EXERCISES = {e.key: e for e in exercises()}


def values(key):
    return [c.value for c in EXERCISES[key].choices]


# -- the lesson's questions: dice counted by hand ---------------------------------------------------

def test_questions_cover_the_three_parts_in_order():
    parts = [q.part for q in questions()]
    assert set(parts) == set(PARTS)
    assert parts == sorted(parts, key=list(PARTS).index)


@pytest.mark.parametrize("number, exact", [
    (1, [Fraction(3, 6)]),  # 4, 5 or 6 of six faces
    (2, [Fraction(1, 2) ** 4]),  # all four fail
    (3, [Fraction(6, 36), Fraction(1, 36)]),  # 1+6, 2+5, ..., 6+1 against 1+1
    (4, [1 - Fraction(5, 6) ** 4]),  # not "no 6 at all"
    (5, [Fraction(comb(10, 5), 2 ** 10)]),
    (6, [Fraction(sum(comb(10, k) for k in range(4, 7)), 2 ** 10),  # 4 to 6 of 10 is within a tenth of half
         Fraction(sum(comb(100, k) for k in range(40, 61)), 2 ** 100)]),  # 40 to 60 of 100
    (7, [Fraction(1, 2)]),  # the dice remember nothing
])
def test_each_answer_states_the_chance_worked_by_hand(number, exact):
    answer = questions()[number - 1].answer
    for p in exact:
        assert percent(p) in answer


def test_a_percentage_shows_its_exact_fraction_when_short():
    assert percent(Fraction(1, 16)) == "6.25% (1/16)"
    assert percent(Fraction(671, 1296)) == "51.77% (671/1296)"
    assert percent(Fraction(1)) == "100%"
    assert "(" not in percent(Fraction(12586, 139449))


# -- the exercises: each ruleset's own odds against the source, by hand ------------------------------

def test_every_ruleset_has_an_exercise():
    assert {e.ruleset for e in exercises()} == set(RULESETS)
    assert len(EXERCISES) == len(exercises())


def test_army_men_far_in_the_open_is_exactly_as_good_as_near_into_cover():
    # Standard Rules: a 6 kills in range, 5 or 6 within half range; cover costs 1 more, so a 6 again.
    assert values("army-men-range-or-cover") == [Fraction(1, 6), Fraction(1, 6)]
    assert len(EXERCISES["army-men-range-or-cover"].best) == 2
    assert EXERCISES["army-men-range-or-cover"].verdict.startswith("Neither")


def test_army_men_three_dice_needing_a_six_beat_one_needing_five():
    # The submachine gunner's rate of fire is 3: any of three dice on a 6, against a 5+ on one die.
    assert values("army-men-many-dice") == [1 - Fraction(5, 6) ** 3, Fraction(2, 6)]
    assert EXERCISES["army-men-many-dice"].best[0].label.startswith("The submachine gunner")


def test_simple_plastic_the_sniper_beats_the_heavy_weapon():
    # Heavy weapon: 4+, special -1, cover +1 = 4+ on four dice. Sniper: special -1, did not move -1 = 2+,
    # but a 1 never kills, twice.
    assert values("simple-plastic-heavy-or-sniper") == [1 - Fraction(1, 2) ** 4, 1 - Fraction(1, 6) ** 2]
    assert EXERCISES["simple-plastic-heavy-or-sniper"].best[0].label.startswith("The sniper")


def test_one_brain_cell_the_rifle_beats_the_sniper_rifle_at_long_range_into_cover():
    # Short range 4, 5 or 6; long range into cover a 6 on any of three dice (one hit at most).
    assert values("one-brain-cell-sniper-or-rifle") == [1 - Fraction(5, 6) ** 3, Fraction(1, 2)]
    assert EXERCISES["one-brain-cell-sniper-or-rifle"].best[0].label.startswith("The rifle")


def test_phlog_the_king_against_a_random_card_of_the_unseen_cards():
    # Unseen: the 52 cards less the six in hand (K 9 8 6 4 2) are 46 value cards. Winning by 4 removes:
    # the King (13) needs 9 or less: 36 cards A-9 less the 9, 8, 6, 4, 2 held; the 9 needs 5 or less (20 less
    # the 4 and 2), and loses to a King (3 left).
    king, nine = EXERCISES["phlog-king-or-nine"].choices
    assert (king.value, nine.value) == (Fraction(31, 46), Fraction(18, 46))
    assert "never loses" in king.words and percent(Fraction(3, 46)) in nine.words


def test_phlog_a_careful_defender_plays_the_highest_of_six_cards():
    # The defender's six cards come from the 48 unseen (46 value cards and 2 jokers); the King removes only if
    # every value card among them is 9 or less: 31 such cards and the 2 jokers.
    assert values("phlog-careful-defender") == [Fraction(31, 46), Fraction(comb(33, 6), comb(48, 6))]


def test_dice_tactics_attack_the_squad_in_the_water():
    # 4 + 1 - (4 - 1 in water) = 2 losses, and no counter-attack from water; the forest gives 4 + 1 - 5 = 0
    # losses and a counter-attack of 4 + 1 - 4 = 1 (a tie gives 1).
    assert values("dice-tactics-water-or-forest") == [2 - 0, 0 - 1]
    water, forest = EXERCISES["dice-tactics-water-or-forest"].choices
    assert water.words == "it takes 2 losses and you take 0" and forest.words == "it takes 0 losses and you take 1"


@pytest.mark.parametrize("exercise", exercises(), ids=lambda e: e.key)
def test_each_exercise_links_rule_sections_of_its_own_ruleset_that_the_book_states(exercise):
    assert exercise.rules
    for key in exercise.rules:
        ref = RuleRef.parse(key)
        assert ref.ruleset == exercise.ruleset
        section = get_ruleset(ref.ruleset).sections[ref.section]
        page = chapter_folder(ref.ruleset) / f"{section.page}.md"
        assert f"({ref.label})=" in page.read_text(encoding="utf-8"), (key, page)


@pytest.mark.parametrize("exercise", exercises(), ids=lambda e: e.key)
def test_the_exercise_sheet_hides_the_answer_and_links_its_rules(exercise):
    sheet = exercise_sheet(exercise.ruleset).data
    mine = sheet[sheet.index(html.escape(exercise.question, quote=False)):]
    hidden = mine[mine.index("<details"):mine.index("</details>")]
    assert html.escape(exercise.verdict, quote=False) in hidden
    for key in exercise.rules:
        assert f'title="{key}"' in hidden


# -- the handout ---------------------------------------------------------------------------------------

def test_the_handout_asks_every_question_and_exercise():
    sheet = handout_html()
    for question in questions():
        assert html.escape(question.ask, quote=False) in sheet
    for exercise in exercises():
        assert html.escape(exercise.question, quote=False) in sheet
        for choice in exercise.choices:
            assert html.escape(choice.label, quote=False) in sheet


def test_the_handout_gives_no_answer():
    sheet = handout_html()
    text = html.unescape(re.sub(r"<[^>]+>", " ", sheet))
    assert "<details" not in sheet and "Show the answer" not in text
    for question in questions():
        assert question.answer not in text
    for exercise in exercises():
        assert exercise.verdict not in text and exercise.moral not in text
        for choice in exercise.choices:
            assert choice.words not in text
            if exercise.ruleset != "dice_tactics":  # a chance, not a count of losses
                assert percent(choice.value).split(" (")[0] not in text  # not even the percentage alone
    assert not re.search(r"\(\d+/\d+\)", text)  # not one exact fraction


def test_the_handout_page_loads_its_print_stylesheet_on_the_site_only(monkeypatch):
    monkeypatch.delenv("TSR_STATIC_BUILD", raising=False)
    assert "handout.css" not in handout_html()
    monkeypatch.setenv("TSR_STATIC_BUILD", "1")
    assert '<link rel="stylesheet" href="../_static/css/handout.css">' in handout_html()
    assert (Path(__file__).resolve().parents[1] / "sitebuild/static/css/handout.css").is_file()


def test_the_lesson_shows_each_parts_questions_with_hidden_answers():
    for part in PARTS:
        shown = lesson_questions(part).data
        asked = [q for q in questions() if q.part == part]
        assert shown.count("<details") == len(asked)
        for q in asked:
            assert html.escape(q.answer, quote=False) in shown
    with pytest.raises(ValueError, match="parts"):
        lesson_questions("homework")


@pytest.mark.parametrize("page, call", [("dice", 'lesson_questions("intuition")'),
                                        ("dice", 'lesson_questions("exact")'),
                                        ("dice", 'lesson_questions("simulation")'),
                                        ("exercises", "exercise_sheet("), ("handout", "handout()")])
def test_the_pages_only_call_the_lesson(page, call):
    assert call in (BOOK / "classroom" / f"{page}.md").read_text(encoding="utf-8")


def test_every_exercise_is_on_the_exercises_page():
    text = (BOOK / "classroom" / "exercises.md").read_text(encoding="utf-8")
    in_book = {ruleset for ruleset in RULESETS if (BOOK / ruleset).is_dir()}  # (not the test run's toy ruleset)
    assert {ruleset for ruleset in RULESETS if f'exercise_sheet("{ruleset}")' in text} == in_book
