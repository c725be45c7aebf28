"""What every tabletop ruleset's figures, positions and states share.

A ruleset's figure is its own frozen dataclass (its fields say what the rules track: kind or weapon,
status, records of the turn) that also inherits :class:`TableFigure`: the checks of the fields every
figure has (``id``, ``side``, ``squad``, ``x``, ``y``), ``position``, and the dict round trip of a save
(the dataclass's fields, in order, are the save's keys). Its position has ``figures`` (id -> figure),
``side`` and ``round``; :func:`table_position_problem` checks the part of it every tabletop game
shares, :func:`figures_from_save` loads the figures of a saved position. :class:`TabletopState` is the
state's side: the table, the figures, whose figure is whose, and one cache of answers per position.
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Mapping
from operator import attrgetter
from types import MappingProxyType, ModuleType
from typing import Any, ClassVar

from ..limits import brief
from .measure import bases_overlap
from .table import Table, table_from_dict

MAX_FIGURES = 200
"""Figures a position may hold: more than any scenario, few enough that a hostile save stays cheap."""
MAX_ROUND = 1_000_000
MAX_NAME = 60  # characters in a figure's id, side or squad


class TableFigure:
    """The base of a ruleset's figure dataclass (frozen, with ``id``, ``side``, ``x``, ``y`` fields and,
    where the rules have squads, ``squad``). Call :meth:`check_table_fields` first in ``__post_init__``."""

    __slots__ = ()
    NAMES: tuple[str, ...] = ("id", "side", "squad")
    """The fields that are names (short text); a ruleset whose figures may stand alone lists fewer."""

    def check_table_fields(self) -> None:
        """Refuse, in words, a figure whose names are not short text or whose place is not finite inches;
        store the place as floats (a save may hold whole numbers)."""
        for name in self.NAMES:
            value = getattr(self, name)
            if not isinstance(value, str) or not value or len(value) > MAX_NAME:
                raise ValueError(f"a figure's {name} is a short name (text), not {brief(value)}")
        place = (self.x, self.y)
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and _finite(c) for c in place):
            raise ValueError(f"figure {brief(self.id)} needs a position in inches (finite numbers), not {brief(place)}")
        object.__setattr__(self, "x", float(self.x))
        object.__setattr__(self, "y", float(self.y))

    def check_flags(self, *names: str) -> None:
        """Refuse, in words, a figure whose yes-or-no fields ``names`` are not ``True`` or ``False``."""
        if not all(isinstance(getattr(self, name), bool) for name in names):
            listed = ", ".join(names[:-1]) + " and " + names[-1] if len(names) > 1 else names[0]
            raise ValueError(f"figure {brief(self.id)}: {listed} {'are' if len(names) > 1 else 'is'} true or false")

    # Read as attribute getters made in C (no Python frame a read): figures' places are read everywhere in play.
    position = property(attrgetter("x", "y"), doc="The figure's place, ``(x, y)`` in inches.")

    @property
    def in_play(self) -> bool:
        """On the table and taking part (the one name for it in every ruleset)."""
        raise NotImplementedError

    def to_dict(self) -> dict:
        return {name: getattr(self, name) for name in field_names(type(self))}  # runs every snapshot: no asdict()

    @classmethod
    def from_dict(cls, data) -> Any:
        if not isinstance(data, Mapping):
            raise ValueError("a figure is an object")
        expected = field_names(cls)
        if set(data) != set(expected):
            raise ValueError(f"a figure has exactly the keys {', '.join(sorted(expected))}")
        return cls(**data)


@functools.cache
def field_names(kind: type) -> tuple[str, ...]:
    """A dataclass's field names, in order (the keys of its save)."""
    return tuple(f.name for f in dataclasses.fields(kind))


class TablePosition:
    """The base of a ruleset's position dataclass (frozen, ``eq=False``; first fields ``figures``, ``side``,
    then ``round`` and the ruleset's own): :meth:`of` builds one from figures, and two positions are equal
    when their figures and every other field are (the read-only figures mapping compares as a dict)."""

    __slots__ = ()

    @classmethod
    def of(cls, figures, side: str, **rest) -> Any:
        """A position from figures (a mapping or a sequence), their mapping made read-only, in order."""
        if isinstance(figures, Mapping):
            figures = list(figures.values())
        return cls(MappingProxyType({f.id: f for f in figures}), side, **rest)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and dict(self.figures) == dict(other.figures) and all(
            getattr(self, name) == getattr(other, name) for name in field_names(type(self))[1:])

    __hash__ = None


