"""The army-men actions: frozen values whose repr is code (``Shoot(player='green', shooter='g1', target='t2')``)."""

from __future__ import annotations

from explorer.core import Action, action
from explorer.core import tabletop as tt


@action
class Shoot(Action):
    """``shooter`` fires at ``target`` (an area-effect weapon aims at ``target``)."""

    player: str
    shooter: str
    target: str


@action
class Move(Action):
    """``trooper`` moves to ``to`` (inches); off the table's edge, he leaves play. Combat follows any contact."""

    player: str
    trooper: str
    to: tuple[float, float]


@action
class Fight(Action):
    """``trooper``, locked in a tied fight, fights on (the alternative is to run away: a :class:`Move`)."""

    player: str
    trooper: str


@action
class EndTurn(Action):
    """``player`` is done with this turn."""

    player: str


@action
class Deploy(Action):
    """``trooper``, the next of ``player``'s army still to set up, is placed at ``to`` (inches)."""

    player: str
    trooper: str
    to: tuple[float, float]


ACTIONS = (Shoot, Move, Fight, EndTurn, Deploy)


def describe(act: Action) -> str:
    """The action in words, for menus and logs."""
    if isinstance(act, Shoot):
        return f"{act.shooter} shoots at {act.target}"
    if isinstance(act, Move) and tt.is_point(act.to):
        return f"{act.trooper} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
    if isinstance(act, Fight):
        return f"{act.trooper} fights on"
    if isinstance(act, EndTurn):
        return f"{act.player} ends the turn"
    if isinstance(act, Deploy) and tt.is_point(act.to):
        return f"{act.trooper} sets up at ({act.to[0]:.1f}, {act.to[1]:.1f})"
    return repr(act)
