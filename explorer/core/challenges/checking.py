"""Checking a challenge before a learner meets it, and the command that checks a teacher's file."""

from __future__ import annotations

from ..errors import ChallengeError, RuleViolation
from ..registry import get_ruleset
from ..rng import GameRNG
from .challenge import Challenge
from .file_format import load, ruleset_challenges
from .goals import goal_holds

RANDOM_TRIES = 8        # random attempts the checker plays: a goal any random attempt reaches teaches nothing


def check(challenge: Challenge, *, tries: int = RANDOM_TRIES) -> list[str]:
    """What is wrong with ``challenge``, in words (an empty list: nothing). The start is a legal position
    with the learner to act and not already solved; the recorded solution reaches the goal within the
    limit; doing nothing and random attempts do not; a "sure" goal holds on every outcome."""
    try:
        start = challenge.start()
    except ChallengeError as exc:
        return [str(exc)]
    problems = []
    if challenge.goal.kind == "reach" and goal_holds(challenge, start):
        problems.append("the start already reaches the goal")
    try:
        solved = challenge.play_solution()
    except (RuleViolation, ValueError) as exc:
        return [*problems, f"the recorded solution cannot be played: {exc}"]
    grade = challenge.grade(solved)
    if not grade.solved:
        problems.append(f"the recorded solution does not solve it: {grade.why}")
    nothing = _doing_nothing(challenge, start)
    if nothing is not None and challenge.grade(nothing).solved:
        problems.append("doing nothing (the next step only) solves it")
    lucky = sum(challenge.grade(_random_attempt(challenge, seed)).solved for seed in range(1, tries + 1))
    if lucky > tries // 4:
        problems.append(f"{lucky} of {tries} random attempts solve it: the goal must need the rule it teaches")
    return problems


def _doing_nothing(challenge: Challenge, start):
    state = start.clone()
    step = next((a for a in state.legal_actions if type(a).__name__ in challenge.ruleset.next_step), None)
    if step is None:
        return None
    state.apply(step)
    challenge.answer(state)
    return state


def _random_attempt(challenge: Challenge, seed: int):
    rng = GameRNG(seed)
    state = challenge.start()
    for _ in range(challenge.limit):
        if state.is_over or state.current_player != challenge.side:
            break
        state.apply(rng.choice(list(state.legal_actions)))
        challenge.answer(state, seed)
        if challenge.grade(state).solved:
            break
    return state


def main(argv: list[str] | None = None) -> int:
    """``python -m explorer.core.challenges RULESET FILE.toml``: check every challenge of a file, in words."""
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("ruleset", help="the ruleset the challenges are for (army_men, phlog, ...)")
    parser.add_argument("file", nargs="?", help="a challenges file (default: the ruleset's own)")
    args = parser.parse_args(argv)
    ruleset = get_ruleset(args.ruleset)
    try:
        challenges = (load(Path(args.file).read_text(encoding="utf-8"), ruleset) if args.file
                      else ruleset_challenges(ruleset))
    except (ChallengeError, OSError) as exc:
        print(f"The file cannot be used: {exc}")
        return 1
    failed = 0
    for challenge in challenges.values():
        problems = check(challenge)
        failed += bool(problems)
        print(f"{'ok ' if not problems else 'NO '} {challenge.name}: {challenge.title}")
        for problem in problems:
            print(f"      - {problem}")
    print(f"{len(challenges) - failed} of {len(challenges)} challenges are ready.")
    return 1 if failed or not challenges else 0

