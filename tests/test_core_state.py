"""The shared state machinery, proven on a tiny made-up ruleset (a dice race).

It is also the smallest complete example of the ruleset contract
(ENGINE_NOTES.md): settings, a frozen position, actions naming their player,
check and do, a pending decision, the legality check, the save format.
"""

import dataclasses
import json

import pytest
from hypothesis import example, given, settings as hypothesis_settings, strategies as st

from explorer.core import (
    Action, Decision, Event, Game, GameState, MalformedAction, RuleRef, RuleViolation, Ruleset, SaveGameError,
    Section, Termination, action, load_game, load_json, register, setting, settings_class,
)
from explorer.core import state as state_module


@action
class Advance(Action):
    player: str


@action
class Pass(Action):
    player: str


@action
class Allow(Action):
    """The other player lets a six stand (a pending decision)."""

    player: str


@settings_class
class RaceSettings:
    finish: int = setting(10, low=1, high=100)
    max_rounds: int | None = setting(None, low=1, high=1000)


@dataclasses.dataclass(frozen=True)
class SixToAllow(Decision):
    @property
    def prompt(self) -> str:
        return "allow the six"


@dataclasses.dataclass(frozen=True)
class RacePosition:
    places: tuple[int, int] = (0, 0)
    side: str = "red"
    round: int = 1
    pending: SixToAllow | None = None


def ref(key):
    return RACE.ref(key)


class RaceState(GameState):
    def _legal_actions(self):
        if self.pending:
            yield Allow(self.pending.player)
        else:
            yield Advance(self.position.side)
            yield Pass(self.position.side)

    def _check(self, act):
        if isinstance(act, Allow) and self.pending is None:
            return RuleViolation("there is nothing to allow", ref("turn"))
        if not isinstance(act, Allow) and self.pending is not None:
            return RuleViolation("the six must be allowed first", ref("turn"))
        return None

    def _do(self, act):
        p, events = self.position, []
        if isinstance(act, Allow):
            side, rnd = self.game.next_turn(p.side, p.round)
            return RacePosition(p.places, side, rnd), [Event("allow", f"{act.player} allows the six")]
        places = list(p.places)
        if isinstance(act, Advance):
            (face,) = self.roll(1)
            places[self.sides.index(act.player)] += face
            events.append(Event("move", f"{act.player} rolls {face}", ("race:turn",)))
            if face == 6:
                return dataclasses.replace(p, places=tuple(places), pending=SixToAllow(self.other(act.player), "turn")), events
        side, rnd = self.game.next_turn(p.side, p.round)
        return RacePosition(tuple(places), side, rnd), events

    def _standing(self):
        return {side: 1 for side in self.sides}

    def _outcome(self):
        for side, place in zip(self.sides, self.position.places):
            if place >= self.settings.finish:
                return dataclasses.replace(super()._outcome() or _won(side), winner=side, kind=Termination.OBJECTIVE)
        return super()._outcome()

    @classmethod
    def _position_problem(cls, game, p):
        if p.side not in game.sides or not isinstance(p.round, int) or not 1 <= p.round <= 10_000:
            return f"bad turn: {p.side!r} in round {p.round!r}"
        if len(p.places) != 2 or any(type(x) is not int or not 0 <= x < 100 for x in p.places):
            return f"places are two whole numbers from 0 to 99, not {p.places!r}"
        if p.pending is not None and p.pending.player not in game.sides:
            return f"a decision for {p.pending.player!r}, who is not playing"
        return None

    @classmethod
    def _setup_from_dict(cls, data):
        return None

    @classmethod
    def _setup_to_dict(cls, setup):
        return None

    @classmethod
    def _position_from_dict(cls, game, data):
        pending = SixToAllow(**data["pending"]) if data["pending"] else None
        return RacePosition(tuple(data["places"]), data["side"], data["round"], pending)

    @classmethod
    def _position_to_dict(cls, p):
        return {"places": list(p.places), "side": p.side, "round": p.round,
                "pending": dataclasses.asdict(p.pending) if p.pending else None}


def _won(side):
    from explorer.core import Outcome
    return Outcome(side, "reached the finish", Termination.OBJECTIVE)


def _start(settings, seed=0):
    return RaceState(Game(settings, "standard", None, ("red", "blue")), RacePosition(), seed=seed)


RACE = register(Ruleset(
    name="race", title="Dice race", author="tests", year=2026, source="-", licence="-",
    settings_type=RaceSettings, state_type=RaceState, action_types=(Advance, Pass, Allow),
    sections={"turn": Section(RuleRef("race", "turn"), "The turn", "turn")},
    scenarios={"standard": _start},
))


