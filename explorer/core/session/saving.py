"""Saving a game and sharing it: the engine's save, loaded with every check of a save, and the game as a
link's fragment (``g1.`` then compressed JSON), opened the same way."""

from __future__ import annotations

import json

from ..errors import SaveGameError, UnknownRuleset
from ..limits import brief, parse_json
from ..packing import MAX_LINK_CHARS, pack, unpack
from ..registry import get_ruleset
from ..state import GameState
from .opponents import PERSON, make_bot


LINK_PREFIX = "g1."  # a link's format and version, so a later format can tell old links apart
MAX_LINK_JSON = 2_000_000  # what a link may unpack to (a game's save is some 25 thousand characters)


class Saving:
    """Saves and links (a part of :class:`~explorer.core.session.Session`,
    whose constructor sets the attributes these methods read)."""

    def save(self) -> str:
        """The engine's save of the whole game (JSON text)."""
        return self.state.to_json()

    def load(self, text: str) -> dict:
        """Load a saved game of this ruleset; anything malformed is refused and the game is left as it was."""
        try:
            state = self._ours(type(self.state).from_json(text))
            if set(state.sides) != ({self.human, *self.bots} if self.bots else {self.human, *state.sides}):
                # else nobody here could ever act in it (two people on one screen play every side)
                raise SaveGameError(f"this game is played by {' and '.join(state.sides)}; "
                                    f"here {self.human} plays against {' and '.join(self.bots)}")
            words = self._history_words(state)
        except (SaveGameError, ValueError) as error:
            return self._say("error", f"Cannot load: {error}")
        self._take(state, words)
        return self._say("note", "Loaded.")

    def _ours(self, state: GameState) -> GameState:
        """``state`` (a save read with every check of a save), if it is a game of this ruleset."""
        if state.ruleset is not self.ruleset:
            raise SaveGameError(f"this is a game of {state.ruleset.title}, not {self.ruleset.title}")
        return state

    def _take(self, state: GameState, words) -> None:
        """Play ``state`` from now on (checked already), the bots answering where it is their turn."""
        self._leave_practice()
        self.state, self._words = state, words
        self.scenario, self.selected = state.game.scenario, None
        self._run_bots()

    def link(self) -> str:
        """The game as a link's fragment: URL-safe text (``g1.`` then base64url of zlib-compressed JSON) holding
        the engine's save (ruleset, scenario, settings, seed, actions) and the side, opponent and seeds."""
        payload = {"save": self.state.to_dict(), "human": self.human, "bot": self.bot_name if self.bots else PERSON,
                   "bot_seed": self.bot_seed, "seed": self.seed}
        return pack(LINK_PREFIX, json.dumps(payload, separators=(",", ":")).encode())

    def open(self, text: str) -> dict:
        """Open a game from :meth:`link`'s text, loaded like any save (every check of a save applies): refused in
        words when bad, and then the game is left exactly as it was. The link's every part is checked, and its
        save read, before anything (a bot) is made from it."""
        try:
            payload = _unpack_link(text)
            save = payload["save"]
            self._same_ruleset(save.get("ruleset"))
            human, bot = payload.get("human"), payload.get("bot", self.bot_name)
            if not isinstance(bot, str) or bot not in (*self.ruleset.bots, PERSON):
                raise SaveGameError(f"its opponent {brief(bot)} is none of {', '.join((*self.ruleset.bots, PERSON))}")
            bot_seed, seed = payload.get("bot_seed", self.bot_seed), payload.get("seed", self.seed)
            if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 63 for n in (bot_seed, seed)):
                raise SaveGameError("its seeds are not whole numbers")
            state = self._ours(type(self.state).from_dict(save))
            if not isinstance(human, str) or human not in state.sides:
                raise SaveGameError(f"its side {brief(human)} is not one of the game's sides "
                                    f"({' and '.join(state.sides)})")
            words = self._history_words(state)
        except (SaveGameError, ValueError) as error:
            return self._say("error", f"Cannot open this link: {error}")
        self.human, self.bot_name, self.bot_seed, self.seed = human, bot, bot_seed, seed
        self.bots = {} if bot == PERSON else {side: make_bot(self.ruleset, bot, bot_seed) for side in state.sides
                                              if side != human}
        self._take(state, words)
        return self._say("note", "Opened the game from the link.")

    def _same_ruleset(self, name) -> None:
        """Refuse a save of another ruleset, by its title where that ruleset is here."""
        if name == self.ruleset.name:
            return
        try:  # a ruleset of that name is imported to say its title; an unknown name imports none
            title = get_ruleset(name).title if isinstance(name, str) else None
        except UnknownRuleset:
            title = None
        raise SaveGameError(f"it is a game of {title or brief(name)}, not {self.ruleset.title}"
                            + ("" if title else " (no ruleset here has that name)"))


def _unpack_link(text) -> dict:
    """A link's payload (:meth:`Session.link`), or a :class:`SaveGameError` saying in words what is wrong."""
    raw = unpack(text, LINK_PREFIX, max_chars=MAX_LINK_CHARS, max_bytes=MAX_LINK_JSON, error=SaveGameError,
                 what="a game")
    payload = parse_json(raw, SaveGameError, "a link's game")  # the one parse: its nesting and size checks
    if not isinstance(payload, dict) or not isinstance(payload.get("save"), dict):
        raise SaveGameError("it holds no saved game")
    return payload
