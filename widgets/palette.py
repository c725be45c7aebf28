"""Colour-blind-safe colours (Okabe-Ito), readable on a projector."""

OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
}

# Two sides that stay distinct for every common colour-vision deficiency.
SIDE_COLOURS = {"green": OKABE_ITO["blue"], "tan": OKABE_ITO["orange"]}
EXTRA_SIDES = [OKABE_ITO["vermillion"], OKABE_ITO["sky"], OKABE_ITO["purple"], OKABE_ITO["green"]]

SIGHT_COLOURS = {"clear": OKABE_ITO["green"], "partial": OKABE_ITO["orange"], "blocked": OKABE_ITO["vermillion"]}
BAR = OKABE_ITO["blue"]


def side_colour(side: str, sides: list[str] | None = None) -> str:
    """A side's colour: the standard pair first, then further safe colours in order."""
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    order = sides or [side]
    return EXTRA_SIDES[order.index(side) % len(EXTRA_SIDES)] if side in order else EXTRA_SIDES[0]
