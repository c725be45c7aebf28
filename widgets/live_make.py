"""*Make it a challenge* in JupyterLab: the set-up (or the game as it stands) made into a practice challenge, as on
the page (its panel is sitebuild/static/js/live-play/make.js). Every step is the Session's ``make`` command
(explorer/core/session/making.py), checked by the engine and refused in words: the goal's kind and test picked from
lists in words, the test's arguments from lists or by a tap on the board, the title, goal, hint and rule sections,
the solution recorded by playing it on the board, the check, and the result as TOML text, a link and a file in the
notebook's folder; several added one after another make a lesson. A part of :class:`widgets.live.LivePlay`."""

from __future__ import annotations

import html
import json
import tomllib
from pathlib import Path

import ipywidgets as ipw

from .links import LAB_LINK_STYLE
from .live_setup import _button, _fill, _pick, big, message_html

LISTS = ("units",)  # an argument naming several figures: a tap adds one or takes it off (as the engine's pick)
SQUARE = ("col", "row")  # a grid square's column and row, both picked by one tap
WIDE = ipw.Layout(width="100%")


def _text(description: str, placeholder: str = "") -> ipw.Text:
    """Sent when the typing is done (Enter or leaving the box), not at each key."""
    return ipw.Text(description=description, placeholder=placeholder, continuous_update=False, layout=WIDE)


def _read_only(rows: int) -> ipw.Textarea:
    """Text to select and copy, not to edit: an edit is put back at once (a disabled box cannot be selected)."""
    area = ipw.Textarea(rows=rows, layout=WIDE)
    area.kept = ""  # the text it shows (set with _show_text)
    area.observe(lambda change: None if change["new"] == area.kept else setattr(area, "value", area.kept), names="value")
    return area


def _show_text(area: ipw.Textarea, text: str) -> None:
    area.kept = area.value = text


def _words(text: str, most: int = 90) -> str:
    return text if len(text) <= most else text[:most - 1].rstrip() + "…"


def free_path(folder: Path, name: str) -> Path:
    """``<name>.toml`` in ``folder``, or ``<name>-2.toml``, ``-3``...: never a file that is there already."""
    path, n = folder / f"{name}.toml", 2
    while path.exists():
        path, n = folder / f"{name}-{n}.toml", n + 1
    return path


def saved_words(text: str, name: str, folder: Path) -> str:
    """``text`` written to a new file in ``folder`` (an existing one is never overwritten), said in words."""
    path = free_path(folder, name)
    try:
        with path.open("x", encoding="utf-8") as file:  # "x": refused, not overwritten, should one appear meanwhile
            file.write(text)
    except OSError as exc:
        why = html.escape(exc.strerror or str(exc))
        return f'<span style="color:#B34700">Not saved: {html.escape(str(path))} cannot be written ({why}).</span>'
    kept = f" ({html.escape(name)}.toml is there already: kept as it was)" if path.name != f"{name}.toml" else ""
    return f"Saved as <code>{html.escape(str(path))}</code>{kept}."


