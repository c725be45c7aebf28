"""Simple Plastic Wargame: spans, squads moving by their frontmost unit, cohesion, closing gaps."""

import math

import pytest

from explorer.core import RuleViolation
from explorer.core.tabletop import Terrain, distance
from explorer.rulesets.simple_plastic import (
    Attack, EndPhase, Figure, MoveFigure, MoveSquad, Settings, in_cohesion, move_allowance, new_state, to_kill,
)


def squad(side, name, x, y, size, *, dx=0.0, dy=0.75, dead=()):
    return [Figure(f"{name}{k}", side, "trooper", name, x + dx * k, y + dy * k, alive=k not in dead)
            for k in range(size)]


def game(*figures, terrain=(), **settings):
    return new_state(Settings(**settings), figures=figures, terrain=terrain)


def alpha_and_bravo(**settings):
    """Green squad alpha (a0..a4) in a column along y at x=10; tan squad bravo far east."""
    return game(*squad("green", "a", 10, 10, 5), *squad("tan", "b", 40, 10, 5), **settings)


def positions(state, name):
    return [f.position for f in state.figures.values() if f.squad == name and f.alive]


def refuses(state, act, section, match=None):
    """The action is refused citing ``section``, and the state is exactly as it was."""
    before = state.to_dict()
    with pytest.raises(RuleViolation, match=match) as caught:
        state.apply(act)
    assert caught.value.rule.key == f"simple_plastic:{section}"
    assert str(caught.value).count("(rule ") == 1 and caught.value.action == act
    assert state.to_dict() == before
    assert act not in state.legal_actions
    return caught.value


# -- the span ------------------------------------------------------------------------------

def test_the_span_is_4_inches_for_children_and_adults_by_default():
    state = alpha_and_bravo()
    allowance = move_allowance(state, "a0")
    assert allowance.value == 4.0
    assert "simple_plastic:moving.span" in [r.key for r in allowance.refs]
    adult = move_allowance(alpha_and_bravo(span="adult"), "a0")
    assert adult.value == 4.0 and "simple_plastic:rulings.span_length" in [r.key for r in adult.refs]


def test_adults_may_be_given_a_shorter_short_span():
    state = alpha_and_bravo(span="adult", short_span_inches=3.0)
    assert move_allowance(state, "a0").value == 3.0
    assert move_allowance(alpha_and_bravo(short_span_inches=3.0), "a0").value == 4.0  # children keep 4
    refuses(state, MoveSquad("green", "a", "a4", (10, 13 + 3.01)), "moving.span", "up to 3 inches")
    state.apply(MoveSquad("green", "a", "a4", (10, 16.0)))


def lone_heavy_game():
    heavy = Figure("gh", "green", "heavy", None, 10, 18)
    return game(heavy, *squad("green", "a", 5, 5, 2), *squad("tan", "b", 40, 10, 2))


def test_a_lone_unit_moves_up_to_exactly_one_span():
    state = lone_heavy_game()
    refuses(state, MoveFigure("green", "gh", (14.01, 18)), "moving.span", "up to 4 inches")
    (event,) = state.apply(MoveFigure("green", "gh", (10 + 4 * math.cos(1), 18 + 4 * math.sin(1))))
    assert event.data["distance"] == pytest.approx(4)
    assert state.figures["gh"].moved
    assert state.move_allowance("gh").value == 0.0  # it has had its move this turn


def test_a_unit_moves_once_per_turn():
    state = lone_heavy_game()
    state.apply(MoveFigure("green", "gh", (12, 18)))
    refuses(state, MoveFigure("green", "gh", (13, 18)), "moving.span", "already moved")


# -- squads --------------------------------------------------------------------------------

def test_a_squad_moves_by_its_frontmost_unit_and_the_rest_follow_in_cohesion():
    state = alpha_and_bravo()
    (event,) = state.apply(MoveSquad("green", "a", "a4", (14, 13)))  # a4 at (10, 13) leads 4 inches east
    assert state.figures["a4"].position == (14, 13)
    assert in_cohesion(positions(state, "a"))
    assert all(f.moved for f in state.figures.values() if f.squad == "a")
    # only the leader's move is measured: a follower may go much further than a span
    assert distance((10, 10), state.figures["a0"].position) > 4
    assert event.data["moved"] and event.data["leader"] == "a4"


