"""Simple Plastic Wargame: the turn, winning, armies, scenarios, saving, rulings and bots."""

import dataclasses
import json

import pytest

import explorer
from explorer.core import RandomBot, RuleViolation, SaveGameError, load_game, play_out
from explorer.core.tabletop import Sight, bases_overlap
from explorer.rulesets.simple_plastic import (
    RULESET, RULINGS, SECTIONS, Attack, EndPhase, Figure, GreedyBot, MoveFigure, MoveSquad, Settings, in_cohesion,
    new_state,
)
from explorer.rulesets.simple_plastic.position import in_play

BOOK_PAGES = {"index", "setup", "turn", "moving", "attacking", "special_units", "full_game", "quick_reference",
              "rulings"}


def duel(**settings):
    """One green trooper and one tan trooper in the open, and a squad each out of sight."""
    figures = [Figure("g1", "green", "trooper", None, 10, 18), Figure("t1", "tan", "trooper", None, 25, 18)]
    return new_state(Settings(**settings), figures=figures)


# -- the turn ------------------------------------------------------------------------------------

def test_a_turn_is_a_move_phase_then_an_attack_phase_then_the_other_side():
    state = duel()
    assert (state.side, state.phase, state.round) == ("green", "move", 1)
    state.apply(EndPhase("green"))
    assert (state.side, state.phase) == ("green", "attack")
    state.apply(EndPhase("green"))
    assert (state.side, state.phase, state.round) == ("tan", "move", 1)
    state.apply(EndPhase("tan"))
    state.apply(EndPhase("tan"))
    assert (state.side, state.phase, state.round) == ("green", "move", 2)


def test_ending_the_other_sides_phase_is_refused():
    state = duel()
    before = state.to_dict()
    with pytest.raises(RuleViolation, match="it is green's turn") as caught:
        state.apply(EndPhase("tan"))
    assert caught.value.rule.key == "simple_plastic:turn"
    assert state.to_dict() == before


def test_a_side_with_no_figures_left_loses():
    state = duel()
    state.apply(EndPhase("green"))
    state.apply(Attack("green", "g1", "t1"), dice=[6])
    assert state.outcome.winner == "green" and "tan has nothing left in play" in state.outcome.reason
    assert state.is_over and state.current_player is None
    assert list(state.legal_actions) == []
    with pytest.raises(RuleViolation, match="game is over"):
        state.apply(EndPhase("green"))


def test_with_a_round_limit_the_side_with_more_figures_wins():
    figures = [Figure("g1", "green", "trooper", None, 10, 18), Figure("g2", "green", "trooper", None, 10, 20),
               Figure("t1", "tan", "trooper", None, 25, 18)]
    state = new_state(Settings(max_rounds=1), figures=figures, terrain=())
    for _ in range(3):
        state.apply(EndPhase(state.side))
    assert not state.is_over
    state.apply(EndPhase("tan"))
    assert state.outcome.winner == "green" and "after 1 round green has more" in state.outcome.reason
    even = duel(max_rounds=1)
    for _ in range(4):
        even.apply(EndPhase(even.side))
    assert even.outcome.winner is None


# -- armies ---------------------------------------------------------------------------------------

def test_one_specialist_per_squad_fielded():
    squad = [Figure(f"g{k}", "green", "trooper", "alpha", 5, 10 + 0.75 * k) for k in range(3)]
    heavy = Figure("gh", "green", "heavy", "alpha", 5, 12.25)
    sniper = Figure("gs", "green", "sniper", None, 5, 20)
    enemy = Figure("t1", "tan", "trooper", None, 40, 10)
    new_state(figures=[*squad, heavy, enemy])
    new_state(figures=[*squad, sniper, enemy])
    with pytest.raises(RuleViolation, match="one specialist per squad") as caught:
        new_state(figures=[*squad, heavy, sniper, enemy])
    assert caught.value.rule.key == "simple_plastic:special_units"
    with pytest.raises(RuleViolation, match="one specialist per squad"):
        new_state(figures=[sniper, enemy])


