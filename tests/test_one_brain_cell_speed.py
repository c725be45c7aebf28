"""1BC's quick answers for listing equal the plain rules they stand for, on many positions of random games and
many random spots: each test fails if its fast path is broken."""

from __future__ import annotations

import math
import random

import explorer
from explorer.core.tabletop import COMPASS, step
from explorer.core.tabletop.sight import hides_more_than
from explorer.rulesets.one_brain_cell.move_offers import _ground
from explorer.rulesets.one_brain_cell.moving import _ground_problem
from explorer.rulesets.one_brain_cell.position import in_play, standing
from explorer.rulesets.one_brain_cell.shooting import _work_out_shot, can_shoot
from explorer.rulesets.one_brain_cell.terrain import in_cover, in_rough


def _positions(games: int = 3, actions: int = 90, every: int = 2):
    """Positions of random games on the skirmish table (figures scatter, so many are cut off from their squad)."""
    for seed in range(games):
        state = explorer.new_game("one_brain_cell", "skirmish", seed=seed)
        rng = random.Random(seed)
        for n in range(actions):
            if state.is_over:
                break
            if n % every == 0:
                yield state
            state.apply(rng.choice(list(state.legal_actions)))


def test_can_shoot_says_what_the_worded_plan_says():
    """can_shoot traces cover only where it decides (a shooter cut off from his squad, at long range): its yes or
    no is the worded plan's, for every shooter and enemy in play, cut off or not."""
    pairs = cut_off_long = 0
    for state in _positions():
        for f in standing(state):
            if f.arms.indirect:
                continue  # a mortar's answer is its plan itself
            for e in in_play(state):
                if e.side == f.side:
                    continue
                plan = _work_out_shot(state, f.id, e.id).value
                assert can_shoot(state, f, e) == (plan is not None), (f, e)
                pairs += 1
                cut_off_long += plan is not None and plan.cut_off and plan.band == "long"
    assert pairs > 2000 and cut_off_long > 20


def test_cover_kept_with_the_table_is_the_terrain_s_answer():
    """in_cover, kept with the table per pair of spots, is the sight lines' and rough ground's own answer."""
    checked = 0
    for state in _positions(games=2, every=5):
        table = state.table
        for f in in_play(state):
            for e in in_play(state):
                if e.side != f.side:
                    plain = hides_more_than(f.position, e.position, table.terrain, 0) or in_rough(table, e.position)
                    assert in_cover(state, f, e) == plain
                    assert in_cover(state, f, e) == plain  # asked again: the kept answer
                    checked += 1
    assert checked > 1000


def test_a_ring_s_ground_is_each_spot_s_own():
    """The ring's ground, with the terrain far from every route passed over once for all, is each spot's
    _ground_problem asked on its own (the terrain's full tests), at spots all over the skirmish table."""
    table = explorer.new_game("one_brain_cell", "skirmish", seed=0).table
    rng, kinds = random.Random(7), set()
    for _ in range(600):
        here = (rng.uniform(1, table.width - 1), rng.uniform(1, table.height - 1))
        allowance, limits = rng.choice([(12.0, (12.0, 4.0, 4.0)), (8.0, (8.0, 4.0, 4.0)), (4.0, (12.0, 4.0, 4.0))])
        spots = [step(here, d, length) for d in COMPASS.values() for length in (allowance, allowance / 2)]
        ring = _ground(table, here, spots, limits)
        assert [to for to, _ in ring] == list(dict.fromkeys((round(x, 6), round(y, 6)) for x, y in spots))
        for to, problem in ring:
            assert problem == _ground_problem(table, here, to, *limits)
            kinds.add(problem)
    assert kinds == {None, "off", "solid", "far"}


def test_a_charge_s_odds_are_every_roll_s_own_end():
    """charge_distribution (the rolls of a kind made once, the others' spots gathered once for every roll) counts
    each roll of the dice where charge_end, asked on its own, stops him: near enemies of random games."""
    from explorer.core import D6, Dist
    from explorer.rulesets.one_brain_cell.moving import charge_dice, charge_distribution, charge_end, charge_inches
    from explorer.rulesets.one_brain_cell.position import cut_off

    checked = set()
    for state in _positions(games=4, every=3):
        for f in standing(state):
            for e in standing(state):
                if e.side == f.side or abs(e.x - f.x) + abs(e.y - f.y) > 14:
                    continue
                dice, off = charge_dice(state, f, e).value, cut_off(state, f)
                rolls = D6.map(lambda face: charge_inches([face], off)).repeat_sum(dice)
                weights = {}
                for inches, w in rolls.weights.items():
                    arrived = charge_end(state, f, e, inches)[1]
                    weights[arrived] = weights.get(arrived, 0) + w
                assert charge_distribution(state, f, e).weights == Dist(weights).weights
                checked.add((dice, off, len(weights)))
    assert {(dice, off) for dice, off, _ in checked} >= {(2, False), (2, True)} and any(n == 2 for *_, n in checked)


