"""Random legal games never break the rules: cards conserved, board sound, refusals clean, undo and
save/load exact, and the legal-action list agreeing with what the game accepts."""

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from explorer import get_ruleset, load_game
from explorer.core import RuleViolation
from explorer.rulesets.phlog import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate, PlayJoker,
    PlayMovementCard, Step, ToggleDoor,
)
from explorer.rulesets.phlog.data import DOOR, OBSTACLE, PIT, WALL
from explorer.rulesets.phlog.view import all_cards

PHLOG = get_ruleset("phlog")

games = st.fixed_dictionaries({
    "scenario": st.sampled_from(["corridor", "duel"]),
    "seed": st.integers(0, 2**32 - 1),
    "settings": st.fixed_dictionaries({
        "ace_high": st.booleans(), "court_cards_ten": st.booleans(), "diagonal_hand_to_hand": st.booleans(),
        "ties": st.sampled_from(["own_cards", "defender", "attacker"]), "deadly_obstacles": st.booleans(),
        "jump_over_fighters": st.booleans(), "fighters_block_sight": st.booleans(),
    }),
})
choices = st.lists(st.integers(0, 2**16), min_size=80, max_size=240)


def start(spec):
    return PHLOG.new_game(spec["scenario"], seed=spec["seed"], **spec["settings"])


def check_invariants(game):
    cards = [card for card, _ in game.card_locations()]
    assert len(cards) == 54 and set(cards) == set(all_cards(game.sides))
    standing = [f for f in game.fighters.values() if f.alive]
    squares = [f.square for f in standing]
    assert len(squares) == len(set(squares)), "two fighters share a square"
    for fighter in standing:
        kind = game.terrain.get(fighter.square)
        assert fighter.square in game.grid
        assert kind not in (WALL, PIT), f"{fighter.id} at rest in a {kind}"
        assert kind != DOOR or fighter.square in game.open_doors
        assert kind != OBSTACLE or not game.settings.deadly_obstacles
    for side in game.sides:
        assert len(game.piles[side].hand) <= 6
    assert (game.current_player is None) == game.is_over


def play(game, picks):
    for pick in picks:
        if game.is_over:
            return
        legal = list(game.legal_actions)
        assert legal, "a game that is not over always offers an action"
        game.apply(legal[pick % len(legal)])
        yield game


@settings(max_examples=30)
@given(games, choices)
def test_random_legal_games_keep_every_invariant(spec, picks):
    game = start(spec)
    check_invariants(game)
    for _ in play(game, picks):
        check_invariants(game)


def candidate_actions(game):
    """Legal and illegal actions alike, by either player, to ask the game about."""
    for me in game.sides:
        yield from (Step(me, d) for d in ("N", "E", "S", "W", "NE"))
        yield from (Jump(me, d, n) for d in ("N", "E", "S", "W") for n in (1, 2, 3))
        yield from (ToggleDoor(me, square) for square, kind in game.terrain.items()
                    if kind in ("door", "star_trek_door"))
        yield ToggleDoor(me, (0, 0))
        for fighter in game.fighters:
            yield Attack(me, fighter)
            yield Nominate(me, fighter)
        for side in game.sides:
            for card in game.piles[side].hand[:3] + game.piles[side].draw[:1]:
                yield from (PlayMovementCard(me, card.code), ChooseAttackCard(me, card.code),
                            ChooseDefenceCard(me, card.code))
        yield from (PlayJoker(me, v) for v in (0, 1, 7, 13, 14, 99, 2.5))
        yield from (CancelJoker(me), DeclineJoker(me), EndTurn(me))
        yield from (Nominate(me, ("green-1",)), Attack(me, ("tan-1",)), ToggleDoor(me, (1.5, 2)))


@settings(max_examples=6)
@given(games, choices)
def test_the_legal_list_is_exactly_what_the_game_accepts_and_refusals_change_nothing(spec, picks):
    game = start(spec)
    for step, _ in enumerate(play(game, picks[:60])):
        if step % 7:
            continue
        legal = set(game.legal_actions)
        before = game.to_dict()
        for act in candidate_actions(game):
            verdict = game.why_illegal(act)
            assert (verdict is None) == (act in legal), (act, verdict)
            if verdict is not None:
                assert verdict.rule.ruleset == "phlog" and verdict.rule.section in PHLOG.sections
                try:
                    game.apply(act)
                    raise AssertionError(f"{act!r} was applied although {verdict}")
                except RuleViolation:
                    pass
                assert game.to_dict() == before


@settings(max_examples=15)
@given(games, choices)
def test_undo_restores_every_earlier_position_exactly(spec, picks):
    game = start(spec)
    positions = [(game.position, game.rng.get_state())]
    for _ in play(game, picks):
        positions.append((game.position, game.rng.get_state()))
    while game.history:
        positions.pop()
        game.undo()
        assert (game.position, game.rng.get_state()) == positions[-1]


@settings(max_examples=15)
@given(games, choices)
def test_save_and_load_round_trip_exactly_and_play_on_the_same(spec, picks):
    game = start(spec)
    list(play(game, picks))
    loaded = load_game(json.loads(game.to_json()))
    assert loaded == game and loaded.to_dict() == game.to_dict()
    assert loaded.view("green") == game.view("green")
    if not game.is_over:
        act = next(iter(game.legal_actions))
        assert loaded.apply(act) == game.apply(act)
