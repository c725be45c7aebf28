"""The board parts every live board shares (widgets.board): the last layer's arrows and rings (issue 21)."""

from __future__ import annotations

import json
import random

import pytest
from bokeh.models import Arrow

from widgets.board import LAST, LAST_COLOUR
from boards.palette import SIDE_COLOURS, SIGHT_COLOURS


def _live(name):
    if name == "phlog":
        from widgets.phlog import live_play
        return live_play(seed=7).live
    if name == "dice_tactics":
        from widgets.dice_tactics import live_play
        return live_play(seed=7).live
    module = __import__(f"widgets.{name}", fromlist=["x"])
    live_class = {"simple_plastic": "SimplePlasticLive", "army_men": "ArmyMenLive",
                  "one_brain_cell": "OneBrainCellLive"}[name]
    return getattr(module, live_class)(human="green").live


@pytest.mark.parametrize("name", ["simple_plastic", "phlog", "army_men", "one_brain_cell", "dice_tactics"])
def test_every_live_board_draws_the_last_layer_as_arrows_and_double_rings(name):
    live = _live(name)
    source = live.sources[LAST]
    assert source.name == "layer-last"  # the page's live-play/board-view.js swaps data by this name
    arrows = [a for a in live.figure.select({"type": Arrow}) if a.source is source]
    rings = [*live.figure.select({"name": "last-rings"}), *live.figure.select({"name": "last-inner-rings"})]
    assert len(arrows) == 1 and len(rings) == 2 and all(r.data_source is source for r in rings)
    assert arrows[0].line_dash == "dashed" and rings[0].glyph.line_dash == "dotted"  # a cue besides the colour
    assert LAST_COLOUR not in {*SIDE_COLOURS.values(), *SIGHT_COLOURS.values()}
    # the Session's last layer fits the source's columns
    session = live.session
    rng = random.Random(1)
    for _ in range(6):
        answer = session.answer()
        if answer["outcome"] or not answer["actions"]:
            break
        session.play(rng.randrange(len(answer["actions"])))
    layer = json.loads(json.dumps(session.last_layer()))
    assert set(layer) == set(source.data)
    source.data = layer
