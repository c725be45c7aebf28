"""The Simple Plastic Wargame's actions: moving a squad or a lone unit, attacking, ending a phase."""

from __future__ import annotations

from explorer.core import Action, action


@action
class MoveSquad(Action):
    """Move a squad: ``leader`` (its frontmost unit) goes ``to``; the rest follow behind him.

    ``followers``: ``None`` to form up behind the leader, or pairs
    ``(figure_id, (x, y))`` (members not listed stay put). A move whose leader
    stays where it is only closes gaps (a squad with gaps only), and the
    squad has not moved.
    """

    player: str
    squad: str
    leader: str
    to: tuple[float, float]
    followers: tuple[tuple[str, tuple[float, float]], ...] | None = None


@action
class MoveFigure(Action):
    """Move a unit that operates alone (a sniper, a lone heavy weapon)."""

    player: str
    figure: str
    to: tuple[float, float]


@action
class Attack(Action):
    """One attack: ``attacker`` rolls at ``target``'s squad (the closest member in sight dies first)."""

    player: str
    attacker: str
    target: str


@action
class EndPhase(Action):
    """``player`` is done moving (or attacking)."""

    player: str


ACTIONS = (MoveSquad, MoveFigure, Attack, EndPhase)
