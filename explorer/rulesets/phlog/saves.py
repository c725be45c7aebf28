"""The one legality check of a Phlog position, and the position and setup to and from plain JSON.

:func:`position_problem` is used by scenarios, custom positions
(:func:`~.scenarios.from_map`) and loading alike. The ``from_dict``
functions trust nothing: anything malformed is a ``ValueError`` that says
what is wrong.
"""

from __future__ import annotations

import functools

from explorer.core.cards import Card, Piles, parse_code
from explorer.core.gridstate import TerrainCode, grid_and_terrain, grid_and_terrain_to_dict, grid_size_problem
from explorer.core.limits import brief
from explorer.core.setting_up import SetupShape

from .data import DOOR, HAND_SIZE, OBSTACLE, PIT, TERRAIN, WALL, WEAPONS, Fighter
from .position import (
    ATTACK_CARD, CANCEL, DEFENCE_CARD, JOKER, MOVE, MOVEMENT_CARD, NOMINATE, OFFER, PHASES, SLOTS,
    AttackInProgress, DefenceChoice, JokerWindow, Position, Setup,
)
from .sections import SECTIONS
from .view import all_cards

MAX_GRID = 64  # columns or rows: far more than any table, small enough that nothing hangs
MAX_FIGHTERS = 64
MAX_TURNS = 1_000_000
MAX_MOVEMENT = 64  # far above any card value

TERRAIN_CODE = TerrainCode({key: kind.symbol for key, kind in TERRAIN.items()}, ".")  # "." is open floor


# -- the setup ---------------------------------------------------------------------------------------
def setup_to_dict(setup: Setup) -> dict:
    return grid_and_terrain_to_dict(setup.grid, setup.terrain, TERRAIN_CODE)


def setup_from_dict(data) -> Setup:
    return Setup(*grid_and_terrain(data, TERRAIN_CODE, MAX_GRID))


# -- the legality check ----------------------------------------------------------------------------------
@functools.lru_cache(maxsize=16)
def _card_set(sides: tuple[str, ...]) -> frozenset[Card]:
    return frozenset(all_cards(sides))


def card_problem(sides: tuple[str, str], position: Position) -> str | None:
    """Every card of the game exactly once: a position that loses or copies a card is not legal."""
    locations = position.card_locations()
    expected = _card_set(sides)
    if len(locations) == len(expected) and {c for c, _ in locations} == expected:
        return None
    where: dict[Card, str] = {}
    for card, place in locations:
        if card not in expected:
            return f"the card {card} ({place}) is not a card of this game"
        if card in where:
            return f"the card {card} is in two places ({where[card]} and {place})"
        where[card] = place
    missing = [c.code for c in all_cards(sides) if c not in where]
    return f"cards missing from the position: {', '.join(missing)}"


def position_problem(game, p) -> str | None:
    """What makes ``p`` illegal in ``game``, in words; ``None`` if it is a legal position."""
    setup = game.setup
    if not isinstance(setup, Setup) or not isinstance(p, Position):
        return "a Phlog game needs a Setup and a Position"
    problem = grid_size_problem(setup.grid, MAX_GRID)
    if problem:
        return problem
    sides = game.sides
    if p.side not in sides:
        return f"the active player must be one of {', '.join(sides)}, not {brief(p.side)}"
    if isinstance(p.turn, bool) or not isinstance(p.turn, int) or not 1 <= p.turn <= MAX_TURNS:
        return f"the turn is a whole number from 1 to {MAX_TURNS:,}, not {brief(p.turn)}"
    if set(p.piles) != set(sides) or not all(isinstance(v, Piles) for v in p.piles.values()):
        return f"there must be piles for exactly {' and '.join(sides)}"
    for side, piles in p.piles.items():
        if len(piles.hand) > HAND_SIZE:
            return f"{side} holds {len(piles.hand)} cards; a hand holds at most {HAND_SIZE}"
    problem = card_problem(sides, p)
    if problem:
        return problem
    problem = _board_problem(game, p)
    if problem:
        return problem
    return _phase_problem(game, p)


