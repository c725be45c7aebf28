"""Hidden information: a player's view and log never show the other player's hand or draw pile."""

import dataclasses
import re

import pytest
from test_phlog_support import activate, new

from explorer import get_ruleset
from explorer.core import RandomBot
from explorer.core.cards import Card
from explorer.rulesets.phlog import Attack, ChooseAttackCard

PHLOG = get_ruleset("phlog")

G, T = "green", "tan"

def secret_cards(game, side):
    return set(game.piles[side].hand) | set(game.piles[side].draw)


def named_cards(text):
    """Cards mentioned in a text, as codes (``K♥``, ``Joker:tan``) or as reprs (``Card('K', '♥')``)."""
    found = set(re.findall(r"Joker:\w+", text))
    found |= set(re.findall(r"(?<![\w:])(?:10|[2-9AJQK])[♠♥♦♣]", text))
    cards = {Card.parse(code) for code in found}
    return cards | {Card(rank, suit) for rank, suit in re.findall(r"Card\('(\w+)', '([^']+)'\)", text)}


def view_without_log(view):
    return repr(dataclasses.replace(view, events=(), all_cards=()))


def test_the_view_shows_own_hand_and_only_counts_of_the_other():
    game = PHLOG.new_game("corridor", seed=9)
    view = game.view("green")
    assert view.hand == tuple(game.piles["green"].hand)
    assert view.opponent_hand_count == 6 and view.opponent_draw_count == 21
    for card in secret_cards(game, "tan"):
        assert repr(card) not in view_without_log(view)
    with pytest.raises(ValueError, match="not a player"):
        game.view("purple")


def test_the_attack_card_stays_hidden_from_the_defender_until_both_are_chosen():
    game = new("G..T", green=("5♠", "9♦"), tan=("2♦", "3♦"))
    activate(game, "green-1", "5♠")
    game.apply(Attack(G, "tan-1"))
    events = game.apply(ChooseAttackCard(G, "9♦"))
    assert game.view("tan").attack.attack_card is None and game.view("tan").attack.attack_chosen
    assert game.view("green").attack.attack_card == Card.parse("9♦")
    public = [e for e in events if e.visible_to(None)]
    assert public and all("9♦" not in e.text for e in public)
    assert all("9♦" not in e.text for e in game.events_for("tan"))
    assert any("9♦" in e.text for e in game.events_for("green"))


def test_drawn_cards_are_told_only_to_the_drawer():
    game = PHLOG.new_game("duel", seed=2)
    tan_hand = set(game.piles["tan"].hand)
    assert not any(named_cards(e.text) & tan_hand for e in game.events_for("green"))
    assert any(named_cards(e.text) == tan_hand for e in game.events_for("tan"))


@pytest.mark.parametrize("seed", range(6))
def test_nothing_a_player_sees_names_a_card_the_other_holds_or_will_draw(seed):
    game = PHLOG.new_game("corridor" if seed % 2 else "duel", seed=seed)
    bots = {side: RandomBot(seed * 10 + i) for i, side in enumerate(game.sides)}
    for _ in range(400):
        if game.is_over:
            break
        events = game.apply(bots[game.current_player](game))
        for viewer in game.sides:
            secret = secret_cards(game, game.other(viewer))
            for event in events:
                if event.visible_to(viewer):
                    assert not named_cards(event.text + str(event.data)) & secret, event
            seen = named_cards(view_without_log(game.view(viewer)))
            assert not seen & secret
            assert set(game.piles[viewer].hand) <= seen  # the check can see cards: it is not vacuous


def test_the_jupyter_summary_never_names_a_card_chosen_face_down():
    import explorer
    from explorer.core import RandomBot

    game, bot = explorer.new_game("phlog", "duel", seed=2), RandomBot(1)
    while not any(e.data.get("visibility", "public") != "public" for e in (game.history[-1].events if game.history else ())):
        game.apply(bot(game))
    secret = next(e for e in game.history[-1].events if e.data.get("visibility") != "public")
    assert secret.text not in game._repr_html_()
