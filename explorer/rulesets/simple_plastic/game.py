"""The Simple Plastic Wargame's turn as a game state: the core's contract, wired to the chapter modules.

A turn is one side's move phase, then its attack phase; then the other side
takes a turn. The rules live by book chapter: :mod:`.moving`, :mod:`.attacking`
and :mod:`.turn`, on top of :mod:`.position` (figures, the position, its checks
and its dict form). The :class:`~explorer.core.Game`'s setup is the
:class:`~explorer.core.tabletop.Table` (it never changes); the
:class:`Position` is the rest, frozen. Figures stay in the position after
they die (``alive=False``), so the book can show where they fell.
"""

from __future__ import annotations

from operator import attrgetter

from explorer.core import Action, Dist, Explained, GameState, Reason, RuleViolation
from explorer.core import tabletop as tt
from explorer.core.ruletable import Phase, Rule, RuleTable
from explorer.core.tabletop import LineOfSight, Terrain
from explorer.core.tabletop.figures import TabletopState

from . import position as position_module, turn
from .actions import Attack, EndPhase, MoveFigure, MoveSquad
from .attacking import attack_chance, do_attack, kill_distribution, plan_attack, sight, to_kill
from .moving import do_move, move_allowance, plan_move
from .position import (
    Board, in_play,
)
from .sections import SECTIONS, ref


def _checked(plan):
    """A rule's check from its plan: the refusal the plan raises, or ``None``."""
    def check(state, act) -> RuleViolation | None:
        try:
            plan(state, act)
        except RuleViolation as violation:
            return violation
        return None
    return check


RULES = RuleTable(
    SECTIONS,
    {MoveSquad: Rule(_checked(plan_move), do_move),
     MoveFigure: Rule(_checked(plan_move), do_move),
     Attack: Rule(_checked(plan_attack), do_attack, chance=attack_chance),
     EndPhase: Rule(turn.check_end_phase, turn.do_end_phase)},
    phases={"move": Phase("turn", (MoveSquad, MoveFigure, EndPhase), legal=turn.legal_in_move_phase,
                          refusal="it is the move phase; attacks come after moving (end the move phase first)"),
            "attack": Phase("turn", (Attack, EndPhase), legal=turn.legal_in_attack_phase,
                            refusal="it is the attack phase; moves come before attacking")},
    phase_of=attrgetter("position.phase"),  # (a getter made in C: asked at every listing, as SimplePlasticState.phase)
)


_TURNS_KEPT = 3  # this turn, and the one before and after it (a bot's look-ahead)


class SimplePlasticState(TabletopState, GameState):
    """A game of the Simple Plastic Wargame in progress.

    ``game.setup`` is the :class:`Table`; ``position`` a :class:`Position`.
    The state is itself a *board* for the rule modules (``figures``, ``table``,
    ``settings``).
    """

    rules = RULES
    saves = position_module
    terrain_optional = True  # a save may leave out the terrain: an empty table
    from .sampling import action_space  # a random legal action without listing them all (explorer.core.sampling)

    # -- what the widgets and the book read ----------------------------------------------------
    @property
    def terrain(self) -> tuple[Terrain, ...]:
        return self.table.terrain

    # (getters made in C: the rules read these at every listing)
    phase = property(attrgetter("position.phase"), doc="The phase now: ``\"move\"`` or ``\"attack\"``.")
    moved_units = property(attrgetter("position.moved_units"), doc="The units that have moved this turn.")

    @property
    def attacks_used(self) -> dict[str, int]:
        return dict(self.position.attacks_used)

    @property
    def squads(self) -> dict[str, tuple[str, ...]]:
        """Each squad's living members, by id."""
        squads: dict[str, list[str]] = {}
        for f in in_play(self):
            if f.squad:
                squads.setdefault(f.squad, []).append(f.id)
        return {name: tuple(ids) for name, ids in squads.items()}

    @property
    def kept(self) -> dict:
        """Answers kept between the positions of a turn (shared by clones), each under a key holding everything
        it depends on besides the table and the settings, which a game never changes: so none can go stale.

        Kept by turn, the last few turns only: nearly every answer is asked again within its turn (a unit's menu
        after another unit moved, the attacks after an attack), hardly ever later (everyone has moved since).
        Kept for the whole game, they piled up for the garbage collector to walk again and again (a menu is
        some sixty objects); a bot looking ahead into the next turn finds this one's still there."""
        position, now = self.position, self.__dict__.get("_kept_now")
        if now is not None and now[0] == position.round and now[1] == position.side and len(now[2]) <= 100_000:
            return now[2]  # the turn's answers, found once a turn (a position lasts one action, a turn a dozen)
        turns = self.__dict__.get("_kept")
        if turns is None:
            turns = self._kept = {}
        turn = (position.round, position.side)
        kept = turns.get(turn)
        if kept is None or len(kept) > 100_000:  # a bound on memory; answers are only worked out again
            if len(turns) >= _TURNS_KEPT:
                del turns[next(iter(turns))]  # the oldest turn asked about
            kept = turns[turn] = {}
        self._kept_now = (*turn, kept)
        return kept

    def board(self) -> Board:
        """A frozen copy of the position, for "what if" questions."""
        return Board.of(self)

    def line_of_sight(self, attacker: str, target: str) -> LineOfSight:
        return sight(self, self.figures[attacker], self.figures[target])

    def to_kill(self, attacker: str, target: str) -> Explained[int | None]:
        return to_kill(self, attacker, target)

    def kill_distribution(self, attacker: str, target: str, *, attacks: int | None = None) -> Dist:
        return kill_distribution(self, attacker, target, attacks=attacks)

    def move_allowance(self, figure_id: str) -> Explained[float]:
        figure = self.figures[figure_id]
        if figure.unit in self.moved_units:
            name = figure.unit.removeprefix("squad:")
            return Explained(0.0, (Reason(ref("moving.span"), f"{name} has already moved this turn"),))
        return move_allowance(self, figure_id)

    def attack_odds(self, attack: Attack) -> Dist:
        """Exact distribution of the number of kills of a legal attack (raises if illegal)."""
        return self.chance(attack)

    # -- in words ------------------------------------------------------------------------------------
    def describe(self, act: Action, viewer: str | None = None) -> str:
        """An action in words, for menus and logs (nothing is hidden, so the same for every ``viewer``)."""
        if isinstance(act, MoveSquad):
            if isinstance(act.to, tuple) and len(act.to) == 2 and all(isinstance(c, float | int) for c in act.to):
                if act.leader in self.figures and tt.distance(self.figures[act.leader].position, act.to) <= tt.EPSILON:
                    return f"squad {act.squad} closes its gaps on {act.leader}"
                return f"squad {act.squad} moves, led by {act.leader}, to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        elif isinstance(act, MoveFigure):
            if isinstance(act.to, tuple) and len(act.to) == 2 and all(isinstance(c, float | int) for c in act.to):
                return f"{act.figure} moves to ({act.to[0]:.1f}, {act.to[1]:.1f})"
        elif isinstance(act, Attack):
            return f"{act.attacker} attacks {act.target}"
        elif isinstance(act, EndPhase):
            return f"{act.player} ends the {self.phase if act.player == self.side else ''} phase".replace("  ", " ")
        return repr(act)

    def __repr__(self) -> str:
        alive = self._standing()
        head = f"<SimplePlasticState round {self.round}, "
        head += "over" if self.is_over else f"{self.side} {self.phase}s"
        return head + "; " + ", ".join(f"{s}: {n} figures" for s, n in alive.items()) + ">"
