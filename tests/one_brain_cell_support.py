"""What the one_brain_cell tests share: a figure, a small game, and a refusal checked to change nothing."""

from __future__ import annotations

import pytest

from explorer.core import RuleViolation
from explorer.rulesets.one_brain_cell import Figure, Settings, new_state


def fig(fid, x, y, weapon="rifle", **kw):
    """A figure of green (an id starting with "g") or tan, in its side's squad ('gs' or 'ts') unless told."""
    side = "green" if fid.startswith("g") else "tan"
    return Figure(fid, side, kw.pop("squad", side[0] + "s"), weapon, kw.pop("leader", False), x, y, **kw)


def game(*figures, terrain=(), phase="move", side="green", seed=0, **kw):
    """A game at this position, ``side`` playing its ``phase`` step (settings by name)."""
    position = {k: kw.pop(k) for k in ("done", "squad", "first", "round") if k in kw}
    if "tokens" in kw:
        position["overwatch"] = kw.pop("tokens")   # squads on overwatch (the setting is ``overwatch``)
    return new_state(Settings(**kw), figures=figures, terrain=terrain, side=side, phase=phase, seed=seed, **position)


def refused(state, act, section):
    """``act`` is refused citing ``one_brain_cell:<section>``, is not offered, and the game is as it was."""
    before = state.to_json()
    with pytest.raises(RuleViolation) as info:
        state.apply(act)
    assert info.value.rule.key == f"one_brain_cell:{section}", info.value
    assert state.to_json() == before
    assert act not in state.legal_actions
    return info.value
