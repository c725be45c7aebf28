"""Practice challenges with the live widgets: the Practice page's control, in JupyterLab and on the site.

In JupyterLab, :class:`Practice` puts the practice controls over a live game (:class:`widgets.live.LivePlay`):
the challenge picker, the goal in one line, *Hint*, *Undo*, *Try again*, *Show me*, the grade in one short sentence
(*Show me why*: in full), the stars (by how it was solved; none for a challenge *Show me* played) and *Next*, all
drawn from the Session's answer (its ``challenge``), as the page draws them. On the site
the same cell is the game's snapshot with the challenges in ``data-practice``: sitebuild/static/js/live-play.js
lists them and plays them on the game table.
"""

from __future__ import annotations

import html

import ipywidgets as ipw

from explorer.core.challenges import ChallengeError, file_text

from .keep import stop_keeping
from .links import in_lab
from .live import LivePlay

BIG = ipw.Layout(width="auto", height="44px")  # buttons for a finger and a projector


def stars_text(stars: int) -> str:
    """``★★☆``: the stars earned of three."""
    return "★" * stars + "☆" * (3 - stars)


def grade_html(c: dict) -> str:
    """The grade in one short sentence, and once the try is over the grade in full behind *Show me why*."""
    colour = "#1E4D1F" if c["solved"] else "#A3280D" if c["over"] else "#1a1a1a"
    said = c["said"] if c["used"] or c["over"] else ""
    full = c["why"] if c["over"] and c["why"] and c["why"] != said else ""
    why = (f'<details><summary style="cursor:pointer">Show me why</summary>{html.escape(full)}</details>'
           if full else "")
    return f'<div role="status" style="color:{colour};font-weight:bold">{html.escape(said)}</div>{why}'


class Practice:
    """The challenges of ``game``'s ruleset played on ``game`` (a LivePlay, or a ruleset's live game), starting with ``name`` (by default
    the first). ``best``: the best stars earned per challenge in this kernel, 0 for one shown and not yet solved
    (the page keeps them in the browser).

    ``file`` (a path) or ``text`` (TOML text): a teacher's challenge or lesson (book/classroom/write_a_challenge.md)
    played instead of the ruleset's own, every challenge checked first; anything wrong raises ``ChallengeError`` in
    words, and the game is left as it was."""

    def __init__(self, game, name: str | None = None, *, file=None, text: str | None = None):
        self.game: LivePlay = getattr(game, "live", game)  # a ruleset's live game (ArmyMenLive...) holds its LivePlay
        if file is not None and text is not None:
            raise ChallengeError("a lesson comes from a file or from text, not both")
        self.opened = file is not None or text is not None
        if self.opened:  # read and checked before anything changes: refused, the game is as it was
            answer = self.session.open_lesson(file_text(file) if file is not None else text)
            if answer["message"]["kind"] == "error":
                raise ChallengeError(answer["message"]["text"])
        stop_keeping(self.game)  # challenges are played here: no game to bring back after a restart
        self.best: dict[str, int] = {}
        listed = self.session.challenges(self.opened)
        self.picker = ipw.Dropdown(options=[(c["title"], c["name"]) for c in listed], description="Challenge",
                                   layout=ipw.Layout(width="100%"))
        self.goal = ipw.HTML()
        self.grade = ipw.HTML()
        self.stars = ipw.HTML()
        self.hint = ipw.HTML(layout=ipw.Layout(display="none"))
        self.hint_button = ipw.Button(description="Hint", icon="lightbulb-o", layout=BIG)
        self.undo_button = ipw.Button(description="Undo", icon="undo", layout=BIG)
        self.retry_button = ipw.Button(description="Try again", icon="refresh", layout=BIG)
        self.show_button = ipw.Button(description="Show me", icon="eye", layout=BIG)
        self.next_button = ipw.Button(description="Next", icon="forward", button_style="success", layout=BIG)
        self.hint_button.on_click(lambda _: self.toggle_hint())
        self.undo_button.on_click(lambda _: self.game.undo())
        self.retry_button.on_click(lambda _: self.command("retry"))
        self.show_button.on_click(lambda _: self.command("show"))
        self.next_button.on_click(lambda _: self.next())
        self.game.on_show.append(self._refresh)
        names = [c["name"] for c in listed]
        self.picker.value = name if name in names else (names[0] if names else None)
        self.picker.observe(lambda change: self.practise(change["new"]), names="value")
        if self.picker.value is not None:
            self.practise(self.picker.value)

    @property
    def session(self):
        return self.game.session  # a new game on another side is a new Session

    def command(self, name: str, *args) -> None:
        """A Session command (practise, retry, show), its answer shown by the game and by these controls."""
        self.game._show(self.session.command(name, *args))

    def practise(self, name: str) -> None:
        self.hint.layout.display = "none"
        self.command("practise", name, self.opened)

    def next(self) -> None:
        challenge = self.session.answer().get("challenge")
        if challenge and challenge["next"]:
            self.picker.value = challenge["next"]  # the picker's change starts it

    def toggle_hint(self) -> None:
        self.hint.layout.display = None if self.hint.layout.display == "none" else "none"
        if self.hint.layout.display is None:
            self.command("hint")  # the Session counts the hint against the stars

    def _refresh(self, answer: dict) -> None:
        """The challenge's part of ``answer``: the goal, the grade in words, the stars, what can be pressed."""
        c = answer.get("challenge")
        if c is None:
            self.goal.value = "<i>Not in a challenge: pick one.</i>"
            self.grade.value = self.stars.value = ""
            return
        self.goal.value = (f'<div style="font-size:1.35em;font-weight:bold">{c["index"] + 1}/{c["count"]}: '
                           f'{html.escape(c["goal"])}</div>')
        self.grade.value = grade_html(c)
        if c["solved"]:
            self.best[c["name"]] = max(self.best.get(c["name"], 0), c["stars"])
        if c["solved"] and c["shown"]:
            self.stars.value = "<b>Shown. Now you try it: Try again!</b>"
        else:
            self.stars.value = (f'<span style="font-size:2.2em;color:#C58B00" aria-label="{c["stars"]} of 3 stars">'
                                f'{stars_text(c["stars"])}</span> <b>{"Perfect!" if c["stars"] == 3 else "Well done!"}</b>'
                                if c["solved"] else "")
        self.hint.value = f"<b>Hint:</b> {html.escape(c['hint'] or '')} {self.game.links.links([r['key'] for r in c['rules']])}"
        self.next_button.disabled = not (c["next"] and (c["solved"] or c["over"]))
        self.undo_button.disabled = not answer["can_undo"]

    def controls(self) -> ipw.VBox:
        """The practice controls, above the game."""
        buttons = ipw.HBox([self.hint_button, self.undo_button, self.retry_button, self.show_button, self.next_button],
                           layout=ipw.Layout(flex_flow="row wrap"))
        return ipw.VBox([self.picker, self.goal, self.grade, self.stars, buttons, self.hint])

    def widget(self):
        """In JupyterLab the practice controls over the live game; on the site the game's snapshot, which the
        page plays in practice mode (its challenges in ``data-practice``)."""
        if in_lab():
            return ipw.VBox([self.controls(), self.game.widget()])
        listed = [{"name": c["name"], "title": c["title"], "goal": c["goal"]} for c in self.session.challenges()]
        return self.game.widget(play={"practice": listed})
