"""One Brain Cell's strong bot: the careful choices (machine guns first, cover) that greedy does not make."""

from explorer.core.search import seeded
from explorer.core.tabletop import Terrain
from explorer.rulesets.one_brain_cell.bots import BOTS, CarefulBot, GreedyBot, StrongBot, expected_hits
from explorer.rulesets.one_brain_cell.actions import EndStep, Shoot
from explorer.rulesets.one_brain_cell.position import Figure
from explorer.rulesets.one_brain_cell.scenarios import new_state, patrol


def _duel():
    """A green rifleman's shoot step: a tan rifleman and a tan machine-gunner, both 6 inches off in the open."""
    figures = [Figure("g1", "green", "alpha", "rifle", True, 10, 10),
               Figure("t1", "tan", "bravo", "rifle", True, 16, 10),
               Figure("t2", "tan", "charlie", "lmg", False, 10, 16),
               Figure("t3", "tan", "charlie", "rifle", True, 10, 30)]
    return new_state(figures=figures, phase="shoot", table=(48, 36))


def test_careful_shoots_the_machine_gun_where_greedy_picks_at_random():
    picks = {"greedy": set(), "careful": set(), "strong": set()}
    for seed in range(8):
        for name, bot in (("greedy", GreedyBot), ("careful", CarefulBot), ("strong", StrongBot)):
            act = seeded(bot, seed)(_duel())
            assert isinstance(act, Shoot) and act.shooter == "g1"
            picks[name].add(act.target)
    assert picks["careful"] == picks["strong"] == {"t2"}  # the same odds (4+): the two dice go first
    assert picks["greedy"] == {"t1", "t2"}  # greedy sees a tie and takes either


def test_woods_give_cover_and_the_careful_bot_steps_into_them():
    woods = Terrain.rect("woods", "rough", 20, 8, 6, 6)
    figures = [Figure("g1", "green", "alpha", "rifle", True, 18, 11),
               Figure("t1", "tan", "bravo", "rifle", True, 40, 11)]
    state = new_state(figures=figures, terrain=[woods], phase="move", table=(48, 36))
    rifle = state.figures["t1"].arms
    assert expected_hits(state, rifle, (40, 11), (23, 11)) < expected_hits(state, rifle, (40, 11), (18, 11))
    careful = seeded(CarefulBot, 1)(state)
    greedy = seeded(GreedyBot, 1)(state)
    assert careful.figure == "g1" and woods.covers(careful.to)  # into the woods: the tan rifle needs a 6
    assert isinstance(greedy, EndStep)  # greedy's moves that would cross the woods are too long: it stays in the open


def test_strong_keeps_greedy_as_its_look_ahead_policy_and_is_registered():
    assert BOTS["strong"] is StrongBot and StrongBot.policy is GreedyBot
    state = patrol(seed=3)
    bot = seeded(StrongBot, 3)
    for _ in range(12):  # the first decisions of a game: legal, within budget
        act = bot(state)
        assert state.why_illegal(act) is None
        assert bot.nodes <= bot.budget + bot.width * (1 + bot.horizon)
        state.apply(act)
