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

import inspect
import math
from collections.abc import Callable, Iterable
from typing import Any, NamedTuple

from .actions import action_from_dict
from .errors import MalformedAction, RuleViolation, SaveGameError
from .limits import MAX_WHOLE, brief, parse_json
from .registry import get_ruleset
from .simulate import seeded
from .state import GameState

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
    """

    piece: Point | None
    target: Point | None
    free: Callable[[Point], Any] | None = None


CHOICE_COLUMNS = ("x", "y", "kind", "text")
"""The ``choices`` board layer: the figures a tap may choose (``piece``), the chosen one (``chosen``),
and where a second tap plays an action (``target``), with the action's words."""


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


class Session:
    """One game: the human plays ``human``; ``bot`` (a bot name of the ruleset) plays every other side.

    ``state`` may be given instead of a new game (JupyterLab passes the game
    a chapter built); ``bots`` (side -> bot) instead of a bot name.
    ``layers(state)``, if given, adds the board's column data to answers.
    ``anchor(state, action)``, if given, places each offered action on the
    board (an :class:`Anchor`), so that taps within ``tap_radius`` choose and
    play actions (:meth:`tap`); answers then carry the ``choices`` layer.
    """

    def __init__(self, ruleset: str | None = None, scenario: str | None = None, seed: int = 0, human: str | None = None,
                 bot: str = "greedy", *, bot_seed: int = 1, state: GameState | None = None,
                 bots: dict | None = None, layers: Callable[[GameState], Any] | None = None,
                 anchor: Callable[[GameState, Any], Anchor | None] | None = None, tap_radius: float = 1.0):
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
            bots = {side: make_bot(self.ruleset, bot, bot_seed) for side in sides if side != human}
        self.bots = dict(bots)
        self.bot_name = bot
        self.bot_seed = bot_seed
        self.human = human or next((s for s in sides if s not in self.bots), None)
        self.layers = layers
        self.anchor = anchor
        self.tap_radius = tap_radius
        self.selected: Point | None = None  # the piece chosen by a first tap
        self._words = self._history_words(state)  # the human's words for each turn of state.history
        self._run_bots()

    def config(self) -> dict:
        """What starts this game again (a page's "Play here" sends it to its Web Worker)."""
        return {"ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed, "human": self.human,
                "bot": self.bot_name, "bot_seed": self.bot_seed}

    # -- commands ------------------------------------------------------------------------------
    def answer(self, message: dict | None = None) -> dict:
        """Where the game stands, from the human's seat, with what the last command has to say (``message``)."""
        state = self.state
        outcome = state.outcome
        answer = {
            "ruleset": self.ruleset.name, "scenario": self.scenario, "seed": self.seed,
            "human": self.human, "bot": self.bot_name,
            "turn": self._turn(),
            "actions": [] if outcome is not None or state.current_player != self.human else [
                {"id": i, "text": state.describe(a, self.human), "action": a.to_dict()}
                for i, a in enumerate(state.legal_actions)],
            "log": self.log(),
            "outcome": None if outcome is None else {
                "winner": outcome.winner, "reason": outcome.reason, "kind": outcome.kind.value,
                "line": f"Game over: {outcome.winner or 'a draw'}"
                        f"{' wins' if outcome.winner else ''} ({outcome.reason})."},
            "can_undo": any(turn.action.player == self.human for turn in state.history),
            "message": message,
        }
        if self.layers is not None:
            answer["layers"] = self.layers(state)
            if self.anchor is not None:
                answer["layers"]["choices"] = self.choices()
        return answer

    def play(self, choice: int, dice: Iterable[int] | None = None) -> dict:
        """Play the offered action numbered ``choice``, then let the bots answer."""
        offered = list(self.state.legal_actions) if self.state.current_player == self.human else []
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
                data = {**data, "player": self.human}
            action = action_from_dict(data, self.ruleset.action_kinds)
        except (ValueError, SaveGameError) as error:
            return self._say("error", f"not an action: {error}")
        if action.player != self.human:
            return self._say("error", f"you play {self.human}, not {brief(action.player)}")
        return self._apply(action, dice)

    def tap(self, x: float, y: float) -> dict:
        """A tap on the board at (x, y): choose the figure that acts, then tap where it goes or whom it attacks.

        A tap nearest an offered target of the chosen figure (or of an action
        needing no figure) plays that action; nearest another figure chooses
        it; on the chosen figure, unchooses it; elsewhere, with a figure chosen
        whose move takes any point, tries that move (refused with its rule if
        illegal), as it does for an action that takes any point and needs no
        figure chosen (placing the next trooper). When only one figure can act,
        it is chosen already.
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
            self.selected = None
            return self._apply(hit[0], None)
        if hit is not None:
            self.selected = None if hit[1] == self.selected else hit[1]
            return self.answer()
        # a free spot goes to the chosen figure's move, or to an action that needs no figure chosen (setting up)
        free = next((anchor.free for _, anchor in anchored if anchor.free is not None
                     and (anchor.piece is None or chosen is not None and anchor.piece == chosen)), None)
        if free is not None:
            return self._apply(free((round(tapped[0], 1), round(tapped[1], 1))), None)
        return self._say("note", "Nothing to do there: tap a ringed figure, then where it goes or whom it attacks."
                         if chosen is None else "Nothing to do there: tap one of the marked places, or another figure.")

    def choices(self) -> dict[str, list]:
        """The ``choices`` board layer (:data:`CHOICE_COLUMNS`) for the offered actions and the chosen figure."""
        chosen, pieces, targets = self._marks(self._anchored())
        rows = [(*piece, "chosen" if piece == chosen else "piece", "") for piece in pieces]
        rows += [(*target, "target", self.state.describe(action, self.human)) for action, target in targets]
        return {column: [row[i] for row in rows] for i, column in enumerate(CHOICE_COLUMNS)}

    def undo(self) -> dict:
        """Back to the human's last decision, the bots' replies to it taken back too."""
        state = self.state
        if not any(turn.action.player == self.human for turn in state.history):
            return self._say("note", "Nothing to undo.")
        while state.history and state.history[-1].action.player != self.human:
            state.undo()
        state.undo()
        del self._words[len(state.history):]
        self.selected = None
        return self._say("note", "Undone.")

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
        if set(state.sides) != {self.human, *self.bots}:
            return self._say("error", f"No new game: {name} is played by {', '.join(state.sides)}")
        self.state, self.scenario, self.seed = state, state.game.scenario, seed
        self.selected, self._words = None, []
        self._run_bots()
        return self._say("note", f"A new game (seed {seed}).")

    def set_bot(self, name: str) -> dict:
        """Play the other sides with the ruleset's bot ``name`` from now on (the game goes on as it is)."""
        if not isinstance(name, str) or name not in self.ruleset.bots:
            return self._say("error", f"No such opponent: {self.ruleset.title} has the bots "
                                      f"{', '.join(self.ruleset.bots)}, not {brief(name)}")
        self.bots = {side: make_bot(self.ruleset, name, self.bot_seed) for side in self.bots}
        self.bot_name = name
        self._run_bots()
        return self._say("note", f"Your opponent is now the {name} bot.")

    def bot_choices(self) -> dict[str, str]:
        """The bots a player may pick as their opponent, with their words (:func:`bot_choices`)."""
        return bot_choices(self.ruleset)

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
            if set(state.sides) != {self.human, *self.bots}:  # else nobody here could ever act in it
                raise SaveGameError(f"this game is played by {' and '.join(state.sides)}; "
                                    f"here {self.human} plays against {' and '.join(self.bots)}")
            words = self._history_words(state)
        except (SaveGameError, ValueError) as error:
            return self._say("error", f"Cannot load: {error}")
        self.state, self._words = state, words
        self.scenario, self.selected = state.game.scenario, None
        self._run_bots()
        return self._say("note", "Loaded.")

    def command(self, name: str, *args) -> dict:
        """One command by name, as the page sends them: ``answer``, ``play``, ``try``, ``tap``, ``undo``, ``new``,
        ``save``, ``load``, ``bot``."""
        if name == "save":
            return {**self.answer(), "save": self.save()}
        method = {"answer": lambda: self.answer(), "play": self.play, "try": self.try_action, "undo": self.undo,
                  "load": self.load, "tap": self.tap, "new": self.new_game, "bot": self.set_bot}.get(name)
        if method is None:
            return self._say("error", f"unknown command {brief(name)}")
        try:
            inspect.signature(method).bind(*args)
        except TypeError:
            return self._say("error", f"the command {name} does not take {len(args)} argument(s)")
        return method(*args)

    # -- what an answer holds -------------------------------------------------------------------
    def log(self) -> list[dict]:
        """Each turn as the human may see it: who, what in words, and the events with their rule keys."""
        state = self.state
        entries = []
        setup = [e for e in state.setup_log if e.visible_to(self.human)]
        if setup:
            entries.append({"who": "Setup", "text": "The game is set up", "events": _events(setup)})
        for turn, words in zip(state.history, self._words):
            who = "You" if turn.action.player == self.human else "Bot"
            shown = [e for e in turn.events if e.visible_to(self.human)]
            entry = {"who": who, "text": words, "events": _events(shown)}
            if turn.dice is not None:
                entry["dice"] = list(turn.dice)
            entries.append(entry)
        return entries

    def _turn(self) -> dict:
        state = self.state
        to_act = state.current_player
        parts = [f"Round {state.round}"]
        phase = getattr(state.position, "phase", None)
        if to_act is None:
            parts.append("the game is over")
        else:
            parts.append(("your turn" if to_act == self.human else f"{to_act} to act") + f" ({to_act})")
            if isinstance(phase, str):
                parts.append(f"phase: {phase.replace('_', ' ')}")
            pending = state.pending
            if pending is not None:
                parts.append(f"{pending.player} must {pending.prompt}")
        return {"round": state.round, "to_act": to_act, "yours": to_act == self.human,
                "phase": phase if isinstance(phase, str) else None, "line": " · ".join(parts)}

    def _rule(self, ref) -> dict:
        section = self.ruleset.sections.get(ref.section) if ref.ruleset == self.ruleset.name else None
        return {"key": ref.key, "title": section.title if section else ref.key}

    # -- helpers -------------------------------------------------------------------------------
    def _anchored(self) -> list[tuple[Any, Anchor]]:
        """The human's offered actions that sit on the board, with their anchors."""
        state = self.state
        if self.anchor is None or state.is_over or state.current_player != self.human:
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
        words = self.state.describe(action, self.human)  # before the action changes the position
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
            self._words.append(state.describe(action, self.human))
            state.apply(action)
        raise RuntimeError(f"the bots played {MAX_BOT_ACTIONS} actions without handing the turn back")

    def _say(self, kind: str, text: str) -> dict:
        return self.answer({"kind": kind, "text": text})

    def _history_words(self, state: GameState) -> list[str]:
        """The human's words for each turn already played (a loaded game): replayed on a copy, as described then."""
        if not state.history:
            return []
        replay = state.clone()
        turns = list(replay.history)
        while replay.history:
            replay.undo()
        words = []
        for turn in turns:
            words.append(replay.describe(turn.action, self.human))
            replay.apply(turn.action, dice=turn.dice)
        return words


def _nearest(candidates: list[tuple[Any, Point]], point: Point, radius: float):
    """The (item, place) nearest ``point`` within ``radius``, or ``None``."""
    best = min(candidates, key=lambda c: math.dist(c[1], point), default=None)
    return best if best is not None and math.dist(best[1], point) <= radius else None


def _events(events) -> list[dict]:
    return [{"text": e.text, "rules": list(e.rules)} for e in events]
