"""A position is checked by its declared field types before any rule reads it, and the words say where.

Every new game and every loaded save runs ``field_problem`` on its position. Each field of every ruleset's
starting positions is spoiled in turn, at the top and inside a figure or card held in a mapping or a list; the
check must refuse each one, name the spoiled place, and the game must refuse to start there.
"""

import dataclasses
import typing

import pytest

import explorer
from explorer.core.cards import Card
from explorer.core.declared import _hints, field_problem
from explorer.core.frozen import evolve
from explorer.core.limits import brief

RULESETS = ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]
NEVER_RIGHT = object()  # of no declared type but Any


def _spoiled(position):
    """(the place in words, the position with that place holding NEVER_RIGHT), for each field at the top and in
    the first dataclass held by a mapping or list field."""
    for name, hint in _hints(type(position)).items():
        if hint is typing.Any:
            continue
        yield f"the position's {name}", evolve(position, **{name: NEVER_RIGHT})
        item = getattr(position, name)
        if isinstance(item, dict) and item and dataclasses.is_dataclass(first := next(iter(item.values()))):
            key = next(iter(item))
            for inner in _hints(type(first)):
                spoiled = {**item, key: evolve(first, **{inner: NEVER_RIGHT})}
                yield f"the position's {name}[{brief(key)}]'s {inner}", evolve(position, **{name: spoiled})
        if isinstance(item, tuple) and item and dataclasses.is_dataclass(item[0]):
            for inner in _hints(type(item[0])):
                spoiled = (evolve(item[0], **{inner: NEVER_RIGHT}), *item[1:])
                yield f"the position's {name}[0]'s {inner}", evolve(position, **{name: spoiled})


@pytest.mark.parametrize("name", RULESETS)
def test_every_spoiled_field_is_refused_where_it_is(name):
    ruleset = explorer.get_ruleset(name)
    checked = 0
    for scenario in ruleset.scenarios:
        state = ruleset.new_game(scenario, seed=1)
        assert field_problem(state.position) is None
        for place, bad in _spoiled(state.position):
            words = field_problem(bad)
            assert words is not None and words.startswith(f"{place} must be "), (place, words)
            with pytest.raises(ValueError, match="not a legal position") as refused:
                type(state)(state.game, bad)
            assert words in str(refused.value)
            checked += 1
    assert checked > 10


def test_a_value_that_passed_once_does_not_vouch_for_a_changed_copy():
    """Cards holding only plain fields are remembered once they pass; a copy made by evolve that skipped the card's
    own check (no such rank) is a new value and is refused by that check."""
    good = Card("Q", "♥")
    assert field_problem(good) is None and field_problem(good) is None
    bad = evolve(good, rank="Z")
    assert field_problem(bad, "the card") is not None


def test_words_name_the_closer_of_two_types_and_the_place_inside_a_collection():
    @dataclasses.dataclass(frozen=True)
    class Held:
        count: int | None
        names: frozenset[str]
        spots: dict[str, tuple[int, int]]

    assert field_problem(Held(1, frozenset({"a"}), {"a": (1, 2)})) is None
    assert field_problem(Held(1.5, frozenset(), {})) == "the position's count must be a whole number or nothing " \
                                                        "(null), not 1.5"
    assert field_problem(Held(10**16, frozenset(), {})) == ("the position's count must be a whole number of at most "
                                                            "1,000,000,000,000,000 either way, not 10000000000000000")
    assert field_problem(Held(None, frozenset({"a", 3}), {})) == "an item of the position's names must be text, not 3"
    assert field_problem(Held(None, frozenset(), {"a": (1, "2")})) == ("the position's spots['a'][1] must be a whole "
                                                                       "number, not '2'")
    assert field_problem(Held(None, frozenset(), {"a": (1,)})) == ("the position's spots['a'] must be a list of 2 "
                                                                   "(a whole number, a whole number), not (1,)")
