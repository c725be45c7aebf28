"""The core's records built without their ``__init__`` (``Event.made``, ``Turn.made``, ``evolve``, the listing's view)
are the very values the plain constructors make, on the records of real games."""

from __future__ import annotations

import dataclasses
import random

import pytest

from explorer import get_ruleset
from explorer.core.actions import Event
from explorer.core.frozen import evolve
from explorer.core.records import LegalActions, Turn


def _played(name: str, scenario: str, seed: int = 3, most: int = 120):
    state = get_ruleset(name).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(most):
        if state.is_over:
            break
        state.apply(rng.choice(list(state.legal_actions)))
    return state


def test_events_and_turns_made_fast_equal_the_constructed_ones():
    data = {"visibility": "public", "to": [3, 4]}
    made, built = Event.made("move", "a moves.", ("moving",), data), Event("move", "a moves.", ("moving",), data)
    assert dataclasses.astuple(made) == dataclasses.astuple(built) == ("move", "a moves.", ("moving",), data)
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert made.to_dict() == built.to_dict() and not hasattr(made, "__dict__")  # slotted: no dict an event
    for dice in (None, (2, 5)):
        turn, plain = Turn.made("act", (made,), dice), Turn("act", (built,), dice)
        assert dataclasses.astuple(turn) == dataclasses.astuple(plain) and turn == plain and hash(turn) == hash(plain)


@pytest.mark.parametrize("name, scenario", [("phlog", "corridor"), ("dice_tactics", "river_crossing")])
def test_the_events_of_real_games_are_whole_values(name, scenario):
    state = _played(name, scenario)
    assert state.history
    for turn in state.history:
        assert turn == Turn(turn.action, turn.events, turn.dice)
        for event in turn.events:
            assert type(event.kind) is str and type(event.text) is str and event.text
            assert type(event.rules) is tuple and type(event.data) is dict
            assert event == Event(event.kind, event.text, event.rules, event.data)


def test_evolve_is_dataclasses_replace_and_refuses_an_unknown_field():
    position = _played("phlog", "corridor").position
    moved = evolve(position, turn=position.turn + 1, phase="nominate")
    assert moved == dataclasses.replace(position, turn=position.turn + 1, phase="nominate")
    assert moved.fighters is position.fighters and position.turn == moved.turn - 1  # a copy; the old one unchanged
    with pytest.raises(TypeError, match="no field"):
        evolve(position, no_such_field=1)
    assert evolve(position) == position and evolve(position) is not position


def test_the_listing_view_lists_the_offers_and_asks_the_rules_for_membership():
    state = _played("phlog", "corridor", most=30)
    view = state.legal_actions
    assert type(view) is LegalActions
    offers = list(view)
    assert offers and offers == list(state._offers()) and view.count() == len(offers)
    assert all(action in view for action in offers)


def test_undo_gives_back_the_position_and_the_random_numbers_exactly():
    state = _played("phlog", "corridor", most=30)
    before, rng = state.position, state.rng.get_state()
    for action in list(state.legal_actions)[:5]:
        state.apply(action)
        state.undo()
        assert state.position is before and state.rng.get_state() == rng
