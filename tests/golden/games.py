"""What the golden files hold, and the one way to record and to check a golden game.

A golden game is a ruleset, a scenario, settings, a seed and two bots (first side, second side), seeded
as every study seeds them (:class:`explorer.core.simulate.SideBots`). Its record holds the engine's own
save of the game (the action log and the final position), at every step a fingerprint of the position
and of the legal actions offered (their number, their list in order, their set; the actions in their
save form), and the whole list at a handful of steps (every ``LISTED_EVERY``-th, at most ``LISTED``).
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from pathlib import Path

from explorer.core.actions import action_from_dict
from explorer.core.errors import RuleViolation, SaveGameError
from explorer.core.registry import get_ruleset
from explorer.core.saves import load_json
from explorer.core.simulate import SideBots
from tests.conformance.cases import rulesets_under_test

HERE = Path(__file__).parent
SAVES = HERE / "saves"
SEEDS = (1, 2, 3)
LISTED_EVERY = 10
LISTED = 5
MAX_ACTIONS = 3000  # far above any recorded game; a game that reaches it is recorded unfinished, as played

VARIANTS: dict[str, dict[str, list[dict]]] = {
    # ruleset -> scenario -> settings that change play (each played on every seed, greedy against random)
    "army_men": {
        "standard": [{"leadership": "literal"}, {"leadership": "easier_target", "standard_moving_target": True},
                     {"leave_cohesion": "allowed", "first_side": "tan"}],
        "capture_the_flag": [{"flag_turns": "in_all"}],
    },
    "dice_tactics": {
        "river_crossing": [{"scare_cap": "before_terrain", "start_order": "card_first"},
                           {"bolster": "choose", "respawn_anywhere": False}],
    },
    "one_brain_cell": {
        "skirmish": [{"wounding": True, "morale": True, "overwatch": True},
                     {"activation": "squad", "morale": True, "morale_when": "end_of_round",
                      "morale_threshold": "below_half"},
                     {"measuring": "sheet", "rifle_short": 12, "gang_loss": "one"}],
    },
    "phlog": {
        "corridor": [{"ace_high": True, "court_cards_ten": True, "ties": "defender"},
                     {"diagonal_hand_to_hand": True, "jump_over_fighters": True, "ties": "attacker",
                      "spent_piles_face_up": False},
                     {"deadly_obstacles": True, "fighters_block_sight": True, "sight_through_corners": False}],
    },
    "simple_plastic": {
        "skirmish": [{"span": "adult", "leader": "any"},
                     {"heavy_weapons_kills": "one", "too_well_protected": "ignored", "base_to_kill": 3},
                     {"hills_block_sight": False, "figures_block_sight": True}],
    },
}


@dataclasses.dataclass(frozen=True)
class Golden:
    ruleset: str
    scenario: str
    settings: tuple[tuple[str, object], ...]
    seed: int
    bots: tuple[str, str]  # the bot of the first side, then of the second

    @property
    def name(self) -> str:
        settings = ",".join(f"{k}={v}" for k, v in self.settings) or "default settings"
        return f"{self.ruleset} {self.scenario} ({settings}) seed {self.seed}, {self.bots[0]} v {self.bots[1]}"

    def to_dict(self) -> dict:
        return {"scenario": self.scenario, "settings": dict(self.settings), "seed": self.seed,
                "bots": list(self.bots)}

    @classmethod
    def from_dict(cls, ruleset: str, data: dict) -> Golden:
        return cls(ruleset, data["scenario"], tuple(data["settings"].items()), data["seed"], tuple(data["bots"]))

    def new_game(self):
        return get_ruleset(self.ruleset).new_game(self.scenario, seed=self.seed, **dict(self.settings))

    def new_bots(self, sides):
        ruleset = get_ruleset(self.ruleset)
        return SideBots(tuple((side, ruleset.bots[bot]) for side, bot in zip(sides, self.bots)))(self.seed)


STRONG = {"army_men": "standard", "dice_tactics": "river_crossing", "one_brain_cell": "patrol", "phlog": "duel",
          "simple_plastic": "skirmish"}
"""The scenario where the strong bot plays greedy (its games cost 0.3-3 s each; one a ruleset keeps the test quick)."""


def golden_games(ruleset: str) -> list[Golden]:
    """The games recorded for ``ruleset``: every scenario and its notable settings, greedy against random on
    every seed, and the strong bot against greedy once."""
    scenarios = get_ruleset(ruleset).scenarios
    games = []
    for scenario in scenarios:
        games += [Golden(ruleset, scenario, (), seed, ("greedy", "random")) for seed in SEEDS]
        for settings in VARIANTS.get(ruleset, {}).get(scenario, []):
            games += [Golden(ruleset, scenario, tuple(settings.items()), seed, ("greedy", "random")) for seed in SEEDS]
        if STRONG.get(ruleset) == scenario:
            games.append(Golden(ruleset, scenario, (), SEEDS[0], ("strong", "greedy")))
    return games


def rulesets() -> list[str]:
    """The rulesets under test (the registry's with a board: the project's and the toy one, not the tiny ones single
    tests register for themselves)."""
    return sorted(rulesets_under_test())


def golden_path(ruleset: str) -> Path:
    return HERE / f"{ruleset}.json"


def saves_path(ruleset: str) -> Path:
    return SAVES / f"{ruleset}.json"


def save_text(state) -> str:
    """A save's bytes, as the engine writes them (``GameState.to_json()``, its default spelling)."""
    return state.to_json()


