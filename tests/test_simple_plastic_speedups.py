"""The simple_plastic engine's caches and shortcuts give exactly the answers of the plain computations."""

import math
import random

import pytest
from hypothesis import given, settings, strategies as st

import explorer
from explorer.core import geometry as geo
from explorer.core.tabletop import (
    BASE_RADIUS, EPSILON, Sight, Table, bases_overlap, chain_connected, distance, line_of_sight,
)
from explorer.rulesets.simple_plastic.attacking import closest_target, targets_closest_first, to_kill
from explorer.core import RuleViolation
from explorer.core.tabletop import COMPASS, step, unit_vector
from explorer.rulesets.simple_plastic import MoveFigure, MoveSquad
from explorer.rulesets.simple_plastic import moving
from explorer.rulesets.simple_plastic.moving import frontmost, plan_figure_move, plan_squad_move
from explorer.rulesets.simple_plastic.position import Board, in_play, squad_members
from explorer.rulesets.simple_plastic.game import SimplePlasticState

RULESET = explorer.get_ruleset("simple_plastic")
SCENARIOS = tuple(RULESET.scenarios)


def _random_playout(scenario, seed, steps=400):
    """Yield the states of a seeded random playout (the same state object, one position after another)."""
    state, rng = RULESET.new_game(scenario, seed=seed), random.Random(seed)
    for _ in range(steps):
        if state.is_over:
            return
        yield state
        state.apply(rng.choice(list(state.legal_actions)))


# -- tabletop -------------------------------------------------------------------------------

coordinate = st.floats(-2, 2, allow_nan=False)


@given(coordinate, coordinate, coordinate, coordinate)
def test_bases_overlap_is_the_plain_distance_test(ax, ay, bx, by):
    assert bases_overlap((ax, ay), (bx, by)) == (math.hypot(bx - ax, by - ay) < 2 * BASE_RADIUS - EPSILON)


def _chain_connected_plainly(points, max_gap):
    reach = max_gap + 2 * BASE_RADIUS + EPSILON
    reached, frontier = {0}, [0]
    while frontier:
        i = frontier.pop()
        for j, other in enumerate(points):
            if j not in reached and distance(points[i], other) <= reach:
                reached.add(j)
                frontier.append(j)
    return len(reached) == len(points)


@settings(max_examples=300)
@given(st.lists(st.tuples(st.floats(0, 3), st.floats(0, 3)), min_size=2, max_size=6), st.floats(0, 1))
def test_chain_connected_is_the_plain_search(points, max_gap):
    assert chain_connected(points, max_gap) == _chain_connected_plainly(points, max_gap)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_remembered_table_answers_are_the_computed_ones(scenario):
    table = RULESET.new_game(scenario, seed=0).table
    rng = random.Random(7)
    solids = [t.shape for t in table.terrain if t.kind.value == "solid"]
    for _ in range(400):
        a = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        b = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        for _ in range(2):  # the second time from the caches
            assert table.in_solid(a) == any(geo.disc_overlaps(s, a, BASE_RADIUS - EPSILON) for s in solids)
            crosses = distance(a, b) >= EPSILON and any(geo.segment_intersects_polygon(s, a, b) for s in solids)
            assert table.crosses_solid(a, b) == crosses
            for hills in (True, False):
                traced = line_of_sight(a, b, table.terrain, hills_block=hills)
                assert table.is_blocked(a, b, hills_block=hills) == (traced.sight is Sight.BLOCKED)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_sees_clearly_is_a_clear_line_of_sight(scenario):
    """Table.sees_clearly (the greedy bot's test of cover) says CLEAR exactly when the traced sight lines do."""
    table = RULESET.new_game(scenario, seed=0).table
    fresh = Table(table.width, table.height, table.terrain)
    rng = random.Random(13)
    seen = set()
    for _ in range(400):
        a = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        b = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        for hills in (True, False):
            sight = line_of_sight(a, b, table.terrain, hills_block=hills).sight
            assert fresh.sees_clearly(a, b, hills_block=hills) == (sight is Sight.CLEAR)
            seen.add(sight)
    assert seen == ({Sight.CLEAR} if scenario == "open_field" else set(Sight))


