"""The conformance invariants as plain functions: standard library only, so the page's Python runs them too.

Each ``check_*`` takes a game (or a case) and raises ``AssertionError``
saying what is wrong. ``test_conformance.py`` and ``test_fuzz.py`` feed them
hypothesis' games under pytest; ``tests/test_page_python.py`` runs
:func:`self_check` inside Pyodide (no pytest, no hypothesis there). One piece
of code per idea: change an invariant here and both runtimes check the new one.
"""

from __future__ import annotations

import inspect
import json
import random
import sys
from collections.abc import Callable, Sequence

from explorer.core import Action, GameState, MalformedAction, RuleViolation, Termination, load_game, load_json, play_out

from .cases import ACTION_BOUND, ROUND_BOUND, new_game, odd_actions, random_walk, scenario_cases


def _refused(state: GameState, act) -> None:
    try:
        state.apply(act)
    except RuleViolation:
        return
    raise AssertionError(f"{act!r} was played, though why_illegal refuses it")


def check_listed_actions(state: GameState, pick: Callable[[list], Action]) -> None:
    """The legal list is what the game accepts; playing one of them (``pick``) changes the game."""
    legal = list(state.legal_actions)
    assert len(legal) == len(set(legal)), "an action is listed twice"
    assert bool(legal) != state.is_over, "a game goes on exactly while something is legal"
    for act in legal:
        assert act.player == state.current_player, f"{act!r} is listed for another player"
        assert state.why_illegal(act) is None, f"{act!r} is listed but refused"
        assert act in state.legal_actions
    if legal:
        act = pick(legal)
        before = state.clone()
        state.apply(act)
        assert state != before, f"playing {act!r} changed nothing"


def check_refusals(state: GameState) -> None:
    """Another player's actions are refused, naming a rule of this ruleset, and change nothing."""
    legal = list(state.legal_actions)
    if not legal:
        return
    saved = state.to_dict()
    other = state.other(state.current_player)
    for act in legal[:20]:
        wrong_player = type(act)(**{**act.__dict__, "player": other})
        violation = state.why_illegal(wrong_player)
        assert isinstance(violation, RuleViolation), f"{wrong_player!r} is not refused"
        assert violation.rule.ruleset == state.ruleset.name, f"{violation!r} cites another ruleset's rule"
        _refused(state, wrong_player)
    assert state.to_dict() == saved, "a refused action changed the game"


def check_round_trip(state: GameState, fresh: Callable[[], GameState]) -> None:
    """Undo, clone and save/load round-trip; ``fresh()`` is the game before any action."""
    saved = state.to_json()
    copy = state.clone()
    loaded = load_json(saved)
    assert loaded == state and copy == state, "a clone or a loaded save differs from the game"
    assert loaded.to_json() == saved, "saving a loaded game gives another save"
    if loaded.legal_actions:
        act = next(iter(loaded.legal_actions))
        assert loaded.apply(act) == copy.apply(act), "a loaded game rolls other dice"
        assert state.to_json() == saved, "playing on a clone changed the original"
    for _ in range(len(state.history)):
        state.undo()
    assert state == fresh(), "undoing every action does not give the starting game"
    assert state.to_json() == fresh().to_json()


def check_replay(case: tuple[str, str]) -> None:
    """The same seed and actions replay the same game, with the same events."""
    a = random_walk(new_game(case, seed=5), random.Random(1), 80)
    b = new_game(case, seed=5)
    for turn in a.history:
        assert b.apply(turn.action) == list(turn.events), f"replaying {turn.action!r} gave other events"
    assert a == b and load_game(json.loads(a.to_json())) == b


def check_views(state: GameState) -> None:
    """A player's events and view show nothing hidden from that player."""
    everything = [*state.setup_log, *(e for t in state.history for e in t.events)]
    for player in state.sides:
        seen = state.events_for(player)
        assert all(e.visible_to(player) for e in seen)
        hidden = [e for e in everything if not e.visible_to(player)]
        shown = repr(state.view(player))
        for event in hidden:
            assert event.text not in shown, f"{player}'s view shows {event.text!r}"


def check_round_limit(case: tuple[str, str], seeds: Sequence[int] = (0, 1)) -> None:
    """A game with a round limit ends within :data:`ACTION_BOUND` random actions."""
    for seed in seeds:
        state = random_walk(new_game(case, seed, max_rounds=ROUND_BOUND), random.Random(seed), ACTION_BOUND)
        assert state.is_over, f"not over after {len(state.history)} actions"
        assert state.outcome.kind in set(Termination)
        assert state.round <= ROUND_BOUND + 1
        assert not any(isinstance(a, Action) for a in state.legal_actions)


def check_malformed_actions(state: GameState, rng: random.Random, count: int) -> int:
    """Odd actions are refused clearly (or, if legal after all, play and undo); nothing changes.

    Returns how many were refused by a rule, which must be some.
    """
    refused = 0
    for kind, values in odd_actions(state, rng, count):
        try:
            act = kind(**values)
        except MalformedAction:
            continue
        before = state.to_json()
        violation = state.why_illegal(act)
        assert violation is None or isinstance(violation, RuleViolation), f"why_illegal({act!r}) -> {violation!r}"
        if violation is None:
            state.apply(act)   # legal after all: it must play, and undo must restore
            state.undo()
        else:
            refused += 1
            _refused(state, act)
        assert state.to_json() == before, f"{act!r} changed the game though it was refused or undone"
    assert refused > 0, "no odd action was ever refused"
    return refused


