"""Setting up the table: a position made by hand, one edit at a time, each checked as a saved game is.

A :class:`SetUp` is a save (:mod:`.saves`) with no actions: its ``start`` is the position being made (and, for
terrain, its ``setup``). Every edit (add, move, remove or change a piece; add, move, reshape, turn or remove
terrain, or set a grid square; whose turn and which part of it; a card from one pile to another) builds the edited
save and loads it with every check a save gets (``from_dict``: the ruleset's one position check, the same a
scenario passes; and a tabletop's terrain kept on the table), so an edit is either a new, legal :class:`SetUp` or
a :class:`~.errors.SetupError` saying in words what is wrong; a set-up is a value and an edit never changes the one
it was made from. The set-up plays from where it stands (:attr:`SetUp.state`), is saved and linked as any game
(``to_save``: the existing save format, no new one) and gives a practice challenge's ``start`` block
(:meth:`SetUp.challenge_start`, as ``challenges/starting.py`` reads it).

What differs between rulesets is declared as data: each ruleset's ``SETTING_UP`` (a :class:`SetupShape`, in the
``saves`` module its state class names: its position's save):
where the pieces are and how they are placed, the kinds of piece in words, the parts of a turn a set-up may
start in, the card piles. The table's terrain is the tabletop's polygons or the grid's squares (of its
``saves.TERRAIN_CODE``).
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .errors import SaveGameError, SetupError
from .limits import brief
from .settings import settings_to_dict
from .state import GameState
from .tabletop import shaping

TERRAIN_SIZE = (4.0, 4.0)  # inches: a new terrain piece's footprint until it is reshaped (reshape_terrain)
HILL_LEVEL = 1


@dataclass(frozen=True)
class SetupShape:
    """What a set-up edits, for one ruleset (``SETTING_UP`` in its ``saves`` module).

    ``pieces``: the position's key of its pieces; ``fields``: where pieces are saved as lists, their fields in
    order (else they are objects); ``place``: the field(s) of a piece's place (``("x", "y")`` in inches, or one
    field holding ``[column, row]``, or ``("col", "row")``); ``kinds``: each kind of piece in words and the
    fields that make it one; ``new``: the fields of a new piece not given by its kind (a fresh piece's flags);
    ``piles``: the card piles, their names in words and paths into the position (``{side}`` stands
    for each side); ``phases``: the
    parts of a turn a set-up may start in, in words and the position's fields that say so; ``fields_set``:
    the fields of a piece the set-up may set (a strength, lying down), with their allowed values; ``supply``:
    where the rules keep count of the pieces of a kind (by its ``kind`` field) off the table, a path into the
    position: a piece added is taken from it, a piece taken off goes back. In ``phases`` and paths ``{side}``
    stands for the side concerned."""

    pieces: str
    place: tuple[str, ...]
    kinds: Mapping[str, Mapping[str, Any]]
    new: Mapping[str, Any] = field(default_factory=dict)
    fields: tuple[str, ...] | None = None
    piles: Mapping[str, tuple[str, ...]] = field(default_factory=dict)
    phases: Mapping[str, Mapping[str, Any]] = field(default_factory=dict)
    fields_set: Mapping[str, tuple] = field(default_factory=dict)
    supply: Mapping[str, tuple] = field(default_factory=dict)


def _shape(state) -> SetupShape:
    shape = getattr(getattr(type(state), "saves", None), "SETTING_UP", None)
    if not isinstance(shape, SetupShape):
        raise SetupError(f"{state.ruleset.title} has no set-up editor")
    return shape


def _number(value, what: str) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)) or not math.isfinite(value):
        raise SetupError(f"{what} is a number, not {brief(value)}")
    return float(value)


def _whole(value, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SetupError(f"{what} is a whole number, not {brief(value)}")
    return value


class SetUp:
    """A position being set up (see the module's docstring). ``SetUp.from_state(state)``: *Start from here*, the
    moment ``state`` is at, its history dropped; ``SetUp.new(ruleset, scenario, seed=...)``: a scenario's start."""

    def __init__(self, state: GameState):
        self.state = state
        self.shape = _shape(state)
        self._save = state.to_dict()

    @classmethod
    def from_state(cls, state: GameState) -> SetUp:
        """*Start from here*: the position and dice of ``state`` now, as a start with no actions."""
        save = state.to_dict()
        save["start"] = copy.deepcopy(save["current"])
        save["actions"] = []
        return cls(_load(type(state), save))

    @classmethod
    def new(cls, ruleset, scenario: str | None = None, *, seed: int = 1, **settings) -> SetUp:
        return cls(ruleset.new_game(scenario, seed=seed, **settings))

    # -- what there is ----------------------------------------------------------------------------------
    @property
    def position(self) -> dict:
        """The position being set up, as saved (a copy: changing it changes nothing here)."""
        return copy.deepcopy(self._save["start"]["position"])

    def pieces(self) -> list[dict]:
        """Every piece as an object of named fields (list-saved pieces named by the shape's ``fields``)."""
        rows = self._save["start"]["position"][self.shape.pieces]
        fields = self.shape.fields
        return [dict(zip(fields, row)) if fields else dict(row) for row in rows]

    def kinds(self) -> tuple[str, ...]:
        return tuple(self.shape.kinds)

    def piles(self) -> dict[str, list]:
        """The card piles by name ("green hand"), each a copy of its cards in order."""
        return {name: list(_at(self._save["start"]["position"], path)) for name, path in self._pile_paths().items()}

    def terrain_kinds(self) -> tuple[str, ...]:
        code = _terrain_code(self.state)
        if code is not None:
            return tuple(code.symbols)
        from .tabletop.terrain import TerrainKind
        return tuple(kind.value for kind in TerrainKind)

    # -- pieces -------------------------------------------------------------------------------------------
    def add(self, kind: str, side: str, at, *, squad: str | None = None) -> SetUp:
        """A new piece of ``kind`` (one of :meth:`kinds`) for ``side``, at ``at``."""
        shape = self.shape
        if kind not in shape.kinds:
            raise SetupError(f"{self.state.ruleset.title} has no piece called {brief(kind)}; its kinds are "
                             f"{', '.join(shape.kinds)}")
        self._side(side)
        pieces = self.pieces()
        ids = {p["id"] for p in pieces}
        dashed = shape.fields or any(p["id"].startswith(f"{side}-") for p in pieces)
        prefix = f"{side}-" if dashed else side[0]  # as the scenarios name them: green-1 or g1
        number = 1 + sum(p["side"] == side for p in pieces)
        while f"{prefix}{number}" in ids:
            number += 1
        piece_id = f"{prefix}{number}"
        piece = {**shape.new, **shape.kinds[kind], "id": piece_id, "side": side, **self._place(at)}
        if "squad" in piece and "squad" not in shape.kinds[kind]:  # a kind in no squad (a sniper) stays so
            piece["squad"] = squad if squad is not None else _squad_of(pieces, side, piece.get("squad"))
        return self._with_pieces([*pieces, piece], f"{kind} {piece_id} cannot stand there", supplied=(piece, -1))

    def move(self, piece_id: str, at) -> SetUp:
        pieces, index = self._piece(piece_id)
        pieces[index] = {**pieces[index], **self._place(at)}
        return self._with_pieces(pieces, f"{piece_id} cannot stand there")

    def remove(self, piece_id: str) -> SetUp:
        pieces, index = self._piece(piece_id)
        gone = pieces.pop(index)
        return self._with_pieces(pieces, f"{piece_id} cannot be taken off", supplied=(gone, +1))

    def set_field(self, piece_id: str, name: str, value) -> SetUp:
        """Set one of the shape's ``fields_set`` of a piece (a unit's strength, a trooper lying down)."""
        allowed = self.shape.fields_set
        if name not in allowed:
            raise SetupError(f"a set-up may set {' or '.join(allowed) or 'nothing'} of a piece, not {brief(name)}")
        if value not in allowed[name] or type(value) is not type(allowed[name][0]):
            raise SetupError(f"{name} is one of {', '.join(map(str, allowed[name]))}, not {brief(value)}")
        pieces, index = self._piece(piece_id)
        pieces[index] = {**pieces[index], name: value}
        return self._with_pieces(pieces, f"{piece_id} cannot have {name} {value}")

    # -- the turn -----------------------------------------------------------------------------------------
    def whose_turn(self, side: str, phase: str | None = None) -> SetUp:
        """``side`` to play, in ``phase`` (one of the shape's ``phases``, in words) if given. Where turns are
        counted a player at a time (a ``turn`` number), the next turn is tried when this one is the other's."""
        self._side(side)
        position = self.position
        position["side"] = side
        if phase is not None:
            if phase not in self.shape.phases:
                raise SetupError(f"a set-up may start in {', '.join(self.shape.phases) or 'no other part'} "
                                 f"of the turn, not {brief(phase)}")
            position.update({key: value.format(side=side) if isinstance(value, str) else value
                             for key, value in self.shape.phases[phase].items()})
        tries = [position]
        if isinstance(position.get("turn"), int) and position["side"] != self._save["start"]["position"]["side"]:
            tries.append({**position, "turn": position["turn"] + 1})
        error = None
        for candidate in tries:
            try:
                return self._with(position=candidate, refusal=f"{side} cannot play now")
            except SetupError as exc:
                error = error or exc
        raise error

    # -- cards ----------------------------------------------------------------------------------------------
    def move_card(self, card: str, source: str, target: str) -> SetUp:
        """Move ``card`` from the pile called ``source`` to the one called ``target`` (names as :meth:`piles`)."""
        paths = self._pile_paths()
        for name in (source, target):
            if name not in paths:
                raise SetupError(f"there is no pile called {brief(name)}; the piles are {', '.join(paths)}")
        position = self.position
        cards = _at(position, paths[source])
        if card not in cards:
            raise SetupError(f"{brief(card)} is not in {source}; it holds {', '.join(cards) or 'nothing'}")
        cards.remove(card)
        _at(position, paths[target]).append(card)
        return self._with(position=position, refusal=f"{card} cannot go to {target}")

    # -- terrain --------------------------------------------------------------------------------------------
    def terrain(self) -> list:
        """The table's terrain as saved: polygons (tabletop) or rows of one symbol a square (grid)."""
        return copy.deepcopy(self._save["setup"]["terrain"])

    def add_terrain(self, kind: str, at, size=TERRAIN_SIZE) -> SetUp:
        """A new rectangle of terrain of ``kind`` (one of :meth:`terrain_kinds`), centred on ``at`` (tabletop)."""
        self._tabletop("add")
        if kind not in self.terrain_kinds():
            raise SetupError(f"terrain is {', '.join(self.terrain_kinds())}, not {brief(kind)}")
        (x, y), (w, h) = self._point(at), (_number(size[0], "a width"), _number(size[1], "a height"))
        names = {piece["name"] for piece in self._save["setup"]["terrain"]}
        number = 1 + len(names)
        while f"{kind.replace('_', ' ')} {number}" in names:
            number += 1
        piece = {"name": f"{kind.replace('_', ' ')} {number}", "kind": kind, "elevation": HILL_LEVEL if kind == "hill" else 0,
                 "points": [[x - w / 2, y - h / 2], [x + w / 2, y - h / 2], [x + w / 2, y + h / 2], [x - w / 2, y + h / 2]]}
        return self._with(terrain=[*self.terrain(), piece], refusal=f"no {kind} can go there")

    def move_terrain(self, name: str, at) -> SetUp:
        """The terrain piece called ``name``, moved so that its middle is at ``at``."""
        at = self._point(at)
        return self._shaped_terrain(name, lambda points: shaping.moved(points, at), f"the {name} cannot go there")

    def reshape_terrain(self, name: str, width, depth) -> SetUp:
        """The terrain piece called ``name`` made ``width`` by ``depth`` inches, about its middle: a four-cornered
        piece's along its first edge and across it, so a turned wall keeps its length (:mod:`.tabletop.shaping`)."""
        longest = max(self._save["setup"]["width"], self._save["setup"]["height"])
        sizes = [_number(value, f"a {what}") for value, what in ((width, "width"), (depth, "depth"))]
        for value, what in zip(sizes, ("width", "depth")):
            if not 0 < value <= longest:
                raise SetupError(f"a {what} is a number of inches above 0 and at most {longest:g} (the table's "
                                 f"longer side), not {value:g}")
        return self._shaped_terrain(name, lambda points: shaping.reshaped(points, *sizes),
                                    f"the {name} cannot be {sizes[0]:g} by {sizes[1]:g} inches")

    def turn_terrain(self, name: str, degrees) -> SetUp:
        """The terrain piece called ``name`` turned ``degrees`` anticlockwise (as the board shows the table) about
        its middle."""
        turn = _number(degrees, "a turn in degrees")
        return self._shaped_terrain(name, lambda points: shaping.turned(points, turn),
                                    f"the {name} cannot be turned {turn:g} degrees")

    def remove_terrain(self, name: str) -> SetUp:
        terrain, index = self._terrain_piece(name)
        del terrain[index]
        return self._with(terrain=terrain, refusal=f"the {name} cannot be taken off")

    def set_square(self, at, kind: str) -> SetUp:
        """The grid square ``at`` (``[column, row]``) made ``kind`` (one of :meth:`terrain_kinds`, or "open":
        nothing)."""
        code = _terrain_code(self.state)
        if code is None:
            raise SetupError("a tabletop has no squares: add, move or remove terrain pieces")
        if kind != "open" and kind not in code.symbols:
            raise SetupError(f"a square is open or {', '.join(code.symbols)}, not {brief(kind)}")
        col, row = self._square(at)
        rows = self.terrain()
        rows[row] = rows[row][:col] + (code.blank if kind == "open" else code.symbols[kind]) + rows[row][col + 1:]
        return self._with(terrain=rows, refusal=f"square {col}, {row} cannot be {kind}")

    # -- saving ---------------------------------------------------------------------------------------------
    @property
    def tabletop(self) -> bool:
        """Whether the table is a tabletop measured in inches (else a grid of squares), read without copying the
        save."""
        return "grid" not in self._save["setup"]

    def to_save(self) -> dict:
        """The set-up as a saved game with no actions (the existing save format: a game file, a game link)."""
        return copy.deepcopy(self._save)

    def challenge_start(self) -> dict:
        """The ``start`` block of a challenge file that builds this position (``challenges/starting.py``): the
        scenario, seed and settings, the pieces changed (``figures``) or taken off (``remove``) by id, the other parts
        of the position that differ (``position``) and, where it is not the scenario's, the table's ``terrain`` as
        saved (:meth:`terrain`: pieces added, moved, sized, turned or taken off; squares set)."""
        save, ruleset = self._save, self.state.ruleset
        seed = save["start"]["rng"]["seed"]
        settings = {k: v for k, v in save["settings"].items() if settings_to_dict(ruleset.settings()).get(k) != v}
        fresh = ruleset.new_game(save["scenario"], seed=seed, **settings).to_dict()
        table, own = save["setup"], fresh["setup"]
        other = " and ".join(sorted(k for k in {*table, *own} - {"terrain"} if table.get(k) != own.get(k)))
        if other:  # (a table of another size, say: a set-up changes none, a save loaded may)
            raise SetupError(f"a challenge starts on its scenario's table, only its terrain changed, not its {other}")
        block: dict[str, Any] = {"scenario": save["scenario"], "seed": seed, "settings": settings}
        was, now = fresh["start"]["position"], save["start"]["position"]
        key = self.shape.pieces
        if not self.shape.fields and _kept_order(was[key], now[key]):
            before = {p["id"]: p for p in was[key]}
            changes = {p["id"]: {k: v for k, v in p.items() if before[p["id"]][k] != v} for p in now[key]}
            block["figures"] = {pid: change for pid, change in changes.items() if change}
            block["remove"] = [pid for pid in before if pid not in changes]
            was = {**was, key: now[key]}
        block["position"] = {k: v for k, v in now.items() if was.get(k) != v}
        block = {k: v for k, v in block.items() if v or k in ("scenario", "seed")}
        if table.get("terrain") != own.get("terrain"):  # (an empty list too: every piece taken off)
            block["terrain"] = copy.deepcopy(table["terrain"])
        empty = _empty_value(block)
        if empty:
            raise SetupError(f"a challenge file (TOML) has no empty value, and this set-up's {empty} is empty: "
                             "start the challenge from a moment before it, with a prelude")
        return block

    # -- the checks -----------------------------------------------------------------------------------------
    def _with_pieces(self, pieces: list[dict], refusal: str, supplied: tuple[dict, int] | None = None) -> SetUp:
        """The set-up with ``pieces``; ``supplied``: a piece added (-1) or taken off (+1) counted in its supply."""
        fields = self.shape.fields
        rows = [[p[f] for f in fields] for p in pieces] if fields else pieces
        position = {**self.position, self.shape.pieces: rows}
        if supplied is not None and supplied[0].get("kind") in self.shape.supply:
            piece, change = supplied
            *path, last = (part.format(side=piece["side"]) if isinstance(part, str) else part
                           for part in self.shape.supply[piece["kind"]])
            _at(position, tuple(path))[last] += change
        return self._with(position=position, refusal=refusal)

    def _with(self, *, refusal: str, position: dict | None = None, terrain: list | None = None) -> SetUp:
        """A new set-up from this one's save with ``position`` and/or ``terrain`` put in, loaded with every
        check of a save; refused (``SetupError``, "``refusal``: why") when a check fails."""
        save = copy.deepcopy(self._save)
        if position is not None:
            save["start"]["position"] = save["current"]["position"] = position
        if terrain is not None:
            save["setup"]["terrain"] = terrain
            off = shaping.terrain_off_table(save["setup"])
            if off:
                raise SetupError(f"{refusal}: {off}")
        try:
            return SetUp(_load(type(self.state), save))
        except SetupError as exc:
            raise SetupError(f"{refusal}: {_plain(exc)}") from None

    def _piece(self, piece_id) -> tuple[list[dict], int]:
        return _found(self.pieces(), "id", piece_id, "piece", "pieces")

    def _shaped_terrain(self, name: str, change, refusal: str) -> SetUp:
        """The set-up with the terrain piece ``name``'s corners changed by ``change``, refused as ``_with`` is."""
        terrain, index = self._terrain_piece(name)
        terrain[index]["points"] = change(terrain[index]["points"])
        return self._with(terrain=terrain, refusal=refusal)

    def _terrain_piece(self, name) -> tuple[list, int]:
        self._tabletop("move, reshape, turn or remove")
        return _found(self.terrain(), "name", name, "terrain", "terrain")

    def _side(self, side) -> None:
        if side not in self.state.sides:
            raise SetupError(f"the sides are {' and '.join(self.state.sides)}, not {brief(side)}")

    def _tabletop(self, what: str) -> None:
        if _terrain_code(self.state) is not None:
            raise SetupError(f"a grid has no terrain pieces to {what}; set squares instead")

    def _place(self, at) -> dict:
        place = self.shape.place
        if len(place) == 1:
            return {place[0]: list(self._square(at))}
        if place == ("col", "row"):
            return dict(zip(place, self._square(at)))
        return dict(zip(place, self._point(at)))

    def _point(self, at) -> tuple[float, float]:
        if not isinstance(at, (list, tuple)) or len(at) != 2:
            raise SetupError(f"a place on the table is (x, y) in inches, not {brief(at)}")
        return _number(at[0], "x"), _number(at[1], "y")

    def _square(self, at) -> tuple[int, int]:
        if not isinstance(at, (list, tuple)) or len(at) != 2:
            raise SetupError(f"a square is (column, row), not {brief(at)}")
        col, row = _whole(at[0], "a column"), _whole(at[1], "a row")
        width, height = self._save["setup"]["grid"]
        if not (0 <= col < width and 0 <= row < height):
            raise SetupError(f"square {col}, {row} is off the {width} by {height} board")
        return col, row

    def _pile_paths(self) -> dict[str, tuple[str, ...]]:
        """The piles' names, each side's own named for the side, and their paths into the position."""
        return {name.format(side=side): tuple(part.format(side=side) for part in path)
                for name, path in self.shape.piles.items()
                for side in (self.state.sides if "{side}" in name else (None,))}

    def __repr__(self) -> str:
        return f"SetUp({self.state.ruleset.name!r}, {len(self.pieces())} pieces, {self.state.current_player} to play)"


def _load(cls, save: dict):
    try:
        return cls.from_dict(save)
    except SaveGameError as exc:
        raise SetupError(str(exc)) from None


def _plain(exc: Exception) -> str:
    """A save's refusal said of a set-up (the words of the position check, without "the save's ... is
    malformed")."""
    text = str(exc)
    for lead in ("the save's starting position is malformed: ", "the save's setup is malformed: "):
        text = text.replace(lead, "")
    return text


def _terrain_code(state):
    return getattr(getattr(type(state), "saves", None), "TERRAIN_CODE", None)


def _at(position: dict, path: tuple[str, ...]):
    for part in path:
        position = position[part]
    return position


def _squad_of(pieces: list[dict], side: str, default):
    """A new piece's squad: the first squad of its side, else the kind's own."""
    return next((p["squad"] for p in pieces if p["side"] == side and p.get("squad")), default)


def _empty_value(value, where: str = "") -> str | None:
    """Where ``value`` holds a ``None`` (which TOML cannot write), in words, or ``None``."""
    if value is None:
        return where.strip(" .") or "start"
    items = value.items() if isinstance(value, dict) else enumerate(value) if isinstance(value, list) else ()
    return next((found for key, item in items if (found := _empty_value(item, f"{where}.{key}" if where else str(key)))),
                None)


def _kept_order(before: list[dict], after: list[dict]) -> bool:
    """Whether ``after`` is ``before`` with some pieces changed or taken off (no piece added or reordered)."""
    ids = [p["id"] for p in before]
    return [i for i in ids if i in {p["id"] for p in after}] == [p["id"] for p in after]


def _found(items: list[dict], key: str, wanted, what: str, whats: str) -> tuple[list[dict], int]:
    """``items`` and the index of the one whose ``key`` is ``wanted``, or ``SetupError`` naming those there are."""
    for index, item in enumerate(items):
        if item[key] == wanted:
            return items, index
    raise SetupError(f"there is no {what} called {brief(wanted)}; the {whats} "
                     f"{'are' if whats.endswith('s') else 'is'} {', '.join(i[key] for i in items) or 'none'}")