def test_games_on_one_table_share_it_and_its_answers():
    from explorer.rulesets.simple_plastic.scenarios import new_state
    from explorer.rulesets.simple_plastic import Figure
    assert RULESET.new_game("skirmish", seed=1).table is RULESET.new_game("skirmish", seed=2).table
    assert RULESET.new_game("skirmish").table is not RULESET.new_game("sniper_duel").table
    figures = [Figure("g1", "green", x=1, y=1), Figure("t1", "tan", x=5, y=5)]
    whole, floats = new_state(figures=figures, table=(24, 24)), new_state(figures=figures, table=(24.0, 24.0))
    assert whole.table is not floats.table and whole.table.to_dict()["width"] == 24  # a save keeps what was given


def test_is_blocked_agrees_with_a_remembered_sight_line():
    table = RULESET.new_game("skirmish", seed=0).table
    fresh = Table(table.width, table.height, table.terrain)
    rng = random.Random(3)
    for _ in range(200):
        a = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        b = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        assert fresh.sight(a, b).is_blocked == table.is_blocked(a, b)  # one from sight's cache, one traced
        assert fresh.is_blocked(a, b) == table.is_blocked(a, b)


def _eyes_and_squads(table, rng, count: int, spread: float):
    """``count`` random eyes on ``table``, each with a squad of 2 to 6 bases scattered in a square ``spread`` wide."""
    for _ in range(count):
        eye = (rng.uniform(0.3, table.width - 0.3), rng.uniform(0.3, table.height - 0.3))
        x, y = rng.uniform(0.3, table.width - spread), rng.uniform(0.3, table.height - spread)
        yield eye, [(x + rng.uniform(0, spread), y + rng.uniform(0, spread)) for _ in range(rng.randint(2, 6))]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_squad_hidden_at_once_is_hidden_base_by_base(scenario):
    """Table.hides_all (one convex wall cutting the lines to a whole squad) says yes only where is_blocked says
    yes of every base, and settles most squads behind the skirmish's farmhouse."""
    table = RULESET.new_game(scenario, seed=0).table
    fresh = Table(table.width, table.height, table.terrain)  # nothing remembered from the tests before
    settled = 0
    for eye, squad in _eyes_and_squads(table, random.Random(5), 600, 3):
        for hills in (True, False):
            if fresh.hides_all(eye, squad, hills_block=hills):
                settled += 1
                assert all(table.is_blocked(eye, target, hills_block=hills) for target in squad)
    assert settled > (40 if scenario != "open_field" else -1)


def test_hiding_a_squad_does_not_depend_on_which_base_comes_first():
    """Table.hides_all weighs only the pieces whose box meets the eye's and the FIRST base's (a piece that leaves
    that base out of its shadow settles nothing): so its answer must not change with the bases' order."""
    table = RULESET.new_game("skirmish", seed=0).table
    settled = 0
    for eye, squad in _eyes_and_squads(table, random.Random(11), 1500, 4):
        for hills in (True, False):
            answers = {Table(table.width, table.height, table.terrain).hides_all(
                eye, squad[i:] + squad[:i], hills_block=hills) for i in range(len(squad))}
            assert len(answers) == 1, (eye, squad, hills)
            settled += answers == {True}
    assert settled > 100


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_no_solid_near_a_box_means_no_base_or_path_in_it_meets_one(scenario):
    table = RULESET.new_game(scenario, seed=0).table
    rng = random.Random(9)
    clear = 0
    for _ in range(300):
        x0, y0 = rng.uniform(-1, table.width), rng.uniform(-1, table.height)
        x1, y1 = x0 + rng.uniform(0, 6), y0 + rng.uniform(0, 6)
        if table.solid_boxes_near(x0, y0, x1, y1):
            continue
        clear += 1
        for _ in range(10):
            a = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            b = (rng.uniform(x0, x1), rng.uniform(y0, y1))
            assert not table.in_solid(a) and not table.crosses_solid(a, b)
    assert clear
    if any(t.kind.value == "solid" for t in table.terrain):
        x0, y0, x1, y1 = next(t.shape.bounds for t in table.terrain if t.kind.value == "solid")
        assert table.solid_boxes_near(x1 + 0.2, y0, x1 + 1, y1)  # a base a fifth of an inch out could touch it


