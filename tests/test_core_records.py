"""The core's records built without their ``__init__`` (``Event.made``, ``Turn.made``, ``evolve``, the listing's view)
are the very values the plain constructors make, on the records of real games."""

from __future__ import annotations

import dataclasses
import dis
import random
import sys

import pytest

from explorer import get_ruleset
from explorer.core.actions import Event
from explorer.core.frozen import evolve, made, made_by, maker
from explorer.core.records import LegalActions, Turn


def _played(name: str, scenario: str, seed: int = 3, most: int = 120):
    state = get_ruleset(name).new_game(scenario, seed=seed)
    rng = random.Random(seed)
    for _ in range(most):
        if state.is_over:
            break
        state.apply(rng.choice(list(state.legal_actions)))
    return state


def test_events_and_turns_made_fast_equal_the_constructed_ones():
    data = {"visibility": "public", "to": [3, 4]}
    made, built = Event.made("move", "a moves.", ("moving",), data), Event("move", "a moves.", ("moving",), data)
    assert dataclasses.astuple(made) == dataclasses.astuple(built) == ("move", "a moves.", ("moving",), data)
    assert made == built and hash(made) == hash(built) and repr(made) == repr(built)
    assert made.to_dict() == built.to_dict() and not hasattr(made, "__dict__")  # slotted: no dict an event
    assert type(made) is Event  # filled as a plain twin, then given the frozen class: frozen again
    with pytest.raises(dataclasses.FrozenInstanceError):
        made.text = "changed"
    for dice in (None, (2, 5)):
        turn, plain = Turn.made("act", (made,), dice), Turn("act", (built,), dice)
        assert dataclasses.astuple(turn) == dataclasses.astuple(plain) and turn == plain and hash(turn) == hash(plain)
        assert type(turn) is Turn
        with pytest.raises(dataclasses.FrozenInstanceError):
            turn.dice = (6,)


@pytest.mark.parametrize("name, scenario", [("phlog", "corridor"), ("dice_tactics", "river_crossing")])
def test_the_events_of_real_games_are_whole_values(name, scenario):
    state = _played(name, scenario)
    assert state.history
    for turn in state.history:
        assert turn == Turn(turn.action, turn.events, turn.dice)
        for event in turn.events:
            assert type(event.kind) is str and type(event.text) is str and event.text
            assert type(event.rules) is tuple and type(event.data) is dict
            assert event == Event(event.kind, event.text, event.rules, event.data)


def test_evolve_is_dataclasses_replace_and_refuses_an_unknown_field():
    position = _played("phlog", "corridor").position
    moved = evolve(position, turn=position.turn + 1, phase="nominate")
    assert moved == dataclasses.replace(position, turn=position.turn + 1, phase="nominate")
    assert moved.fighters is position.fighters and position.turn == moved.turn - 1  # a copy; the old one unchanged
    with pytest.raises(TypeError, match="no field"):
        evolve(position, no_such_field=1)
    assert evolve(position) == position and evolve(position) is not position


ADAPTIVE = sys.implementation.name == "cpython" and sys.version_info[:2] in ((3, 11), (3, 12))


def _read_specialised(value, name: str) -> bool:
    """Whether CPython's adaptive interpreter reads ``value.<name>`` by a specialised instruction once warm (it
    cannot on an object holding its class's shared-key dict once ``__dict__`` was read: every read is then slow)."""
    scope: dict = {}
    exec(f"def read(value):\n    return value.{name}\n", scope)
    read = scope["read"]
    for _ in range(1000):
        read(value)
    loads = [op.opname for op in dis.get_instructions(read, adaptive=True) if op.opname.startswith("LOAD_ATTR")]
    return loads[0] not in ("LOAD_ATTR", "LOAD_ATTR_ADAPTIVE")


@pytest.mark.skipif(not ADAPTIVE, reason="CPython 3.11-3.12's specialised attribute reads")
@pytest.mark.parametrize("name, scenario", [("simple_plastic", "skirmish"), ("phlog", "corridor")])
def test_attribute_reads_of_played_states_their_clones_and_evolved_values_are_specialised(name, scenario):
    """A state's kept answers read ``state.__dict__``; the state holds a dict of its own (not its class's shared-key
    one), as its clone does, so ``state.position`` is read the fast way; so are the values evolve makes."""
    state = _played(name, scenario, most=30)
    assert "_offered" in state.__dict__ and state.history  # (the dict was read; the game went on)
    for value in (state, state.clone(), get_ruleset(name).new_game(scenario, seed=1)):
        assert _read_specialised(value, "position") and _read_specialised(value, "game")
    position = evolve(evolve(state.position))
    field = dataclasses.fields(position)[0].name
    assert _read_specialised(position, field) and position == state.position


