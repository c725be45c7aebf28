"""The Simple Plastic Wargame's tests of a position, for its practice challenges (``challenges.toml``).

``TESTS``: name -> f(state, challenge, **args) -> bool. Each asks the ruleset's own rule functions (line of
sight and cover, squad cohesion) through the package's public names, so a challenge is graded by
the same rules the game plays by. A figure is named by ``figure`` (its id); a squad by ``squad``.
"""

from __future__ import annotations

from explorer.core.tabletop import Sight
from explorer.rulesets.simple_plastic import in_cohesion, sight


def _members(state, figure: str | None = None, squad: str | None = None) -> list:
    """The figures a test is about: one named figure, or a squad's members in play (both: an error)."""
    if (figure is None) == (squad is None):
        raise ValueError("name a figure or a squad (one of them)")
    if figure is not None:
        return [state.figures[figure]]
    return [f for f in state.figures.values() if f.squad == squad and f.alive]


def _enemies(state, side: str) -> list:
    return [f for f in state.figures.values() if f.alive and f.side != side]


def in_terrain(state, challenge, figure: str, terrain: str) -> bool:
    """The figure is in play and stands in the named terrain (its centre on it: 'in the bushes')."""
    me = state.figures[figure]
    return me.alive and any(t.name == terrain for t in state.table.terrain_at(me.position))


def unseen(state, challenge, figure: str | None = None, squad: str | None = None) -> bool:
    """Every member is in play and no enemy in play can see any part of it (attacking.line_of_sight)."""
    members = _members(state, figure, squad)
    return bool(members) and all(
        me.alive and all(sight(state, enemy, me).is_blocked for enemy in _enemies(state, me.side))
        for me in members)


def in_cover(state, challenge, figure: str | None = None, squad: str | None = None, by: str | None = None) -> bool:
    """Every member is in play, seen by some enemy, and behind cover from every enemy that sees it: no
    enemy has a clear view (attacking.cover). Wholly hidden is a different lesson (``unseen``). With ``by``
    (a terrain's name), that terrain is part of the cover from each of them ("in the thicket's cover")."""
    members = _members(state, figure, squad)
    for me in members:
        views = [sight(state, enemy, me) for enemy in _enemies(state, me.side)]
        seen = [view for view in views if not view.is_blocked]
        if not me.alive or not seen or any(view.sight is Sight.CLEAR for view in seen):
            return False
        if by is not None and not all(by in view.cover for view in seen):
            return False
    return bool(members)


def squad_in_cohesion(state, challenge, squad: str, still: bool = False) -> bool:
    """The squad's members in play stand in one chain, each within one finger of another (moving.cohesion);
    with ``still``, none of them counts as having moved this turn (closing gaps is not a move)."""
    members = _members(state, squad=squad)
    return (bool(members) and in_cohesion([f.position for f in members])
            and not (still and any(f.moved for f in members)))


def out_of_play(state, challenge, figure: str) -> bool:
    """The named figure is a casualty."""
    return not state.figures[figure].alive


TESTS = {
    "in_terrain": in_terrain,
    "unseen": unseen,
    "in_cover": in_cover,
    "in_cohesion": squad_in_cohesion,
    "out_of_play": out_of_play,
}