def legal_rows(state) -> list[list]:
    """The legal actions now, in the order offered, each as its save form's values: ``[type, player, ...]``
    (the keys left out: they are the action type's fields, in order)."""
    return [list(action.to_dict().values()) for action in state.legal_actions] if not state.is_over else []


def fingerprint(rows: list[list]) -> str:
    """``count:list:set``: how many legal actions, eight hex digits that change when the list or its order does,
    and eight that change only when the set of actions does (so a difference says which changed)."""
    each = [zlib.crc32(json.dumps(row, separators=(",", ":")).encode()) for row in rows]
    ordered = zlib.crc32(b" ".join(b"%08x" % value for value in each))
    unordered = 0
    for value in each:
        unordered ^= value
    return f"{len(rows)}:{ordered:08x}:{unordered:08x}"


def position_print(state) -> str:
    """Eight hex digits that change when the position now (as the save writes it, random numbers included) does."""
    return f"{zlib.crc32(json.dumps(state.to_dict()['current'], separators=(',', ':')).encode()):08x}"


def listed_steps(length: int) -> list[int]:
    """A handful of steps (every ``LISTED_EVERY``-th, at most ``LISTED`` of them, spread over the game) whose
    whole legal lists are kept."""
    candidates = list(range(0, length + 1, LISTED_EVERY))
    if len(candidates) <= LISTED:
        return candidates
    return sorted({candidates[round(i * (len(candidates) - 1) / (LISTED - 1))] for i in range(LISTED)})


def record(golden: Golden) -> dict:
    """Play ``golden`` with its bots: the record of the game (its ``to_dict``, the legal actions, the save)."""
    state = golden.new_game()
    bots = golden.new_bots(state.sides)
    prints, positions, lists = [], [], {}
    for step in range(MAX_ACTIONS + 1):
        rows = legal_rows(state)
        prints.append(fingerprint(rows))
        positions.append(position_print(state))
        if step % LISTED_EVERY == 0:
            lists[step] = rows
        if state.is_over or step == MAX_ACTIONS:
            break
        state.apply(bots[state.current_player](state))
    return {**golden.to_dict(), "positions": " ".join(positions), "legal_counts": " ".join(prints),
            "legal": {str(step): lists[step] for step in listed_steps(len(state.history))}, "save": state.to_dict()}


def check_replay(golden: Golden, game: dict) -> None:
    """Play the recorded actions again from the save's start, through the rules and independent of the bots:
    offered the recorded legal actions (same list, same order) at every step, each action allowed, ending in
    the recorded save byte for byte; then the save itself must load and save again byte for byte.

    Raises ``AssertionError`` at the first difference, naming the game, the action's index and what differs.
    """
    name = f"golden game {golden.name}"
    save = game["save"]
    state = reloaded(f"{name}, its start", {**save, "actions": [], "current": save["start"]})
    prints, positions = game["legal_counts"].split(), game["positions"].split()
    for step, entry in enumerate([*save["actions"], None]):
        if position_print(state) != positions[step]:
            after = f"after {_words(state, save['actions'][step - 1]['action'])}" if step else "at the start"
            raise AssertionError(f"{name}, action {step}: the position {after} differs from the recorded one "
                                 f"(a rule's number or effect changed?)")
        rows = legal_rows(state)
        if fingerprint(rows) != prints[step]:
            raise AssertionError(f"{name}, action {step}: the legal actions offered changed: "
                                 + _offered_difference(game, step, state, rows))
        if entry is None:
            break
        try:
            action = action_from_dict(entry["action"], state.ruleset.action_kinds)
        except SaveGameError as exc:
            raise AssertionError(f"{name}, action {step}: the recorded action no longer reads: {exc}") from None
        try:
            state.apply(action, dice=entry.get("dice"))
        except RuleViolation as exc:
            raise AssertionError(f"{name}, action {step}: {state.describe(action)} is refused now: {exc}") from None
    compare_saves(name, json.dumps(save), save_text(state))
    reloaded(name, save)


def reloaded(name: str, save: dict):
    """The game ``save`` holds, loaded; it must load and save again byte for byte (``AssertionError`` if not)."""
    text = json.dumps(save)
    try:
        state = load_json(text)
    except SaveGameError as exc:
        raise AssertionError(f"{name}: the save no longer loads: {exc}") from None
    compare_saves(f"{name}, loaded and saved again", text, save_text(state))
    return state