def test_the_leader_must_be_the_frontmost_unit_for_that_direction():
    state = alpha_and_bravo()
    # moving north, a4 (y=13) is in front; a0 (y=10) leading would let the squad go a span plus its length
    refuses(state, MoveSquad("green", "a", "a0", (10, 14)), "moving.squads", "not the frontmost")
    state.apply(MoveSquad("green", "a", "a4", (10, 17)))


def test_any_member_within_one_finger_of_the_front_may_lead():
    state = alpha_and_bravo()
    # moving east, the whole column is level: any member may lead
    state.apply(MoveSquad("green", "a", "a2", (14, 11.5)))
    assert in_cohesion(positions(state, "a"))


def test_the_leader_setting_any_lets_the_rear_unit_lead():
    state = alpha_and_bravo(leader="any")
    state.apply(MoveSquad("green", "a", "a0", (10, 14)))
    assert state.figures["a0"].position == (10, 14)


def test_explicit_followers_must_keep_cohesion():
    state = alpha_and_bravo()
    placed = ((f"a{k}", (14 - 0.75 * k, 10.0)) for k in range(1, 5))
    refuses(state, MoveSquad("green", "a", "a0", (14, 10), followers=(("a1", (12, 10)),)), "moving.cohesion", "cohesion")
    state.apply(MoveSquad("green", "a", "a0", (14, 10), followers=tuple(placed)))
    assert positions(state, "a") == [(14, 10), (13.25, 10), (12.5, 10), (11.75, 10), (11.0, 10)]


def test_followers_not_listed_stay_put():
    state = alpha_and_bravo()
    state.apply(MoveSquad("green", "a", "a4", (10, 13.4), followers=(("a3", (10, 12.45)),)))
    assert state.figures["a0"].position == (10, 10)
    assert state.figures["a3"].position == (10, 12.45)


def test_followers_must_be_members_placed_once():
    state = alpha_and_bravo()
    refuses(state, MoveSquad("green", "a", "a4", (10, 14), followers=(("b1", (10, 13)),)), "moving.squads", "not a follower")
    refuses(state, MoveSquad("green", "a", "a4", (10, 14), followers=(("a3", (10, 13)), ("a3", (10, 13.5)))),
            "moving.squads", "placed twice")


def test_squad_members_do_not_move_alone_and_lone_units_are_not_squads():
    state = lone_heavy_game()
    refuses(state, MoveFigure("green", "a0", (6, 5)), "moving.squads", "move with it")
    refuses(state, MoveSquad("green", "nobody", "gh", (12, 18)), "moving.squads", "no squad")
    refuses(state, MoveSquad("green", "a", "gh", (12, 18)), "moving.squads", "not a living member")


def test_only_the_side_to_act_moves_and_only_in_its_move_phase():
    state = alpha_and_bravo()
    refuses(state, MoveSquad("tan", "b", "b0", (36, 10)), "turn", "green's turn")
    state.apply(EndPhase("green"))
    refuses(state, MoveSquad("green", "a", "a4", (14, 13)), "turn", "attack phase")


# -- where figures may stand ------------------------------------------------------------------

