"""Step through a recorded game, turn by turn, with every event explained.

The whole game is replayed by the engine when the page is built and every
frame stored in the page, so the slider and buttons work on the static site
through Bokeh's own JS callbacks.
"""

from __future__ import annotations

import html

from bokeh.layouts import column, row
from bokeh.models import Button, CustomJS, Div, Slider

from .board import Board, make_sources
from .links import RuleLinks


def replay_frames(board: Board, final_state) -> list[tuple]:
    """``(turn, layers)`` for the start and after each action of a finished game."""
    game = final_state.clone()  # the caller's game is left alone
    turns = list(game.history)
    while game.history:
        game.undo()
    recorded = [(None, board.layers(game))]
    for turn in turns:
        game.apply(turn.action, dice=turn.dice)
        recorded.append((turn, board.layers(game)))
    return recorded


def replay(board: Board, final_state, *, links: RuleLinks, describe=repr, title: str = "Replay", visible=None):
    """A board with a turn slider, back/forward buttons and the explained log.

    ``visible(event)`` chooses the events the log shows (all by default); a
    game with hidden information passes its public filter.
    """
    recorded = replay_frames(board, final_state)
    layers = [frame for _, frame in recorded]
    captions = [
        "<b>Start of the game.</b>" if turn is None else
        f"<b>Step {index}: {html.escape(describe(turn.action))}</b>"
        + links.events([e for e in turn.events if visible is None or visible(e)])
        for index, (turn, _) in enumerate(recorded)
    ]
    sources = make_sources(layers[0])
    fig = board.draw(sources)
    step = Slider(start=0, end=len(recorded) - 1, value=0, step=1, title=title, name="replay-slider",
                  sizing_mode="stretch_width")
    back = Button(label="◀ Back", width=90, name="replay-back")
    forward = Button(label="Forward ▶", width=90, name="replay-forward")
    log = Div(text=captions[0], name="replay-log", sizing_mode="stretch_width", css_classes=["replay-log"])
    step.js_on_change("value", CustomJS(args=dict(step=step, sources=sources, layers=layers, captions=captions, log=log), code="""
        const frame = layers[step.value];
        for (const name in frame) { sources[name].data = frame[name]; }
        log.text = captions[step.value];
    """))
    back.js_on_event("button_click", CustomJS(args=dict(step=step), code="step.value = Math.max(step.start, step.value - 1);"))
    forward.js_on_event("button_click", CustomJS(args=dict(step=step), code="step.value = Math.min(step.end, step.value + 1);"))
    return column(row(back, forward, step, sizing_mode="stretch_width"), fig, log, sizing_mode="stretch_width")
