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
    "melee": (_STANDING, "M16.4 12.2l5.8-10.4 1.6.9-5.8 10.4z", "M14.6 10.6l4.6 2.6-1 1.7-4.6-2.6z", _INK),
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
    "ranged": "rifle", "hand_to_hand": "melee", "squad": "squad",
}
"""Every ruleset's kinds of unit (``boards/<ruleset>.py`` FIGURE_WORDS) to a silhouette; any other is a rifleman."""


SQUAD = ("<g id='r' transform='translate(-1 3) scale(.62)'>{}</g><use href='#r' x='10'/>"
         "<use href='#r' x='5' y='6'/>")
"""A squad (Dice Tactics) is three riflemen in a huddle, two behind and one in front (one drawn, two used)."""


def silhouette_of(kind: str) -> str:
    return SILHOUETTES.get(kind, "rifle")


def _paths(shape: str, colour: str) -> str:
    body, weapon, extra, extra_colour = SHAPES[shape]
    return (f"<path fill='{colour}' d='{body}'/><path d='{weapon}'/>"
            + (f"<path fill='{extra_colour}' d='{extra}'/>" if extra else ""))


def silhouette_svg(kind: str, colour: str, *, facing_left: bool = False) -> str:
    """The SVG of ``kind``'s toy soldier in ``colour``, each shape cased in white (its stroke painted under its
    fill), so it reads on any ground; ``facing_left`` mirrors it (a grid's second side faces the first: a cue
    besides colour). As few bytes as it can: every figure row of a board carries one (issue 37: a chapter's
    boards within the page's HTML budget)."""
    shape = silhouette_of(kind)
    inner = SQUAD.format(_paths("rifle", colour)) if shape == "squad" else _paths(shape, colour)
    if facing_left:
        inner = f"<g transform='matrix(-1 0 0 1 24 0)'>{inner}</g>"
    return ("<svg xmlns='http://www.w3.org/2000/svg' viewBox='-1 -1 26 26' stroke='#fff' stroke-width='1.6' "
            f"stroke-linejoin='round' paint-order='stroke'>{inner}</svg>")


def data_url(svg: str) -> str:
    """An SVG as a ``data:`` URL ('#' would end the URL)."""
    return "data:image/svg+xml," + svg.replace("#", "%23")


@lru_cache(maxsize=256)
def sprite(kind: str, colour: str, facing_left: bool = False) -> str:
    """``kind``'s silhouette in ``colour`` as a ``data:`` URL (for an image glyph, or a legend's ``<img>``)."""
    return data_url(silhouette_svg(kind, colour, facing_left=facing_left))


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


# -- a grid's squares, cards and dice as toys ---------------------------------------------------------------------

TILE_ICONS: dict[str, str] = {
    "water": "M1 5q2.25-3 4.5 0t4.5 0 4.5 0 4.5 0M1 10q2.25-3 4.5 0t4.5 0 4.5 0 4.5 0M1 15q2.25-3 4.5 0t4.5 0 4.5 0 4.5 0",
    "bridge": "M1 3h18M1 17h18M3 3v14M7.5 3v14M12 3v14M16.5 3v14",
    "woods": "f:M5 1l4.5 8h-9zM15 4l4.5 8h-9zM8 10l4.5 8h-9zM4.3 8.5h1.4v2H4.3zM14.3 11.5h1.4v2h-1.4z",
    "hill": "M1 18Q10 0 19 18M5 18q5-9 10 0",
    "building": "f:M2 10l8-7 8 7h-2v8H4v-8zM8.5 13h3v5h-3z",
    "tower": "f:M6 19V6h8v13zM5 6V2h2v2h1.7V2h2.6v2H13V2h2v4z",
    "windmill": "M10 9L3 2M10 9l7-7M10 9l-7 7M10 9l7 7M8 19l1-8h2l1 8z",
    "ballista": "M2 7q8 9 16 0M10 2v16M3 10l7 2 7-2M6 18h8",
    "wall": "M1 5h18M1 10h18M1 15h18M7 1v4M14 1v4M4 5v5M11 5v5M17 5v5M7 10v5M14 10v5M4 15v4M11 15v4M17 15v4",
    "door": "M5 1.5h10v17H5zM12 10h.1",
    "door_open": "M5 18.5v-17h10v17M5 1.5l5 2.5v14.5",
    "slide_door": "M2 1.5h7.5v17H2zM10.5 1.5H18v17h-7.5z",
    "slide_door_open": "M1.5 1.5h3v17h-3zM15.5 1.5h3v17h-3z",
    "pit": "f:M2 10a8 5.5 0 1 0 16 0a8 5.5 0 1 0-16 0z",
    "crates": "M2 9h8v9H2zM10 11h8v7h-8zM5 2h7v7H5zM2 9l8 9M10 9L2 18",
    "tufts": "M3 17l1.5-6 1.5 6M9 17l1.5-7 1.5 7M15 17l1.5-6 1.5 6M6 8l1-4 1 4M12 7l1-4 1 4",
    "rocks": "f:M2 16l3-6 5 1 2 5zM11 9l3-5 4 3 1 6-5 1z",
    "hedge": "f:M1 15q2.25-7 4.5 0 2.25-7 4.5 0 2.25-7 4.5 0 2.25-7 4.5 0v3H1z",
    "fence": "M3 3v15M10 3v15M17 3v15M1 7h18M1 13h18",
    "zone": "f:M5 19V2h1.6v17zM6.6 2.5l10 3.8-10 3.8z",
    "spawn": "M3 3l14 14M17 3L3 17",
}
"""What each grid square is, drawn over its colour in a 20 x 20 box (a path drawn in ink; ``f:`` filled, else
stroked): a shape, so no two kinds are told apart by colour alone (greyscale, colour-blind readers)."""
GRID_WORDS: tuple[tuple[tuple[str, ...], str], ...] = (
    (("star-trek door (open)", "star_trek_door_open"), "slide_door_open"), (("star-trek", "star_trek"), "slide_door"),
    (("door (open)", "door_open"), "door_open"), (("door",), "door"), (("bridge",), "bridge"), (("tower",), "tower"),
    (("windmill",), "windmill"), (("ballista",), "ballista"), (("obstacle", "crate"), "crates"),
    (("dressing", "grass"), "tufts"), (("village", "town"), "building"), (("target zone", "zone"), "zone"),
    (("spawn",), "spawn"),
)
"""A grid square's name to its icon, before :data:`TERRAIN_LOOKS` (the tabletop's words) is asked."""


