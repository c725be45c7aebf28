"""Boards and controls (Bokeh + ipywidgets) drawn from the engine's answers.

Widgets decide no rule: a click becomes an engine action, and what they show
comes from the engine, explanation included. Controls that must work on the
static site get their data precomputed by the engine and react through
Bokeh's own JS callbacks; live play uses Python callbacks in JupyterLab.
"""

from .display import LIVE_NOTE, live_only, show
from boards.palette import SIDE_COLOURS, side_colour

__all__ = ["show", "live_only", "LIVE_NOTE", "SIDE_COLOURS", "side_colour"]
