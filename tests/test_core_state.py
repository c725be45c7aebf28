"""The shared state machinery, proven on a tiny made-up ruleset (a dice race)."""

import dataclasses
import json
from collections.abc import Iterator

import pytest

from explorer.core import (
    Action, Event, GameState, Outcome, RuleRef, RuleViolation, Ruleset, SaveGameError, Section,
    action, load_game, register,
)


@action
class Advance(Action):
    player: str


@action
class Pass(Action):
    player: str


@dataclasses.dataclass(frozen=True)
class RaceSettings:
    finish: int = 10


class RaceState(GameState):
    def __init__(self, settings, *, seed=0):
        super().__init__(settings, seed=seed)
        self.positions = {"red": 0, "blue": 0}
        self.to_move = "red"

    @property
    def current_player(self):
        return None if self.outcome else self.to_move

    @property
    def outcome(self):
        for side, pos in self.positions.items():
            if pos >= self.settings.finish:
                return Outcome(side, "reached the finish")
        return None

    def _legal_actions(self) -> Iterator[Action]:
        if not self.outcome:
            yield Advance(self.to_move)
            yield Pass(self.to_move)

    def _apply(self, act):
        if act.player != self.to_move:
            raise RuleViolation(f"it is {self.to_move}'s turn", self.ruleset.ref("turn"), act)
        events = []
        if isinstance(act, Advance):
            (face,) = self.roll(1)
            self.positions[act.player] += face
            events.append(Event("move", f"{act.player} rolls {face}", ("race:turn",)))
        self.to_move = "blue" if self.to_move == "red" else "red"
        return events

    def _state_dict(self):
        return {"positions": dict(self.positions), "to_move": self.to_move}

    def _load_state_dict(self, data):
        self.positions = dict(data["positions"])
        self.to_move = data["to_move"]


RACE = register(Ruleset(
    name="race", title="Dice race", author="tests", year=2026, source="-", licence="-",
    settings_type=RaceSettings, state_type=RaceState, action_types=(Advance, Pass),
    sections={"turn": Section(RuleRef("race", "turn"), "The turn", "turn")},
    scenarios={"standard": lambda settings, seed: RaceState(settings, seed=seed)},
))


def test_action_repr_is_code_you_can_type_back():
    assert repr(Advance("red")) == "Advance(player='red')"
    assert eval(repr(Advance("red"))) == Advance("red")


def test_illegal_action_names_the_rule_and_changes_nothing():
    game = RACE.new_game(seed=3)
    game.apply(Advance("red"))
    before = game.to_dict()
    with pytest.raises(RuleViolation, match=r"it is blue's turn \(rule race:turn\)"):
        game.apply(Advance("red"))
    assert game.to_dict() == before
    assert Advance("red") not in game.legal_actions
    assert Advance("blue") in game.legal_actions


def test_same_seed_same_game_and_undo_restores_the_dice():
    a, b = RACE.new_game(seed=7), RACE.new_game(seed=7)
    for game in (a, b):
        for _ in range(4):
            game.apply(next(iter(game.legal_actions)))
    assert a == b
    rolled = a.apply(Advance(a.to_move))
    a.undo()
    assert a.apply(Advance(a.to_move)) == rolled


def test_entered_dice_are_used_and_checked():
    game = RACE.new_game()
    game.apply(Advance("red"), dice=[5])
    assert game.positions["red"] == 5
    with pytest.raises(ValueError, match="from 1 to 6"):
        game.apply(Advance("blue"), dice=[7])
    with pytest.raises(ValueError, match="more dice"):
        game.apply(Advance("blue"), dice=[2, 3])
    assert game.positions["blue"] == 0 and game.to_move == "blue"


def test_save_load_round_trips_exactly():
    game = RACE.new_game(seed=11)
    game.apply(Advance("red"), dice=[6])
    game.apply(Advance("blue"))
    loaded = load_game(json.loads(game.to_json()))
    assert loaded == game
    assert loaded.apply(Advance("red")) == game.apply(Advance("red"))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="nope"), "not a Toy Soldier Rules Explorer save"),
    (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
    (lambda d: d["actions"].append({"action": {"type": "Fly", "player": "red"}}), "unknown action type 'Fly'"),
    (lambda d: d["actions"].append({"action": {"type": "Advance", "player": "red"}}), r"cannot be replayed: it is blue's turn"),
    (lambda d: d["current"]["state"]["positions"].update(red=99), "does not give the saved position"),
    (lambda d: d.update(settings={"speed": 2}), "unknown setting"),
])
def test_malformed_saves_are_rejected_with_a_reason(mutate, message):
    game = RACE.new_game(seed=2)
    game.apply(Advance("red"))
    data = json.loads(game.to_json())
    mutate(data)
    with pytest.raises(SaveGameError, match=message):
        load_game(data)


def test_not_json_is_a_save_error():
    with pytest.raises(SaveGameError, match="must be JSON"):
        RaceState.from_json("{oops")


def test_jupyter_shows_a_summary_with_only_public_events():
    game = RACE.new_game(seed=1)
    game.apply(Advance("red"), dice=[4])
    shown = game._repr_html_()
    assert "Dice race" in shown and "red rolls 4" in shown and "blue" in shown
    assert repr(game) == "<RaceState: Dice race, 1 actions, blue to act>"


def test_an_event_is_seen_by_everyone_or_by_the_one_player_it_names():
    public = Event("move", "red rolls 4")
    secret = Event("draw", "red draws Q♥", data={"visibility": "red"})
    assert public.visible_to(None) and public.visible_to("blue")
    assert secret.visible_to("red") and not secret.visible_to("blue") and not secret.visible_to(None)
