"""What the golden files hold, and the one way to play and to check a golden game.

A golden game is a ruleset, a scenario, settings, a seed and two bots (first side, second side), seeded
as every study seeds them (:class:`explorer.core.simulate.SideBots`). Its record holds the engine's own
save of the finished game (the action log and the final position), a fingerprint of the legal actions
offered at every step (their save form, in order) and the whole list at every ``LISTED_EVERY``-th step.
Save fixtures are saves of every kind the project writes (mid-game and finished, every scenario and
settings choice, custom positions, the army builder's games, entered dice, undone actions), each of which
must load and save again byte for byte.
"""

from __future__ import annotations

import dataclasses
import json
import zlib
from pathlib import Path

from explorer.core.registry import get_ruleset
from explorer.core.simulate import SideBots
from tests.conformance.cases import builtin_rulesets

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
    """The project's rulesets (the registry's, not the tiny ones tests register for themselves)."""
    return sorted(builtin_rulesets())


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
    """``count:crc``: how many legal actions, and eight hex digits that change when the list or its order does."""
    return f"{len(rows)}:{zlib.crc32(json.dumps(rows, separators=(',', ':')).encode()):08x}"


def listed_steps(length: int) -> list[int]:
    """A handful of steps (every ``LISTED_EVERY``-th, at most ``LISTED`` of them, spread over the game) whose
    whole legal lists are kept."""
    candidates = list(range(0, length + 1, LISTED_EVERY))
    if len(candidates) <= LISTED:
        return candidates
    return sorted({candidates[round(i * (len(candidates) - 1) / (LISTED - 1))] for i in range(LISTED)})


def play(golden: Golden, *, expected: dict | None = None) -> dict:
    """Play ``golden`` with its bots; the record of the game (``to_dict`` of it, the save, the legal actions).

    With ``expected`` (a record) the game is compared as it goes: the first difference raises
    ``AssertionError`` naming the game, the action's index and what was expected and got, in words.
    """
    state = golden.new_game()
    bots = golden.new_bots(state.sides)
    prints, lists = [], {}
    want = _Expected(golden, expected) if expected is not None else None
    for step in range(MAX_ACTIONS + 1):
        rows = legal_rows(state)
        prints.append(fingerprint(rows))
        if step % LISTED_EVERY == 0:
            lists[step] = rows
        if want is not None:
            want.offered(step, state, rows, prints[-1])
        if state.is_over or step == MAX_ACTIONS:
            break
        action = bots[state.current_player](state)
        if want is not None:
            want.chosen(step, state, action)
        state.apply(action)
    if want is not None:
        want.finished(state)
    return {**golden.to_dict(), "legal_counts": " ".join(prints),
            "legal": {str(step): lists[step] for step in listed_steps(len(state.history))}, "save": state.to_dict()}


class _Expected:
    """Compares a game as it is played with its record, failing at the first difference, in words."""

    def __init__(self, golden: Golden, record: dict):
        self.golden, self.record = golden, record
        self.actions = [entry["action"] for entry in record["save"]["actions"]]
        self.prints = record["legal_counts"].split()

    def fail(self, step: int, what: str):
        raise AssertionError(f"golden game {self.golden.name}, action {step}: {what}")

    def offered(self, step: int, state, rows: list[list], print_: str):
        if step >= len(self.prints):
            self.fail(step, f"the recorded game ended after {len(self.prints) - 1} actions; this one goes on "
                            f"({state.current_player} to act)")
        if print_ == self.prints[step]:
            return
        listed = self.record["legal"].get(str(step))
        if listed is not None:
            self.fail(step, "the legal actions offered changed: " + list_difference(listed, rows))
        count = int(self.prints[step].split(":")[0])
        self.fail(step, f"the legal actions offered changed: {count} recorded, {len(rows)} now"
                        f"{' (the same number: other actions, or another order)' if count == len(rows) else ''}")

    def chosen(self, step: int, state, action):
        got = action.to_dict()
        if step >= len(self.actions):
            self.fail(step, f"the recorded game ended here; this one plays {state.describe(action)}")
        if got != self.actions[step]:
            self.fail(step, f"expected {_words(state, self.actions[step])}, got {state.describe(action)} "
                            f"(saved: {_short(self.actions[step])} against {_short(got)})")

    def finished(self, state):
        if len(state.history) != len(self.actions):
            self.fail(len(state.history), f"the game ended after {len(state.history)} actions, "
                                          f"recorded {len(self.actions)}")
        compare_saves(f"golden game {self.golden.name}", json.dumps(self.record["save"]), save_text(state))


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
            return f"{path or 'the top'}: keys {list(a)} recorded, {list(b)} now"
        for key in a:
            if a[key] != b[key] or json.dumps(a[key]) != json.dumps(b[key]):
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
    from explorer.core.actions import action_from_dict

    try:
        return state.describe(action_from_dict(data, state.ruleset.action_kinds))
    except Exception:  # noqa: BLE001 - the recorded action may not fit a changed engine; show it as saved
        return _short(data)


def _short(value, limit: int = 160) -> str:
    text = json.dumps(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"
