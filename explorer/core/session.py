"""Live play's game flow, written once: a human against a bot, answered as JSON-able dicts.

A :class:`Session` holds a game of (ruleset, scenario, seed), the human's
side and a bot for every other side. Every command returns an *answer*: a
plain dict (text, numbers, lists) that says whose turn it is, the actions
on offer, the log, the outcome once the game is over, and a message (a
refusal citing its rule, an error, a note). Both live-play front ends drive
this one class: the ipywidgets shell in JupyterLab (``widgets/live.py``)
and the page's Web Worker running the engine's wheel in Pyodide
(``sitebuild/static/js/play-worker.mjs``), which sends commands as JSON.

Why here, in the engine core: the flow (what is offered, what a click does,
how far undo goes, that the bot answers at once) is the same for every
ruleset and needs nothing beyond the engine, and the engine is the one
package the page's Python holds. It is standard library only and imports no
display code; a front end that shows a board passes ``layers`` (a function
of the state), and its column data ride along in every answer.

Hidden information: everything in an answer is from the human's seat. The
actions are the human's own (the bots answer before anything is offered),
words come from ``describe(action, human)``, the log from events the human
may see (``Event.visible_to``). Only :meth:`Session.save` holds the whole
game, as a save must.
"""

from __future__ import annotations

import base64
import binascii
import dataclasses
import inspect
import json
import math
import re
import zlib
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .actions import action_from_dict
from .errors import MalformedAction, RuleViolation, SaveGameError
from .errors import UnknownRuleset
from .limits import MAX_WHOLE, brief, parse_json
from .registry import get_ruleset
from .simulate import seeded
from .state import GameState

LINK_PREFIX = "g1."  # a link's format and version, so a later format can tell old links apart
MAX_LINK_CHARS = 200_000  # a whole game is 2-3 thousand characters; anything far longer is not a link of ours
GARBLED = "it is cut short or garbled (was the whole link copied?)"
MAX_LINK_JSON = 2_000_000  # what a link may unpack to (a game's save is some 25 thousand characters)

MAX_ACTION_CHARS = 100_000  # an action's JSON is a few hundred characters; more is refused before it is read
MAX_BOT_ACTIONS = 2000  # a bot that never hands the turn back is a bug; stop rather than hang the page

Point = tuple[float, float]


class Anchor(NamedTuple):
    """Where an action sits on the board, in the board's own coordinates (inches, or a square's column and row).

    ``piece``: what is tapped first to choose it (the figure that acts), or
    ``None`` when a single tap on ``target`` plays it (nominating a fighter).
    ``target``: where a second tap plays it (the destination, the enemy).
    ``free``: for an action that may go to any point (a tabletop move), the
    same action sent to a given point; a tap off every offered target then
    tries a move there, refused with its rule if the rules forbid it.
    ``off``: playing it takes the figure off the table (out of play): the
    board marks that target apart, so a tap there is never a surprise.
    """

    piece: Point | None
    target: Point | None
    free: Callable[[Point], Any] | None = None
    off: bool = False


LAST_COLUMNS = ("x0", "y0", "x1", "y1", "kind")
"""The ``last`` board layer: what happened since the seat's own last action, as arrows (``kind`` "move",
"attack") from (x0, y0) to (x1, y1), or a ring where x0, y0 = x1, y1 (``kind`` "spot")."""

ATTACK_FIELDS = frozenset({"target", "defender"})
"""An action naming one of these aims at someone: its anchor's target is whom it attacks (``at``), else where
the figure went (``to``)."""

COORDINATES = re.compile(r"(?: (?:to|at))? \((-?\d+(?:\.\d+)?), (-?\d+(?:\.\d+)?)\)")
"""A place in an action's words: " to (9.0, 15.0)", " at (5, 2)" (said instead by the board's ``place``)."""
COMPASS = {"N": "north", "S": "south", "E": "east", "W": "west",
           "NE": "north-east", "NW": "north-west", "SE": "south-east", "SW": "south-west"}
COMPASS_LETTERS = re.compile(r"\b(NE|NW|SE|SW|N|S|E|W)\b")

CHOICE_COLUMNS = ("x", "y", "kind", "text")
"""The ``choices`` board layer: the figures a tap may choose (``piece``), the chosen one (``chosen``),
and where a second tap plays an action (``target``; ``off`` where it takes the figure off the table), with the
action's words."""


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


class Told(NamedTuple):
    """One history entry as the Session tells it: the action in words for each side (``describe`` from each
    seat, so a card chosen face down is named to its owner only) and where it sat on the board, worked out on
    the position before it was played: ``(from, to, at)`` points, or ``None`` (no board, or not on it)."""

    words: dict[str, str]
    place: tuple[Point | None, Point | None, Point | None] | None


