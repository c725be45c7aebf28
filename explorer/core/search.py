"""A stronger bot for any ruleset: a budgeted look-ahead over the bot's choices, through the engine's own chance.

:class:`SearchBot` improves on a base policy (a ruleset's greedy bot) the way
rollout algorithms do: at each decision it tries every candidate action
(the policy's own choice always among them) on copies of the game, lets the
policy play on for ``horizon`` more actions (the rest of its turn, the
opponent's reply), and scores where that leaves it with the ruleset's
evaluation. Candidates are weeded out by *successive halving*: each round
samples the survivors again and keeps the better half (and the policy's
choice, the one to beat), so the budget goes to the close calls. The best
survivor is played only if, sample for sample under the same luck, it did
better than the policy's choice by more than ``margin``; otherwise the
policy's choice is played. A few noisy samples therefore never talk the bot
out of a sound greedy move: at worst it plays as greedy does.

Chance is played by the engine's own rules: every sample applies the action
with the game's dice (``GameState.roll``), from a random-number state the
bot sets, so outcomes come with exactly the engine's probabilities. Sample
``j`` of every candidate starts from the same random-number state (common
random numbers), so two candidates are compared under the same luck. Where
a look-ahead drew no random number (the engine's ``chance(action)`` is
``None`` for the action and for every one after it), one sample is exact and
no more are spent on it. Every candidate gets at least one sample, so a
decision may overrun its budget by at most ``width`` look-aheads.

Hidden information: a bot never searches the true game. Each sample starts
from a *determinization*: the ruleset's :meth:`SearchBot.determinize` deals
again everything the bot's side cannot see (the opponent's hand, the deck's
order), consistently with what it can see, and the game's random-number
state is replaced by one the bot draws. Rulesets with nothing hidden only
replace the random-number state.

Determinism: the budget counts *nodes* (actions applied on copies), not
seconds, so the same seed and the same position give the same move on
CPython and in the page's Python, and a study's results can be reproduced.
Standard library only.
"""

from __future__ import annotations

import math
from collections.abc import Callable

from .actions import Action
from .rng import GameRNG, MAX_SEED
from .simulate import seeded
from .state import GameState

WIN = 1_000_000.0  # the score of a won game: more than any evaluation of a game still going on