def test_pieces_beside_the_sight_lines_are_passed_over_with_the_same_count_of_lines_hidden():
    """hides_more_than passes over the pieces whose box lies wholly to one side of the strip the sight lines run
    in (tabletop.sight.beside_the_lines): the lines it finds hidden are still line_of_sight's, traced in full, on
    the 1BC and Army Men tables, at random eyes and targets near and far from their pieces and on every slant."""
    from explorer.core.tabletop import BASE_RADIUS
    from explorer.core.tabletop.sight import beside_the_lines, line_of_sight, sight_box

    tables = [explorer.new_game("one_brain_cell", "skirmish", seed=0).table,
              explorer.new_game("army_men", "standard", seed=0).table]
    rng, passed_over = random.Random(11), 0
    for _ in range(3000):
        table = rng.choice(tables)
        eye = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        target = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        hidden = sum(bool(line.blocked_by or line.screened_by)
                     for line in line_of_sight(eye, target, table.terrain).lines)
        for lines in (0, 2, 4):
            assert hides_more_than(eye, target, table.terrain, lines) == (hidden > lines), (eye, target)
        box = sight_box(eye, target)
        near = [t for t in table.terrain if not (t.shape.bounds[2] < box[0] or t.shape.bounds[0] > box[2]
                                                 or t.shape.bounds[3] < box[1] or t.shape.bounds[1] > box[3])]
        passed_over += len(near) - len(beside_the_lines(eye, target, BASE_RADIUS, near))
    assert passed_over > 1000


def test_sight_blocked_with_figures_is_the_traced_lines_verdict():
    """Table.blocked_with (the figures' bases first, then the terrain across the lines they leave open) says what
    the traced line_of_sight with those figures says, for every pair of figures on positions of random games, and
    for figures put on the line between them (so many a line is cut by a base, some by terrain too)."""
    from explorer.core.tabletop.sight import line_of_sight
    from explorer.rulesets.one_brain_cell.terrain import blockers

    rng = random.Random(3)
    checked = blocked = partly = 0
    for state in _positions(games=2, every=3):
        table = state.table
        figures = standing(state)
        for f in figures:
            for e in figures:
                if e.side == f.side:
                    continue
                near = dict(blockers(state, f, e))
                t = rng.uniform(0.2, 0.8)  # a base on (or beside) the line as well
                near["x"] = (f.x + t * (e.x - f.x) + rng.uniform(-0.9, 0.9), f.y + t * (e.y - f.y) + rng.uniform(-0.9, 0.9))
                traced = line_of_sight(f.position, e.position, table.terrain, near)
                assert table.blocked_with(f.position, e.position, near) == traced.is_blocked, (f, e, near)
                checked += 1
                blocked += traced.is_blocked
                partly += any(line.blocked_by for line in traced.lines) and not traced.is_blocked
    assert checked > 1000 and blocked > 50 and partly > 50, (checked, blocked, partly)


def test_a_spot_beyond_every_allowance_is_too_far_as_the_traced_route_says():
    """_ground_problem calls a spot beyond both allowances (straight) 'far' without tracing a route: the plain rule
    (the route round solid terrain, through rough ground or not) says the same, on spots every way from places by
    the skirmish table's terrain, a hair or inches beyond."""
    from explorer.rulesets.one_brain_cell.moving import _ground_problem
    from explorer.rulesets.one_brain_cell.terrain import crosses_rough

    table = explorer.new_game("one_brain_cell", "skirmish", seed=0).table
    rng, checked, detours = random.Random(5), 0, 0
    for _ in range(3000):
        piece = rng.choice(table.terrain)
        x0, y0, x1, y1 = piece.shape.bounds
        here = (rng.uniform(x0 - 3, x1 + 3), rng.uniform(y0 - 3, y1 + 3))
        open_, rough = rng.choice([(12.0, 4.0), (8.0, 4.0)])
        angle, beyond = rng.uniform(0, 6.3), rng.choice([-0.5, 1e-7, 1e-3, 0.5, 3.0])
        to = (round(here[0] + (open_ + beyond) * math.cos(angle), 6), round(here[1] + (open_ + beyond) * math.sin(angle), 6))
        if not table.on_table(to) or table.in_solid(to) or table.in_solid(here):
            continue
        walked = table.route_length(here, to)
        plain = walked > min(rough, open_) + 1e-9 and walked > (rough if crosses_rough(table, here, to) else open_) + 1e-9
        assert (_ground_problem(table, here, to, open_, min(rough, open_), rough) == "far") == plain, (here, to)
        beyond_all = math.hypot(to[0] - here[0], to[1] - here[1]) > open_ + 1e-9  # (rounding may bring one back)
        assert plain or not beyond_all, (here, to)
        checked += beyond_all
        detours += beyond_all and table.crosses_solid(here, to)
    assert checked > 1000 and detours > 100, (checked, detours)
