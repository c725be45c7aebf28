"""Simple Plastic Wargame: attacking, to-kill numbers, modifiers, cover, special units and exact odds."""

from fractions import Fraction

import pytest

from explorer.core import Dist, RuleViolation
from explorer.core.tabletop import Sight, Terrain
from explorer.rulesets.simple_plastic import (
    Attack, EndPhase, Figure, MoveFigure, Settings, kill_distribution, new_state, to_kill,
)
from explorer.rulesets.simple_plastic.data import MODIFIERS

HILL = Terrain.rect("hill", "hill", 30, 0, 18, 36, elevation=1)  # the east end of the table is high ground
HEDGE = Terrain.rect("hedge", "semi_solid", 20, 0, 0.5, 36)    # a hedge right across the middle
WALL = Terrain.rect("wall", "solid", 20, 0, 1, 36)              # a wall right across the middle


def trooper(fid, side, x, y, *, squad=None, moved=None, **kw):
    """A trooper; green's have ``moved=True`` by default so the base number is the plain 4+.

    (Only the side to play can have moved this turn: tan's figures have not.)
    """
    moved = side == "green" if moved is None else moved
    return Figure(fid, side, kw.pop("kind", "trooper"), squad, x, y, moved=moved, **kw)


def game(*figures, terrain=(), **settings):
    """A game in green's attack phase."""
    state = new_state(Settings(**settings), figures=figures, terrain=terrain)
    state.apply(EndPhase("green"))
    return state


def one_on_one(attacker=None, target=None, terrain=(), **settings):
    attacker = attacker or trooper("g1", "green", 10, 18)
    target = target or trooper("t1", "tan", 25, 18)
    return game(attacker, target, terrain=terrain, **settings)


def deltas(explained):
    return sorted(r.delta for r in explained.reasons if r.delta is not None)


# -- the to-kill roll and its modifiers ------------------------------------------------------

def test_generally_a_4_or_more_kills():
    state = one_on_one()
    need = to_kill(state, "g1", "t1")
    assert need.value == 4 and deltas(need) == []
    assert state.kill_distribution("g1", "t1") == Dist({0: 1, 1: 1})  # exactly 1/2
    assert "simple_plastic:attacking.to_kill" in [r.key for r in need.refs]


@pytest.mark.parametrize("attacker, target, terrain, expected, condition", [
    (trooper("g1", "green", 40, 18), None, (HILL,), 3, "Target is downhill from attacker"),
    (trooper("g1", "green", 10, 18, moved=False), None, (), 3, "Attacker did not move"),
    (None, trooper("t1", "tan", 35, 18), (HILL,), 5, "Target is uphill from attacker"),
    (None, None, (HEDGE,), 5, "Target behind cover"),
    (None, trooper("t1", "tan", 25, 18, in_vehicle=True), (), 5, "Target is in a vehicle"),
])
def test_each_modifier_of_the_table(attacker, target, terrain, expected, condition):
    need = to_kill(one_on_one(attacker, target, terrain), "g1", "t1")
    assert need.value == expected
    (modifier,) = [r for r in need.reasons if r.delta is not None]
    assert modifier.text.startswith(condition)
    assert modifier.ref.key == "simple_plastic:attacking.modifiers"
    assert modifier.delta == next(m.delta for m in MODIFIERS if m.text == condition)


def test_special_units_attacking_and_attacked():
    squad = [trooper(f"g{k}", "green", 5, 10 + 0.75 * k, squad="alpha") for k in range(3)]
    heavy = trooper("gh", "green", 10, 18, kind="heavy")
    t_squad = [trooper(f"t{k}", "tan", 40, 10 + 0.75 * k, squad="bravo") for k in range(3)]
    t_heavy = trooper("th", "tan", 25, 18, kind="heavy")
    state = game(*squad, heavy, *t_squad, t_heavy)
    need = to_kill(state, "gh", "th")  # -1 special attacker, +1 special target
    assert need.value == 4 and deltas(need) == [-1, 1]
    assert to_kill(state, "g0", "th").value == 5


def test_modifiers_add_up():
    # a moved trooper shooting uphill at a heavy weapon behind a hedge: 4 +1 +1 +1 = 7: too well protected
    squad = [trooper(f"t{k}", "tan", 45, 10 + 0.75 * k, squad="bravo") for k in range(2)]
    target = trooper("th", "tan", 35, 18, kind="heavy")
    state = game(trooper("g1", "green", 10, 18), target, *squad, terrain=(HILL, HEDGE))
    need = to_kill(state, "g1", "th")
    assert need.value is None
    assert need.reasons[-1].ref.key == "simple_plastic:attacking.too_well_protected"
    assert deltas(need) == [1, 1, 1]


