"""Toy Soldier Rules Explorer: the rules engine.

>>> import explorer
>>> game = explorer.new_game("simple_plastic", seed=1)
"""

from .core import *  # noqa: F401,F403
from .core import __all__ as _core_all
from .core.registry import get_ruleset, search_package

search_package("explorer.rulesets")  # the built-in rulesets, imported when first looked up


def new_game(ruleset: str, scenario: str | None = None, *, seed: int = 0, **settings):
    """Start a game of the named ruleset."""
    return get_ruleset(ruleset).new_game(scenario, seed=seed, **settings)


__all__ = [*_core_all, "new_game"]