def _board_problem(game, p: Position) -> str | None:
    grid, terrain = game.setup.grid, game.setup.terrain
    if len(p.fighters) > MAX_FIGHTERS:
        return f"at most {MAX_FIGHTERS} fighters"
    standing = {}
    for fid, f in p.fighters.items():
        if not isinstance(f, Fighter) or f.id != fid:
            return f"fighter {brief(fid)} is malformed"
        if f.side not in game.sides:
            return f"{f.id} is in no band of this game ({brief(f.side)})"
        if f.weapon not in WEAPONS:
            return f"{f.id}'s weapon must be one of {', '.join(WEAPONS)}, not {brief(f.weapon)}"
        if not f.alive:
            continue
        if f.square not in grid:
            return f"{f.id} stands at {f.square}, off the {grid.width}x{grid.height} grid"
        kind = terrain.get(f.square)
        if kind in (WALL, PIT):
            return f"{f.id} cannot stand in a {kind} at {f.square}"
        if kind == OBSTACLE and game.settings.deadly_obstacles:
            return f"{f.id} cannot stand on a deadly obstacle at {f.square}"
        if kind == DOOR and f.square not in p.open_doors:
            return f"{f.id} cannot stand in the closed door at {f.square}"
        if f.square in standing:
            return f"{f.id} and {standing[f.square]} both stand at {f.square}"
        standing[f.square] = f.id
    for square in p.open_doors:
        if terrain.get(square) != DOOR:
            return f"only a door can be open; there is none at {square}"
    return None


def _phase_problem(game, p: Position) -> str | None:
    if p.phase not in PHASES:
        return f"unknown phase {brief(p.phase)}; the phases are {', '.join(PHASES)}"
    values = game.settings.card_values
    if not isinstance(p.movement_left, int) or isinstance(p.movement_left, bool) \
            or not 0 <= p.movement_left <= MAX_MOVEMENT:
        return f"movement_left is a whole number from 0 to {MAX_MOVEMENT}, not {brief(p.movement_left)}"
    if not isinstance(p.attacked, bool):
        return f"attacked is true or false, not {brief(p.attacked)}"
    if p.movement_stopped is not None and p.movement_stopped not in SECTIONS:
        return f"movement_stopped must name a rule section, not {brief(p.movement_stopped)}"
    activated = p.fighters.get(p.activated) if isinstance(p.activated, str) else None
    before_activation = p.phase == NOMINATE
    if before_activation:
        if (p.activated, p.movement_card, p.movement_value, p.movement_left, p.movement_stopped, p.attacked,
                p.attack, p.pending) != (None, None, None, 0, None, False, None, None):
            return "before a fighter is nominated nothing of an activation may be set"
        return None
    if activated is None or activated.side != p.side:
        return f"the activated fighter must be one of {p.side}'s, not {brief(p.activated)}"
    if p.phase == MOVEMENT_CARD:
        if p.movement_card is not None or p.attack is not None or p.pending is not None or p.attacked:
            return "while the movement card is chosen, no card is in play yet"
        return None
    if p.movement_card is None or p.movement_card.is_joker:
        return "once the movement card is played it is on the table"
    if not isinstance(p.movement_value, int) or p.movement_value not in values.values():
        return f"the movement value must be a card value, not {brief(p.movement_value)}"
    if p.movement_left > p.movement_value:
        return f"movement_left ({p.movement_left}) cannot exceed the movement value ({p.movement_value})"
    if not activated.alive and p.movement_stopped is None:
        return f"{activated.id} has been removed, so its movement has ended"
    pending, attack = p.pending, p.attack
    if p.phase == MOVE:
        return None if pending is None and attack is None else "while moving, no attack or decision is open"
    if p.phase == JOKER:
        if not isinstance(pending, JokerWindow):
            return "in the joker phase a joker window is pending"
        return _window_problem(game, p, pending)
    if attack is None or not p.attacked or not isinstance(attack, AttackInProgress):
        return "an attack in progress needs its attack"
    if attack.attacker != p.activated or attack.target not in p.fighters \
            or p.fighters[attack.target].side == p.side:
        return "the attack must be by the activated fighter against an enemy"
    if p.phase == ATTACK_CARD:
        if pending is not None or attack.attack_card is not None or attack.defence_card is not None:
            return "while the attack card is chosen, no attack card is down yet"
        return None
    if p.phase == DEFENCE_CARD:
        if not (isinstance(pending, DefenceChoice) and pending.player == game.other(p.side)
                and pending.rule == "attacking.cards" and pending.target == attack.target):
            return "while the defence card is chosen, the defender's choice is pending"
        if attack.attack_card is None or attack.defence_card is not None or attack.revealed:
            return "while the defence card is chosen, only the attack card is down"
    return None


