"""Exact odds of an attack, from what one player can see.

The opponent's hand is unknown: it is taken to be ``k`` cards drawn at
random from the cards this player cannot see (the unseen cards). Two
assumptions about which card the opponent then plays:

- ``UNIFORM``: any of the value cards in their hand, equally likely;
- ``BEST``: their highest value card.

Everything is counted with binomial coefficients (hypergeometric draws), not
by enumerating hands, and every probability is an exact ``Fraction``. An
opponent with no value card in hand plays nothing, which counts 0.

With ``jokers=True`` the jokers join in, by this stated policy: the defender
may first joker the attacker's card, then the attacker the defender's; a
player holding a joker always uses it to make the other card the lowest
value (unless it already is), and a player holding a joker always cancels a
joker played against them.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable
from fractions import Fraction
from math import comb

from explorer.core.cards import Card, CardValues

from .data import REMOVAL_MARGIN

UNIFORM = "uniform"
BEST = "best"
ASSUMPTIONS = {
    UNIFORM: "the opponent plays any value card of their hand, equally likely",
    BEST: "the opponent plays the highest value card of their hand",
}


@dataclasses.dataclass(frozen=True)
class AttackOdds:
    """For one card of yours: the chance of removing the enemy figure, of losing yours, of neither."""

    remove_enemy: Fraction
    lose_own: Fraction
    neither: Fraction

    def __str__(self) -> str:
        return (f"remove enemy {float(self.remove_enemy):.1%}, lose own {float(self.lose_own):.1%}, "
                f"neither {float(self.neither):.1%}")


def opponent_play(unseen: Iterable[Card], hand_size: int, values: CardValues,
                  assumption: str = UNIFORM) -> dict[tuple[int, int], Fraction]:
    """The chance of each (value the opponent plays, jokers in their hand); value 0 means no card."""
    weights, total = opponent_play_weights(unseen, hand_size, values, assumption)
    return {key: Fraction(w, total) for key, w in weights.items()}


def opponent_play_weights(unseen: Iterable[Card], hand_size: int, values: CardValues,
                          assumption: str = UNIFORM) -> tuple[dict[tuple[int, int], int], int]:
    """:func:`opponent_play` as whole-number weights over a common total (exact, and fast to add up)."""
    if assumption not in ASSUMPTIONS:
        raise ValueError(f"unknown assumption {assumption!r}; choose from {', '.join(ASSUMPTIONS)}")
    unseen = list(unseen)
    jokers = sum(c.is_joker for c in unseen)
    by_value = Counter(values.value(c) for c in unseen if not c.is_joker)
    plain = len(unseen) - jokers
    k = min(hand_size, len(unseen))
    # Every hand of k unseen cards is equally likely. Under UNIFORM the weights count (hand, unseen
    # value card) pairs, so the total is scaled by the number of unseen value cards.
    scale = plain if assumption == UNIFORM and plain else 1
    weights: dict[tuple[int, int], int] = {}
    for j in range(min(jokers, k) + 1):
        ways_jokers = comb(jokers, j)
        value_cards = k - j
        if value_cards == 0:
            weights[(0, j)] = ways_jokers * scale
        elif assumption == UNIFORM:
            # Given j jokers, the value cards are a random subset of the unseen value cards, and one of
            # them chosen at random is any unseen value card, equally likely.
            for value, n in by_value.items():
                weights[(value, j)] = ways_jokers * comb(plain, value_cards) * n
        else:
            # P(highest <= v) counts the hands whose value cards all come from those worth <= v.
            below = 0
            for value in sorted(by_value):
                at_most = below + by_value[value]
                weights[(value, j)] = ways_jokers * (comb(at_most, value_cards) - comb(below, value_cards))
                below = at_most
    return {key: w for key, w in weights.items() if w}, comb(len(unseen), k) * scale


def after_jokers(mine: int, theirs: int, my_jokers: int, their_jokers: int, *,
                 i_attack: bool, lowest: int) -> tuple[int, int]:
    """The two values after the joker windows, under the policy in the module docstring."""
    cards = {"me": mine, "them": theirs}
    held = {"me": my_jokers, "them": their_jokers}
    # Each window: (the player who may play a joker, the owner of the card it would change).
    windows = [("them", "me"), ("me", "them")] if i_attack else [("me", "them"), ("them", "me")]
    for reactor, owner in windows:
        if cards[owner] == 0 or cards[owner] <= lowest or not held[reactor]:
            continue  # no card revealed, nothing to gain, or no joker
        held[reactor] -= 1
        if held[owner]:
            held[owner] -= 1  # cancelled: the card keeps its value
        else:
            cards[owner] = lowest
    return cards["me"], cards["them"]


def odds_for_card(mine: int, play: dict[tuple[int, int], Fraction | int], *, total: int = 1, my_jokers: int = 0,
                  jokers: bool = False, i_attack: bool = True, lowest: int = 1,
                  margin: int = REMOVAL_MARGIN) -> AttackOdds:
    """The odds of one card worth ``mine`` against ``play`` (chances, or weights out of ``total``)."""
    remove = lose = 0
    for (theirs, their_jokers), chance in play.items():
        mine_now, theirs_now = mine, theirs
        if jokers:
            mine_now, theirs_now = after_jokers(mine, theirs, my_jokers, their_jokers,
                                                i_attack=i_attack, lowest=lowest)
        if mine_now - theirs_now >= margin:
            remove += chance
        elif theirs_now - mine_now >= margin:
            lose += chance
    remove, lose = Fraction(remove, total), Fraction(lose, total)
    return AttackOdds(remove, lose, 1 - remove - lose)


def attack_odds(table, player: str | None = None, assumption: str = UNIFORM, *,
                jokers: bool = False) -> dict[Card, AttackOdds]:
    """For each card ``player`` could play in an attack, the exact odds.

    ``table`` is a game state (its view for ``player`` is used: nothing the
    player cannot see) or a :class:`~explorer.rulesets.phlog.view.PlayerView`.
    ``player`` defaults to the view's player, or to the player to act.
    """
    view = table if not hasattr(table, "view") else table.view(player or table.current_player or table.active)
    values = view.settings.card_values
    weights, total = opponent_play_weights(view.unseen_cards(), view.opponent_hand_effective, values, assumption)
    my_jokers = sum(c.is_joker for c in view.hand)
    i_attack = view.role_in_attack != "defender"
    by_value: dict[int, AttackOdds] = {}  # cards of the same value have the same odds
    odds = {}
    for card in view.choosable_cards:
        if card.is_joker:
            continue
        value = values.value(card)
        if value not in by_value:
            by_value[value] = odds_for_card(value, weights, total=total, my_jokers=my_jokers, jokers=jokers,
                                            i_attack=i_attack, lowest=values.lowest,
                                            margin=view.settings.removal_margin)
        odds[card] = by_value[value]
    return odds