def test_to_kill_above_6_cannot_be_attacked_and_the_attempt_changes_nothing():
    target = trooper("t1", "tan", 35, 18, in_vehicle=True)
    state = one_on_one(target=target, terrain=(HILL, HEDGE))  # 4 + uphill + cover + vehicle = 7
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="too well protected") as caught:
        state.apply(Attack("green", "g1", "t1"))
    assert caught.value.rule.key == "simple_plastic:attacking.too_well_protected"
    assert state.to_dict() == before
    assert Attack("green", "g1", "t1") not in state.legal_actions
    assert state.kill_distribution("g1", "t1") == Dist.constant(0)


def test_a_6_is_still_allowed():
    target = trooper("t1", "tan", 35, 18)
    state = one_on_one(target=target, terrain=(HILL, HEDGE))  # 4 + uphill + cover = 6
    assert to_kill(state, "g1", "t1").value == 6
    assert state.kill_distribution("g1", "t1").probability(1) == Fraction(1, 6)
    assert Attack("green", "g1", "t1") in state.legal_actions


def test_a_roll_of_1_never_kills():
    # a sniper that did not move, shooting downhill: 4 -1 -1 -1 = 1, so it needs 2+ and a 1 still fails
    sniper = Figure("gs", "green", "sniper", None, 40, 18)
    squad = trooper("g2", "green", 45, 30, squad="alpha")
    state = game(sniper, squad, trooper("t1", "tan", 25, 18), terrain=(HILL,))
    need = to_kill(state, "gs", "t1")
    assert need.value == 2
    assert need.reasons[-1].ref.key == "simple_plastic:attacking.natural_one"
    assert state.kill_distribution("gs", "t1", attacks=1).probability(1) == Fraction(5, 6)
    state.apply(Attack("green", "gs", "t1"), dice=[1])
    assert state.figures["t1"].alive


# -- line of sight and cover -------------------------------------------------------------------

def test_targets_completely_blocked_cannot_be_attacked():
    state = one_on_one(terrain=(WALL,))
    assert state.line_of_sight("g1", "t1").sight is Sight.BLOCKED
    need = to_kill(state, "g1", "t1")
    assert need.value is None and need.reasons[-1].ref.key == "simple_plastic:attacking.line_of_sight"
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="completely blocked"):
        state.apply(Attack("green", "g1", "t1"))
    assert state.to_dict() == before


def test_a_small_visible_part_is_enough():
    corner = Terrain.rect("corner", "solid", 20, 0, 1, 18)  # hides the lower half of the target's base
    state = one_on_one(terrain=(corner,))
    assert state.line_of_sight("g1", "t1").sight is Sight.PARTIAL
    assert to_kill(state, "g1", "t1").value == 5  # attackable, and behind cover


def test_semi_solid_cover_always_counts_as_partial_even_completely_behind():
    state = one_on_one(terrain=(HEDGE,))
    los = state.line_of_sight("g1", "t1")
    assert all(line.screened_by for line in los.lines)
    assert los.sight is Sight.PARTIAL
    assert to_kill(state, "g1", "t1").value == 5


def test_the_hedge_the_attacker_stands_at_does_not_cover_the_target():
    state = one_on_one(attacker=trooper("g1", "green", 19.8, 18), terrain=(HEDGE,))
    assert to_kill(state, "g1", "t1").value == 4


def test_other_figures_block_sight_only_with_the_setting():
    figures = [trooper("g1", "green", 10, 18), trooper("g2", "green", 17.5, 18, squad="x"),
               trooper("t1", "tan", 25, 18)]
    assert to_kill(game(*figures), "g1", "t1").value == 4
    assert to_kill(game(*figures, figures_block_sight=True), "g1", "t1").value is None


def test_hills_hide_figures_below_their_top_unless_turned_off():
    ridge = Terrain.rect("ridge", "hill", 17, 0, 2, 36, elevation=1)
    assert to_kill(one_on_one(terrain=(ridge,)), "g1", "t1").value is None
    assert to_kill(one_on_one(terrain=(ridge,), hills_block_sight=False), "g1", "t1").value == 4


