"""Colour-blind-safe colours, readable on a projector, with a second cue beside each colour.

The two standard sides are drawn in the colours they are named: a dark
green and a light tan. Under every common colour-vision deficiency (and in
black and white) they still differ strongly in lightness, and each board
adds a shape or a label cue as well. Sight lines are blue, reddish purple
and black, and also solid, dashed and dotted, so no line is told apart by
colour alone and none looks like a tan figure.
"""

OKABE_ITO = {
    "orange": "#E69F00", "sky": "#56B4E9", "green": "#009E73", "yellow": "#F0E442",
    "blue": "#0072B2", "vermillion": "#D55E00", "purple": "#CC79A7", "black": "#000000",
}

GREEN = "#2D6A2E"  # army-men green: dark (relative luminance about 0.11)
TAN = "#D8B98A"    # army-men tan: light (relative luminance about 0.51)

# Two sides, drawn in their own colours, that stay distinct for every common colour-vision deficiency:
# one dark, one light (about 3.5:1 against each other), each outlined in near-black.
SIDE_COLOURS = {"green": GREEN, "tan": TAN}
# A darker shade of each side for lines (move rings) on the light table.
SIDE_INKS = {"green": "#1E4D1F", "tan": "#8A6330"}
EXTRA_SIDES = [OKABE_ITO["blue"], OKABE_ITO["vermillion"], OKABE_ITO["purple"], OKABE_ITO["sky"]]

SIGHT_COLOURS = {"clear": OKABE_ITO["blue"], "partial": "#B3478F", "blocked": "#111111"}
BAR = OKABE_ITO["blue"]

INK = "#1A1A1A"  # legend and label text: over 15:1 on the light backgrounds used


def side_colour(side: str, sides: list[str] | None = None) -> str:
    """A side's colour: the standard pair first, then further safe colours in order."""
    if side in SIDE_COLOURS:
        return SIDE_COLOURS[side]
    order = sides or [side]
    return EXTRA_SIDES[order.index(side) % len(EXTRA_SIDES)] if side in order else EXTRA_SIDES[0]


def side_ink(side: str, sides: list[str] | None = None) -> str:
    """A side's line colour (dark enough to read on the light table)."""
    return SIDE_INKS.get(side) or side_colour(side, sides)


def relative_luminance(colour: str) -> float:
    """WCAG relative luminance of a ``#rrggbb`` colour."""
    def channel(c: int) -> float:
        s = c / 255
        return s / 12.92 if s <= 0.03928 else ((s + 0.055) / 1.055) ** 2.4
    r, g, b = (int(colour[i:i + 2], 16) for i in (1, 3, 5))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    """WCAG contrast ratio of two ``#rrggbb`` colours (1 to 21)."""
    la, lb = sorted((relative_luminance(a), relative_luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)
