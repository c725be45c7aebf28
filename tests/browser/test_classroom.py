"""The classroom guide on the built site: the handout prints as the questions alone, on A4 and Letter, and the
exercises keep each answer hidden until it is asked for."""

from __future__ import annotations

import re

from boards.lesson import exercises, questions
from tests.conformance.cases import shipped_rulesets

# A PDF's page objects are "/Type /Page"; the page tree is "/Type /Pages".
_PDF_PAGE = re.compile(rb"/Type\s*/Page(?!s)")
HANDOUT_MAX_SHEETS = 5  # seven questions and the exercises, each with room to write


def test_the_handout_prints_the_questions_alone_on_a_few_sheets_of_a4_or_letter(open_page):
    """One load of the page for every check (CI time): the sheets on both papers, then what prints."""
    page, report = open_page("classroom/handout.html")
    for paper in ("A4", "Letter"):
        sheets = len(_PDF_PAGE.findall(page.pdf(format=paper)))
        assert 1 < sheets <= HANDOUT_MAX_SHEETS, f"the handout prints on {sheets} {paper} pages"
    assert page.locator(".tsr-handout-note").first.is_visible()  # the teacher's note, on screen only
    page.emulate_media(media="print")
    for selector in (".bd-header", ".bd-sidebar-primary", ".bd-sidebar-secondary", ".bd-header-article",
                     ".prev-next-footer", ".bd-footer", ".tsr-handout-note"):
        for element in page.locator(selector).all():
            assert not element.is_visible(), f"{selector} prints on the handout"
    assert page.locator("article h1").first.is_visible()
    printed = page.locator("article").inner_text()
    assert printed.count("Your guess:") == len(questions())
    shipped = [exercise for exercise in exercises() if exercise.ruleset in shipped_rulesets()]  # as the site was built
    assert printed.count("Your answer, and why:") == len(shipped)
    assert "Show the answer" not in printed
    for exercise in exercises():
        assert exercise.verdict not in printed
        for choice in exercise.choices:
            assert choice.words not in printed
    assert report.problems == []


def test_an_exercise_answer_shows_only_when_asked(open_page):
    page, report = open_page("classroom/exercises.html")
    first = exercises()[0]
    answer = page.locator(".tsr-exercise .tsr-answer").first
    verdict = answer.get_by_text(first.verdict)
    assert not verdict.is_visible()
    answer.locator("summary").click()
    assert verdict.is_visible()
    link = answer.locator("a.rule-ref").first
    assert link.get_attribute("href").startswith(f"../{first.ruleset}/")
    assert report.problems == []
