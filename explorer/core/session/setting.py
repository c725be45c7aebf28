"""*Set up the table* in live play: the game as it stands becomes a set-up (:mod:`explorer.core.setting_up`),
edited by taps and buttons, each edit checked by the engine and refused in words; *Done* plays from there, *Cancel*
brings the game back as it was.

One command, ``setup``, with the edit first: ``begin``; ``tap`` x y [reach] (with nothing to place: a tap on a
piece picks it, a tap elsewhere moves the picked piece there; in a mode, places a piece of a kind, a terrain
piece, a grid square's terrain, or the terrain piece being moved); ``drag`` x y to_x to_y [reach] (the piece a tap
at x y would pick, moved to to_x to_y as a second tap moves it, even where that tap would pick another piece; it
stays picked); ``mode`` (``add`` kind side, ``terrain`` kind, ``square`` kind, ``move_terrain`` name, or
``none``); ``remove`` (the picked piece); ``remove_terrain`` name; ``reshape_terrain`` name width depth (inches:
a wall's along it and across it, a hill's along the table: ``tabletop.shaping``); ``turn_terrain`` name degrees
(anticlockwise); ``set`` field value (of the picked piece); ``turn`` side [phase]; ``card`` card from to;
``done``; ``cancel``.
While a set-up is edited, the board shows it and every answer carries ``setup`` (:meth:`SettingUp.setup_answer`).
"""

from __future__ import annotations

import math

from ..errors import SetupError
from ..limits import brief
from ..setting_up import SetUp
from ..tabletop import shaping
from .taps import CHOICE_COLUMNS

MODES = ("add", "terrain", "square", "move_terrain", "none")


