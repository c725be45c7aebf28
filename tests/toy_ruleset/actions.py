"""Toy Skirmish's actions: move a figure, shoot with it, end the turn."""

from __future__ import annotations

from explorer.core import Action, action


@action
class Move(Action):
    """``figure`` goes straight ``to`` a point at most the move away."""

    player: str
    figure: str
    to: tuple[float, float]


@action
class Shoot(Action):
    """``shooter`` rolls one D6 at ``target``."""

    player: str
    shooter: str
    target: str


@action
class EndTurn(Action):
    player: str


ACTIONS = (Move, Shoot, EndTurn)


def describe(act: Action) -> str:
    if isinstance(act, Move):
        return f"{act.figure} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
    if isinstance(act, Shoot):
        return f"{act.shooter} shoots at {act.target}"
    return f"{act.player} ends the turn"
