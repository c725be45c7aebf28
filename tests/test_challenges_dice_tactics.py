"""Dice Tactics' practice challenges: the position tests of its goals.py, each on a position where it holds and
one where it does not, and the facts the challenges teach played out on their own starts (only one attack
defeats tan-1; without Bullseye the attack falls one loss short; the ballista before the attack; the tank
buster's order of attacks)."""

from __future__ import annotations

import pytest

from explorer import get_ruleset
from explorer.core.challenges import ruleset_challenges
from explorer.rulesets.dice_tactics import Attack, Claim, EndTurn, PlayCard, Respawn, Shoot, custom
from explorer.rulesets.dice_tactics.goals import TESTS

DICE_TACTICS = get_ruleset("dice_tactics")
CHALLENGES = ruleset_challenges(DICE_TACTICS)
ANY = CHALLENGES["tank-buster"]  # the tests that read no start ask only the challenge's side (green)


def holds(name, state, challenge=ANY, **args) -> bool:
    return TESTS[name](state, challenge, **args)


def table(**units):
    """River crossing, green to start its turn, with ``units``: id -> (kind, strength, square)."""
    return custom(units=units, seed=1)


def test_at_names_the_space_a_unit_stands_on():
    state = table(**{"green-1": ("squad", 3, (1, 1)), "tan-1": ("squad", 3, (7, 5))})
    assert holds("at", state, unit="green-1", col=1, row=1)
    assert not holds("at", state, unit="green-1", col=2, row=0)
    with pytest.raises(ValueError, match="no unit called 'green-9'"):
        holds("at", state, unit="green-9", col=0, row=0)


def test_defeated_holds_while_the_unit_waits_to_respawn_and_after_it_respawned():
    challenge = CHALLENGES["tank-buster"]
    state = challenge.start()
    assert not holds("defeated", state, challenge, unit="tan-1")
    state.apply(Attack("green", "green-1", "tan-1"))  # Fullmetal and Machinery: a squad of 1, still standing
    assert not holds("defeated", state, challenge, unit="tan-1")
    state.apply(Attack("green", "green-2", "tan-1"))
    assert state.units["tan-1"].square is None
    assert holds("defeated", state, challenge, unit="tan-1")
    state.apply(Respawn("green", "tan-1", (8, 1)))
    assert state.units["tan-1"].square == (8, 1)
    assert holds("defeated", state, challenge, unit="tan-1")
    assert not holds("defeated", state, challenge, unit="green-2")
    with pytest.raises(ValueError, match="no unit called 'tan-9'"):
        holds("defeated", state, challenge, unit="tan-9")


def test_defeated_with_units_needs_every_one_of_them():
    """The ballista's 3 losses defeat tan-1 in its forest; green-1's own attack then defeats tan-2 (3 + 1 - 2)."""
    challenge = CHALLENGES["ballista"]
    state = challenge.start()
    state.apply(Shoot("green", "green-1", "tan-1"))
    assert holds("defeated", state, challenge, unit="tan-1")
    assert not holds("defeated", state, challenge, units=["tan-1", "tan-2"])
    for action in (Respawn("green", "tan-1", (8, 1)), Claim("green", "eliminate"), Attack("green", "green-1", "tan-2")):
        state.apply(action)
    assert holds("defeated", state, challenge, units=["tan-1", "tan-2"])


def test_is_kind_tells_a_tank_from_a_squad():
    state = table(**{"green-1": ("tank", 4, (3, 2)), "tan-1": ("squad", 3, (7, 5))})
    assert holds("is_kind", state, unit="green-1", kind="tank")
    assert not holds("is_kind", state, unit="green-1", kind="squad")
    assert holds("is_kind", state, unit="tan-1", kind="squad")


def test_vp_counts_the_learners_victory_points():
    state = custom(units={"green-1": ("squad", 3, (1, 1)), "tan-1": ("squad", 3, (7, 5))}, vp={"green": 2, "tan": 5})
    assert holds("vp", state, at_least=2)
    assert not holds("vp", state, at_least=3)  # tan's 5 are not green's


def test_holds_zone_needs_a_unit_in_the_zone_and_no_enemy_there():
    alone = table(**{"green-1": ("squad", 2, (3, 4)), "tan-1": ("squad", 6, (5, 1))})
    shared = table(**{"green-1": ("squad", 2, (3, 4)), "tan-1": ("squad", 6, (5, 2))})
    outside = table(**{"green-1": ("squad", 2, (2, 4)), "tan-1": ("squad", 6, (7, 5))})
    assert holds("holds_zone", alone)
    assert not holds("holds_zone", shared)
    assert not holds("holds_zone", outside)


