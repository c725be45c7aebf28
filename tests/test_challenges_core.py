"""The practice challenges' engine (explorer/core/challenges/), on small challenges written here in the
text format a teacher writes: the start built from a scenario and edits, the three kinds of goal graded
exactly (a position reached, the best choice by exact chance, whatever the dice), stars, and the checker
that says in words what is wrong with a challenge."""

from __future__ import annotations

import re
from fractions import Fraction

import pytest

from explorer import get_ruleset
from explorer.core import challenges as c
from explorer.rulesets.simple_plastic import Attack, MoveFigure

SP = get_ruleset("simple_plastic")

DUEL = '''
[[challenge]]
name = "best-attack"
title = "Pick your best shot"
sections = ["attacking.modifiers"]
hint = "Closer is better."
limit = 1
side = "green"
goal = { kind = "best", action = "Attack", text = "Attack with the best chance to kill." }
solution = [ { action = { type = "Attack", player = "green", attacker = "g-sniper", target = "t2" }, dice = [6] } ]
[challenge.start]
scenario = "sniper_duel"
seed = 1
position = { phase = "attack" }
figures = { g-sniper = { x = 15.0, y = 16.0 } }
remove = ["t3"]
'''


SOUND = DUEL.replace('position = { phase = "attack" }', "").replace("limit = 1", "limit = 2").replace(
    'goal = { kind = "best", action = "Attack", text = "Attack with the best chance to kill." }',
    'goal = { kind = "reach", test = "enemy_down", text = "Take a tan figure out." }').replace(
    "solution = [ { action", 'solution = [ { action = { type = "EndPhase", player = "green" } }, { action')
"""Moving first: the learner must end the move phase, then pick a shot that can kill (and roll well)."""


def duel(**goal) -> c.Challenge:
    text = DUEL if not goal else DUEL.replace(
        'goal = { kind = "best", action = "Attack", text = "Attack with the best chance to kill." }',
        "goal = { " + ", ".join(f"{k} = {v!r}".replace("'", '"') for k, v in goal.items()) + " }")
    return c.load(text, SP)["best-attack"]


def test_the_start_is_the_scenario_with_the_edits_and_the_learner_to_act():
    state = duel().start()
    figures = state.position.figures
    assert state.current_player == "green" and state.position.phase == "attack"
    assert figures["g-sniper"].position == (15.0, 16.0) and "t3" not in figures
    assert figures["g3"] == SP.new_game("sniper_duel", seed=1).position.figures["g3"]  # the rest as the scenario


def test_a_best_choice_is_graded_by_the_exact_chance_of_every_legal_choice():
    challenge = duel()
    start = challenge.start()
    weighed = c.weigh_choices(start, challenge.goal)
    assert weighed == {Attack("green", "g-sniper", "t2"): Fraction(5, 6),
                       Attack("green", "g-sniper", "t-sniper"): Fraction(2, 3)}
    for action, chance in weighed.items():  # the engine's own odds, P(at least one kill)
        assert start.chance(action).probability_where(lambda kills: kills >= 1) == chance
    best, other = start.clone(), start.clone()
    best.apply(Attack("green", "g-sniper", "t2"))
    other.apply(Attack("green", "g-sniper", "t-sniper"))
    assert challenge.grade(best) == c.Grade(True, 3, "The best choice: a 5/6 chance (83%) (g-sniper attacks t2).",
                                            1, True, "5 chances in 6: the best shot here!")
    wrong = challenge.grade(other)
    assert not wrong.solved and wrong.stars == 0 and wrong.over
    assert "a 2/3 chance (67%); the best choice (g-sniper attacks t2) has a 5/6 chance (83%)" in wrong.why
    assert wrong.said == "That has 2 chances in 3, but the best shot has 5 chances in 6."  # in words, for a child
    assert not challenge.grade(start).solved and not challenge.grade(start).over  # nothing chosen yet


