"""The army builder of the standard rules: two armies, squad by squad, checked by the engine; save; play.

Bokeh- and ipywidgets-free, so the same code runs in a JupyterLab kernel
(``widgets.army_men.ArmyBuilder`` is a thin ipywidgets shell over it) and in
the page's Web Worker as a page tool (see ``boards.classroom`` for the
protocol). The controls: ``side`` (whose army the sheet shows), a count per
kind of trooper and squad (``<kind>-<squad>``), the ``points`` agreed, the
buttons ``save`` (the armies as a file to download) and ``start`` (a game
from the two armies, for live play to load), and ``load`` (a saved file's
text). The outputs: ``summary`` (points and every rule broken, linked) and
``message``. Answers may carry ``values`` (control name -> value: the sheet
after a change of side or a load), ``download`` and ``play``.
"""

from __future__ import annotations

import html
import json
from collections.abc import Callable

from explorer.core import RuleViolation
from explorer.core.limits import brief, parse_json
from explorer.core.registry import get_ruleset
from explorer.core.rules import RuleRef
from explorer.rulesets.army_men import army_game, army_points, army_problems
from explorer.rulesets.army_men.data import PROFILES
from explorer.rulesets.army_men.scenarios import ARMY_COLUMNS, MAX_SQUADS
from explorer.rulesets.army_men.sections import ref

SIDES = tuple(ARMY_COLUMNS)
SQUADS = ("alpha", "bravo", "charlie")[:MAX_SQUADS]
KINDS = ("sargent",) + tuple(kind for kind in PROFILES if kind != "sargent")  # the sargent heads his squad
BUDGETS = (None, 100, 150, 200, 300)
MOST_OF_A_KIND = 12  # one past the largest squad, so an oversized squad can be entered and refused
FILE_NAME = "army-men-armies.json"

STARTING_ARMIES = {
    "green": {"alpha": ["sargent"] + ["regular"] * 5 + ["heavy_weapon"]},
    "tan": {"bravo": ["sargent"] + ["regular"] * 4 + ["submachine_gunner", "grenadier"]},
}


def count_name(kind: str, squad: str) -> str:
    """The name of the control holding how many ``kind`` squad ``squad`` has."""
    return f"{kind}-{squad}"


def site_link(key: str) -> str:
    """A rule link from a page of the army-men chapter to the section stating the rule."""
    ref = RuleRef.parse(key)
    section = get_ruleset(ref.ruleset).sections[ref.section]
    return (f'<a class="rule-ref" href="{section.page}.html#{ref.label}" title="{html.escape(key)}">'
            f"{html.escape(section.title)}</a>")


def counts_of(squad_kinds: list[str]) -> dict[str, int]:
    return {kind: squad_kinds.count(kind) for kind in KINDS}


def kinds_of(counts: dict[str, int]) -> list[str]:
    """A squad's troopers from its counts, in the order of the profiles (the sargent first)."""
    return [kind for kind in KINDS for _ in range(max(0, int(counts.get(kind, 0))))]


MAX_FILE_CHARS = 1_000_000  # an armies file is a few hundred characters


def read_armies(text: str) -> tuple[dict, int | None]:
    """``{"points": …, "armies": {side: {squad: [kinds]}}}`` (the builder's file) -> (armies, points).

    Anything malformed raises ``ValueError`` saying what is wrong; the rules of
    army creation are not checked here (the summary shows what an army breaks).
    """
    if not isinstance(text, (str, bytes)) or len(text) > MAX_FILE_CHARS:
        raise ValueError(f"not an armies file: it is JSON text of at most {MAX_FILE_CHARS:,} characters")
    try:
        data = parse_json(text, ValueError, "the file")
    except ValueError as error:
        raise ValueError(f"not an armies file: {error}") from None
    if not isinstance(data, dict) or not isinstance(data.get("armies"), dict):
        raise ValueError('not an armies file: it should hold {"points": …, "armies": {side: {squad: [kinds]}}}')
    points = agreed_points(data.get("points"))
    armies = data["armies"]
    if set(armies) != set(SIDES):
        raise ValueError(f"the armies should be those of {' and '.join(SIDES)}, "
                         f"not of {', '.join(brief(str(side)) for side in list(armies)[:5])}")
    for side, squads in armies.items():
        if not isinstance(squads, dict) or not set(squads) <= set(SQUADS):
            raise ValueError(f"{side}'s squads should be named among {', '.join(SQUADS)}")
        for squad, kinds in squads.items():
            if not isinstance(kinds, list) or not all(isinstance(k, str) for k in kinds):
                raise ValueError(f"{side}'s squad {squad} should be a list of kinds of trooper")
            unknown = sorted(set(kinds) - set(KINDS))
            if unknown:
                raise ValueError(f"{side}'s squad {squad} names unknown kinds: {', '.join(unknown)} "
                                 f"(the kinds are {', '.join(KINDS)})")
            if len(kinds) > MOST_OF_A_KIND * len(KINDS):
                raise ValueError(f"{side}'s squad {squad} has {len(kinds)} troopers, far beyond any squad")
    return {side: {squad: list(kinds) for squad, kinds in armies[side].items() if kinds} for side in SIDES}, points


MAX_POINTS = 10_000
"""The most points an army may be agreed to cost: far above the dearest army the builder can make."""


