"""Practice challenges: a set position, a goal the engine decides, a limit, and the rules it teaches.

A challenge is data, written in a small TOML format a teacher can write too (the format:
``book/classroom/write_a_challenge.md``; each ruleset's ``challenges.toml``). The engine builds its start,
grades an attempt and proves its recorded solution; :func:`check` says in words what is wrong with a challenge.

Three kinds of goal, each decided by the engine, never by sampling:

- ``reach``: a position to reach within the limit, named by a test (``won``, ``enemy_down``, or one of
  the ruleset's own in its ``goals.py``: "the sniper stands where no enemy sees it");
- ``best``: a choice graded exactly: of the actions of one kind legal at that moment, the one chosen
  must have the best exact chance (``state.chance``) by the goal's measure;
- ``sure``: a choice whose test holds whatever the dice and whatever the other side answers: every
  roll of the dice and every legal answer is played out (:func:`outcomes`), none may fail the test.

The package, one idea a module: :mod:`.goals` (the goal kinds and the tests of a position),
:mod:`.challenge` (one challenge and its grading), :mod:`.starting` (building its start), :mod:`.proving`
(exact chances and every outcome), :mod:`.file_format` (the TOML text read), :mod:`.writing` (the TOML text
written, and the goal tests in words for a teacher's lists), :mod:`.checking` (the checks of a challenge, and
``python -m explorer.core.challenges RULESET FILE``) and :mod:`.sharing` (a teacher's file or link opened).
"""

from ..actions import action_from_dict
from ..errors import ChallengeError
from .challenge import Challenge, Grade
from .checking import RANDOM_TRIES, check, main
from .file_format import MAX_LIMIT, content_key, load, own_text, ruleset_challenges
from .goals import CORE_TESTS, GOAL_KINDS, MEASURES, Goal, ruleset_tests
from .sharing import LINK_PREFIX, as_text, challenges_link, file_text, link_text, opened
from .proving import MAX_OUTCOMES, _has_choice, outcomes, sure_failure, weigh_choices
from .writing import GOAL_KIND_WORDS, goal_test_choices, toml_text

__all__ = [
    "action_from_dict", "ChallengeError", "Challenge", "Grade", "RANDOM_TRIES", "check", "main", "MAX_LIMIT", "load",
    "ruleset_challenges", "CORE_TESTS", "GOAL_KINDS", "MEASURES", "Goal", "ruleset_tests", "MAX_OUTCOMES",
    "_has_choice", "outcomes", "sure_failure", "weigh_choices", "GOAL_KIND_WORDS", "goal_test_choices", "toml_text",
    "LINK_PREFIX", "as_text", "challenges_link", "file_text", "link_text", "opened", "content_key", "own_text",
]