def _finite(value) -> bool:
    try:
        return math.isfinite(value)
    except OverflowError:  # an int too big for a float
        return False


def figures_from_save(entries, figure_type: type, *, limit: int = MAX_FIGURES) -> list:
    """The figures of a saved position, in order; a ``ValueError`` saying which one is malformed."""
    if not isinstance(entries, list) or len(entries) > limit:
        raise ValueError(f"figures must be a list of at most {limit} figures")
    built = []
    for index, entry in enumerate(entries):
        try:
            built.append(figure_type.from_dict(entry))
        except (TypeError, ValueError) as exc:
            raise ValueError(f"figure {index + 1} is malformed: {exc}") from None
    if len({f.id for f in built}) != len(built):
        raise ValueError("every figure needs its own id")
    return built


def table_position_problem(game, p, *, position_type: type, figure_type: type, title: str,
                           figure_problem: Callable[[Any], str | None] | None = None) -> str | None:
    """What every tabletop position must be, in words (``None``: nothing wrong): the setup a
    :class:`Table`; figures a mapping of id to figure, at most :data:`MAX_FIGURES`, each of a side of the
    game and, while in play, on the table, out of solid terrain and off the others' bases; the side to
    play a side of the game; the round a whole number from 1 to :data:`MAX_ROUND`. ``figure_problem``
    adds the ruleset's own checks of each figure, in the same pass."""
    table = game.setup
    if not isinstance(table, Table):
        return f"the setup of a game of {title} is a Table, not {type(table).__name__}"
    if not isinstance(p, position_type) or not isinstance(p.figures, Mapping):
        return f"a position is a position of {title} with a mapping of figures, not {type(p).__name__}"
    if len(p.figures) > MAX_FIGURES:
        return f"at most {MAX_FIGURES} figures, not {len(p.figures)}"
    for fid, f in p.figures.items():
        if not isinstance(f, figure_type) or f.id != fid:
            return f"figures must map each figure's id to the figure, not {brief(fid)} to {brief(f)}"
        if f.side not in game.sides:
            return f"{f.id} is on side {brief(f.side)}, which is not a side of this game ({', '.join(game.sides)})"
        if f.in_play and not table.on_table(f.position):
            return f"{f.id} stands (partly) off the {table.width:g} by {table.height:g} inch table at {where(f.position)}"
        if f.in_play and table.in_solid(f.position):
            return f"{f.id} stands inside solid terrain at {where(f.position)}"
        problem = figure_problem(f) if figure_problem is not None else None
        if problem:
            return problem
    standing = [f for f in p.figures.values() if f.in_play]
    for i, a in enumerate(standing):
        for b in standing[i + 1:]:
            if bases_overlap(a.position, b.position):
                return f"{a.id} and {b.id} stand on each other's bases"
    if p.side not in game.sides:
        return f"the side to play must be one of {', '.join(game.sides)}, not {brief(p.side)}"
    if isinstance(p.round, bool) or not isinstance(p.round, int) or not 1 <= p.round <= MAX_ROUND:
        return f"the round must be a whole number from 1 to {MAX_ROUND:,}, not {brief(p.round)}"
    return None


_UNKNOWN = object()  # (remembered: no answer kept yet; None may be an answer)


def where(point) -> str:
    """A place on the table in words: "(12.0, 3.5)"."""
    return f"({point[0]:.1f}, {point[1]:.1f})"