def check_bots(golden: Golden, game: dict) -> None:
    """Play ``golden`` again with its bots, seeded as recorded: the same action at every step and the same
    final save, byte for byte. Raises ``AssertionError`` at the first difference, in words."""
    name = f"golden game {golden.name}"
    actions = [entry["action"] for entry in game["save"]["actions"]]
    state = golden.new_game()
    bots = golden.new_bots(state.sides)
    for step, expected in enumerate(actions):
        if state.is_over:
            raise AssertionError(f"{name}, action {step}: the game is over ({state.outcome.reason}); "
                                 f"recorded, it went on to {len(actions)} actions")
        action = bots[state.current_player](state)
        if action.to_dict() != expected:
            rows = legal_rows(state)
            offered = ("the legal actions offered there are the recorded ones"
                       if fingerprint(rows) == game["legal_counts"].split()[step] else
                       "the legal actions offered there changed: " + _offered_difference(game, step, state, rows))
            raise AssertionError(f"{name}, action {step}: expected {_words(state, expected)}, got "
                                 f"{state.describe(action)} (saved: {_short(expected)} against "
                                 f"{_short(action.to_dict())}); {offered}")
        state.apply(action)
    if not state.is_over and len(actions) < MAX_ACTIONS:
        raise AssertionError(f"{name}, action {len(actions)}: the recorded game ended after {len(actions)} "
                             f"actions; this one goes on ({state.current_player} to act)")
    compare_saves(name, json.dumps(game["save"]), save_text(state))


def _offered_difference(game: dict, step: int, state, rows: list[list]) -> str:
    listed = game["legal"].get(str(step))
    if listed is not None:
        return list_difference(listed, rows)
    count, _, unordered = game["legal_counts"].split()[step].split(":")
    now = fingerprint(rows).split(":")
    if now[0] == count and now[2] == unordered:
        return f"the same {count} actions in another order"
    offered = [state.describe(action) for action in state.legal_actions]
    return (f"{count} recorded, {len(rows)} now, not the same actions"
            + (f"; offered now: {'; '.join(offered)}" if len(offered) <= 6 else ""))


def list_difference(expected: list[list], got: list[list]) -> str:
    """How two lists of legal actions (as :func:`legal_rows`) differ, in a few words."""
    want = [json.dumps(a) for a in expected]
    have = [json.dumps(a) for a in got]
    have_set, want_set = set(have), set(want)
    missing = [a for a in want if a not in have_set]
    new = [a for a in have if a not in want_set]
    if missing or new:
        parts = [f"{len(expected)} recorded, {len(got)} now"]
        if missing:
            parts.append(f"{len(missing)} no longer offered, first {missing[0]}")
        if new:
            parts.append(f"{len(new)} newly offered, first {new[0]}")
        return "; ".join(parts)
    if len(want) != len(have):
        return f"the same actions but some offered more than once ({len(expected)} recorded, {len(got)} now)"
    first = next(i for i, (a, b) in enumerate(zip(want, have)) if a != b)
    return f"the same {len(got)} actions in another order: at place {first} recorded {want[first]}, now {have[first]}"


def compare_saves(name: str, expected: str, got: str) -> None:
    """Byte for byte; a difference is told by the first key path and values that differ."""
    if expected == got:
        return
    where = _first_difference(json.loads(expected), json.loads(got), "")
    raise AssertionError(f"{name}: the save differs from the recorded one at {where}")


def _first_difference(a, b, path: str) -> str:
    if isinstance(a, dict) and isinstance(b, dict):
        if list(a) != list(b):
            gone, new = [k for k in a if k not in b], [k for k in b if k not in a]
            if gone or new:
                return f"{path or 'the top'}: keys {gone} no longer written, {new} new"
            place = next(i for i, (x, y) in enumerate(zip(a, b)) if x != y)
            return (f"{path or 'the top'}: the keys in another order, {list(a)[place]!r} recorded at place {place}, "
                    f"now {list(b)[place]!r}")
        for key in a:
            if json.dumps(a[key]) != json.dumps(b[key]):
                return _first_difference(a[key], b[key], f"{path}.{key}")
    elif isinstance(a, list) and isinstance(b, list):
        for i, (x, y) in enumerate(zip(a, b)):
            if json.dumps(x) != json.dumps(y):
                return _first_difference(x, y, f"{path}[{i}]")
        if len(a) != len(b):
            return f"{path}: {len(a)} items recorded, {len(b)} now"
    return f"{path}: recorded {_short(a)}, now {_short(b)}"


def _words(state, data: dict) -> str:
    """A recorded action in the engine's words (its save form if it no longer makes an action)."""
    try:
        return state.describe(action_from_dict(data, state.ruleset.action_kinds))
    except Exception:  # noqa: BLE001 - the recorded action may not fit a changed engine; show it as saved
        return _short(data)


def _short(value, limit: int = 160) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