def test_snipers_are_never_part_of_a_squad_and_heavy_weapons_may_be():
    enemy = Figure("t1", "tan", "trooper", None, 40, 10)
    with pytest.raises(RuleViolation, match="never part of a squad"):
        new_state(figures=[Figure("gs", "green", "sniper", "alpha", 5, 5), enemy])
    new_state(figures=[Figure("gh", "green", "heavy", "alpha", 5, 5), Figure("g1", "green", "trooper", "alpha", 5, 5.75),
                       enemy])


def test_a_lone_heavy_weapon_named_a_squad_does_not_pay_for_itself():
    """Issue 7 (c): a squad is fielded only with an ordinary unit in it (ruling specialists)."""
    enemy = Figure("t1", "tan", "trooper", None, 40, 10)
    with pytest.raises(RuleViolation, match="only specialists") as caught:
        new_state(figures=[Figure("gh", "green", "heavy", "alpha", 5, 5), enemy])
    assert caught.value.rule.key == "simple_plastic:rulings.specialists"
    with pytest.raises(RuleViolation, match="only specialists"):  # two specialists are no squad either
        new_state(figures=[Figure("gh", "green", "heavy", "alpha", 5, 5), Figure("gh2", "green", "heavy", "alpha", 5, 5.75),
                           Figure("g1", "green", "trooper", "bravo", 9, 5), enemy])
    with pytest.raises(RuleViolation, match="one specialist per squad"):  # alone, it needs a squad elsewhere
        new_state(figures=[Figure("gh", "green", "heavy", None, 5, 5), enemy])
    # casualties still count as fielded: a squad down to its heavy weapon is a legal position
    state = new_state(figures=[Figure("gh", "green", "heavy", "alpha", 5, 5),
                               Figure("g1", "green", "trooper", "alpha", 5, 5.75, alive=False), enemy])
    assert state.squads == {"alpha": ("gh",)}
    assert RULESET.ruling("specialists").decision


def test_figures_need_distinct_ids_and_a_known_kind():
    with pytest.raises(RuleViolation, match="own id"):
        new_state(figures=[Figure("x", "green", "trooper", None, 5, 5), Figure("x", "tan", "trooper", None, 9, 5)])
    with pytest.raises(ValueError, match="unknown kind"):
        Figure("x", "green", "tank")


# -- scenarios ------------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", list(RULESET.scenarios))
def test_scenarios_set_up_legal_positions(name):
    state = RULESET.new_game(name, seed=1)
    figures = in_play(state)
    for squad in state.squads:
        assert in_cohesion([state.figures[f].position for f in state.squads[squad]])
    for f in figures:
        assert state.table.on_table(f.position) and not state.table.in_solid(f.position)
    assert not any(bases_overlap(a.position, b.position) for a in figures for b in figures if a.id < b.id)
    assert any(state.legal_actions)


def test_the_skirmish_has_two_squads_of_five_a_specialist_each_and_the_three_kinds_of_terrain():
    state = explorer.new_game("simple_plastic", seed=0)  # the first scenario
    kinds = {t.kind.value for t in state.terrain}
    assert {"solid", "semi_solid", "hill"} <= kinds
    assert (state.table.width, state.table.height) == (48.0, 36.0)
    for side in state.sides:
        troopers = [f for f in in_play(state, side) if f.kind == "trooper"]
        specials = [f for f in in_play(state, side) if f.is_special]
        assert len(troopers) == 5 and len(specials) == 1


@pytest.mark.parametrize("name", ["skirmish", "sniper_duel"])
def test_the_fight_starts_out_of_sight(name):
    state = RULESET.new_game(name)
    for a in in_play(state, "green"):
        for t in in_play(state, "tan"):
            assert state.line_of_sight(a.id, t.id).sight is Sight.BLOCKED


