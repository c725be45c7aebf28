"""The game state of Dice Tactics: the core's contract, wired to the checks and dos of :mod:`.rules`."""

from __future__ import annotations

from collections.abc import Iterator

from explorer.core import GameState, Outcome, Termination
from explorer.core.grid import DIRECTIONS

from . import rules, saves
from .actions import (
    Attack, Bolster, ChooseEdge, Claim, Discard, EndMarch, EndTurn, Hire, IgnoreCard, Keep, March, Move, PlayCard,
    Prep, Push, Relocate, Respawn, Rest, Shoot, Upgrade, describe,
)
from .data import BALLISTA, CARDS, START_TARGET, TOWER, VILLAGE
from .mechanics import target_die
from .position import (
    END, MAIN, SETUP, START, ClaimChoice, DiscardChoice, DraftPick, EdgeChoice, PushChoice, RespawnChoice, count,
    event,
)
from .view import PlayerView

_RULES = {
    ChooseEdge: (rules.check_choose_edge, rules.do_choose_edge),
    Keep: (rules.check_keep, rules.do_keep),
    PlayCard: (rules.check_play_card, rules.do_play_card),
    IgnoreCard: (rules.check_ignore_card, rules.do_ignore_card),
    Shoot: (rules.check_shoot, rules.do_shoot),
    March: (rules.check_march, rules.do_march),
    Move: (rules.check_move, rules.do_move),
    EndMarch: (rules.check_end_march, rules.do_end_march),
    Attack: (rules.check_attack, rules.do_attack),
    Bolster: (rules.check_bolster, rules.do_bolster),
    Respawn: (rules.check_respawn, rules.do_respawn),
    Claim: (rules.check_claim, rules.do_claim),
    Push: (rules.check_push, rules.do_push),
    Discard: (rules.check_discard, rules.do_discard),
    Rest: (rules.check_rest, rules.do_rest),
    Hire: (rules.check_hire, rules.do_hire),
    Prep: (rules.check_prep, rules.do_prep),
    Upgrade: (rules.check_upgrade, rules.do_upgrade),
    Relocate: (rules.check_relocate, rules.do_relocate),
    EndTurn: (rules.check_end_turn, rules.do_end_turn),
}
_ANSWERS = {EdgeChoice: ChooseEdge, DraftPick: Keep, RespawnChoice: Respawn, ClaimChoice: Claim,
            PushChoice: Push, DiscardChoice: Discard}
_MOVING = (Move, EndMarch)
_START_ONLY = (PlayCard, IgnoreCard, Shoot)
_ACTIONS = (March, Attack, Bolster, EndTurn)
_END = (Rest, Hire, Prep, Upgrade, Relocate, EndTurn)


