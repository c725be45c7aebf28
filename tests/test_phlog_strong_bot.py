"""Phlog's strong bot: a wider, steadier search than greedy's own play, measured to beat greedy.

What it does against greedy over many games (with intervals) is printed by ``benchmarks/bench_bots.py``;
these tests assert only what was measured here, on single seeded games, so they stay quick.
"""

import explorer
from explorer.core import play_out
from explorer.core.search import seeded

PHLOG = explorer.get_ruleset("phlog")
STRONG, GREEDY = PHLOG.bots["strong"], PHLOG.bots["greedy"]


def test_in_the_corridor_the_strong_bot_wins_from_a_seat_where_greedy_loses():
    """Corridor, seed 2, tan: greedy loses from there; strong, with its full budget, wins. (Measured with
    ``bench_bots.py --games 30``, corridor seeds 1-30 in both seats, strong won 37 of 60 against greedy, 62%,
    95% interval 49-73%, where greedy itself wins 30 of 60; with ``--games 60``, 70 of 120, 58%, 49-67%: a small
    gain, most of it from the tan seat.)"""
    winners = []
    for kind in ("greedy", "strong"):
        state = PHLOG.new_game("corridor", seed=2)
        bots = {side: seeded(GREEDY, 2 * 31 + i) for i, side in enumerate(state.sides)}
        if kind == "strong":
            bots["tan"] = seeded(STRONG, 2 * 31 + 1)
        play_out(state, bots)
        winners.append(state.outcome.winner)
    assert winners == ["green", "tan"]


def test_the_same_seed_gives_the_same_move_within_the_node_budget():
    """The budget counts nodes, not seconds: two bots seeded alike choose alike, and a decision overruns
    its budget by at most one look-ahead a candidate."""
    state = PHLOG.new_game("corridor", seed=5)
    greedy = seeded(GREEDY, 1)
    for _ in range(12):  # into the first fight
        state.apply(greedy(state))
    first, second = STRONG(seed=9), STRONG(seed=9)
    assert first(state) == second(state)
    assert first.nodes <= STRONG.budget + STRONG.width * (1 + STRONG.horizon)


# -- what the strong bot knows of Phlog: hand-made positions (tests/test_phlog_support.py's `new`, `activate`) ------
from test_phlog_support import activate, new  # noqa: E402

from explorer.rulesets.phlog import Attack, EndTurn, PlayMovementCard  # noqa: E402
from explorer.rulesets.phlog.bots import HandWiseBot, strong_card  # noqa: E402

TAN_HAND = ["A♣", "3♣", "4♣", "6♣", "7♣", "8♣"]  # tan defends with an 8 at best
KING_HAND = ["K♠", "2♦", "3♥", "5♦", "9♥", "10♠"]


def test_strong_card_is_the_second_highest_value_under_each_card_rule():
    """A queen as written (A=1 ... K=13); a king when aces are high (14); 9 when court cards count ten (all 10)."""
    assert strong_card(new("g.t").values) == 12
    assert strong_card(new("g.t", ace_high=True).values) == 13
    assert strong_card(new("g.t", court_cards_ten=True).values) == 9


def test_with_a_king_beside_the_enemy_greedy_and_the_hand_wise_bot_attack():
    """Green holds a king, the tan fighter stands next to him: a trick won by four or more removes tan's
    fighter (the source: "If a player wins by four or more points the losing player will remove their figure")."""
    for bot in (GREEDY, HandWiseBot):
        state = activate(new("gt", green=KING_HAND, tan=TAN_HAND), "green-1", "2♦")
        assert seeded(bot, 1)(state) == Attack("green", "tan-1"), bot


def test_the_strong_bot_attacks_when_every_card_the_enemy_could_hold_loses_by_four():
    """The rest of the deck is in green's piles, so tan can hold nothing but his six low cards (an 8 at best, no
    joker): green's king removes tan's last fighter, whatever the look-aheads deal. (Where tan's cards are unknown
    the strong bot may keep its king instead: against greedy, who attacks into it, a king defends well.)"""
    for seed in range(3):
        state = activate(new("gt", green=KING_HAND, tan=TAN_HAND, rest_to="green"), "green-1", "2♦")
        assert seeded(STRONG, seed)(state) == Attack("green", "tan-1")


def test_with_nothing_above_a_ten_the_hand_wise_bot_does_not_attack_where_greedy_does():
    """Green's best is a ten: tan, holding any king or queen, would win the trick by four and remove him. Greedy
    attacks all the same; the hand-wise bot (the strong bot's own play) and the strong bot, which cannot see
    tan's hand, end their turn."""
    hand = ["2♦", "3♥", "5♦", "9♥", "10♠", "4♠"]
    state = activate(new("gt", green=hand, tan=TAN_HAND), "green-1", "2♦")
    assert seeded(GREEDY, 1)(state) == Attack("green", "tan-1")
    assert seeded(HandWiseBot, 1)(state) == EndTurn("green")
    assert seeded(STRONG, 1)(state) == EndTurn("green")


def test_with_no_attack_in_reach_it_walks_on_its_lowest_card():
    """Tan is 20 squares off: no card reaches him. Greedy walks on its second best (a ten), leaving a weaker
    hand to defend with; the hand-wise bot walks on its lowest (a two)."""
    state = new("g" + "." * 19 + "t", green=KING_HAND, tan=TAN_HAND)
    state.apply(seeded(HandWiseBot, 1)(state))  # nominate green's only fighter
    assert seeded(GREEDY, 1)(state) == PlayMovementCard("green", "10♠")
    assert seeded(HandWiseBot, 1)(state) == PlayMovementCard("green", "2♦")
