"""The engine core shared by every ruleset: dice, randomness, rules, settings, state, saves."""

from .actions import Action, Decision, Event, action
from .dice import D2, D3, D6, TWO_D6, Dist, capped, count_successes, is_success, success_chance, successes, total_of
from .errors import MalformedAction, RuleViolation, SaveGameError, UnknownRuleset
from .game import Game
from .records import Outcome, Termination, Turn, View
from .registry import Ruleset, all_rulesets, get_ruleset, register, search_package
from .rng import GameRNG
from .rules import Explained, Reason, RuleRef, Ruling, Section
from .saves import load_game, load_json
from .settings import setting, settings_class
from .simulate import (
    Bot, GameFactory, GameResult, RandomBot, SameBot, SideBots, Summary, as_played, play_out, run_many, summarize,
)
from .state import GameState, LegalActions

__all__ = [
    "Action", "Decision", "Event", "action", "D2", "D3", "D6", "TWO_D6", "Dist", "capped", "count_successes", "is_success", "success_chance",
    "successes", "total_of", "MalformedAction", "RuleViolation", "SaveGameError", "UnknownRuleset", "Ruleset", "all_rulesets",
    "get_ruleset", "load_game", "load_json", "register", "search_package", "GameRNG", "Explained", "Reason",
    "RuleRef", "Ruling", "Section", "setting", "settings_class", "Game", "GameState", "LegalActions", "Outcome",
    "Termination", "Turn", "View", "Bot", "GameResult", "RandomBot", "play_out", "run_many", "GameFactory", "SameBot",
    "Summary", "summarize", "as_played", "SideBots",
]