def _window_problem(game, p: Position, w: JokerWindow) -> str | None:
    values = game.settings.card_values.values()
    if w.slot not in SLOTS or w.stage not in (OFFER, CANCEL) or w.owner not in game.sides:
        return "the joker window is malformed"
    if w.reactor != game.other(w.owner):
        return "the player who may play a joker is the card owner's opponent"
    expected = (w.reactor, "jokers.play") if w.stage == OFFER else (w.owner, "jokers.cancel")
    if (w.player, w.rule) != expected:
        return "the joker window must wait on the right player"
    if not isinstance(w.value, int) or isinstance(w.value, bool) or w.value not in values:
        return f"the card in the joker window must count a card value, not {brief(w.value)}"
    if (w.stage == OFFER) != (w.joker is None and w.named is None):
        return "a joker is on the table exactly when the owner may cancel it"
    if w.stage == CANCEL and (not w.joker.is_joker or w.named not in values):
        return "the joker in the window must be a joker naming a card value"
    if w.slot == "movement":
        if p.attack is not None or w.owner != p.side or w.card != p.movement_card:
            return "the movement window is on the movement card"
        return None
    a = p.attack
    if a is None or not a.revealed:
        return "a joker window in an attack comes after both cards are revealed"
    owner = p.side if w.slot == "attack" else game.other(p.side)
    card = a.attack_card if w.slot == "attack" else a.defence_card
    if w.owner != owner or w.card != card or card is None:
        return "the joker window must be on the revealed card of its slot"
    return None


# -- the position in JSON -------------------------------------------------------------------------------
def _code(card):
    return None if card is None else card.code


def position_to_dict(p: Position) -> dict:
    a, w = p.attack, p.pending
    return {
        "fighters": [f.to_dict() for f in p.fighters.values()],
        "piles": {side: piles.to_dict() for side, piles in p.piles.items()},
        "side": p.side, "turn": p.turn, "open_doors": [list(s) for s in sorted(p.open_doors)],
        "phase": p.phase, "activated": p.activated, "movement_card": _code(p.movement_card),
        "movement_value": p.movement_value, "movement_left": p.movement_left,
        "movement_stopped": p.movement_stopped, "attacked": p.attacked,
        "attack": None if a is None else {
            "attacker": a.attacker, "target": a.target, "attack_card": _code(a.attack_card),
            "defence_card": _code(a.defence_card), "attack_value": a.attack_value,
            "defence_value": a.defence_value, "revealed": a.revealed},
        "pending": None if w is None else (
            {"kind": "defence", "player": w.player, "rule": w.rule, "target": w.target}
            if isinstance(w, DefenceChoice) else
            {"kind": "joker", "player": w.player, "rule": w.rule, "slot": w.slot, "owner": w.owner,
             "reactor": w.reactor, "stage": w.stage, "card": _code(w.card), "value": w.value,
             "joker": _code(w.joker), "named": w.named}),
    }


_POSITION_KEYS = {"fighters", "piles", "side", "turn", "open_doors", "phase", "activated", "movement_card",
                  "movement_value", "movement_left", "movement_stopped", "attacked", "attack", "pending"}


def _take(data: dict, key: str, kinds: tuple, what: str):
    value = data[key]
    if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
        raise ValueError(f"{key} must be {what}, not {brief(value)}")
    return value


def _card(value, key: str):
    if value is None:
        return None
    if not isinstance(value, str) or len(value) > 80:
        raise ValueError(f"{key} must be a card code, not {brief(value)}")
    return parse_code(value)


def _exact_keys(data, keys: set, what: str) -> dict:
    if not isinstance(data, dict) or set(data) != keys:
        raise ValueError(f"{what} must be an object with exactly {', '.join(sorted(keys))}")
    return data