def test_action_repr_is_code_you_can_type_back():
    assert repr(Advance("red")) == "Advance(player='red')"
    assert eval(repr(Advance("red"))) == Advance("red")


def test_actions_normalise_what_json_cannot_hold_or_refuse_it():
    with pytest.raises(MalformedAction, match="player"):
        Advance(["red"])
    with pytest.raises(MalformedAction):
        Advance(float("nan"))


_ACTION_VALUES = st.recursive(
    st.one_of(st.floats(), st.integers(min_value=-2**60, max_value=2**60), st.booleans(), st.none(),
              st.text(max_size=3) | st.just("x" * 300), st.fractions(max_denominator=9)),
    lambda inner: st.lists(inner, max_size=4) | st.lists(inner, max_size=4).map(tuple)
    | st.just(tuple(range(300))), max_leaves=12)


@given(_ACTION_VALUES)
@example(float("inf"))
@example(float("nan"))
@example((1.0, float("-inf")))
@example(((1.0, 2.0), ((3.0, 4.0),)))
@example(((((((1.0,),),),),),))
@example((2**62, 1.5))
@example(("x" * 300,))
@hypothesis_settings(max_examples=400)
def test_a_value_kept_as_clean_is_what_normalising_would_make_of_it(value):
    """The shortcut that keeps clean floats and tuples as they are gives what the full normalising gives."""
    from explorer.core.actions import _is_clean, _normalise

    def typed(v):  # equal values of the same types, all the way down
        return (type(v), tuple(map(typed, v)) if isinstance(v, (list, tuple)) else v)

    try:
        normalised = _normalise(value, "Kind", "field")
    except MalformedAction:
        assert not _is_clean(value)
        return
    if _is_clean(value):
        assert typed(value) == typed(normalised)


def test_illegal_action_names_the_rule_and_changes_nothing():
    game = RACE.new_game(seed=3)
    game.apply(Advance("red"), dice=[2])
    before = game.to_dict()
    with pytest.raises(RuleViolation, match=r"it is blue's turn, not 'red''s \(rule race:turn\)"):
        game.apply(Advance("red"))
    assert game.to_dict() == before
    assert Advance("red") not in game.legal_actions
    assert Advance("blue") in game.legal_actions


def test_a_pending_decision_names_who_must_answer_and_refuses_everyone_else():
    game = RACE.new_game()
    game.apply(Advance("red"), dice=[6])
    assert game.current_player == "blue" and game.pending == SixToAllow("blue", "turn")
    with pytest.raises(RuleViolation, match="blue must first allow the six"):
        game.apply(Advance("red"))
    with pytest.raises(RuleViolation, match="the six must be allowed first"):
        game.apply(Advance("blue"))
    game.apply(Allow("blue"))
    assert game.current_player == "blue" and game.pending is None


def test_same_seed_same_game_and_undo_restores_the_dice():
    a, b = RACE.new_game(seed=7), RACE.new_game(seed=7)
    for game in (a, b):
        for _ in range(4):
            game.apply(next(iter(game.legal_actions)))
    assert a == b
    rolled = a.apply(next(iter(a.legal_actions)))
    a.undo()
    assert a.apply(next(iter(a.legal_actions))) == rolled


def test_a_clone_is_independent_and_shares_the_game():
    game = RACE.new_game(seed=1)
    copy = game.clone()
    copy.apply(Advance("red"))
    assert game.history == [] and copy.game is game.game and game.position == RacePosition()
    game.apply(Advance("red"), dice=[3])
    again = game.clone()
    again.apply(next(iter(again.legal_actions)))
    again.undo()  # takes back its own last action, dice included: the original keeps its own
    assert again == game and again.rng.get_state() == game.rng.get_state() and len(game.history) == 1
    again.undo()
    assert again.position == RacePosition() and again.rng.get_state() == RACE.new_game(seed=1).rng.get_state()


@pytest.mark.parametrize("scan_up_to", [24, 0])  # the offers looked through one by one, or found in a set of ids
def test_an_action_just_offered_is_played_without_a_second_check_and_any_other_is_checked(monkeypatch, scan_up_to):
    monkeypatch.setattr(state_module, "_SCAN_OFFERS", scan_up_to)
    game = RACE.new_game(seed=1)
    checked = []
    real_check = RaceState._check
    monkeypatch.setattr(RaceState, "_check", lambda self, act: checked.append(act) or real_check(self, act))
    advance, pass_ = offered = list(game.legal_actions)
    assert list(game.legal_actions) == offered and not checked  # listed once for the position, kept
    game.apply(pass_)  # the very object offered here: legal without a second check
    assert checked == [] and game.history[-1].action is pass_
    with pytest.raises(RuleViolation, match="it is blue's turn"):
        game.apply(advance)  # offered in another position: checked in full, and refused
    assert Pass("blue") in list(game.legal_actions)  # listed here, an equal action made by hand is no offer:
    game.apply(Pass("blue"))  # checked in full
    assert checked == [Pass("blue")]
    game.apply(pass_)  # red's turn again, in another position: checked again
    assert checked == [Pass("blue"), Pass("red")]
    assert game.why_illegal(next(iter(game.legal_actions))) is None  # why_illegal always runs the full check
    assert len(checked) == 3


