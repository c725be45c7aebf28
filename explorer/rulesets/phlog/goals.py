"""The position tests of phlog's practice challenges (``challenges.toml``), in the ruleset's own terms.

Each is ``f(state, challenge, **args) -> bool``. They read the position through the ruleset's public names
(its fighters, ``state.board`` and :func:`~explorer.rulesets.phlog.sight`) and play the rest of an attack
with the game's own legal actions, so no rule is written here a second time.
"""

from __future__ import annotations

from collections.abc import Callable

from . import sight


def _fighter(state, fighter: str):
    found = state.fighters.get(fighter)
    if found is None:
        raise ValueError(f"no fighter called {fighter!r}; the fighters are {', '.join(state.fighters)}")
    return found


def at(state, challenge, fighter: str, col: int, row: int) -> bool:
    """``fighter`` stands on the square (col, row)."""
    return _fighter(state, fighter).square == (col, row)


def out_of_play(state, challenge, fighter: str) -> bool:
    """``fighter`` has been removed from play."""
    return not _fighter(state, fighter).alive


def unseen(state, challenge, fighter: str) -> bool:
    """``fighter`` is in play and no enemy fighter in play has line of sight to it (the ruleset's sight:
    walls and closed doors block it)."""
    me = _fighter(state, fighter)
    if not me.alive:
        return False
    board = state.board
    return not any(sight(board, enemy.square, me.square)
                   for enemy in state.fighters.values() if enemy.alive and enemy.side != me.side)


def attack_removes(state, challenge, fighter: str) -> bool:
    """The attack under way ends with ``fighter`` out of play, however the other side answers and with the
    learner answering its joker windows as well as it can (no attack under way: ``fighter`` is out).

    A "sure" goal is proved up to the learner's next decision; in an attack that is a joker window (to
    cancel a joker, or to play one against the defence card), so the rest of the attack is played out
    here: some answer of the learner's must work against every answer of the other side."""
    return _played_out(state, challenge.side, lambda s: out_of_play(s, challenge, fighter))


def _played_out(state, side: str, test: Callable) -> bool:
    if state.attack is None or not state.attack.revealed or state.is_over:
        return test(state)
    answers = []
    for action in list(state.legal_actions):
        branch = state.clone()
        branch.apply(action)
        answers.append(branch)
    results = (_played_out(branch, side, test) for branch in answers)
    return any(results) if state.current_player == side else all(results)


def all_of(state, challenge, **tests) -> bool:
    """Every test named holds, each with its own arguments: ``all_of(out_of_play={fighter="tan-2"},
    unseen={fighter="green-2"})``."""
    return all(TESTS[name](state, challenge, **dict(args)) for name, args in tests.items())


TESTS = {"at": at, "out_of_play": out_of_play, "unseen": unseen, "attack_removes": attack_removes,
         "all_of": all_of}
