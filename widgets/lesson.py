"""The classroom lesson's questions and exercises as HTML, for the lesson pages and the printable handout.

The questions, the exercises and their answers are :mod:`boards.lesson`'s
(the engine works every number out); this module only lays them out. An
answer is a closed ``<details>``: hidden until the teacher opens it, on the
site and in JupyterLab alike, with no script. The handout is made from the
very same definitions, with every answer left out.

Sizes are in ``em`` with a floor in pixels: the site's Projector mode (a
larger root font) enlarges them, and JupyterLab's smaller output font still
reads from the back of a room.
"""

from __future__ import annotations

import html
import os

from boards.lesson import PARTS, Exercise, Question, exercises, questions

from .links import RuleLinks, rule_title

LINKS = RuleLinks(here=None)  # the classroom pages sit beside the chapters' folders
HANDOUT_CSS = "../_static/css/handout.css"  # sitebuild/static/css/handout.css, from book/classroom/
BOX = "border:1px solid #c9c2b0;border-radius:6px;padding:0.6em 0.9em;margin:0.8em 0;break-inside:avoid"
ASK = "font-size:max(1.2em, 20px);line-height:1.4;margin:0 0 0.4em"
SUMMARY = "cursor:pointer;font-weight:600;color:#1f3a12;font-size:max(1.05em, 18px);padding:0.2em 0"
LETTERS = "ABCDEFGH"


def _e(text: str) -> str:
    return html.escape(text, quote=False)


def _answer(inner: str) -> str:
    """An answer hidden until revealed (a click on "Show the answer")."""
    return (f'<details class="tsr-answer"><summary style="{SUMMARY}">Show the answer</summary>'
            f'<div style="font-size:max(1.1em, 18px);line-height:1.45;margin-top:0.3em">{inner}</div></details>')


def question_html(question: Question, number: int, *, reveal: bool = True) -> str:
    """One question for the class; with ``reveal``, its answer behind "Show the answer"."""
    answer = _answer(f"<p>{_e(question.answer)}</p>") if reveal else \
        '<p class="tsr-write" style="margin:0.2em 0">Your guess:</p>'
    return (f'<div class="tsr-question" style="{BOX}"><p class="tsr-ask" style="{ASK}"><b>Q{number}.</b> {_e(question.ask)}</p>'
            f"{answer}</div>")


def _choices(exercise: Exercise) -> str:
    items = "".join(f"<li><b>{LETTERS[i]}.</b> {_e(c.label)}</li>" for i, c in enumerate(exercise.choices))
    return f'<ul class="tsr-choices" style="list-style:none;padding-left:0.4em;font-size:1.1em;margin:0 0 0.4em">{items}</ul>'


def exercise_html(exercise: Exercise, number: int, *, reveal: bool = True) -> str:
    """One exercise: its question and choices; with ``reveal``, the engine's answer and its rule links."""
    head = (f'<p style="margin:0 0 0.3em;font-size:1.05em"><b>Exercise {number}. {_e(exercise.title)}</b></p>'
            f'<p class="tsr-ask" style="{ASK}">{_e(exercise.question)}</p>{_choices(exercise)}')
    rules = ", ".join(LINKS.link(key) for key in dict.fromkeys(exercise.rules))
    if reveal:
        lines = "".join(f"<li>{_e(c.label)}: {_e(c.words)}.</li>" for c in exercise.choices)
        moral = f"<p>{_e(exercise.moral)}</p>" if exercise.moral else ""
        body = (f"<p><b>{_e(exercise.verdict)}</b></p><ul>{lines}</ul>{moral}"
                f'<p style="font-size:0.9em">Worked out exactly by the engine. The rules: {rules}</p>')
        tail = _answer(body)
    else:  # the handout: somewhere to write, and where to read the rules (no answer)
        titles = ", ".join(_e(rule_title(k)) for k in dict.fromkeys(exercise.rules))
        tail = (f'<p class="tsr-write" style="margin:0.2em 0">Your answer, and why:</p>'
                f'<p class="tsr-read" style="font-size:0.9em;margin:0.3em 0 0">The rules to read: {titles}.</p>')
    return f'<div class="tsr-exercise" style="{BOX}">{head}{tail}</div>'


def _html(markup: str):
    from IPython.display import HTML

    return HTML(markup)


def _numbered_questions() -> list[tuple[int, Question]]:
    return list(enumerate(questions(), start=1))


def lesson_questions(part: str):
    """The questions of one part of the lesson (a key of :data:`boards.lesson.PARTS`), answers hidden."""
    if part not in PARTS:
        raise ValueError(f"the lesson's parts are {', '.join(PARTS)}, not {part!r}")
    return _html("".join(question_html(q, n) for n, q in _numbered_questions() if q.part == part))


def exercise_sheet(ruleset: str | None = None):
    """The exercises (of one ruleset, or all), numbered as on the handout, answers hidden."""
    numbered = list(enumerate(exercises(), start=1))
    return _html("".join(exercise_html(e, n) for n, e in numbered if ruleset in (None, e.ruleset)))


def handout_html() -> str:
    """The printable handout: every question and exercise, numbered as in the lesson, and no answer."""
    parts = []
    for part, heading in PARTS.items():
        asked = "".join(question_html(q, n, reveal=False) for n, q in _numbered_questions() if q.part == part)
        parts.append(f'<div class="tsr-handout-part"><p class="tsr-handout-heading"><b>{_e(heading)}</b></p>'
                     f"{asked}</div>")
    sheet = "".join(exercise_html(e, n, reveal=False) for n, e in enumerate(exercises(), start=1))
    parts.append('<div class="tsr-handout-part"><p class="tsr-handout-heading"><b>Exercises: which is the better '
                 f"choice?</b></p>{sheet}</div>")
    style = ""
    if os.environ.get("TSR_STATIC_BUILD"):  # the handout's print rules, on this page only (the site serves them)
        style = f'<link rel="stylesheet" href="{HANDOUT_CSS}">'
    return f'{style}<div class="tsr-handout">{"".join(parts)}</div>'


def handout():
    """The handout as a cell's output."""
    return _html(handout_html())
