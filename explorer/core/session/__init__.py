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

The package, one idea a module, each a part of :class:`Session`: :mod:`.flow` (the Session and the commands
that move the game), :mod:`.answers` (what every command answers), :mod:`.history` (the log and the ``last``
layer), :mod:`.words` (actions in plain words), :mod:`.taps` (taps on the board), :mod:`.practice` (practice
challenges), :mod:`.opponents` (the bots and another person), :mod:`.saving` (saves and links), :mod:`.setting`
(*Set up the table*) and :mod:`.making` (*Make it a challenge*).
"""

from .answers import hides_information
from .flow import Session
from .history import LAST_COLUMNS, Told
from .opponents import PERSON, bot_choices, make_bot
from .taps import CHOICE_COLUMNS, Anchor

__all__ = ["Session", "Anchor", "Told", "CHOICE_COLUMNS", "LAST_COLUMNS", "PERSON", "bot_choices", "make_bot",
           "hides_information"]
