"""The end of a live game in JupyterLab: a banner over the board saying who won and why, with the Session's offers
(play again, swap sides, a stronger bot) as buttons, then *Replay the game* and *See the board* as on the page. A part of :class:`widgets.live.LivePlay`; the page's banner is
sitebuild/static/js/live-play/banner.js."""

from __future__ import annotations

import html

import ipywidgets as ipw


class EndBanner:
    """LivePlay's end-of-game banner (``banner_box``, above the board in Lab)."""

    def _make_banner(self) -> None:
        self.banner = ipw.HTML()  # the end of the game: You won / You lost / Draw, and why
        self.banner.add_class("tsr-live-banner")
        self.banner_buttons = ipw.HBox(layout=ipw.Layout(flex_flow="row wrap"))
        self.banner_box = ipw.VBox([self.banner, self.banner_buttons], layout=ipw.Layout(
            display="none", border="3px solid #1A1A1A", padding="4px 10px", margin="0 0 6px 0"))
        self.offer_buttons: dict[str, ipw.Button] = {}

    def _show_banner(self, outcome: dict | None) -> None:
        """Over the board at the end: the result and why, and the Session's offers (:meth:`Session._offers`)."""
        self.offer_buttons = {}
        if outcome is None:
            self.banner_box.layout.display = "none"
            self.banner.value, self.banner_buttons.children = "", ()
            return
        self.banner.value = (f'<div style="font-size:1.6em;font-weight:bold">{html.escape(outcome["headline"])}</div>'
                             f'<div>{html.escape(outcome["why"])}</div>')
        for offer in outcome["offers"]:
            button = ipw.Button(description=offer["text"], button_style="primary" if offer["do"] == "again" else "",
                                layout=ipw.Layout(width="auto"))
            button.on_click(lambda _, offer=offer: self.offer(offer))
            self.offer_buttons[offer["do"]] = button
        replay = ipw.Button(description="Replay the game", icon="play", layout=ipw.Layout(width="auto"),
                            tooltip="The whole game again from the start, playing itself")
        replay.on_click(lambda _: self.replay())
        close = ipw.Button(description="See the board", icon="eye", layout=ipw.Layout(width="auto"),
                           tooltip="Close this banner and look at the board as the game ended")
        close.on_click(lambda _: self._close_banner())
        self.offer_buttons.update(replay=replay, close=close)
        self.banner_buttons.children = tuple(self.offer_buttons.values())
        self.banner_box.layout.display = None

    def _close_banner(self) -> None:
        self.banner_box.layout.display = "none"

    def offer(self, offer: dict) -> None:
        """What an end-of-game button does: play again, swap sides, or a new game against a stronger bot."""
        if offer["do"] == "swap":
            self.saved.value = ""
            self._looked = None
            self.show_game(self.session.swap())
            return
        if offer["do"] == "stronger":
            self.set_bot(offer["bot"])
        self.new_game(scenario=self.session.scenario, side=self.session.human)