class DiceTacticsState(GameState):
    """A game in progress: ``game.setup`` holds the board, ``position`` everything that changes."""

    # -- the contract -----------------------------------------------------------------------------------
    def _check(self, act):
        p = self.position
        kind = type(act)
        if p.pending is not None:
            answer = _ANSWERS[type(p.pending)]
            if kind is not answer:
                return rules.no(f"{p.pending.player} must first {p.pending.prompt}", p.pending.rule)
        elif kind in _ANSWERS.values():
            return _RULES[kind][0](self, act)  # refuses: nothing is waiting for that answer
        elif p.moving is not None:
            if kind not in _MOVING:
                return rules.no("finish moving first (or stop moving)", "moving")
        elif p.phase == END and kind not in _END:
            return rules.no("only terrain actions are left at the end of the turn", "turn.end")
        elif p.phase == MAIN and kind in _START_ONLY:
            return rules.no("action cards and the ballista are used at the start of the turn, before any action",
                            "turn.start")
        return _RULES[kind][0](self, act)

    def _do(self, act):
        p, events = _RULES[type(act)][1](self, act)
        return rules.settle(self, p, events), events

    def _standing(self) -> dict[str, int]:
        return {side: len(self.position.in_play(side)) for side in self.sides}

    def _outcome(self) -> Outcome | None:
        p = self.position
        goal = self.settings.victory_points
        for side in self.sides:
            if p.vp[side] >= goal:
                return Outcome(side, f"{side} reaches {p.vp[side]} VP, of the {goal} needed to win", Termination.OBJECTIVE)
        if p.phase != SETUP:
            for side in self.sides:
                if not any(u.side == side for u in p.units.values()) and p.supply[side].squads <= 0:
                    return Outcome(self.other(side), f"{side} has no unit in play and no squad in the supply to "
                                   "bolster with", Termination.FORFEIT)
        if p.finished:
            return self._on_points("the Operation Track has run out", Termination.OBJECTIVE)
        limit = self.settings.max_rounds
        if limit is not None and p.round > limit:
            return self._on_points(f"after {count(limit, 'round')}", Termination.ROUND_LIMIT)
        return None

    def _on_points(self, why: str, kind) -> Outcome:
        a, b = self.sides
        vp = self.position.vp
        if vp[a] == vp[b]:
            return Outcome(None, f"{why} with both sides on {vp[a]} VP", kind)
        winner = a if vp[a] > vp[b] else b
        return Outcome(winner, f"{why}: {winner} has more VP ({vp[a]} to {vp[b]})", kind)

    @classmethod
    def _position_problem(cls, game, position):
        return saves.position_problem(game, position)

    @classmethod
    def _setup_to_dict(cls, setup):
        return saves.setup_to_dict(setup)

    @classmethod
    def _setup_from_dict(cls, data):
        return saves.setup_from_dict(data)

    @classmethod
    def _position_to_dict(cls, position):
        return saves.position_to_dict(position)

    @classmethod
    def _position_from_dict(cls, game, data):
        return saves.position_from_dict(game, data)

    def describe(self, act, viewer: str | None = None) -> str:
        return describe(act, hide_cards=viewer != getattr(act, "player", None))

    # -- reading ------------------------------------------------------------------------------------------
    @property
    def setup(self):
        return self.game.setup

    @property
    def units(self):
        return self.position.units

    @property
    def phase(self) -> str:
        return self.position.phase

    def target(self, p=None) -> int:
        """The Target die: the VP for holding the Target Zone at the end of a turn."""
        p = self.position if p is None else p
        return target_die(p.marker, self.settings.target_step, START_TARGET)

    def at(self, position) -> DiceTacticsState:
        """A throw-away state at ``position`` (to ask the checks about a position being built)."""
        probe = object.__new__(type(self))
        probe.__dict__.update(self.__dict__)
        probe.position, probe._outcome_of = position, (None, None)
        return probe

    def end_options(self, position) -> bool:
        """Whether any terrain action is possible at the end of the turn in ``position``."""
        probe = self.at(position)
        return any(not isinstance(a, EndTurn) for a in probe._end_actions())

    # -- legal actions --------------------------------------------------------------------------------------
    def _legal_actions(self) -> Iterator:
        for act in self._candidates():
            if self._check(act) is None:
                yield act

    def _end_actions(self):
        return (a for a in self._end_candidates(self.position.side) if self._check(a) is None)

    def _candidates(self):
        p = self.position
        me = self.current_player
        pending = p.pending
        if isinstance(pending, EdgeChoice):
            yield from (ChooseEdge(me, edge) for edge in sorted(self.setup.spawns))
        elif isinstance(pending, DraftPick):
            yield from (Keep(me, c) for c in dict.fromkeys(p.draft.get(me, ())))
        elif isinstance(pending, RespawnChoice):
            unit = p.units[pending.unit]
            yield from (Respawn(me, unit.id, s) for s in rules.spawn_points(self, p, unit))
        elif isinstance(pending, ClaimChoice):
            yield from (Claim(me, c) for c in rules.CLAIMS)
        elif isinstance(pending, PushChoice):
            yield from (Push(me, s) for s in rules.push_squares(self, p, p.units[pending.unit]))
        elif isinstance(pending, DiscardChoice):
            yield from (Discard(me, c) for c in dict.fromkeys(p.hands[me]))
        elif p.moving is not None:
            movers = [p.units[p.moving.unit]] if p.moving.unit else p.in_play(me)
            for unit in movers:
                for direction in DIRECTIONS:
                    yield Move(me, unit.id, direction)
            yield EndMarch(me)
        elif p.phase in (START, MAIN):
            mine, theirs = p.in_play(me), p.in_play(self.other(me))
            if p.phase == START and not p.card_played:
                for card in dict.fromkeys(p.hands[me]):
                    kind = CARDS[card]
                    if kind.target == "own":
                        yield from (PlayCard(me, card, u.id) for u in mine)
                    elif kind.target == "enemy":
                        yield from (PlayCard(me, card, u.id, n) for u in theirs for n in (1, 2))
                    else:
                        yield PlayCard(me, card)
                    yield IgnoreCard(me, card)
            if p.phase == START:
                for unit in mine:
                    if self.setup.kind(unit.square) == BALLISTA:
                        yield from (Shoot(me, unit.id, e.id) for e in theirs)
            yield March(me)
            for unit in mine:
                yield from (Attack(me, unit.id, e.id) for e in theirs)
            yield Bolster(me)
            if self.settings.bolster == "choose":
                yield from (Bolster(me, n) for n in range(1, len(rules.bolster_spots(self, p, me))))
            yield EndTurn(me)
        elif p.phase == END:
            yield from self._end_candidates(me)

    def _end_candidates(self, me):
        p = self.position
        mine = p.in_play(me)
        for unit in mine:
            kind = self.setup.kind(unit.square)
            if kind == VILLAGE:
                yield Rest(me, unit.id)
                yield Hire(me, unit.id, 1)
                yield Hire(me, unit.id, 2)
                yield Prep(me, unit.id)
            elif kind == TOWER:
                yield from (Upgrade(me, unit.id, s.id) for s in mine if s.kind == "squad")
                yield from (Relocate(me, unit.id, m.id) for m in mine)
        yield EndTurn(me)

    # -- hidden information -----------------------------------------------------------------------------------
    @property
    def setup_log(self):
        start = self._start[0]
        events = [event("deal", f"The Action deck is shuffled; each player is dealt 4 cards for the draft. The "
                        f"Target die shows {self.target(start)}; the Operation Marker is on space {start.marker}.",
                        ("setup.draft", "operation.track"))]
        for side in self.sides:
            offered = start.draft.get(side, ())
            if offered:
                names = ", ".join(CARDS[c].name for c in offered)
                events.append(event("deal", f"{side} is dealt {names}.", ("setup.draft",), side))
        return tuple(events)

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see: the whole board, their own hand and draft, only counts of the other's cards."""
        if player not in self.sides:
            raise ValueError(f"{player!r} is not a player; the players are {', '.join(self.sides)}")
        p = self.position
        opponent = self.other(player)
        return PlayerView(
            player=player, opponent=opponent, settings=self.settings, setup=self.setup, units=dict(p.units),
            supply=dict(p.supply), resources=dict(p.resources), vp=dict(p.vp), hand=p.hands[player],
            offered=p.draft.get(player, ()), opponent_hand_count=len(p.hands[opponent]),
            opponent_offered_count=len(p.draft.get(opponent, ())), deck_count=len(p.deck),
            windmills=dict(p.windmills), edges=dict(p.edges), side=p.side, turn=p.turn, marker=p.marker,
            target=self.target(), phase=p.phase, actions_left=p.actions_left, temporary=p.temporary,
            card_played=p.card_played, effects=p.effects, moving=p.moving, pending=p.pending,
            current_player=self.current_player, outcome=self.outcome, events=tuple(self.events_for(player)),
        )
