"""The strong bot (explorer/core/search.py, ``ruleset.bots["strong"]``): legal, finishing, reproducible, blind to
what its side cannot see, and (where measured so) better than greedy.

The bots here get a small budget so the suite stays quick; the full-budget figures against greedy are
printed by ``benchmarks/bench_bots.py``.
"""

from __future__ import annotations

import pickle
from concurrent.futures import ProcessPoolExecutor

import pytest

import explorer
from explorer.core import GameFactory, SameBot, run_many, summarize
from explorer.core.frozen import evolve
from explorer.core.search import SearchBot, seeded

RULESETS = ["simple_plastic", "army_men", "phlog", "one_brain_cell", "dice_tactics"]
QUICK = {"simple_plastic": "open_field", "army_men": "tutorial", "phlog": "duel", "one_brain_cell": "patrol",
         "dice_tactics": "river_crossing"}  # each ruleset's shortest scenario


def small(name: str, seed: int, **budget) -> SearchBot:
    """The ruleset's strong bot with a small budget, for quick tests."""
    cls = explorer.get_ruleset(name).bots["strong"]
    return cls(seed=seed, **({"budget": 4, "horizon": 1, "width": 3} | budget))


class QuickPhlog(explorer.get_ruleset("phlog").bots["strong"]):
    """Phlog's strong bot on a small budget, at module level so that it pickles into a process pool."""

    budget, horizon, width = 6, 2, 3


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_registers_a_strong_bot_beside_greedy_and_random(name):
    bots = explorer.get_ruleset(name).bots
    assert {"greedy", "random", "strong"} <= set(bots)
    # it improves on greedy: its play-on bot is greedy itself or a refinement of it (army men's CarefulBot)
    assert issubclass(bots["strong"], SearchBot) and issubclass(bots["strong"].policy, bots["greedy"])


@pytest.mark.parametrize("name", RULESETS)
def test_the_strong_bot_plays_only_legal_actions_and_finishes_a_game(name):
    ruleset = explorer.get_ruleset(name)
    state = ruleset.new_game(QUICK[name], seed=2)
    strong_side = state.sides[1]
    bots = {strong_side: small(name, 3), state.sides[0]: seeded(ruleset.bots["greedy"], 4)}
    for _ in range(600):
        if state.is_over:
            break
        player = state.current_player
        action = bots[player](state)
        if player == strong_side:
            assert action in state.legal_actions, action
            assert bots[player].nodes <= 4 + 3 * 2  # the budget, overrun by at most one look-ahead a candidate
        state.apply(action)
    assert state.is_over


@pytest.mark.parametrize("name", RULESETS)
def test_the_same_seed_plays_the_same_moves_and_a_pickled_bot_too(name):
    """Nodes, not seconds: the same seed and position give the same move (studies, CPython and the page agree)."""
    ruleset = explorer.get_ruleset(name)
    state = ruleset.new_game(QUICK[name], seed=5)
    first, pickled = small(name, 9), pickle.loads(pickle.dumps(small(name, 9)))
    for _ in range(6):
        if state.is_over:
            break
        probe = state.clone()
        chosen = first(state)
        assert pickled(probe) == chosen
        assert state == probe  # looking ahead changed nothing in the game, its dice included
        state.apply(chosen)


def test_a_process_pool_study_runs_the_strong_bot_through_same_bot():
    """SameBot seeds it (``seed=``) and a process pool gets it by pickling: the same results as in process."""
    study = (GameFactory.of("phlog", "duel"), SameBot(QuickPhlog, ("green", "tan")), [1, 2])
    with ProcessPoolExecutor(1) as pool:
        pooled = run_many(*study, executor=pool)
    assert pooled == run_many(*study)
    assert summarize(pooled).games == 2 and all(r.outcome is not None for r in pooled)


def _redealt_phlog(state, blind: str):
    """``state`` with the cards ``blind`` cannot see dealt in another order (and other future dice)."""
    p = state.position
    them = state.other(blind)
    theirs = p.piles[them]
    unseen = list(reversed(theirs.draw + theirs.hand))
    piles = type(theirs)(tuple(unseen[:len(theirs.draw)]), tuple(unseen[len(theirs.draw):]), theirs.spent)
    other = state.clone()
    other.position = evolve(p, piles={**p.piles, them: piles,
                                      blind: type(theirs)(tuple(reversed(p.piles[blind].draw)), p.piles[blind].hand,
                                                          p.piles[blind].spent)})
    other.rng = explorer.GameRNG(12345)
    return other


def _redealt_dice_tactics(state, blind: str):
    p = state.position
    them = state.other(blind)
    unseen = list(reversed([*p.hands[them], *p.deck]))
    hand = len(p.hands[them])
    other = state.clone()
    other.position = evolve(p, hands={**p.hands, them: tuple(unseen[:hand])}, deck=tuple(unseen[hand:]))
    other.rng = explorer.GameRNG(12345)
    return other


@pytest.mark.parametrize("name, scenario, redeal", [("phlog", "corridor", _redealt_phlog),
                                                     ("dice_tactics", "river_crossing", _redealt_dice_tactics)])