# -- who dies: closest first ---------------------------------------------------------------------

def squad_of(side, squad, x, ys, **kw):
    return [trooper(f"{squad}{k}", side, x, y, squad=squad, **kw) for k, y in enumerate(ys)]


def test_attacks_on_a_squad_kill_its_frontmost_unit_first():
    bravo = squad_of("tan", "b", 25, [16.5, 17.25, 18], )  # b2 is closest to g1 at (10, 18)
    state = game(trooper("g1", "green", 10, 18), *bravo)
    need = to_kill(state, "g1", "b0")
    assert need.reasons[0].ref.key == "simple_plastic:attacking.closest_first"
    events = state.apply(Attack("green", "g1", "b0"), dice=[6])
    assert not state.figures["b2"].alive and state.figures["b0"].alive
    assert [e.kind for e in events] == ["attack", "casualty"]
    assert "simple_plastic:attacking.closest_first" in events[1].rules


def test_the_closest_member_in_sight_is_the_one_attacked():
    block = Terrain.rect("block", "solid", 20, 17.5, 1, 2)  # hides b2 (y=18) but not b0 (y=16)
    bravo = squad_of("tan", "b", 25, [16, 16.75, 18])
    state = game(trooper("g1", "green", 10, 18), *bravo, terrain=(block,))
    assert state.line_of_sight("g1", "b2").sight is Sight.BLOCKED
    state.apply(Attack("green", "g1", "b2"), dice=[6])  # naming the hidden one attacks the squad
    assert state.figures["b2"].alive and not state.figures["b1"].alive


def test_the_casualtys_own_conditions_set_the_number():
    # b1 is closest and in the hedge; b0 further and in the open: the attack is at b1's number
    hedge = Terrain.rect("bush", "semi_solid", 24.5, 17.5, 1, 1)
    bravo = [trooper("b0", "tan", 30, 18, squad="b"), trooper("b1", "tan", 25, 18, squad="b"),
             trooper("b2", "tan", 30, 18.75, squad="b")]
    state = game(trooper("g1", "green", 10, 18), *bravo, terrain=(hedge,))
    assert to_kill(state, "g1", "b0").value == 5


# -- special units ---------------------------------------------------------------------------------

def heavy_vs_squad(size, *, in_vehicle=False, **settings):
    """A heavy weapon (moved: 4 -1 = 3+) in squad alpha2 facing a squad of ``size`` in the open."""
    alpha = trooper("g0", "green", 5, 30, squad="alpha")
    heavy = trooper("gh", "green", 10, 18, kind="heavy", squad="alpha2")
    helper = trooper("g9", "green", 10.75, 18, squad="alpha2")
    bravo = squad_of("tan", "b", 25, [15 + 0.75 * k for k in range(size)], in_vehicle=in_vehicle)
    return game(alpha, heavy, helper, *bravo, **settings)


def test_heavy_weapons_roll_4_dice_each_able_to_kill_closest_first():
    state = heavy_vs_squad(5)
    assert to_kill(state, "gh", "b0").value == 3  # special attacker -1: each die kills with 4/6
    p = Fraction(4, 6)
    dist = state.kill_distribution("gh", "b0")
    assert dist.probability(0) == (1 - p) ** 4 == Fraction(1, 81)
    assert dist.probability(4) == p ** 4
    assert dist.probability(2) == 6 * p ** 2 * (1 - p) ** 2
    events = state.apply(Attack("green", "gh", "b0"), dice=[3, 1, 6, 2])
    killed = [e.data["figure"] for e in events if e.kind == "casualty"]
    assert killed == ["b4", "b3"]  # the two closest to (10, 18): y=18 then y=17.25
    assert events[0].data["dice"] == [3, 1, 6, 2]


def test_heavy_weapons_at_4_plus_by_hand():
    state = heavy_vs_squad(5, in_vehicle=True)
    assert to_kill(state, "gh", "b0").value == 4  # -1 special, +1 vehicle
    dist = state.kill_distribution("gh", "b0")
    assert dist.pmf() == {0: Fraction(1, 16), 1: Fraction(4, 16), 2: Fraction(6, 16), 3: Fraction(4, 16),
                          4: Fraction(1, 16)}


