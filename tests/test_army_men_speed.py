"""Army men, speed by design (issue 23): what the listing keeps between positions and the cheap tests it asks
first, counted (never timed), and the same offers as the full check of every spot."""

from __future__ import annotations

import random

import explorer
from explorer.core.tabletop import SIGHT_LINES, Table, Terrain
from explorer.core.tabletop.sight import hides_more_than
from explorer.rulesets.army_men import Move, Shoot
from explorer.rulesets.army_men.moving import move_block
from explorer.rulesets.army_men.position import in_play
from explorer.rulesets.army_men.shooting import in_cover
from tests.army_men_support import game, trooper
from tests.listing_support import fresh


def _count(monkeypatch, cls, name: str) -> list:
    """Count the calls of ``cls.name`` (left working as it was)."""
    calls = []
    original = getattr(cls, name)

    def counted(self, *args, **kwargs):
        calls.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(cls, name, counted)
    return calls


def test_where_a_trooper_may_walk_is_not_measured_again_when_only_his_squad_moved(monkeypatch):
    # g2 walks a little, staying within g1's reach and cohesion: g1's moves are listed again, but the ground
    # under his spots (on the table, in solid terrain, the path walked) is kept from where he stands
    state = game(trooper("g1", 10, 10), trooper("g2", 12, 10), trooper("t1", 40, 30))
    assert any(isinstance(a, Move) and a.trooper == "g1" for a in state.legal_actions)
    state.apply(Move("green", "g2", (13.0, 10.0)))
    on_table = _count(monkeypatch, Table, "on_table")
    offered = [a.to for a in state.legal_actions if isinstance(a, Move) and a.trooper == "g1"]
    assert on_table == []  # not one of g1's spots measured on the table again
    monkeypatch.undo()
    assert offered and all(move_block(state, state.figures["g1"], to) is None for to in offered)


def test_a_shot_is_answered_without_tracing_the_sight_lines_in_full(monkeypatch):
    wall = Terrain.rect("wall", "solid", 2, 9, 6, 1)  # between g1 and t1
    hedge = Terrain.rect("hedge", "semi_solid", 2, 9, 6, 1)
    walled = game(trooper("g1", 5, 5), trooper("t1", 5, 15), terrain=(wall,))
    area = game(trooper("g2", 5, 5, kind="grenadier"), trooper("t1", 5, 12), variant="standard")
    open_ground = game(trooper("g1", 5, 5), trooper("t1", 5, 15))
    hedged = game(trooper("g1", 5, 5), trooper("t1", 5, 10), terrain=(hedge,), variant="standard")
    traced = _count(monkeypatch, Table, "sight")
    assert walled.to_hit("g1", "t1").value is None  # he cannot see him: the table's quick test says so
    assert Shoot("green", "g2", "t1") in area.legal_actions  # the grenadier rolls for all near the target
    assert open_ground.to_hit("g1", "t1").value == 4  # an aimed shot: its cover counted, not traced
    assert hedged.to_hit("g1", "t1").value == 5 + 1  # every line screened by the hedge: in cover, needs 1 more
    assert traced == []
    monkeypatch.undo()
    assert in_cover(hedged.table.sight((5, 5), (5, 10)))  # what the full trace says of the same pair