def grid_look(name: str) -> str:
    """The icon of a grid square called ``name`` (a key of :data:`TILE_ICONS`)."""
    words = name.lower()
    for keys, icon in GRID_WORDS:
        if any(key in words for key in keys):
            return icon
    return terrain_look(name, "rough")["look"]


@lru_cache(maxsize=64)
def tile_sprite(name: str, ink: str) -> str:
    """A grid square's icon in ``ink``, as a ``data:`` URL, drawn a square wide over the square's colour."""
    path = TILE_ICONS[grid_look(name)]
    paint = f"fill='{ink}'" if path.startswith("f:") else f"fill='none' stroke='{ink}' stroke-width='1.6' stroke-linecap='round'"
    return data_url(f"<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20' opacity='.8'><path {paint} "
                    f"d='{path.removeprefix('f:')}'/></svg>")


RED = "#C0271F"
"""Hearts and diamonds (black for spades and clubs): a playing card's two colours, apart by the suit's shape too."""
SUIT_WORDS = {"♠": "spades", "♥": "hearts", "♦": "diamonds", "♣": "clubs"}
CARD_FONT = "font-family='DejaVu Sans,Arial,sans-serif' font-weight='bold'"


@lru_cache(maxsize=128)
def card_sprite(rank: str, suit: str) -> str:
    """A playing card's face (``rank`` "K", "10", ...; ``suit`` one of :data:`SUIT_WORDS`, or ``""`` for a joker):
    a rounded white card, its rank and suit in the corner, a big suit pip in the middle; red for hearts and
    diamonds. A ``data:`` URL, drawn a card wide (50 x 70)."""
    colour = RED if suit in ("♥", "♦") else "#111111" if suit else "#6A3D9A"
    pip = suit or "★"
    index = rank if suit else "J"
    return data_url(
        "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 50 70'><rect x='1' y='1' width='48' height='68' "
        f"rx='6' fill='#fff' stroke='#333' stroke-width='1.5'/><g fill='{colour}' {CARD_FONT}>"
        f"<text x='4' y='17' font-size='{14 if len(index) < 2 else 12}'>{index}</text>"
        f"<text x='4' y='30' font-size='12'>{pip}</text>"
        f"<text x='27' y='55' font-size='30' text-anchor='middle'>{pip}</text>"
        + ("" if suit else "<text x='25' y='66' font-size='8' text-anchor='middle'>JOKER</text>") + "</g></svg>")


CARD_BACK = data_url(
    "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 50 70'><rect x='1' y='1' width='48' height='68' rx='6' "
    "fill='#5d5b3a' stroke='#333' stroke-width='1.5'/><path fill='none' stroke='#d8d2b8' stroke-width='1.2' "
    "d='M5 5h40v60H5zM5 20L20 5M5 35L35 5M5 50L45 10M5 65l40-40M20 65l25-25M35 65l10-10M5 20l45 45M5 35l30 30M5 "
    "50l15 15M20 5l25 25M35 5l10 10'/></svg>")
"""A face-down card: the same back for every card, so it says nothing of the face."""

DIE_WORDS = ("zero", "one", "two", "three", "four", "five", "six")
PIPS = {1: ((2, 2),), 2: ((1, 1), (3, 3)), 3: ((1, 1), (2, 2), (3, 3)), 4: ((1, 1), (3, 1), (1, 3), (3, 3)),
        5: ((1, 1), (3, 1), (2, 2), (1, 3), (3, 3)), 6: ((1, 1), (3, 1), (1, 2), (3, 2), (1, 3), (3, 3))}
"""A die face's pips on a 3 x 3 grid (column, row), as dice are made."""


@lru_cache(maxsize=8)
def die_sprite(value: int) -> str:
    """A die's face showing ``value`` (1 to 6) as pips, a ``data:`` URL; say the number in words beside it
    (:data:`DIE_WORDS`)."""
    if value not in PIPS:
        raise ValueError(f"a die shows 1 to 6, not {value}")
    pips = "".join(f"<circle cx='{5 * c}' cy='{5 * r}' r='2.2'/>" for c, r in PIPS[value])
    return data_url("<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 20 20'><rect x='.8' y='.8' width='18.4' "
                    f"height='18.4' rx='3.5' fill='#fff' stroke='#111' stroke-width='1.3'/><g fill='#111'>{pips}</g></svg>")


KIND_EXAMPLES = {"solid": "walls, buildings, rocks", "semi_solid": "hedges, fences, bushes", "hill": "hills",
                 "rough": "rocks, woods"}
"""What a rules kind of terrain looks like on the table, for the legend."""