class TabletopState:
    """The state's side of a tabletop ruleset (mixed into its ``GameState`` subclass): the table, the
    figures, the refusal of another side's figure, one cache of answers per position, and the core's five
    save hooks: the table saved as itself, the position by the ruleset's ``saves`` module (the class
    attribute ``saves``, its ``position.py``: ``position_problem(game, position)``, ``position_to_dict``
    and ``position_from_dict(game, data)``)."""

    __slots__ = ()
    saves: ClassVar[ModuleType]
    terrain_optional: ClassVar[bool] = False
    """Whether a save may leave out the table's terrain (an empty table)."""

    @classmethod
    def _position_problem(cls, game, position):
        return cls.saves.position_problem(game, position)

    @classmethod
    def _setup_to_dict(cls, table: Table) -> dict:
        return table.to_dict()

    @classmethod
    def _setup_from_dict(cls, data) -> Table:
        return table_from_dict(data, terrain_optional=cls.terrain_optional)

    @classmethod
    def _position_to_dict(cls, position) -> dict:
        return cls.saves.position_to_dict(position)

    @classmethod
    def _position_from_dict(cls, game, data):
        return cls.saves.position_from_dict(game, data)

    # Read as attribute getters made in C (no Python frame a read): the rules read these many times an action.
    table = property(attrgetter("game.setup"), doc="The :class:`Table` (the game's setup; it never changes).")
    figures = property(attrgetter("position.figures"), doc="The figures by id (read-only), in the order fielded.")
    side = property(attrgetter("position.side"), doc="The side to play.")

    def in_play(self, side: str | None = None) -> list:
        """The figures in play (of ``side``, if given), in the position's order."""
        return [f for f in self.position.figures.values() if f.in_play and (side is None or f.side == side)]

    def _standing(self) -> dict[str, int]:
        """The core's count of each side's figures in play (what ends a game when a side has none), asked after
        every action: kept while the position's figures are the same ones (most ends of a phase or a step)."""
        figures = self.position.figures
        kept = self.__dict__.get("_standing_of")
        if kept is None or kept[0] is not figures:
            counts = dict.fromkeys(self.sides, 0)
            for f in figures.values():
                if f.in_play:
                    counts[f.side] += 1
            kept = self._standing_of = (figures, counts)
        return dict(kept[1])

    def carry_standing(self, figures: Mapping, changed: Mapping) -> None:
        """Tell :meth:`_standing` that ``figures``, the position's figures with the ``changed`` ones put in, count
        as many in play for each side as the position's own when no changed figure came into play or left it (a
        move, the end of a turn: most actions), so the next position's count is not made again."""
        kept = self.__dict__.get("_standing_of")
        if kept is None:
            return
        before = kept[0]
        if before is not self.position.figures:
            return
        for fid, figure in changed.items():
            was = before.get(fid)
            if was is None or was.in_play != figure.in_play:
                return
        self._standing_of = (figures, kept[1])

    def remembered(self, key, work: Callable[[], Any]) -> Any:
        """``work()``, done once per position: listing, checking and doing an action ask the same questions
        of one position (it is frozen, so an answer cannot go stale)."""
        memo = self.__dict__.get("_remembered")
        if memo is None or memo[0] is not self.position:
            memo = self.__dict__["_remembered"] = (self.position, {})
        answer = memo[1].get(key, _UNKNOWN)  # (one lookup: a key is a tuple, hashed again at every lookup)
        if answer is _UNKNOWN:
            answer = memo[1][key] = work()
        return answer

    def figure_named(self, figure_id, *, section: str, what: str):
        """The figure ``figure_id``, or the refusal (raised) that says it is not a name or no figure here."""
        refuse = self.ruleset.sections.refuse
        if not isinstance(figure_id, str):
            raise refuse(section, f"the {what} is named by a figure's id (text), not {brief(figure_id)}")
        figure = self.position.figures.get(figure_id)
        if figure is None:
            raise refuse(section, f"there is no figure {brief(figure_id)}")
        return figure

    def own_figure(self, player: str, figure_id, *, section: str, what: str, turn_section: str = "turn"):
        """``player``'s figure ``figure_id``, or the refusal (raised) that names what is wrong: not a name,
        no such figure, or another side's figure (a player acts with their own figures only)."""
        figure = self.figure_named(figure_id, section=section, what=what)
        if figure.side != player:
            raise self.ruleset.sections.refuse(turn_section, f"{figure_id} is {figure.side}'s, not {player}'s: a player acts with their "
                                       "own figures only")
        return figure