class Session:
    """One game: the human plays ``human``; ``bot`` (a bot name of the ruleset) plays every other side.

    ``state`` may be given instead of a new game (JupyterLab passes the game
    a chapter built); ``bots`` (side -> bot) instead of a bot name.
    ``layers(state)``, if given, adds the board's column data to answers;
    ``seat_layers(side)``, if given instead, makes that function for each
    seat, so that two people on one screen each get their own side's view.
    ``bot="person"`` (:data:`PERSON`): no bots, two people take turns.
    ``place(state, point)``, if given, says a place of the board in plain
    words ("next to the hedge"), and ``name(state, figure_id, seat)`` a figure
    as the board shows it ("your sargent"), for the offered actions' ``words``.
    ``anchor(state, action)``, if given, places each offered action on the
    board (an :class:`Anchor`), so that taps within ``tap_radius`` choose and
    play actions (:meth:`tap`); answers then carry the ``choices`` layer.
    """

    def __init__(self, ruleset: str | None = None, scenario: str | None = None, seed: int = 0, human: str | None = None,
                 bot: str = "greedy", *, bot_seed: int = 1, state: GameState | None = None,
                 bots: dict | None = None, layers: Callable[[GameState], Any] | None = None,
                 anchor: Callable[[GameState, Any], Anchor | None] | None = None, tap_radius: float = 1.0,
                 seat_layers: Callable[[str], Callable[[GameState], Any]] | None = None,
                 place: Callable[[GameState, Point], str] | None = None,
                 name: Callable[[GameState, str, str | None], str | None] | None = None):
        if state is None:
            if ruleset is None:
                raise ValueError("a session needs a ruleset (or a game state)")
            state = get_ruleset(ruleset).new_game(scenario, seed=seed)
        self.state = state
        self.ruleset = state.ruleset
        self.scenario = state.game.scenario
        self.seed = seed
        sides = state.sides
        if bots is None:
            human = human or sides[0]
            if human not in sides:
                raise ValueError(f"{human!r} is not a side of this game; the sides are {', '.join(sides)}")
            bots = {} if bot == PERSON else {side: make_bot(self.ruleset, bot, bot_seed) for side in sides if side != human}
        self.bots = dict(bots)
        self.bot_name = bot
        self.bot_seed = bot_seed
        self.human = human or next((s for s in sides if s not in self.bots), None)
        self.layers = layers
        self.seat_layers = seat_layers
        self.place = place
        self.name = name
        self._names: tuple = (None, None, {})  # (position, seat, {figure id: name}): figures named on one board
        self._seat_layers: dict[str, Callable[[GameState], Any]] = {}  # made once per seat
        self.anchor = anchor
        self.tap_radius = tap_radius
        self.selected: Point | None = None  # the piece chosen by a first tap
        self._words: list[Told] = self._history_words(state)  # each turn of state.history, told
        self.challenge = None  # the practice challenge being played (:meth:`practise`), if any
        self._floor = 0  # history entries undo never takes back (a challenge's prelude)
        self._run_bots()

    def config(self) -> dict:
        """What starts this game again (a page's "Play here" sends it to its Web Worker)."""
        return {"ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed, "human": self.human,
                "bot": self.bot_name if self.bots else PERSON, "bot_seed": self.bot_seed}

    # -- commands ------------------------------------------------------------------------------
    @property
    def mode(self) -> str:
        """``"bot"``: a human against the bots; ``"people"``: two people on one screen (no bots); ``"practice"``:
        a practice challenge (:meth:`practise`)."""
        if self.challenge is not None:
            return "practice"
        return "bot" if self.bots else "people"

    @property
    def seat(self) -> str | None:
        """The side whose view answers are drawn for: the human's against a bot; between two people, the side
        to act (after the game, the last side that acted)."""
        if self.bots or self.challenge is not None:
            return self.human
        state = self.state
        if state.current_player is not None:
            return state.current_player
        return state.history[-1].action.player if state.history else self.human

    def answer(self, message: dict | None = None) -> dict:
        """Where the game stands, from the seat's view (:attr:`seat`), with what the last command has to say
        (``message``)."""
        state = self.state
        seat = self.seat
        outcome = state.outcome
        practice = self._practice()
        done = practice is not None and practice["over"]
        offered = [] if outcome is not None or done or state.current_player != seat else list(state.legal_actions)
        answer = {
            "ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed,
            "human": self.human, "bot": self.bot_name if self.bots else PERSON, "mode": self.mode,
            "seat": seat, "hidden": hides_information(state),
            "turn": self._turn(),
            "actions": [{"id": i, "text": state.describe(a, seat), "words": self.words(a), "action": a.to_dict(),
                         **({"ends": True} if self._ends_surely(a) else {})} for i, a in enumerate(offered)],
            "log": self.log(),
            "moves": len(state.history),
            "last": self.last(),
            "step": self.step(offered),
            "outcome": None if outcome is None else self._outcome(outcome, seat),
            "can_undo": self._undo_point() is not None,
            "message": message,
        }
        if practice is not None:
            answer["challenge"] = practice
        layers = self._layers_of(seat)
        if layers is not None:
            answer["layers"] = layers(state)
            if self.anchor is not None:
                answer["layers"]["choices"] = self.choices()
                answer["layers"]["last"] = self.last_layer()
        return answer

    def play(self, choice: int, dice: Iterable[int] | None = None) -> dict:
        """Play the offered action numbered ``choice``, then let the bots answer."""
        offered = list(self.state.legal_actions) if self.state.current_player == self.seat else []
        if isinstance(choice, bool) or not isinstance(choice, int) or not 0 <= choice < len(offered):
            return self._say("error", f"no offered action is numbered {brief(choice)}")
        return self._apply(offered[choice], dice)

    def try_action(self, data: Any, dice: Iterable[int] | None = None) -> dict:
        """Play any action given as JSON (a dict or its text): refused with its rule if the rules forbid it.

        ``player`` may be left out (the human's). A refusal leaves the game as it was.
        """
        try:
            if isinstance(data, (str, bytes)):
                if len(data) > MAX_ACTION_CHARS:
                    raise MalformedAction(f"an action is at most {MAX_ACTION_CHARS:,} characters of JSON, "
                                          f"not {len(data):,}")
                data = parse_json(data, MalformedAction, "an action")
            if isinstance(data, dict) and "player" not in data:
                data = {**data, "player": self.seat}
            action = action_from_dict(data, self.ruleset.action_kinds)
        except (ValueError, SaveGameError) as error:
            return self._say("error", f"not an action: {error}")
        if action.player != self.seat:
            return self._say("error", f"you play {self.seat}, not {brief(action.player)}")
        return self._apply(action, dice)

    def tap(self, x: float, y: float, confirmed: bool = False) -> dict:
        """A tap on the board at (x, y): choose the figure that acts, then tap where it goes or whom it attacks.

        A tap nearest an offered target of the chosen figure (or of an action
        needing no figure) plays that action; nearest another figure chooses
        it; on the chosen figure, unchooses it; elsewhere, with a figure chosen
        whose move takes any point, tries that move (refused with its rule if
        illegal), as it does for an action that takes any point and needs no
        figure chosen (placing the next trooper). When only one figure can act,
        it is chosen already. A tap that would surely end the game answers a
        question instead (message kind ``confirm``); ``confirmed`` plays it.
        """
        if not all(isinstance(c, (int, float)) and not isinstance(c, bool) and math.isfinite(c)
                   and abs(c) <= MAX_WHOLE for c in (x, y)):
            return self._say("error", f"a tap is at two finite numbers, not ({brief(x)}, {brief(y)})")
        anchored = self._anchored()
        if not anchored:
            return self._say("note", "Nothing to choose on the board now: use the list of actions.")
        tapped = (float(x), float(y))
        chosen, pieces, targets = self._marks(anchored)
        hit = _nearest(targets + [(None, p) for p in pieces], tapped, self.tap_radius)
        if hit is not None and hit[0] is not None:
            return self._tapped(hit[0], confirmed, unselect=True)
        if hit is not None:
            self.selected = None if hit[1] == self.selected else hit[1]
            return self.answer()
        # a free spot goes to the chosen figure's move, or to an action that needs no figure chosen (setting up)
        free = next((anchor.free for _, anchor in anchored if anchor.free is not None
                     and (anchor.piece is None or chosen is not None and anchor.piece == chosen)), None)
        if free is not None:
            return self._tapped(free((round(tapped[0], 1), round(tapped[1], 1))), confirmed, unselect=False)
        return self._say("note", "Nothing to do there: tap a ringed figure, then where it goes or whom it attacks."
                         if chosen is None else "Nothing to do there: tap one of the marked places, or another figure.")

    def _tapped(self, action, confirmed: bool, *, unselect: bool) -> dict:
        """Play a tapped action; one that would surely end the game is first asked about (``confirmed`` plays it):
        a stray tap must not walk the last trooper off the table. The figure stays chosen while asked."""
        if not confirmed and self._ends_surely(action):  # asked in plain words, as the page asks of a listed action
            return self._say("confirm", f"This ends the game: {self.words(action)}. Play it?")
        if unselect:
            self.selected = None
        return self._apply(action, None)

    def _ends_surely(self, action) -> bool:
        """Whether ``action`` ends the game whatever the dice: tried on a copy with no dice to roll (an action that
        rolls any refuses them), so a question never gives away a roll to come."""
        trial = self.state.clone()
        try:
            trial.apply(action, dice=[])
        except (RuleViolation, MalformedAction, TypeError, ValueError):
            return False
        return trial.is_over

    def choices(self) -> dict[str, list]:
        """The ``choices`` board layer (:data:`CHOICE_COLUMNS`) for the offered actions and the chosen figure."""
        anchored = self._anchored()
        chosen, pieces, targets = self._marks(anchored)
        leaving = {action for action, anchor in anchored if anchor.off}
        rows = [(*piece, "chosen" if piece == chosen else "piece", "") for piece in pieces]
        rows += [(*target, "off" if action in leaving else "target", self.state.describe(action, self.seat))
                 for action, target in targets]
        return {column: [row[i] for row in rows] for i, column in enumerate(CHOICE_COLUMNS)}

    def undo(self) -> dict:
        """Back to the human's last decision, the bots' replies to it taken back too (two people: the last
        action taken back, whoever played it)."""
        point = self._undo_point()
        if point is None:
            return self._say("note", "Nothing to undo.")
        self._back_to(point)
        return self._say("note", "Undone.")

    def _undo_point(self) -> int | None:
        """How many history entries stay after an undo (``None``: nothing to undo)."""
        history = self.state.history
        if not self.bots:
            point = len(history) - 1 if history else None
        else:
            mine = [i for i, turn in enumerate(history) if turn.action.player == self.human]
            point = mine[-1] if mine else None
        return None if point is None or point < self._floor else point

    def _back_to(self, entries: int) -> None:
        """Take back every history entry after the first ``entries`` (the words told of them too)."""
        state = self.state
        while len(state.history) > entries:
            state.undo()
        del self._words[len(state.history):]
        self.selected = None

    def at(self, entry: int) -> dict:
        """The answer with the board as it was after history entry ``entry`` (0: the start) and ``viewing``: a view
        for stepping through the log or replaying a finished game; the game itself is not changed. The ``last``
        layer marks that entry's action; nothing is offered to tap."""
        entries = len(self.state.history)
        if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= entries:
            return self._say("error", f"No entry {entry!r} to look at: the game has entries 0 to {entries}.")
        answer = self.answer()
        layers = self._layers_of(self.seat)
        if layers is not None:
            then = self.state.clone()
            while len(then.history) > entry:
                then.undo()
            answer["layers"] = layers(then)
            if self.anchor is not None:
                answer["layers"]["choices"] = {column: [] for column in CHOICE_COLUMNS}
                answer["layers"]["last"] = _last_rows(self._entry_places(entry))
        answer["viewing"] = entry
        return answer

    def rewind(self, entry: int) -> dict:
        """Undo back to just after history entry ``entry`` (0: the start), live. Against a bot, where the bot
        would be to act there, back further to the human's own decision before it, so the bots never replay
        what they played (only a bot that opens the game plays its opening again)."""
        entries = len(self.state.history)
        if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= entries:
            return self._say("error", f"No entry {entry!r} to go back to: the game has entries 0 to {entries}.")
        state = self.state
        self._back_to(max(entry, self._floor))
        while self.bots and len(state.history) > self._floor and state.current_player in self.bots:
            self._back_to(len(state.history) - 1)
        self._run_bots()
        return self._say("note", f"Back to entry {len(state.history)}.")

    def swap(self) -> dict:
        """A new game of the same scenario and seed with the human on the other side (the bots, or the other
        person, take the side the human leaves)."""
        state = self.ruleset.scenarios[self.scenario](self.state.game.settings, seed=self.seed) \
            if self.scenario in self.ruleset.scenarios else None
        if state is None or self.human not in state.sides:
            return self._say("error", f"No swap: {self.scenario} is not a scenario of {self.ruleset.title} "
                                      "with this side")
        human = state.other(self.human)
        self._leave_practice()
        self.state, self.human, self.selected, self._words = state, human, None, []
        if self.bots:
            self.bots = {side: make_bot(self.ruleset, self.bot_name, self.bot_seed) for side in state.sides
                         if side != human}
        self._run_bots()
        return self._say("note", f"A new game: you play {human}.")

    def new_game(self, scenario: str | None = None, seed: int | None = None) -> dict:
        """A fresh game (another scenario, another seed if given) with the same settings, side and bots.

        The side stays: a front end draws the board from the human's seat, so
        playing the other side starts a new Session (and a board for that seat).
        """
        name = scenario or self.scenario
        if not isinstance(name, str) or name not in self.ruleset.scenarios:
            return self._say("error", f"No new game: {self.ruleset.title} has no scenario {brief(name)}; "
                                      f"it has {', '.join(self.ruleset.scenarios)}")
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_WHOLE):
            return self._say("error", f"No new game: a seed is a whole number from 0 to {MAX_WHOLE:,}, "
                                      f"not {brief(seed)}")
        seed = self.seed if seed is None else int(seed)
        state = self.ruleset.scenarios[name](self.state.game.settings, seed=seed)
        human, bots = self._before_practice[:2] if self.challenge is not None else (self.human, self.bots)
        if set(state.sides) != ({human, *bots} if bots else set(self.state.sides)):
            return self._say("error", f"No new game: {name} is played by {', '.join(state.sides)}")
        self._leave_practice(restore=True)
        self.state, self.scenario, self.seed = state, state.game.scenario, seed
        self.selected, self._words = None, []
        self._run_bots()
        return self._say("note", f"A new game (seed {seed}).")

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

    def options(self) -> dict[str, list[str]]:
        """What a player may choose before a game: each scenario of the ruleset and its sides."""
        return {name: list(self.ruleset.new_game(name, seed=self.seed).sides) for name in self.ruleset.scenarios}

    def save(self) -> str:
        """The engine's save of the whole game (JSON text)."""
        return self.state.to_json()

    def load(self, text: str) -> dict:
        """Load a saved game of this ruleset; anything malformed is refused and the game is left as it was."""
        try:
            state = type(self.state).from_json(text)
            if state.ruleset is not self.ruleset:
                raise SaveGameError(f"this is a game of {state.ruleset.title}, not {self.ruleset.title}")
            if set(state.sides) != ({self.human, *self.bots} if self.bots else {self.human, *state.sides}):
                # else nobody here could ever act in it (two people on one screen play every side)
                raise SaveGameError(f"this game is played by {' and '.join(state.sides)}; "
                                    f"here {self.human} plays against {' and '.join(self.bots)}")
            words = self._history_words(state)
        except (SaveGameError, ValueError) as error:
            return self._say("error", f"Cannot load: {error}")
        self._leave_practice()
        self.state, self._words = state, words
        self.scenario, self.selected = state.game.scenario, None
        self._run_bots()
        return self._say("note", "Loaded.")

    def link(self) -> str:
        """The game as a link's fragment: URL-safe text (``g1.`` then base64url of zlib-compressed JSON) holding
        the engine's save (ruleset, scenario, settings, seed, actions) and the side, opponent and seeds."""
        payload = {"save": self.state.to_dict(), "human": self.human, "bot": self.bot_name if self.bots else PERSON,
                   "bot_seed": self.bot_seed, "seed": self.seed}
        packed = zlib.compress(json.dumps(payload, separators=(",", ":")).encode(), 9)
        return LINK_PREFIX + base64.urlsafe_b64encode(packed).decode().rstrip("=")

    def open(self, text: str) -> dict:
        """Open a game from :meth:`link`'s text, loaded like any save (:meth:`load`): validated, refused in words
        when bad, and then the game is left exactly as it was."""
        try:
            payload = _unpack_link(text)
            save = payload["save"]
            name = save.get("ruleset")
            if name != self.ruleset.name:
                try:
                    title = get_ruleset(name).title if isinstance(name, str) else None
                except UnknownRuleset:
                    title = None
                raise SaveGameError(f"it is a game of {title or repr(name)}, not {self.ruleset.title}"
                                    + ("" if title else " (no ruleset here has that name)"))
            human, bot = payload.get("human"), payload.get("bot", self.bot_name)
            sides = save.get("sides")
            if not isinstance(sides, list) or human not in sides:
                raise SaveGameError(f"its side {human!r} is not one of the game's sides")
            if not isinstance(bot, str) or bot not in (*self.ruleset.bots, PERSON):
                raise SaveGameError(f"its opponent {bot!r} is none of {', '.join((*self.ruleset.bots, PERSON))}")
            bot_seed, seed = payload.get("bot_seed", self.bot_seed), payload.get("seed", self.seed)
            if not all(isinstance(n, int) and not isinstance(n, bool) and 0 <= n < 2 ** 63 for n in (bot_seed, seed)):
                raise SaveGameError("its seeds are not whole numbers")
        except SaveGameError as error:
            return self._say("error", f"Cannot open this link: {error}")
        kept = (self.human, self.bots, self.bot_name, self.bot_seed, self.seed)
        others = [side for side in sides if side != human]
        self.human, self.bot_name, self.bot_seed = human, bot, bot_seed
        self.bots = {} if bot == PERSON else {side: make_bot(self.ruleset, bot, bot_seed) for side in others}
        try:
            answer = self.load(json.dumps(save))  # the one load path: every check of a save applies
        except BaseException:
            self.human, self.bots, self.bot_name, self.bot_seed, self.seed = kept
            raise
        if answer["message"]["kind"] == "error":
            self.human, self.bots, self.bot_name, self.bot_seed, self.seed = kept
            text = answer["message"]["text"].replace("Cannot load: ", "", 1)
            return self._say("error", f"Cannot open this link: {text}")
        self.seed = seed
        return self._say("note", "Opened the game from the link.")

    def command(self, name: str, *args) -> dict:
        """One command by name, as the page sends them: ``answer``, ``play``, ``try``, ``tap``, ``undo``, ``new``,
        ``save``, ``load``, ``bot``."""
        if name == "save":
            return {**self.answer(), "save": self.save()}
        if name == "link":
            return {**self.answer(), "link": self.link()}
        method = {"answer": lambda: self.answer(), "play": self.play, "try": self.try_action, "undo": self.undo,
                  "load": self.load, "tap": self.tap, "new": self.new_game, "bot": self.set_bot,
                  "opponent": self.set_bot, "at": self.at, "rewind": self.rewind, "swap": self.swap,
                  "open": self.open, "practise": self.practise, "retry": self.retry, "show": self.show_me,
                  "challenges": lambda: {**self.answer(), "challenges": self.challenges()}}.get(name)
        if method is None:
            return self._say("error", f"unknown command {brief(name)}")
        try:
            inspect.signature(method).bind(*args)
        except TypeError:
            return self._say("error", f"the command {name} does not take {len(args)} argument(s)")
        return method(*args)

    # -- practice challenges ------------------------------------------------------------------------
    def challenges(self) -> list[dict]:
        """The ruleset's practice challenges, in order: name, title, goal and the rules each teaches."""
        return [{"name": c.name, "title": c.title, "goal": c.goal_text, "kind": c.goal.kind,
                 "rules": [self._rule(ref) for ref in c.refs]} for c in self.ruleset.challenges.values()]

    def practise(self, name: str) -> dict:
        """Start the practice challenge ``name``: its position, the human on its side, its opponent (if the other
        side answers at all). Answers then carry ``challenge`` (the goal, the grade, stars, why)."""
        challenge = self.ruleset.challenges.get(name) if isinstance(name, str) else None
        if challenge is None:
            names = ", ".join(self.ruleset.challenges) or "none"
            return self._say("error", f"No challenge {brief(name)}: {self.ruleset.title} has {names}")
        state = challenge.start()
        if self.challenge is None:  # what a new game goes back to afterwards
            self._before_practice = (self.human, self.bots, self.bot_name)
        others = [side for side in state.sides if side != challenge.side]
        self.bots = {} if challenge.opponent == "none" else {
            side: make_bot(self.ruleset, challenge.opponent, self.bot_seed) for side in others}
        self.bot_name = challenge.opponent if self.bots else self.bot_name
        self.state, self.human, self.scenario, self.selected = state, challenge.side, state.game.scenario, None
        self.challenge, self._floor, self._words = challenge, len(state.history), self._history_words(state)
        self._run_bots()
        return self._say("note", f"Challenge: {challenge.title}. {challenge.goal_text}")

    def retry(self) -> dict:
        """The challenge again from its start."""
        if self.challenge is None:
            return self._say("error", "No challenge to try again: choose one first.")
        return self.practise(self.challenge.name)

    def show_me(self) -> dict:
        """Play the next step of the challenge's recorded solution (from the start again when the attempt has left
        it), with its dice, and say which step it was."""
        challenge = self.challenge
        if challenge is None:
            return self._say("error", "Nothing to show: choose a challenge first.")
        steps = challenge.solution_actions()
        mine = [turn.action for turn in self.state.history[self._floor:] if turn.action.player == challenge.side]
        if len(mine) >= len(steps) or mine != [action for action, _ in steps[:len(mine)]]:
            self.practise(challenge.name)
            mine = []
        action, dice = steps[len(mine)]
        words = self.state.describe(action, self.seat)
        answer = self._apply(action, dice)
        if answer["message"] is not None:
            return answer
        return self._say("note", f"Step {len(mine) + 1} of {len(steps)}: {words}.")

    def _practice(self) -> dict | None:
        """The ``challenge`` part of an answer: what it is, and the attempt so far, graded."""
        challenge = self.challenge
        if challenge is None:
            return None
        grade = challenge.grade(self.state)
        over = grade.over or self.state.current_player not in (challenge.side, *self.bots)
        names = list(self.ruleset.challenges)
        index = names.index(challenge.name)
        return {"name": challenge.name, "title": challenge.title, "goal": challenge.goal_text, "kind": challenge.goal.kind,
                "hint": challenge.hint, "rules": [self._rule(ref) for ref in challenge.refs], "limit": challenge.limit,
                "used": grade.used, "solved": grade.solved, "stars": grade.stars, "why": grade.why, "over": over,
                "steps": len(challenge.solution), "index": index, "count": len(names),
                "next": names[index + 1] if index + 1 < len(names) else None}

    def _leave_practice(self, *, restore: bool = False) -> None:
        """Out of practice; ``restore``: the side and opponent from before the first challenge too."""
        if self.challenge is not None and restore:
            self.human, self.bots, self.bot_name = self._before_practice
        self.challenge, self._floor = None, 0

    # -- what an answer holds -------------------------------------------------------------------
    def log(self) -> list[dict]:
        """Each turn as the seat may see it: who, what in words, and the events with their rule keys;
        ``index``: the history entry's number for :meth:`at` and :meth:`rewind` (1 = the first action; the
        setup is 0)."""
        state = self.state
        seat = self.seat
        entries = []
        setup = [e for e in state.setup_log if e.visible_to(seat)]
        if setup:
            entries.append({"who": "Setup", "text": "The game is set up", "events": _events(setup), "index": 0})
        for index, (turn, told) in enumerate(zip(state.history, self._words), start=1):
            player = turn.action.player
            who = "You" if player == seat else "Bot" if player in self.bots else player
            shown = [e for e in turn.events if e.visible_to(seat)]
            entry = {"who": who, "text": told.words.get(seat, ""), "events": _events(shown), "index": index}
            if turn.dice is not None:
                entry["dice"] = list(turn.dice)
            entries.append(entry)
        return entries

    def last(self) -> list[dict]:
        """What happened since the seat's own last action, newest last: who, one sentence, where on the board
        (``from`` the acting figure, ``to`` where it went, ``at`` whom it attacked) and the dice rolled."""
        state, seat = self.state, self.seat
        start = self._since_seat()
        told = []
        for turn, said in zip(state.history[start:], self._words[start:]):
            shown = [e for e in turn.events if e.visible_to(seat)]
            text = next((e.text for e in shown if e.kind != "game_over"), said.words.get(seat, ""))
            where = said.place or (None, None, None)
            told.append({"who": turn.action.player, "text": f"{turn.action.player.capitalize()}: {text}",
                         "from": _point(where[0]), "to": _point(where[1]), "at": _point(where[2]),
                         "dice": _dice(turn, shown)})
        return told

    def words(self, action) -> str:
        """``action`` in plain words with no coordinates nor figure ids, for the simple mode: its words from the
        seat with each figure named by the board's ``name`` and each place said by its ``place`` ("your
        sargent moves next to the hedge"), compass letters spelt out, and a move to a square of note said so
        ("step east onto the pit")."""
        state = self.state
        text = state.describe(action, self.seat)
        if self.name is not None:
            text = self._named(state, action, text)
        said = 0
        if self.place is not None:
            def place(match) -> str:
                where = self.place(state, (float(match[1]), float(match[2])))
                return f" {where}" if where else ""
            text, said = COORDINATES.subn(place, text)
        text = COMPASS_LETTERS.sub(lambda match: COMPASS[match[1]], text)
        if not said and self.place is not None:
            told = self._tell(state, action).place
            where = self.place(state, told[1]) if told is not None and told[1] is not None else ""
            text += f" {where}" if where else ""
        return text

    def _named(self, state: GameState, action, text: str) -> str:
        """``text`` with every figure the action names (a field's value the board's ``name`` knows) said as the
        board shows it, named once per position and seat however many actions name it."""
        position, seat, names = self._names
        if position is not state.position or seat != self.seat:
            names = {}
            self._names = (state.position, self.seat, names)
        values = [getattr(action, f.name) for f in dataclasses.fields(action)]
        said = {}
        for value in (v for item in values for v in (item if isinstance(item, tuple) else (item,))):
            if isinstance(value, str) and value != action.player:
                if value not in names:
                    names[value] = self.name(state, value, self.seat)
                if names[value]:
                    said[value] = names[value]
        if not said:
            return text
        ids = "|".join(re.escape(value) for value in sorted(said, key=len, reverse=True))
        return re.sub(rf"(?<![\w-])(?:{ids})(?![\w-])", lambda match: said[match[0]], text)

    def step(self, offered: list) -> dict | None:
        """The one-button next step of the simple mode among the ``offered`` actions: the first the ruleset
        declares as moving the game on (``Ruleset.next_step``: end of move, end of turn, pass), with its
        button's words, else the only action offered; ``None`` when neither is offered."""
        phase = getattr(self.state.position, "phase", None)
        phase = phase.replace("_", " ") if isinstance(phase, str) else "turn"
        for kind, words in self.ruleset.next_step.items():
            found = next((i for i, action in enumerate(offered) if type(action).__name__ == kind), None)
            if found is not None:
                return {"id": found, "text": words.format(phase=phase)}
        if len(offered) == 1:  # the button says it as the simple mode does: no figure ids, no coordinates
            words = self.words(offered[0])
            return {"id": 0, "text": words[:1].upper() + words[1:]}
        return None

    def last_layer(self) -> dict[str, list]:
        """The ``last`` board layer (:data:`LAST_COLUMNS`) of :meth:`last`'s actions."""
        return _last_rows(told.place for told in self._words[self._since_seat():])

    def _since_seat(self) -> int:
        """The first history entry after the seat's own last action."""
        history, seat = self.state.history, self.seat
        start = len(history)
        while start and history[start - 1].action.player != seat:
            start -= 1
        return start

    def _entry_places(self, entry: int) -> list:
        """Where history entry ``entry`` (1 = the first action) sat on the board, as a list for :func:`_last_rows`."""
        return [self._words[entry - 1].place] if entry else []

    def _turn(self) -> dict:
        state = self.state
        seat = self.seat
        to_act = state.current_player
        parts = [f"Round {state.round}"]
        phase = getattr(state.position, "phase", None)
        if to_act is None:
            parts.append("the game is over")
        else:
            parts.append(("your turn" if to_act == seat else f"{to_act} to act") + f" ({to_act})")
            if isinstance(phase, str):
                parts.append(f"phase: {phase.replace('_', ' ')}")
            pending = state.pending
            if pending is not None:
                parts.append(f"{pending.player} must {pending.prompt}")
        return {"round": state.round, "to_act": to_act, "yours": to_act == seat,
                "phase": phase if isinstance(phase, str) else None, "line": " · ".join(parts)}

    def _outcome(self, outcome, seat: str) -> dict:
        """The end of the game: who won and why, with the seat's result and a headline to show over the board."""
        winner = outcome.winner
        if winner is None:
            result, headline = "draw", "Draw"
        elif not self.bots:
            result, headline = "won", f"{winner.capitalize()} wins"
        else:
            result = "won" if winner == seat else "lost"
            headline = f"You {result}"
        reason = outcome.reason
        return {"winner": winner, "reason": reason, "kind": outcome.kind.value,
                "line": f"Game over: {winner or 'a draw'}{' wins' if winner else ''} ({reason}).",
                "result": result, "headline": headline, "why": reason[:1].upper() + reason[1:].rstrip(".") + ".",
                "offers": self._offers()}

    def _offers(self) -> list[dict]:
        """The end-of-game banner's buttons, for every front end: ``do`` is what each does ("again": a new game
        of this scenario, "swap": :meth:`swap`, "stronger": :meth:`set_bot` to ``bot`` and a new game)."""
        offers = [{"do": "again", "text": "Play again"}]
        if self.bots:  # two people just play again; against a bot, the other side is worth a try
            offers.append({"do": "swap", "text": "Swap sides"})
        stronger = next((name for name in STRENGTH[STRENGTH.index(self.bot_name) + 1:] if name in self.ruleset.bots),
                        None) if self.bots and self.bot_name in STRENGTH else None
        if stronger is not None:
            offers.append({"do": "stronger", "text": "Stronger opponent", "bot": stronger})
        return offers

    def _layers_of(self, seat: str | None) -> Callable[[GameState], Any] | None:
        """The board layers drawn for ``seat``: its own (``seat_layers``), else the one ``layers`` given."""
        if self.seat_layers is None or seat is None:
            return self.layers
        if seat not in self._seat_layers:
            self._seat_layers[seat] = self.seat_layers(seat)
        return self._seat_layers[seat]

    def _rule(self, ref) -> dict:
        section = self.ruleset.sections.get(ref.section) if ref.ruleset == self.ruleset.name else None
        return {"key": ref.key, "title": section.title if section else ref.key}

    # -- helpers -------------------------------------------------------------------------------
    def _anchored(self) -> list[tuple[Any, Anchor]]:
        """The human's offered actions that sit on the board, with their anchors."""
        state = self.state
        if self.anchor is None or state.is_over or state.current_player != self.seat:
            return []
        if self.challenge is not None and self._practice()["over"]:  # a challenge over offers nothing, taps included
            return []
        placed = ((action, self.anchor(state, action)) for action in state.legal_actions)
        return [(action, anchor) for action, anchor in placed if anchor is not None]

    def _marks(self, anchored) -> tuple[Point | None, list[Point], list[tuple[Any, Point]]]:
        """What the board marks: the chosen piece (the one tapped, or the only one that can act), every piece
        that may act, and the targets a tap plays now (the chosen piece's, and those needing no piece)."""
        pieces = list(dict.fromkeys(anchor.piece for _, anchor in anchored if anchor.piece is not None))
        chosen = self.selected if self.selected in pieces else (pieces[0] if len(pieces) == 1 else None)
        targets = [(action, anchor.target) for action, anchor in anchored
                   if anchor.target is not None and (anchor.piece is None or anchor.piece == chosen)]
        return chosen, pieces, targets

    def _apply(self, action, dice) -> dict:
        words = self._tell(self.state, action)  # before the action changes the position
        try:
            self.state.apply(action, dice=None if dice is None else list(dice))
        except RuleViolation as violation:
            return self.answer({"kind": "refused", "text": f"Not allowed: {violation.reason}",
                                "rule": self._rule(violation.rule)})
        except (MalformedAction, TypeError) as error:
            return self._say("error", f"Not played: {error}")
        self._words.append(words)
        self.selected = None
        self._run_bots()
        return self.answer()

    def _run_bots(self) -> None:
        state = self.state
        for _ in range(MAX_BOT_ACTIONS):
            if state.is_over or state.current_player not in self.bots:
                return
            action = self.bots[state.current_player](state)
            self._words.append(self._tell(state, action))
            state.apply(action)
        raise RuntimeError(f"the bots played {MAX_BOT_ACTIONS} actions without handing the turn back")

    def _say(self, kind: str, text: str) -> dict:
        return self.answer({"kind": kind, "text": text})

    def _tell(self, state: GameState, action) -> Told:
        """``action`` told from each seat, and where it sits on the board, on the position before it is played."""
        words = {side: state.describe(action, side) for side in state.sides}
        anchor = None
        if self.anchor is not None:
            try:
                anchor = self.anchor(state, action)
            except (KeyError, AttributeError, TypeError, ValueError):  # not on the board in this position
                anchor = None
        if anchor is None:
            return Told(words, None)
        attacks = bool(ATTACK_FIELDS & set(action.to_dict()))
        return Told(words, (anchor.piece, None if attacks else anchor.target, anchor.target if attacks else None))

    def _history_words(self, state: GameState) -> list[Told]:
        """Each turn already played (a loaded game) told: replayed on a copy, as described then."""
        if not state.history:
            return []
        replay = state.clone()
        turns = list(replay.history)
        while replay.history:
            replay.undo()
        words = []
        for turn in turns:
            words.append(self._tell(replay, turn.action))
            replay.apply(turn.action, dice=turn.dice)
        return words


