"""Checking a challenge before a learner meets it, and the command that checks a teacher's file."""

from __future__ import annotations

import itertools

from ..errors import ChallengeError, MalformedAction, RuleViolation, UnknownRuleset
from ..limits import brief, brief_names
from ..registry import get_ruleset
from ..rng import GameRNG
from .challenge import Challenge
from .file_format import MAX_FILE_BYTES, decoded, load, ruleset_challenges
from .goals import goal_holds, ruleset_tests, unknown_names
from .proving import _has_choice, outcomes

RANDOM_TRIES = 8        # random attempts the checker plays: a goal any random attempt reaches teaches nothing
FIRST_ACTION_ROLLS = 8  # dice seeds each single first action is tried with, where it rolls dice
MAX_PROOF_STEPS = 5_000
"""Actions a "sure" proof may play out for one choice (every roll and every answer): beyond it the choice is
too big to prove, said in words after a bounded amount of work (the biggest shipped proof, 1BC's gang-up, plays
1,296)."""
MAX_CHECK_STEPS = 25_000  # the same, summed over every choice one check proves (the solution, tries, attempts)


class _TooBig(Exception):
    pass


def check(challenge: Challenge, *, tries: int = RANDOM_TRIES) -> list[str]:
    """What is wrong with ``challenge``, in words (an empty list: nothing). The start is a legal position
    with the learner to act and not already solved, whose goal test can be asked; the recorded solution
    reaches the goal within the limit; no single first action of another kind than the solution's (doing
    nothing among them) and not random attempts, each with its own dice; a "sure" goal holds on every outcome,
    and every choice of it can be proved within :data:`MAX_PROOF_STEPS`."""
    spent = itertools.count(1)  # the actions this check's proofs played out
    try:
        start = challenge.start()
        problems = _goal_problems(challenge, start)
        if problems:
            return problems
        if challenge.goal.kind == "reach" and goal_holds(challenge, start):
            problems.append("the start already reaches the goal")
        try:
            solved = challenge.play_solution()
        except (RuleViolation, ValueError) as exc:
            return [*problems, f"the recorded solution cannot be played: {exc}"]
        if not _solves(challenge, solved, spent):
            problems.append(f"the recorded solution does not solve it: {challenge.grade(solved).why}")
        problems += _shortcuts(challenge, start, spent)
        lucky = sum(_random_attempt(challenge, seed, spent) for seed in range(1, tries + 1))
        if lucky > tries // 4:
            problems.append(f"{lucky} of {tries} random attempts solve it: the goal must need the rule it teaches")
        return problems
    except ChallengeError as exc:
        return [str(exc)]


def _goal_problems(challenge: Challenge, start) -> list[str]:
    """Whether the goal's test can be asked of the start: every piece or terrain it names is there."""
    if challenge.goal.kind == "best":
        return []
    tests = ruleset_tests(challenge.ruleset)
    missing = unknown_names(tests, challenge.goal, start)
    if missing:
        return [f"the goal names {brief_names(missing)}, which the start does not have"]
    try:
        goal_holds(challenge, start)
    except (KeyError, ValueError, TypeError, AttributeError) as exc:
        return [f"the goal's test {challenge.goal.test} cannot be asked with {brief(dict(challenge.goal.args))}: "
                f"{exc}"]
    return []


def _solves(challenge: Challenge, state, spent) -> bool:
    """Whether ``state`` solves the challenge; a "sure" choice too big to prove raises ``ChallengeError``."""
    if challenge.goal.kind == "sure":
        chosen = challenge._first_choice(state)  # (the state before the choice, the choice, the play up to it)
        if chosen is not None:
            _provable(challenge, *chosen[:2], spent)
    return challenge.grade(state).solved


def _provable(challenge: Challenge, before, action, spent) -> None:
    """``ChallengeError`` when proving ``action`` sure would play more than :data:`MAX_PROOF_STEPS` actions,
    or the check's proofs together (``spent``, counting them) more than :data:`MAX_CHECK_STEPS`."""
    steps = itertools.count(1)

    def until(state) -> bool:  # asked once for each action played out: the proof's work, counted
        if next(steps) > MAX_PROOF_STEPS or next(spent) > MAX_CHECK_STEPS:
            raise _TooBig
        return _has_choice(challenge, state)

    try:
        for end, _ in outcomes(before, action, until=until):  # every branch, repeats too: a bound on the whole tree
            if not goal_holds(challenge, end):  # where the grading's proof stops too: its work is within the bound
                return
    except MalformedAction as exc:  # an action whose dice never end (a reshuffle drawn face by face)
        raise ChallengeError(f"proving {before.describe(action, challenge.side)} cannot be played out: {exc}") from None
    except _TooBig:
        raise ChallengeError(f"proving {before.describe(action, challenge.side)} plays out more than "
                             f"{MAX_PROOF_STEPS:,} actions (or the check's proofs together more than "
                             f"{MAX_CHECK_STEPS:,}): too big to prove (start closer to the end, or with fewer "
                             "pieces)") from None