def test_no_moving_through_or_onto_solid_terrain_off_the_table_or_onto_other_bases():
    wall = Terrain.rect("wall", "solid", 12, 0, 1, 20)
    state = game(Figure("gh", "green", "heavy", None, 10, 18), *squad("green", "a", 5, 25, 2),
                 *squad("tan", "b", 40, 10, 2), Figure("t9", "tan", "trooper", None, 10, 20.2), terrain=(wall,))
    refuses(state, MoveFigure("green", "gh", (14, 18)), "rulings.solid_terrain", "through solid terrain")
    refuses(state, MoveFigure("green", "gh", (12.5, 18)), "rulings.solid_terrain", "through solid terrain")
    refuses(state, MoveFigure("green", "gh", (11.9, 18)), "rulings.solid_terrain", "stand on solid terrain")
    refuses(state, MoveFigure("green", "gh", (10, 20)), "rulings.bases", "base")
    edge = game(Figure("gh", "green", "heavy", None, 2, 18), *squad("green", "a", 5, 25, 2),
                *squad("tan", "b", 40, 10, 2))
    refuses(edge, MoveFigure("green", "gh", (0.1, 18)), "rulings.bases", "off the table")
    refuses(edge, MoveFigure("green", "gh", ("left", 18)), "moving.span", "a point")


def test_followers_form_up_around_terrain():
    wall = Terrain.rect("wall", "solid", 11, 0, 1, 30)  # right behind the leader's destination
    state = game(*squad("green", "a", 13, 10, 5), *squad("tan", "b", 40, 10, 5), terrain=(wall,))
    state.apply(MoveSquad("green", "a", "a0", (12.8, 6.5), followers=None))
    assert in_cohesion(positions(state, "a"))
    assert not any(state.table.in_solid(p) for p in positions(state, "a"))


def test_any_legal_destination_is_accepted_not_only_the_menu():
    state = alpha_and_bravo()
    act = MoveSquad("green", "a", "a4", (12.345, 14.21))
    assert act not in set(state.legal_actions)  # not one of the offered compass moves...
    assert act in state.legal_actions            # ...but legal all the same
    state.apply(act)
    assert state.figures["a4"].position == (12.345, 14.21)


def test_the_menu_of_moves_is_finite_and_every_offer_is_legal():
    state = alpha_and_bravo()
    offered = list(state.legal_actions)
    assert 0 < len(offered) <= 2 * 8 + 2
    for act in offered:
        assert state.why_illegal(act) is None


# -- casualties' gaps --------------------------------------------------------------------------

def gappy_game():
    """Alpha lost a2, its middle member: a0-a1 and a3-a4 are two pairs with a gap between."""
    return game(*squad("green", "a", 10, 10, 5, dead=(2,)), *squad("tan", "b", 25, 10, 5))


def test_gaps_left_by_casualties_must_be_closed_before_the_move_phase_ends():
    state = gappy_game()
    assert not in_cohesion(positions(state, "a"))
    refuses(state, EndPhase("green"), "moving.cohesion", "gaps")
    closing = [a for a in state.legal_actions if isinstance(a, MoveSquad)
               and state.figures[a.leader].position == a.to]
    assert len(closing) == 1


def test_a_squad_that_merely_closes_gaps_has_not_moved():
    state = gappy_game()
    leader = state.figures["a4"]
    (event,) = state.apply(MoveSquad("green", "a", "a4", leader.position))
    assert not event.data["moved"] and "closes its gaps" in event.text
    assert in_cohesion(positions(state, "a"))
    assert not any(f.moved for f in state.figures.values() if f.squad == "a")
    state.apply(EndPhase("green"))
    need = to_kill(state, "a4", "b0")
    assert any(r.text == "Attacker did not move" for r in need.reasons)


def test_a_squad_that_moved_loses_the_did_not_move_bonus():
    state = alpha_and_bravo()
    state.apply(MoveSquad("green", "a", "a2", (14, 11.5)))
    state.apply(EndPhase("green"))
    assert state.to_kill("a2", "b0").value == 4
    still = alpha_and_bravo()
    still.apply(EndPhase("green"))
    assert still.to_kill("a2", "b0").value == 3


def test_a_sniper_that_moves_zero_inches_has_not_moved():
    sniper = Figure("gs", "green", "sniper", None, 10, 30)
    state = game(sniper, *squad("green", "a", 5, 5, 2), *squad("tan", "b", 25, 30, 2))
    state.apply(MoveFigure("green", "gs", (10, 30)))
    state.apply(EndPhase("green"))
    state.apply(Attack("green", "gs", "b0"))


