"""The tabletop base every tabletop ruleset shares (explorer/core/tabletop/figures.py): a figure's common
fields checked in words, the save round trip in field order, the shared position check, the state's
per-position cache and the refusal of another side's figure."""

from __future__ import annotations

from dataclasses import dataclass
from types import MappingProxyType, SimpleNamespace

import pytest

from explorer.core.errors import RuleViolation
from explorer.core.rules import Catalogue
from explorer.core.tabletop import Table, Terrain
from explorer.core.tabletop.figures import (
    MAX_FIGURES, TableFigure, TablePosition, TabletopState, figures_from_save, table_position_problem,
)


@dataclass(frozen=True)
class Toy(TableFigure):
    id: str
    side: str
    squad: str = "alpha"
    x: float = 0.0
    y: float = 0.0
    alive: bool = True

    def __post_init__(self):
        self.check_table_fields()
        self.check_flags("alive")

    @property
    def in_play(self) -> bool:
        return self.alive


@dataclass(frozen=True)
class ToyPosition:
    figures: dict
    side: str = "green"
    round: int = 1


TABLE = Table(24.0, 12.0, (Terrain.rect("house", "solid", 10, 4, 4, 4),))
GAME = SimpleNamespace(setup=TABLE, sides=("green", "tan"))


def position(*figures, **rest) -> ToyPosition:
    return ToyPosition({f.id: f for f in figures}, **rest)


def problem(p) -> str | None:
    return table_position_problem(GAME, p, position_type=ToyPosition, figure_type=Toy, title="toy")


def test_a_figure_refuses_bad_names_and_places_in_words_and_keeps_floats():
    assert Toy("g1", "green", x=3, y=4).position == (3.0, 4.0)
    assert isinstance(Toy("g1", "green", x=3).x, float)
    with pytest.raises(ValueError, match="a figure's side is a short name"):
        Toy("g1", "")
    with pytest.raises(ValueError, match="a figure's id is a short name"):
        Toy("x" * 61, "green")
    with pytest.raises(ValueError, match="needs a position in inches"):
        Toy("g1", "green", x=float("nan"))
    with pytest.raises(ValueError, match="needs a position in inches"):
        Toy("g1", "green", y=10 ** 400)
    with pytest.raises(ValueError, match="needs a position in inches"):
        Toy("g1", "green", x=True)
    with pytest.raises(ValueError, match="figure 'g1': alive is true or false"):
        Toy("g1", "green", alive=1)


def test_the_save_round_trip_uses_the_fields_in_order_and_refuses_other_keys():
    toy = Toy("g1", "green", "beta", 1.5, 2.0, False)
    saved = toy.to_dict()
    assert list(saved) == ["id", "side", "squad", "x", "y", "alive"]
    assert Toy.from_dict(saved) == toy
    with pytest.raises(ValueError, match="exactly the keys alive, id, side, squad, x, y"):
        Toy.from_dict({**saved, "hat": "red"})
    with pytest.raises(ValueError, match="a figure is an object"):
        Toy.from_dict(["g1"])


def test_figures_from_a_save_name_the_malformed_one_and_need_their_own_ids():
    good = Toy("g1", "green").to_dict()
    assert figures_from_save([good], Toy) == [Toy("g1", "green")]
    with pytest.raises(ValueError, match="figure 2 is malformed: a figure's side"):
        figures_from_save([good, {**good, "id": "g2", "side": 7}], Toy)
    with pytest.raises(ValueError, match="every figure needs its own id"):
        figures_from_save([good, good], Toy)
    with pytest.raises(ValueError, match=f"at most {MAX_FIGURES} figures"):
        figures_from_save([good] * (MAX_FIGURES + 1), Toy)


@pytest.mark.parametrize("figures, rest, expected", [
    ((Toy("g1", "green", x=2, y=2), Toy("t1", "tan", x=20, y=10)), {}, None),
    ((Toy("g1", "blue", x=2, y=2),), {}, "g1 is on side 'blue', which is not a side of this game"),
    ((Toy("g1", "green", x=24, y=2),), {}, "g1 stands (partly) off the 24 by 12 inch table at (24.0, 2.0)"),
    ((Toy("g1", "green", x=12, y=6),), {}, "g1 stands inside solid terrain at (12.0, 6.0)"),
    ((Toy("g1", "green", x=12, y=6, alive=False),), {}, None),  # out of play: it may lie anywhere
    ((Toy("g1", "green", x=2, y=2), Toy("t1", "tan", x=2.3, y=2)), {}, "g1 and t1 stand on each other's bases"),
    ((Toy("g1", "green", x=2, y=2),), {"side": "red"}, "the side to play must be one of green, tan, not 'red'"),
    ((Toy("g1", "green", x=2, y=2),), {"round": 0}, "the round must be a whole number from 1 to 1,000,000, not 0"),
])
def test_the_shared_position_check_says_the_first_thing_wrong(figures, rest, expected):
    found = problem(position(*figures, **rest))
    assert found == expected if expected is None else found.startswith(expected)


def test_the_position_check_runs_the_rulesets_own_figure_check_in_the_same_pass():
    p = position(Toy("g1", "green", x=2, y=2, squad="solo"))
    found = table_position_problem(GAME, p, position_type=ToyPosition, figure_type=Toy, title="toy",
                                   figure_problem=lambda f: f"{f.id} has no squad" if f.squad == "solo" else None)
    assert found == "g1 has no squad"
    assert problem(ToyPosition({"g9": Toy("g1", "green")})).startswith("figures must map each figure's id")


