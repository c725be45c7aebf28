"""The tabletop drawn as toys (issue 35): a toy soldier's silhouette per kind of unit, and terrain by what it is.

Bokeh-free (the page computes the layers in its own Python too). A silhouette is a small SVG seen from the side,
facing right, in the side's colour with its weapon in ink, cased in white so it reads on any ground; the board
draws it as an image of a fixed size on screen (:data:`FIGURE_PX`, so a figure is big enough to see and to
touch whatever the table's scale) and lies it down (turned a quarter) when it fell. Sprites are ``data:``
URLs: nothing is fetched, in the page as in JupyterLab, and the site's Content-Security-Policy allows
``img-src data:``.
"""

from __future__ import annotations

import math
from functools import lru_cache

FIGURE_PX = 28
"""A figure's size on screen, CSS px across: at least 24 (a child's fingertip; issue 35) at every scale."""
LYING = math.pi / 2
"""A fallen figure's turn (radians, anticlockwise): on its back, feet to the right."""

_STANDING = "M6.5 7a5.5 4.6 0 0 1 11 0zM8.5 7h7v3.2h-7zM7 10.6h10l.9 6.6H6.1zM6.4 17.2h11.2l-.6 6.3h-3.8L12 20.2l-1.2 3.3H7z"
_KNEELING = "M4.5 10a5.5 4.6 0 0 1 11 0zM6.5 10h7v3h-7zM5 13.4h10l.6 5.4H4.4zM4.4 18.8h12.2l.6 4.7h-4l-.6-2.6-2.4 2.6H4.4z"
_INK = "#1a1a1a"

# kind of silhouette: (body, the weapon's path in ink, an extra path and its colour).
SHAPES: dict[str, tuple[str, str, str, str]] = {
    "rifle": (_STANDING, "M1.5 11.4h22v2.8h-22zM1.5 14.2h3.5v2.4H1.5z", "", ""),
    "leader": (_STANDING, "M18 1h1.4v16H18zM14 11h4.5v1.8H14z", "M19.4 1.2l4.4 2.6-4.4 2.6z", "#F0E442"),
    "pistol": (_STANDING, "M14 10h5v1.8h-5zM19 9.3h3.4v2.2h-1.4v2.2H19z", "", ""),
    "smg": (_STANDING, "M12 12h10v3H12zM16 15h2v4h-2z", "", ""),
    "mg": (_STANDING, "M2 11.5h21v3.5H2zM18.5 15l2.5 6h-1.8l-2.2-5z", "", ""),
    "hmg": (_KNEELING, "M9 9h15v3.4H9zM16 12.4l-3.5 9h1.8l2.7-6.4 2.7 6.4h1.8l-3.5-9z", "", ""),
    "sniper": (_KNEELING, "M1 13h23v1.6H1zM12 10.6h6v2.4h-6z", "", ""),
    "bazooka": (_STANDING, "M.8 15.2l20.6-9.6 1.8 3.8-20.6 9.6z", "", ""),
    "grenade": (_STANDING, "M8.5 11.5L3.6 5.6l1.6-1.2 4.9 6z", "M.6 3.2a2.7 2.7 0 1 0 5.4 0a2.7 2.7 0 1 0-5.4 0z", _INK),
    "flame": (_STANDING, "M1.8 9h4.8v9H1.8zM14 12h5v2.2h-5z", "M19 9.5c3 0 5 2.5 5 3.5s-2 3.5-5 3.5c1.2-1.5 1.2-5.5 0-7z",
              "#F28C28"),
    "mortar": (_KNEELING, "M17 22.5l3.6-14.5 2.2.6-3.6 14.5zM14.5 21.5h9v2h-9z", "", ""),
    "tank": ("M1 13h22l-2.5 6h-17zM6 8.5h10v4.5H6z", "M16 9.6h8v2H16zM3 19h18v3H3z", "", ""),
}
"""Each silhouette drawn in a 24 x 24 box: body (the side's colour), weapon (ink), and one bright mark where it
helps tell kinds apart from afar (a leader's yellow pennant, a flamethrower's flame)."""

SILHOUETTES: dict[str, str] = {
    "trooper": "rifle", "regular": "rifle", "rifle": "rifle",
    "sargent": "leader", "leader": "leader",
    "pistol": "pistol", "submachine_gunner": "smg",
    "heavy": "mg", "heavy_weapon": "mg", "lmg": "mg", "hmg": "hmg",
    "sniper": "sniper", "bazooka": "bazooka", "grenadier": "grenade", "flamethrower": "flame",
    "mortar": "mortar", "tank": "tank", "vehicle": "tank",
}
"""Every ruleset's kinds of unit (``boards/<ruleset>.py`` FIGURE_WORDS) to a silhouette; any other is a rifleman."""


