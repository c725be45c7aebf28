"""What the army_men tests share: a trooper, a small game, and a refusal checked to change nothing."""

from __future__ import annotations

import pytest

from explorer.core import RuleViolation
from explorer.rulesets.army_men import Figure, Settings, new_state

SETTINGS = ("leave_cohesion", "leadership", "standard_moving_target")


def trooper(fid, x, y, kind="regular", **kw):
    """A figure of green (an id starting with "g") or tan, in its side's squad unless told."""
    side = "green" if fid.startswith("g") else "tan"
    return Figure(fid, side, kind, kw.pop("squad", side), x, y, **kw)


def game(*figures, variant="tutorial", terrain=(), **kw):
    settings = {k: kw.pop(k) for k in SETTINGS if k in kw}
    return new_state(Settings(variant=variant, **settings), figures=figures, terrain=terrain, **kw)


def refused(state, act, section):
    """``act`` is refused citing ``army_men:<section>``, is not offered, and the game is as it was."""
    before = state.to_json()
    with pytest.raises(RuleViolation) as info:
        state.apply(act)
    assert info.value.rule.key == f"army_men:{section}", info.value
    assert state.to_json() == before
    assert act not in state.legal_actions
    return info.value
