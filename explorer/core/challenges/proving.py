"""Proving a choice: its exact chance (a ``best`` goal), and every way it can turn out (a ``sure`` goal).

Nothing is sampled: :func:`outcomes` plays every roll of the dice and every legal answer.
"""

from __future__ import annotations

import dataclasses
import itertools
from collections.abc import Callable, Iterator, Mapping
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from ..actions import Action
from ..errors import ChallengeError, MissingDice
from .goals import Goal, goal_holds

if TYPE_CHECKING:
    from .challenge import Challenge

MAX_OUTCOMES = 20_000  # branches a "sure" goal may play out: beyond it the challenge is too big to prove


def weigh_choices(state, goal: Goal) -> dict[Action, Fraction]:
    """Every legal action of the goal's kind, with its exact chance weighed by the goal's measure."""
    weighed = {}
    for action in state.legal_actions:
        if type(action).__name__ != goal.action:
            continue
        dist = state.chance(action)
        if dist is None:
            weighed[action] = Fraction(0)
        elif goal.measure == "mean":
            weighed[action] = Fraction(dist.map(_number).mean())
        else:
            weighed[action] = dist.probability_where(lambda value: _number(value) >= 1)
    return weighed


def _number(value) -> float:
    """What one outcome of the dice counts: a number as it is; the pieces a roll kills (a tuple of ids, as
    Army Men's shots give them) by how many they are."""
    if isinstance(value, (tuple, frozenset)):
        return len(value)
    return value if isinstance(value, (int, float)) else 0


def outcomes(state, action, *, until: Callable[[Any], bool], limit: int = MAX_OUTCOMES,
             once: bool = False) -> Iterator[tuple[Any, str]]:
    """Every way ``action`` can turn out: each roll of its dice (faces entered one by one) and then,
    while ``until(state)`` is false, every legal action of whoever is to act, each with its own rolls.
    Yields (the state at the end of the branch, the branch in words). Raises ``ChallengeError`` past
    ``limit`` branches (too big to prove). ``once``: a branch reaching a position an earlier branch reached
    stops there, unyielded (what follows is the same play again: a proof that every branch holds needs it once)."""
    count = itertools.count(1)
    seen: set = set()

    def played(state, action, said) -> Iterator[tuple[Any, str]]:
        for dice, branch in _rolled(state, action):
            if once and not _first_visit(seen, branch.position):
                continue
            # told from the state it was offered in: after it, an "End move" reads as the phase that follows
            words = f"{said}{'; ' if said else ''}{_step(state, action, first=not said)}" + (
                f" rolling {list(dice)}" if dice else "")
            if branch.is_over or until(branch):
                if next(count) > limit:
                    raise ChallengeError(f"more than {limit:,} ways this can turn out: too many to prove")
                yield branch, words
                continue
            for reply in list(branch.legal_actions):
                yield from played(branch, reply, words)

    # an offer of the position is played without its rules checked again (the answers after it are offers)
    yield from played(state, _offered(state, action), "")


def _offered(state, action):
    """The very object ``state`` offers equal to ``action`` (the state plays its own offers without checking
    their rules again, once for every roll), else ``action`` itself."""
    for offer in state.legal_actions:
        if offer == action:
            return offer
    return action


def _first_visit(seen: set, position) -> bool:
    """Whether ``position`` is new to ``seen`` (then added), by its value; a position that cannot be made a key
    counts as new."""
    key = _frozen(position)
    if key is _UNKEYED:
        return True
    if key in seen:
        return False
    seen.add(key)
    return True


_UNKEYED = object()  # what _frozen makes of a value it cannot make a key of


def _frozen(value):
    """A hashable key equal for equal values (a dataclass by its fields, a mapping by its items, a list as a
    tuple), or ``_UNKEYED`` for a value it cannot make one of."""
    try:
        hash(value)
        return value
    except TypeError:
        pass
    if isinstance(value, Mapping):
        items = tuple((key, _frozen(item)) for key, item in value.items())
        return _UNKEYED if any(item is _UNKEYED for _, item in items) else (dict, frozenset(items))
    if isinstance(value, (list, tuple)):
        items = tuple(_frozen(item) for item in value)
        return _UNKEYED if _UNKEYED in items else (list, items)
    if dataclasses.is_dataclass(value):
        fields = tuple(_frozen(getattr(value, field.name)) for field in dataclasses.fields(value))
        return _UNKEYED if _UNKEYED in fields else (type(value), fields)
    return _UNKEYED


def _step(state, action, *, first: bool) -> str:
    """One step of a branch in words: as its player sees it (a card chosen face down is named: the branch
    plays to where it is shown), each answer after the first step with the name of the player answering."""
    player = getattr(action, "player", None)
    words = state.describe(action, player)
    return words if first or player is None else f"{player}: {words}"


def _rolled(state, action) -> Iterator[tuple[tuple[int, ...] | None, Any]]:
    """Each roll ``action`` can make, with the state it leaves: ``None`` when it rolls no dice, else every
    tuple of faces, in order (entered a roll at a time: how many dice an action rolls may hang on the faces
    before)."""
    pending: list[tuple[int, ...]] = [()]
    while pending:
        faces = pending.pop(0)
        branch = state.clone()
        try:
            branch.apply(action, dice=faces)
        except MissingDice as missing:
            sides = range(1, missing.sides + 1)
            pending[:0] = [(*faces, *more) for more in itertools.product(sides, repeat=missing.more)]
            continue
        yield (faces if faces or branch.history[-1].dice else None), branch


def sure_failure(challenge: Challenge, before, action) -> str | None:
    """How ``action`` can fail the challenge's test (one branch, in words), or ``None``: it never does."""
    for end, words in outcomes(before, action, until=lambda s: _has_choice(challenge, s), once=True):
        if not goal_holds(challenge, end):
            return f"if {words}, the goal is not reached"
    return None


def _has_choice(challenge: Challenge, state) -> bool:
    """The learner is to act with a choice to make: a position where all the learner may do is the ruleset's
    one-button next step ("End move" with nothing left to move) is played on, so "whatever the other side
    answers" reaches the other side's turn."""
    return state.current_player == challenge.side and any(
        type(action).__name__ not in challenge.ruleset.next_step for action in state.legal_actions)

