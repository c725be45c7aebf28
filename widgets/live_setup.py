"""*Set up the table* in JupyterLab: the live board as an editor, as on the page (its editor is
sitebuild/static/js/live-play/setup.js). One button opens it; every edit is the Session's ``setup`` command
(explorer/core/session/setting.py), checked by the engine and refused in words; taps on the board pick a piece and
move it, or place what is being added; a terrain piece is moved, sized (width and depth, inches) and turned. A part
of :class:`widgets.live.LivePlay`."""

from __future__ import annotations

import html

import ipywidgets as ipw

TURN_DEGREES = 45  # "Turn it": an eighth of a turn a press, anticlockwise (as on the page: live-play/setup.js says why)
FIELD_WORDS = {"prone": {True: "Lie down", False: "Stand up"},  # a piece's field in plain words, where it has some
               "status": {"ok": "Unhurt", "stunned": "Stunned", "dazed": "Dazed"}}


def big() -> ipw.Layout:
    """A finger's target on a touch screen or a projector's pointer: a layout of its own for each button (one
    shared would hide them all when one is hidden)."""
    return ipw.Layout(width="auto", min_height="44px")


def _button(words: str, do) -> ipw.Button:
    button = ipw.Button(description=words, layout=big())
    button.on_click(lambda _: do())
    return button


def _pick(description: str) -> ipw.Dropdown:
    return ipw.Dropdown(description=description, layout=ipw.Layout(width="auto"))


def _inches(description: str) -> ipw.FloatText:
    """A terrain piece's size in inches, as tall as a finger's target."""
    return ipw.FloatText(description=description, step=0.1, style={"description_width": "initial"},
                         layout=ipw.Layout(width="12em", min_height="44px"))


def message_html(message: dict | None) -> str:
    """The Session's message in words, a refusal in the warning colour."""
    if not message:
        return ""
    colour = "" if message["kind"] == "note" else ' style="color:#B34700"'
    return f"<span{colour}>{html.escape(message['text'])}</span>"


def _fill(dropdown: ipw.Dropdown, values, words=lambda v: str(v).replace("_", " ")) -> None:
    kept = dropdown.value
    options = [(words(v), v) for v in values]
    if [o[1] for o in dropdown.options] != [o[1] for o in options]:
        dropdown.options = options
    if values:  # the choice kept where it is still offered, else the first (a new list picks nothing by itself)
        dropdown.value = kept if kept in values else values[0]


