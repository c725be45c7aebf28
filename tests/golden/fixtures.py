"""Save fixtures: saves of every kind today's code writes, which must load and save again byte for byte.

For each ruleset: every scenario at its start and in mid-game; every house rule's other values (choices and
yes/no both ways, the ends of a number's range as the house-rules lab sweeps them,
:func:`boards.classroom.house_rules`), each once, on the scenarios in turn, finished and mid-game in turn;
a short round limit; a custom position (a scenario's mid-game position as a game of its own, scenario
``custom``); the army builder's game (army men); entered dice (the rulesets that roll); and a game with
actions taken back. Games are greedy against random from seed 1, as the golden games.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from boards.classroom import house_rules, other_values
from explorer.core.errors import MalformedAction
from explorer.core.game import Game
from explorer.core.registry import get_ruleset
from explorer.core.rng import GameRNG
from explorer.core.simulate import play_out

from .games import Golden

MID = 20
"""A mid-game save holds at most this many actions (half the game if shorter)."""
SEED = 1


def fixture_games(ruleset: str) -> Iterator[tuple[str, Callable[[], object]]]:
    """``(name, make)`` for each save fixture of ``ruleset``; ``make()`` plays the game and returns its state."""
    rules = get_ruleset(ruleset)
    for scenario in rules.scenarios:
        yield f"{scenario}, start", lambda s=scenario: Golden(ruleset, s, (), SEED, ("greedy", "random")).new_game()
        yield f"{scenario}, mid-game", lambda s=scenario: _played(ruleset, s, {}, finished=False)
    for n, (scenario, setting, value) in enumerate(_house_rule_games(ruleset)):
        finished = n % 2 == 0
        yield (f"{scenario}, {setting}={value}, {'finished' if finished else 'mid-game'}",
               lambda s=scenario, k=setting, v=value, f=finished: _played(ruleset, s, {k: v}, finished=f))
    first = next(iter(rules.scenarios))
    yield f"{first}, max_rounds=2, finished", lambda: _played(ruleset, first, {"max_rounds": 2}, finished=True)
    yield f"{first}, custom position", lambda: _custom(ruleset, first)
    yield f"{first}, actions taken back", lambda: _undone(ruleset, first)
    if rules.rolls_dice:
        yield f"{first}, entered dice", lambda: _entered_dice(ruleset, first)
    if ruleset == "army_men":
        yield "army builder's game", _army_game


def _house_rule_games(ruleset: str) -> list[tuple[str, str, object]]:
    """``(scenario, setting, value)``: each value of each house rule other than the ruling's once (a number:
    the two ends of the lab's sweep), on the scenarios in turn (of those that can be played with it)."""
    scenarios = list(get_ruleset(ruleset).scenarios)
    playable = {}
    for scenario in scenarios:
        for setting in house_rules(ruleset, scenario):
            others = other_values(ruleset, setting, scenario)
            if others and not isinstance(others[0], (bool, str)):
                others = sorted({others[0], others[-1]})
            for value in others:
                playable.setdefault((setting, value), []).append(scenario)
    games = []
    for n, ((setting, value), where) in enumerate(playable.items()):
        games.append((where[n % len(where)], setting, value))
    return games


def _played(ruleset: str, scenario: str, settings: dict, *, finished: bool):
    golden = Golden(ruleset, scenario, tuple(settings.items()), SEED, ("greedy", "random"))
    whole = golden.new_game()
    play_out(whole, golden.new_bots(whole.sides))
    if finished:
        return whole
    return _prefix(whole, min(MID, len(whole.history) // 2))


def _prefix(state, length: int):
    """``state`` with only its first ``length`` actions played (the rest taken back)."""
    state = state.clone()
    while len(state.history) > length:
        state.undo()
    return state


def _custom(ruleset: str, scenario: str):
    """A scenario's mid-game position set up as a game of its own, played on a little."""
    mid = _played(ruleset, scenario, {}, finished=False)
    game = Game(mid.game.settings, "custom", mid.game.setup, mid.game.sides)
    state = type(mid)(game, mid.position, seed=7)
    golden = Golden(ruleset, scenario, (), SEED, ("greedy", "random"))
    return play_out(state, golden.new_bots(state.sides), max_actions=10)


def _undone(ruleset: str, scenario: str):
    """Twenty actions played, five taken back, ten more played by other bots."""
    golden = Golden(ruleset, scenario, (), SEED, ("greedy", "random"))
    state = golden.new_game()
    play_out(state, golden.new_bots(state.sides), max_actions=20)
    for _ in range(5):
        state.undo()
    other = dataclasses.replace(golden, bots=("random", "random"), seed=SEED + 1)
    return play_out(state, other.new_bots(state.sides), max_actions=10)


def _entered_dice(ruleset: str, scenario: str):
    """Thirty actions, each one that rolls taking its dice as entered by the players (from a seeded roller)."""
    golden = Golden(ruleset, scenario, (), SEED, ("greedy", "random"))
    state = golden.new_game()
    bots, roller = golden.new_bots(state.sides), GameRNG(99)
    for _ in range(30):
        if state.is_over:
            break
        action = bots[state.current_player](state)
        probe = state.clone()
        probe.apply(action)
        if probe.rng.counter == state.rng.counter:  # nothing rolled
            state.apply(action)
            continue
        for n in range(1, 60):  # as many dice as the action rolls
            try:
                state.apply(action, dice=roller.roll(n))
                break
            except MalformedAction:
                continue
        else:
            raise AssertionError(f"{ruleset}: could not enter dice for {action!r}")
    return state


def _army_game():
    from explorer.rulesets.army_men import army_game

    armies = {"green": {"alpha": ["sargent"] + ["regular"] * 5 + ["heavy_weapon"], "bravo": ["regular"] * 5},
              "tan": {"x": ["sargent"] + ["regular"] * 5 + ["grenadier", "flamethrower"]}}
    state = army_game(armies, points=200, seed=3)
    golden = Golden("army_men", "standard", (), SEED, ("greedy", "random"))
    return play_out(state, golden.new_bots(state.sides), max_actions=MID)
