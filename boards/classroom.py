"""The classroom's live controls, written once: the dice roller and the house-rules lab.

Bokeh- and ipywidgets-free, so the same code runs in a JupyterLab kernel
(``widgets.dice_odds.DiceRoller`` and ``widgets.study.HouseRulesLab`` are
thin ipywidgets shells over it) and in the page's Web Worker, where the
site's static snapshot of those controls comes alive.

In the page a control is a *page tool*: its snapshot names a class here
(``data-tool``) and each of its controls and outputs by a name
(``data-name``). The page sends ``command(name, values)`` (the button
pressed or the control changed, and every named control's value) and shows
the answer: ``html`` (output name -> HTML), ``options`` (select name ->
``[label, value]`` pairs), ``labels`` (button name -> its words), ``progress``
(``[done, total]``) and ``again`` (send ``"step"`` next, for work done a
slice at a time so the page can show it arriving). Nothing here knows a
page: ``sitebuild/static/js/live-play.js`` does that, for every tool alike.
"""

from __future__ import annotations

import dataclasses
import html
import secrets
import time

from explorer.core import GameFactory, SameBot, run_many
from explorer.core.dice import success_chance
from explorer.core.registry import get_ruleset
from explorer.core.rng import GameRNG
from explorer.core.settings import _CHECK
from explorer.core.simulate import Summary, summarize

# -- dice ------------------------------------------------------------------------------------------
DIE_FACES = "⚀⚁⚂⚃⚄⚅"
HIT, MISS = "#1E6B3A", "#8a8a8a"  # a success in green, a failure in grey (and the face says it too)
BIG = "font-size:20px"
NO_DICE_YET = f'<p style="{BIG}">No dice rolled yet.</p>'


def dice_html(faces, target: int) -> str:
    """Dice as big faces a class can read from the back of the room: a success green, a failure grey."""
    dice = "".join(
        f'<span title="{face}" style="font-size:72px;line-height:1;margin:0 2px;'
        f'color:{HIT if face >= target else MISS}">{DIE_FACES[face - 1]}</span>' for face in faces)
    return f'<div style="display:flex;flex-wrap:wrap;align-items:center">{dice}</div>'


class DiceSeries:
    """A series of rolls from the engine's seeded dice against a target, with its tally.

    A fresh seed for every series unless one is typed in; the seed used is
    shown, so a class can roll the very same dice again.
    """

    def __init__(self):
        self.rng: GameRNG | None = None
        self.used_seed: int | None = None
        self.rolls = self.hits = 0

    def reset(self, keep_seed: bool = False) -> None:
        self.rolls = self.hits = 0
        if not keep_seed:
            self.rng = None

    def roll(self, count: int, target: int, seed: str = "") -> list[int]:
        if self.rng is None:
            typed = str(seed).strip()
            self.used_seed = int(typed) if typed.lstrip("-").isdigit() else secrets.randbelow(10**6)
            self.rng = GameRNG(self.used_seed)
        faces = self.rng.roll(count)
        self.rolls += len(faces)
        self.hits += sum(face >= target for face in faces)
        return faces

    def tally_html(self, faces, target: int) -> str:
        exact = float(success_chance(target, natural_fail=None))
        return (
            f'<p style="{BIG}">Rolled {" ".join(map(str, faces))}: {sum(f >= target for f in faces)} '
            f"scored {target}+. So far <b>{self.hits} of {self.rolls}</b> scored {target}+ "
            f"(<b>{self.hits / self.rolls:.1%}</b>; exact chance {exact:.1%}). "
            f'<span style="color:#555">Seed {self.used_seed}: type it in to roll the same dice again.</span></p>')


class DiceTool:
    """The dice roller as a page tool: ``roll`` and ``reset`` buttons; ``count``, ``target``, ``seed`` controls;
    ``dice`` and ``out`` outputs."""

    def __init__(self):
        self.series = DiceSeries()

    def command(self, name: str, values: dict) -> dict:
        target = int(values.get("target", 4))
        if name == "roll":
            count = max(1, min(20, int(values.get("count", 10))))
            faces = self.series.roll(count, target, values.get("seed", ""))
            return {"html": {"dice": dice_html(faces, target), "out": self.series.tally_html(faces, target)}}
        if name in ("reset", "target"):  # a new series (a new target keeps the seed's dice going)
            self.series.reset(keep_seed=name == "target")
            return {"html": {"dice": "", "out": NO_DICE_YET}}
        if name == "count":
            return {"labels": {"roll": f"Roll {values.get('count', 10)} dice"}}
        return {}


# -- the house-rules lab ---------------------------------------------------------------------------
ROUND_LIMIT = 30  # every study game stops by then (a draw), so a run has a known end
INCH_STEPS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0)


def house_rule_values(field) -> list:
    """The values a house rule may take, for a setting of the engine's Settings (its allowed choices)."""
    rule = field.metadata.get(_CHECK)
    if rule is not None and rule.choices:
        return list(rule.choices)
    if field.type in (bool, "bool"):
        return [False, True]
    if field.type in (float, "float") and rule is not None:
        return [v for v in INCH_STEPS if rule.low <= v <= rule.high]
    return []


def house_rules(ruleset: str) -> dict[str, list]:
    """Every setting of ``ruleset`` a house rule can change, with its values (the round limit is the lab's)."""
    fields = dataclasses.fields(get_ruleset(ruleset).settings())
    return {f.name: values for f in fields if f.name != "max_rounds" and (values := house_rule_values(f))}