def test_the_strong_bot_never_uses_what_its_side_cannot_see(name, scenario, redeal):
    """Two games that differ only in the enemy's hidden cards, the deck's order and the future dice: the bot,
    searching determinizations of what it may see, chooses the same at every decision."""
    ruleset = explorer.get_ruleset(name)
    state = ruleset.new_game(scenario, seed=4)
    greedy = seeded(ruleset.bots["greedy"], 1)
    compared = 0
    for _ in range(80):
        if state.is_over or compared >= 6:
            break
        player = state.current_player
        if len(list(state.legal_actions)) > 1:
            other = redeal(state, player)
            assert other.position != state.position
            assert small(name, 8, budget=12)(other) == small(name, 8, budget=12)(state)
            compared += 1
        state.apply(greedy(state))
    assert compared >= 3


def test_on_a_small_seeded_match_the_strong_bot_wins_as_often_as_greedy_does_in_the_same_seats():
    """Phlog's duel, seeds 1-6, each side in turn, strong (on a budget of 100 nodes) against greedy: measured,
    it wins 6 of 12, as many as greedy itself wins in the same seats on the same seeds (the first player wins
    most duels). What it does against greedy with its full budget, in every ruleset, is printed with
    intervals by ``benchmarks/bench_bots.py``: this test asserts only what was measured here."""
    ruleset = explorer.get_ruleset("phlog")
    strong = greedy = 0
    for seed in range(1, 7):
        for seat in ("green", "tan"):
            for kind in ("strong", "greedy"):
                state = ruleset.new_game("duel", seed=seed)
                bots = {side: seeded(ruleset.bots["greedy"], seed) for side in state.sides}
                if kind == "strong":
                    bots[seat] = ruleset.bots["strong"](seed=seed, budget=100)
                explorer.core.play_out(state, bots)
                won = state.outcome is not None and state.outcome.winner == seat
                strong, greedy = (strong + won, greedy) if kind == "strong" else (strong, greedy + won)
    assert strong >= greedy  # measured: 6 and 6


def test_in_dice_tactics_the_strong_bot_wins_from_a_seat_where_greedy_loses():
    """River crossing, seed 1, tan: greedy loses from there; strong, even on a budget of 40 nodes, wins.
    (Measured with the full budget over seeds 1-8, strong as tan wins 7 of 8 where greedy wins none: see
    ``benchmarks/bench_bots.py``.)"""
    ruleset = explorer.get_ruleset("dice_tactics")
    winners = []
    for tan in (seeded(ruleset.bots["greedy"], 1), ruleset.bots["strong"](seed=1, budget=40)):
        state = ruleset.new_game("river_crossing", seed=1)
        explorer.core.play_out(state, {"green": seeded(ruleset.bots["greedy"], 1), "tan": tan})
        winners.append(state.outcome.winner)
    assert winners == ["green", "tan"]


def test_simple_plastics_strong_bot_spends_the_faster_engine_on_more_samples():
    """Issue 23: the engine got faster, so Simple Plastic's strong bot looks ahead on more nodes than its old 200 (440
    then; 370 since issue 37, to stay within 100 ms of CPU a decision) and samples a close call up to 16 times (it
    had 8). On the first decisions of a seeded game it spends more than the old budget where the calls are close, and
    never more than the budget and one look-ahead a candidate."""
    ruleset = explorer.get_ruleset("simple_plastic")
    strong = ruleset.bots["strong"]
    assert (strong.budget, strong.samples) == (370, 16)
    state = ruleset.new_game("skirmish", seed=2)
    bot, greedy = seeded(strong, 2), seeded(ruleset.bots["greedy"], 3)
    spent = []
    while not state.is_over and len(spent) < 12:
        if state.current_player == state.sides[0]:
            action = bot(state)
            spent.append(bot.nodes)
            assert bot.nodes <= strong.budget + strong.width * (1 + strong.horizon)
        else:
            action = greedy(state)
        state.apply(action)
    assert max(spent) > 200, spent


def test_the_look_aheads_play_the_reply_policy_for_the_other_sides_and_the_policy_for_its_own():
    """``reply_policy`` (phlog's strong bot: greedy, the opponent it is measured against) plays the other sides in
    every look-ahead, ``policy`` the bot's own side; left out, ``policy`` plays every side."""
    ruleset = explorer.get_ruleset("phlog")
    played: list[tuple[str, str]] = []

    def recording(name, base):
        class Recording(base):
            def __call__(self, state):
                played.append((name, state.current_player))
                return super().__call__(state)
        return Recording

    mine, theirs = recording("mine", ruleset.bots["greedy"]), recording("theirs", ruleset.bots["greedy"])
    state = ruleset.new_game("duel", seed=3)
    greedy = seeded(ruleset.bots["greedy"], 1)
    while len(list(state.legal_actions)) < 2:  # to a choice (the duel opens on a nomination of its only fighter)
        state.apply(greedy(state))
    me = state.current_player
    for reply, expected in ((theirs, {("mine", me), ("theirs", state.other(me))}),
                            (None, {("mine", me), ("mine", state.other(me))})):
        played.clear()
        bot = type("Probe", (SearchBot,), {"policy": mine, "reply_policy": reply, "budget": 60, "horizon": 30,
                                           "width": 2, "hidden": False})(seed=1)
        bot(state)
        assert {entry for entry in played[1:]} == expected  # played[0]: the policy's own choice, asked first
