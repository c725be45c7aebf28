"""The quick yes of ``fits`` before the worded field check: never a yes where ``field_problem`` finds a problem.

A new game asks ``fits`` first and runs ``field_problem`` (which words the problem) only when it says no, so a
wrong yes would let a malformed position in. Each field of every ruleset's starting positions is spoiled in turn,
at the top and inside nested values (a figure, a pile, a card), and the two must agree.
"""

import dataclasses

import pytest

import explorer
from explorer.core.fits import fits
from explorer.core.frozen import evolve
from explorer.core.limits import MAX_NAME_CHARS, MAX_WHOLE, field_problem

WRONG = [None, True, 1.5, float("nan"), -MAX_WHOLE - 1, MAX_WHOLE + 1, 7, "x" * (MAX_NAME_CHARS + 1), "",
         (), ("a", 1), [1], frozenset({3}), {"k": 1}, {1: "v"}, object()]


def _spoiled(value, depth=0):
    """``value`` (a frozen dataclass) with one field, here or in a value inside, replaced by each wrong value."""
    for field in dataclasses.fields(value):
        item = getattr(value, field.name)
        for wrong in WRONG:
            yield evolve(value, **{field.name: wrong})
        if depth < 2 and dataclasses.is_dataclass(item):
            for inner in _spoiled(item, depth + 1):
                yield evolve(value, **{field.name: inner})
        if depth < 2 and isinstance(item, dict) and item:
            key, first = next(iter(item.items()))
            if dataclasses.is_dataclass(first):
                for inner in _spoiled(first, depth + 1):
                    yield evolve(value, **{field.name: {**item, key: inner}})
            yield evolve(value, **{field.name: {**item, 5: first}})
        if depth < 2 and isinstance(item, tuple) and item and dataclasses.is_dataclass(item[0]):
            for inner in _spoiled(item[0], depth + 1):
                yield evolve(value, **{field.name: (inner, *item[1:])})


@pytest.mark.parametrize("name", ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"])
def test_fits_says_yes_only_where_the_worded_check_finds_nothing(name):
    ruleset = explorer.get_ruleset(name)
    checked = 0
    for scenario in ruleset.scenarios:
        position = ruleset.new_game(scenario, seed=1).position
        assert fits(position) and field_problem(position) is None
        for bad in _spoiled(position):
            if fits(bad):
                assert field_problem(bad) is None, bad
            checked += 1
    assert checked > 100


def test_a_value_whose_own_check_fails_is_not_a_yes():
    """A card made by evolve skips its own check (no such rank): fits says no, as the worded check does."""
    from explorer.core.cards import Card
    bad = evolve(Card("Q", "♥"), rank="Z")
    assert not fits(bad) and field_problem(bad)
