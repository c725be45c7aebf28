"""For the tests of offers kept between positions: a copy of a game that keeps nothing from earlier positions."""


def fresh(state):
    """A copy of the game that keeps nothing from earlier positions: it works every offer out again (the rulesets'
    answers kept between positions and for the position, and the core's listing of the position)."""
    copy = state.clone()
    for kept in ("_kept_between", "_remembered"):
        copy.__dict__.pop(kept, None)
    copy.__dict__["_offered"] = (None, [], frozenset())  # the core's "nothing listed yet"
    return copy
