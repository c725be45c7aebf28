"""The numbers and kinds of "The Rules! (with no name)" as data.

Every number here is the source's (Captain's Phlog, 2020.04.10); the book
renders its tables from these, so a number lives in one place.
"""

from __future__ import annotations

import dataclasses

from explorer.core.grid import Square

HAND_SIZE = 6  # "bring their hand size back up to six"
JOKERS_PER_PLAYER = 1  # "Each player will shuffle one joker into their personal draw pile"
STEP_COST = 1  # movement is counted in squares
DOOR_COST = 1  # "spend one movement point to open or close a door"
JUMP_COST_PER_SQUARE = 2  # "one square for every two points of movement used"
MIN_JUMP_COST = 4  # "with a minimum of four movement points spent"
MIN_JUMP_SQUARES = MIN_JUMP_COST // JUMP_COST_PER_SQUARE  # four points move two squares
REMOVAL_MARGIN = 4  # "If a player wins by four or more points the losing player will remove their figure"

SIDES = ("green", "tan")  # the two bands, in turn order

RANGED = "ranged"
HAND_TO_HAND = "hand_to_hand"
WEAPONS = {
    RANGED: "Ranged: attacks any opposing fighter in line of sight, at any point during its movement.",
    HAND_TO_HAND: "Hand-to-hand: attacks an adjacent opposing fighter, and that ends its movement.",
}

# Terrain kinds. Star-Trek doors are doors too, but open and close by themselves.
SET_DRESSING = "set_dressing"
WALL = "wall"
DOOR = "door"
STAR_TREK_DOOR = "star_trek_door"
PIT = "pit"
OBSTACLE = "obstacle"


@dataclasses.dataclass(frozen=True)
class TerrainKind:
    key: str
    title: str
    symbol: str  # in text maps
    effect: str  # one line for the quick-reference table


TERRAIN = {
    kind.key: kind
    for kind in (
        TerrainKind(SET_DRESSING, "Set dressing", "~", "No effect on play: it only looks good."),
        TerrainKind(WALL, "Wall", "#", "Impassable: no moving into it, over it, or seeing through it."),
        TerrainKind(DOOR, "Door", "+", "Starts closed. 1 movement point opens or closes it from an adjacent "
                    "square; open, it can be passed and stood in; a fighter in the frame keeps it open."),
        TerrainKind(STAR_TREK_DOOR, "Star-Trek door", "*", "Opens by itself as a fighter enters and closes "
                    "as it leaves; open while a fighter stands in it."),
        TerrainKind(PIT, "Pit", "O", "Crossed only by jumping. A fighter ending its movement in it is removed."),
        TerrainKind(OBSTACLE, "Obstacle", "^", "Navigated as a pit: crossed only by jumping; entering it "
                    "ends the movement (and removes the fighter if obstacles are deadly)."),
    )
}


@dataclasses.dataclass(frozen=True, slots=True)  # slots: its fields are read at every listing, and a slot reads
class Fighter:  # several times quicker than an instance's dict (a fighter is made once a square and shared: made)
    """One figure: its id (``'green-2'``), its band, its weapon, and its square (``None`` once removed)."""

    id: str
    side: str
    weapon: str
    square: Square | None

    @property
    def alive(self) -> bool:
        return self.square is not None

    @property
    def ranged(self) -> bool:
        return self.weapon == RANGED

    def to_dict(self) -> dict:
        col, row = self.square or (None, None)
        return {"id": self.id, "side": self.side, "weapon": self.weapon, "col": col, "row": row}

    @classmethod
    def from_dict(cls, data) -> Fighter:
        """A fighter from a save; ``ValueError`` saying what is wrong with a malformed one."""
        if not isinstance(data, dict) or set(data) != {"id", "side", "weapon", "col", "row"}:
            raise ValueError(f"a fighter is an object with id, side, weapon, col and row, not {data!r:.80}")
        for key in ("id", "side"):
            if not isinstance(data[key], str) or not data[key] or len(data[key]) > 64:
                raise ValueError(f"a fighter's {key} is a short name, not {data[key]!r:.80}")
        if data["weapon"] not in WEAPONS:
            raise ValueError(f"{data['id']}'s weapon must be one of {', '.join(WEAPONS)}, not {data['weapon']!r:.80}")
        col, row = data["col"], data["row"]
        if col is None and row is None:
            return cls(data["id"], data["side"], data["weapon"], None)
        if any(isinstance(v, bool) or not isinstance(v, int) for v in (col, row)):
            raise ValueError(f"{data['id']}'s square must be whole numbers (or both null once removed), "
                             f"not {col!r:.20}, {row!r:.20}")
        return cls(data["id"], data["side"], data["weapon"], (col, row))
