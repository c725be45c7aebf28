"""The engine core shared by every ruleset: dice, randomness, rules, state."""

from .actions import Action, Event, action
from .dice import D2, D3, D6, TWO_D6, Dist, capped, success_chance, successes
from .errors import RuleViolation, SaveGameError, UnknownRuleset
from .registry import Ruleset, all_rulesets, get_ruleset, load_game, register
from .rng import GameRNG
from .rules import Explained, Reason, RuleRef, Ruling, Section
from .simulate import Bot, GameFactory, GameResult, RandomBot, SameBot, Summary, play_out, run_many, summarize
from .state import GameState, LegalActions, Outcome, Turn

__all__ = [
    "Action", "Event", "action", "D2", "D3", "D6", "TWO_D6", "Dist", "capped", "success_chance",
    "successes", "RuleViolation", "SaveGameError", "UnknownRuleset", "Ruleset", "all_rulesets",
    "get_ruleset", "load_game", "register", "GameRNG", "Explained", "Reason", "RuleRef", "Ruling", "Section",
    "GameState", "LegalActions", "Outcome", "Turn", "Bot", "GameResult", "RandomBot",
    "play_out", "run_many", "GameFactory", "SameBot", "Summary", "summarize",
]
