"""Phlog's practice challenges: the position tests of its goals.py, each on a position where it holds and one
where it does not, and the joker-proof attack graded card by card (only the King removes tan-1 whatever tan
answers, its joker included)."""

from __future__ import annotations

import pytest

from explorer import get_ruleset
from explorer.core.challenges import ruleset_challenges
from explorer.rulesets.phlog import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, Nominate, PlayJoker, PlayMovementCard,
    from_map,
)
from explorer.rulesets.phlog.goals import TESTS

PHLOG = get_ruleset("phlog")
JOKER_PROOF = ruleset_challenges(PHLOG)["joker-proof"]  # any challenge: the tests only ask its side (green)

ROOMS = """
g..#...
...+..T
...#...
"""
"""Two rooms split by a wall with a door at (3, 1): green-1 west, tan's ranged tan-1 east, level with the door."""


def holds(name, state, **args) -> bool:
    return TESTS[name](state, JOKER_PROOF, **args)


def rooms(**kwargs):
    return from_map(ROOMS, seed=1, **kwargs)


def test_at_names_the_square_a_fighter_stands_on():
    state = rooms()
    assert holds("at", state, fighter="green-1", col=0, row=0)
    assert not holds("at", state, fighter="green-1", col=1, row=0)
    with pytest.raises(ValueError, match="no fighter called 'green-9'"):
        holds("at", state, fighter="green-9", col=0, row=0)


def test_unseen_follows_the_rulesets_line_of_sight_walls_and_closed_doors_block():
    assert holds("unseen", rooms(), fighter="green-1")  # behind the wall
    assert holds("unseen", rooms(open_doors=[(3, 1)]), fighter="green-1")  # the wall still hides the corner
    level = ROOMS.replace("g..#", "...#").replace("...+..T", "g..+..T")  # green-1 in line with the door
    assert holds("unseen", from_map(level, seed=1), fighter="green-1")  # the closed door blocks
    assert not holds("unseen", from_map(level, seed=1, open_doors=[(3, 1)]), fighter="green-1")


CARDS = {"hands": {"green": ["A♦", "K♠", "Q♥", "J♦", "10♣", "Joker:green"], "tan": ["9♣", "4♥", "2♠", "Joker:tan"]}}
DUEL = """
....gt
"""


def revealed(attack_card: str, defence_card: str, **cards):
    """green-1 attacks tan-1 hand-to-hand; both cards revealed, tan's joker window open."""
    state = from_map(DUEL, seed=1, **(cards or CARDS))
    for action in (Nominate("green", "green-1"), PlayMovementCard("green", "A♦"), DeclineJoker("tan"),
                   Attack("green", "tan-1"), ChooseAttackCard("green", attack_card),
                   ChooseDefenceCard("tan", defence_card)):
        state.apply(action)
    assert state.current_player == "tan" and state.window is not None
    return state


def test_out_of_play_once_the_trick_removes_the_fighter():
    state = revealed("K♠", "9♣")
    assert not holds("out_of_play", state, fighter="tan-1")
    for action in (DeclineJoker("tan"), DeclineJoker("green")):  # 13 against 9: won by four
        state.apply(action)
    assert holds("out_of_play", state, fighter="tan-1") and not holds("out_of_play", state, fighter="green-1")


def test_attack_removes_plays_every_answer_of_tan_and_the_learners_best_joker():
    # King against 9, both holding a joker: tan's joker sinks the King to 1, green's cancels it.
    assert holds("attack_removes", revealed("K♠", "9♣"), fighter="tan-1")
    # Queen against 9 wins by 3 only; green's joker on the 9 would win by 11, but tan cancels it.
    assert not holds("attack_removes", revealed("Q♥", "9♣"), fighter="tan-1")
    # Queen against 4 removes, unless tan jokers the Queen: green's joker cancels that, so it still does.
    assert holds("attack_removes", revealed("Q♥", "4♥"), fighter="tan-1")
    # Without green's joker the King is no longer safe: tan's joker makes it a 1.
    bare = {"hands": {"green": ["A♦", "K♠", "Q♥", "J♦", "10♣"], "tan": ["9♣", "4♥", "2♠", "Joker:tan"]}}
    assert not holds("attack_removes", revealed("K♠", "9♣", **bare), fighter="tan-1")
    # The learner's answers count only once chosen: green declining to cancel tan's joker loses the King.
    state = revealed("K♠", "9♣")
    state.apply(PlayJoker("tan", 1))
    assert holds("attack_removes", state, fighter="tan-1")
    cancelled, declined = state.clone(), state.clone()
    cancelled.apply(CancelJoker("green"))
    declined.apply(DeclineJoker("green"))
    assert holds("attack_removes", cancelled, fighter="tan-1")
    assert not holds("attack_removes", declined, fighter="tan-1")


def test_attack_removes_before_the_cards_are_down_is_whether_the_fighter_is_out():
    state = from_map(DUEL, seed=1, **CARDS)
    assert not holds("attack_removes", state, fighter="tan-1")


def test_all_of_needs_every_named_test():
    state = rooms()
    assert holds("all_of", state, at={"fighter": "green-1", "col": 0, "row": 0}, unseen={"fighter": "green-1"})
    assert not holds("all_of", state, at={"fighter": "green-1", "col": 0, "row": 0},
                    out_of_play={"fighter": "tan-1"})


def test_the_joker_proof_challenge_takes_the_king_only():
    start = JOKER_PROOF.start()
    for action in (Nominate("green", "green-1"), PlayMovementCard("green", "A♦")):
        start.apply(action)
        JOKER_PROOF.answer(start)
    start.apply(Attack("green", "tan-1"))
    grades = {}
    for card in ("K♠", "Q♥", "J♦", "10♣"):
        state = start.clone()
        state.apply(ChooseAttackCard("green", card))
        JOKER_PROOF.answer(state)
        grades[card] = JOKER_PROOF.grade(state)
    assert [card for card, grade in grades.items() if grade.solved] == ["K♠"]
    assert all(grade.over and grade.stars == 0 for card, grade in grades.items() if card != "K♠")
    assert grades["K♠"].stars == 3


def test_the_rulesets_challenges_in_order_with_their_goal_kinds():
    kinds = {name: challenge.goal.kind for name, challenge in ruleset_challenges(PHLOG).items()}
    assert kinds == {"first-steps": "reach", "through-the-door": "reach", "jump-the-pit": "reach",
                     "out-of-sight": "reach", "hand-to-hand": "reach", "jump-and-fight": "reach",
                     "shoot-and-hide": "reach",
                     "joker-proof": "sure"}
