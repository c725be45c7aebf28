"""1BC's practice challenges (explorer/rulesets/one_brain_cell/challenges.toml) and their goal tests (goals.py):
each test on a position where it holds and one where it does not, and the exact facts each challenge is
built on (the chances its best choices are graded by, the one choice that holds whatever the dice)."""

from __future__ import annotations

from fractions import Fraction

import pytest

from explorer import get_ruleset
from explorer.core import challenges as c
from explorer.core.tabletop import Terrain
from explorer.rulesets.one_brain_cell import Charge, Figure, Fight, Move, Shoot, goals, new_state

R = get_ruleset("one_brain_cell")
CHALLENGES = c.ruleset_challenges(R)


def start(name: str):
    return CHALLENGES[name].start()


def solved_state(name: str):
    return CHALLENGES[name].play_solution()


# -- the goal tests ---------------------------------------------------------------------------------------

def test_can_shoot_counts_the_figures_with_an_enemy_in_range_and_sight():
    challenge = CHALLENGES["march"]
    state = start("march")
    assert not goals.can_shoot(state, challenge)  # 34 inches from tan: beyond every weapon's 24
    state.apply(Move("green", "g2", (17.0, 10.0)))  # a 12-inch run: 22 inches from t2
    assert goals.can_shoot(state, challenge) and not goals.can_shoot(state, challenge, count=2)
    done = solved_state("march")
    assert goals.can_shoot(done, challenge, count=3)
    assert not goals.can_shoot(done, challenge, count=4)  # the leader's pistol reaches 12 inches only


def test_hard_to_hit_needs_a_six_from_every_enemy_who_can_shoot():
    challenge = CHALLENGES["take-cover"]
    state = start("take-cover")
    assert state.plan_shot("t3", "g2").value.need == 5  # 12 inches, in the open: long range
    assert not goals.hard_to_hit(state, challenge, figure="g2")
    done = solved_state("take-cover")
    assert {e: done.plan_shot(e, "g2").value.need for e in ("t2", "t3", "t4")} == {"t2": 6, "t3": 6, "t4": 6}
    assert goals.hard_to_hit(done, challenge, figure="g2")
    assert not goals.hard_to_hit(done, challenge, figure="g1")  # still in the open
    assert goals.hard_to_hit(done, challenge, figure="g1", need=5)


def _two(green_at, tan_at=(30.0, 24.0), weapon="rifle", status="ok"):
    """A rifleman of each side on the patrol's farmhouse table (the farmhouse blocks sight)."""
    farmhouse = Terrain.rect("farmhouse", "solid", 21, 20, 6, 7)
    figures = [Figure("g", "green", "a", "rifle", x=green_at[0], y=green_at[1], status=status),
               Figure("t", "tan", "b", weapon, x=tan_at[0], y=tan_at[1])]
    return new_state(figures=figures, terrain=[farmhouse], table=(44.0, 30.0), phase="move")


def test_safe_means_no_enemy_can_shoot_him_out_of_sight_or_out_of_range():
    challenge = CHALLENGES["take-cover"]
    assert goals.safe(_two((18.0, 24.0)), challenge, figure="g")  # the farmhouse between them
    assert not goals.safe(_two((32.0, 10.0)), challenge, figure="g")  # in sight, 14 inches: long range
    assert goals.safe(_two((40.0, 2.0)), challenge, figure="g")  # 24.2 inches: beyond the rifle's 24
    assert not goals.safe(_two((40.0, 2.0), weapon="hmg"), challenge, figure="g")  # the heavy machine gun's 36
    assert not goals.safe(_two((18.0, 24.0), status="dead"), challenge, figure="g")  # out of play is not safe


def test_in_h2h_is_a_figure_locked_within_an_inch_of_an_enemy():
    challenge = CHALLENGES["sure-charge"]
    state = start("sure-charge")
    assert not goals.in_h2h(state, challenge) and not goals.in_h2h(state, challenge, figure="g2")
    state.apply(Charge("green", "g2", "t3"), dice=[1, 1])  # 2 inches: the bases 2.5 apart come within 1
    assert goals.in_h2h(state, challenge, figure="g2") and goals.in_h2h(state, challenge)
    assert not goals.in_h2h(state, challenge, figure="g1")
    assert goals.in_h2h(start("gang-up"), CHALLENGES["gang-up"], figure="ga1")