# -- the game ----------------------------------------------------------------------------------

@pytest.mark.parametrize("scenario", SCENARIOS)
def test_legal_moves_do_not_depend_on_what_was_remembered(scenario):
    """The menu's verdicts are remembered across positions; a fresh state (nothing remembered) lists the same."""
    for seed in range(3):
        for state in _random_playout(scenario, seed):
            fresh = SimplePlasticState(state.game, state.position)
            assert list(state.legal_actions) == list(fresh.legal_actions)


def _no_free_file(to, direction, count):
    """In place of formation.file_behind: a file that is never free, so every plan takes the full way."""
    return ((-1.0, -1.0),)


def _compass_moves_planned_in_full(state):
    """The menu of compass moves worked out plainly: every candidate planned in full on a board that keeps
    nothing (no quick verdicts, no menus kept between positions; the caller turns the free-file plan off)."""
    board, span, moves = Board.of(state), state.settings.span_inches, []
    units = {}
    for f in in_play(state, state.side):
        if f.unit not in state.moved_units:
            units.setdefault(f.unit, []).append(f)
    for members in units.values():
        squad = members[0].squad
        for direction in COMPASS.values():
            mover = frontmost(members, direction) if squad else members[0]
            for length in (span, span / 2):
                to = step(mover.position, direction, length)
                try:
                    if squad:
                        plan_squad_move(board, squad, mover.id, to)
                    else:
                        plan_figure_move(board, mover.id, to)
                except RuleViolation:
                    continue
                moves.append(MoveSquad(state.side, squad, mover.id, to) if squad else MoveFigure(state.side, mover.id, to))
    return moves


def _listed_and_planned_compass_moves(state, monkeypatch):
    """The compass moves listed (closing gaps left out), and the same worked out plainly with the free-file plan
    off (:func:`_compass_moves_planned_in_full`)."""
    listed = [a for a in state.legal_actions if isinstance(a, (MoveSquad, MoveFigure))
              and distance(state.figures[getattr(a, "leader", None) or a.figure].position, a.to) > EPSILON]
    with monkeypatch.context() as patch:
        patch.setattr(moving, "file_behind", _no_free_file)
        return listed, _compass_moves_planned_in_full(state)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_menu_offers_exactly_the_moves_the_full_plan_allows(scenario, monkeypatch):
    """Quick verdicts (a free file behind the leader) and menus kept across positions offer the same moves,
    in the same order, as planning every candidate in full; both refusals and offers are seen."""
    offered = refused = 0
    for state in _random_playout(scenario, 1, steps=120):
        if state.phase != "move":
            continue
        listed, plain = _listed_and_planned_compass_moves(state, monkeypatch)
        assert listed == plain
        offered += len(plain)
        refused += sum(16 for _ in {f.unit for f in in_play(state, state.side)} - state.moved_units) - len(plain)
    assert offered and refused


