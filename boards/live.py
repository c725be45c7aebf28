"""Live play in the page: the Session and its board's layers, behind two JSON calls for the Web Worker.

``sitebuild/static/js/play-worker.mjs`` calls :func:`start` with the game the
static snapshot names (ruleset, scenario, seed, human side, bot) and then
:func:`command` for each click. Both return the Session's answer as JSON text,
with the board's layers (:func:`live_layers`, the same code the JupyterLab
board draws from). Nothing here knows a ruleset beyond naming its layers module.
"""

from __future__ import annotations

import functools
import html
import importlib
import json

from explorer.core.errors import UnknownRuleset
from explorer.core.limits import MAX_WHOLE, brief, parse_json, whole_number
from explorer.core.registry import get_ruleset
from explorer.core.session import Session

from . import family, tabletop

_session: Session | None = None


def live_layers(ruleset: str, human: str):
    """The board layers of live play for ``ruleset`` from ``human``'s seat: a function of the state."""
    return _board(ruleset).live_board(human).layers


def _board(ruleset: str):
    """``ruleset``'s board module (boards/<ruleset>.py)."""
    return family.look(ruleset)


def board_taps(ruleset: str) -> dict:
    """How taps on ``ruleset``'s live board choose actions: the Session's ``anchor`` and ``tap_radius``; and
    ``place`` and ``name``, a place and a figure of the board in plain words (for actions said without
    coordinates or figure ids); ``ruler``, the tabletop's ruler layer, for a proposed move."""
    module = _board(ruleset)
    ruler = tabletop.ruler_layer if module.FAMILY == "tabletop" else None  # a grid counts squares: no ruler
    return {"anchor": module.anchor, "tap_radius": module.TAP_RADIUS, "place": module.place, "name": module.name,
            "ruler": ruler}


def new_session(config: dict) -> Session:
    """The Session ``config`` names (:meth:`Session.config`), its board drawn from each seat's own view."""
    if not isinstance(config, dict):
        raise ValueError(f"a game to start is an object (ruleset, scenario, seed, human, bot), not {brief(config)}")
    ruleset = get_ruleset(config.get("ruleset")).name  # an unknown name: UnknownRuleset, in words
    seed = whole_number(config.get("seed", 0), "the seed", 0, MAX_WHOLE)
    bot_seed = whole_number(config.get("bot_seed", 1), "the bot's seed", 0, MAX_WHOLE)
    for key in ("scenario", "human", "bot"):
        if config.get(key) is not None and not isinstance(config[key], str):
            raise ValueError(f"the {key} is a name, not {brief(config[key])}")
    return Session(ruleset, config.get("scenario"), seed, config.get("human"), config.get("bot", "greedy"),
                   bot_seed=bot_seed, seat_layers=lambda seat: live_layers(ruleset, seat), **board_taps(ruleset))


def _page_answer(answer: dict) -> str:
    """The answer as JSON for the page, with the game's save (kept in the browser after every action, so a
    refresh comes back to it), whether the ruleset rolls dice, and the seat's own cards' faces (``cards``, where
    the board module says them: ``card_faces``; and ``card_plays``, the actions that play one of them without naming
    it, where it says them: ``CARD_PLAYS``). The Session marks each offered action that surely ends the game
    ``"ends": true``: the page asks before playing it, from the list, the big button or a card as from a tap."""
    save = answer.get("save") or _session.save()  # the save command's answer holds it already
    extra = {"save": save, "rolls_dice": _session.ruleset.rolls_dice}
    board = _board(_session.ruleset.name)
    faces = getattr(board, "card_faces", None)
    if faces is not None:
        extra["cards"] = faces(_session.state, answer["seat"])
    plays = getattr(board, "CARD_PLAYS", None)
    if plays:
        extra["card_plays"] = plays
    return json.dumps({**answer, **extra})