def check_deep_input(case: tuple[str, str]) -> None:
    """JSON nested 100,000 deep, as a file or in "try anything", is refused in words, and the game goes on.

    Run in the page's Python too (:func:`self_check`), where a parser that recursed would overflow the
    page's stack ("Maximum call stack size exceeded") long before Python's own recursion limit.
    """
    from explorer.core import SaveGameError
    from explorer.core.session import Session

    deep = "[" * 100_000 + "]" * 100_000
    try:
        load_json(deep)
    except SaveGameError as error:
        assert "nested too deep" in str(error), error
    else:
        raise AssertionError("a save nested 100,000 deep was loaded")
    session = Session(case[0], case[1])
    for answer in (session.load(deep), session.try_action("[" * 90_000), session.try_action('{"a":' * 16_000)):
        assert answer["message"]["kind"] == "error" and "nested too deep" in answer["message"]["text"], answer["message"]
    assert session.answer()["actions"], "after a refused input the game offers nothing"


# -- the same games in two runtimes ----------------------------------------------

def make_bot(state: GameState, name: str, seed: int):
    """The ruleset's bot ``name``, seeded when it takes a seed."""
    cls = state.ruleset.bots[name]
    return cls(seed) if "seed" in inspect.signature(cls).parameters else cls()


SEARCH_PLIES = 3  # the strong bot searches (a second a move in the page): a few plies prove the runtimes agree


def played_save(case: tuple[str, str], bot: str, seed: int, plies: int) -> str:
    """The save of a game both sides of which the bot ``bot`` plays, for ``plies`` actions or to the end
    (the strong bot, which searches, for at most :data:`SEARCH_PLIES`)."""
    if bot == "strong":
        plies = min(plies, SEARCH_PLIES)
    state = new_game(case, seed=seed)
    bots = {side: make_bot(state, bot, seed * 10 + i) for i, side in enumerate(state.sides)}
    return play_out(state, bots, max_actions=plies).to_json()


SELF_CHECK_GAMES = {"seeds": (0, 1), "plies": 400}  # per case and bot: long enough to end most games


def played_games(seeds: Sequence[int], plies: int) -> dict[str, str]:
    """``"ruleset/scenario/bot/seed"`` -> save, for every case and every bot of its ruleset."""
    games = {}
    for case in scenario_cases():
        for bot in sorted(new_game(case).ruleset.bots):
            for seed in seeds:
                games["/".join((*case, bot, str(seed)))] = played_save(case, bot, seed, plies)
    return games


def conformance_checks(seeds: Sequence[int], steps: Sequence[int], odd: int) -> dict[str, Callable[[], object]]:
    """Name -> check, over every case, seed and number of random steps (the pytest-free sample)."""
    checks = {}
    for case in scenario_cases():
        name = "/".join(case)
        checks[f"{name}/replay"] = lambda case=case: check_replay(case)
        checks[f"{name}/round_limit"] = lambda case=case: check_round_limit(case)
        checks[f"{name}/deep_input"] = lambda case=case: check_deep_input(case)
        checks[f"{name}/malformed_actions"] = lambda case=case: check_malformed_actions(
            random_walk(new_game(case, seed=2), random.Random(2), 30), random.Random(7), odd)
        for seed in seeds:
            for n in steps:
                def walk(case=case, seed=seed, n=n):
                    return random_walk(new_game(case, seed), random.Random(seed), n)
                pick = random.Random(seed + n).choice
                checks[f"{name}/{seed}/{n}/listed_actions"] = lambda walk=walk, pick=pick: check_listed_actions(walk(), pick)
                checks[f"{name}/{seed}/{n}/refusals"] = lambda walk=walk: check_refusals(walk())
                checks[f"{name}/{seed}/{n}/round_trip"] = lambda walk=walk, case=case, seed=seed: check_round_trip(
                    walk(), lambda: new_game(case, seed))
                checks[f"{name}/{seed}/{n}/views"] = lambda walk=walk: check_views(walk())
    return checks


def self_check(*, seeds=SELF_CHECK_GAMES["seeds"], plies=SELF_CHECK_GAMES["plies"], check_seeds=(0, 3),
               steps=(0, 7, 40), odd=100) -> dict:
    """Everything the page's Python is asked, as JSON-ready data: version, games played, failed checks."""
    failures = {}
    checks = conformance_checks(check_seeds, steps, odd)
    for name, check in checks.items():
        try:
            check()
        except Exception as error:  # noqa: BLE001  (reported, with its type, to the test that asked)
            failures[name] = f"{type(error).__name__}: {error}"
    return {
        "version_info": list(sys.version_info[:3]),
        "platform": sys.platform,
        "games": played_games(seeds, plies),
        "checks": len(checks),
        "failures": failures,
    }