def test_a_menu_on_open_ground_near_the_edge_offers_what_the_full_plan_allows(monkeypatch):
    """With nothing near a unit, the menu skips every test of a move but the table's edge, and skips that too
    when every file's end is surely on the table: files set down near the edge of an empty table offer exactly
    the moves planned in full, and the plans the menu keeps for them are the full ones."""
    from explorer.core.frozen import evolve
    from explorer.rulesets.simple_plastic.formation import FORMATION_SPACING
    from explorer.rulesets.simple_plastic.position import with_figures
    rng, checked = random.Random(4), 0
    for _ in range(40):
        state = RULESET.new_game("open_field", seed=0)
        table, span = state.table, state.settings.span_inches
        side = state.side
        mine = [f for f in state.figures.values() if f.side == side]
        squad = [f for f in mine if f.squad == mine[0].squad]
        back = (len(squad) - 1) * FORMATION_SPACING
        # a file pointing anywhere, its box a little inside an edge, or up to a span and a file's length inside
        angle, gap = rng.uniform(0, 2 * math.pi), rng.uniform(0.3, span + back + 0.5)
        ux, uy = math.cos(angle), math.sin(angle)
        x = rng.choice([gap + back, table.width - gap - back])
        y = rng.uniform(gap + back, table.height - gap - back)
        if rng.random() < 0.5:
            x = rng.uniform(gap + back, table.width - gap - back)
            y = rng.choice([gap + back, table.height - gap - back])
        state.position = with_figures(state, {  # the rest stay where they are
            f.id: evolve(f, x=x - ux * k * FORMATION_SPACING, y=y - uy * k * FORMATION_SPACING)
            for k, f in enumerate(squad)})
        listed, plain = _listed_and_planned_compass_moves(state, monkeypatch)
        assert listed == plain
        checked += _listed_plans_are_full_plans(state, monkeypatch)
    assert checked


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_free_file_is_planned_as_the_full_formation_plans_it(scenario, monkeypatch):
    """The plan's shortcut (followers filing straight behind when the file is free), and the plan a menu worked
    out for a move it listed (the one the move is done with), place everyone exactly where the formation and
    its checks would on a board that keeps nothing."""
    planned = 0
    for state in _random_playout(scenario, 2, steps=150):
        if state.phase == "move":
            planned += _listed_plans_are_full_plans(state, monkeypatch)
    assert planned


def _listed_plans_are_full_plans(state, monkeypatch) -> int:
    """Assert that each squad move listed is planned alike by the state (the plan its menu knows), by a board that
    keeps nothing, and by the full formation; and each lone move alike by the state and the board. How many
    squad moves were checked."""
    board, planned = Board.of(state), 0
    for act in state.legal_actions:
        if isinstance(act, MoveSquad):
            quick = plan_squad_move(board, act.squad, act.leader, act.to)
            listed = plan_squad_move(state, act.squad, act.leader, act.to)
            with monkeypatch.context() as patch:
                patch.setattr(moving, "file_behind", _no_free_file)
                assert plan_squad_move(board, act.squad, act.leader, act.to) == quick == listed
            planned += 1
        elif isinstance(act, MoveFigure):
            assert plan_figure_move(state, act.figure, act.to) == plan_figure_move(board, act.figure, act.to)
    return planned


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_to_kill_numbers_a_game_state_gives_are_the_ones_worked_out_afresh(scenario):
    """A to-kill number (and its reasons) a game state gives (remembered for its position) is the one a board
    that keeps nothing works out; asked of every attacker and target, attack phases and move phases alike."""
    for state in _random_playout(scenario, 3, steps=150):
        board = Board.of(state)
        for attacker in in_play(state):
            for target in in_play(state):
                assert state.to_kill(attacker.id, target.id) == to_kill(board, attacker.id, target.id)


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_cover_asked_as_yes_or_no_is_the_traced_sight(scenario):
    """The to-kill number's "target in cover" (asked of the table as yes or no) is the traced sight's PARTIAL."""
    from explorer.rulesets.simple_plastic.attacking import modifier_conditions, sight
    seen = set()
    for state in _random_playout(scenario, 6, steps=150):
        for attacker in in_play(state):
            for victim in in_play(state):
                if victim.side != attacker.side:
                    traced = sight(state, attacker, victim).sight
                    assert modifier_conditions(state, attacker, victim)["target_in_cover"] == (traced is Sight.PARTIAL)
                    seen.add(traced)
    assert Sight.PARTIAL in seen or scenario == "open_field"  # both answers met


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_closest_target_is_the_first_of_targets_closest_first(scenario):
    for state in _random_playout(scenario, 1, steps=150):
        for attacker in in_play(state):
            for target in in_play(state):
                visible = targets_closest_first(state, attacker, target)
                assert closest_target(state, attacker, target) == (visible[0] if visible else None)


