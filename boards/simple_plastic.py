"""Simple Plastic's board layers (terrain, move rings, sight lines, figures, the fallen) as column data.

Bokeh-free: ``widgets.simple_plastic.SimplePlasticBoard`` draws them; the
page's Web Worker computes them after each move of live play.
"""

from __future__ import annotations

from fractions import Fraction

import dataclasses

from explorer.core.session import Anchor
from explorer.rulesets.simple_plastic import Attack, MoveFigure, MoveSquad
from explorer.core import tabletop as tt
from explorer.rulesets.simple_plastic.attacking import sight
from explorer.rulesets.simple_plastic.moving import frontmost, move_allowance
from explorer.rulesets.simple_plastic.position import in_play, nearest_enemy
from explorer.rulesets.simple_plastic.data import PROFILES

from . import tabletop as tb
from .naming import Seen
from .pages import INCHES, Curve, Needs, Study
from .palette import OKABE_ITO, side_ink

FAMILY = "tabletop"  # its board: a table measured in inches (boards.family)
SIMPLEST = 1  # its place from the simplest game to learn (the house-rules lab's order)
CHAPTER = 2  # its place in the book's order of chapters
SHORT = "Simple Plastic"  # its name on the charts' rows (a phone keeps room for bars)
MARK = (OKABE_ITO["blue"], "square")  # its colour and marker on the charts (apart by shape too)


FIGURE_WORDS = {"trooper": "trooper", "heavy": "heavy weapons trooper", "sniper": "sniper"}
"""Each kind as a child names the figure in the simple mode's words (the legend's words, as a soldier)."""


def profile_text(kind: str) -> str:
    p = PROFILES[kind]
    text = f"{p.name}: {p.dice} D6, {p.attacks} attack{'s' if p.attacks > 1 else ''} a turn"
    if not p.attacks_after_moving:
        text += ", cannot attack after moving"
    return text + (", specialist" if p.special else "")


def _status(state, figure, plain: bool = False) -> str:
    """The figure's state for its tooltip; ``plain``: for its card in the simple mode."""
    bits = ["moved" if figure.moved else "has not moved"]
    if plain:
        bits = ["has moved" if figure.moved else "has not moved yet"]
    used = getattr(state, "attacks_used", {}).get(figure.id, 0)
    if used:
        bits.append(f"{used} of {figure.profile.attacks} attacks made")
    if figure.in_vehicle:
        bits.append("in a vehicle")
    return ", ".join(bits)


class SimplePlasticLayers(tb.TabletopLayers):
    """The table from above: terrain, squads, move rings and lines of sight.

    ``rings``: ``"mover"`` rings the frontmost unit of every unit the side to
    move may still move (in its move phase); a list of figure ids rings those;
    ``None`` draws none. ``sights``: ``(attacker, target)`` pairs whose lines
    of sight are drawn; ``last_attack`` also draws the sight of the last
    attack made (for replays).
    """

    def __init__(self, *, rings="mover", sights=(), last_attack: bool = True, title: str = "",
                 height: int = 420, name: str = "sp-board"):
        self.rings = rings
        self.sights = tuple(sights)
        self.last_attack = last_attack
        self.title = title
        self.height = height
        self.name = name
        self.size = (48.0, 36.0)

    # -- the look ----------------------------------------------------------------------------------
    def actor(self, action) -> str | None:
        return action.leader if isinstance(action, MoveSquad) else action.figure if isinstance(action, MoveFigure) else None

    def shot(self, action) -> tuple[str, str] | None:
        return (action.attacker, action.target) if isinstance(action, Attack) else None

    def sides_of(self, state) -> list[str]:
        return list(getattr(state, "sides", sorted({f.side for f in state.figures.values()})))

    def on_table(self, figure) -> bool:
        return figure.alive

    def squad_of(self, figure) -> str:
        return figure.squad or "operates alone"

    def profile(self, state, figure) -> str:
        return profile_text(figure.kind)

    def status(self, state, figure) -> str:
        return _status(state, figure)

    def seen(self, figure) -> Seen:
        return _seen(figure)

    def plain_status(self, state, figure) -> tuple[str, ...]:
        return (_status(state, figure, plain=True),)

    def move(self, state, figure, rings) -> str:
        """The move its ring says (a unit's frontmost figure's), else none."""
        moves = {label.split(":", 1)[0]: label.split(": ", 1)[-1] for *_, label in rings}
        return moves.get(figure.id, "")

    def _ring_ids(self, state) -> list[str]:
        if self.rings is None:
            return []
        if self.rings != "mover":
            return [fid for fid in self.rings if state.figures[fid].alive]
        if getattr(state, "phase", "move") != "move" or getattr(state, "is_over", False):
            return []
        side = getattr(state, "side", None)
        moved = getattr(state, "moved_units", set())
        units: dict[str, list] = {}
        for f in in_play(state, side):
            if f.unit not in moved:
                units.setdefault(f.unit, []).append(f)
        ids = []
        for members in units.values():
            enemy = nearest_enemy(state, members[0])
            direction = tt.unit_vector(members[0].position, enemy.position) if enemy else None
            ids.append(frontmost(members, direction).id if direction else members[0].id)
        return ids

    def _rings(self, state, sides):
        for fid in self._ring_ids(state):
            figure = state.figures[fid]
            allowance = state.move_allowance(fid) if hasattr(state, "move_allowance") else move_allowance(state, fid)
            label = "; ".join(r.text for r in allowance.reasons)
            yield figure.x, figure.y, allowance.value, side_ink(figure.side, sides), f"{fid}: {label}"

    def _sights(self, state):
        pairs = list(self.sights)
        history = getattr(state, "history", None)
        if self.last_attack and history and isinstance(history[-1].action, Attack):
            last = history[-1].action
            pairs.append((last.attacker, last.target))
        for attacker, target in pairs:
            a, t = state.figures[attacker], state.figures[target]
            yield sight(state, a, t), f"{attacker} to {target}"