def _nearest(candidates: list[tuple[Any, Point]], point: Point, radius: float):
    """The (item, place) nearest ``point`` within ``radius``, or ``None``."""
    best = min(candidates, key=lambda c: math.dist(c[1], point), default=None)
    return best if best is not None and math.dist(best[1], point) <= radius else None


def _last_rows(places) -> dict[str, list]:
    """The ``last`` board layer (:data:`LAST_COLUMNS`) of actions' places ``(from, to, at)``: an arrow from
    where each figure stood to where it went or whom it attacked (``kind`` "move" or "attack"), or a ring
    (x0, y0 = x1, y1) where an action with one place happened (``kind`` "spot")."""
    rows = []
    for place in places:
        if place is None:
            continue
        start, went, hit = place
        end = hit or went
        kind = "attack" if hit else "move"
        if start is None and end is None:
            continue
        if start is None or end is None or tuple(start) == tuple(end):
            start = end = end or start
            kind = "spot"
        rows.append((start[0], start[1], end[0], end[1], kind))
    return {column: [row[i] for row in rows] for i, column in enumerate(LAST_COLUMNS)}


def _unpack_link(text) -> dict:
    """A link's payload (:meth:`Session.link`), or a :class:`SaveGameError` saying in words what is wrong."""
    if not isinstance(text, str):
        raise SaveGameError("a link is text")
    text = text.strip().lstrip("#")
    if len(text) > MAX_LINK_CHARS:
        raise SaveGameError(f"it is {len(text)} characters long, far more than a game needs "
                            f"(at most {MAX_LINK_CHARS})")
    if not text.startswith(LINK_PREFIX):
        raise SaveGameError(f"it does not start with {LINK_PREFIX!r}, as a game's link does")
    body = text[len(LINK_PREFIX):]
    try:
        packed = base64.urlsafe_b64decode(body + "=" * (-len(body) % 4))
        unpacker = zlib.decompressobj()
        raw = unpacker.decompress(packed, MAX_LINK_JSON + 1)
    except (binascii.Error, ValueError, zlib.error):
        raise SaveGameError(GARBLED) from None
    if len(raw) > MAX_LINK_JSON or unpacker.unconsumed_tail:
        raise SaveGameError(f"it unpacks to more than {MAX_LINK_JSON} characters, far more than a game needs")
    if not unpacker.eof:
        raise SaveGameError(GARBLED)
    payload = parse_json(raw, SaveGameError, "a link's game")  # the one parse: its nesting and size checks
    if not isinstance(payload, dict) or not isinstance(payload.get("save"), dict):
        raise SaveGameError("it holds no saved game")
    return payload


def _point(point) -> list[float] | None:
    return None if point is None else [point[0], point[1]]


def _dice(turn, shown) -> list[int] | None:
    """The dice of a turn: entered by hand, else the faces its first visible event with dice reports."""
    if turn.dice is not None:
        return list(turn.dice)
    for event in shown:
        faces = event.data.get("dice") if isinstance(event.data, dict) else None
        if isinstance(faces, (list, tuple)) and faces and all(isinstance(f, int) for f in faces):
            return list(faces)
    return None


def hides_information(state: GameState) -> bool:
    """Whether sides hide things from each other (cards in hand): the ruleset gives each player its own view
    (``GameState.view``'s contract), so two people on one screen need a curtain between turns."""
    return type(state).view is not GameState.view


def _events(events) -> list[dict]:
    return [{"text": e.text, "rules": list(e.rules)} for e in events]