def test_heavy_weapons_cannot_kill_more_figures_than_they_can_see():
    state = heavy_vs_squad(2)
    assert to_kill(state, "gh", "b0").value == 3  # moved, special -1: each die kills on 3+ (2/3)
    p = Fraction(2, 3)
    dist = state.kill_distribution("gh", "b0")
    assert dist.outcomes() == (0, 1, 2)  # only two to kill
    assert dist.probability(0) == (1 - p) ** 4 == Fraction(1, 81)
    assert dist.probability(1) == 4 * p * (1 - p) ** 3 == Fraction(8, 81)
    assert dist.probability(2) == Fraction(72, 81)


def test_heavy_weapons_setting_one_kill_at_most():
    state = heavy_vs_squad(5, heavy_weapons_kills="one")
    dist = state.kill_distribution("gh", "b0")  # 3+: each die 2/3
    assert dist.pmf() == {0: Fraction(1, 81), 1: Fraction(80, 81)}
    events = state.apply(Attack("green", "gh", "b0"), dice=[6, 6, 6, 6])
    assert len([e for e in events if e.kind == "casualty"]) == 1


def sniper_game(*targets, sniper_moved=False):
    sniper = Figure("gs", "green", "sniper", None, 10, 18, moved=sniper_moved)
    squad = trooper("g2", "green", 2, 34, squad="alpha")
    return game(sniper, squad, *targets)


def test_a_sniper_that_did_not_move_needs_2_against_an_ordinary_target_and_still_fails_on_1():
    state = sniper_game(trooper("t1", "tan", 25, 18))
    need = to_kill(state, "gs", "t1")
    assert need.value == 2 and deltas(need) == [-1, -1]  # "did not move" and "special unit"
    assert state.kill_distribution("gs", "t1", attacks=1).pmf() == {0: Fraction(1, 6), 1: Fraction(5, 6)}
    state.apply(Attack("green", "gs", "t1"), dice=[1])
    assert state.figures["t1"].alive
    state.apply(Attack("green", "gs", "t1"), dice=[2])
    assert not state.figures["t1"].alive


def test_a_sniper_attacks_twice_and_may_pick_two_targets():
    state = sniper_game(trooper("t1", "tan", 25, 18), trooper("t2", "tan", 25, 25))
    state.apply(Attack("green", "gs", "t1"), dice=[5])
    state.apply(Attack("green", "gs", "t2"), dice=[5])
    assert not state.figures["t1"].alive and not state.figures["t2"].alive


def test_a_sniper_has_only_two_attacks():
    state = sniper_game(*squad_of("tan", "b", 25, [15, 15.75, 16.5]))
    state.apply(Attack("green", "gs", "b0"), dice=[1])
    state.apply(Attack("green", "gs", "b0"), dice=[1])
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="already made its 2 attacks") as caught:
        state.apply(Attack("green", "gs", "b0"))
    assert caught.value.rule.key == "simple_plastic:special_units.sniper"
    assert state.to_dict() == before


def test_a_sniper_that_moved_cannot_attack():
    sniper = Figure("gs", "green", "sniper", None, 10, 18)
    state = new_state(figures=[sniper, trooper("g2", "green", 2, 34, squad="alpha"), trooper("t1", "tan", 25, 18)])
    state.apply(MoveFigure("green", "gs", (12, 18)))
    state.apply(EndPhase("green"))
    need = to_kill(state, "gs", "t1")
    assert need.value is None and need.reasons[-1].ref.key == "simple_plastic:special_units.sniper"
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="cannot attack after moving"):
        state.apply(Attack("green", "gs", "t1"))
    assert state.to_dict() == before
    assert not any(a.attacker == "gs" for a in state.legal_actions if isinstance(a, Attack))


def test_a_snipers_two_attacks_on_one_squad_exactly():
    state = sniper_game(*squad_of("tan", "b", 25, [17.25, 18]))
    # each shot needs 2+ (5/6); the second falls on whoever is then closest
    dist = state.kill_distribution("gs", "b0")
    assert dist.pmf() == {0: Fraction(1, 36), 1: Fraction(10, 36), 2: Fraction(25, 36)}
    lone = sniper_game(trooper("t1", "tan", 25, 18))
    assert lone.kill_distribution("gs", "t1").pmf() == {0: Fraction(1, 36), 1: Fraction(35, 36)}