def test_out_of_play_is_a_dead_or_routed_figure():
    state = start("big-guns")
    challenge = CHALLENGES["big-guns"]
    assert not goals.out_of_play(state, challenge, figure="t3")
    state.apply(Shoot("green", "g5", "t3"), dice=[5, 1, 1, 1])
    assert goals.out_of_play(state, challenge, figure="t3") and not goals.out_of_play(state, challenge, figure="t5")


# -- the challenges' facts ------------------------------------------------------------------------------

def _weighed(name):
    challenge = CHALLENGES[name]
    state = challenge.start()
    return {(a.shooter, a.target): v for a, v in c.weigh_choices(state, challenge.goal).items()}


def test_best_shot_the_rifle_at_exactly_eight_inches_in_the_open_is_the_one_half():
    weighed = _weighed("best-shot")
    assert weighed[("g3", "t3")] == Fraction(1, 2)  # 8.0 inches: short range, 4+
    assert weighed[("g2", "t2")] == Fraction(1, 6)  # 9 inches into the woods: long range and rough, a 6
    assert weighed[("g1", "t3")] == Fraction(1, 3)  # the pistol: 8.9 inches is its long range, 5+
    assert max(weighed.values()) == Fraction(1, 2) and list(weighed.values()).count(Fraction(1, 2)) == 1


def test_big_guns_the_bazooka_four_dice_at_long_range_beat_the_machine_gun_close():
    weighed = _weighed("big-guns")
    assert weighed[("g5", "t3")] == Fraction(4, 3)  # 4 dice at 5+
    assert weighed[("g4", "t2")] == 1  # 2 dice at 4+
    assert ("g5", "t2") not in weighed and ("g5", "t5") not in weighed  # closer than 8 inches: no bazooka
    assert not any(shooter == "g6" for shooter, _ in weighed)  # the heavy machine gun moved this turn
    state = start("big-guns")
    with pytest.raises(Exception, match="may not move and shoot"):
        state.apply(Shoot("green", "g6", "t2"), dice=[6, 6, 6])


def test_sure_charge_only_the_charge_in_the_open_within_three_inches_always_arrives():
    challenge = CHALLENGES["sure-charge"]
    state = challenge.start()
    charges = {a.target: a for a in state.legal_actions if isinstance(a, Charge) and a.figure == "g2"}
    assert state.chance(charges["t2"]).probability_where(bool) == Fraction(5, 6)  # into the woods: 1D6, a 1 falls short
    assert state.chance(charges["t3"]).probability_where(bool) == 1
    assert {t: c.sure_failure(challenge, state, a) is None for t, a in charges.items()} == {
        "t2": False, "t3": True, "t4": False}


def test_gang_up_the_same_gang_is_safe_only_against_the_defender_cut_off_from_his_squad():
    challenge = CHALLENGES["gang-up"]
    state = challenge.start()
    assert state.plan_fight("td2").cut_off[-1] and not state.plan_fight("td4").cut_off[-1]
    assert [m.value for m in state.plan_fight("td2").modifiers] == [4, 2, 2, 0]  # pistol, leader, two more
    sure = {a.target for a in state.legal_actions if c.sure_failure(challenge, state, a) is None}
    assert sure == {"td2"}
    failure = c.sure_failure(challenge, state, Fight("green", "td4"))
    assert failure == "if H2H against td4 rolling [1, 1, 1, 6], the goal is not reached"


def test_overwatch_only_the_shot_no_pistol_or_rifle_of_the_squad_can_answer():
    challenge = CHALLENGES["overwatch"]
    state = challenge.start()
    shots = [a for a in state.legal_actions if isinstance(a, Shoot)]
    assert len(shots) == 7
    assert [(a.shooter, a.target) for a in shots if c.sure_failure(challenge, state, a) is None] == [("ga2", "td3")]
    answered = state.clone()
    answered.apply(Shoot("green", "ga3", "td1"), dice=[1])
    assert answered.current_player == "tan" and answered.position.pending.squad == "delta"
    quiet = state.clone()
    quiet.apply(Shoot("green", "ga2", "td3"), dice=[1])  # the sniper sees ga2, but may not fire on overwatch
    assert quiet.current_player == "green" and quiet.position.pending is None


def test_the_chapters_each_challenge_practises():
    pages = {name: {R.sections[key].page for key in ch.sections} for name, ch in CHALLENGES.items()}
    assert list(pages) == ["march", "best-shot", "take-cover", "big-guns", "sure-charge", "gang-up", "overwatch"]
    assert set().union(*pages.values()) >= {"turn", "moving", "shooting", "weapons", "combat", "advanced"}
    assert {ch.goal.kind for ch in CHALLENGES.values()} == {"reach", "best", "sure"}
