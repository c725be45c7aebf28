"""The five rulesets side by side: what you need, how lethal one attack is, how games go.

Standard library only, like the engine: every number here is the engine's
(each ruleset's own odds code, scenarios and bots, reached through
:mod:`explorer.core.registry`) or a fact of the source quoted with where it is.
:mod:`widgets.compare` draws the charts; the book's ``compare`` chapter only
calls these.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Sequence
from fractions import Fraction

from explorer.core.registry import get_ruleset
from explorer.core.session import make_bot
from explorer.core.simulate import play_out
from explorer.core.stats import Share, share

from . import family
from .pages import Curve, Needs, Study

RULESETS = family.rulesets()
"""In the book's order of chapters (the registry's rulesets)."""

TABLETOP = family.rulesets("tabletop")
"""Measured in inches on a table."""
GRID = family.rulesets("grid")
"""Counted in squares on a grid."""

NEEDS: dict[str, Needs] = {name: family.look(name).NEEDS for name in RULESETS}
"""What each ruleset asks of the players (its board module's ``NEEDS``)."""


# -- (a) what you need to play -------------------------------------------------------------------

def scenario_figures(ruleset: str, scenario: str) -> dict[str, int]:
    """Figures (or units) a side in a scenario, counted from the engine's starting position (or as its board
    module's ``pieces_a_side`` counts them)."""
    state = get_ruleset(ruleset).new_game(scenario, seed=0)
    look = family.look(ruleset)
    if hasattr(look, "pieces_a_side"):
        return look.pieces_a_side(state)
    counts = {side: 0 for side in state.sides}
    for piece in state.figures.values():
        counts[piece.side] += 1
    return counts


def playing_area(ruleset: str, scenario: str) -> str:
    """The scenario's table in inches, or its grid as its board module's ``playing_area`` says."""
    state = get_ruleset(ruleset).new_game(scenario, seed=0)
    look = family.look(ruleset)
    if hasattr(look, "playing_area"):
        return look.playing_area(state)
    return f"{state.table.width:g} × {state.table.height:g} inches"


def needs_table() -> dict:
    """What you need to play each ruleset (for the book's ``{data-table}``)."""
    rows = []
    for name in RULESETS:
        ruleset, study = get_ruleset(name), MAIN[name]
        figures = scenario_figures(name, study.scenario)
        unit = getattr(family.look(name), "PIECES", "figures")
        if len(set(figures.values())) == 1:
            count = f"{next(iter(figures.values()))} {unit} a side"
        else:
            count = " and ".join(f"{n} ({side})" for side, n in figures.items()) + f" {unit}"
        needs = NEEDS[name]
        rows.append([ruleset.title, f"{count} ({study.scenario.replace('_', ' ')})",
                     playing_area(name, study.scenario), needs.dice, needs.cards, needs.measuring, needs.time])
    return {"columns": ["Ruleset", "Figures in our main scenario", "Table or board", "Dice", "Cards",
                        "Measuring", "Playing time"], "rows": rows}


# -- (b) how lethal one attack is ------------------------------------------------------------------

def lethality() -> list[Curve]:
    """Every ruleset's curve (tabletop ones by the inch, grid ones by the square), each its board module's."""
    return [family.look(name).curve() for name in RULESETS]


def lethality_words(curves: Sequence[Curve]) -> str:
    """The chart's text alternative: each curve's distinct stretches."""
    parts = []
    for curve in curves:
        for label, values in (("in the open", curve.open), ("in cover", curve.cover)):
            parts.append(f"{curve.title}, {label}: {_stretches(curve.distances, values, curve.unit)}.")
    return " ".join(parts)


def _stretches(distances, values, unit, *, exact: bool = False) -> str:
    out, start = [], 0
    for i in range(1, len(values) + 1):
        if i == len(values) or values[i] != values[start]:
            span = (f"{distances[start]} to {distances[i - 1]}" if i - 1 > start else f"{distances[start]}")
            value = f"{values[start]} ({percent(values[start])})" if exact else percent(values[start])
            out.append(f"{span} {unit} {value}")
            start = i
    return "; ".join(out)


def lethality_table(curves: Sequence[Curve] | None = None) -> dict:
    """The chart's numbers as exact fractions, stretch by stretch (for the book's ``{data-table}``)."""
    rows = [[c.title, c.attacker, _stretches(c.distances, c.open, c.unit, exact=True),
             _stretches(c.distances, c.cover, c.unit, exact=True), c.cover_means, c.note or ""]
            for c in (curves or lethality())]
    return {"columns": ["Ruleset", "Attack", "In the open", "In cover", "Cover is", "Note"], "rows": rows}


def percent(p: Fraction) -> str:
    return f"{float(p):.0%}" if p not in (0, 1) else f"{int(p) * 100}%"


# -- (c) and (d): many games between bots ----------------------------------------------------------

MAIN: dict[str, Study] = {name: family.look(name).STUDY for name in RULESETS}
"""The scenario and game counts of each ruleset's studies, chosen so each page runs in about 30 s of CPU.

A strong bot searches ahead and took 1 to 6 s a game when measured (November 2026), so it plays one seed
(two games, one on each side) where its games are quick, and none in the site build for The Rules! (about 6 s
a game): ``python benchmarks/bench_bots.py`` plays it against greedy there."""

PAIRINGS = (("random", "greedy"), ("greedy", "strong"))
"""The luck study: (weaker, stronger) bots; a ruleset without one of them is reported, not dropped."""


@dataclasses.dataclass(frozen=True)
class Game:
    """One game of a study: who played which side, who moved first, who won, how long it took."""

    ruleset: str
    scenario: str
    seed: int
    bots: tuple[tuple[str, str], ...]  # (side, bot name) in turn order of the sides
    first: str                          # the side that took the first action
    winner: str | None                  # None: a draw, or unfinished
    finished: bool
    rounds: int
    actions: int

    @property
    def winning_bot(self) -> str | None:
        return dict(self.bots).get(self.winner) if self.winner else None


def play(job: tuple[str, str, int, tuple[tuple[str, str], ...]]) -> Game:
    """Play one game: ``(ruleset, scenario, seed, ((side, bot name), ...))``. A plain function of plain data,
    so a process pool can run it."""
    ruleset, scenario, seed, bots = job
    state = get_ruleset(ruleset).new_game(scenario, seed=seed)
    first = state.current_player
    players = {side: make_bot(get_ruleset(ruleset), bot, seed * 31 + i) for i, (side, bot) in enumerate(bots)}
    state = play_out(state, players)
    outcome = state.outcome
    return Game(ruleset, scenario, seed, tuple(bots), first, outcome.winner if outcome else None,
                outcome is not None, state.round, len(state.history))


def _run(jobs: list, executor) -> list[Game]:
    if executor is None:
        return [play(job) for job in jobs]
    return list(executor.map(play, jobs))


def sides_of(ruleset: str, scenario: str) -> tuple[str, ...]:
    return tuple(get_ruleset(ruleset).new_game(scenario, seed=0).sides)


@dataclasses.dataclass(frozen=True)
class Length:
    """Greedy against greedy on one ruleset: how long games last, and how often the first player wins."""

    ruleset: str
    scenario: str
    games: tuple[Game, ...]

    @property
    def first_wins(self) -> Share:
        return share(sum(g.winner == g.first for g in self.games), len(self.games))

    @property
    def draws(self) -> int:
        return sum(g.finished and g.winner is None for g in self.games)

    @property
    def unfinished(self) -> int:
        return sum(not g.finished for g in self.games)

    @property
    def mean_rounds(self) -> float:
        return sum(g.rounds for g in self.games) / len(self.games)

    @property
    def mean_actions(self) -> float:
        return sum(g.actions for g in self.games) / len(self.games)

    @property
    def rounds_range(self) -> tuple[int, int]:
        return min(g.rounds for g in self.games), max(g.rounds for g in self.games)


def length_jobs(ruleset: str, scenario: str, games: int) -> list:
    sides = sides_of(ruleset, scenario)
    return [(ruleset, scenario, seed, tuple((side, "greedy") for side in sides)) for seed in range(games)]


def length_study(rulesets: Iterable[str] = RULESETS, *, executor=None, games: dict[str, int] | None = None
                 ) -> dict[str, Length]:
    """Greedy against greedy on each ruleset's main scenario, seeds 0..n-1."""
    rulesets = list(rulesets)
    jobs = {name: length_jobs(name, MAIN[name].scenario, (games or {}).get(name, MAIN[name].games))
            for name in rulesets}
    played = _run([job for name in rulesets for job in jobs[name]], executor)
    out, i = {}, 0
    for name in rulesets:
        n = len(jobs[name])
        out[name] = Length(name, MAIN[name].scenario, tuple(played[i:i + n]))
        i += n
    return out


@dataclasses.dataclass(frozen=True)
class Pairing:
    """A weaker bot against a stronger one on one ruleset, every seed played with the sides both ways.

    ``missing`` names the bots the ruleset does not have: then no game was played, and the page says so;
    so it does when the study gives the pairing no seeds (``MAIN``: kept out of a short build)."""

    ruleset: str
    scenario: str
    weaker: str
    stronger: str
    games: tuple[Game, ...] = ()
    missing: tuple[str, ...] = ()
    seeds: int = 0

    @property
    def not_played(self) -> str:
        """Why no game was played ("" when they were)."""
        if self.missing:
            return f"no {' or '.join(self.missing)} bot yet"
        return "" if self.seeds else "left out of this build to keep it short"

    @property
    def upsets(self) -> Share:
        """The weaker bot's wins, with their 95% interval."""
        return share(sum(g.winning_bot == self.weaker for g in self.games), len(self.games))

    @property
    def stronger_wins(self) -> int:
        return sum(g.winning_bot == self.stronger for g in self.games)

    @property
    def draws(self) -> int:
        return len(self.games) - self.upsets.hits - self.stronger_wins

    def words(self) -> str:
        title = get_ruleset(self.ruleset).title
        if self.not_played:
            return f"{title}: {self.weaker} against {self.stronger} was not played ({self.not_played})"
        return (f"{title}: {self.weaker} beat {self.stronger} in {self.upsets}; {self.stronger} won "
                f"{self.stronger_wins}, {self.draws} drawn or unfinished")


def pairing_jobs(ruleset: str, scenario: str, weaker: str, stronger: str, seeds: int) -> list:
    """Each seed twice: the weaker bot on the first side, then on the second (the same deal both times)."""
    first, second = sides_of(ruleset, scenario)[:2]
    jobs = []
    for seed in range(seeds):
        jobs.append((ruleset, scenario, seed, ((first, weaker), (second, stronger))))
        jobs.append((ruleset, scenario, seed, ((first, stronger), (second, weaker))))
    return jobs


def luck_study(rulesets: Iterable[str] = RULESETS, pairings: Sequence[tuple[str, str]] = PAIRINGS, *,
               executor=None, seeds: dict[tuple[str, str, str], int] | None = None) -> list[Pairing]:
    """Every pairing on every ruleset's main scenario; a bot a ruleset lacks is reported in ``missing``."""
    plan = []
    for name in rulesets:
        study = MAIN[name]
        for weaker, stronger in pairings:
            missing = tuple(b for b in (weaker, stronger) if b not in get_ruleset(name).bots)
            n = (seeds or {}).get((name, weaker, stronger),
                                  study.strong_seeds if "strong" in (weaker, stronger) else study.luck_seeds)
            jobs = [] if missing else pairing_jobs(name, study.scenario, weaker, stronger, n)
            plan.append((Pairing(name, study.scenario, weaker, stronger, missing=missing, seeds=n), jobs))
    played = _run([job for _, jobs in plan for job in jobs], executor)
    out, i = [], 0
    for pairing, jobs in plan:
        out.append(dataclasses.replace(pairing, games=tuple(played[i:i + len(jobs)])))
        i += len(jobs)
    return out


# -- tables for the pages ---------------------------------------------------------------------------

def _share_cells(s: Share) -> list[str]:
    return [f"{s.value:.0%}", f"{s.low:.0%}–{s.high:.0%}", str(s.n)]


def length_table(study: dict[str, Length]) -> dict:
    rows = []
    for name, result in study.items():
        low, high = result.rounds_range
        rows.append([get_ruleset(name).title, result.scenario.replace("_", " "), len(result.games),
                     f"{result.mean_rounds:.1f} ({low}–{high})", f"{result.mean_actions:.0f}",
                     result.games[0].first, *_share_cells(result.first_wins)[:2],
                     f"{result.draws} / {result.unfinished}"])
    return {"columns": ["Ruleset", "Scenario", "Games", "Rounds: mean (fewest–most)", "Actions: mean",
                        "Moves first", "First player won", "95% interval", "Drawn / unfinished"], "rows": rows}


def luck_table(pairings: Sequence[Pairing]) -> dict:
    rows = []
    for p in pairings:
        head = [get_ruleset(p.ruleset).title, f"{p.weaker} against {p.stronger}"]
        if p.not_played:
            rows.append(head + [f"not played: {p.not_played}", "", "", "", ""])
        else:
            rows.append(head + [str(len(p.games)), *_share_cells(p.upsets)[:2], str(p.stronger_wins), str(p.draws)])
    return {"columns": ["Ruleset", "Pairing", "Games", "Weaker bot won", "95% interval", "Stronger bot won",
                        "Drawn or unfinished"], "rows": rows}


def markdown_table(table: dict) -> str:
    """A ``{"columns", "rows"}`` table as Markdown, for a page to display."""
    def cell(v) -> str:
        return str(v).replace("|", "\\|")
    lines = ["| " + " | ".join(map(cell, table["columns"])) + " |",
             "|" + "---|" * len(table["columns"])]
    lines += ["| " + " | ".join(map(cell, row)) + " |" for row in table["rows"]]
    return "\n".join(lines)


def _titles(names: Sequence[str]) -> str:
    titles = [f"*{get_ruleset(n).title}*" for n in names]
    return titles[0] if len(titles) == 1 else ", ".join(titles[:-1]) + " and " + titles[-1]


def length_words(study: dict[str, Length]) -> str:
    """What the games came to, in words that follow the numbers (the page's prose does not guess them)."""
    by_length = sorted(study, key=lambda n: study[n].mean_rounds)
    shortest, longest = by_length[0], by_length[-1]
    out = [f"The shortest games were {_titles([shortest])}'s ({study[shortest].mean_rounds:.1f} rounds on "
           f"average), the longest {_titles([longest])}'s ({study[longest].mean_rounds:.1f})."]
    ahead = [n for n in study if study[n].first_wins.low > 0.5]
    behind = [n for n in study if study[n].first_wins.high < 0.5]
    unclear = [n for n in study if n not in ahead and n not in behind]
    if ahead:
        out.append(f"Moving first was an advantage in {_titles(ahead)}: the whole 95% interval of the first "
                   f"player's wins lies above one half.")
    if behind:
        out.append(f"Moving first was a handicap in {_titles(behind)}: the whole interval lies below one half.")
    if unclear:
        out.append(f"In {_titles(unclear)} these games cannot tell an edge for either side from a coin toss: "
                   f"the interval takes in one half.")
    return " ".join(out)


def luck_words(pairings: Sequence[Pairing]) -> str:
    """Each pairing's result in a sentence, a missing bot included (the page shows it, it is not dropped)."""
    return " ".join(p.words() + "." for p in pairings)


def html_table(table: dict, *, caption: str = "") -> str:
    """A ``{"columns", "rows"}`` table as HTML in the book's rule-table style; it scrolls sideways on a phone."""
    import html

    head = "".join(f"<th>{html.escape(str(c))}</th>" for c in table["columns"])
    body = "".join("<tr>" + "".join(f"<td>{html.escape(str(v))}</td>" for v in row) + "</tr>" for row in table["rows"])
    title = f"<caption>{html.escape(caption)}</caption>" if caption else ""
    return (f'<div style="overflow-x:auto"><table class="table rules-table">{title}'
            f"<thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>")
