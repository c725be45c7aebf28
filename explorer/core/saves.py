"""The save format, in one place.

A save is JSON::

    {"format": "toy-soldier-rules-explorer/save", "version": 2,
     "ruleset": "phlog", "settings": {...}, "scenario": "corridor",
     "sides": ["green", "tan"], "setup": {...},
     "start": {"position": {...}, "rng": {"seed": 1, "counter": 0}},
     "actions": [{"action": {"type": "Step", "player": "green", ...}, "dice": [4]}, ...],
     "current": {"position": {...}, "rng": {...}}}

Loading trusts nothing: the settings, the setup and the starting position
are each checked by the ruleset (the same check a scenario or a custom
position passes), every action is replayed through the rules, and the
result must be the saved ``current`` position. Anything wrong is a
:class:`SaveGameError` that says what; sizes are bounded so no file hangs
the loader.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .actions import action_from_dict
from .errors import RuleViolation, SaveGameError, UnknownRuleset
from .game import Game
from .limits import MAX_NAME_CHARS, brief, nesting_problem, parse_json
from .registry import get_ruleset
from .rng import GameRNG
from .settings import settings_from_dict, settings_to_dict

if TYPE_CHECKING:
    from .state import GameState

SAVE_FORMAT = "toy-soldier-rules-explorer/save"
SAVE_VERSION = 2
MAX_SAVE_CHARS = 20_000_000
MAX_ACTIONS = 100_000

# What a malformed part of a save can raise while it is rebuilt; each becomes a SaveGameError.
_MALFORMED = (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError, RecursionError)


def save_dict(state: GameState) -> dict[str, Any]:
    cls, game = type(state), state.game
    start_position, start_rng = state._start
    actions = []
    for turn in state.history:
        entry = {"action": turn.action.to_dict()}
        if turn.dice is not None:
            entry["dice"] = list(turn.dice)
        actions.append(entry)
    return {
        "format": SAVE_FORMAT,
        "version": SAVE_VERSION,
        "ruleset": state.ruleset.name,
        "settings": settings_to_dict(game.settings),
        "scenario": game.scenario,
        "sides": list(game.sides),
        "setup": cls._setup_to_dict(game.setup),
        "start": {"position": cls._position_to_dict(start_position), "rng": GameRNG(*start_rng).to_dict()},
        "actions": actions,
        "current": {"position": cls._position_to_dict(state.position), "rng": state.rng.to_dict()},
    }


SAVE_KEYS = ("format", "version", "ruleset", "settings", "scenario", "sides", "setup", "start", "actions", "current")
"""Every key of a save, in the order written; a save with any other key is refused by name."""
MOMENT_KEYS = ("position", "rng")
"""The keys of a save's ``start`` and ``current``."""


def load_json(text: Any) -> GameState:
    if not isinstance(text, (str, bytes)):
        raise SaveGameError(f"a saved game is JSON text, not {type(text).__name__}")
    if len(text) > MAX_SAVE_CHARS:
        raise SaveGameError(f"a saved game is at most {MAX_SAVE_CHARS:,} characters, not {len(text):,}")
    return load_game(parse_json(text, SaveGameError, "a saved game"))


