"""A uniformly random legal action, drawn without listing them all (for playouts and bots).

``random_action(state, rng)`` returns one of the actions ``state.legal_actions`` lists, each entry of that
listing exactly equally likely, the very objects the listing offers (equal, same fields): the same chances as
``rng.choice(list(state.legal_actions))``, without the list. (It is the listing that counts, not all that the
full check would allow: an army-men trooper may be sent to any spot in reach, but only a few spots are listed.)
Where listing is costly, a ruleset gives its state an *action space*: ``state.action_space()`` (looked up by
name, so the core's state contract is unchanged; a ruleset binds it with one line) returns a :class:`Space`,

- ``size``: how many indices it has, a cheaply known bound on the actions (figure × slot, say);
- ``pick(index)``: the legal action at that index, or ``None`` when the index holds none (the quick yes/no
  test: it never words a refusal).

Its contract: over all indices ``0 .. size - 1``, the actions ``pick`` returns are exactly the entries of the
listing, each at exactly one index (``tests/test_sampling.py`` checks this exhaustively on recorded positions
of every ruleset that has a space). ``action_space()`` may return ``None`` (no space in this phase): the
listing is used.

How a draw goes (rejection sampling with a bounded fallback): draw an index uniformly, accept it if ``pick``
gives an action; after ``tries`` rejections, list the legal actions and take one with ``rng.choice``. The
number of tries is fixed before any number is drawn, so the mixture is still exactly uniform:

    Let the listing have n >= 1 entries and the space S indices, so a draw is rejected with chance
    r = 1 - n/S (each entry sits at exactly one index).
    An entry a is returned by the k-th draw (k = 1..tries) with chance r^(k-1)/S, and by the fallback
    with chance r^tries/n. In all:

        P(a) = (1/S)(1 + r + ... + r^(tries-1)) + r^tries/n
             = (1/S)(1 - r^tries)/(1 - r) + r^tries/n      (1 - r = n/S)
             = (1 - r^tries)/n + r^tries/n = 1/n.

``tests/test_sampling.py`` checks this with exact fractions by walking every sequence of numbers a draw can
take. The sampler draws from ``rng.randrange`` and ``rng.choice`` only (a :class:`~explorer.core.rng.GameRNG`
or a :class:`random.Random`). It picks other actions than ``rng.choice(list(state.legal_actions))`` from the
same numbers, so :class:`~explorer.core.simulate.RandomBot` keeps listing (the golden games replay its
choices); :class:`SamplingBot` is the bot that samples.

A sampled action is not an offer of the kept listing, so ``state.apply`` runs its full check once (the core
skips it only for the very objects it listed): that check is part of a sampled playout's cost.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from .actions import Action
from .limits import brief
from .rng import GameRNG
from .state import GameState

TRIES = 32
"""Draws from the space before falling back to listing: with half the space legal, the fallback comes once
in four billion draws; with one index in twenty legal, one time in five."""


@dataclass(frozen=True)
class Space:
    """An indexable bound on a position's legal actions (see the module's docstring)."""

    size: int
    pick: Callable[[int], Action | None]


def grouped(groups: Sequence[Any], width: int, offers_of: Callable[[Any], Sequence[Action]],
            tail: Sequence[Action | Callable[[], Action | None]] = ()) -> Space:
    """The space of listings made group by group (figure by figure, unit by unit): ``width`` indices for each
    of ``groups``, the slot ``k`` of a group holding its ``k``-th offer (``offers_of(group)``, asked only when
    an index of that group is drawn, and once), then one index for each of ``tail``: an action always legal
    (such as ending the turn), or a function giving the action or ``None``, asked only when drawn (an end of
    the phase that a rule may forbid). ``width`` must bound every group's offers; a group offering more is a
    bug in the ruleset's space, and raises (it would make the draw uneven)."""
    groups, tail = tuple(groups), tuple(tail)
    asked: dict[int, Sequence[Action]] = {}
    body = len(groups) * width

    def pick(index: int) -> Action | None:
        if index >= body:
            last = tail[index - body]
            return last if isinstance(last, Action) else last()
        g, slot = divmod(index, width)
        offers = asked.get(g)
        if offers is None:
            offers = asked[g] = offers_of(groups[g])
            if len(offers) > width:
                raise RuntimeError(f"{brief(groups[g])} has {len(offers)} offers, more than the {width} its action "
                                   "space holds: the space's bound is wrong, so a draw would not be uniform")
        return offers[slot] if slot < len(offers) else None

    return Space(body + len(tail), pick)


def space_of(state: GameState) -> Space | None:
    """The state's action space now, or ``None`` (its ruleset has none, or not in this phase)."""
    make = getattr(state, "action_space", None)
    return make() if make is not None else None


def random_action(state: GameState, rng, *, tries: int = TRIES) -> Action:
    """A legal action of ``state``, every entry of its listing equally likely (see the module's docstring).

    Raises ``TypeError`` for what is not a game state, ``ValueError`` for a game that is over or a position
    with nothing to play.
    """
    if not isinstance(state, GameState):
        raise TypeError(f"random_action draws from a game state, not {brief(state)}")
    outcome = state.outcome
    if outcome is not None:
        raise ValueError(f"the game is over ({outcome.reason}): there is no legal action to draw")
    space = space_of(state)
    if space is not None and space.size > 0:
        randrange, pick = rng.randrange, space.pick
        for _ in range(tries):
            action = pick(randrange(space.size))
            if action is not None:
                return action
    legal = list(state.legal_actions)
    if not legal:
        raise ValueError(f"{state!r} has no legal action, though the game is not over")
    return rng.choice(legal)


class SamplingBot:
    """Plays a uniformly random legal action drawn by :func:`random_action`, from its own seeded RNG: the
    random bot of playouts, without listing every action (its choices differ from :class:`RandomBot`'s)."""

    def __init__(self, seed: int = 0, *, tries: int = TRIES):
        self.rng = GameRNG(seed)
        self.tries = tries

    def __call__(self, state: GameState) -> Action:
        return random_action(state, self.rng, tries=self.tries)

    def __repr__(self) -> str:
        return "SamplingBot()"
