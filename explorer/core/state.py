"""The game-state machinery every ruleset shares.

A :class:`Game` is what does not change while playing: ruleset, settings,
scenario, the ruleset's *setup* (table and terrain, or grid) and the sides.
A :class:`GameState` holds a game, a small frozen *position* (the part that
changes), the random-number state (two integers) and the log.

A ruleset subclasses :class:`GameState` and writes:

- ``_check(action)``: the :class:`RuleViolation` that forbids it, or ``None``;
  it changes nothing. ``why_illegal``, ``action in legal_actions`` and
  ``apply`` all ask it, after the core's own checks (an action of this
  ruleset, the game not over, the right player);
- ``_do(action)``: the next position and the events, for an action the check
  allowed; it rolls dice with :meth:`GameState.roll` and shuffles with
  ``self.rng``, and changes nothing else;
- ``_legal_actions()``: the legal actions now (each must pass the check);
- ``_chance(action)``: where dice decide, the exact distribution of what
  they decide (the same rule as the roll in ``_do``);
- ``_standing()``: how many pieces each side has in play (the core turns it
  into "last side standing" and "more pieces after ``max_rounds``"), or
  ``_outcome()`` for other ways to end;
- the save format of its setup and position, and ``_position_problem``: the
  one place that says whether a position is legal (used by scenarios,
  custom positions and loading). The core checks the position's fields
  against their declared types first (``declared.field_problem``), so that
  check meets only well-typed values; it adds the ranges the rules set.

The position has ``side`` (whose turn), ``round`` and, when another player
must answer first, ``pending`` (a :class:`~explorer.core.actions.Decision`).
Apply swaps in the new position only on success, so a refusal needs no rollback; undo pops a stack of positions;
``clone()`` copies a few references.
"""

from __future__ import annotations

import json
from operator import attrgetter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any, ClassVar

from . import saves
from .actions import Action, Decision, Event
from .dice import Dist
from .errors import MalformedAction, MissingDice, RuleViolation
from .game import Game
from .declared import field_problem
from .limits import brief, entered_dice
from .records import LegalActions, Outcome, Termination, Turn, View, summary_html
from .rng import GameRNG
from .ruletable import RuleTable

if TYPE_CHECKING:
    from .registry import Ruleset