def test_all_of_needs_every_test_named():
    state = table(**{"green-1": ("squad", 2, (3, 4)), "tan-1": ("squad", 6, (5, 1))})
    assert holds("all_of", state, holds_zone={}, at={"unit": "green-1", "col": 3, "row": 4})
    assert not holds("all_of", state, holds_zone={}, at={"unit": "green-1", "col": 2, "row": 4})


def test_only_the_squad_on_the_hill_defeats_tan_1():
    """4 + 1 (hill) + 1 - 3 = 3 losses from 3 spaces away (range 2 + 2 on the hill); the others fall short."""
    challenge = CHALLENGES["pick-the-attacker"]
    start = challenge.start()
    attackers = sorted({a.attacker for a in start.legal_actions if isinstance(a, Attack) and a.defender == "tan-1"})
    assert attackers == ["green-1", "green-2", "green-3", "green-4"]
    for attacker in attackers:
        state = start.clone()
        state.apply(Attack("green", attacker, "tan-1"))
        assert challenge.grade(state).solved == (attacker == "green-2"), attacker


def test_bullseye_is_the_loss_the_attack_lacks():
    challenge = CHALLENGES["bullseye"]
    plain = challenge.start()
    plain.apply(Attack("green", "green-1", "tan-1"))  # 4 + 1 - 3 = 2 losses: tan-1 keeps 1
    assert plain.units["tan-1"].strength == 1
    aimed = challenge.start()
    aimed.apply(PlayCard("green", "bullseye"))
    aimed.apply(Attack("green", "green-1", "tan-1"))
    assert challenge.grade(aimed).solved


def test_the_ballista_wasted_on_tan_2_leaves_tan_1_standing_in_its_forest():
    """Shot the other way round, green-1's attack on tan-1 deals 3 + 1 - (3 + 1 forest) = 0 losses."""
    challenge = CHALLENGES["ballista"]
    state = challenge.start()
    for action in (Shoot("green", "green-1", "tan-2"), Respawn("green", "tan-2", (8, 1)), Claim("green", "capture"),
                   Attack("green", "green-1", "tan-1")):
        state.apply(action)
    assert state.units["tan-1"].strength == 3
    grade = challenge.grade(state)
    assert not grade.solved and grade.over


def test_the_tank_buster_fails_with_the_squad_first():
    """The squad of 1 deals 1 + 1 - 5 = 0 and the tank's counter-attack defeats it; the tank then leaves a squad
    of 1 (Machinery), which needs a third attack."""
    challenge = CHALLENGES["tank-buster"]
    state = challenge.start()
    state.apply(Attack("green", "green-2", "tan-1"))
    assert state.units["green-2"].square is None
    state.apply(Respawn("green", "green-2", (0, 1)))  # the learner's second action: the limit is reached
    assert state.units["tan-1"] == challenge.start().units["tan-1"]
    grade = challenge.grade(state)
    assert not grade.solved and grade.over


def test_holding_the_zone_scores_the_target_die_at_the_end_of_the_turn():
    challenge = CHALLENGES["hold-the-zone"]
    state = challenge.start()
    state.apply(EndTurn("green"))  # tan-1 still in the zone: nobody holds it
    assert state.position.vp["green"] == 0
    assert challenge.play_solution().position.vp["green"] == DICE_TACTICS.new_game("river_crossing").target()


def test_two_plain_attacks_defeat_tan_1_but_do_not_solve_bullseye():
    """Issue 38: the second plain attack deals 4 + 1 - 1 = 4 losses; the goal says a single attack."""
    challenge = CHALLENGES["bullseye"]
    state = challenge.start()
    state.apply(Attack("green", "green-1", "tan-1"))
    state.apply(Attack("green", "green-1", "tan-1"))
    assert holds("defeated", state, challenge, unit="tan-1")
    grade = challenge.grade(state)
    assert not grade.solved and grade.over


def test_the_tank_attacking_twice_does_not_solve_the_tank_buster():
    """Issue 38: the tank's first attack leaves a squad of 1 (Fullmetal, Machinery) that its second finishes;
    the goal asks for an attack by each unit, so the order of the two attacks is the lesson again."""
    challenge = CHALLENGES["tank-buster"]
    state = challenge.start()
    state.apply(Attack("green", "green-1", "tan-1"))
    state.apply(Attack("green", "green-1", "tan-1"))
    assert holds("defeated", state, challenge, unit="tan-1")
    assert not holds("attacked_with", state, challenge, units=["green-1", "green-2"])
    assert not challenge.grade(state).solved
    assert challenge.grade(challenge.play_solution()).solved


def test_hold_the_zone_says_on_its_card_that_its_scoring_is_our_ruling():
    challenge = CHALLENGES["hold-the-zone"]
    assert "our ruling" in challenge.title and challenge.goal_text.startswith("Our ruling, not the source's")