def test_moved_flags_are_cleared_when_the_turn_passes():
    state = alpha_and_bravo()
    state.apply(MoveSquad("green", "a", "a2", (14, 11.5)))
    state.apply(EndPhase("green"))
    state.apply(EndPhase("green"))
    assert not any(f.moved for f in state.figures.values())
    assert state.side == "tan" and state.phase == "move"


# -- issue 7: squads may not creep forward ----------------------------------------------------------

def test_a_squad_without_gaps_cannot_stay_put_and_move_its_others_forward():
    """Issue 7 (a): keeping the leader still is closing gaps, and only a squad with gaps has any."""
    state = alpha_and_bravo()
    forward = tuple((f"a{k}", (10.6, 10 + 0.75 * k)) for k in range(4))  # everyone but a4 steps east
    refuses(state, MoveSquad("green", "a", "a4", (10, 13), followers=forward), "rulings.closing_gaps", "no gaps")
    refuses(state, MoveSquad("green", "a", "a4", (10, 13)), "rulings.closing_gaps", "no gaps")
    assert not any(isinstance(a, MoveSquad) and state.figures[a.leader].position == a.to for a in state.legal_actions)


def test_closing_gaps_draws_the_squad_in_on_its_leader_and_no_further():
    """Issue 7 (a): closing gaps, each follower moves toward the leader who stays (ruling closing_gaps)."""
    state = gappy_game()  # a0 a1 _ a3 a4 in a column at x = 10; b east
    # a0 and a1 walk east past the line to a4: further forward than closing gaps allows
    ahead = (("a0", (11.0, 11.5)), ("a1", (11.0, 12.25)))
    refuses(state, MoveSquad("green", "a", "a4", (10, 13), followers=ahead), "rulings.closing_gaps", "off the line")
    away = (("a3", (10, 12.0)),)  # a3 steps away from a4 (and leaves the gap open)
    refuses(state, MoveSquad("green", "a", "a4", (10, 13), followers=away), "rulings.closing_gaps", "further from")
    toward = (("a0", (10, 10.75)), ("a1", (10, 11.5)))
    (event,) = state.apply(MoveSquad("green", "a", "a4", (10, 13), followers=toward))
    assert not event.data["moved"] and in_cohesion(positions(state, "a"))
    assert max(x for x, _ in positions(state, "a")) == 10  # nobody came forward


def test_the_closing_move_offered_keeps_everyone_on_the_line_to_the_leader():
    state = gappy_game()
    (closing,) = [a for a in state.legal_actions if isinstance(a, MoveSquad) and state.figures[a.leader].position == a.to]
    start = {f.id: f.position for f in state.figures.values()}
    state.apply(closing)
    leader = state.figures[closing.leader].position
    for fid in ("a0", "a1", "a3", "a4"):
        now = state.figures[fid].position
        assert distance(now, leader) <= distance(start[fid], leader) + 1e-9
        assert now[0] == pytest.approx(10)  # the column stays on its line: the front did not advance


def test_followers_end_behind_the_leader_not_ahead_of_him():
    """Issue 7 (b): 'then move the rest of the squad behind him' (ruling followers)."""
    state = alpha_and_bravo()
    # a column along y moves east: a2 leads to x = 14; nobody may end east of him
    ahead = tuple((f"a{k}", (14.5 + 0.75 * (k % 2), 10 + 0.75 * k)) for k in (0, 1, 3, 4))
    refuses(state, MoveSquad("green", "a", "a2", (14, 11.5), followers=ahead), "rulings.followers", "ahead of a2")
    level = tuple((f"a{k}", (14.0, 10 + 0.75 * k)) for k in (0, 1, 3, 4))  # level with him is behind enough
    state.apply(MoveSquad("green", "a", "a2", (14, 11.5), followers=level))
    assert max(x for x, _ in positions(state, "a")) == 14