class SearchBot:
    """Tries each candidate on copies of the game, the base ``policy`` playing on for ``horizon`` actions,
    and plays the best if it beat the policy's own choice by more than ``margin``; ``budget`` nodes (actions
    applied) per decision.

    A ruleset subclasses it and gives ``policy`` (the bot to improve on), :meth:`evaluate` and, if its
    game hides anything, :meth:`determinize`; ``reply_policy``, if given, plays the other sides in the
    look-aheads (the opponent expected), ``policy`` the bot's own. ``width`` caps the candidates (:meth:`candidates` says
    which); ``samples`` caps the samples of one candidate.
    """

    policy: type | None = None
    reply_policy: type | None = None  # the other sides' play in look-aheads (None: ``policy``), e.g. greedy's
    budget: int = 200
    horizon: int = 0
    width: int = 12
    samples: int = 8
    hidden: bool = False  # the game hides something from a player: sample determinizations
    margin: float = 0.0  # how much better (in evaluation points) an action must do to be played over the policy's
    confidence: float = 0.0  # and by this many standard errors of the paired difference (0: the mean alone decides)

    def __init__(self, seed: int = 0, *, budget: int | None = None, horizon: int | None = None,
                 width: int | None = None):
        self.seed = seed
        self.rng = GameRNG(seed)
        if budget is not None:
            self.budget = budget
        if horizon is not None:
            self.horizon = horizon
        if width is not None:
            self.width = width
        if self.budget < 1 or self.horizon < 0 or self.width < 1:
            raise ValueError("a search needs a budget and a width of at least 1, and a horizon of 0 or more")
        self.nodes = 0  # nodes spent on the last decision (for benchmarks)
        self.deviated = False  # whether the last decision overruled the policy's choice (for benchmarks)

    def __repr__(self) -> str:
        return f"{type(self).__name__}(budget={self.budget}, horizon={self.horizon})"

    # -- what a ruleset gives ----------------------------------------------------------------------
    def evaluate(self, state: GameState, side: str) -> float:
        """How good a game still going on is for ``side`` (higher is better): by default, pieces in play."""
        standing = state._standing()
        return float(sum(n if s == side else -n for s, n in standing.items()))

    def determinize(self, state: GameState, side: str, rng: GameRNG) -> GameState:
        """A copy of ``state`` with everything ``side`` cannot see dealt again with ``rng``.

        Nothing is hidden by default: the copy keeps the position. Either way the search replaces the
        copy's random-number state, so the bot never uses the true game's future dice or shuffles.
        """
        return state.clone()

    def candidates(self, state: GameState, legal: list[Action], choice: Action) -> list[Action]:
        """The actions worth trying (at most ``width``), the policy's ``choice`` first, then others spread evenly
        over the legal list (so that many moves of one figure do not crowd out every other kind of action)."""
        rest = [a for a in legal if a != choice]
        room = self.width - 1
        if len(rest) > room:
            rest = [rest[k * len(rest) // room] for k in range(room)]
        return [choice, *rest]

    # -- the search --------------------------------------------------------------------------------
    def __call__(self, state: GameState) -> Action:
        self.nodes, self.deviated = 0, False
        legal = list(state.legal_actions)
        if len(legal) == 1:
            return legal[0]
        me = state.current_player
        choice = seeded(self.policy, self.rng.randrange(MAX_SEED))(state) if self.policy else legal[0]
        candidates = self.candidates(state, legal, choice)
        if len(candidates) == 1:
            return candidates[0]
        seeds = [self.rng.randrange(MAX_SEED) for _ in range(self.samples)]  # sample j: the same luck for all
        scores: list[list[float]] = [[] for _ in candidates]
        exact: set[int] = set()
        alive = list(range(len(candidates)))
        rounds = max(1, math.ceil(math.log2(len(candidates))))
        for r in range(rounds):
            share = (self.budget - self.nodes) // (rounds - r)
            wanted = max(1, share // ((1 + self.horizon) * len(alive)))
            for i in alive:
                target = min(self.samples, len(scores[i]) + wanted)
                while len(scores[i]) < target and i not in exact and (not scores[i] or self.nodes < self.budget):
                    value, drew = self._sample(state, me, candidates[i], seeds[len(scores[i])])
                    scores[i].append(value)
                    if not drew and not self.hidden:
                        exact.add(i)  # nothing was left to chance: more samples would say the same
            if r < rounds - 1:  # the better half goes on, and the policy's choice (the one to beat) always
                ranked = sorted(alive[1:], key=lambda i: (-self._advantage(scores, exact, i)[0], i))
                alive = [0, *ranked[: max(1, len(alive) // 2)]]
        best, margin = 0, self.margin
        for i in alive[1:]:
            advantage, paired = self._advantage(scores, exact, i)
            if paired and advantage > margin and advantage - self.confidence * self._spread(scores, exact, i) > \
                    self.margin:
                best, margin = i, advantage
        self.deviated = best != 0
        return candidates[best]

    def _differences(self, scores: list[list[float]], exact: set[int], i: int) -> list[float]:
        """Candidate ``i``'s score less the policy's choice's (candidate 0), sample by sample under the same luck,
        over the samples both have (an exact result stands for every sample)."""
        def at(k, j):
            return scores[k][j] if j < len(scores[k]) else scores[k][0] if k in exact and scores[k] else None

        pairs = ((at(i, j), at(0, j)) for j in range(self.samples))
        return [a - b for a, b in pairs if a is not None and b is not None]

    def _advantage(self, scores: list[list[float]], exact: set[int], i: int) -> tuple[float, int]:
        """How much better candidate ``i`` did than the policy's choice, on average, and over how many samples."""
        diffs = self._differences(scores, exact, i)
        return (sum(diffs) / len(diffs), len(diffs)) if diffs else (-math.inf, 0)

    def _spread(self, scores: list[list[float]], exact: set[int], i: int) -> float:
        """The standard error of :meth:`_advantage` (0 where both results are exact, infinite on one sample)."""
        if not self.confidence or i in exact and 0 in exact:
            return 0.0
        diffs = self._differences(scores, exact, i)
        n = len(diffs)
        if n < 2:
            return math.inf
        mean = sum(diffs) / n
        return math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1) / n)

    def _sample(self, state: GameState, me: str, action: Action, seed: int) -> tuple[float, bool]:
        """One look-ahead: the score after ``action`` and ``horizon`` policy actions, and whether any dice or
        shuffle was drawn on the way."""
        rng = GameRNG(seed)
        probe = self.determinize(state, me, rng) if self.hidden else state.clone()
        probe.rng = GameRNG(rng.randrange(MAX_SEED))
        start = probe.rng.get_state()
        probe.apply(action)
        self.nodes += 1
        policies: dict[str, Callable] = {}
        for _ in range(self.horizon if self.policy else 0):
            if probe.is_over:
                break
            player = probe.current_player
            if player not in policies:
                policy = self.policy if player == me or self.reply_policy is None else self.reply_policy
                policies[player] = seeded(policy, (seed + probe.sides.index(player)) & MAX_SEED)
            probe.apply(policies[player](probe))
            self.nodes += 1
        return self.score(probe, me), probe.rng.get_state() != start

    def score(self, state: GameState, side: str) -> float:
        """The evaluation, with a won game worth ``WIN``, a lost one ``-WIN`` and a draw 0."""
        outcome = state.outcome
        if outcome is None:
            return self.evaluate(state, side)
        if outcome.winner is None:
            return 0.0
        return WIN if outcome.winner == side else -WIN


