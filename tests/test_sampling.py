"""A uniformly random legal action without listing them all (explorer/core/sampling.py, issue 23 item 6).

- The draw is exactly uniform: every sequence of numbers a draw can take is walked with exact fractions, on a
  made-up space and on real positions, whatever the number of tries before the fallback.
- Each ruleset's action space agrees with the listing exactly, on recorded positions of the golden games (every
  ruleset's scenarios and notable settings): over all its indices, the actions it holds are the listing's
  entries, each once, equal and of the same type, and each passes the full check.
- The fallback to listing, the clear errors, and the bot that samples.
"""

from __future__ import annotations

import json
from collections import Counter
from fractions import Fraction
from functools import cache

import pytest

from explorer.core import Action, GameRNG, GameState, action, get_ruleset, load_json, play_out
from explorer.core.sampling import TRIES, SamplingBot, Space, grouped, random_action, space_of
from tests.golden.games import golden_path

SPACED = ("army_men", "one_brain_cell", "simple_plastic")
EVERY = 12  # every 12th position of each golden game: a few hundred positions a ruleset, in about a second


# -- walking every draw with exact fractions ------------------------------------------------------------------

class _Branch(Exception):
    def __init__(self, n: int):
        self.n = n


class _Script:
    """An rng that plays back a fixed prefix of numbers, and stops the draw where the prefix runs out."""

    def __init__(self, prefix: tuple[int, ...]):
        self.prefix, self.bounds = prefix, []

    def randrange(self, n: int) -> int:
        if len(self.bounds) == len(self.prefix):
            raise _Branch(n)
        self.bounds.append(n)
        return self.prefix[len(self.bounds) - 1]

    def choice(self, items):
        return items[self.randrange(len(items))]


def exact_draw(state, tries: int) -> dict:
    """The exact chance of each action ``random_action(state, rng, tries=tries)`` returns, over every sequence of
    numbers the rng may give (each number uniform over its range)."""
    chances: Counter = Counter()
    todo = [()]
    while todo:
        prefix = todo.pop()
        rng = _Script(prefix)
        try:
            got = random_action(state, rng, tries=tries)
        except _Branch as branch:
            todo += [prefix + (k,) for k in range(branch.n)]
            continue
        weight = Fraction(1)
        for n in rng.bounds:
            weight /= n
        chances[got] += weight
    return dict(chances)


# -- a made-up state: three legal actions in a space of seven indices ----------------------------------------

@action
class Step(Action):
    player: str
    to: int


class _Toy(GameState):
    """Just what the sampler reads: no outcome, a listing and, if given, a space."""

    outcome = None

    def __init__(self, listing, space=None):  # no game: the sampler needs none
        self.listing, self.space = listing, space

    @property
    def legal_actions(self):
        return list(self.listing)

    def action_space(self):
        return self.space

    def __repr__(self):
        return "<toy>"


LISTING = [Step("red", 1), Step("red", 2), Step("red", 3)]
SPARSE = Space(7, lambda i: {1: LISTING[0], 4: LISTING[1], 6: LISTING[2]}.get(i))


@pytest.mark.parametrize("tries", [0, 1, 2, 3])
def test_a_draw_is_exactly_uniform_whatever_the_tries_before_the_fallback(tries):
    # 4 of 7 indices are empty: the fallback to listing is reached with chance (4/7)**tries
    assert exact_draw(_Toy(LISTING, SPARSE), tries) == {a: Fraction(1, 3) for a in LISTING}


def test_an_uneven_space_would_be_seen_by_the_exact_walk():
    # the walk's own check: a space holding one action twice gives it more weight than 1/3
    doubled = Space(4, lambda i: [LISTING[0], LISTING[0], LISTING[1], LISTING[2]][i])
    assert exact_draw(_Toy(LISTING, doubled), 2)[LISTING[0]] > Fraction(1, 3)


def test_without_a_space_the_draw_is_the_listings_choice_from_the_same_numbers():
    state = get_ruleset("phlog").new_game("corridor", seed=3)
    assert space_of(state) is None
    for seed in range(5):
        assert random_action(state, GameRNG(seed)) == GameRNG(seed).choice(list(state.legal_actions))