def test_formed_up_followers_are_never_ahead_of_the_leader():
    state = alpha_and_bravo()
    for act in [a for a in state.legal_actions if isinstance(a, MoveSquad)]:
        trial = state.clone()
        trial.apply(act)
        lead = trial.figures[act.leader].position
        direction = ((lead[0] - state.figures[act.leader].position[0]) / 4,
                     (lead[1] - state.figures[act.leader].position[1]) / 4)
        front = lead[0] * direction[0] + lead[1] * direction[1]
        assert all(x * direction[0] + y * direction[1] <= front + 1e-6 for x, y in positions(trial, "a")), act


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -4.0, 0.0, 100.0, "4", True])
def test_a_span_must_be_a_finite_length(value):
    """Issue 7 (d): NaN, infinity and silly spans are refused (ruling span_range)."""
    with pytest.raises(ValueError, match="child_span_inches"):
        Settings(child_span_inches=value)
    with pytest.raises(ValueError, match="short_span_inches"):
        Settings(short_span_inches=value)


@pytest.mark.parametrize("act, section, message", [
    (MoveSquad("green", ["a"], "a4", (10, 14)), "moving.squads", "named by text"),
    (MoveSquad("green", "a", ["a4"], (10, 14)), "moving.squads", "figure's id"),
    (MoveSquad("green", "a", "a4", (10, 14, 3)), "moving.span", "a point"),
    (MoveSquad("green", "a", "a4", "north"), "moving.span", "a point"),
    (MoveSquad("green", "a", "a4", (10, 14), followers=(("a3",),)), "moving.squads", "pairs"),
    (MoveSquad("green", "a", "a4", (10, 14), followers=5), "moving.squads", "pairs"),
    (MoveSquad("green", "b", "b4", (36, 13)), "turn", "tan's, not green's"),
    (MoveFigure("green", ["a0"], (10, 9)), "moving.span", "figure's id"),
    (MoveFigure("green", "b0", (36, 10)), "turn", "tan's, not green's"),
    (MoveFigure("green", "nobody", (36, 10)), "moving.span", "no figure"),
    (Attack("green", ("a0",), "b0"), "attacking", "figure's id"),
    (Attack("green", "b0", "a0"), "turn", "tan's, not green's"),
    (Attack("green", "a0", "ghost"), "attacking", "no figure"),
])
def test_malformed_actions_are_refused_with_the_rule_and_change_nothing(act, section, message):
    state = alpha_and_bravo()
    if isinstance(act, Attack):
        state.apply(EndPhase("green"))  # out of its phase, an attack is refused by the turn first
    refuses(state, act, section, message)


def test_values_json_cannot_hold_are_refused_where_an_action_is_made():
    from explorer.core import MalformedAction

    for bad in (float("nan"), float("inf"), object()):
        with pytest.raises(MalformedAction):
            MoveFigure("green", "a0", (bad, 1))
    from fractions import Fraction
    assert MoveFigure("green", "a0", (Fraction(1, 2), 3)).to == (0.5, 3)


def test_coordinates_of_any_number_type_become_floats_that_save_and_load():
    from decimal import Decimal
    from fractions import Fraction

    import numpy

    from explorer.core import MalformedAction, load_json

    for x in (Fraction(25, 2), Decimal("12.5"), numpy.float64(12.5), numpy.float32(12.5)):
        state = lone_heavy_game()
        act = MoveFigure("green", "gh", (x, 18))
        assert act == MoveFigure("green", "gh", (12.5, 18)) and type(act.to[0]) is float
        state.apply(act)
        assert load_json(state.to_json()) == state
    for bad in (float("nan"), float("inf"), object(), {"x": 1}):
        with pytest.raises(MalformedAction, match="MoveFigure.to"):
            MoveFigure("green", "gh", (bad, 18))


def test_a_leader_may_not_end_on_another_base_even_with_his_file_free_behind_him():
    """The plan's shortcut for a free file behind the leader still checks the leader's own spot."""
    state = game(*squad("green", "a", 10, 10, 5), *squad("tan", "b", 40, 10, 5),
                 Figure("tx", "tan", "trooper", None, 10, 16.2))
    refuses(state, MoveSquad("green", "a", "a4", (10, 16)), "rulings.bases", "a4 would stand on tx's base")
