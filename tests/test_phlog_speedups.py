"""The fast paths of phlog give the same answers as the slow ones they stand in for.

- each cheap ``*_block`` rule says "no" exactly when its ``*_refusal`` does;
- a reach search with a smaller budget is the larger search cut at that cost, in the same order
  (the greedy bot searches once with its largest card and cuts);
- the greedy bot's one-search-per-decision choices are those of asking ``reachable_squares`` and
  ``attack_refusal`` square by square, as it used to;
- remembered actions and sight lines equal freshly made ones.
"""

import itertools
import random

import pytest

import explorer
from explorer.core.grid import DIRECTIONS, _supercover, manhattan, supercover
from explorer.rulesets.phlog import reachable_squares
from explorer.core.frozen import made
from explorer.rulesets.phlog.actions import Jump, Step
from explorer.rulesets.phlog.data import DOOR
from explorer.rulesets.phlog.bots import _distance_to_enemy, _enemies, _Options
from explorer.rulesets.phlog.mechanics import (
    _entry_refusal, _jumped_square_refusal, attack_block, attack_refusal, entry_block, jumped_square_block,
    step_block, step_refusal, toggle_door_block, toggle_door_refusal,
)
from explorer.rulesets.phlog.reach import STANDS, _moves, _unlimited

PHLOG = explorer.get_ruleset("phlog")
VARIANTS = [{}, {"diagonal_hand_to_hand": True, "jump_over_fighters": True, "fighters_block_sight": True,
                 "sight_through_corners": False, "deadly_obstacles": True}]


def _move_positions(scenario: str, settings: dict, seeds=range(3), every: int = 3):
    """States in the move phase along random games (clones, to keep)."""
    for seed in seeds:
        state, rng = PHLOG.new_game(scenario, seed=seed, **settings), random.Random(seed)
        count = 0
        while not state.is_over:
            if state.phase == "move" and state.activated_fighter.alive:
                count += 1
                if count % every == 0:
                    yield state.clone()
            state.apply(rng.choice(list(state.legal_actions)))


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_every_block_refuses_exactly_when_its_refusal_does(scenario, settings):
    for state in _move_positions(scenario, settings, seeds=range(2), every=5):
        board, fighter = state.board, state.activated_fighter
        squares = [(c, r) for c in range(-1, state.grid.width + 1) for r in range(-1, state.grid.height + 1)]
        for square in squares:
            assert (entry_block(board, square) is None) == (_entry_refusal(board, square, "move to") is None)
            assert (jumped_square_block(board, square) is None) == (_jumped_square_refusal(board, square) is None)
            assert (toggle_door_block(board, fighter, square, 1) is None) == (
                toggle_door_refusal(board, fighter, square, 1) is None)
        for direction in [*DIRECTIONS, "X", 3]:
            for points in (0, 1, 5):
                assert (step_block(board, fighter.square, direction, points) is None) == (
                    step_refusal(board, fighter, direction, points) is None)
        for target in [*state.fighters.values(), None]:
            assert (attack_block(board, fighter, target) is None) == (attack_refusal(board, fighter, target) is None)


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_a_smaller_budget_finds_the_larger_search_cut_at_its_cost(scenario, settings):
    for state in _move_positions(scenario, settings, seeds=range(2), every=8):
        for fighter in state.fighters.values():
            largest = reachable_squares(state, fighter, 13)
            for budget in (0, 1, 4, 7, 12):
                cut = {square: r for square, r in largest.items() if r.value.cost <= budget}
                found = reachable_squares(state, fighter, budget)
                assert list(found.items()) == list(cut.items())


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_the_moves_with_fewer_points_are_those_that_cost_no_more(scenario, settings):
    """The search remembers each square's moves with points enough for any, and keeps those it can pay."""
    for state in _move_positions(scenario, settings, seeds=range(1), every=6):
        board = state.board.without(state.activated_fighter)
        doors = [square for square, kind in board.terrain.items() if kind == DOOR]
        for square in state.grid.squares():
            every = list(_moves(board, square, _unlimited(board), doors))
            for points in range(15):
                assert list(_moves(board, square, points, doors)) == [m for m in every if m.cost <= points]