class SettingUp:
    """The set-up editor (a part of :class:`~explorer.core.session.Session`)."""

    _setting: SetUp | None = None
    _unset: tuple | None = None  # the game as it was before the set-up (state, words): Cancel brings it back
    _picked: str | None = None
    _mode: tuple = ("none",)

    def set_up(self, edit: str = "begin", *args) -> dict:
        """One edit of the set-up (see the module's docstring); a refusal is said in words and changes nothing."""
        if edit == "begin":
            return self._begin_setup()
        if self.setting_up is None:
            return self._say("error", "Nothing is being set up: press Set up the table first.")
        handler = {"tap": self._setup_tap, "drag": self._setup_drag, "mode": self._setup_mode,
                   "remove": self._setup_remove,
                   "remove_terrain": lambda name: self._edit(self._setting.remove_terrain(name), f"{name} taken off."),
                   "reshape_terrain": self._setup_reshape, "turn_terrain": self._setup_turn_terrain,
                   "set": self._setup_set, "turn": self._setup_turn, "card": self._setup_card,
                   "done": self._setup_done, "cancel": self._setup_cancel}.get(edit)
        refused = self._uncallable(handler, args, f"a set-up has no edit {brief(edit)}", f"the set-up's {edit}")
        if refused:
            return refused
        try:
            return handler(*args)
        except SetupError as refusal:
            return self._say("refused", f"Not set: {refusal}")

    @property
    def setting_up(self) -> SetUp | None:
        """The set-up being edited, while the board shows it (another game loaded or opened ends it)."""
        setting = self._setting
        return setting if setting is not None and setting.state is self.state else None

    def setup_answer(self) -> dict | None:
        """What the editor shows: the pieces (id, side, kind in words, place), what may be added or set, the piece
        picked and the mode; ``None`` when nothing is being set up."""
        setting = self.setting_up
        if setting is None:
            return None
        shape, position = setting.shape, setting.position
        pieces, tabletop = setting.pieces(), setting.tabletop
        terrain = setting.terrain() if tabletop else []  # (each a copy of the save's: asked once an answer)
        picked = next((p for p in pieces if p["id"] == self._picked), None)
        return {
            "pieces": [{"id": p["id"], "side": p["side"], "kind": _kind_words(shape, p), "at": _place(shape, p)}
                       for p in pieces],
            "kinds": list(setting.kinds()), "sides": list(self.state.sides), "phases": list(shape.phases),
            "side": position.get("side"), "piles": setting.piles(), "terrain_kinds": list(setting.terrain_kinds()),
            "terrain": [t["name"] for t in terrain], "tabletop": tabletop,
            "terrain_sizes": {t["name"]: [round(v, 2) for v in shaping.size(t["points"])]
                              for t in terrain},  # width and depth, inches
            "radius": self.tap_radius,  # a tap's radius round a piece, board units (the page's drag starts within it)
            "fields": {name: list(values) for name, values in shape.fields_set.items()},
            "picked": None if picked is None else {"id": picked["id"], "kind": _kind_words(shape, picked),
                                                   **{name: picked[name] for name in shape.fields_set}},
            "mode": list(self._mode),
        }

    def setup_choices(self) -> dict[str, list]:
        """The board's ``choices`` layer while setting up: the picked piece marked ``chosen``, nothing else."""
        setting = self.setting_up
        picked = [p for p in setting.pieces() if p["id"] == self._picked and _place(setting.shape, p) is not None]
        rows = [(*_place(setting.shape, p), "chosen", p["id"]) for p in picked]
        return {column: [row[i] for row in rows] for i, column in enumerate(CHOICE_COLUMNS)}

    # -- the edits ------------------------------------------------------------------------------------------
    def _begin_setup(self) -> dict:
        if self.challenge is not None:
            return self._say("error", "A challenge is being played: leave it (New game) to set up the table.")
        try:
            setting = SetUp.from_state(self.state)
        except SetupError as refusal:
            return self._say("error", f"This game cannot be set up: {refusal}")
        if self.setting_up is None:
            self._unset = (self.state, self._words)
        self._show_setup(setting, None, ("none",))
        return self._say("note", "Setting up: tap a piece, then a spot to move it; or add, remove, turn. "
                                 "Done plays from here.")

    def _show_setup(self, setting: SetUp, picked: str | None, mode: tuple) -> None:
        self._setting, self._picked, self._mode = setting, picked, mode
        self.state, self._words, self.selected = setting.state, [], None

    def _edit(self, setting: SetUp, said: str, *, picked: str | None = None, mode: tuple | None = None) -> dict:
        self._show_setup(setting, picked, self._mode if mode is None else mode)
        return self._say("note", said)

    def _spot(self, x, y) -> tuple | None:
        """Where a tap at (x, y) places: a tenth of an inch (a tap is a finger's width, and it reads well in a file)
        or a square; ``None`` unless two finite numbers."""
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c) for c in (x, y)):
            return None
        return (round(float(x), 1), round(float(y), 1)) if self._setting.tabletop else (round(x), round(y))

    def _setup_tap(self, x, y, reach=None) -> dict:
        spot, setting, mode = self._spot(x, y), self._setting, self._mode
        if spot is None:
            return self._say("error", f"a tap is at two finite numbers, not ({brief(x)}, {brief(y)})")
        if mode[0] == "add":
            added = setting.add(mode[1], mode[2], spot)
            return self._edit(added, f"{mode[1]} {added.pieces()[-1]['id']} set down. Tap again for another.")
        if mode[0] == "terrain":
            return self._edit(setting.add_terrain(mode[1], spot), f"{mode[1].replace('_', ' ')} set down.",
                              mode=("none",))
        if mode[0] == "square":
            return self._edit(setting.set_square(spot, mode[1]), f"Square {spot[0]}, {spot[1]}: {mode[1]}.")
        if mode[0] == "move_terrain":
            return self._edit(setting.move_terrain(mode[1], spot), f"{mode[1]} moved.", mode=("none",))
        hit = self._piece_at(spot, reach)
        if hit is not None and hit != self._picked:
            return self._edit(setting, f"Picked {hit}: tap a spot to move it, or Remove it.", picked=hit)
        if hit is not None:
            return self._edit(setting, f"{hit} let go.")
        if self._picked is None:
            return self._say("note", "Tap a piece first (or choose Add).")
        return self._edit(setting.move(self._picked, spot), f"{self._picked} moved.", picked=self._picked)

    def _setup_drag(self, x, y, to_x, to_y, reach=None) -> dict:
        """The piece pressed at (x, y) dropped at (to_x, to_y): the move of tap-then-tap, its refusal the same."""
        spot, drop = self._spot(x, y), self._spot(to_x, to_y)
        if spot is None or drop is None:
            return self._say("error", f"a drag is from two finite numbers to two, not ({brief(x)}, {brief(y)}) to "
                                      f"({brief(to_x)}, {brief(to_y)})")
        hit = self._piece_at(spot, reach)
        if hit is None:
            return self._say("note", "No piece there to drag: press on a piece.")
        self._picked = hit  # picked as a tap would, so a refused drop leaves it picked where it stands
        return self._edit(self._setting.move(hit, drop), f"{hit} moved.", picked=hit)

    def _setup_reshape(self, name, width, depth) -> dict:
        reshaped = self._setting.reshape_terrain(name, width, depth)
        return self._edit(reshaped, f"{name}: {width:g} by {depth:g} inches.", picked=self._picked)

    def _setup_turn_terrain(self, name, degrees) -> dict:
        return self._edit(self._setting.turn_terrain(name, degrees), f"{name} turned {degrees:g} degrees.",
                          picked=self._picked)

    def _piece_at(self, spot, reach) -> str | None:
        piece = piece_at(self._setting, spot, self.tap_radius, reach)
        return None if piece is None else piece["id"]

    def _setup_mode(self, name="none", *args) -> dict:
        setting = self._setting
        if name not in MODES:
            return self._say("error", f"a set-up's mode is one of {', '.join(MODES)}, not {brief(name)}")
        wanted = {"add": (setting.kinds(), setting.state.sides), "terrain": (setting.terrain_kinds(),),
                  "square": ((*setting.terrain_kinds(), "open"),),
                  "move_terrain": ([t["name"] for t in setting.terrain()] if setting.tabletop
                                   else [],), "none": ()}[name]
        if len(args) != len(wanted) or any(a not in choices for a, choices in zip(args, wanted)):
            return self._say("refused", f"Not set: {name} needs " + ", ".join(
                f"one of {', '.join(map(str, choices)) or 'nothing here'}" for choices in wanted))
        said = {"add": f"Tap the table to set down a {args[0] if args else ''} of {args[-1] if args else ''}.",
                "terrain": "Tap the table where it goes.", "square": "Tap the squares to change.",
                "move_terrain": "Tap where its middle goes.", "none": "Tap a piece, then a spot to move it."}[name]
        return self._edit(setting, said, picked=self._picked, mode=(name, *args))

    def _setup_remove(self) -> dict:
        if self._picked is None:
            return self._say("note", "Tap a piece first, then Remove.")
        return self._edit(self._setting.remove(self._picked), f"{self._picked} taken off.")

    def _setup_set(self, field, value) -> dict:
        if self._picked is None:
            return self._say("note", "Tap a piece first.")
        return self._edit(self._setting.set_field(self._picked, field, value), f"{self._picked}: {field} {value}.",
                          picked=self._picked)

    def _setup_turn(self, side, phase=None) -> dict:
        turned = self._setting.whose_turn(side, phase)
        return self._edit(turned, f"{side} to play" + (f", in the {phase} part of the turn." if phase else "."),
                          picked=self._picked)

    def _setup_card(self, card, source, target) -> dict:
        return self._edit(self._setting.move_card(card, source, target), f"{card}: from {source} to {target}.")

    def _setup_done(self) -> dict:
        setting = self._setting
        self._setting, self._unset, self._picked, self._mode = None, None, None, ("none",)
        self._take(setting.state, [])
        return self._say("note", "Set up: play from here.")

    def _setup_cancel(self) -> dict:
        state, words = self._unset
        self._setting, self._unset, self._picked, self._mode = None, None, None, ("none",)
        self.state, self._words = state, words
        return self._say("note", "The set-up is put away: the game is as it was.")


def piece_at(setting: SetUp, spot, radius: float, reach=None) -> dict | None:
    """The piece of ``setting`` nearest ``spot`` within a tap's ``radius`` (or the board's ``reach`` of a finger,
    if wider), or ``None``."""
    if isinstance(reach, (int, float)) and not isinstance(reach, bool) and math.isfinite(reach):
        radius = max(radius, float(reach))
    near = [(math.dist(_place(setting.shape, p), spot), p["id"], p) for p in setting.pieces()
            if _place(setting.shape, p) is not None]  # (ids are unique: a tie in distance goes to the first id)
    near = [n for n in near if n[0] <= radius]
    return min(near)[2] if near else None


def _place(shape, piece) -> tuple | None:
    """A piece's place on the board: (x, y) inches or (column, row); ``None`` off the board."""
    values = [piece[name] for name in shape.place]
    if len(values) == 1:
        return None if values[0] is None else tuple(values[0])
    return tuple(values)


def _kind_words(shape, piece) -> str:
    return next((words for words, fields in shape.kinds.items()
                 if all(piece.get(k) == v for k, v in fields.items() if k != "strength")), "piece")
