"""Who plays the other sides: the ruleset's bots, by name and from weakest to strongest, or another person on
this screen; and the Session's commands that change the opponent."""

from __future__ import annotations

from ..limits import brief
from ..simulate import seeded


BOT_WORDS = {
    "greedy": "greedy (quick)",
    "strong": "strong (looks ahead; thinks longer)",
    "random": "random (any legal action)",
}
"""How a bot picker names each bot of a ruleset (a name not here is shown as it is)."""


def bot_choices(ruleset) -> dict[str, str]:
    """The bots a player may pick as their opponent, in the picker's order, with their words."""
    order = [name for name in BOT_WORDS if name in ruleset.bots] + [n for n in ruleset.bots if n not in BOT_WORDS]
    return {name: BOT_WORDS.get(name, name) for name in order}


def make_bot(ruleset, name: str, seed: int):
    """The ruleset's bot called ``name``, seeded where it takes a seed."""
    if name not in ruleset.bots:
        raise ValueError(f"{ruleset.title} has no bot {name!r}; it has {', '.join(ruleset.bots)}")
    return seeded(ruleset.bots[name], seed)


STRENGTH = ("random", "greedy", "strong")
"""The bots from weakest to strongest, for the end-of-game banner's "Stronger opponent"."""


PERSON = "person"
"""The opponent name for another person on this screen: no bots, whoever is to act plays."""
PERSON_WORDS = "another person on this screen"


class Opponents:
    """The commands about the opponent (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def set_bot(self, name: str) -> dict:
        """Play the other sides with the ruleset's bot ``name`` from now on (the game goes on as it is);
        ``"person"``: another person on this screen plays them (whoever is to act plays)."""
        if not isinstance(name, str) or name not in (*self.ruleset.bots, PERSON):
            return self._say("error", f"No such opponent: {self.ruleset.title} has the bots "
                                      f"{', '.join(self.ruleset.bots)} or {PERSON!r}, not {brief(name)}")
        others = [side for side in self.state.sides if side != self.human]
        self.bots = {} if name == PERSON else {side: make_bot(self.ruleset, name, self.bot_seed) for side in others}
        self.bot_name = name
        self.selected = None
        self._run_bots()
        return self._say("note", "Your opponent is now another person on this screen: whoever is to act plays."
                         if name == PERSON else f"Your opponent is now the {name} bot.")

    def opponent(self, name: str) -> dict:
        """The contract's name for :meth:`set_bot`: a bot of the ruleset, or ``"person"``."""
        return self.set_bot(name)

    def bot_choices(self) -> dict[str, str]:
        """The opponents a player may pick, with their words: the bots (:func:`bot_choices`), then another
        person on this screen."""
        return {**bot_choices(self.ruleset), PERSON: PERSON_WORDS}
