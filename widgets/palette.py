"""The board colours: kept in :mod:`boards.palette` (bokeh-free, also in the page's Python); re-exported here."""

from boards.palette import *  # noqa: F401,F403
from boards.palette import (  # noqa: F401
    BAR, EXTRA_SIDES, GREEN, INK, OKABE_ITO, SIDE_COLOURS, SIDE_INKS, SIGHT_COLOURS, TAN, contrast,
    relative_luminance, side_colour, side_ink,
)
