"""What every board widget shares: layers of column data drawn from a state.

A ruleset's board is a :class:`Board`: ``layers(state)`` turns a state into
plain column data (one dict of equal-length lists per layer), and
``draw(sources)`` builds the Bokeh figure once from ``ColumnDataSource``s.
Live play and replays then only swap the data, never rebuild the figure.
"""

from __future__ import annotations

from typing import Protocol

from bokeh.models import ColumnDataSource


class Board(Protocol):
    def layers(self, state) -> dict[str, dict[str, list]]: ...

    def draw(self, sources: dict[str, ColumnDataSource]): ...


def make_sources(layers: dict[str, dict[str, list]]) -> dict[str, ColumnDataSource]:
    return {name: ColumnDataSource(data, name=f"layer-{name}") for name, data in layers.items()}


def update_sources(sources: dict[str, ColumnDataSource], layers: dict[str, dict[str, list]]) -> None:
    """Assign new data to the existing sources (the figure updates in place)."""
    for name, data in layers.items():
        sources[name].data = data


def render(board: Board, state):
    """A figure of ``state`` (and its sources, to update later)."""
    sources = make_sources(board.layers(state))
    return board.draw(sources), sources