def test_whatever_the_dice_plays_every_roll_and_names_one_that_fails():
    sure_kill = duel(kind="sure", test="enemy_down", text="Take a tan figure out, whatever the dice.")
    state = sure_kill.start()
    attack = Attack("green", "g-sniper", "t2")
    rolls = [words for _, words in c.outcomes(state, attack, until=lambda s: s.current_player == "green")]
    assert rolls == [f"g-sniper attacks t2 rolling [{face}]" for face in range(1, 7)]  # one die, every face
    state.apply(attack, dice=[6])
    grade = sure_kill.grade(state)
    assert not grade.solved  # a kill this time, but not whatever the dice
    assert grade.why.startswith("Not whatever the dice: if g-sniper attacks t2 rolling [1], the goal is not reached")
    assert grade.said == "Not always: some rolls of the dice make it fail."  # the proof above is for Show me why
    safe = duel(kind="sure", test="none_lost", text="Lose nobody, whatever the dice.")
    state = safe.start()
    state.apply(attack, dice=[1])
    assert safe.grade(state).solved and safe.grade(state).stars == 3


HIDE = '''
[[challenge]]
name = "hide"
title = "Hide from the sniper"
sections = ["attacking.line_of_sight"]
hint = "Behind the wall."
limit = 1
side = "green"
goal = { kind = "sure", test = "none_lost", action = "MoveFigure", text = "Lose nobody, whatever tan does." }
[challenge.start]
scenario = "sniper_duel"
figures = { g-sniper = { x = 15.5, y = 20.5 }, g1 = { alive = false }, t1 = { alive = false } }
remove = ["g2", "g3", "t2", "t3"]
'''
"""Green's lone sniper in sight of tan's; every other figure but a casualty each is gone."""


def test_whatever_the_other_side_answers_plays_on_while_the_learner_has_only_the_next_step():
    challenge = c.load(HIDE, SP)["hide"]
    start = challenge.start()
    seen, hidden = MoveFigure("green", "g-sniper", (19.5, 20.5)), MoveFigure("green", "g-sniper", (11.5, 20.5))
    state = start.clone()
    state.apply(seen)
    grade = challenge.grade(state)
    # After the move green can only end its phases: tan's turn is played out, every move and every roll
    # (each step told as it was offered: "ends the move phase" before the attack phase).
    assert not grade.solved and grade.why.startswith(
        "Not whatever the dice: if g-sniper moves to (19.5, 20.5); green: green ends the move phase; green: green ends "
        "the attack phase; tan: tan ends the move phase; tan: t-sniper attacks g-sniper rolling [1]; tan: t-sniper "
        "attacks g-sniper rolling [3], the goal is not reached.")
    state = start.clone()
    state.apply(hidden)
    assert challenge.grade(state).solved  # the wall hides him, and a sniper that moves cannot attack
    ends = [end for end, _ in c.outcomes(start, hidden, until=lambda s: c._has_choice(challenge, s))]
    assert all(end.current_player == "green" and end.round == 2 for end in ends)  # green's next turn, every branch


def test_a_position_goal_counts_the_learners_actions_and_gives_stars_for_fewer():
    challenge = duel(kind="reach", test="enemy_down", text="Take a tan figure out.")
    assert challenge.limit == 1 and not challenge.grade(challenge.start()).solved
    state = challenge.play_solution()
    assert challenge.grade(state) == c.Grade(True, 3, "Done: Take a tan figure out.", 1, True, "You did it!")
    state = challenge.start()
    state.apply(Attack("green", "g-sniper", "t1"), dice=[1])  # a 1 never kills
    grade = challenge.grade(state)
    assert not grade.solved and grade.over
    assert grade.why == ("Not this time: take a tan figure out. Hint: Closer is better. "
                         "(simple_plastic:attacking.modifiers)")


def test_the_right_actions_failed_by_the_dice_are_told_so_not_given_the_hint():
    challenge = duel(kind="reach", test="enemy_down", text="Take a tan figure out.")
    state = challenge.start()
    state.apply(Attack("green", "g-sniper", "t2"), dice=[1])  # the recorded solution's attack; a 1 never kills
    grade = challenge.grade(state)
    assert not grade.solved and grade.over
    assert grade.why == "You played it the right way, but the dice said no this time. Try again!"


