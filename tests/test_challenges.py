"""Every ruleset's practice challenges (its challenges.toml), checked as the issue asks: at least six,
from first steps to a final puzzle, together covering each chapter of its book; for each one the start is
a legal position with the learner to act and not already solved, the recorded solution solves it within
its limit, doing nothing and random attempts do not, and a "whatever the dice" goal holds on every
outcome (explorer.core.challenges.check, the same check a teacher's own file gets)."""

from __future__ import annotations

import pytest

from explorer import get_ruleset
from explorer.core.challenges import check, ruleset_challenges
from tests.conformance.cases import rulesets_under_test

NOT_PRACTISED = {"index", "full_game", "quick_reference", "rulings", "setup", "army"}
"""Book pages that are not a chapter of rules to practise: the front page, the whole game, the summary,
the rulings, setting up the table and building an army."""

RULESETS = sorted(rulesets_under_test())
CHALLENGES = [(name, challenge) for name in RULESETS for challenge in ruleset_challenges(get_ruleset(name))]


@pytest.mark.parametrize("name", RULESETS)
def test_every_ruleset_has_six_challenges_covering_every_chapter(name):
    ruleset = get_ruleset(name)
    challenges = ruleset_challenges(ruleset)
    assert len(challenges) >= 6, f"{name} has {len(challenges)} challenges; it needs at least six"
    pages = {section.page for section in ruleset.sections.values()} - NOT_PRACTISED
    taught = {ruleset.sections[key].page for challenge in challenges.values() for key in challenge.sections}
    assert pages <= taught, f"{name}: no challenge practises {', '.join(sorted(pages - taught))}"


@pytest.mark.parametrize("name, challenge", CHALLENGES, ids=[f"{n}:{c}" for n, c in CHALLENGES])
def test_a_challenge_is_sound(name, challenge):
    assert check(ruleset_challenges(get_ruleset(name))[challenge]) == []
