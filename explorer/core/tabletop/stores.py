"""How a table keeps its answers: bounded stores, so that a long session's memory (and the garbage collector's
walk over what is kept) stays small while the answers asked again soon are found."""

from __future__ import annotations


def keep_newest(answers: dict, key, answer, bound: int):
    """``answers[key] = answer`` (given back), the oldest let go past ``bound``: answers holding objects kept from game to
    game, a few hundred (the collector's full passes walk them all; 100,000 sights slowed every later game)."""
    if len(answers) >= bound:
        del answers[next(iter(answers))]
    answers[key] = answer
    return answer


def remember(cache: dict, key, answer, bound: int = 100_000) -> None:
    """``cache[key] = answer``, the whole store started again past ``bound`` answers: a bound on memory for
    answers of plain values (flags, numbers), which are only worked out again."""
    if len(cache) > bound:
        cache.clear()
    cache[key] = answer
