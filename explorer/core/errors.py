"""Errors a player or a saved game can cause. All are ``ValueError``s."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .rules import RuleRef


class RuleViolation(ValueError):
    """An action the rules forbid. The state it was tried on is unchanged."""

    def __init__(self, message: str, rule: RuleRef, action=None):
        self.rule = rule
        self.action = action
        super().__init__(f"{message} ({rule.cite()})")

    @property
    def reason(self) -> str:
        return self.args[0]


class MalformedAction(ValueError):
    """An action that is not well formed (a list where a name belongs, NaN for a distance)."""


class MissingDice(MalformedAction):
    """Entered dice ran out: the action rolls more (``sides``: of the next die; ``more``: how many more of the
    roll asked for now), for whoever enumerates every roll (the practice challenges' "whatever the dice")."""

    def __init__(self, message: str, sides: int, more: int = 1):
        self.sides, self.more = sides, more
        super().__init__(message)


class SaveGameError(ValueError):
    """A saved game that cannot be loaded: says what is wrong with it."""


class ChallengeError(ValueError):
    """A practice challenge that cannot be used (:mod:`explorer.core.challenges`): says what is wrong with it,
    in words."""


class UnknownRuleset(KeyError):
    def __str__(self) -> str:  # KeyError quotes its message; say it plainly
        return self.args[0]


class SetupError(ValueError):
    """An edit of a set-up (:mod:`explorer.core.setting_up`) that cannot be made: says why, in words; the set-up
    is left as it was."""