def _shortcuts(challenge: Challenge, start, spent) -> list[str]:
    """Single first actions of another kind than the recorded solution's first that solve it on their own
    (the next-step button among them), each tried with :data:`FIRST_ACTION_ROLLS` dice where it rolls."""
    solution = [action for action, _ in challenge.solution_actions() if action.player == challenge.side]
    kind = type(solution[0]).__name__ if solution else None
    found = []
    for action in list(start.legal_actions):
        if type(action).__name__ == kind:
            continue
        wins = sum(_solves(challenge, _first_action(challenge, start, action, seed), spent)
                   for seed in range(1, FIRST_ACTION_ROLLS + 1))
        if wins:
            said = start.describe(action, challenge.side)
            found.append(f"one action of another kind than the solution's solves it: {said} "
                         f"({wins} of {FIRST_ACTION_ROLLS} rolls)" if _rolls(challenge, start, action) else
                         f"one action of another kind than the solution's solves it: {said}")
    return found


def _first_action(challenge: Challenge, start, action, seed: int):
    state = start.clone()
    state.rng.set_state((seed, state.rng.counter))  # its own dice
    state.apply(action)
    challenge.answer(state, seed)
    return state


def _rolls(challenge: Challenge, start, action) -> bool:
    return challenge._rolled(_first_action(challenge, start, action, 1))


def _random_attempt(challenge: Challenge, seed: int, spent) -> bool:
    """Whether random actions (``seed``), with dice of their own, solve the challenge within its limit."""
    rng = GameRNG(seed)
    state = challenge.start()
    state.rng.set_state((seed, state.rng.counter))  # each attempt rolls its own dice
    for _ in range(challenge.limit):
        if state.is_over or state.current_player != challenge.side:
            break
        state.apply(rng.choice(list(state.legal_actions)))
        challenge.answer(state, seed)
        if _solves(challenge, state, spent):
            return True
    return False


def main(argv: list[str] | None = None) -> int:
    """``python -m explorer.core.challenges RULESET FILE.toml``: check every challenge of a file, in words.
    Exit status 0: every challenge is ready; 1: some are not; 2: the file or the ruleset cannot be used."""
    import argparse
    from pathlib import Path

    parser = argparse.ArgumentParser(description=main.__doc__)
    parser.add_argument("ruleset", help="the ruleset the challenges are for (army_men, phlog, ...)")
    parser.add_argument("file", nargs="?", help="a challenges file (default: the ruleset's own)")
    args = parser.parse_args(argv)
    try:
        ruleset = get_ruleset(args.ruleset)
        challenges = (load(decoded(_read(Path(args.file))), ruleset) if args.file else ruleset_challenges(ruleset))
    except UnknownRuleset as exc:
        print(f"No such ruleset: {exc}")
        return 2
    except (ChallengeError, OSError) as exc:
        print(f"The file cannot be used: {exc}")
        return 2
    failed = 0
    for challenge in challenges.values():
        try:
            problems = check(challenge)
        except Exception as exc:  # noqa: BLE001 - a teacher gets words, never a traceback, even for a fault of ours
            problems = [f"the checker could not finish ({type(exc).__name__}: {brief(str(exc))}): a fault of the "
                        "checker, please report it with the file"]
        failed += bool(problems)
        print(f"{'ok ' if not problems else 'NO '} {brief(challenge.name)[1:-1]}: {challenge.title}")
        for problem in problems:
            print(f"      - {problem}")
    print(f"{len(challenges) - failed} of {len(challenges)} challenges are ready.")
    return 1 if failed or not challenges else 0


def _read(path) -> bytes:
    """The file's bytes; a file over the limit is refused by its size, without reading it."""
    size = path.stat().st_size
    if size > MAX_FILE_BYTES:
        raise ChallengeError(f"the file is {size:,} bytes; a challenges file is at most {MAX_FILE_BYTES:,}")
    return path.read_bytes()