def _attack_square_as_before(state, fighter, movement):
    """The greedy bot's choice as it was written first: every route spelled out, every square asked."""
    board = state.board.without(fighter)
    best = None
    for route in (r.value for r in reachable_squares(state, fighter, movement).values()):
        if route.fate == "removed":
            continue
        moved = type(fighter)(fighter.id, fighter.side, fighter.weapon, route.square)
        if any(not attack_refusal(board, moved, e) for e in _enemies(state, fighter)):
            if best is None or (route.cost, route.square) < (best.cost, best.square):
                best = route
    return best


def _closest_square_as_before(state, fighter):
    here = _distance_to_enemy(state, fighter)
    routes = [r.value for r in reachable_squares(state, fighter, state.movement_left).values()
              if r.value.fate == STANDS]
    scored = [(min(manhattan(r.square, e.square) for e in _enemies(state, fighter)), r.cost, r.square, r)
              for r in routes]
    scored = [s for s in scored if s[0] < here]
    return min(scored, key=lambda s: s[:3])[3] if scored else None


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_the_greedy_bots_one_search_chooses_as_asking_square_by_square(scenario, settings):
    for state in _move_positions(scenario, settings, every=3):
        fighter = state.activated_fighter
        options = _Options(state, fighter, 13)
        for movement in (13, 9, 5, 2, 0):  # asked largest first and smallest first: the search is shared
            expected = _attack_square_as_before(state, fighter, movement)
            got = options.attack_square(movement)
            assert (got and (got.square, got.cost)) == (expected and (expected.square, expected.cost))
        options = _Options(state, fighter, state.movement_left)
        expected = _closest_square_as_before(state, fighter)
        got = options.closest_square()
        assert (got and (got.square, got.cost)) == (expected and (expected.square, expected.cost))


def test_remembered_actions_are_equal_values():
    assert made(Step, "green", "N") == Step("green", "N")
    assert made(Jump, "tan", "E", 3) is made(Jump, "tan", "E", 3)


def test_remembered_sight_lines_equal_fresh_ones_and_keep_their_number_types():
    rng = random.Random(7)
    for _ in range(500):
        a, b = (rng.randrange(-3, 9), rng.randrange(-3, 9)), (rng.randrange(-3, 9), rng.randrange(-3, 9))
        assert supercover(a, b) == _supercover(a, b)
        assert supercover(a, b) is supercover(a, b)
    floats = supercover((0.0, 0.0), (2.0, 1.0))
    assert floats == _supercover((0.0, 0.0), (2.0, 1.0))
    assert all(type(v) is float for square in floats.squares for v in square)


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_sees_answers_as_the_full_sight_line(scenario, settings):
    """The per-table sight plans (walls decided once, doors and corners asked) agree with tracing the whole
    line, between every two squares, doors open or shut and fighters standing anywhere."""
    from explorer.rulesets.phlog.mechanics import sees, sight
    for state in itertools.islice(_move_positions(scenario, settings, seeds=range(2), every=6), 0, None, 8):
        board = state.board
        squares = list(state.grid.squares())
        for a in squares:
            for b in squares:
                assert sees(board, a, b) == sight(board, a, b).clear, (a, b)


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_the_jumps_found_are_those_the_jump_rule_allows(scenario, settings):
    """jumps_from (its tests written out for speed) finds exactly the jumps jump_refusal allows, in order."""
    from explorer.rulesets.phlog.mechanics import jump_refusal, jumps_from
    for state in _move_positions(scenario, settings, seeds=range(2), every=4):
        board, fighter = state.board, state.activated_fighter
        for points in (3, 4, 9, 40):
            allowed = [(d, n) for d in DIRECTIONS for n in range(2, 20)
                       if jump_refusal(board, fighter, d, n, points) is None]
            assert list(jumps_from(board, fighter.square, points)) == allowed


def test_games_on_equal_boards_share_the_tables_answers():
    """Each new game builds its own setup; answers that depend only on the board (sight plans, doors) are kept
    once for every game on an equal board, and not for a different board."""
    from explorer.core.gridstate import setup_memo
    one, two, duel = (PHLOG.new_game("corridor", seed=1), PHLOG.new_game("corridor", seed=2),
                      PHLOG.new_game("duel", seed=1))
    assert one.game.setup is not two.game.setup
    assert setup_memo(one.game.setup) is setup_memo(two.game.setup)
    assert setup_memo(one.terrain) is setup_memo(two.terrain)
    assert setup_memo(duel.game.setup) is not setup_memo(one.game.setup)