def test_a_remembered_plan_is_a_copy():
    state = RULESET.new_game("skirmish", seed=0)
    squad, leader = next((f.squad, f) for f in in_play(state, state.side) if f.squad)
    members = squad_members(state, squad)
    mover = frontmost(members, (1.0, 0.0))
    to = (mover.x + 2.0, mover.y)
    first, moved = plan_squad_move(state, squad, mover.id, to)
    first.clear()
    again, moved_again = plan_squad_move(state, squad, mover.id, to)
    assert again and moved_again == moved
    assert again == plan_squad_move(Board.of(state), squad, mover.id, to)[0]  # a board remembers nothing


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_route_length_is_the_shortest_open_route(scenario):
    table = RULESET.new_game(scenario, seed=0).table
    rng = random.Random(11)
    for _ in range(300):
        a = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        b = (rng.uniform(0, table.width), rng.uniform(0, table.height))
        if not table.crosses_solid(a, b):
            expected = distance(a, b)
        else:
            routes = [distance(a, c) + distance(c, b) for c in table._corners
                      if not table.crosses_solid(a, c) and not table.crosses_solid(c, b)]
            expected = min(routes, default=distance(a, b) + table.width)
        assert table.route_length(a, b) == expected


# -- the greedy bot ------------------------------------------------------------------------------------

def _plain_score(state, act):
    """The greedy bot's score, worked out in full for one option (as the bot did before it passed any over)."""
    from explorer.rulesets.simple_plastic.attacking import attack_distribution
    from explorer.rulesets.simple_plastic.bots import _enemy_units
    from explorer.core.frozen import evolve
    mover = state.figures[act.leader if isinstance(act, MoveSquad) else act.figure]
    if mover.profile.attacks_after_moving:
        there = Board.of(state).with_figure(evolve(mover, x=act.to[0], y=act.to[1], moved=True))
        odds = [attack_distribution(there, mover.id, e.id).mean() for e in _enemy_units(state)]
        expected = max(odds, default=0)
        if expected > 0:
            return round(-100.0 - 10 * float(expected), 6)
    enemy = min((f for f in in_play(state) if f.side != mover.side),
                key=lambda e: distance(mover.position, e.position), default=None)
    if enemy is None:
        return 0.0
    cover = line_of_sight(enemy.position, act.to, state.table.terrain).sight is not Sight.CLEAR
    return round(state.table.route_length(act.to, enemy.position) - (2.0 if cover else 0.0), 6)