def words(value) -> str:
    """A setting's value as a reader says it."""
    return {True: "yes", False: "no"}.get(value, str(value).replace("_", " ")) if isinstance(value, (bool, str)) \
        else f"{value:g}"


def other_values(ruleset: str, setting: str) -> list:
    """The values of ``setting`` other than the ruling's own (the house rules to try)."""
    default = getattr(get_ruleset(ruleset).settings(), setting)
    return [v for v in house_rules(ruleset)[setting] if v != default]


def variants(setting: str, value) -> dict[str, dict]:
    """The two variants of a run: the rulings as they are, and the house rule, each with the round limit."""
    return {"as ruled": {"max_rounds": ROUND_LIMIT},
            f"{setting.replace('_', ' ')}: {words(value)}": {"max_rounds": ROUND_LIMIT, setting: value}}


def study_words(summaries: dict[str, Summary], sides: tuple[str, ...]) -> str:
    """A study's results in words (also the text alternative of its charts)."""
    parts = []
    for variant, summary in summaries.items():
        won = ", ".join(f"{side} won {summary.win_rate(side):.0%}" for side in sides)
        parts.append(f"{variant}: {won} of {summary.games} games; {summary.mean_rounds:.1f} rounds on average")
    return "Bot games under each house rule. " + ". ".join(parts) + "."


def results_html(summaries: dict[str, Summary], sides) -> str:
    rows = "".join(
        f"<tr><td>{html.escape(label)}</td><td>{s.games}</td>"
        + "".join(f"<td>{s.win_rate(side):.0%}</td>" for side in sides)
        + f"<td>{s.draws + s.unfinished}</td><td>{s.mean_rounds:.1f}</td></tr>"
        for label, s in summaries.items())
    head = "".join(f"<th>{html.escape(side)} won</th>" for side in sides)
    # the table scrolls sideways on a phone rather than losing its last columns
    return ('<div style="overflow-x:auto"><table style="font-size:18px;border-collapse:collapse" cellpadding="6">'
            f"<tr><th>variant</th><th>games</th>{head}<th>no winner</th><th>mean rounds</th></tr>{rows}</table></div>"
            f"<p>{html.escape(study_words(summaries, tuple(sides)))}</p>")


class LabRun:
    """One run of the lab: greedy bots play the same seeds as ruled and with the house rule, a game at a time."""

    def __init__(self, ruleset: str, scenario: str, setting: str, value, games: int):
        rules = get_ruleset(ruleset)
        self.bot, self.sides = rules.bots["greedy"], rules.new_game(scenario).sides
        chosen = variants(setting, value)
        self.jobs = [(label, GameFactory.of(ruleset, scenario, **settings), seed)
                     for seed in range(games) for label, settings in chosen.items()]
        self.results: dict[str, list] = {label: [] for label in chosen}
        self.done = 0

    def play_next(self) -> None:
        label, factory, seed = self.jobs[self.done]
        self.results[label].extend(run_many(factory, SameBot(self.bot, self.sides), [seed]))
        self.done += 1

    def record(self, label: str, results) -> None:
        """A game played elsewhere (an executor in the kernel)."""
        self.results[label].extend(results)
        self.done += 1

    @property
    def finished(self) -> bool:
        return self.done == len(self.jobs)

    def summaries(self) -> dict[str, Summary]:
        return {label: summarize(found) for label, found in self.results.items() if found}


PAGE_MAX_GAMES = 20  # the page plays on one core of the reader's browser: a few games each
STEP_SECONDS = 0.25  # a slice of games between two answers, so the bar moves while they play


class LabTool:
    """The house-rules lab as a page tool: ``ruleset`` -> ``scenario`` and ``setting`` -> ``value`` selects,
    ``games``, a ``run`` button, the ``progress`` bar and the ``results``."""

    def __init__(self):
        self.run: LabRun | None = None

    def command(self, name: str, values: dict) -> dict:
        if name == "ruleset":
            return self._ruleset(values["ruleset"])
        if name == "setting":
            return self._setting(values["ruleset"], values["setting"])
        if name == "run":
            games = max(1, min(PAGE_MAX_GAMES, int(values.get("games", PAGE_MAX_GAMES))))
            self.run = LabRun(values["ruleset"], values["scenario"], values["setting"], values["value"], games)
            return self._slice()
        if name == "step" and self.run is not None:
            return self._slice()
        return {}

    def _ruleset(self, ruleset: str) -> dict:
        rules = get_ruleset(ruleset)
        settings = list(house_rules(ruleset))
        answer = self._setting(ruleset, settings[0])
        answer["options"].update(scenario=[[name.replace("_", " "), name] for name in rules.scenarios],
                                 setting=[[s.replace("_", " "), s] for s in settings])
        return answer

    def _setting(self, ruleset: str, setting: str) -> dict:
        return {"options": {"value": [[words(v), v] for v in other_values(ruleset, setting)]}}

    def _slice(self) -> dict:
        run = self.run
        started = time.perf_counter()
        while not run.finished and time.perf_counter() - started < STEP_SECONDS:
            run.play_next()
        note = (f"<p>In this page each variant plays at most {PAGE_MAX_GAMES} games; JupyterLab (make lab) "
                "plays as many as you ask, on every core.</p>")
        return {"progress": [run.done, len(run.jobs)], "again": not run.finished,
                "html": {"results": results_html(run.summaries(), run.sides) + note}}