def test_the_listing_view_lists_the_offers_and_asks_the_rules_for_membership():
    state = _played("phlog", "corridor", most=30)
    view = state.legal_actions
    assert type(view) is LegalActions
    offers = list(view)
    assert offers and offers == list(state._offers()) and view.count() == len(offers)
    assert all(action in view for action in offers)


def test_a_maker_takes_the_fields_it_names_in_their_order_and_shares_what_it_makes():
    """``maker`` is ``made`` for one kind with its arguments' names checked once, so a call cannot hand a value to
    the wrong field: names that are not the kind's first fields, in their order, are refused when it is made."""
    @dataclasses.dataclass(frozen=True)
    class Pair:
        first: str
        second: str
        third: int = 0

    pair = maker(Pair, "first", "second")
    assert pair("a", "b") == Pair(first="a", second="b") and pair("a", "b") is pair("a", "b")
    assert maker(Pair, "first", "second", "third")("a", "b", 3) == Pair(first="a", second="b", third=3)
    with pytest.raises(TypeError, match="Pair's first fields are first, second, not second, first"):
        maker(Pair, "second", "first")  # swapped: two fields of one type would take each other's values
    with pytest.raises(TypeError, match="Pair's first fields are first, second, not first, third"):
        maker(Pair, "first", "third")


def test_made_by_its_last_argument_is_what_made_makes():
    """``made_by(kind, *first)[last]`` (a C lookup, for listings) is ``made(kind, *first, last)``: the same shared value,
    equal to the constructor's, whether ``made`` or the mapping was asked first."""
    @dataclasses.dataclass(frozen=True)
    class Offer:
        player: str
        card: str

    by_code = made_by(Offer, "green")
    assert made_by(Offer, "green") is by_code and made_by(Offer, "tan") is not by_code
    first = made(Offer, "green", "Q♥")
    assert by_code["Q♥"] is first and list(map(by_code.__getitem__, ["Q♥", "2♠"])) == [first, Offer("green", "2♠")]
    assert made(Offer, "green", "2♠") is by_code["2♠"] and made_by(Offer, "tan")["2♠"] == Offer("tan", "2♠")


def test_undo_gives_back_the_position_and_the_random_numbers_exactly():
    state = _played("phlog", "corridor", most=30)
    before, rng = state.position, state.rng.get_state()
    for action in list(state.legal_actions)[:5]:
        state.apply(action)
        state.undo()
        assert state.position is before and state.rng.get_state() == rng


RULESETS = [("army_men", "standard"), ("one_brain_cell", "skirmish"), ("simple_plastic", "skirmish"),
            ("dice_tactics", "river_crossing"), ("phlog", "corridor")]


@pytest.mark.parametrize("name, scenario", RULESETS)
def test_the_outcome_apply_keeps_is_the_one_worked_out_afresh(name, scenario):
    """apply works out the new position's outcome and keeps it (is_over and the listing read it in place): at every
    position of a game it is what a copy with nothing kept works out."""
    state = get_ruleset(name).new_game(scenario, seed=4)
    rng = random.Random(4)
    for _ in range(5000):  # to the end of the game
        fresh = state.clone()
        fresh._outcome_of = (None, None)
        assert state._outcome_of[0] is state.position or not state.history  # kept by apply for its position
        assert state.outcome == fresh.outcome and state.is_over == (fresh.outcome is not None)
        if state.is_over:
            break
        state.apply(rng.choice(list(state.legal_actions)))