def test_the_second_attack_uses_the_next_casualtys_conditions():
    # b1 stands in the open, b0 further off in a bush: the first shot needs 2+, a second after b1 dies 3+
    bush = Terrain.circle("bush", "semi_solid", (30, 18), 1)
    sniper = Figure("gs", "green", "sniper", None, 10, 18)
    squad = trooper("g2", "green", 2, 34, squad="alpha")
    state = game(sniper, squad, trooper("b0", "tan", 30, 18, squad="b"), trooper("b1", "tan", 25, 18, squad="b"),
                 terrain=(bush,))
    assert to_kill(state, "gs", "b0").value == 2
    assert to_kill(state.board().without("b1"), "gs", "b0").value == 3
    p1, p2 = Fraction(5, 6), Fraction(4, 6)
    assert state.kill_distribution("gs", "b0").pmf() == {
        0: (1 - p1) ** 2, 1: p1 * (1 - p2) + (1 - p1) * p1, 2: p1 * p2,
    }


# -- attacking and the turn ----------------------------------------------------------------------------

def test_each_unit_attacks_once_per_turn():
    state = game(trooper("g1", "green", 10, 18), *squad_of("tan", "b", 25, [16, 16.75, 17.5]))
    state.apply(Attack("green", "g1", "b0"), dice=[1])
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="already made its 1 attack"):
        state.apply(Attack("green", "g1", "b0"))
    assert state.to_dict() == before


def test_no_attacks_in_the_move_phase_nor_on_your_own_side_nor_by_the_dead():
    state = new_state(figures=[trooper("g1", "green", 10, 18), trooper("g2", "green", 10, 20),
                               trooper("t1", "tan", 25, 18), trooper("t2", "tan", 25, 20, alive=False)])
    with pytest.raises(RuleViolation, match="move phase") as caught:
        state.apply(Attack("green", "g1", "t1"))
    assert caught.value.rule.key == "simple_plastic:turn"
    state.apply(EndPhase("green"))
    with pytest.raises(RuleViolation, match="own side"):
        state.apply(Attack("green", "g1", "g2"))
    with pytest.raises(RuleViolation, match="already a casualty"):
        state.apply(Attack("green", "g1", "t2"))
    with pytest.raises(RuleViolation, match="it is green's turn"):
        state.apply(Attack("tan", "t1", "g1"))
    with pytest.raises(RuleViolation, match="no figure"):
        state.apply(Attack("green", "g1", "nobody"))


def test_attack_odds_of_an_action_are_exact_and_refuse_illegal_attacks():
    state = one_on_one(attacker=trooper("g1", "green", 10, 18, moved=False))
    assert state.attack_odds(Attack("green", "g1", "t1")).pmf() == {0: Fraction(1, 3), 1: Fraction(2, 3)}
    walled = one_on_one(terrain=(WALL,))
    with pytest.raises(RuleViolation):
        walled.attack_odds(Attack("green", "g1", "t1"))


def test_the_attack_event_explains_the_number_and_the_dice():
    state = one_on_one(terrain=(HEDGE,))
    (event, casualty, over) = state.apply(Attack("green", "g1", "t1"), dice=[5])
    assert event.data["need"] == 5 and event.data["dice"] == [5] and event.data["killed"] == ["t1"]
    assert "simple_plastic:attacking.modifiers" in event.rules
    assert any("Target behind cover (hedge)" in why for why in event.data["why"])
    assert casualty.kind == "casualty" and casualty.data == {"figure": "t1"}
    assert over.kind == "game_over" and over.data["winner"] == "green"  # t1 was tan's last figure


def test_kill_distribution_is_a_pure_function_of_a_board():
    state = one_on_one()
    board = state.board()
    assert kill_distribution(board, "g1", "t1") == state.kill_distribution("g1", "t1")
    nearer = board.moving("t1", 25, 30)
    assert to_kill(nearer, "g1", "t1").value == 4
    assert state.figures["t1"].y == 18  # the game is untouched


@pytest.mark.parametrize("size, settings", [(5, {}), (2, {}), (5, {"heavy_weapons_kills": "one"})])
def test_the_games_dice_and_the_books_odds_are_one_rule(size, settings):
    """Play the attack with every face of its four dice: the share of each kill count is ``chance()``."""
    import itertools

    state = heavy_vs_squad(size, **settings)
    attack = Attack("green", "gh", "b0")
    counts: dict[int, int] = {}
    for faces in itertools.product(range(1, 7), repeat=4):
        events = state.apply(attack, dice=list(faces))
        kills = sum(e.kind == "casualty" for e in events)
        counts[kills] = counts.get(kills, 0) + 1
        state.undo()
    assert Dist(counts) == state.chance(attack) == state.attack_odds(attack)
    assert state.chance(EndPhase("green")) is None  # nothing left to chance