def test_the_checker_accepts_a_sound_challenge_and_says_what_is_wrong_with_others():
    assert c.check(c.load(SOUND, SP)["best-attack"]) == []
    # Any attack will do, and most kill: random attempts solve it, so it teaches nothing.
    (lucky,) = c.check(duel(kind="reach", test="enemy_down", text="Take a tan figure out."))
    assert re.fullmatch(r"[3-8] of 8 random attempts solve it: the goal must need the rule it teaches", lucky)
    no_kill = DUEL.replace("dice = [6]", "dice = [1]").replace(
        'goal = { kind = "best", action = "Attack", text = "Attack with the best chance to kill." }',
        'goal = { kind = "reach", test = "enemy_down", text = "Take a tan figure out." }')
    problems = c.check(c.load(no_kill, SP)["best-attack"])
    assert problems[0] == ("the recorded solution does not solve it: You played it the right way, but the dice said "
                           "no this time. Try again!")
    already = DUEL.replace('remove = ["t3"]', 'remove = ["t1", "t2", "t3", "t-sniper"]')
    problems = c.check(c.load(already.replace(
        'goal = { kind = "best", action = "Attack", text = "Attack with the best chance to kill." }',
        'goal = { kind = "reach", test = "won", text = "Win." }'), SP)["best-attack"])
    assert problems == ["the game is over at the start: tan has nothing left in play"]


@pytest.mark.parametrize("change, message", [
    (("limit = 1", "limit = 0"), "limit is the learner's actions allowed, a whole number from 1 to 50"),
    (('sections = ["attacking.modifiers"]', 'sections = ["flying"]'), "Simple Plastic Wargame has no rule section 'flying'"),
    (('action = "Attack"', 'action = "Fly"'), "a best-choice goal names an action of Simple Plastic Wargame"),
    (('kind = "best"', 'kind = "guess"'), "the goal's kind is one of reach, best, sure, not 'guess'"),
    (('title = ', 'colour = "red"\ntitle = '), "unknown keys colour"),
    (('seed = 1', 'seed = 1\nweather = "rain"'), "start is a table of"),
    (("[[challenge]]", "[[challenges]]"), "a challenges file holds [[challenge]] tables, and nothing else"),
    (("limit = 1", "limit = "), "not readable as TOML"),
])
def test_a_malformed_challenge_is_refused_in_words(change, message):
    with pytest.raises(c.ChallengeError, match=None) as refused:
        c.load(DUEL.replace(*change), SP)
    assert message in str(refused.value)


@pytest.mark.parametrize("change, message", [
    (('remove = ["t3"]', 'remove = ["g9"]'), "no piece called 'g9' in the start"),
    (("figures = { g-sniper = { x = 15.0, y = 16.0 } }", "figures = { g1 = { hat = 1 } }"), "g1 has no field 'hat'"),
    (("figures = { g-sniper = { x = 15.0, y = 16.0 } }", "figures = { g1 = { x = 99.0 } }"), "the start is not a legal position"),
    (('position = { phase = "attack" }', 'position = { side = "tan" }'), "at the start tan is to act"),
])
def test_a_start_that_cannot_be_made_is_told_in_words_by_the_checker(change, message):
    challenge = c.load(DUEL.replace(*change), SP)["best-attack"]
    with pytest.raises(c.ChallengeError, match=None) as refused:
        challenge.start()
    assert message in str(refused.value)
    assert message in c.check(challenge)[0]


def test_the_command_checks_a_file_and_says_what_is_ready(tmp_path, capsys):
    path = tmp_path / "mine.toml"
    path.write_text(SOUND)
    assert c.main(["simple_plastic", str(path)]) == 0
    assert "1 of 1 challenges are ready." in capsys.readouterr().out
    path.write_text(DUEL.replace('remove = ["t3"]', 'remove = ["t9"]'))
    assert c.main(["simple_plastic", str(path)]) == 1
    assert "NO  best-attack: Pick your best shot\n      - no piece called 't9' in the start" in capsys.readouterr().out


CARD_DUEL = '''
[[challenge]]
name = "card-duel"
title = "Pick the card"
sections = ["attacking.removal"]
hint = "Win by four."
limit = 1
side = "green"
opponent = "greedy"
goal = { kind = "sure", test = "attack_removes", args = { fighter = "tan-1" }, action = "ChooseAttackCard", text = "Remove tan-1 whatever tan answers." }
[challenge.start]
scenario = "duel"
seed = 1
figures = { green-1 = { col = 4, row = 1 } }
prelude = [
  { action = { type = "Nominate", player = "green", fighter = "green-1" } },
  { action = { type = "PlayMovementCard", player = "green", card = "A♥" } },
  { action = { type = "DeclineJoker", player = "tan" } },
  { action = { type = "Attack", player = "green", target = "tan-1" } },
]
'''
"""Phlog's duel, seed 1: green-1 beside tan-1, attacking; tan holds 3♦ Q♣ 4♣ K♣ 10♥ 3♥ (its joker is in its
draw pile), green J♥ 10♦ 10♣ 5♦ and its joker."""