@pytest.mark.parametrize("settings", [*VARIANTS, {"max_rounds": 3}])
def test_the_board_and_outcome_kept_between_moves_are_those_worked_out_afresh(settings):
    """A move keeps the next position's board (the old one with the mover moved or removed) and, when nobody is
    removed, its outcome; both equal what the position gives when worked out from scratch."""
    from explorer.core.state import GameState
    from explorer.rulesets.phlog.game import PhlogState
    from explorer.rulesets.phlog.mechanics import Board
    for seed in range(4):
        state, rng = PHLOG.new_game("corridor", seed=seed, **settings), random.Random(seed)
        while not state.is_over:
            assert state.board == Board.of(state)
            assert state.outcome == GameState._outcome(state)
            state.apply(rng.choice(list(state.legal_actions)))
        assert state.outcome == GameState._outcome(state)
        assert isinstance(state, PhlogState)


CROWDED_MAP = """
g.+.#.t+.
.G.+O.^.T
+.*.g..+t
.#.t.+.G.
"""


def _candidates(state):
    """Every move-phase action the rules could allow, in the order the rules offer them: steps, jumps (direction by
    direction, shortest first), doors (in the terrain's order), attacks (in the fighters' order), ending the turn."""
    from explorer.rulesets.phlog.actions import Attack, EndTurn, ToggleDoor
    player = state.current_player
    longest = state.grid.width + state.grid.height
    return [*(Step(player, d) for d in DIRECTIONS),
            *(Jump(player, d, n) for d in DIRECTIONS for n in range(2, longest)),
            *(ToggleDoor(player, s) for s, kind in state.terrain.items() if kind == DOOR),
            *(Attack(player, f) for f in state.fighters), EndTurn(player)]


@pytest.mark.parametrize("settings", VARIANTS)
@pytest.mark.parametrize("scenario", ["corridor", "duel", "crowded"])
def test_the_move_offers_are_the_actions_the_full_check_accepts_in_the_rules_order(scenario, settings):
    """The move phase's offers (planned once per square from the terrain, then asked only of fighters, open doors
    and points) are exactly the candidates the full check allows, in order, at every move of random games."""
    from explorer.rulesets.phlog.scenarios import from_map
    from explorer.rulesets.phlog.settings import Settings
    for seed in range(3):
        if scenario == "crowded":
            state = from_map(CROWDED_MAP, Settings(**settings), seed=seed)
        else:
            state = PHLOG.new_game(scenario, seed=seed, **settings)
        rng = random.Random(seed)
        while not state.is_over:
            if state.phase == "move":
                allowed = [act for act in _candidates(state) if state.why_illegal(act) is None]
                assert list(state.legal_actions) == allowed
            state.apply(rng.choice(list(state.legal_actions)))


def test_a_game_let_go_is_freed_at_once_without_the_garbage_collector():
    """Nothing a game keeps (offers, views, kept answers) holds the game in a cycle: a finished game goes as soon as
    it is let go. A cycle would leave every game of a playout to the collector, which then walks all they hold."""
    import gc
    import weakref
    enabled = gc.isenabled()
    gc.disable()
    try:
        state, rng = PHLOG.new_game("corridor", seed=3), random.Random(3)
        for _ in range(60):
            state.apply(rng.choice(list(state.legal_actions)))
        assert state.legal_actions and state.clone().legal_actions
        gone = weakref.ref(state)
        del state
        assert gone() is None
    finally:
        if enabled:
            gc.enable()


@pytest.mark.parametrize("scenario", ["corridor", "duel"])
def test_a_routes_first_action_is_the_first_of_the_route_spelled_out(scenario):
    """The greedy bot plays a route's first action only (first_action), the one spell_out would list first."""
    from explorer.rulesets.phlog.reach import first_action, reachable_spots, spell_out
    for state in _move_positions(scenario, {}, seeds=range(2), every=4):
        fighter = state.activated_fighter
        for spot in reachable_spots(state, fighter, 13).values():
            actions = spell_out(fighter, spot).value.actions
            assert first_action(fighter, spot) == (actions[0] if actions else None)