class SetupEditor:
    """LivePlay's set-up editor: ``setup_button`` opens it, ``setup_box`` holds it."""

    def _make_setup(self) -> None:
        self.setup_button = _button("Set up the table", lambda: self.set_up("begin"))
        self.setup_said, self.setup_picked = ipw.HTML(), ipw.HTML()
        self.setup_fields = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.setup_kind, self.setup_side = _pick("Add"), _pick("for")
        self.setup_terrain_kind, self.setup_terrain = _pick("Terrain"), _pick("On the table")
        self.setup_square, self.setup_turn_side, self.setup_phase = _pick("Square"), _pick("Turn"), _pick("Part")
        self.setup_from, self.setup_card, self.setup_to = _pick("From"), _pick("Card"), _pick("To")
        self.setup_from.observe(lambda _: self._setup_cards(), names="value")
        self.setup_stop = _button("Stop placing", lambda: self.set_up("mode", "none"))
        self.setup_remove = _button("Remove", lambda: self.set_up("remove"))
        row = lambda *children: ipw.HBox(list(children), layout=ipw.Layout(flex_flow="row wrap"))  # noqa: E731
        terrain = lambda: self.setup_terrain.value  # noqa: E731 (the terrain piece picked in the list)
        self.setup_width, self.setup_depth = _inches("Width (inches)"), _inches("Depth (inches)")
        self.setup_terrain.observe(lambda _: self._setup_size(), names="value")
        self.setup_terrain_row = row(
            self.setup_terrain_kind, _button("Add terrain", lambda: self.set_up("mode", "terrain", self.setup_terrain_kind.value)),
            self.setup_terrain, _button("Move it", lambda: self.set_up("mode", "move_terrain", terrain())),
            _button("Remove it", lambda: self.set_up("remove_terrain", terrain())))
        self.setup_shape_row = row(  # wider or narrower, deeper or shallower (along the piece and across it), turned
            self.setup_width, self.setup_depth,
            _button("Set its size", lambda: self.set_up("reshape_terrain", terrain(), self.setup_width.value,
                                                        self.setup_depth.value)),
            _button(f"Turn it {TURN_DEGREES}°", lambda: self.set_up("turn_terrain", terrain(), TURN_DEGREES)))
        self.setup_square_row = row(self.setup_square, _button("Change squares", lambda: self.set_up(
            "mode", "square", self.setup_square.value)))
        self.setup_card_row = row(self.setup_from, self.setup_card, self.setup_to, _button(
            "Move card", lambda: self.set_up("card", self.setup_card.value, self.setup_from.value, self.setup_to.value)))
        self.setup_end_row = row(_button("Done: play from here", lambda: self.set_up("done")),
                                 _button("Cancel", lambda: self.set_up("cancel")))  # (and Make it a challenge: live_make.py)
        self.setup_box = ipw.VBox([
            ipw.HTML("<b>Setting up the table</b>"), self.setup_said, row(self.setup_picked, self.setup_remove),
            self.setup_fields,
            row(self.setup_kind, self.setup_side, _button("Add", lambda: self.set_up(
                "mode", "add", self.setup_kind.value, self.setup_side.value)), self.setup_stop),
            self.setup_terrain_row, self.setup_shape_row, self.setup_square_row,
            row(self.setup_turn_side, self.setup_phase, _button("Set whose turn", lambda: self.set_up(
                "turn", self.setup_turn_side.value, *([self.setup_phase.value] if self.setup_phase.value else [])))),
            self.setup_card_row, self.setup_end_row],
            layout=ipw.Layout(display="none", border="2px solid #2a6f3a", padding="4px 8px", margin="4px 0"))
        self.on_show.append(self._show_setup)

    def set_up(self, edit: str, *args) -> None:
        """One edit of the set-up (the Session's ``setup`` command), its answer shown."""
        self._show(self.session.set_up(edit, *args))

    def _show_setup(self, answer: dict | None) -> None:
        answer = answer or {}  # None: behind the two-player curtain, nothing of the table shown
        setup = answer.get("setup")
        self.setup_box.layout.display = None if setup else "none"
        self.setup_button.layout.display = "none" if setup or answer.get("challenge") else None
        if not setup:
            return
        self.setup_said.value = message_html(answer["message"])
        picked = setup["picked"]
        self.setup_picked.value = (f"Picked: {html.escape(picked['id'])} ({html.escape(picked['kind'])}). Tap a spot to "
                                   "move it." if picked else "Tap a piece to pick it." if setup["mode"][0] == "none" else "")
        self.setup_remove.layout.display = None if picked else "none"
        self.setup_fields.children = [
            _button(FIELD_WORDS.get(name, {}).get(value, f"{name.replace('_', ' ')} {value}"),
                    lambda name=name, value=value: self.set_up("set", name, value))
            for name, values in (setup["fields"].items() if picked else ()) for value in values if value != picked[name]]
        _fill(self.setup_kind, setup["kinds"], str)
        _fill(self.setup_side, setup["sides"], str)
        _fill(self.setup_turn_side, setup["sides"], str)
        self.setup_turn_side.value = setup["side"]
        _fill(self.setup_phase, ["", *setup["phases"]], lambda v: v.replace("_", " ") if v else "as it is")
        self.setup_phase.layout.display = None if setup["phases"] else "none"
        self.setup_stop.layout.display = "none" if setup["mode"][0] == "none" else None
        self.setup_terrain_row.layout.display = None if setup["tabletop"] else "none"
        self.setup_square_row.layout.display = "none" if setup["tabletop"] else None
        _fill(self.setup_terrain_kind, setup["terrain_kinds"])
        _fill(self.setup_terrain, setup["terrain"], str)
        self.setup_shape_row.layout.display = None if setup["tabletop"] and setup["terrain"] else "none"
        self._setup_size()
        _fill(self.setup_square, [*setup["terrain_kinds"], "open"])
        self.setup_card_row.layout.display = None if setup["piles"] else "none"
        _fill(self.setup_from, list(setup["piles"]), str)
        _fill(self.setup_to, list(setup["piles"]), str)
        self._setup_cards()

    def _setup_size(self) -> None:
        """The width and depth of the terrain piece chosen in the list, as the engine measures them."""
        setup = self.session.setup_answer()
        size = setup and setup["terrain_sizes"].get(self.setup_terrain.value)
        if size:
            self.setup_width.value, self.setup_depth.value = size

    def _setup_cards(self) -> None:
        setup = self.session.setup_answer()
        if setup is not None:
            _fill(self.setup_card, setup["piles"].get(self.setup_from.value, []), str)
