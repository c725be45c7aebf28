"""The classroom's live controls, written once: the dice roller and the house-rules lab.

The lab sweeps one setting of any ruleset over its values (:class:`LabRun`): the exact odds each value
gives (the ruleset's own odds code, :data:`EXACT`), then greedy bots' games on the same seeds for every
value, each side's wins with a 95% Wilson interval. The book's precomputed sweeps, JupyterLab's lab and
the page's lab all play through it.

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
page: ``sitebuild/static/js/live-play/tools.js`` does that, for every tool alike.
"""

from __future__ import annotations

import dataclasses
import html
import secrets
import time
from fractions import Fraction

from explorer.core import GameFactory, SameBot, run_many
from explorer.core.dice import success_chance
from explorer.core.limits import brief, whole_number
from explorer.core.registry import get_ruleset
from explorer.core.rng import GameRNG
from explorer.core.settings import _CHECK
from explorer.core.simulate import Summary, summarize

from . import family

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
            typed = str(seed).strip() if isinstance(seed, (str, int)) and not isinstance(seed, bool) else ""
            self.used_seed = (whole_number(typed, "A seed", -MAX_SEED, MAX_SEED) if typed.lstrip("-").isdigit()
                              else secrets.randbelow(10**6))
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


MAX_SEED = 10**15  # a seed a class can read out and type again


class DiceTool:
    """The dice roller as a page tool: ``roll`` and ``reset`` buttons; ``count``, ``target``, ``seed`` controls;
    ``dice`` and ``out`` outputs. Bad input is a ``ValueError`` in words, shown in ``out`` (``MESSAGE_OUTPUT``)."""

    MESSAGE_OUTPUT = "out"

    def __init__(self):
        self.series = DiceSeries()

    def command(self, name: str, values: dict) -> dict:
        target = whole_number(values.get("target", 4), "The target", 1, 6)
        if name == "roll":
            count = whole_number(values.get("count", 10), "The number of dice", 1, 20)
            faces = self.series.roll(count, target, values.get("seed", ""))
            return {"html": {"dice": dice_html(faces, target), "out": self.series.tally_html(faces, target)}}
        if name in ("reset", "target"):  # a new series (a new target keeps the seed's dice going)
            self.series.reset(keep_seed=name == "target")
            return {"html": {"dice": "", "out": NO_DICE_YET}}
        if name == "count":
            count = whole_number(values.get("count", 10), "The number of dice", 1, 20)
            return {"labels": {"roll": f"Roll {count} dice"}}
        return {}


# -- the house-rules lab ---------------------------------------------------------------------------
# A sweep: one setting of a ruleset takes each of its values in turn. For every value the lab shows
# first the exact odds the setting moves (the ruleset's own odds code, :data:`EXACT`), then what greedy
# bots make of it over many games: who wins (a 95% Wilson interval each) and how long a game lasts.
# Every value plays the very same seeds, so the only difference between two columns is the rule.
ROUND_LIMIT = 30  # a study game of a ruleset without a round limit of its own stops by then (a draw)
INCH_STEPS = (1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 8.0)
INT_FACTORS = (0.5, 0.75, 1, 1.5, 2)  # a wide whole-number range is swept around the ruling's value
BOT = "greedy"
SWEEP = "*every value*"  # the value select's first choice: a sweep over all of them


def int_steps(default: int, low: int, high: int) -> list[int]:
    """A whole-number setting's sweep: every value of a short range, else a few around the ruling's."""
    if high - low <= 6:
        return list(range(int(low), int(high) + 1))
    return sorted({v for f in INT_FACTORS if low <= (v := round(default * f)) <= high})


def house_rule_values(field) -> list:
    """The values a house rule may take, for a setting of the engine's Settings (its allowed choices)."""
    rule = field.metadata.get(_CHECK)
    if rule is not None and rule.choices:
        return list(rule.choices)
    if field.type in (bool, "bool"):
        return [False, True]
    if field.type in (float, "float") and rule is not None:
        return [v for v in INCH_STEPS if rule.low <= v <= rule.high]
    if field.type in (int, "int") and rule is not None and rule.low is not None and rule.high is not None:
        return int_steps(field.default, rule.low, rule.high)
    return []


def house_rules(ruleset: str, scenario: str | None = None) -> dict[str, list]:
    """Every setting of ``ruleset`` a house rule can change, with the values a sweep plays (the ruling's
    among them); the round limit is the lab's. With ``scenario``: only the values it can be played with."""
    fields = dataclasses.fields(get_ruleset(ruleset).settings())
    found = {f.name: values for f in fields if f.name != "max_rounds" and (values := house_rule_values(f))}
    if scenario is None:
        return found
    playable = {name: sweep_values(ruleset, name, scenario) for name in found}
    return {name: values for name, values in playable.items() if len(values) > 1}


