"""A challenge's start: the scenario, its table's terrain if given (as a save holds it), its pieces changed or
taken off by id, and the prelude played."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from ..actions import action_from_dict
from ..errors import ChallengeError, SaveGameError
from ..limits import brief

if TYPE_CHECKING:
    from .challenge import Challenge


def build_start(challenge: Challenge):
    """A new game at the challenge's start; ``ChallengeError`` saying in words why it cannot be made."""
    spec = challenge.start_spec
    ruleset = challenge.ruleset
    settings = dict(spec.get("settings", {}))
    try:
        state = ruleset.new_game(spec.get("scenario"), seed=spec.get("seed", 1), **settings)
    except (ValueError, TypeError) as exc:
        raise ChallengeError(f"the start cannot be made: {exc}") from None
    edits = {key: spec[key] for key in ("figures", "remove", "position") if key in spec}
    if edits or "terrain" in spec:
        save = state.to_dict()
        position = _edited(save["start"]["position"], edits)
        save["start"]["position"] = save["current"]["position"] = position
        save["actions"] = []
        if "terrain" in spec:  # the table's terrain as a save holds it, judged by the save's own checks
            save["setup"]["terrain"] = copy.deepcopy(spec["terrain"])
        try:
            state = type(state).from_dict(save)
        except SaveGameError as exc:
            raise ChallengeError(_refusal(exc)) from None
        if "terrain" in spec and "grid" not in save["setup"]:  # a tabletop's (imported here: a grid needs none)
            from ..tabletop.shaping import terrain_off_table

            off = terrain_off_table(save["setup"])
            if off:
                raise ChallengeError(f"the start's terrain is not on the table: {off}")
    kinds = ruleset.action_kinds
    for index, step in enumerate(spec.get("prelude", ())):
        try:
            state.apply(action_from_dict(dict(step["action"]), kinds), dice=step_dice(step.get("dice")))
        except (KeyError, ValueError, TypeError) as exc:
            raise ChallengeError(f"prelude step {index + 1} cannot be played: {exc}") from None
    if state.is_over:
        raise ChallengeError(f"the game is over at the start: {state.outcome.reason}")
    if state.current_player != challenge.side:
        raise ChallengeError(f"at the start {state.current_player} is to act, not the learner's side {challenge.side}")
    return state


def _refusal(exc: SaveGameError) -> str:
    """A save's refusal of the start said of a challenge: its table's terrain, or its position."""
    text, lead = str(exc), "the save's setup is malformed: "
    if text.startswith(lead):
        return f"the start's terrain cannot be laid out: {text[len(lead):]}"
    return f"the start is not a legal position: {text}"


def _edited(position: dict, edits: Mapping[str, Any]) -> dict:
    """The saved ``position`` with its pieces (the list of objects with an ``id``: figures, fighters, units)
    changed by id (``figures``: id -> fields), some taken off (``remove``), and top-level keys set
    (``position``)."""
    position = dict(position)
    pieces_key = next((key for key, value in position.items()
                       if isinstance(value, list) and value and all(isinstance(v, dict) and "id" in v for v in value)),
                      None)
    changes, removed = dict(edits.get("figures", {})), list(edits.get("remove", ()))
    if (changes or removed) and pieces_key is None:
        raise ChallengeError("this position has no pieces with ids to change")
    if pieces_key is not None:
        known = {piece["id"] for piece in position[pieces_key]}
        unknown = [name for name in [*changes, *removed] if name not in known]
        if unknown:
            raise ChallengeError(f"no piece called {', '.join(map(brief, unknown))} in the start: the pieces are "
                                 f"{', '.join(sorted(known))}")
        pieces = []
        for piece in position[pieces_key]:
            if piece["id"] in removed:
                continue
            change = changes.get(piece["id"], {})
            bad = [key for key in change if key not in piece]
            if bad:
                raise ChallengeError(f"{piece['id']} has no field {', '.join(map(brief, bad))}; its fields are "
                                     f"{', '.join(piece)}")
            pieces.append({**piece, **change})
        position[pieces_key] = pieces
    for key, value in dict(edits.get("position", {})).items():
        if key not in position:
            raise ChallengeError(f"the position has no {brief(key)}; it has {', '.join(position)}")
        position[key] = value
    return position


def step_dice(value) -> tuple[int, ...] | None:
    """The dice of a recorded step (a prelude's or a solution's), checked: ``None`` when it names none."""
    if value is None:
        return None
    if not isinstance(value, list) or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise ChallengeError(f"dice are a list of faces, not {brief(value)}")
    return tuple(value)