def test_the_rule_tables_listing_and_doing_are_asked_directly_only_where_the_ruleset_has_none_of_its_own():
    """Where a ruleset lists and does by its rule table alone, the core asks the table's listing by phase and its
    rules' do directly; a ruleset with its own _legal_actions or _do is asked through them."""
    from explorer.rulesets.dice_tactics.game import DiceTacticsState
    from explorer.rulesets.phlog.game import PhlogState
    table = PhlogState.rules
    assert PhlogState._doing is table.doers == {kind: rule.do for kind, rule in table.rules.items()}
    assert PhlogState._listing is table
    assert DiceTacticsState._doing is None  # its own _do settles the turn after the rule's do

    listed, done = [], []

    class Own(PhlogState):
        def _legal_actions(self):
            listed.append(self.position)
            return super()._legal_actions()

        def _do(self, action):
            done.append(action)
            return super()._do(action)

    assert Own._listing is None and Own._doing is None
    state = get_ruleset("phlog").new_game("duel", seed=2)
    own = object.__new__(Own)
    own.__dict__.update(state.__dict__)
    offers = list(own.legal_actions)
    assert offers == list(state.legal_actions) and listed == [own.position]
    own.apply(offers[0])
    assert done == [offers[0]]


def test_shared_phase_events_read_as_the_turn_they_end():
    """Simple Plastic makes each phase's end event once and shares it (``turn._attacks``, ``turn._turn_ends``): every
    one recorded still names the sides and the round of the turn it ended, as one made afresh would."""
    state = _played("simple_plastic", "skirmish", seed=5, most=400)
    turns, positions = list(state.history), []
    while state.history:
        state.undo()
        positions.append(state.position)
    ended = 0
    for turn, before in zip(turns, reversed(positions)):
        if type(turn.action).__name__ != "EndPhase":
            continue
        if before.phase == "move":
            expected = Event("phase", f"{before.side} has moved: the attack phase begins", ("simple_plastic:turn",),
                             {})
        else:
            following, rnd = state.game.next_turn(before.side, before.round)
            expected = Event("phase", f"{before.side}'s turn ends; {following} moves", ("simple_plastic:turn",),
                             {"round": rnd})
            ended += before.round < rnd
        (event,) = turn.events[:1]
        assert event == expected and event.data == expected.data and event.to_dict() == expected.to_dict()
    assert ended >= 5  # turns ended in several rounds (the shared events differ by round)


def test_an_event_worded_when_read_is_the_event_made_at_once():
    """``Event.worded`` words its text and data when first read, once: it then reads, compares, hashes, prints, saves,
    copies and pickles as the event made at once from the same words."""
    import copy
    import pickle

    calls = []

    def words(who, inches):
        calls.append(who)
        return f"{who} moves {inches:.1f} inches", {"who": who, "to": [inches, 2.0]}

    worded = Event.worded("move", ("moving",), words, "g1", 2.25)
    assert calls == []  # nothing worded while nobody reads it
    made = Event.made("move", "g1 moves 2.2 inches", ("moving",), {"who": "g1", "to": [2.25, 2.0]})
    assert worded.kind == "move" and worded.rules == ("moving",) and calls == []
    assert worded.text == made.text and worded.data == made.data and calls == ["g1"]
    assert worded == made and made == worded and hash(worded) == hash(made) and repr(worded) == repr(made)
    assert worded.to_dict() == made.to_dict() and str(worded) == str(made) and worded.visible_to(None)
    assert dataclasses.astuple(worded) == dataclasses.astuple(made) and worded.data is worded.data
    for twin in (copy.copy(worded), copy.deepcopy(worded), pickle.loads(pickle.dumps(worded))):
        assert type(twin) is Event and twin == made and twin.data == made.data
    assert calls == ["g1"]  # worded once
    with pytest.raises(dataclasses.FrozenInstanceError):
        worded.text = "changed"


def test_simple_plastic_move_events_are_worded_when_read():
    """Simple Plastic's move events are worded when read (``Event.worded``), from the move as it was played: where the
    leader stood before and everyone stands after, in the words and data a move event always had."""
    import math

    state = _played("simple_plastic", "skirmish", seed=2, most=80)
    moved = 0
    while state.history:
        turn = state.history[-1]
        after = state.position.figures
        state.undo()
        event = turn.events[0]
        if event.kind != "move":
            continue
        assert type(event) is not Event  # worded when read
        moved += 1
        leader = event.data["leader"]
        start, end = state.position.figures[leader].position, after[leader].position
        assert event.data["from"] == list(start) and event.data["distance"] == math.dist(start, end)
        assert event.data["positions"] == {fid: list(after[fid].position) for fid in event.data["positions"]}
        assert event.data["moved"] == after[leader].moved and event.data["unit"] in event.text
        if event.data["moved"]:
            assert f"{leader} goes {math.dist(start, end):.1f} inches" in event.text
        assert event == Event(event.kind, event.text, event.rules, event.data)
    assert moved >= 10