def sweep_values(ruleset: str, setting: str, scenario: str | None = None) -> list:
    """The values of one setting a sweep plays (in ``scenario``: those it can be played with)."""
    field = next((f for f in dataclasses.fields(get_ruleset(ruleset).settings()) if f.name == setting), None)
    if field is None:
        raise ValueError(f"{get_ruleset(ruleset).title} has no setting {setting!r}")
    values = house_rule_values(field)
    if scenario is None:
        return values
    get_ruleset(ruleset).new_game(scenario)  # an unknown scenario is an error, not a scenario with no house rules
    return [v for v in values if _playable(ruleset, scenario, setting, v)]


def _playable(ruleset: str, scenario: str, setting: str, value) -> bool:
    try:
        get_ruleset(ruleset).new_game(scenario, **{setting: value})
    except ValueError:  # a scenario that needs another value (army men's standard scenario needs the standard rules)
        return False
    return True


def words(value) -> str:
    """A setting's value as a reader says it."""
    return {True: "yes", False: "no"}.get(value, str(value).replace("_", " ")) if isinstance(value, (bool, str)) \
        else f"{value:g}"


def setting_words(setting: str) -> str:
    return setting.replace("_", " ")


def ruled_value(ruleset: str, setting: str, scenario: str | None = None):
    """The ruling's value of ``setting`` (in ``scenario``, which may set it: army men's variant)."""
    rules = get_ruleset(ruleset)
    settings = rules.new_game(scenario).settings if scenario else rules.settings()
    return getattr(settings, setting)


def other_values(ruleset: str, setting: str, scenario: str | None = None) -> list:
    """The values of ``setting`` other than the ruling's own (the house rules to try)."""
    ruled = ruled_value(ruleset, setting, scenario)
    return [v for v in sweep_values(ruleset, setting, scenario) if v != ruled]


def round_limit(ruleset: str) -> int:
    """The round limit of a study game: the ruleset's own, or :data:`ROUND_LIMIT`."""
    return get_ruleset(ruleset).settings().max_rounds or ROUND_LIMIT


def value_label(value, ruled) -> str:
    return f"{words(value)} (as ruled)" if value == ruled else words(value)


# -- exact odds: what a setting does to the dice (or cards, or numbers) before any game is played ----------
EXACT = {name: family.look(name).house_rule_odds for name in family.rulesets(order="simplest")}
"""Per ruleset (the registry's, the simplest to learn first): the settings of a game -> a few exact chances (or
numbers) a house rule may move, each computed by the ruleset's own odds code (the same the game's dice and the
book's odds explorers use); each its board module's ``house_rule_odds``."""
LAB_RULESETS = EXACT  # the rulesets the lab offers: those whose exact odds it can show


def exact_odds(ruleset: str, scenario: str, setting: str, values) -> dict[str, list[tuple[str, Fraction]]]:
    """For each value of ``setting`` (its label -> rows of (what, exact value)), in ``scenario``'s game."""
    rules, ruled = get_ruleset(ruleset), ruled_value(ruleset, setting, scenario)
    return {value_label(v, ruled): EXACT[ruleset](rules.new_game(scenario, **{setting: v}).settings) for v in values}


def is_chance(rows) -> bool:
    return all(0 <= value <= 1 for _, value in rows) and not any("number" in what for what, _ in rows)


def exact_html(odds: dict[str, list[tuple[str, Fraction]]]) -> str:
    """The exact odds of a sweep as a table: a row per chance, a column per value of the setting."""
    if not odds:
        return ""
    labels = list(odds)
    whats = [what for what, _ in odds[labels[0]]]
    chance = is_chance(odds[labels[0]])

    def cell(value: Fraction) -> str:
        return (f"{float(value):.1%} <small>({value})</small>" if chance and value not in (0, 1) else
                f"{float(value):.0%}" if chance else f"{value}")

    head = "".join(f"<th>{html.escape(label)}</th>" for label in labels)
    rows = "".join(f"<tr><td>{html.escape(what)}</td>"
                   + "".join(f"<td>{cell(dict(odds[label])[what])}</td>" for label in labels) + "</tr>"
                   for what in whats)
    return ('<div style="overflow-x:auto"><table style="font-size:18px;border-collapse:collapse" cellpadding="6">'
            f"<tr><th>exact{' chance' if chance else ''}</th>{head}</tr>{rows}</table></div>")