def test_entered_dice_are_used_and_checked():
    game = RACE.new_game()
    game.apply(Advance("red"), dice=[5])
    assert game.position.places == (5, 0)
    for dice, message in (([7], "from 1 to 6"), ([2, 3], "more dice"), (5, "list of faces"), ([True], "whole")):
        with pytest.raises(ValueError, match=message):
            game.apply(Advance("blue"), dice=dice)
    assert game.position.places == (5, 0) and game.position.side == "blue"


def test_the_game_ends_by_the_rulesets_objective_and_refuses_more():
    game = RACE.new_game(finish=3)
    game.apply(Advance("red"), dice=[4])
    assert game.outcome.winner == "red" and game.outcome.kind is Termination.OBJECTIVE
    assert list(game.legal_actions) == []
    with pytest.raises(RuleViolation, match="the game is over"):
        game.apply(Pass("blue"))


def test_round_limit_is_kept_by_the_core():
    game = RACE.new_game(max_rounds=1)
    game.apply(Pass("red"))
    game.apply(Pass("blue"))
    assert game.outcome.kind is Termination.ROUND_LIMIT and game.outcome.winner is None


def test_save_load_round_trips_exactly():
    game = RACE.new_game(seed=11)
    game.apply(Advance("red"), dice=[6])
    game.apply(Allow("blue"))
    game.apply(Advance("blue"))
    loaded = load_game(json.loads(game.to_json()))
    assert loaded == game
    assert loaded.apply(Advance("red")) == game.apply(Advance("red"))


@pytest.mark.parametrize("mutate, message", [
    (lambda d: d.update(format="nope"), "not a Toy Soldier Rules Explorer save"),
    (lambda d: d.update(ruleset="chess"), "unknown ruleset 'chess'"),
    (lambda d: d.update(ruleset=["race"]), "named by text"),
    (lambda d: d["actions"].append({"action": {"type": "Fly", "player": "red"}}), "unknown action type 'Fly'"),
    (lambda d: d["actions"].append({"action": {"type": "Advance", "player": "red"}}), r"cannot be replayed: it is blue's"),
    (lambda d: d["current"]["position"].update(places=[9, 0]), "does not give the saved position"),
    (lambda d: d["start"]["position"].update(places=[500, 0]), "starting position is malformed: not a legal position of Dice race: places"),
    (lambda d: d["start"]["position"].update(places=None), "starting position is malformed"),
    (lambda d: d["start"].update(rng={"seed": -1, "counter": 0}), "random-number state"),
    (lambda d: d.update(settings={"speed": 2}), "unknown setting"),
    (lambda d: d.update(settings={"finish": "no"}), "must be a whole number"),
    (lambda d: d.update(settings={"finish": float("nan")}), "must be a whole number"),
    (lambda d: d.update(sides=["red", "red"]), "two sides"),
    (lambda d: d["actions"][0].update(dice=5), "list of faces"),
])
def test_malformed_saves_are_rejected_with_a_reason(mutate, message):
    game = RACE.new_game(seed=2)
    game.apply(Advance("red"), dice=[3])
    data = json.loads(game.to_json())
    mutate(data)
    with pytest.raises(SaveGameError, match=message):
        load_game(data)


def test_not_json_is_a_save_error():
    with pytest.raises(SaveGameError, match="must be JSON"):
        load_json("{oops")
    with pytest.raises(SaveGameError, match="must be JSON"):
        load_json("[" * 100_000)


def test_settings_are_checked_by_type_and_range():
    with pytest.raises(ValueError, match="finish must be a whole number"):
        RaceSettings(finish=True)
    with pytest.raises(ValueError, match="from 1 to 100"):
        RaceSettings(finish=0)


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


def test_a_view_is_a_frozen_value_of_what_the_player_may_see():
    game = RACE.new_game(seed=1)
    game.apply(Advance("red"), dice=[6])
    view = game.view("blue")
    assert view.position is game.position and view.current_player == "blue" and view.player == "blue"
    assert [e.text for e in view.events] == ["red rolls 6"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        view.position = None
    with pytest.raises(ValueError, match="not a player"):
        game.view("green")