def load_game(data: Any) -> GameState:
    """Rebuild a saved game, or raise :class:`SaveGameError` saying what is wrong."""
    _expect(isinstance(data, dict), "a saved game must be a JSON object")
    deep = nesting_problem(data)
    _expect(deep is None, f"the saved game is malformed: {deep}")
    _expect(data.get("format") == SAVE_FORMAT, f"not a Toy Soldier Rules Explorer save (format should be {SAVE_FORMAT!r})")
    _expect(data.get("version") == SAVE_VERSION,
            f"save version {brief(data.get('version'))} is not supported (expected {SAVE_VERSION})")
    _known_keys(data, SAVE_KEYS, "a save")
    try:
        ruleset = get_ruleset(data.get("ruleset"))
    except UnknownRuleset as exc:
        raise SaveGameError(str(exc)) from None
    cls = ruleset.state_type
    for key, kind in (("settings", dict), ("sides", list), ("start", dict), ("actions", list), ("current", dict)):
        _expect(isinstance(data.get(key), kind), f"the save needs {key!r} ({'an object' if kind is dict else 'a list'})")
    _known_keys(data["start"], MOMENT_KEYS, "the save's 'start'")
    _known_keys(data["current"], MOMENT_KEYS, "the save's 'current'")
    _expect(len(data["actions"]) <= MAX_ACTIONS, f"a save holds at most {MAX_ACTIONS:,} actions")
    try:
        settings = settings_from_dict(ruleset.settings_type, data["settings"])
    except _MALFORMED as exc:
        raise SaveGameError(f"bad settings in the save: {exc}") from None
    scenario = _scenario(cls, ruleset, data.get("scenario"))
    sides = _sides(ruleset, scenario, settings, data["sides"])
    game = _part("setup", lambda: Game(settings, scenario, cls._setup_from_dict(data.get("setup")), sides))
    start = data["start"]
    _expect(isinstance(start.get("position"), dict), "the save's 'start' needs a 'position'")
    position = _part("starting position", lambda: cls._position_from_dict(game, start["position"]))
    rng = GameRNG.from_dict(start.get("rng"))
    state = _part("starting position", lambda: cls(game, position, rng=rng))  # checks that it is legal
    for index, entry in enumerate(data["actions"], start=1):
        _expect(isinstance(entry, dict) and set(entry) <= {"action", "dice"},
                f"action {index} of the save is not an object with 'action' (and 'dice')")
        act = action_from_dict(entry.get("action"), ruleset.action_kinds)
        try:
            state.apply(act, dice=entry.get("dice"))
        except (RuleViolation, ValueError) as exc:
            raise SaveGameError(f"action {index} of the save, {brief(act)}, cannot be replayed: {exc}") from None
    current = data["current"]
    _expect(isinstance(current.get("position"), dict), "the save's 'current' needs a 'position'")
    saved = _part("current position", lambda: cls._position_from_dict(game, current["position"]))
    if saved != state.position or GameRNG.from_dict(current.get("rng")) != state.rng:
        raise SaveGameError("replaying the saved actions does not give the saved position: "
                            "the file was edited, or saved by a different version of the rules")
    return state


def _known_keys(data: dict, keys: tuple[str, ...], what: str) -> None:
    """Refuse, by name, a key the save format does not know (bytes hidden in one would load unseen)."""
    unknown = [key for key in data if key not in keys]
    if unknown:
        names = ", ".join(brief(key) for key in unknown[:3]) + (f" and {len(unknown) - 3:,} more" if len(unknown) > 3 else "")
        raise SaveGameError(f"{what} has no key {names}; its keys are {', '.join(keys)}")


def _scenario(cls, ruleset, name: Any) -> str:
    """The save's scenario name: one of the ruleset's scenarios, or a name its custom positions carry."""
    allowed = (*ruleset.scenarios, *cls.custom_scenarios)
    if not isinstance(name, str) or name not in allowed:
        raise SaveGameError(f"{ruleset.title} has no scenario {brief(name)}; it has {', '.join(allowed)}")
    return name


def _sides(ruleset, scenario: str, settings, sides: list) -> tuple[str, ...]:
    """The save's sides: two names; for one of the ruleset's scenarios, that scenario's own sides."""
    _expect(len(sides) == 2 and all(isinstance(s, str) and s and len(s) <= MAX_NAME_CHARS for s in sides)
            and sides[0] != sides[1], f"a save names its two sides, two different names, not {brief(sides)}")
    if scenario in ruleset.scenarios:
        expected = _part("sides", lambda: ruleset.scenarios[scenario](settings, seed=0).sides)
        _expect(tuple(sides) == tuple(expected),
                f"{ruleset.title}'s {scenario} is played by {' and '.join(expected)}, not {' and '.join(map(brief, sides))}")
    return tuple(sides)


def _expect(condition: bool, message: str) -> None:
    if not condition:
        raise SaveGameError(message)


def _part(what: str, build):
    """Build one part of a save; anything malformed in it becomes a SaveGameError naming the part."""
    try:
        return build()
    except SaveGameError as exc:
        raise SaveGameError(f"the save's {what} is malformed: {exc}") from None
    except _MALFORMED as exc:
        detail = str(exc) if isinstance(exc, ValueError) else f"{type(exc).__name__}: {exc}"
        raise SaveGameError(f"the save's {what} is malformed: {detail}") from None