# -- saving -----------------------------------------------------------------------------------------------

def played(seed=3, actions=40, scenario="skirmish"):
    state = RULESET.new_game(scenario, seed=seed)
    return play_out(state, {"green": GreedyBot(seed), "tan": RandomBot(seed)}, max_actions=actions)


def test_save_and_load_round_trip_exactly():
    state = played()
    loaded = load_game(json.loads(state.to_json()))
    assert loaded == state
    assert loaded.figures == state.figures and loaded.table == state.table
    bot_a, bot_b = GreedyBot(9), GreedyBot(9)
    for _ in range(6):
        if state.is_over:
            break
        assert loaded.apply(bot_a(loaded)) == state.apply(bot_b(state))


def figure0(d):
    return d["start"]["position"]["figures"][0]


@pytest.mark.parametrize("mutate, message", [
    (lambda d: figure0(d).update(kind="tank"), "unknown kind"),
    (lambda d: figure0(d).update(x="left"), "position in inches"),
    (lambda d: figure0(d).update(rank="sergeant"), "exactly the keys"),
    (lambda d: d.pop("setup"), "table"),
    (lambda d: d["setup"]["terrain"][0].update(kind="lava"), "malformed terrain"),
    (lambda d: d["start"]["position"].update(phase="lunch"), "phase must be one of"),
    (lambda d: d["actions"][0]["action"].update(speed=3), "has no field"),
    (lambda d: d["actions"].append({"action": {"type": "Attack", "player": "tan", "attacker": "t1", "target": "g1"}}),
     "cannot be replayed"),
    (lambda d: d["current"]["position"]["figures"][0].update(alive=False), "does not give the saved position"),
    (lambda d: d.update(settings={"span": "giant"}), "span must be one of"),
    # issue 7: what a hostile save tries, each a SaveGameError that says what is wrong
    (lambda d: figure0(d).update(x=-3.0), "off the"),
    (lambda d: figure0(d).update(x=22.0, y=16.0), "inside solid terrain"),  # in the farmhouse
    (lambda d: figure0(d).update(x=float("nan")), "finite"),
    (lambda d: figure0(d).update(x=float("inf")), "finite"),
    (lambda d: figure0(d).update(x=10**400), "finite"),
    (lambda d: figure0(d).update(x=True), "position in inches"),
    (lambda d: figure0(d).update(id=["g1"]), "short name"),
    (lambda d: figure0(d).update(kind=["trooper"]), "unknown kind"),
    (lambda d: figure0(d).update(alive="no"), "true or false"),
    (lambda d: d["start"]["position"]["figures"].append(dict(figure0(d))), "own id"),
    (lambda d: d["start"]["position"]["figures"][1].update(x=5.0, y=15.0), "each other's bases"),
    (lambda d: d["start"]["position"]["figures"].append("g9"), "figure 13 is malformed"),
    (lambda d: d["start"]["position"].update(figures={"g1": {}}), "list"),
    (lambda d: d["start"]["position"].update(figures=[dict(figure0(d), id=f"x{k}") for k in range(201)]),
     "at most 200"),
    (lambda d: d["start"]["position"].update(attacks_used={"g1": -5}), "attacks_used|1 to 1"),
    (lambda d: d["start"]["position"].update(phase="attack", attacks_used={"g1": -5}), "not -5"),
    (lambda d: d["start"]["position"].update(phase="attack", attacks_used={"g1": 6}), "not 6"),
    (lambda d: d["start"]["position"].update(phase="attack", attacks_used={"nobody": 1}), "'nobody'"),
    (lambda d: d["start"]["position"].update(phase="attack", attacks_used={"t1": 1}), "'t1'"),
    (lambda d: d["start"]["position"].update(attacks_used=[["g1", 1]]), "attacks_used must be"),
    (lambda d: d["start"]["position"].update(moved_units=["squad:bravo"]), "moved unit"),
    (lambda d: d["start"]["position"].update(moved_units=[["g1"]]), "moved_units must be"),
    (lambda d: d["start"]["position"].update(round=0), "round"),
    (lambda d: d["start"]["position"].update(round="1"), "round must be a whole number"),
    (lambda d: d["start"]["position"].update(side="blue"), "side to play"),
    (lambda d: d["start"]["position"].pop("side"), "exactly the keys"),
    (lambda d: d["start"].update(position=[]), "position"),
    (lambda d: d["setup"].update(width=float("nan")), "width and height"),
    (lambda d: d["setup"].update(width=10**9), "width and height"),
    (lambda d: d["setup"]["terrain"][0].update(points=[[0, 0], [1, "a"], [2, 2]]), "malformed terrain"),
    (lambda d: d["setup"]["terrain"][0].update(elevation=10**9), "elevation"),
    (lambda d: d["setup"].update(terrain={}), "terrain must be a list"),
    (lambda d: d["actions"][0]["action"].update(squad=["alpha"]), "cannot be replayed"),
    (lambda d: d["actions"][0]["action"].update(to=[1, 2, 3]), "cannot be replayed"),
])
def test_malformed_saves_are_rejected_with_a_clear_reason(mutate, message):
    data = json.loads(played(actions=10).to_json())
    assert data["actions"][0]["action"]["type"] == "MoveSquad"
    mutate(data)
    with pytest.raises(SaveGameError, match=message):
        load_game(data)


