"""The bots play whole games by the rules, and the greedy one beats the random one."""

from explorer import get_ruleset
from explorer.core import RandomBot, play_out, run_many
from explorer.rulesets.phlog import GreedyBot

PHLOG = get_ruleset("phlog")


class Checked:
    """Wraps a bot and asserts each of its choices is legal."""

    def __init__(self, bot):
        self.bot = bot

    def __call__(self, state):
        act = self.bot(state)
        assert act in state.legal_actions, (act, list(state.legal_actions))
        return act


def test_greedy_bots_finish_games_with_only_legal_moves():
    for seed in range(4):
        game = play_out(PHLOG.new_game("corridor", seed=seed),
                        {"green": Checked(GreedyBot()), "tan": Checked(GreedyBot())}, max_actions=3000)
        assert game.is_over and game.outcome.winner in ("green", "tan")


def _greedy_green(seed):
    return {"green": GreedyBot(), "tan": RandomBot(seed)}


def _corridor(seed):
    return PHLOG.new_game("corridor", seed=seed)


def test_greedy_beats_random_most_of_the_time():
    results = run_many(_corridor, _greedy_green, range(12), max_actions=4000)
    finished = [r for r in results if r.outcome]
    wins = sum(r.outcome.winner == "green" for r in finished)
    assert len(finished) >= 10 and wins >= 0.75 * len(finished)


def test_a_duel_between_greedy_bots_ends():
    game = play_out(PHLOG.new_game("duel", seed=1), {"green": GreedyBot(), "tan": GreedyBot()}, max_actions=3000)
    assert game.is_over
