"""The Session: one game of live play (a human against the bots, or two people on one screen) and the
commands that move it: play, try, undo, rewind, a new game, swap sides, each answered (:mod:`.answers`).

The Session's other methods sit in one mixin per concern, a module each (answers, history, words, taps,
practice, opponents, saving, setting, making): one object keeps one game, and each part reads the attributes set
here in ``__init__``, so the page's JSON commands and JupyterLab's shell call one class as before.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from typing import Any

from ..actions import action_from_dict
from ..errors import MalformedAction, RuleViolation, SaveGameError
from ..limits import MAX_WHOLE, brief, parse_json
from ..registry import get_ruleset
from ..state import GameState
from .answers import Answers, decision_is_private
from .history import History, Told
from .making import Making
from .opponents import PERSON, Opponents, make_bot
from .practice import Practice
from .saving import Saving
from .setting import SettingUp
from .taps import Anchor, BoardTaps, Point
from .words import Words


MAX_ACTION_CHARS = 100_000  # an action's JSON is a few hundred characters; more is refused before it is read
MAX_BOT_ACTIONS = 2000  # a bot that never hands the turn back is a bug; stop rather than hang the page


class Session(Answers, History, Words, BoardTaps, Practice, Opponents, Saving, SettingUp,
              Making):
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
    ``ruler((start, end))``, if given, is the board's ruler layer between two
    points: a move to a free spot a tap proposes is measured by it.
    """

    def __init__(self, ruleset: str | None = None, scenario: str | None = None, seed: int = 0, human: str | None = None,
                 bot: str = "greedy", *, bot_seed: int = 1, state: GameState | None = None,
                 bots: dict | None = None, layers: Callable[[GameState], Any] | None = None,
                 anchor: Callable[[GameState, Any], Anchor | None] | None = None, tap_radius: float = 1.0,
                 seat_layers: Callable[[str], Callable[[GameState], Any]] | None = None,
                 place: Callable[[GameState, Point], str] | None = None,
                 name: Callable[[GameState, str, str | None], str | None] | None = None,
                 ruler: Callable[[tuple[Point, Point]], Any] | None = None):
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
        self.ruler = ruler  # the board's ruler layer between two points: drawn beside a proposed move
        self._names: tuple = (None, None, {})  # (position, seat, {figure id: name}): figures named on one board
        self._seat_layers: dict[str, Callable[[GameState], Any]] = {}  # made once per seat
        self.anchor = anchor
        self.tap_radius = tap_radius
        self.selected: Point | None = None  # the piece chosen by a first tap
        self._proposal: tuple | None = None  # a move to a free spot a tap proposed: (position, chosen, spot, action)
        self._words: list[Told] = self._history_words(state)  # each turn of state.history, told
        self.challenge = None  # the practice challenge being played (:meth:`practise`), if any
        self._floor = 0  # history entries undo never takes back (a challenge's prelude)
        self._tried: dict = {}  # how each challenge opened in this Session has been tried (practice.Tries)
        self.lesson: dict | None = None  # a teacher's challenges opened (practice.open_lesson), by name
        self._holder: str | None = None  # two people: the side holding the device (the seat last shown its cards)
        self._run_bots()

    def config(self) -> dict:
        """What starts this game again (a page's "Play here" sends it to its Web Worker)."""
        return {"ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed, "human": self.human,
                "bot": self.bot_name if self.bots else PERSON, "bot_seed": self.bot_seed}

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
        to act (after the game, the last side that acted); but a decision that needs none of its player's hidden
        cards is taken where the device is, from the view of the seat that holds it (not passed for it)."""
        if self.bots or self.challenge is not None:
            return self.human
        state = self.state
        if state.current_player is not None:
            if decision_is_private(state) or self._holder not in state.sides:
                self._holder = state.current_player  # the device goes to whoever needs their cards
            return self._holder
        return state.history[-1].action.player if state.history else self.human

    @property
    def deciding(self) -> str | None:
        """The side whose decision this screen takes now, if any: the seat's own; between two people, whoever is
        to act (on the seat's screen when the decision needs no hidden card)."""
        to_act = self.state.current_player
        return to_act if to_act == self.seat or (to_act is not None and self.mode == "people") else None

    def play(self, choice: int, dice: Iterable[int] | None = None) -> dict:
        """Play the offered action numbered ``choice``, then let the bots answer."""
        offered = list(self.state.legal_actions) if self.deciding is not None else []
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
                data = {**data, "player": self.deciding or self.seat}
            action = action_from_dict(data, self.ruleset.action_kinds)
        except (ValueError, SaveGameError) as error:
            return self._say("error", f"not an action: {error}")
        if action.player != (self.deciding or self.seat):
            return self._say("error", f"you play {self.deciding or self.seat}, not {brief(action.player)}")
        return self._apply(action, dice)

    def undo(self, agreed: bool = False) -> dict:
        """Back to the human's last decision, the bots' replies to it taken back too. Two people: the last
        action, at once when it is the seat's own; the other person's is asked about first (``agreed``: they
        said yes)."""
        point = self._undo_point()
        if point is None:
            return self._say("note", "Nothing to undo.")
        asked = self._ask_the_other(point, agreed, "undo", [])
        if asked is not None:
            return asked
        self._back_to(point)
        return self._say("note", "Undone.")

    def _ask_the_other(self, point: int, agreed: Any, command: str, args: list) -> dict | None:
        """Two people on one screen: taking back the other person's moves (the history after entry ``point``)
        needs their yes, so it is asked first (a ``confirm`` message whose ``confirm`` is the command that does it
        once agreed); ``None``: go ahead (the seat's own moves, a game against the bots, or ``agreed``)."""
        if not isinstance(agreed, bool):
            return self._say("error", f"Not taken back: agreed is true or false, not {brief(agreed)}")
        history = self.state.history
        others = sorted({turn.action.player for turn in history[point:]} - {self.seat})
        if agreed or self.mode != "people" or not others:
            return None
        who = " and ".join(others)
        moves = "move" if sum(turn.action.player != self.seat for turn in history[point:]) == 1 else "moves"
        return self.answer({"kind": "confirm", "text": f"Take back {who}'s {moves}? {who} must agree.",
                            "yes": f"Yes, {who} agrees", "confirm": {"name": command, "args": [*args, True]}})

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

    def rewind(self, entry: int, agreed: bool = False) -> dict:
        """Undo back to just after history entry ``entry`` (0: the start), live. Against a bot, where the bot
        would be to act there, back further to the human's own decision before it, so the bots never replay
        what they played (only a bot that opens the game plays its opening again). Two people: taking back the
        other person's moves is asked about first, as :meth:`undo` does."""
        entries = len(self.state.history)
        if isinstance(entry, bool) or not isinstance(entry, int) or not 0 <= entry <= entries:
            return self._say("error", f"No entry {entry!r} to go back to: the game has entries 0 to {entries}.")
        asked = self._ask_the_other(max(entry, self._floor), agreed, "rewind", [entry])
        if asked is not None:
            return asked
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

    def options(self) -> dict[str, list[str]]:
        """What a player may choose before a game: each scenario of the ruleset and its sides."""
        return {name: list(self.ruleset.new_game(name, seed=self.seed).sides) for name in self.ruleset.scenarios}

    def command(self, name: str, *args) -> dict:
        """One command by name, as the page sends them: ``answer``, ``play``, ``try``, ``tap``, ``undo``, ``new``,
        ``save``, ``load``, ``bot``, ``setup`` (*Set up the table*), ``make`` (*Make it a challenge*)."""
        if name == "save":
            return {**self.answer(), "save": self.save()}
        if name == "link":
            return {**self.answer(), "link": self.link()}
        method = {"answer": lambda: self.answer(), "play": self.play, "try": self.try_action, "undo": self.undo,
                  "load": self.load, "tap": self.tap, "choose": self.choose, "new": self.new_game, "bot": self.set_bot,
                  "opponent": self.set_bot, "at": self.at, "rewind": self.rewind, "swap": self.swap,
                  "open": self.open, "practise": self.practise, "retry": self.retry, "show": self.show_me,
                  "hint": self.hint, "setup": self.set_up, "make": self.make_challenge, "open_lesson": self.open_lesson,
                  "challenge_link": self.challenge_link,
                  "challenges": lambda opened=False: {**self.answer(), "challenges": self.challenges(opened)}}.get(name)
        refused = self._uncallable(method, args, f"unknown command {brief(name)}", f"the command {name}")
        return refused or method(*args)

    def _uncallable(self, handler, args: tuple, unknown: str, named: str) -> dict | None:
        """The error answer when a command or a step by name is not there (``handler`` None: ``unknown`` said) or
        does not take ``args`` (said of ``named``); ``None`` when ``handler(*args)`` may be called."""
        if handler is None:
            return self._say("error", unknown)
        try:
            inspect.signature(handler).bind(*args)
        except TypeError:
            return self._say("error", f"{named} does not take {len(args)} argument(s)")
        return None

    def _apply(self, action, dice) -> dict:
        if self.setting_up is not None:  # (an action would change the set-up's table under the editor's feet)
            return self._say("refused", "The table is being set up: press Done: play from here (or Cancel) first.")
        words = self._tell(self.state, action)  # before the action changes the position
        before = self.state.clone()  # where the figures it names still stand, to be named in plain words
        try:
            self.state.apply(action, dice=None if dice is None else list(dice))
        except RuleViolation as violation:
            return self.answer({"kind": "refused", "text": f"Not allowed: {violation.reason}",
                                "words": f"Not allowed: {self._refusal(before, action, violation.reason)}",
                                "rule": self._rule(violation.rule)})
        except (MalformedAction, TypeError) as error:
            return self._say("error", f"Not played: {error}")
        self._words.append(self._in_plain(before, words, self.state.history[-1]))
        self.selected = None
        self._run_bots()
        return self.answer()

    def _run_bots(self) -> None:
        state = self.state
        for _ in range(MAX_BOT_ACTIONS):
            if state.is_over or state.current_player not in self.bots or self.setting_up is not None:
                return
            action = self.bots[state.current_player](state)
            told, before = self._tell(state, action), state.clone()
            state.apply(action)
            self._words.append(self._in_plain(before, told, state.history[-1]))
        raise RuntimeError(f"the bots played {MAX_BOT_ACTIONS} actions without handing the turn back")

    def _say(self, kind: str, text: str) -> dict:
        return self.answer({"kind": kind, "text": text})