# -- the games ----------------------------------------------------------------------------------------
def study_words(summaries: dict[str, Summary], sides: tuple[str, ...]) -> str:
    """A study's results in words (also the text alternative of its charts)."""
    parts = []
    for variant, summary in summaries.items():
        won = ", ".join(f"{side} won {summary.win_rate(side):.0%}" for side in sides)
        parts.append(f"{variant}: {won} of {summary.games} games; {summary.mean_rounds:.1f} rounds on average")
    return "Bot games under each house rule. " + ". ".join(parts) + "."


def share_cell(summary: Summary, side: str) -> str:
    won = summary.win_share(side)
    return f"{won.value:.0%} <small>({won.low:.0%}–{won.high:.0%})</small>"


def results_html(summaries: dict[str, Summary], sides) -> str:
    """The games of a study: a row per variant, each side's wins with its 95% Wilson interval."""
    rows = "".join(
        f"<tr><td>{html.escape(label)}</td><td>{s.games}</td>"
        + "".join(f"<td>{share_cell(s, side)}</td>" for side in sides)
        + f"<td>{s.draws + s.unfinished}</td><td>{s.mean_rounds:.1f}</td></tr>"
        for label, s in summaries.items())
    head = "".join(f"<th>{html.escape(side)} won</th>" for side in sides)
    # the table scrolls sideways on a phone rather than losing its last columns
    return ('<div style="overflow-x:auto"><table style="font-size:18px;border-collapse:collapse" cellpadding="6">'
            f"<tr><th>variant</th><th>games</th>{head}<th>no winner</th><th>mean rounds</th></tr>{rows}</table></div>"
            "<p><small>In brackets: the 95% confidence interval of each share (Wilson's).</small></p>"
            f"<p>{html.escape(study_words(summaries, tuple(sides)))}</p>")


class LabRun:
    """One sweep of the lab: greedy bots play the same seeds under each value of one setting, a game at a time.

    ``values``: the values to play (``None`` or :data:`SWEEP`: every value the lab offers for the setting in
    that scenario, the ruling's among them); a single value is played against the ruling's.
    """

    def __init__(self, ruleset: str, scenario: str, setting: str, values=None, games: int = 20):
        rules = get_ruleset(ruleset)
        self.ruleset, self.scenario, self.setting, self.games = ruleset, scenario, setting, games
        self.bot, self.sides = rules.bots[BOT], rules.new_game(scenario).sides
        ruled = ruled_value(ruleset, setting, scenario)
        if values is None or values == SWEEP:
            values = sweep_values(ruleset, setting, scenario)
            values = values if len(values) > 1 else [ruled]
        elif not isinstance(values, (list, tuple)):
            values = [ruled, values] if values != ruled else [ruled]
        self.values = list(values)
        limit = round_limit(ruleset)
        self.labels = {value_label(v, ruled): v for v in self.values}
        self.jobs = [(label, GameFactory.of(ruleset, scenario, max_rounds=limit, **{setting: v}), seed)
                     for seed in range(games) for label, v in self.labels.items()]
        self.results: dict[str, list] = {label: [] for label in self.labels}
        self.done = 0
        self._exact: dict | None = None

    @property
    def seeds(self) -> range:
        return range(self.games)

    def exact(self) -> dict[str, list[tuple[str, Fraction]]]:
        """The exact odds under each value (worked out once: the page asks for them after every slice)."""
        if self._exact is None:
            self._exact = exact_odds(self.ruleset, self.scenario, self.setting, self.values)
        return self._exact

    def play_next(self) -> None:
        label, factory, seed = self.jobs[self.done]
        self.results[label].extend(run_many(factory, SameBot(self.bot, self.sides), [seed]))
        self.done += 1

    def record(self, label: str, results) -> None:
        """A game played elsewhere (an executor in the kernel)."""
        self.results[label].extend(results)
        self.done += 1

    def play_all(self, executor=None) -> dict[str, Summary]:
        """Every game left at once, on ``executor`` if given (a precomputed sweep)."""
        play_runs([self], executor)
        return self.summaries()

    @property
    def finished(self) -> bool:
        return self.done == len(self.jobs)

    def summaries(self) -> dict[str, Summary]:
        return {label: summarize(found) for label, found in self.results.items() if found}

    def describe(self) -> str:
        """Scenario, bots, games and seeds, for a page to state."""
        return (f"{get_ruleset(self.ruleset).title}, scenario {self.scenario.replace('_', ' ')}: two {BOT} bots, "
                f"{self.games} games for each value of {setting_words(self.setting)} (seeds 0 to {self.games - 1}, "
                f"the same for every value), at most {round_limit(self.ruleset)} rounds a game")

    def html(self) -> str:
        return exact_html(self.exact()) + results_html(self.summaries(), self.sides)


