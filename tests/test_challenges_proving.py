"""Proving a "sure" choice plays each position once (issue 38, item 7): a branch reaching a position an earlier
branch reached stops there, and every roll is played from the state its own probe left. The verdict, and the
branch named when a choice can fail, are exactly those of playing every branch out, for the recorded solution of
every shipped "sure" challenge and every other choice the learner could make at that moment."""

from __future__ import annotations

import pytest

from explorer.core import challenges as c
from explorer.core.registry import all_rulesets, get_ruleset
from explorer.core.challenges.goals import goal_holds

SURE = [(name, challenge) for ruleset in all_rulesets().values() for name, challenge
        in c.ruleset_challenges(ruleset).items() if challenge.goal.kind == "sure"]


def _every_branch(challenge, before, action) -> str | None:
    """The first failing branch in words, every branch played out (no position skipped)."""
    for end, words in c.outcomes(before, action, until=lambda s: c._has_choice(challenge, s)):
        if not goal_holds(challenge, end):
            return f"if {words}, the goal is not reached"
    return None


def _choices(challenge):
    """The position before the graded choice (the recorded solution's), and every choice of its kind there."""
    before, action, _ = challenge._first_choice(challenge.play_solution())
    wanted = challenge.goal.action
    return before, action, [a for a in before.legal_actions if not wanted or type(a).__name__ == wanted]


@pytest.mark.parametrize("name, challenge", SURE, ids=[f"{ch.ruleset.name}-{name}" for name, ch in SURE])
def test_a_sure_verdict_is_that_of_playing_every_branch(name, challenge):
    before, solution, choices = _choices(challenge)
    assert solution in choices and len(choices) >= 2, "the learner has a choice to make"
    verdicts = {str(a): c.sure_failure(challenge, before, a) for a in choices}
    assert verdicts == {str(a): _every_branch(challenge, before, a) for a in choices}
    assert verdicts[str(solution)] is None  # the recorded solution always works
    assert any(failure is not None for failure in verdicts.values()), "some other choice can fail"


def test_an_answer_is_graded_once_however_often_the_page_asks(monkeypatch):
    challenge = c.ruleset_challenges(get_ruleset("one_brain_cell"))["gang-up"]
    state = challenge.play_solution()
    proved = []
    real = c.challenge.sure_failure

    def counted(*args):
        proved.append(args[2])
        return real(*args)

    monkeypatch.setattr(c.challenge, "sure_failure", counted)
    monkeypatch.delitem(challenge.__dict__, "_verdicts", raising=False)
    grades = [challenge.grade(state) for _ in range(3)]
    assert len(proved) == 1 and grades[0] == grades[1] == grades[2] and grades[0].solved