class GameState:
    ruleset: ClassVar[Ruleset]
    rules: ClassVar[RuleTable | None] = None
    """The ruleset's rule table (:mod:`explorer.core.ruletable`): when set, it answers ``_check``, ``_do``,
    ``_chance`` and ``_legal_actions``, and refuses an action outside its phase."""
    custom_scenarios: ClassVar[tuple[str, ...]] = ("custom",)
    """Scenario names a save may carry besides the ruleset's scenarios: games its custom positions start."""
    _listing: ClassVar[RuleTable | None] = None  # the rule table, where it alone lists (__init_subclass__)
    _doing: ClassVar[dict[type, Any] | None] = None  # its ``doers``, where it alone does

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        # Where the rule table alone lists and does (no _legal_actions or _do of the ruleset's own), the listing and
        # apply read the table's own dispatch (its listers by phase, its doers by action type) rather than go through
        # _legal_actions and RuleTable.offers, _do and RuleTable.do: two calls less each, at every action (measured:
        # 2.4 % of a Phlog action's instructions, 0.7 % of a Dice Tactics one's).
        rules = cls.rules
        phased = rules is not None and rules.phase_of is not None
        cls._listing = rules if phased and cls._legal_actions is GameState._legal_actions else None
        cls._doing = rules.doers if rules is not None and cls._do is GameState._do else None

    def __init__(self, game: Game, position: Any, *, seed: int = 0, rng: GameRNG | None = None):
        """A game starting at ``position``; raises ``ValueError`` if the position is not legal.

        The position's fields are checked by their declared types first (the core, for every
        ruleset), then by the ruleset's own rules (``_position_problem``): no rule code meets a
        ``None`` where a set belongs.
        """
        problem = (field_problem(position)
                   or type(self)._position_problem(game, position) or _pending_problem(self.ruleset, game, position))
        if problem:
            raise ValueError(f"not a legal position of {self.ruleset.title}: {problem}")
        self.game = game
        self.position = position
        self.rng = rng if rng is not None else GameRNG(seed)
        self.history: list[Turn] = []
        self._stack: list[tuple[Any, int, int]] = []  # (position, rng seed, rng counter) before each action
        self._start = (position, self.rng.get_state())
        self._forced_dice: list[int] | None = None
        self._outcome_of: tuple[Any, Outcome | None] = (None, None)
        self._offered: tuple[Any, tuple[Action, ...], frozenset[int]] = (None, (), frozenset())  # see _offers
        self.__dict__ = _own_dict(self)

    # -- what a ruleset writes -----------------------------------------------
    def _legal_actions(self) -> Iterable[Action]:
        return self._table().offers(self)  # a list (one generator layer less than ``rules.legal``: listing is hot)

    def _check(self, action: Action) -> RuleViolation | None:
        return self._table().check(self, action)

    def _do(self, action: Action) -> tuple[Any, list[Event]]:
        return self._table().do(self, action)

    def _table(self) -> RuleTable:
        if self.rules is None:
            raise NotImplementedError(f"{type(self).__name__} needs a rule table (rules) or its own _check, _do "
                                      "and _legal_actions")
        return self.rules

    def _standing(self) -> dict[str, int]:
        """Pieces each side still has in play (for the usual ways a game ends)."""
        raise NotImplementedError

    @classmethod
    def _position_problem(cls, game: Game, position: Any) -> str | None:
        """What makes ``position`` illegal in ``game`` (``None`` if it is legal)."""
        raise NotImplementedError

    @classmethod
    def _setup_from_dict(cls, data: Any) -> Any:
        raise NotImplementedError

    @classmethod
    def _setup_to_dict(cls, setup: Any) -> Any:
        raise NotImplementedError

    @classmethod
    def _position_from_dict(cls, game: Game, data: Any) -> Any:
        """Rebuild a position (``ValueError``/``SaveGameError`` if malformed); legality is checked after."""
        raise NotImplementedError

    @classmethod
    def _position_to_dict(cls, position: Any) -> Any:
        raise NotImplementedError

    def describe(self, action: Action, viewer: str | None = None) -> str:
        """The action in words, for menus and logs, as ``viewer`` may see it (``None``: a spectator).

        Rulesets with hidden information leave out what ``viewer`` may not know
        (the card someone else chose face down).
        """
        return repr(action)

    # -- reading -------------------------------------------------------------
    # Read as attribute getters made in C (no Python frame a read): the rules read them several times an action.
    settings = property(attrgetter("game.settings"), doc="The game's settings (they never change in a game).")
    sides = property(attrgetter("game.sides"), doc="The two sides, ``(first, second)``.")

    def other(self, side: str) -> str:
        return self.game.other(side)

    round = property(attrgetter("position.round"), doc="The round now.")

    @property
    def pending(self) -> Decision | None:
        """The decision another player must make first, if any."""
        return getattr(self.position, "pending", None)

    @property
    def current_player(self) -> str | None:
        """The side to act now (``None`` once the game is over)."""
        if self.is_over:
            return None
        pending = self.pending
        return pending.player if pending is not None else self.position.side

    @property
    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on (worked out once per position)."""
        position, outcome = self._outcome_of
        if position is not self.position:
            outcome = self._outcome()
            self._outcome_of = (self.position, outcome)
        return outcome

    def outcome_at(self, position: Any) -> Outcome | None:
        """How the game would stand at ``position`` (for a ``_do`` that must know before it returns)."""
        if position is self.position:
            return self.outcome
        probe = object.__new__(type(self))
        probe.__dict__ = _own_dict(self)
        probe.position, probe._outcome_of = position, (None, None)
        return probe.outcome

    def _outcome(self) -> Outcome | None:
        """Last side standing; after ``max_rounds`` rounds, more pieces in play wins."""
        standing = self._standing()
        if not all(map(standing.get, self.sides)):  # a side has nothing left (tested by C calls: every action asks)
            beaten = [side for side in self.sides if not standing.get(side)]
            winner = next((side for side in self.sides if side not in beaten), None)
            has = "has" if len(beaten) == 1 else "have"
            return Outcome(winner, f"{' and '.join(beaten)} {has} nothing left in play", Termination.ELIMINATION)
        limit = self.settings.max_rounds
        if limit is not None and self.round > limit:
            a, b = self.sides
            rounds = f"{limit} round{'s' * (limit != 1)}"
            if standing[a] == standing[b]:
                return Outcome(None, f"after {rounds} both sides have {standing[a]} in play", Termination.ROUND_LIMIT)
            winner = a if standing[a] > standing[b] else b
            return Outcome(winner, f"after {rounds} {winner} has more in play ({standing[a]} to {standing[b]})",
                           Termination.ROUND_LIMIT)
        return None

    @property
    def is_over(self) -> bool:
        kept = self._outcome_of  # (the outcome property's kept answer, read in place: a playout asks at every step)
        return (kept[1] if kept[0] is self.position else self.outcome) is not None

    # -- playing ---------------------------------------------------------------
    @property
    def legal_actions(self) -> LegalActions:
        # A new view each time: a view kept by the state would hold it in a cycle, so a game let go would wait for
        # the garbage collector instead of going at once (and every collection would walk all it holds).
        view = _new(LegalActions)  # (as LegalActions(self), without a frame for its __init__: made at every listing)
        view._state = self
        return view

    def _offers(self) -> tuple[Action, ...]:
        """The legal actions of this position, listed once and kept while it is current.

        Players, bots and playouts list the actions, then play one of them: the very object offered in
        this very position is legal, so ``apply`` and ``chance`` do not check it again (``why_illegal``
        always runs the full check: it is how a refusal is explained, and how tests prove every offer
        legal). The tuple keeps its objects alive, so their ids stay theirs.
        """
        position = self.position
        offered = self._offered
        if offered[0] is not position:
            kept = self._outcome_of  # (the outcome property's kept answer, read in place: apply has just made it)
            if (kept[1] if kept[0] is position else self.outcome) is not None:
                actions = ()
            else:
                listing = self._listing  # (RuleTable.offers, written out: see __init_subclass__)
                actions = listing.listers[listing.phase_of(self)](self) if listing is not None else self._legal_actions()
                if type(actions) is not tuple:  # a copy: the ruleset may keep its own list (a tuple is kept as it is)
                    actions = tuple(actions)
            offered = self._offered = (position, actions, None)  # (the ids' set: made only if it pays, below)
        return offered[1]

    def _was_offered(self, action: Action) -> bool:
        offered = self._offered
        if offered[0] is not self.position:
            return False
        ids = offered[2]
        if ids is None:
            actions = offered[1]
            if len(actions) <= _SCAN_OFFERS:  # a few offers, played once: looking through them for the very object
                for offer in actions:  # costs less than a set of ids a position (by a plain loop: the iterators of
                    if offer is action:  # any(map(is_, ...)) cost more to make than a few offers to look through)
                        return True
                return False
            ids = frozenset(map(id, actions))  # many: a set of their ids, kept while the position is current
            self._offered = (offered[0], actions, ids)
        return id(action) in ids

    def why_illegal(self, action: Action) -> RuleViolation | None:
        """The rule that forbids ``action`` now, or ``None`` if it is legal. Changes nothing."""
        ruleset = self.ruleset
        if not isinstance(action, ruleset.action_types):
            return RuleViolation(f"{action!r} is not an action of {ruleset.title}", ruleset.ref(ruleset.turn_section),
                                 action)
        outcome = self.outcome
        if outcome is not None:
            return RuleViolation(f"the game is over: {outcome.reason}", ruleset.ref(ruleset.victory_section), action)
        pending = self.pending
        if pending is not None and action.player != pending.player:
            return RuleViolation(f"{pending.player} must first {pending.prompt}", ruleset.ref(pending.rule), action)
        if pending is None and action.player != self.position.side:
            return RuleViolation(f"it is {self.position.side}'s turn, not {brief(action.player)}'s",
                                 ruleset.ref(ruleset.turn_section), action)
        violation = self._check(action)
        if violation is not None and violation.action is None:
            violation.action = action
        return violation

    def apply(self, action: Action, *, dice: Iterable[int] | None = None) -> list[Event]:
        """Play ``action``; return what happened.

        Raises :class:`RuleViolation` (state unchanged) if a rule forbids it.
        ``dice`` lets players who rolled real dice enter the faces instead
        of using the game's random numbers.
        """
        if not self._was_offered(action):  # an offer of this very position is legal (an over game offers none)
            violation = self.why_illegal(action)
            if violation is not None:
                raise violation
        forced = None if dice is None else entered_dice(dice)
        rng = self.rng
        seed, counter = rng.seed, rng.counter  # (rng.get_state(), read in place: every action)
        if forced is not None:
            self._forced_dice = list(forced)
        try:
            doing = self._doing  # (RuleTable.do, written out: see __init_subclass__)
            position, events = doing[type(action)](self, action) if doing is not None else self._do(action)
            if forced is not None and self._forced_dice:  # (the game's own dice: nothing handed out, nothing left)
                raise MalformedAction(f"{len(self._forced_dice)} more dice were entered than this action rolls")
        except BaseException:
            rng.set_state((seed, counter))
            raise
        finally:
            if forced is not None:
                self._forced_dice = None
        self._stack.append((self.position, seed, counter))  # one tuple kept an action, not two
        self.position = position
        outcome = self._outcome()  # (kept as the outcome property keeps it: is_over and the listing ask it next)
        self._outcome_of = (position, outcome)
        if outcome is not None:
            events = [*events, self._game_over_event(outcome)]
        self.history.append(Turn.made(action, tuple(events), forced))
        return events

    def _game_over_event(self, outcome: Outcome) -> Event:
        winner = f"{outcome.winner} wins" if outcome.winner else "a draw"
        return Event("game_over", f"Game over, {winner}: {outcome.reason}.",
                     (self.ruleset.ref(self.ruleset.victory_section).key,),
                     {"winner": outcome.winner, "termination": outcome.kind.value})

    def chance(self, action: Action) -> Dist | None:
        """The exact distribution of what chance decides in ``action`` (``None``: nothing is left to chance).

        Raises the :class:`RuleViolation` if the action is not legal. The game's
        own dice and these odds come from the same rule (e.g. ``count_successes``
        and ``success_chance`` share ``is_success``), and a test plays every
        face of the dice to prove they agree.
        """
        if not self._was_offered(action):
            violation = self.why_illegal(action)
            if violation is not None:
                raise violation
        return self._chance(action)

    def _chance(self, action: Action) -> Dist | None:
        return None if self.rules is None else self.rules.chance(self, action)

    def undo(self) -> Action:
        """Take back the last action exactly, random-number state included."""
        if not self._stack:
            raise IndexError("there is nothing to undo")
        self.position, seed, counter = self._stack.pop()
        self.rng.set_state((seed, counter))
        return self.history.pop().action

    def roll(self, n: int = 1, sides: int = 6) -> tuple[int, ...]:
        """Dice for the rules: entered by the player if given, else from the game's RNG."""
        if self._forced_dice is None:
            return self.rng.roll(n, sides)
        if len(self._forced_dice) < n:
            raise MissingDice(f"this action rolls {n} dice; not enough were entered", sides, n - len(self._forced_dice))
        faces, self._forced_dice = tuple(self._forced_dice[:n]), self._forced_dice[n:]
        if any(not 1 <= f <= sides for f in faces):
            raise MalformedAction(f"dice faces must be whole numbers from 1 to {sides}, got {brief(faces)}")
        return faces

    def clone(self) -> GameState:
        """An independent copy that shares the game and the (frozen) positions."""
        copy = object.__new__(type(self))
        copy.__dict__ = _own_dict(self)
        copy.rng = self.rng.copy()
        copy.history = list(self.history)
        copy._stack = list(self._stack)
        return copy

    # -- what each player may see ------------------------------------------------
    @property
    def setup_log(self) -> tuple[Event, ...]:
        """What happened before the first action (a deal); empty unless a ruleset says otherwise."""
        return ()

    def events_for(self, player: str | None) -> list[Event]:
        """Every event so far that ``player`` may see (``None``: a spectator), setup included."""
        everything = [*self.setup_log, *(e for turn in self.history for e in turn.events)]
        return [e for e in everything if e.visible_to(player)]

    def view(self, player: str | None) -> View:
        """What ``player`` (``None``: a spectator) may see now, as a frozen value.

        This default suits games with nothing hidden: the whole position and the
        events ``player`` may see. Rulesets with hidden hands return their own
        view holding only what that player may know.
        """
        if player is not None and player not in self.sides:
            raise ValueError(f"{brief(player)} is not a player; the players are {', '.join(self.sides)}")
        return View(player, self.game, self.position, self.current_player, self.outcome,
                    tuple(self.events_for(player)))

    # -- comparing and showing ------------------------------------------------------
    def __eq__(self, other: object) -> bool:
        return (
            type(other) is type(self)
            and self.game == other.game
            and self.position == other.position
            and self.rng == other.rng
            and [t.action for t in self.history] == [t.action for t in other.history]
        )

    __hash__ = None  # mutable

    def __repr__(self) -> str:
        who = "over" if self.is_over else f"{self.current_player} to act"
        return f"<{type(self).__name__}: {self.ruleset.title}, {len(self.history)} actions, {who}>"

    def _repr_html_(self) -> str:
        return summary_html(self)  # a short summary for Jupyter: whose turn, how it stands, what just happened

    # -- saving ------------------------------------------------------------------
    def to_dict(self) -> dict[str, Any]:
        return saves.save_dict(self)

    def to_json(self, **kwargs) -> str:
        return json.dumps(self.to_dict(), **kwargs)

    @classmethod
    def from_dict(cls, data: Any) -> GameState:
        return saves.load_game(data)

    @classmethod
    def from_json(cls, text: str) -> GameState:
        return saves.load_json(text)