def test_a_card_game_is_proved_against_every_answer_and_its_bot_answers_unseeded():
    phlog = get_ruleset("phlog")
    jack = c.action_from_dict({"type": "ChooseAttackCard", "player": "green", "card": "J♥"}, phlog.action_kinds)
    challenge = c.load(CARD_DUEL, phlog)["card-duel"]
    state = challenge.start()
    state.apply(jack)
    challenge.answer(state)  # phlog's greedy bot takes no seed: it defends with its King and lets J♥ stand
    assert state.current_player == "green" and state.attack.defence_card.code == "K♣"
    # Whatever tan defends with, green's joker makes it a 1 and tan has no joker to cancel it: 11 - 1 >= 4.
    assert challenge.grade(state) == c.Grade(True, 3, "Whatever tan answers: choose J♥ to attack with always works.",
                                             1, True, "Yes: it works whatever tan does!")
    # Winning by 13 is beyond any trick: no dice, so the other side's answers are named, each with its player.
    hopeless = c.load(CARD_DUEL.replace("seed = 1", "seed = 1\nsettings = { removal_margin = 13 }"), phlog)
    state = hopeless["card-duel"].start()
    state.apply(jack)
    grade = hopeless["card-duel"].grade(state)
    assert not grade.solved and grade.over
    assert grade.why == ("Not whatever tan answers: if choose J♥ to attack with; tan: choose 3♦ to defend with; "
                         "tan: no joker, the goal is not reached. Win by four.")


def test_a_best_choice_counts_the_pieces_a_roll_kills_when_the_chance_names_them():
    # Army Men's shots give who dies as a tuple of ids, not a number: a kill is a non-empty tuple.
    army_men = get_ruleset("army_men")
    text = DUEL.replace('"attacking.modifiers"', '"shooting.to_hit"').replace('"Attack"', '"Shoot"').replace(
        'scenario = "sniper_duel"', 'scenario = "tutorial"').replace('position = { phase = "attack" }\n', "").replace(
        "figures = { g-sniper = { x = 15.0, y = 16.0 } }", "figures = { t1 = { x = 20.0, y = 14.0 }, t2 = { x = 26.0, y = 14.0 } }").replace(
        'remove = ["t3"]', 'remove = ["g3", "g4", "g5", "t3", "t4", "t5"]')
    challenge = c.load(text, army_men)["best-attack"]
    weighed = c.weigh_choices(challenge.start(), challenge.goal)
    assert weighed[army_men.action_kinds["Shoot"]("green", "g1", "t1")] == Fraction(1, 2)  # 8 inches: 4+
    assert weighed[army_men.action_kinds["Shoot"]("green", "g1", "t2")] == Fraction(1, 3)  # 14 inches: 5+
    mean = c.weigh_choices(challenge.start(), c.Goal("best", action="Shoot", measure="mean"))
    assert mean == weighed  # at most one dies: the mean number killed is the chance of a kill


def test_a_choice_with_no_dice_and_no_answer_is_graded_without_whatever():
    # Dice Tactics rolls nothing and its pick-the-attacker challenge hands tan no move: the attack is proved by
    # playing it once, so the grade says neither "whatever the dice" nor "whatever tan answers".
    challenge = c.ruleset_challenges(get_ruleset("dice_tactics"))["pick-the-attacker"]
    start = challenge.start()
    right, wrong = start.clone(), start.clone()
    right.apply(c.action_from_dict({"type": "Attack", "player": "green", "attacker": "green-2", "defender": "tan-1"},
                                   challenge.ruleset.action_kinds))
    wrong.apply(c.action_from_dict({"type": "Attack", "player": "green", "attacker": "green-3", "defender": "tan-1"},
                                   challenge.ruleset.action_kinds))
    assert challenge.grade(right).why == "Nothing is left to chance: green-2 attacks tan-1 always works."
    assert challenge.grade(wrong).why == f"Not this one: if green-3 attacks tan-1, the goal is not reached. {challenge.hint}"