class ToyState(TabletopState):
    ruleset = SimpleNamespace(sections=Catalogue("toy", [("turn", "The turn", "turn"),
                                                        ("moving", "Moving", "moving")]))

    def __init__(self, p):
        self.game, self.position = GAME, p


def test_answers_are_remembered_per_position_and_forgotten_when_it_changes():
    state = ToyState(position(Toy("g1", "green", x=2, y=2)))
    asked = []
    assert state.remembered("n", lambda: asked.append(1) or len(asked)) == 1
    assert state.remembered("n", lambda: asked.append(1) or len(asked)) == 1  # not asked again
    state.position = position(Toy("g1", "green", x=3, y=2))
    assert state.remembered("n", lambda: asked.append(1) or len(asked)) == 2
    assert [f.id for f in state.in_play("green")] == ["g1"] and state.in_play("tan") == []
    assert state.side == "green" and state.figures is state.position.figures and state.table is TABLE


def test_the_core_counts_each_sides_figures_in_play():
    state = ToyState(position(Toy("g1", "green", x=2, y=2), Toy("g2", "green", x=5, y=2, alive=False)))
    state.sides = GAME.sides
    assert state._standing() == {"green": 1, "tan": 0}


def test_a_player_acts_with_their_own_figures_only():
    state = ToyState(position(Toy("g1", "green", x=2, y=2), Toy("t1", "tan", x=20, y=10)))
    assert state.own_figure("green", "g1", section="moving", what="mover").id == "g1"
    with pytest.raises(RuleViolation, match=r"t1 is tan's, not green's.*toy:turn"):
        state.own_figure("green", "t1", section="moving", what="mover")
    with pytest.raises(RuleViolation, match=r"there is no figure 'g7'.*toy:moving"):
        state.own_figure("green", "g7", section="moving", what="mover")
    with pytest.raises(RuleViolation, match=r"the mover is named by a figure's id \(text\), not 7"):
        state.own_figure("green", 7, section="moving", what="mover")


@dataclass(frozen=True, eq=False)
class ToyTablePosition(TablePosition):
    figures: dict
    side: str
    round: int = 1
    done: frozenset = frozenset()


def test_a_position_is_built_from_figures_and_equal_by_its_figures_and_every_other_field():
    g1, t1 = Toy("g1", "green"), Toy("t1", "tan", x=5)
    p = ToyTablePosition.of([g1, t1], "green", done=frozenset({"g1"}))
    assert isinstance(p.figures, MappingProxyType) and list(p.figures) == ["g1", "t1"]
    assert ToyTablePosition.of({"x": g1, "y": t1}, "green").figures == {"g1": g1, "t1": t1}  # keyed by id
    assert p == ToyTablePosition.of([g1, t1], "green", done=frozenset({"g1"}))
    assert p != ToyTablePosition.of([g1, t1], "green")  # another field differs
    assert p != ToyTablePosition.of([g1, Toy("t1", "tan", x=6)], "green", done=frozenset({"g1"}))  # a figure differs
    assert p != ToyPosition(p.figures, "green")  # another kind of position
    with pytest.raises(TypeError):
        hash(p)


class SavingState(ToyState):
    saves = SimpleNamespace(position_problem=lambda game, p: "wrong" if p.round > 5 else None,
                            position_to_dict=lambda p: {"round": p.round},
                            position_from_dict=lambda game, data: ToyTablePosition.of([], "green", **data))


def test_the_save_hooks_read_the_rulesets_saves_module_and_save_the_table_as_itself():
    p = ToyTablePosition.of([], "green", round=3)
    assert SavingState._position_to_dict(p) == {"round": 3}
    assert SavingState._position_from_dict(GAME, {"round": 3}) == p
    assert SavingState._position_problem(GAME, ToyTablePosition.of([], "green", round=6)) == "wrong"
    assert SavingState._setup_from_dict(SavingState._setup_to_dict(TABLE)) == TABLE
    with pytest.raises(ValueError, match="width, height and terrain"):
        SavingState._setup_from_dict({"width": 24, "height": 12})  # terrain required unless terrain_optional
    SavingState.terrain_optional = True
    try:
        assert SavingState._setup_from_dict({"width": 24, "height": 12}) == Table(24.0, 12.0, ())
    finally:
        SavingState.terrain_optional = False


def test_a_ruleset_is_declared_from_its_package_with_only_its_own_words():
    from explorer import get_ruleset
    from explorer.rulesets.phlog import settings as phlog_settings
    from explorer.rulesets.simple_plastic import actions, bots, game, rulings, scenarios, sections

    wired = get_ruleset("simple_plastic")
    assert (wired.name, wired.state_type, wired.action_types, wired.sections, wired.scenarios, wired.bots,
            wired.rulings, wired.settings_type) == (
        "simple_plastic", game.SimplePlasticState, actions.ACTIONS, sections.SECTIONS, scenarios.SCENARIOS,
        bots.BOTS, rulings.RULINGS, rulings.Settings)
    assert get_ruleset("phlog").settings_type is phlog_settings.Settings  # a settings module wins over rulings
