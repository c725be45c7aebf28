"""The operation (our design, see the Rulings page): the Target Zone, the Operation Track, the Target die, winning."""

import pytest
from test_dice_tactics_support import B, R, end_turn, lab, texts

from explorer import get_ruleset
from explorer.core import Termination
from explorer.rulesets.dice_tactics import Settings, target_die
from explorer.rulesets.dice_tactics.data import TERRAIN
from explorer.rulesets.dice_tactics.scenarios import BOARDS, board

DT = get_ruleset("dice_tactics")


def test_holding_the_target_zone_at_the_end_of_your_turn_scores_the_target_die():
    game = lab({"green-1": ("squad", 3, (4, 3)), "tan-1": ("squad", 3, (8, 5))})
    events = texts(end_turn(game).history[-1].events)
    assert game.position.vp[R] == 2 and "green holds the Target Zone: 2 VP (the Target die)." in events


def test_an_enemy_in_the_zone_means_nobody_holds_it():
    game = lab({"green-1": ("squad", 3, (4, 3)), "tan-1": ("squad", 3, (3, 2))})
    end_turn(game)
    assert game.position.vp == {R: 0, B: 0}


def test_the_zone_scores_only_for_the_player_whose_turn_ends():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (4, 3))})
    end_turn(game)
    assert game.position.vp == {R: 0, B: 0}
    end_turn(game)
    assert game.position.vp[B] == 2


def test_the_marker_advances_at_the_end_of_each_round_and_the_target_die_rises_every_two_spaces():
    assert [target_die(m, 2, 2) for m in range(1, 9)] == [2, 2, 3, 3, 4, 4, 5, 5]
    assert target_die(30, 1, 2) == 6  # never above a die's six
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (8, 5))})
    end_turn(game)
    assert game.position.marker == 1  # the round is not over
    end_turn(game)
    assert game.position.marker == 2 and game.round == 2
    end_turn(game)
    events = texts(end_turn(game).history[-1].events)
    assert game.position.marker == 3 and game.target() == 3
    assert "The Operation Marker advances to space 3; the Target die rises to 3." in events


def test_the_game_ends_when_a_round_ends_with_the_marker_on_the_last_space():
    game = lab({"green-1": ("squad", 3, (4, 3)), "tan-1": ("squad", 3, (8, 5))}, marker=8)
    end_turn(game)  # green holds the zone: 5 VP
    assert game.outcome is None
    end_turn(game)
    assert game.outcome.winner == R and game.outcome.kind == Termination.OBJECTIVE
    assert "the Operation Track has run out: green has more VP (5 to 0)" == game.outcome.reason


def test_equal_vp_when_the_track_runs_out_is_a_draw():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (8, 5))}, marker=8, vp={R: 4, B: 4})
    end_turn(game)
    end_turn(game)
    assert game.outcome.winner is None and "both sides on 4 VP" in game.outcome.reason


def test_reaching_the_vp_goal_wins_at_once():
    game = lab({"green-1": ("squad", 6, (3, 1)), "tan-1": ("squad", 1, (4, 1))}, vp={R: 18, B: 0})
    from explorer.rulesets.dice_tactics import Attack, Claim, Respawn
    game.apply(Attack(R, "green-1", "tan-1"))
    game.apply(Respawn(R, "tan-1", (8, 5)))
    events = texts(game.apply(Claim(R, "eliminate")))
    assert game.outcome.winner == R and "green reaches 21 VP" in game.outcome.reason
    assert events[-1].startswith("Game over, green wins")


def test_the_round_limit_compares_vp():
    game = lab({"green-1": ("squad", 3, (0, 1)), "tan-1": ("squad", 3, (8, 5))}, max_rounds=1, vp={R: 0, B: 1})
    end_turn(game)
    end_turn(game)
    assert game.outcome.winner == B and game.outcome.kind == Termination.ROUND_LIMIT


@pytest.mark.parametrize("name", sorted(BOARDS))
def test_each_board_uses_every_terrain_type_is_mirror_symmetric_and_has_a_middle_zone(name):
    setup = board(BOARDS[name])
    assert set(setup.terrain.values()) | {"ground"} == set(TERRAIN)
    for (c, r), kind in setup.terrain.items():
        assert setup.kind((setup.grid.width - 1 - c, r)) == kind
    assert len(setup.zone) == 9 and all(len(s) == 4 for s in setup.spawns.values())
    assert not set(setup.zone) & {s for squares in setup.spawns.values() for s in squares}


def test_the_designed_defaults_are_the_documented_ones():
    s = Settings()
    assert (s.squad_strength, s.track_length, s.target_step, s.victory_points, s.card_copies,
            s.windmill_resources, s.respawn_anywhere) == (3, 8, 2, 20, 2, 3, True)
    game = DT.new_game("river_crossing")
    assert all(n == 3 for n in game.position.windmills.values()) and len(game.position.windmills) == 4