def test_a_hostile_save_never_escapes_as_a_raw_exception():
    """Every part of a real save replaced by odd values: a SaveGameError each time, never anything else."""
    base = json.loads(played(actions=10).to_json())
    odd = [None, -5, 1.5, float("nan"), "no", [], {}, ["g1"], {"x": 1}, True, 10**400]
    paths = [("setup",), ("setup", "width"), ("setup", "terrain"), ("start", "position"),
             ("start", "position", "figures"), ("start", "position", "side"), ("start", "position", "phase"),
             ("start", "position", "round"), ("start", "position", "moved_units"),
             ("start", "position", "attacks_used"), ("current", "position", "round")]
    fields = ["id", "side", "kind", "squad", "x", "y", "alive", "moved", "in_vehicle"]
    for path in paths + [("start", "position", "figures", 0, f) for f in fields]:
        for value in odd:
            data = json.loads(json.dumps(base))
            where = data
            for key in path[:-1]:
                where = where[key]
            where[path[-1]] = value
            try:
                state = load_game(data)
            except SaveGameError:
                continue
            # a value that happens to be legal (a table with no terrain) loads, and the game is legal
            assert type(state)._position_problem(state.game, state.position) is None, (path, value)


def test_undo_restores_exactly():
    state = played(actions=12)
    before = state.to_dict()
    act = next(iter(state.legal_actions))
    state.apply(act)
    assert state.undo() == act
    assert state.to_dict() == before


# -- actions, sections and rulings as data ------------------------------------------------------------------

def test_actions_print_as_code_you_can_type_back_and_survive_json():
    acts = [MoveSquad("green", "alpha", "g1", (12.0, 10.5)), MoveSquad("green", "alpha", "g1", (12.0, 10.5), (("g2", (11.0, 10.5)),)),
            MoveFigure("green", "gs", (3.0, 4.0)), Attack("green", "g1", "t3"), EndPhase("green")]
    for act in acts:
        assert eval(repr(act)) == act
        assert hash(act) == hash(eval(repr(act)))
    assert MoveSquad("green", "a", "b", [1, 2]) == MoveSquad("green", "a", "b", (1, 2))  # lists from JSON become tuples


def test_every_rule_reference_resolves_to_a_book_page():
    for key, section in SECTIONS.items():
        assert RULESET.ref(key) == section.ref and section.page in BOOK_PAGES
    for ruling in RULINGS:
        for ref in ruling.refs:
            assert ref.section in SECTIONS, ref
        assert f"rulings.{ruling.id}" in SECTIONS