class _Recorder:
    """In place of a bot's RNG: notes the choices it is offered, and takes the first."""

    def __init__(self, offered):
        self.offered = offered

    def choice(self, choices):
        self.offered.append(list(choices))
        return choices[0]


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_greedy_bot_weighs_every_option_it_passes_over_as_worse(scenario):
    """The greedy bot scores walks only when no option can attack, and the nearest first: the options it may
    pick are exactly the best by the full score of every option, in order."""
    from explorer.rulesets.simple_plastic.bots import GreedyBot
    bot, checked = GreedyBot(), 0
    for state in _random_playout(scenario, 5, steps=200):
        if state.phase != "move":
            continue
        units = {}
        for a in state.legal_actions:
            if isinstance(a, (MoveSquad, MoveFigure)):
                units.setdefault(a.squad if isinstance(a, MoveSquad) else a.figure, []).append(a)
        for options in units.values():
            scores = [_plain_score(state, a) for a in options]
            best = [a for a, score in zip(options, scores) if score == min(scores)]
            picked = []
            bot.rng = _Recorder(picked)
            bot._pick(state, options)
            assert picked == [best]
            checked += 1
    assert checked


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_menu_kept_from_another_position_plans_the_move_played_here(scenario):
    """A unit's menu is kept for the turn and met again in a position whose figures are other objects standing
    in the same places (a clone's, a position built again): the plans it leaves for the move played place
    everyone as planning afresh does, on a board that keeps nothing."""
    from explorer.core.frozen import evolve
    from explorer.rulesets.simple_plastic.position import with_figures
    planned = 0
    for state in _random_playout(scenario, 4, steps=60):
        if state.phase != "move":
            continue
        list(state.legal_actions)  # the menus are worked out and kept
        twin = state.clone()
        twin.position = with_figures(state, {fid: evolve(f) for fid, f in state.figures.items()})
        for act in twin.legal_actions:
            if isinstance(act, MoveSquad):
                kept = plan_squad_move(twin, act.squad, act.leader, act.to)
                assert kept == plan_squad_move(Board.of(twin), act.squad, act.leader, act.to)
                planned += 1
    assert planned


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_casualties_traced_only_as_far_as_needed_are_the_closest_seen(scenario):
    """Who dies (sight traced only to the closest member seen when one dies at most) is the plain rule: the
    members in sight, closest first, as many as the hits and the weapon allow."""
    from explorer.rulesets.simple_plastic.attacking import casualties, kills_possible
    checked = 0
    for state in _random_playout(scenario, 5, steps=150):
        board = Board.of(state)
        for attacker in in_play(state):
            for target in in_play(state):
                if target.side == attacker.side:
                    continue
                visible = targets_closest_first(board, attacker, target)
                for hits in range(attacker.profile.dice + 1):
                    plain = tuple(f.id for f in visible[:min(hits, kills_possible(board, attacker, visible))])
                    assert casualties(state, attacker.id, target.id, hits).value == plain
                    checked += bool(plain)
    assert checked


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_to_kill_number_without_words_is_the_worded_one(scenario):
    """The number the odds use (no reasons, no sight traced to name the cover) is the worded to-kill number's,
    for every attacker and target, in a game state and on a board that keeps nothing."""
    from explorer.rulesets.simple_plastic.attacking import to_kill_number
    numbers = set()
    for state in _random_playout(scenario, 7, steps=150):
        board = Board.of(state)
        for attacker in in_play(state):
            for target in in_play(state):
                worded = to_kill(board, attacker.id, target.id).value
                assert to_kill_number(state, attacker.id, target.id) == worded
                assert to_kill_number(board, attacker.id, target.id) == worded
                numbers.add(worded)
    assert None in numbers and len(numbers) > 1


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_an_attack_played_is_worded_as_its_worded_to_kill_number(scenario):
    """An attack played finds its number without words (no sight traced to name the cover) and its event is worded
    when first read: the event cites the rules of the worded to-kill number's reasons, and reads its number and its
    reasons, as worked out in the position attacked in; asked of attacks into cover and out of it."""
    from explorer.rulesets.simple_plastic import Attack
    attacks = cover = 0
    for seed in range(4):
        for state in _random_playout(scenario, seed, steps=300):
            offered = [a for a in state.legal_actions if isinstance(a, Attack)]
            if not offered:
                continue
            act = offered[0]
            need = to_kill(Board.of(state), act.attacker, act.target)
            probe = state.clone()
            event = probe.apply(act)[0]
            assert event.rules == tuple(r.key for r in need.refs)
            assert event.data["need"] == need.value and event.data["why"] == [str(r) for r in need.reasons]
            assert event.text.startswith(f"{act.attacker} attacks {act.target}, needing {need.value}+: rolls ")
            attacks += 1
            cover += any("behind cover" in str(r) for r in need.reasons)
    assert attacks and (cover or scenario == "open_field")