LOOK = SimplePlasticLayers
"""This ruleset's board look (``widgets.tabletop_board.board_figure`` draws it)."""


def anchor(state, action) -> Anchor | None:
    """Where an action sits on the table (inches): tap the figure (a squad's leader) that acts, then where it
    goes (anywhere: a move off the offered places is tried, and refused with its rule if too far) or whom it
    attacks."""
    figures = state.figures
    if isinstance(action, MoveSquad):
        return Anchor(figures[action.leader].position, action.to,
                      lambda to: dataclasses.replace(action, to=to, followers=None))  # the squad forms up behind
    if isinstance(action, MoveFigure):
        return Anchor(figures[action.figure].position, action.to, lambda to: dataclasses.replace(action, to=to))
    if isinstance(action, Attack):
        return Anchor(figures[action.attacker].position, figures[action.target].position)
    return None


TAP_RADIUS = 0.8  # inches: a figure's base, about


def place(state, point) -> str:
    """A point of the table in plain words, by the terrain near it (live play's words of an action)."""
    return tb.place_words(state.table, point)


def name(state, figure_id, seat) -> str | None:
    """A figure in plain words from ``seat``, as the board shows it ("the tan sniper", "your trooper second
    from the top"). Live play's words of an action."""
    return tb.name_on_table(state, figure_id, seat, lambda f: _seen(f) if f.alive else None)


def _seen(figure) -> Seen:
    """A figure as the board shows it (its kind in words, its squad)."""
    return Seen(figure.side, FIGURE_WORDS.get(figure.kind, figure.kind), figure.position, group=figure.squad or "")


def live_board(human: str) -> SimplePlasticLayers:
    """The board of live play: move rings round the units the side to move may still move."""
    return SimplePlasticLayers(rings="mover")


# -- on the cross-ruleset pages (boards/compare.py, lesson.py and classroom.py read these via boards.family) --

NEEDS = Needs(
    dice="one D6 a player; a heavy weapon rolls 4 at once",
    cards="none",
    measuring="your hand: a move is one span (about 4 inches)",
    time="not stated (written to be over before children aged five to nine are bored)",
)
STUDY = Study("skirmish", 30, 10, 1)


def attack_kill(inches: float, cover: bool, *, moved: bool = True) -> Fraction:
    """A trooper's attack on a trooper: no range limit, 4+ (cover +1, standing still -1), a 1 never kills."""
    from explorer.rulesets.simple_plastic.attacking import kill_chance
    from explorer.rulesets.simple_plastic.data import BASE_TO_KILL, MODIFIERS

    delta = {m.condition: m.delta for m in MODIFIERS}
    need = BASE_TO_KILL + (delta["target_in_cover"] if cover else 0)
    need += 0 if moved else delta["attacker_did_not_move"]
    return kill_chance(need)


def curve() -> Curve:
    return Curve("simple_plastic", "a trooper who moved attacks a trooper", "inches", INCHES,
                 tuple(attack_kill(d, False) for d in INCHES), tuple(attack_kill(d, True) for d in INCHES),
                 "partly hidden behind cover (+1 to the number needed)",
                 "no range limit: any target in sight; standing still makes it 1 better")


def lessons() -> list:
    """The classroom exercises of this ruleset (boards.lesson), each answer its own odds code's."""
    from explorer.rulesets.simple_plastic.data import PROFILES
    from explorer.rulesets.simple_plastic.examples import duel_board
    from explorer.rulesets.simple_plastic.attacking import kill_distribution
    from .lesson import Choice, Exercise, percent

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


def house_rule_odds(settings) -> list[tuple[str, Fraction]]:
    """A few exact chances (or numbers) a house rule may move, for the house-rules lab (boards.classroom)."""
    from explorer.rulesets.simple_plastic import examples
    from explorer.rulesets.simple_plastic import attacking

    def kills(at_least: int, **conditions) -> Fraction:
        board = examples.duel_board(**conditions, settings=settings)
        return attacking.kill_distribution(board, "a", "t").at_least(at_least)

    return [("a trooper's attack kills a trooper in the open", kills(1)),
            ("... a trooper behind cover", kills(1, cover=True)),
            ("a heavy weapon kills 2 or more of a squad of 4", kills(2, attacker="heavy", squad_size=4))]