def _own_dict(state: GameState) -> dict[str, Any]:
    """A copy of ``state``'s attributes as a dict of its own, for it or its copy to hold as its ``__dict__``.

    CPython keeps a new object's attributes in a table whose keys its class shares; once code reads ``__dict__``
    (the answers kept by position read ``state.__dict__``), that table becomes a "split" dict, and CPython 3.11-3.12
    cannot specialise an attribute read on an object holding one: every ``state.position`` in the rules would take
    the slow, generic path (~3 times slower; tests/test_core_records.py). A dict built here holds its keys itself."""
    return {**state.__dict__}


_new = object.__new__
_SCAN_OFFERS = 24  # up to this many offers, _was_offered looks through them rather than build a set of ids


def _pending_problem(ruleset, game: Game, position) -> str | None:
    """The core's part of the legality check: a pending decision is someone's, under a known rule."""
    pending = getattr(position, "pending", None)
    if pending is None:
        return None
    if not isinstance(pending, Decision) or pending.player not in game.sides:
        return f"a pending decision must be a Decision for one of {', '.join(game.sides)}, not {brief(pending)}"
    if not isinstance(pending.rule, str) or pending.rule not in ruleset.sections:
        return f"a pending decision cites no rule section of {ruleset.title}: {brief(pending.rule)}"
    return None