def test_the_cover_counted_is_the_cover_traced():
    # hides_more_than(..., SIGHT_LINES // 2) is in_cover of the traced lines, for pairs all over a table with
    # solid, semi-solid and hill pieces (and pairs close together, where a piece cuts some lines only)
    table = explorer.new_game("army_men", "standard", seed=0).table
    pick, covered = random.Random(1), 0
    for _ in range(3000):
        a = (pick.uniform(0, table.width), pick.uniform(0, table.height))
        b = (a[0] + pick.uniform(-6, 6), a[1] + pick.uniform(-6, 6)) if pick.random() < 0.5 else \
            (pick.uniform(0, table.width), pick.uniform(0, table.height))
        cover = in_cover(table.sight(a, b))
        assert hides_more_than(a, b, table.terrain, SIGHT_LINES // 2) is cover, (a, b)
        covered += cover
    assert 300 < covered < 2700  # both answers were asked many times


def test_the_moves_offered_are_the_spots_the_full_check_allows():
    # along random games of every scenario: each trooper listed is offered exactly the compass spots and
    # base-to-base spots that move_block (the rule that words a refusal) allows
    for scenario in ("standard", "capture_the_flag"):
        state, pick = explorer.new_game("army_men", scenario, seed=3), random.Random(3)
        for _ in range(60):
            if state.is_over:
                break
            legal = list(state.legal_actions)
            for f in in_play(state, state.side):
                offered = {a.to for a in legal if isinstance(a, Move) and a.trooper == f.id}
                for to in offered:
                    assert move_block(state, f, to) is None, (scenario, f.id, to)
            state.apply(pick.choice(legal))


def test_offers_kept_between_positions_are_those_worked_out_afresh():
    # each trooper's moves and shots are kept between positions and brought up to date from what changed: along
    # random games (looks at other lines of play undone, as a search does), every listing is a fresh one, action
    # for action, in order
    checked = 0
    for scenario, settings in (("standard", {}), ("capture_the_flag", {"leave_cohesion": "allowed"}),
                               ("tutorial", {}), ("standard", {"leadership": "penalty"})):
        state = explorer.new_game("army_men", scenario, seed=5, **settings)
        rng = random.Random(5)
        for step in range(120):
            if state.is_over:
                break
            legal = list(state.legal_actions)
            assert legal == list(fresh(state).legal_actions), (scenario, settings, step)
            if step % 4 == 0:
                state.apply(rng.choice(legal))
                if not state.is_over:
                    assert list(state.legal_actions) == list(fresh(state).legal_actions), (scenario, step)
                state.undo()
            state.apply(rng.choice(list(state.legal_actions)))
            checked += 1
    assert checked > 300


def test_the_ground_s_box_tests_say_what_the_terrain_would():
    """_ground_block settles a path whose end is within his reach by box tests, on both axes and across the path's
    line, when no solid piece comes near: its answer is the terrain's own exact tests', on thousands of paths
    every way near and far from the standard table's buildings (fails if the tests across the line pass over a
    piece too near)."""
    from explorer.core import tabletop as tt
    from explorer.rulesets.army_men.moving import IN_SOLID, SAME_SPOT, TOO_FAR, _ground_block, _solids_near, walked

    table = explorer.new_game("army_men", "standard", seed=0).table
    solids = [t.shape.bounds for t in table.terrain if t.kind == "solid"]
    rng, answers = random.Random(3), set()
    for _ in range(4000):
        # a path ending anywhere, or within an inch of a solid piece's box (a base there may overlap it)
        x0, y0, x1, y1 = rng.choice(solids)
        to = rng.choice([(rng.uniform(0, table.width), rng.uniform(0, table.height)),
                         (rng.uniform(x0 - 1, x1 + 1), rng.uniform(y0 - 1, y1 + 1))])
        to = (round(to[0], 6), round(to[1], 6))
        start = (to[0] + rng.uniform(-13, 13), to[1] + rng.uniform(-13, 13))
        if table.in_solid(start):
            continue
        reach = rng.choice([3.0, 6.0, 12.0]) + tt.EPSILON
        on_table = table.on_table(to)
        if tt.distance(start, to) < tt.EPSILON:
            plain = SAME_SPOT
        elif on_table and table.in_solid(to):
            plain = IN_SOLID
        else:
            plain = TOO_FAR if walked(table, start, to)[0] > reach else None
        assert _ground_block(table, start, to, reach, _solids_near(table, start, reach + 0.01)) == (plain, on_table)
        answers.add(plain)
    assert answers == {None, IN_SOLID, TOO_FAR}



def test_the_grounds_kept_are_few_and_the_oldest_go_first(monkeypatch):
    # a few hundred grounds, not thousands (the garbage collector walks every object kept): past the bound the
    # oldest ground is let go, and one asked again is the very object kept while it stays
    from explorer.rulesets.army_men import moving
    monkeypatch.setattr(moving, "_GROUNDS_KEPT", 3)
    monkeypatch.setattr(moving, "_GROUNDS", {})  # none kept from other tests on the same table
    state = game(trooper("g1", 10, 10), trooper("g2", 12, 10), trooper("t1", 40, 30))
    g1, g2 = state.figures["g1"], state.figures["g2"]
    first = moving._ground_of(state.table, g1)
    spots = [moving._ground_of(state.table, moving.evolve(g2, x=12.0 + i, y=10.0)) for i in range(3)]
    kept = moving._GROUNDS[id(state.table)][1]
    assert len(kept) == 3 and first not in kept.values()  # the oldest let go first
    assert moving._ground_of(state.table, moving.evolve(g2, x=14.0, y=10.0)) is spots[-1]  # still kept
    assert moving._ground_of(state.table, g1) is not first  # worked out again, the same offers
    assert [e[:2] for e in moving._ground_of(state.table, g1).offers] == [e[:2] for e in first.offers]
