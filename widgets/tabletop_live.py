"""Live play of a tabletop ruleset in JupyterLab: the engine's menu, and pickers to try anything.

A thin layer over :class:`widgets.live.LivePlay` (which owns the game flow,
the Session): the menu offers only the engine's legal actions, and two
free-form pickers (one figure at another; a figure some inches in a
direction) let a player try anything. The engine refuses what the rules
forbid, says which rule, and leaves the game exactly as it was. A ruleset
says only how a picked pair and a picked move become its actions.
"""

from __future__ import annotations

from explorer.core import tabletop as tt


class TabletopLive:
    """Play the side ``human`` against ``bots`` (side -> bot) on ``board``.

    Subclasses give :meth:`target_action` and :meth:`move_action`, and may
    rename the pickers (``words``: the first figure, the target, the mover,
    the two buttons).
    """

    words = ("Attacker", "Target", "Unit", "Try this attack", "Try this move")
    max_inches = 8.0

    def __init__(self, state, board, bots: dict, *, links, human: str, bot_seed: int = 1, **live_options):
        import ipywidgets as ipw

        from .live import LivePlay

        self.live = LivePlay(state, board, bots, links=links, bot_seed=bot_seed, **live_options)
        first, target, mover, try_target, try_move = self.words
        auto = ipw.Layout(width="auto")
        self.picker = ipw.Dropdown(description=first, layout=auto)
        self.target = ipw.Dropdown(description=target, layout=auto)
        self.target_button = ipw.Button(description=try_target)
        self.mover = ipw.Dropdown(description=mover, layout=auto)
        self._list_figures()
        self.live.on_show.append(lambda _: self._list_figures())  # a New game of another scenario: its figures
        self.direction = ipw.Dropdown(options=list(tt.COMPASS), value="E", description="Direction", layout=auto)
        self.inches = ipw.FloatSlider(value=4.0, min=0.0, max=self.max_inches, step=0.5, description="Inches")
        self.move_button = ipw.Button(description=try_move)
        self.target_button.on_click(lambda _: self.try_target(self.picker.value, self.target.value))
        self.move_button.on_click(lambda _: self.try_move(self.mover.value, self.direction.value, self.inches.value))

    def _list_figures(self) -> None:
        """The pickers list the game's figures (another scenario has others): your own first picked, an enemy
        as the target; kept as they are while the game's figures are the same."""
        state = self.live.state
        ids = sorted(state.figures)
        if list(self.picker.options) == ids:
            return
        own = [fid for fid in ids if state.figures[fid].side == self.human] or ids
        enemies = [fid for fid in ids if state.figures[fid].side != self.human] or ids
        for picker, first in ((self.picker, own[0]), (self.target, enemies[0]), (self.mover, own[0])):
            picker.options = ids
            picker.value = first

    # -- what a ruleset says ---------------------------------------------------------------------
    def target_action(self, figure_id: str, target: str):
        raise NotImplementedError

    def move_action(self, figure_id: str, direction: str, inches: float):
        raise NotImplementedError

    def step(self, figure_id: str, direction: str, inches: float) -> tuple[float, float]:
        """The point ``inches`` from the figure toward a compass ``direction``, to a thousandth of an inch."""
        to = tt.step(self.state.figures[figure_id].position, tt.COMPASS[direction], inches)
        return (round(to[0], 3), round(to[1], 3))

    # -- playing ------------------------------------------------------------------------------------
    @property
    def human(self) -> str:
        """The side played here (New game may change it)."""
        return self.live.viewer

    @property
    def state(self):
        return self.live.state

    @property
    def message(self) -> str:
        return self.live.status.value

    def play(self, act) -> None:
        """Play an action as the human; a refusal is shown, and nothing changes."""
        self.live.play(act)

    def try_target(self, figure_id: str, target: str) -> None:
        self.play(self.target_action(figure_id, target))

    def try_move(self, figure_id: str, direction: str, inches: float) -> None:
        self.play(self.move_action(figure_id, direction, inches))

    def undo(self) -> None:
        self.live.undo()

    def widget(self):
        """The shared live-play control (widgets.live.LivePlay.widget) with the try-anything pickers."""
        import ipywidgets as ipw

        wrap = ipw.Layout(flex_flow="row wrap")
        return self.live.widget(extra=(
            ipw.HTML("<b>Try anything</b> (the engine says which rule forbids it):"),
            ipw.HBox([self.picker, self.target, self.target_button], layout=wrap),
            ipw.HBox([self.mover, self.direction, self.inches, self.move_button], layout=wrap),
        ))


def live_game(ruleset: str, scenario: str | None = None, *, seed: int = 0, human: str | None = None,
              bot: str = "greedy", bot_seed: int = 1):
    """A live game of any tabletop ruleset, drawn in its board module's look, against its bot ``bot``: the
    engine's menu, taps on the board, undo, save and load, and on the site a "Play here" that starts the same
    game in the page. What a new ruleset's full-game page shows with no widget code of its own::

        from widgets.live import kept
        from widgets.tabletop_live import live_game
        game = kept(live_game, "my_ruleset", human="green")  # the game in progress, kept across a re-run
        game.widget()
    """
    from boards import family
    from explorer.core.registry import get_ruleset
    from explorer.core.session import make_bot

    from .links import RuleLinks
    from .live import LivePlay
    from .tabletop_board import board_class

    rules = get_ruleset(ruleset)
    state = rules.new_game(scenario, seed=seed)
    human = human or state.sides[0]
    bots = {side: make_bot(rules, bot, bot_seed) for side in state.sides if side != human}
    return LivePlay(state, board_class(family.look(ruleset).LOOK)(), bots, links=RuleLinks(ruleset), bot=bot,
                    bot_seed=bot_seed)