def test_chance_of_an_illegal_action_is_refused():
    state = heavy_vs_squad(2)
    with pytest.raises(RuleViolation, match="turn"):
        state.chance(Attack("tan", "b0", "gh"))


def test_a_house_to_kill_number_is_where_the_modifiers_start_and_says_so():
    """base_to_kill (a setting, see the Rulings): the source's 4+ by default; a table may play 5+."""
    import pytest as _pytest

    from explorer.rulesets.simple_plastic import examples as _examples
    from explorer.rulesets.simple_plastic import attacking as _attacking
    from explorer.rulesets.simple_plastic.rulings import Settings as _Settings

    ruled = _attacking.to_kill(_examples.duel_board(), "a", "t")
    house = _attacking.to_kill(_examples.duel_board(settings=_Settings(base_to_kill=5)), "a", "t")
    assert ruled.value + 1 == house.value == 4  # 5+, -1 for an attacker who did not move
    assert "a roll of 5 or more kills (house rule; the source says 4)" in house.explain()
    assert "house rule" not in ruled.explain()
    low = _attacking.to_kill(_examples.duel_board(settings=_Settings(base_to_kill=2)), "a", "t")
    assert low.value == 2  # 2 - 1 is 1, and a 1 never kills
    for wrong in (1, 7):
        with _pytest.raises(ValueError, match="base_to_kill"):
            _Settings(base_to_kill=wrong)


def _shielded(**settings):
    # t1, the squad's closest member, is behind a hedge: 6 (house base) + 1 = 7, too well protected; t2, beside
    # him, stands in the open and would need a 6
    hedge = Terrain.rect("hedge", "semi_solid", 12, 8, 0.5, 2.1)
    squad = [trooper("t1", "tan", 15, 10, squad="bravo"), trooper("t2", "tan", 15, 10.75, squad="bravo")]
    return game(trooper("g1", "green", 5, 10), *squad, terrain=(hedge,), base_to_kill=6, **settings)


def test_one_squad_member_too_well_protected_shields_the_whole_squad_by_default():
    state = _shielded()
    assert state.settings.too_well_protected == "shields_squad"
    need = to_kill(state, "g1", "t2")
    assert need.value is None and "t1 would need 7" in need.reasons[-1].text
    with pytest.raises(RuleViolation, match="too well protected"):
        state.apply(Attack("green", "g1", "t2"))
    assert state.kill_distribution("g1", "t2") == Dist.constant(0)


def test_with_the_setting_the_attack_passes_over_the_protected_member_to_the_next_closest():
    state = _shielded(too_well_protected="ignored")
    for target in ("t1", "t2"):   # an attack on the squad falls on t2
        assert to_kill(state, "g1", target).value == 6
        assert state.kill_distribution("g1", target).probability(1) == Fraction(1, 6)
    state.apply(Attack("green", "g1", "t1"), dice=[6])
    assert not state.figures["t2"].alive and state.figures["t1"].alive


def test_the_worded_number_names_the_cover_the_victims_traced_sight_names():
    """The to-kill number counts cover exactly when the traced sight to the victim is PARTIAL, and its reason
    names what that sight names (sight traced once for both), in positions of a played game."""
    import random

    import explorer
    from explorer.rulesets.simple_plastic.attacking import closest_target, sight
    from explorer.rulesets.simple_plastic.position import in_play
    state, rng = explorer.get_ruleset("simple_plastic").new_game("skirmish", seed=5), random.Random(5)
    cover = next(m for m in MODIFIERS if m.condition == "target_in_cover")
    seen = set()
    for _ in range(120):
        if state.is_over:
            break
        for attacker in in_play(state):
            for target in in_play(state):
                need = state.to_kill(attacker.id, target.id)
                victim = closest_target(state, attacker, target)
                if need.value is None or victim is None:
                    continue
                lines = sight(state, attacker, victim)
                named = [r.text for r in need.reasons if r.text.startswith(cover.text)]
                in_cover = lines.sight is Sight.PARTIAL
                assert named == ([f"{cover.text} ({', '.join(lines.cover)})"] if in_cover else [])
                seen.add(in_cover)
        state.apply(rng.choice(list(state.legal_actions)))
    assert seen == {True, False}