class ChallengeMaker:
    """LivePlay's challenge maker: ``make_button`` (in the set-up box) begins, ``making_box`` holds the panel."""

    def _make_making(self) -> None:
        self._quiet = False  # True while the widgets are set from an answer: nothing is sent back
        self._picking: str | None = None  # the argument the next tap on the board picks
        self._making: dict | None = None  # the last answer's ``making``
        self._result: tuple | None = None  # (the challenge it was made of, its text, its link)
        self._lesson: tuple | None = None  # (its titles, its text, its link)
        self._args_for: tuple | None = None  # what the argument rows were made for
        self._arg_widgets: dict = {}  # argument name -> (its widget, its Pick on the board toggle or None, arg)
        self.make_button = _button("Make it a challenge", lambda: self.make_challenge("begin"))
        self.setup_end_row.children = (*self.setup_end_row.children, self.make_button)
        self.making_said, self.making_needs = ipw.HTML(), ipw.HTML()
        self.making_title, self.making_name = _text("Title", "Into cover!"), _text("Name", "(from the title)")
        self.making_goal = _text("Goal", "The goal in one line, as the learner reads it")
        self.making_hint = _text("Hint", "What helps, without giving it away")
        self.making_kind, self.making_test = _pick("Kind"), _pick("Test")
        self.making_action, self.making_measure = _pick("Action"), _pick("Measure")
        self.making_side, self.making_opponent = _pick("Side"), _pick("Opponent")
        self.making_limit = ipw.IntText(description="Actions allowed", style={"description_width": "initial"},
                                        layout=ipw.Layout(width="14em"))
        self.making_sections = ipw.SelectMultiple(description="Sections", rows=6, layout=WIDE)
        sends = {"title": self.making_title, "name": self.making_name, "goal_text": self.making_goal,
                 "hint": self.making_hint, "kind": self.making_kind, "test": self.making_test,
                 "action": self.making_action, "measure": self.making_measure, "side": self.making_side,
                 "opponent": self.making_opponent, "limit": self.making_limit, "sections": self.making_sections}
        for key, widget in sends.items():
            self._sends(widget, lambda value, key=key: ("set", key, list(value) if key == "sections" else value))
        self.making_args = ipw.VBox()
        row = lambda *children: ipw.HBox(list(children), layout=ipw.Layout(flex_flow="row wrap"))  # noqa: E731
        self.making_goal_row, self.making_best_row = row(self.making_test), row(self.making_action, self.making_measure)
        self.making_record = row(_button("Record the solution", lambda: self.make_challenge("record", "solution")),
                                 _button("Record the steps before the learner plays", lambda: self.make_challenge("record", "prelude")))
        self.making_stop = _button("Stop recording", lambda: self.make_challenge("stop"))
        self.making_text = _read_only(10)  # the file's text
        self.making_link, self.making_saved = ipw.HTML(), ipw.HTML()
        self.making_result = ipw.VBox([ipw.HTML("<b>The challenge</b>"), self.making_text, self.making_link, row(
            _button("Save as a file", lambda: self._save(self._result[1], self._file_name(self._result[1]))),
            _button("Add to the lesson", lambda: self.make_challenge("add"))), self.making_saved])
        self.lesson_text, self.lesson_link, self.lesson_saved = _read_only(6), ipw.HTML(), ipw.HTML()
        self.making_lesson = ipw.VBox([ipw.HTML("<b>The lesson</b>"), self.lesson_text, self.lesson_link, _button(
            "Save the lesson as a file", lambda: self._save(self._lesson[1], self._file_name(self._lesson[1], "-lesson"),
                                                            self.lesson_saved)), self.lesson_saved])
        self.making_fields = ipw.VBox([
            self.making_title, self.making_goal, self.making_hint, row(self.making_kind), self.making_goal_row,
            self.making_best_row, self.making_args, row(self.making_side, self.making_opponent, self.making_limit),
            self.making_name, ipw.HTML("The rule sections it teaches (Ctrl-click or ⌘-click picks several):"),
            self.making_sections, self.making_record, self.making_needs,
            row(_button("Check", lambda: self.make_challenge("check")),
                _button("Make the file and link", lambda: self.make_challenge("result")),
                _button("The lesson so far", lambda: self.make_challenge("lesson")))])
        self.making_box = ipw.VBox([
            ipw.HTML("<b>Making a challenge</b>"), self.making_said, self.making_stop, self.making_fields,
            self.making_result, self.making_lesson, _button("Cancel the challenge", lambda: self.make_challenge("cancel"))],
            layout=ipw.Layout(display="none", border="2px solid #1a5fb4", padding="4px 8px", margin="4px 0"))
        self.on_show.append(self._show_making)

    def make_challenge(self, edit: str, *args) -> None:
        """One step of making the challenge (the Session's ``make`` command), its answer shown."""
        self._show(self.session.make_challenge(edit, *args))

    def _sends(self, widget, step) -> None:
        """A change of ``widget`` by the reader sends ``step(value)`` (not one made while showing an answer)."""
        widget.observe(lambda change: None if self._quiet else self.make_challenge(*step(change["new"])), names="value")

    def _tapped(self, x: float, y: float, reach: float | None, confirmed: bool) -> dict:
        """Where a tap on the board goes: the argument being picked, the set-up (nothing while a challenge is made
        from it: its table is the challenge's start), or the game (the solution being recorded too)."""
        session = self.session
        if self._picking is not None and self._making is not None:
            name, self._picking = self._picking, None  # the next tap only
            return session.make_challenge("pick", name, x, y, reach)
        if session.setting_up and self._making is not None:
            return session.answer({"kind": "note", "text": "Making a challenge: press Pick on the board beside an "
                                                           "argument to pick it by a tap, or Record the solution."})
        if session.setting_up:
            return session.set_up("tap", x, y, reach)
        return session.tap(x, y, confirmed, reach)

    # -- showing the answer ------------------------------------------------------------------------------------
    def _show_making(self, answer: dict | None) -> None:
        answer = answer or {}  # None: behind the two-player curtain, nothing shown
        making = self._making = answer.get("making")
        self.making_box.layout.display = None if making else "none"
        if not making:
            self._picking = None
            return
        self.setup_box.layout.display = self.setup_button.layout.display = "none"  # the set-up is the start now
        if "challenge_text" in answer:
            self._result = (making["challenge"], answer["challenge_text"], answer["challenge_link"])
            self.making_saved.value = ""
        if "lesson_text" in answer:
            self._lesson = (making["lesson"], answer["lesson_text"], answer["lesson_link"])
            self.lesson_saved.value = ""
        self.making_said.value = message_html(answer["message"])
        recording = making["recording"]
        self.making_stop.layout.display = None if recording else "none"
        self.making_fields.layout.display = "none" if recording else None  # the board plays as in a game meanwhile
        if not recording:  # the table is the challenge's start: played on only while the solution is recorded
            self.actions.disabled = self.play_button.disabled = True
        self._quiet = True
        try:
            self._fill_fields(making)
        finally:
            self._quiet = False
        self._show_results(making, recording)

    def _fill_fields(self, making: dict) -> None:
        challenge, choices = making["challenge"], making["choices"]
        for key, widget in (("title", self.making_title), ("name", self.making_name), ("goal_text", self.making_goal),
                            ("hint", self.making_hint)):
            widget.value = challenge.get(key, "")
        kinds = {kind["name"]: kind["words"] for kind in choices["kinds"]}
        tests = {test["name"]: test for test in choices["tests"]}
        for widget, values, words, key in (
                (self.making_kind, list(kinds), kinds.get, "kind"),
                (self.making_test, list(tests), lambda t: _words(tests[t]["words"]), "test"),
                (self.making_action, choices["actions"], str, "action"),
                (self.making_measure, choices["measures"], lambda m: m.replace("_", " "), "measure"),
                (self.making_side, choices["sides"], str, "side"),
                (self.making_opponent, choices["opponents"], str, "opponent")):
            _fill(widget, values, words)
            widget.value = challenge.get(key, {"opponent": "none", "measure": choices["measures"][0]}.get(key))
        kind = challenge.get("kind")
        self.making_goal_row.layout.display = None if kind in ("reach", "sure") else "none"
        self.making_best_row.layout.display = None if kind in ("best", "sure") else "none"
        self.making_measure.layout.display = None if kind == "best" else "none"
        self.making_limit.value = challenge.get("limit", making["steps"] or 1)
        sections = [(s["title"], s["key"]) for s in choices["sections"]]
        if list(self.making_sections.options) != sections:
            self.making_sections.options = sections
        self.making_sections.value = tuple(challenge.get("sections", ()))
        test = tests.get(challenge.get("test")) if kind in ("reach", "sure") else None
        self._fill_args(test, challenge["args"], choices)
        needs = making["needs"]
        problems = making["problems"] or []
        lesson = making["lesson"]
        self.making_needs.value = "".join([
            f"<div>Still needs: {html.escape(', '.join(needs))}.</div>" if needs else "",
            f"<div>Recorded: {making['steps']} step{'s' * (making['steps'] != 1)}.</div>" if making["steps"] else "",
            f'<div style="color:#B34700">What the check found:<ul>{"".join(f"<li>{html.escape(p)}</li>" for p in problems)}'
            "</ul></div>" if problems else "<div>The check found nothing wrong.</div>" if making["problems"] == [] else "",
            f"<div>The lesson so far: {html.escape(', '.join(lesson))}.</div>" if lesson else ""])

    def _fill_args(self, test: dict | None, args: dict, choices: dict) -> None:
        """One row per argument of the goal's test (made anew for another test or table), set to ``args``."""
        made_for = (test and test["name"], tuple(choices["pieces"]), tuple(choices["terrain"]))
        if made_for != self._args_for:
            self._args_for, self._picking = made_for, None
            self._arg_widgets = {arg["name"]: self._arg_row(arg, choices) for arg in (test or {}).get("args", [])}
            words = [ipw.HTML(f"<i>{html.escape(test['words'])}</i>")] if test else []
            self.making_args.children = [*words, *(ipw.HBox([w for w in row[:2] if w is not None],
                                                             layout=ipw.Layout(flex_flow="row wrap"))
                                                    for row in self._arg_widgets.values())]
        for name, (widget, toggle, arg) in self._arg_widgets.items():
            value = args.get(name)
            if isinstance(widget, ipw.SelectMultiple):
                widget.value = tuple(v for v in value or () if v in widget.options)
            elif isinstance(widget, ipw.Dropdown):
                if value is not None and value not in [o[1] for o in widget.options]:  # a squad, picked by a tap
                    widget.options = [*widget.options, (str(value), value)]
                widget.value = value
            elif isinstance(widget, ipw.Textarea):
                widget.value = json.dumps(args) if args else ""
            elif isinstance(widget, ipw.Text):
                widget.value = "" if value is None else str(value)
            else:  # a count or a yes-no: its default until one is set
                widget.value = value if value is not None else (arg.get("default") or type(widget.value)())
            if toggle is not None:
                toggle.value = self._picking == name

    def _arg_row(self, arg: dict, choices: dict) -> tuple:
        """The widget for one argument (sent with ``make arg``) and, for a figure, a terrain piece or a square, its
        *Pick on the board* toggle: while it is on, the next tap on the board picks it (``make pick``)."""
        name, picks = arg["name"], arg["picks"]
        if picks in ("piece", "terrain"):
            values = choices["pieces" if picks == "piece" else "terrain"]
            if name in LISTS:
                widget = ipw.SelectMultiple(options=values, description=name, rows=min(6, max(2, len(values))))
                self._sends(widget, lambda value: ("arg", name, list(value) or None))
            else:
                widget = _pick(name)
                widget.options = [("(none)", None), *((v, v) for v in values)]
                self._sends(widget, lambda value: ("arg", name, value))
        elif picks == "count":
            widget = ipw.IntText(description=name, layout=ipw.Layout(width="12em"))
            self._sends(widget, lambda value: ("arg", name, value))
        elif picks == "yes-no":
            widget = ipw.Checkbox(description=name, indent=False, layout=ipw.Layout(width="auto"))
            self._sends(widget, lambda value: ("arg", name, value))
        elif picks == "tests":  # other tests with their arguments, as JSON: {"defeated": {"unit": "tan-1"}}
            widget = ipw.Textarea(description="tests", placeholder='{"defeated": {"unit": "tan-1"}}', layout=WIDE,
                                  continuous_update=False)
            widget.observe(lambda change: None if self._quiet else self._send_tests(change["new"]), names="value")
        else:
            widget = _text(name)
            self._sends(widget, lambda value: ("arg", name, value.strip() or None))
        toggle = None
        if picks in ("piece", "terrain") or name in SQUARE:
            toggle = ipw.ToggleButton(description="Pick on the board", icon="hand-pointer-o", layout=big())
            toggle.observe(lambda change: self._toggle_pick(name, change["new"]), names="value")
        return widget, toggle, arg

    def _toggle_pick(self, name: str, on: bool) -> None:
        if self._quiet:
            return
        self._picking = name if on else (None if self._picking == name else self._picking)
        self._quiet = True
        try:  # one argument picked at a time
            for other, (_, toggle, _) in self._arg_widgets.items():
                if toggle is not None:
                    toggle.value = other == self._picking
        finally:
            self._quiet = False
        if on:
            self.making_said.value = f"Tap the board to pick the goal's {html.escape(name)}."

    def _send_tests(self, text: str) -> None:
        try:
            table = json.loads(text) if text.strip() else {}
        except json.JSONDecodeError as exc:
            self._show(self.session.answer({"kind": "refused", "text": "Not set: write the tests as JSON, as "
                                            f'{{"defeated": {{"unit": "tan-1"}}}} ({exc.msg} at character {exc.pos}).'}))
            return
        self.make_challenge("args", table)

    def _show_results(self, making: dict, recording: bool) -> None:
        """The challenge's text, link and file while it is what was made (any change since hides them), and the
        lesson's while it has the challenges it was made of."""
        result = self._result if self._result and self._result[0] == making["challenge"] and not recording else None
        self.making_result.layout.display = None if result else "none"
        if result:
            _show_text(self.making_text, result[1])
            self.making_link.value = self._link_html(result[2], "The challenge's link")
        lesson = self._lesson if self._lesson and self._lesson[0] == making["lesson"] and not recording else None
        self.making_lesson.layout.display = None if lesson else "none"
        if lesson:
            _show_text(self.lesson_text, lesson[1])
            self.lesson_link.value = self._link_html(lesson[2], "The lesson's link")

    def _link_html(self, link: str, words: str) -> str:
        """The link to the ruleset's Practice page on the site, carrying the text (``#challenges=c1...``)."""
        ruleset = self.session.ruleset.name
        page = "practice.html" if self.links.here == ruleset else f"../{ruleset}/practice.html"
        return (f'<a href="{html.escape(page)}#challenges={html.escape(link)}" target="_blank" rel="noopener" '
                f'style="{LAB_LINK_STYLE}">{html.escape(words)}</a> opens it on the site\'s Practice page '
                f"({len(link):,} characters); in JupyterLab <code>Practice(game, file=...)</code> plays the file.")

    @staticmethod
    def _file_name(text: str, suffix: str = "") -> str:
        """The file's name: the (first) challenge's own name, which a link carries too."""
        return tomllib.loads(text)["challenge"][0]["name"] + suffix

    def _save(self, text: str, name: str, said: ipw.HTML | None = None) -> None:
        """``text`` as ``<name>.toml`` in the notebook's folder (the kernel's), never over a file already there."""
        (said or self.making_saved).value = saved_words(text, name, Path.cwd())