def start(text: str) -> str:
    """Start the game ``text`` (JSON) names; its first answer, as JSON.

    A game that cannot be started as asked (a select edited in the page) starts the ruleset's first
    scenario instead, and its answer says why in words; with no ruleset to play, the answer is only
    the words (``error`` and ``message``).
    """
    global _session
    config = None
    try:
        config = parse_json(text, ValueError, "a game to start")
        _session = new_session(config)
    except (ValueError, UnknownRuleset) as error:
        words = f"Not started as asked: {error}"
        try:
            _session = new_session({"ruleset": config.get("ruleset") if isinstance(config, dict) else None})
        except (ValueError, UnknownRuleset):  # no ruleset to fall back on: say so, and keep the game there was
            return json.dumps({"error": words, "message": {"kind": "error", "text": words}})
        return _page_answer(_session.answer({"kind": "error", "text": f"{words}; a new game of its first scenario "
                                                                     "instead."}))
    return _page_answer(_session.answer())


def command(text: str) -> str:
    """``{"name": "play", "args": [3]}`` (JSON) -> the answer (JSON), with the saved game (``save``).

    A malformed request is answered in words (the Session's error message), never raised.
    """
    if _session is None:
        raise RuntimeError("no game: call start first")
    try:
        request = parse_json(text, ValueError, "a command")
        if not (isinstance(request, dict) and isinstance(request.get("name"), str)
                and isinstance(request.get("args", []), list)):
            raise ValueError('a command is {"name": text, "args": [...]}')
    except ValueError as error:
        return _page_answer(_session.answer({"kind": "error", "text": str(error)}))
    return _page_answer(_session.command(request["name"], *request.get("args", ())))


# -- page tools (boards.classroom): the classroom's controls, live in the page --------------------
_tools: dict[str, object] = {}


def tool(text: str) -> str:
    """``{"key", "tool": "module:Class", "name", "values"}`` (JSON) -> the tool's answer (JSON).

    One instance per ``key`` (a control on the page), made on its first command. Only classes
    of this package are tools: the page cannot name any other code to run. Bad input (a value
    edited in the page, anything) is answered in words, in the tool's ``MESSAGE_OUTPUT``, and
    changes nothing: a tool raises ``ValueError`` before it changes anything.
    """
    try:
        request = parse_json(text, ValueError, "a page tool's request")
        if not (isinstance(request, dict) and isinstance(request.get("tool"), str) and isinstance(request.get("key"), str)
                and isinstance(request.get("name"), str) and isinstance(request.get("values", {}), dict)):
            raise ValueError('a page tool\'s request is {"key", "tool", "name", "values"}, with text and an object')
        key, name = request["key"], request["name"]
        module_name, _, class_name = request["tool"].partition(":")
        tool_class = _tool_classes().get((module_name, class_name))
        if tool_class is None:
            raise ValueError(f"{brief(request['tool'])} is not a page tool of {__package__}")
    except ValueError as error:
        return json.dumps({"error": str(error)})
    if key not in _tools:
        if len(_tools) >= MAX_TOOLS:
            return json.dumps({"error": f"at most {MAX_TOOLS} page tools at once"})
        _tools[key] = tool_class()
    instance = _tools[key]
    try:
        answer = instance.command(name, request.get("values", {}))
    except ValueError as error:
        words = f"Not done: {error}"
        answer = {"error": words, "html": {instance.MESSAGE_OUTPUT: f'<p class="tsr-live-error">{html.escape(words)}</p>'}}
    return json.dumps(answer)


@functools.cache  # looked up on the first tool command (the modules import the rulesets)
def _tool_classes() -> dict[tuple[str, str], type]:
    """Every page tool: a class of a module of this package with ``command`` and ``MESSAGE_OUTPUT``."""
    found = {}
    for module_name in (f"{__package__}.classroom", f"{__package__}.army_men_builder"):
        module = importlib.import_module(module_name)
        for class_name, value in vars(module).items():
            if isinstance(value, type) and hasattr(value, "command") and hasattr(value, "MESSAGE_OUTPUT"):
                found[(module_name, class_name)] = value
    return found


MAX_TOOLS = 100  # controls on one page; a request naming ever new keys stops there
