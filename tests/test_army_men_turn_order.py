"""Army men, who plays first: a round begins with whoever plays first (first_side), so both sides get as
many turns before the round limit, and every count in rounds (the mortar's every other turn) holds."""

from __future__ import annotations

import pytest

import explorer
from explorer.rulesets.army_men import EndTurn, Settings, Shoot, new_state
from tests.army_men_support import trooper


def _turns_until_over(state) -> list[tuple[str, int]]:
    """Every turn played (side, round) when both sides only end their turns, until the round limit."""
    turns = []
    while not state.is_over:
        turns.append((state.side, state.round))
        state.apply(EndTurn(state.side))
    return turns


@pytest.mark.parametrize("first", ["green", "tan"])
def test_both_sides_play_as_many_turns_and_a_round_starts_with_the_first_player(first):
    state = explorer.new_game("army_men", "tutorial", first_side=first, max_rounds=3)
    second = "tan" if first == "green" else "green"
    assert _turns_until_over(state) == [(first, 1), (second, 1), (first, 2), (second, 2), (first, 3), (second, 3)]
    assert state.round == 4 and "after 3 rounds" in state.outcome.reason


def test_a_mortar_fires_every_other_turn_of_its_own_when_tan_plays_first():
    settings = Settings(variant="standard", first_side="tan")
    state = new_state(settings, figures=[trooper("t1", 5, 5, "heavy_weapon"), trooper("t2", 5, 7),
                                         trooper("g1", 30, 5), trooper("g2", 30, 7), trooper("g3", 44, 30)])
    assert state.side == "tan" and state.round == 1
    state.apply(Shoot("tan", "t1", "g1"), dice=[1, 1])           # tan's first turn
    state.apply(EndTurn("tan"))
    assert (state.side, state.round) == ("green", 1)             # green's first turn is round 1 too
    state.apply(EndTurn("green"))
    assert (state.side, state.round) == ("tan", 2)
    assert state.why_illegal(Shoot("tan", "t1", "g1")) is not None  # his next turn: reloading
    state.apply(EndTurn("tan"))
    state.apply(EndTurn("green"))
    assert (state.side, state.round) == ("tan", 3)
    assert state.why_illegal(Shoot("tan", "t1", "g1")) is None     # the turn after: fires again