def position_from_dict(game, data) -> Position:
    data = _exact_keys(data, _POSITION_KEYS, "the position")
    fighters_data = _take(data, "fighters", (list,), "a list of fighters")
    if len(fighters_data) > MAX_FIGHTERS:
        raise ValueError(f"at most {MAX_FIGHTERS} fighters")
    fighters = {}
    for entry in fighters_data:
        fighter = Fighter.from_dict(entry)
        if fighter.id in fighters:
            raise ValueError(f"two fighters are called {fighter.id}")
        fighters[fighter.id] = fighter
    piles_data = _take(data, "piles", (dict,), "an object of piles per side")
    if set(piles_data) != set(game.sides):
        raise ValueError(f"piles must be given for exactly {' and '.join(game.sides)}")
    piles = {side: Piles.from_dict(piles_data[side]) for side in game.sides}
    doors = _take(data, "open_doors", (list,), "a list of squares")
    if len(doors) > MAX_GRID * MAX_GRID or any(
            not isinstance(s, list) or len(s) != 2 or any(isinstance(v, bool) or not isinstance(v, int) for v in s)
            for s in doors):
        raise ValueError("open_doors must be a list of [column, row] squares")
    for key in ("turn", "movement_left"):
        _take(data, key, (int,), "a whole number")
    for key in ("movement_value",):
        if data[key] is not None:
            _take(data, key, (int,), "a whole number or null")
    _take(data, "attacked", (bool,), "true or false")
    for key in ("side", "phase"):
        _take(data, key, (str,), "text")
    for key in ("activated", "movement_stopped"):
        if data[key] is not None:
            _take(data, key, (str,), "text or null")
    return Position(
        fighters=fighters, piles=piles, side=data["side"], turn=data["turn"],
        open_doors=frozenset(tuple(s) for s in doors), phase=data["phase"], activated=data["activated"],
        movement_card=_card(data["movement_card"], "movement_card"), movement_value=data["movement_value"],
        movement_left=data["movement_left"], movement_stopped=data["movement_stopped"], attacked=data["attacked"],
        attack=_attack_from_dict(data["attack"]), pending=_pending_from_dict(data["pending"]),
    )


def _attack_from_dict(data) -> AttackInProgress | None:
    if data is None:
        return None
    data = _exact_keys(data, {"attacker", "target", "attack_card", "defence_card", "attack_value",
                              "defence_value", "revealed"}, "the attack")
    for key in ("attacker", "target"):
        _take(data, key, (str,), "a fighter id")
    for key in ("attack_value", "defence_value"):
        if data[key] is not None:
            _take(data, key, (int,), "a whole number or null")
    _take(data, "revealed", (bool,), "true or false")
    return AttackInProgress(data["attacker"], data["target"], _card(data["attack_card"], "attack_card"),
                            _card(data["defence_card"], "defence_card"), data["attack_value"],
                            data["defence_value"], data["revealed"])


def _pending_from_dict(data):
    if data is None:
        return None
    if not isinstance(data, dict) or data.get("kind") not in ("joker", "defence"):
        raise ValueError("a pending decision is an object whose kind is 'joker' or 'defence'")
    if data["kind"] == "defence":
        data = _exact_keys(data, {"kind", "player", "rule", "target"}, "a pending defence choice")
        for key in ("player", "rule", "target"):
            _take(data, key, (str,), "text")
        return DefenceChoice(data["player"], data["rule"], target=data["target"])
    data = _exact_keys(data, {"kind", "player", "rule", "slot", "owner", "reactor", "stage", "card", "value",
                              "joker", "named"}, "a pending joker window")
    for key in ("player", "rule", "slot", "owner", "reactor", "stage"):
        _take(data, key, (str,), "text")
    _take(data, "value", (int,), "a whole number")
    if data["named"] is not None:
        _take(data, "named", (int,), "a whole number or null")
    return JokerWindow(data["player"], data["rule"], slot=data["slot"], owner=data["owner"],
                       reactor=data["reactor"], stage=data["stage"], card=_card(data["card"], "card"),
                       value=data["value"], joker=_card(data["joker"], "joker"), named=data["named"])


SETTING_UP = SetupShape(  # the set-up editor (core/setting_up.py): fighters by weapon, each side's three piles
    pieces="fighters", place=("col", "row"),
    kinds={"Ranged fighter": {"weapon": "ranged"}, "Hand-to-hand fighter": {"weapon": "hand_to_hand"}},
    piles={"{side}'s hand": ("piles", "{side}", "hand"), "{side}'s draw pile": ("piles", "{side}", "draw"),
           "{side}'s spent pile": ("piles", "{side}", "spent")})
