"""The 1BC actions: what a player may ask for, and each in words."""

from __future__ import annotations

from explorer.core import Action, action
from explorer.core.tabletop import is_point


@action
class RollInitiative(Action):
    """Both players roll a die for initiative (``player`` rolls them; ties are rolled again)."""

    player: str


@action
class ChooseOrder(Action):
    """The high roller chooses: ``first=True`` to be player A (play first), ``False`` for B."""

    player: str
    first: bool


@action
class Move(Action):
    """``figure`` walks or runs to ``to`` (inches): a run is a move longer than the walk."""

    player: str
    figure: str
    to: tuple[float, float]


@action
class Charge(Action):
    """``figure`` charges ``target``: 2D6 inches (1D6 in rough terrain) straight at him; within 1 inch, H2H."""

    player: str
    figure: str
    target: str


@action
class Shoot(Action):
    """``shooter`` fires his weapon at ``target``."""

    player: str
    shooter: str
    target: str


@action
class Overwatch(Action):
    """``squad``, which has not moved, shot or fought this turn, goes on overwatch (advanced rule)."""

    player: str
    squad: str


@action
class Fight(Action):
    """The active player's figures locked with enemy ``target`` fight him in H2H (up to three gang up)."""

    player: str
    target: str


@action
class EndStep(Action):
    """``player`` is done with this step (move, shoot, or fight: then the turn is over)."""

    player: str


@action
class OverwatchFire(Action):
    """``squad``, on overwatch, fires its pistols and rifles at the enemy that moved or shot."""

    player: str
    squad: str


@action
class Hold(Action):
    """``squad``, on overwatch, lets the enemy's move or shot pass and stays on overwatch."""

    player: str
    squad: str


ACTIONS = (RollInitiative, ChooseOrder, Move, Charge, Shoot, Overwatch, Fight, EndStep, OverwatchFire, Hold)


def describe(act: Action, phase: str) -> str:
    """The action in words, for menus and logs (``phase``: the step now, which an :class:`EndStep` ends)."""
    if isinstance(act, RollInitiative):
        return f"{act.player} rolls for initiative"
    if isinstance(act, ChooseOrder):
        return f"{act.player} chooses to play {'first' if act.first is True else 'second'}"
    if isinstance(act, Move) and is_point(act.to):
        return f"{act.figure} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
    if isinstance(act, Charge):
        return f"{act.figure} charges {act.target}"
    if isinstance(act, Shoot):
        return f"{act.shooter} shoots at {act.target}"
    if isinstance(act, Overwatch):
        return f"squad {act.squad} goes on overwatch"
    if isinstance(act, Fight):
        return f"H2H against {act.target}"
    if isinstance(act, EndStep):
        return {"move": "end the move step", "shoot": "end the shoot step", "fight": "end the turn"}.get(
            phase, "end the step")
    if isinstance(act, OverwatchFire):
        return f"squad {act.squad} fires on overwatch"
    if isinstance(act, Hold):
        return f"squad {act.squad} holds its fire"
    return repr(act)
