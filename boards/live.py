"""Live play in the page: the Session and its board's layers, behind two JSON calls for the Web Worker.

``sitebuild/static/js/play-worker.mjs`` calls :func:`start` with the game the
static snapshot names (ruleset, scenario, seed, human side, bot) and then
:func:`command` for each click. Both return the Session's answer as JSON text,
with the board's layers (:func:`live_layers`, the same code the JupyterLab
board draws from). Nothing here knows a ruleset beyond naming its layers module.
"""

from __future__ import annotations

import importlib
import json

from explorer.core.session import Session

_session: Session | None = None


def live_layers(ruleset: str, human: str):
    """The board layers of live play for ``ruleset`` from ``human``'s seat: a function of the state."""
    return importlib.import_module(f"{__package__}.{ruleset}").live_board(human).layers


def board_taps(ruleset: str) -> dict:
    """How taps on ``ruleset``'s live board choose actions: the Session's ``anchor`` and ``tap_radius``; and
    ``place``, a place of the board in plain words (for actions said without coordinates)."""
    module = importlib.import_module(f"{__package__}.{ruleset}")
    return {"anchor": module.anchor, "tap_radius": module.TAP_RADIUS, "place": module.place}


def new_session(config: dict) -> Session:
    """The Session ``config`` names (:meth:`Session.config`), its board drawn from each seat's own view."""
    ruleset = config["ruleset"]
    return Session(ruleset, config.get("scenario"), int(config.get("seed", 0)), config.get("human"),
                   config.get("bot", "greedy"), bot_seed=int(config.get("bot_seed", 1)),
                   seat_layers=lambda seat: live_layers(ruleset, seat), **board_taps(ruleset))


# Rulesets whose rules roll no dice (Phlog draws cards; Dice Tactics' dice are counters): no dice box.
NO_DICE = frozenset({"phlog", "dice_tactics"})


def _page_answer(answer: dict) -> str:
    """The answer as JSON for the page, with the game's save (kept in the browser after every action, so a
    refresh comes back to it) and whether the ruleset rolls dice."""
    return json.dumps({**answer, "save": _session.save(), "rolls_dice": _session.ruleset.name not in NO_DICE})


def start(text: str) -> str:
    """Start the game ``text`` (JSON) names; its first answer, as JSON."""
    global _session
    _session = new_session(json.loads(text))
    return _page_answer(_session.answer())


def command(text: str) -> str:
    """``{"name": "play", "args": [3]}`` (JSON) -> the answer (JSON), with the saved game (``save``)."""
    if _session is None:
        raise RuntimeError("no game: call start first")
    request = json.loads(text)
    return _page_answer(_session.command(request["name"], *request.get("args", ())))


# -- page tools (boards.classroom): the classroom's controls, live in the page --------------------
_tools: dict[str, object] = {}


def tool(text: str) -> str:
    """``{"key", "tool": "module:Class", "name", "values"}`` (JSON) -> the tool's answer (JSON).

    One instance per ``key`` (a control on the page), made on its first command. Only classes
    of this package are tools: the page cannot name any other code to run.
    """
    request = json.loads(text)
    module_name, _, class_name = request["tool"].partition(":")
    if not module_name.startswith(f"{__package__}."):
        raise ValueError(f"{request['tool']} is not a page tool of {__package__}")
    key = request["key"]
    if key not in _tools:
        _tools[key] = getattr(importlib.import_module(module_name), class_name)()
    return json.dumps(_tools[key].command(request["name"], request.get("values", {})))