def play_runs(runs, executor=None) -> None:
    """Play every game left of several runs, all handed to ``executor`` at once (so a pool never idles
    between two sweeps of a page); ``None``: one after the other, here."""
    if executor is None:
        for run in runs:
            while not run.finished:
                run.play_next()
        return
    futures = [(run, label, executor.submit(run_many, factory, SameBot(run.bot, run.sides), [seed]))
               for run in runs for label, factory, seed in run.jobs[run.done:]]
    for run, label, future in futures:
        run.record(label, future.result())


def _chosen(values: dict, name: str, offered: list[str]):
    """The value of the select ``name``: one of ``offered``, or a ValueError saying so."""
    value = values.get(name)
    if not isinstance(value, str) or value not in offered:
        raise ValueError(f"the {name} must be one of {', '.join(offered)}, not {brief(value)}")
    return value


GAMES = 20  # games a value to start with: a first answer in seconds, in the page too
MOST_GAMES = 200  # games a value, page and JupyterLab alike (the page plays the slowest sweep in under a minute)
STEP_SECONDS = 0.25  # a slice of games between two answers, so the bar moves while they play


def value_options(ruleset: str, setting: str, scenario: str | None = None) -> list[list]:
    """The value select: the whole sweep (:data:`SWEEP`), then each house rule against the ruling."""
    values = sweep_values(ruleset, setting, scenario)
    if len(values) < 2:  # a setting this scenario cannot change (army men's standard scenario needs the standard variant)
        return [["(this scenario plays only the ruling's value)", SWEEP]]
    return ([[f"every value ({len(values)}): a sweep", SWEEP]]
            + [[f"{words(v)}, against the ruling", v] for v in other_values(ruleset, setting, scenario)])


class LabTool:
    """The house-rules lab as a page tool: ``ruleset`` -> ``scenario`` and ``setting`` -> ``value`` selects,
    ``games``, a ``run`` button, the ``progress`` bar and the ``results``. A select's value edited in the page
    (anything) is a ``ValueError`` in words, shown in ``results`` (``MESSAGE_OUTPUT``); the last run is kept."""

    MESSAGE_OUTPUT = "results"

    def __init__(self):
        self.run: LabRun | None = None

    def command(self, name: str, values: dict) -> dict:
        if name == "ruleset":
            return self._ruleset(_chosen(values, "ruleset", list(LAB_RULESETS)))
        if name in ("setting", "scenario"):
            ruleset, scenario, setting = self._choices(values)
            return self._setting(ruleset, setting, scenario)
        if name == "run":
            ruleset, scenario, setting = self._choices(values)
            games = whole_number(values.get("games", GAMES), "The number of games", 1, MOST_GAMES)
            value = values.get("value")
            offered = [v for _, v in value_options(ruleset, setting, scenario)]
            if value is not None and value not in offered:
                raise ValueError(f"{brief(value)} is not a value of {setting_words(setting)} offered here")
            self.run = LabRun(ruleset, scenario, setting, value, games)
            return self._slice()
        if name == "step" and self.run is not None:
            return self._slice()
        return {}

    @staticmethod
    def _choices(values: dict) -> tuple[str, str, str]:
        """The ruleset, scenario and setting chosen, each one the lab offers (else a ValueError in words)."""
        ruleset = _chosen(values, "ruleset", list(LAB_RULESETS))
        scenario = _chosen(values, "scenario", list(get_ruleset(ruleset).scenarios))
        setting = _chosen(values, "setting", list(house_rules(ruleset)))
        return ruleset, scenario, setting

    def _ruleset(self, ruleset: str) -> dict:
        rules = get_ruleset(ruleset)
        settings = list(house_rules(ruleset))
        scenario = next(iter(rules.scenarios))
        answer = self._setting(ruleset, settings[0], scenario)
        answer["options"].update(scenario=[[name.replace("_", " "), name] for name in rules.scenarios],
                                 setting=[[setting_words(s), s] for s in settings])
        return answer

    def _setting(self, ruleset: str, setting: str, scenario: str | None) -> dict:
        return {"options": {"value": value_options(ruleset, setting, scenario)}}

    def _slice(self) -> dict:
        run = self.run
        started = time.perf_counter()
        while not run.finished and time.perf_counter() - started < STEP_SECONDS:
            run.play_next()
        note = ("<p>This page plays the games one after another, on one core of this device; JupyterLab "
                "(make lab) plays them on every core.</p>")
        return {"progress": [run.done, len(run.jobs)], "again": not run.finished, "html": {"results": run.html() + note}}