def silhouette_of(kind: str) -> str:
    return SILHOUETTES.get(kind, "rifle")


def silhouette_svg(kind: str, colour: str) -> str:
    """The SVG of ``kind``'s toy soldier in ``colour``, each shape cased in white (its stroke painted under its
    fill), so it reads on any ground. As few bytes as it can: every figure row of a board carries one (issue 37:
    a chapter's boards within the page's HTML budget)."""
    body, weapon, extra, extra_colour = SHAPES[silhouette_of(kind)]
    return ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='-1 -1 26 26' stroke='#fff' stroke-width='1.6' "
            f"stroke-linejoin='round' paint-order='stroke'><path fill='{colour}' d='{body}'/><path d='{weapon}'/>"
            + (f"<path fill='{extra_colour}' d='{extra}'/>" if extra else "") + "</svg>")


@lru_cache(maxsize=256)
def sprite(kind: str, colour: str) -> str:
    """``kind``'s silhouette in ``colour`` as a ``data:`` URL (for an image glyph, or a legend's ``<img>``)."""
    return "data:image/svg+xml," + silhouette_svg(kind, colour).replace("#", "%23")


# -- terrain as what it is ------------------------------------------------------------------------------------

TERRAIN_LOOKS: tuple[tuple[tuple[str, ...], dict], ...] = (
    (("wall",), {"look": "wall", "fill": "#A7A39A", "hatch": "+", "ink": "#5b5750", "line": "#4a463f", "width": 2.5}),
    (("rock", "boulder"), {"look": "rocks", "fill": "#8F8C86", "hatch": "o", "ink": "#4f4c47", "line": "#4f4c47",
                           "width": 1.5}),
    (("house", "barn", "building", "ruin", "farm"), {"look": "building", "fill": "#B0614A", "hatch": "-",
                                                     "ink": "#6f3426", "line": "#4d251b", "width": 2.5}),
    (("hedge", "bush", "thicket", "shrub"), {"look": "hedge", "fill": "#6FA760", "hatch": "v", "ink": "#2f5f2f",
                                             "line": "#2f5f2f", "width": 1.5}),
    (("wood", "forest", "tree", "copse"), {"look": "woods", "fill": "#5E9150", "hatch": "o", "ink": "#1f4a1f",
                                           "line": "#1f4a1f", "width": 1.5}),
    (("fence",), {"look": "fence", "fill": "#C9A46B", "hatch": "|", "ink": "#6b4a1f", "line": "#6b4a1f",
                  "width": 1.5}),
    (("water", "pond", "river", "stream", "lake"), {"look": "water", "fill": "#8FC1E3", "hatch": "-",
                                                    "ink": "#2b6a99", "line": "#2b6a99", "width": 1.5}),
    (("pit", "crater", "hole"), {"look": "pit", "fill": "#6b5640", "hatch": "*", "ink": "#3a2c1e", "line": "#3a2c1e",
                                 "width": 2}),
    (("hill", "knoll", "rise", "ridge"), {"look": "hill", "fill": "#D9C9A0", "hatch": " ", "ink": "#8a7450",
                                          "line": "#8a7450", "width": 3}),
)
"""A terrain piece's look by a word of its name: walls of stone, hedges and woods green with leaves, water
blue with ripples, pits dark, hills with a thick brown edge; fill, hatch pattern and colour, edge colour and
width."""
KIND_LOOKS = {"solid": "wall", "semi_solid": "hedge", "hill": "hill", "rough": "rocks"}
"""The look of a piece whose name says nothing (by what it does in the rules)."""


def terrain_look(name: str, kind: str) -> dict:
    """How a terrain piece named ``name`` of rules ``kind`` is drawn (a copy of a :data:`TERRAIN_LOOKS` entry)."""
    words = name.lower()
    for keys, look in TERRAIN_LOOKS:
        if any(key in words for key in keys):
            return dict(look)
    fallback = KIND_LOOKS.get(kind, "rocks")
    return dict(next(look for _, look in TERRAIN_LOOKS if look["look"] == fallback))
KIND_EXAMPLES = {"solid": "walls, buildings, rocks", "semi_solid": "hedges, fences, bushes", "hill": "hills",
                 "rough": "rocks, woods"}
"""What a rules kind of terrain looks like on the table, for the legend."""
