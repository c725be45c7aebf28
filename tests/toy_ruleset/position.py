"""Toy Skirmish's frozen position, its one legality check and its save format."""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from operator import attrgetter

from explorer.core.limits import brief
from explorer.core.tabletop.figures import TableFigure, TablePosition, figures_from_save, table_position_problem


@dataclasses.dataclass(frozen=True)
class Figure(TableFigure):
    id: str
    side: str
    squad: str
    x: float = 0.0
    y: float = 0.0
    alive: bool = True

    def __post_init__(self):
        self.check_table_fields()
        self.check_flags("alive")

    in_play = property(attrgetter("alive"))


@dataclasses.dataclass(frozen=True, eq=False)
class Position(TablePosition):
    figures: Mapping[str, Figure]
    side: str
    round: int = 1
    done: frozenset[str] = frozenset()  # the side's figures that have acted this turn


def position_problem(game, p) -> str | None:
    problem = table_position_problem(game, p, position_type=Position, figure_type=Figure, title="Toy Skirmish")
    if problem is None and not all(fid in p.figures and p.figures[fid].side == p.side for fid in p.done):
        return f"only figures of the side to play have acted this turn, not {brief(sorted(p.done))}"
    return problem


def position_to_dict(p: Position) -> dict:
    return {"figures": [f.to_dict() for f in p.figures.values()], "side": p.side, "round": p.round,
            "done": sorted(p.done)}


def position_from_dict(game, data) -> Position:
    if not isinstance(data, Mapping) or set(data) != {"figures", "side", "round", "done"}:
        raise ValueError("a position is an object with exactly figures, side, round and done")
    done = data["done"]
    if not isinstance(done, list) or len(done) > 200 or not all(isinstance(d, str) for d in done):
        raise ValueError(f"done is a list of figure ids, not {brief(done)}")
    if not isinstance(data["side"], str):
        raise ValueError(f"side is text, not {brief(data['side'])}")
    return Position.of(figures_from_save(data["figures"], Figure), data["side"], round=data["round"],
                       done=frozenset(done))