def _positions_along_games(settings: dict, seeds=range(3), scenario: str = "corridor"):
    """Each state of random games, as a clone kept before its action is played, with that action."""
    for seed in seeds:
        state, rng = PHLOG.new_game(scenario, seed=seed, **settings), random.Random(seed)
        while not state.is_over:
            action = rng.choice(list(state.legal_actions))
            yield state.clone(), action
            state.apply(action)


@pytest.mark.parametrize("settings", [{}, {"max_rounds": 3}])
def test_the_end_of_a_turn_is_the_next_turns_start_worked_out_the_plain_way(settings):
    """Ending a turn makes the next turn's position at once, with the cards drawn, where no round limit can end the
    game: the same position and random numbers as the plain way (the position built by its constructor, asked
    for its outcome, and only then the cards drawn)."""
    from explorer.core.state import GameState
    from explorer.rulesets.phlog.actions import EndTurn
    from explorer.rulesets.phlog.position import NOMINATE, Position
    ended = 0
    for state, action in _positions_along_games(settings):
        if not isinstance(action, EndTurn):
            continue
        p, plain = state.position, state.clone()
        piles = dict(p.piles)
        if p.phase != NOMINATE:
            piles[p.side] = piles[p.side].add_spent(p.movement_card)
        following = state.other(p.side)
        expected = Position(p.fighters, piles, following, p.turn + 1, p.open_doors)
        if GameState.outcome_at(plain, expected) is None:
            piles[following], _ = piles[following].draw_up_to(6, plain.rng.shuffle)
            expected = Position(p.fighters, piles, following, p.turn + 1, p.open_doors)
        else:
            ended += 1
        state.apply(action)
        assert state.position == expected and state.rng == plain.rng
    assert ended == (3 if settings else 0)  # each round-limited game ends at the end of a turn


@pytest.mark.parametrize("settings", [{}, {"ace_high": True, "court_cards_ten": True}])
def test_a_cards_value_read_from_the_rank_table_is_the_card_values_own(settings):
    from explorer.core.cards import standard_deck
    state = PHLOG.new_game("duel", seed=1, **settings)
    assert [state.value_of(card) for card in standard_deck()] == [state.values.value(card) for card in standard_deck()]


def test_the_card_offers_and_the_hand_split_are_those_worked_out_afresh():
    """The card offers (made from the codes in hand, read by C calls), and the hand split into value cards and jokers
    (the jokers found by their rank first), are what the plain computation gives at every position of random games."""
    from explorer.rulesets.phlog.actions import ChooseAttackCard, ChooseDefenceCard, PlayMovementCard
    from explorer.rulesets.phlog.game import RULES
    checked = set()
    for state, _ in _positions_along_games({}, seeds=range(4), scenario="duel"):
        for side in state.sides:
            hand = state.position.piles[side].hand
            assert state.hand_split(side) == (tuple(c for c in hand if not c.is_joker),
                                              tuple(c for c in hand if c.is_joker))
        phase = state.phase
        kind = {"movement_card": PlayMovementCard, "attack_card": ChooseAttackCard,
                "defence_card": ChooseDefenceCard}.get(phase)
        if kind is None:
            continue
        player = state.current_player
        codes = dict.fromkeys(c.code for c in state.position.piles[player].hand if not c.is_joker)
        plain = [kind(player, code) for code in codes]
        listed = RULES.phases[phase].legal(state)
        assert list(listed) == plain == list(state.legal_actions)
        checked.add(phase)
    assert checked == {"movement_card", "attack_card", "defence_card"}


def test_a_fighter_has_slots_and_evolves_as_dataclasses_replace():
    from explorer.rulesets.phlog.data import Fighter
    from explorer.core.frozen import evolve
    fighter = Fighter("green-1", "green", "ranged", (2, 3))
    assert not hasattr(fighter, "__dict__")
    assert evolve(fighter, square=None) == Fighter("green-1", "green", "ranged", None)