def _close_ranks_plainly(board, members, leader):
    """formation.close_ranks as the ruling reads: every spot on each follower's slide tried, then the first near."""
    from explorer.rulesets.simple_plastic.formation import CLOSING_STEP, COHESION_INCHES, _free_spot
    from explorer.core.tabletop import BASE_DIAMETER, gap_between
    anchor = leader.position
    ids = {f.id for f in members}
    others = [f.position for f in in_play(board) if f.id not in ids]
    followers = sorted((f for f in members if f.id != leader.id), key=lambda f: distance(f.position, anchor))
    placed = {leader.id: anchor}
    for k, f in enumerate(followers):
        waiting = [g.position for g in followers[k + 1:]]
        start, span = f.position, distance(f.position, anchor)
        back, spot = unit_vector(anchor, start), start
        if back is not None:
            steps = max(1, math.ceil((span - BASE_DIAMETER) / CLOSING_STEP))
            candidates = [start] + [step(anchor, back, span - (span - BASE_DIAMETER) * i / steps)
                                    for i in range(1, steps + 1)]
            standable = [p for p in candidates if _free_spot(board, p, [*others, *placed.values(), *waiting])]
            near = [p for p in standable if any(gap_between(p, q) <= COHESION_INCHES + EPSILON
                                                for q in placed.values())]
            spot = near[0] if near else (standable[-1] if standable else start)
        placed[f.id] = spot
    del placed[leader.id]
    return placed


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_closing_ranks_stops_at_the_first_near_spot_as_trying_them_all_would(scenario):
    from explorer.rulesets.simple_plastic.formation import close_ranks
    closed = 0
    for seed in range(6):
        for state in _random_playout(scenario, seed, steps=300):
            board = Board.of(state)
            for squad in {f.squad for f in in_play(state) if f.squad}:
                members = squad_members(state, squad)
                if len(members) > 1 and not chain_connected([f.position for f in members], 0.5):
                    for leader in members:
                        assert close_ranks(board, members, leader) == _close_ranks_plainly(board, members, leader)
                        closed += 1
    assert closed


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_a_move_just_listed_is_planned_as_a_move_not_listed(scenario, monkeypatch):
    """plan_move's shortcut for a move a menu of this position offered (its plan taken from the menu, its checks
    skipped) gives what checking and planning it afresh gives, for every compass move listed; a move that only
    looks like one listed (the other player's, or with a spot of whole numbers) is not taken for one."""
    from dataclasses import replace

    from tests.listing_support import fresh
    shortcuts = 0
    for state in _random_playout(scenario, 6, steps=150):
        if state.phase != "move":
            continue
        for act in state.legal_actions:
            if not isinstance(act, (MoveSquad, MoveFigure)):
                continue
            shortcut = moving.plan_move(state, act)
            shortcuts += moving._offered_plan(state, act) is not None
            with monkeypatch.context() as patch:
                patch.setattr(moving, "_offered_plan", lambda state, act: None)
                assert moving.plan_move(fresh(state), act) == shortcut
            other = "tan" if act.player == "green" else "green"
            assert moving._offered_plan(state, replace(act, player=other)) is None
            assert moving._offered_plan(state, replace(act, to=(round(act.to[0]), round(act.to[1])))) is None
    assert shortcuts


@settings(max_examples=300)
@given(st.lists(st.tuples(st.sampled_from([0.0, 0.75, 1.5, 5.0, 5.25]), st.sampled_from([0.0, 0.75, 2.5, 15.0])),
                min_size=1, max_size=7))
def test_the_menus_frontmost_each_way_is_frontmost_in_every_direction(spots):
    """The menu finds the frontmost member of a pair of opposite directions in one pass (the least projection on
    one is the greatest on the other); ties (members level across a direction) go to the first fielded, as
    frontmost() gives them."""
    from explorer.rulesets.simple_plastic.move_offers import _COMPASS, _frontmost_each_way
    from explorer.rulesets.simple_plastic.position import Figure
    members = [Figure(f"g{i}", "green", squad="alpha", x=x, y=y) for i, (x, y) in enumerate(spots)]
    fronts = _frontmost_each_way([(f.x, f.y, f) for f in members])
    assert [place[2] for place in fronts] == [frontmost(members, direction) for direction in _COMPASS]
    assert all(place[:2] == (place[2].x, place[2].y) for place in fronts)
