"""Step through a recorded game, turn by turn, with every event explained.

The whole game is replayed by the engine when the page is built and every
frame stored in the page, so the slider and buttons work on the static site
through Bokeh's own JS callbacks.
"""

from __future__ import annotations

import html

from bokeh.layouts import column, row
from bokeh.models import Button, CustomJS, Div, Slider

from .accessible import name_bokeh_controls
from .board import Board, make_sources
from .links import RuleLinks
from .packing import UNPACK_JS, packed


def replay_frames(board: Board, final_state, viewer: str | None = None) -> list[tuple]:
    """``(turn, words, layers)`` for the start and after each action of a finished game.

    ``words`` is the engine's description of the action as ``viewer`` may see
    it, asked of the position the action was played in.
    """
    game = final_state.clone()  # the caller's game is left alone
    turns = list(game.history)
    while game.history:
        game.undo()
    recorded = [(None, "", board.layers(game))]
    for turn in turns:
        words = game.describe(turn.action, viewer)
        game.apply(turn.action, dice=turn.dice)
        recorded.append((turn, words, board.layers(game)))
    return recorded


def replay(board: Board, final_state, *, links: RuleLinks, viewer: str | None = None, title: str = "Replay"):
    """A board with a turn slider, back/forward buttons and the explained log, as ``viewer`` sees the game
    (``None``: a spectator, who sees only public events and no face-down card)."""
    recorded = replay_frames(board, final_state, viewer)
    layers = [frame for _, _, frame in recorded]
    captions = [
        "<b>Start of the game.</b>" if turn is None else
        f"<b>Step {index}: {html.escape(words)}</b>" + links.events([e for e in turn.events if e.visible_to(viewer)])
        for index, (turn, words, _) in enumerate(recorded)
    ]
    sources = make_sources(layers[0])
    fig = board.draw(sources)
    step = Slider(start=0, end=len(recorded) - 1, value=0, step=1, title=title, name="replay-slider",
                  sizing_mode="stretch_width")
    back = Button(label="◀ Back", width=90, name="replay-back")
    forward = Button(label="Forward ▶", width=90, name="replay-forward")
    log = Div(text=captions[0], name="replay-log", sizing_mode="stretch_width", css_classes=["replay-log"])
    frames = packed({"layers": layers, "captions": captions})  # a layer unchanged since a frame before is stored once
    step.js_on_change("value", CustomJS(args=dict(step=step, sources=sources, frames=frames, log=log), code=UNPACK_JS + """
        const {layers, captions} = unpack(frames);
        const frame = layers[step.value];
        for (const name in frame) { sources[name].data = frame[name]; }
        log.text = captions[step.value];
    """))
    back.js_on_event("button_click", CustomJS(args=dict(step=step), code="step.value = Math.max(step.start, step.value - 1);"))
    forward.js_on_event("button_click", CustomJS(args=dict(step=step), code="step.value = Math.min(step.end, step.value + 1);"))
    return name_bokeh_controls(column(row(back, forward, step, sizing_mode="stretch_width"), fig, log,
                                      sizing_mode="stretch_width"))