def test_when_every_draw_is_rejected_the_fallback_lists():
    empty = Space(5, lambda i: None)  # a space whose indices hold nothing: every try is rejected
    rng = GameRNG(11)
    got = random_action(_Toy(LISTING, empty), rng, tries=4)
    expected = GameRNG(11)
    for _ in range(4):
        expected.randrange(5)
    assert got == expected.choice(LISTING)
    assert rng.get_state() == expected.get_state()


def test_a_group_offering_more_than_its_slots_is_refused_in_words():
    space = grouped(["g1"], 2, lambda group: LISTING)
    with pytest.raises(RuntimeError, match="more than the 2 its action space holds"):
        space.pick(0)


def test_a_finished_game_or_what_is_not_a_game_gives_a_clear_error():
    state = get_ruleset("army_men").new_game("tutorial", seed=1)
    play_out(state, {side: SamplingBot(seed=4) for side in state.sides})
    assert state.is_over
    with pytest.raises(ValueError, match="the game is over"):
        random_action(state, GameRNG(1))
    with pytest.raises(TypeError, match="draws from a game state, not"):
        random_action("army_men", GameRNG(1))
    with pytest.raises(ValueError, match="has no legal action"):
        random_action(_Toy([]), GameRNG(1))


# -- the rulesets' spaces against their listings ----------------------------------------------------------------

@cache
def recorded_positions(name: str, every: int) -> list:
    """Every ``every``-th position of each golden game of ``name`` (each game's steps offset by its index, so
    every kind of step comes up), as states of their own: the save loaded, then taken back step by step."""
    found = []
    for number, game in enumerate(json.loads(golden_path(name).read_text(encoding="utf-8"))["games"]):
        state = load_json(json.dumps(game["save"]))
        while state.history:
            state.undo()
            if (len(state.history) + number) % every == 0:
                found.append(state.clone())
    return found


def held(space: Space) -> list:
    return [act for act in map(space.pick, range(space.size)) if act is not None]


@pytest.mark.parametrize("name", SPACED)
def test_the_space_holds_exactly_the_listings_actions_on_recorded_positions(name):
    spaced = 0
    for i, state in enumerate(recorded_positions(name, EVERY)):
        space = space_of(state)
        if space is None:
            continue
        spaced += 1
        got = held(space)  # first: in a playout the sampler meets positions nothing has listed
        listing = list(state.legal_actions)
        where = f"{name} position {i} ({state!r})"
        assert Counter(got) == Counter(listing), f"{where}: the space and the listing differ"
        assert sorted(map(repr, got)) == sorted(map(repr, listing)), f"{where}: same values, other types or fields"
        if i % 5 == 0:  # the conformance suite's check, on a share of the positions (it words every refusal)
            assert [a for a in got if state.why_illegal(a) is not None] == [], where
    assert spaced > 50


@pytest.mark.parametrize("name", SPACED)
def test_a_draw_on_a_small_recorded_position_is_exactly_uniform(name):
    small = [s for s in recorded_positions(name, EVERY) if (space := space_of(s)) is not None and space.size <= 60
             and len(list(s.legal_actions)) > 1]
    assert small
    for state in small[:3]:
        listing = list(state.legal_actions)
        assert exact_draw(state, 1) == {a: Fraction(1, len(listing)) for a in listing}


@pytest.mark.parametrize("name", SPACED)
def test_the_sampling_bot_plays_whole_games_by_the_rules(name):
    ruleset = get_ruleset(name)
    scenario = next(iter(ruleset.scenarios))
    for seed in (1, 2):
        games = []
        for _ in range(2):
            state = ruleset.new_game(scenario, seed=seed)
            play_out(state, {side: SamplingBot(seed=seed + k) for k, side in enumerate(state.sides)})
            games.append([turn.action for turn in state.history])  # every action passed apply's full check
        assert state.is_over
        assert games[0] == games[1]  # its own seeded rng: the same game again


def test_the_default_tries_make_the_fallback_rare_at_half_the_space_legal():
    assert Fraction(1, 2) ** TRIES < Fraction(1, 10**9)