def test_every_ruling_setting_is_a_setting_with_a_default():
    fields = {f.name for f in dataclasses.fields(Settings)}
    for ruling in RULINGS:
        assert ruling.setting is None or ruling.setting in fields, ruling.id
    assert len({r.id for r in RULINGS}) == len(RULINGS)


def test_settings_check_their_choices():
    with pytest.raises(ValueError, match="leader must be one of"):
        Settings(leader="rear")
    with pytest.raises(ValueError, match="short_span_inches"):
        Settings(short_span_inches=0)
    with pytest.raises(ValueError, match="max_rounds"):
        Settings(max_rounds=0)
    assert RULESET.settings(span="adult").span_inches == 4.0


def test_events_cite_rules():
    state = played(actions=30)
    cited = {key for turn in state.history for event in turn.events for key in event.rules}
    assert cited and all(key.split(":")[1] in SECTIONS for key in cited)


# -- bots ----------------------------------------------------------------------------------------------------

def test_the_greedy_bot_attacks_the_best_odds_target():
    figures = [Figure("g1", "green", "trooper", None, 10, 18),
               Figure("t1", "tan", "trooper", None, 25, 18, in_vehicle=True),   # needs 4
               Figure("t2", "tan", "trooper", None, 25, 22)]                    # needs 3
    state = new_state(figures=figures)
    state.apply(EndPhase("green"))
    assert GreedyBot(0)(state) == Attack("green", "g1", "t2")


def test_the_greedy_bot_stays_put_when_it_has_a_target_and_moves_in_otherwise():
    state = duel()
    assert GreedyBot(0)(state) == EndPhase("green")  # keeps "did not move"
    far = new_state(figures=[Figure("g1", "green", "trooper", None, 10, 18),
                             Figure("t1", "tan", "trooper", None, 40, 18)],
                    terrain=[explorer.core.tabletop.Terrain.rect("wall", "solid", 20, 10, 1, 16)])
    act = GreedyBot(0)(far)
    assert isinstance(act, MoveFigure)


@pytest.mark.parametrize("scenario", list(RULESET.scenarios))
def test_bots_finish_games_and_the_same_seeds_give_the_same_game(scenario):
    def game(seed):
        state = RULESET.new_game(scenario, seed=seed, max_rounds=40)
        return play_out(state, {"green": GreedyBot(seed), "tan": GreedyBot(seed + 1)}, max_actions=2000)
    first, again = game(4), game(4)
    assert first.is_over
    assert first == again


def test_the_rules_bugs_of_issue_7_are_each_a_ruling_the_rulings_page_shows():
    decided = {r.id: r for r in RULINGS}
    assert "only a squad with gaps" in decided["closing_gaps"].decision.lower()
    assert "no follower ends further forward than the leader" in decided["followers"].decision
    assert "at least one ordinary unit" in decided["specialists"].decision
    assert "nan" in decided["span_range"].decision.lower() and decided["span_range"].setting == "child_span_inches"
    for key in ("closing_gaps", "followers", "specialists", "span_range"):
        assert RULESET.ruling(key) is decided[key] and RULESET.ref(f"rulings.{key}").section == f"rulings.{key}"


def test_the_ruleset_has_the_names_every_ruleset_has():
    from explorer.rulesets.simple_plastic import ACTIONS, BOTS
    assert RULESET.bots == BOTS and set(BOTS) == {"greedy", "random", "strong"}
    assert RULESET.action_types == ACTIONS and RULESET.rulings == RULINGS
    assert RULESET.victory_section == "rulings.victory"
    state = duel()
    assert state.describe(EndPhase("green")) == "green ends the move phase"
    assert state.describe(Attack("green", "g1", "t1")) == "g1 attacks t1"