def agreed_points(value) -> int | None:
    """The points agreed: ``None`` (no limit) or a whole number from 1 to :data:`MAX_POINTS`; else a ValueError."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= MAX_POINTS:
        return value
    raise ValueError(f"points should be a whole number from 1 to {MAX_POINTS:,}, or no limit, not {brief(value)}")


class ArmyBuilder:
    """Two armies being built, as a page tool: ``command(name, values) -> answer``.

    ``link(key)`` words a rule link (the site's by default; JupyterLab passes its own).
    """

    MESSAGE_OUTPUT = "message"  # where a page tool's refusal is shown (boards.live.tool)

    def __init__(self, link: Callable[[str], str] = site_link):
        self.link = link
        self.armies = {side: {squad: list(kinds) for squad, kinds in squads.items()}
                       for side, squads in STARTING_ARMIES.items()}
        self.points: int | None = 150
        self.shown = SIDES[0]  # whose army the count controls hold

    # -- the tool protocol ----------------------------------------------------------------------
    def command(self, name: str, values: dict) -> dict:
        if "points" in values:
            try:
                self.points = agreed_points(values["points"])
            except ValueError as error:  # the sheet keeps the points it had, and says why
                return {**self.answer(f'<p class="am-army-refused"><b>Points not changed:</b> '
                                      f'{html.escape(str(error))}</p>'), "values": {"points": self.points}}
        if name == "load":
            return self.load(values.get("load", ""))
        self._record(values)
        if name == "side":
            self.shown = values["side"] if values.get("side") in SIDES else self.shown
            return {**self.answer(), "values": self.counts()}
        if name == "save":
            return {**self.answer(f"<p>Saved as {FILE_NAME}: <i>Load</i> brings the armies back.</p>"),
                    "download": {"name": FILE_NAME, "text": self.to_json()}}
        if name == "start":
            return self.start()
        return self.answer()

    def _record(self, values: dict) -> None:
        """The count controls' values, which belong to the army shown (before any change of side)."""
        squads = {}
        for squad in SQUADS:
            counts = {kind: _whole(values.get(count_name(kind, squad))) for kind in KINDS}
            if any(value is None for value in counts.values()):
                return  # a count not sent (a command from elsewhere): keep the army as it is
            kinds = kinds_of(counts)
            if kinds:
                squads[squad] = kinds
        self.armies[self.shown] = squads

    def counts(self) -> dict[str, int]:
        """The count controls' values for the army shown."""
        squads = self.armies[self.shown]
        return {count_name(kind, squad): counts_of(squads.get(squad, [])).get(kind, 0)
                for squad in SQUADS for kind in KINDS}

    # -- reading and writing armies -------------------------------------------------------------
    def to_json(self) -> str:
        return json.dumps({"points": self.points, "armies": self.armies}, indent=1)

    def load(self, text: str) -> dict:
        """Take the armies of a saved file (its text); anything malformed changes nothing and says why."""
        try:
            armies, points = read_armies(text)
        except ValueError as error:
            return self.answer(f'<p class="am-army-refused"><b>Not loaded:</b> {html.escape(str(error))}</p>')
        self.armies, self.points = armies, points
        return {**self.answer("<p>Loaded: the armies of the file are on the sheet.</p>"),
                "values": {**self.counts(), "points": points}}

    def problems(self) -> dict[str, list[RuleViolation]]:
        return {side: army_problems(squads, points=self.points) + ([] if squads else [_empty(side)])
                for side, squads in self.armies.items()}

    def start(self) -> dict:
        """A game from the two armies, as the saved game live play loads; or the first rule they break."""
        problems = self.problems()
        refused = next((p for side in SIDES for p in problems[side]), None)
        if refused is not None:
            return self.answer(f'<p class="am-army-refused"><b>No game yet:</b> {self._refusal(refused)}</p>')
        game = army_game(self.armies, points=self.points)
        return {**self.answer("<p>The game is set up: the armies face each other on the skirmish table.</p>"),
                "play": {"ruleset": "army_men", "page": "full_game.html", "human": self.shown, "save": game.to_json()}}

    # -- what the sheet shows ---------------------------------------------------------------------
    def answer(self, message: str = "") -> dict:
        return {"html": {"summary": self.summary_html(), "message": message}}

    def summary_html(self) -> str:
        problems = self.problems()
        agreed = "no limit" if self.points is None else f"{self.points} points agreed"
        parts = []
        for side in SIDES:
            squads = self.armies[side]
            cost = army_points(squads).value
            lines = "".join(f"<li>squad {squad}: {len(kinds)} troopers, {army_points({squad: kinds}).value} points"
                            f" ({html.escape(_kinds_words(kinds))})</li>" for squad, kinds in squads.items())
            verdict = ("".join(f'<li class="am-army-refused">{self._refusal(p)}</li>' for p in problems[side])
                       or '<li class="am-army-ok"><b>A legal army.</b> Every rule of army creation is kept.</li>')
            here = " (on the sheet)" if side == self.shown else ""
            parts.append(f"<h4>{side.capitalize()}{here}: {cost} points, {agreed}</h4><ul>{lines}{verdict}</ul>")
        return "".join(parts)

    def _refusal(self, problem: RuleViolation) -> str:
        words = problem.reason.removesuffix(f" ({problem.rule.cite()})")
        return f"{html.escape(words)} {self.link(problem.rule.key)}"


def _whole(value) -> int | None:
    """A count from a control: a whole number 0 or more (a typed -3 or 2.5 reads as 0 or 2)."""
    if value is None or isinstance(value, bool):
        return None
    try:
        return max(0, min(MOST_OF_A_KIND, int(float(value))))
    except (TypeError, ValueError, OverflowError):
        return 0


def _kinds_words(kinds: list[str]) -> str:
    counts = counts_of(kinds)
    return ", ".join(f"{n} × {PROFILES[kind].name.lower()}" for kind, n in counts.items() if n)


def _empty(side: str) -> RuleViolation:
    return RuleViolation(f"{side} has no squad yet: an army is one squad or more", ref("standard.squads"))
