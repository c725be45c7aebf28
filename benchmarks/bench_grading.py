"""How long grading a "sure" answer takes (issue 38, item 7), before and after, in figures (asserts nothing).

    python benchmarks/bench_grading.py [--before COMMIT]

For every shipped "sure" challenge, its recorded solution graded: the CPU time of the proof as the engine of
COMMIT (by default the commit before issue 38's faster proof) made it, and as this tree makes it, the grade
asked a first time and again (the page asks where the game stands more than once an action); and whether the
two proofs' verdicts agree, for the solution and for every other choice of its kind at that moment.
"""

from __future__ import annotations

import argparse
import importlib.util
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from explorer.core.challenges import ruleset_challenges, sure_failure  # noqa: E402
from explorer.core.registry import all_rulesets  # noqa: E402

BEFORE = "9a940e0"  # the proof that played every branch, re-checking the rules of each roll
PROVING = "explorer/core/challenges/proving.py"


def old_proving(commit: str):
    """proving.py as it was at ``commit``, loaded beside this tree's (its relative imports read this tree)."""
    text = subprocess.run(["git", "-C", str(ROOT), "show", f"{commit}:{PROVING}"], check=True,
                          capture_output=True, text=True).stdout
    spec = importlib.util.spec_from_loader("explorer.core.challenges._proving_before", loader=None)
    module = importlib.util.module_from_spec(spec)
    module.__package__ = "explorer.core.challenges"
    exec(compile(text, f"{commit}:{PROVING}", "exec"), module.__dict__)
    return module


def cpu(work, *, runs: int = 3) -> tuple[float, object]:
    """The least CPU time of ``runs`` calls of ``work`` (the machine may be busy), and its result."""
    best = float("inf")
    for _ in range(runs):
        start = time.process_time()
        result = work()
        best = min(best, time.process_time() - start)
    return best, result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", default=BEFORE, help="the commit whose proof is timed as 'before'")
    old = old_proving(parser.parse_args().before).sure_failure
    print(f"{'challenge':34s} {'before':>9s} {'after':>9s} {'again':>9s}  verdicts")
    for ruleset in all_rulesets().values():
        for name, challenge in ruleset_challenges(ruleset).items():
            if challenge.goal.kind != "sure":
                continue
            state = challenge.play_solution()
            before, action, _ = challenge._first_choice(state)
            was, old_verdict = cpu(lambda: old(challenge, before, action))
            def afresh():  # graded as the first time a learner plays it
                challenge.__dict__.pop("_verdicts", None)
                return challenge.grade(state)

            now, grade = cpu(afresh)
            again, _ = cpu(lambda: challenge.grade(state))
            wanted = challenge.goal.action
            others = [a for a in before.legal_actions if not wanted or type(a).__name__ == wanted]
            same = all(old(challenge, before, a) == sure_failure(challenge, before, a) for a in others)
            print(f"{ruleset.name + ' ' + name:34s} {1000 * was:7.0f}ms {1000 * now:7.0f}ms {1000 * again:7.0f}ms"
                  f"  {'the same' if same and (old_verdict is None) == grade.solved else 'DIFFERENT'}"
                  f" ({len(others)} choices)")
    print("CPU time, the least of 3 runs. before: the proof alone, made again at every answer (Show me made it "
          "twice a press); after: the whole grade (its replay included), then the same grade asked again")


if __name__ == "__main__":
    main()
