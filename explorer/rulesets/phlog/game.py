"""The game state of "The Rules! (with no name)": the core's contract, wired to the phase modules.

The rules themselves live by phase in :mod:`.turn` (draw, nominate, movement
card, end turn), :mod:`.moving`, :mod:`.attacking` and :mod:`.jokers`; each
has a ``check_*`` (the refusal, or ``None``) and a ``do_*`` (the next
position and the events). The position and its pending decisions are in
:mod:`.position`; the legality check and the save format in :mod:`.saves`.

Every event carries a visibility (``Event.visible_to``): public or the one player
allowed to see it; :meth:`PhlogState.events_for` and :meth:`PhlogState.view`
filter by it.
"""

from __future__ import annotations

from collections.abc import Iterator

from explorer.core import Event, GameState
from explorer.core.cards import Card
from explorer.core.ruletable import Rule, RuleTable

from . import attacking, jokers, moving, saves, turn
from .actions import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate, PlayJoker,
    PlayMovementCard, Step, ToggleDoor, describe, made,
)
from .data import DOOR, Fighter
from .mechanics import Board, attack_block, jumps_from, step_block, toggle_door_block
from .position import (
    ATTACK_CARD, CANCEL, DEFENCE_CARD, JOKER, MOVE, MOVEMENT_CARD, NOMINATE, JokerWindow, draw_events, event,
)
from .sections import SECTIONS
from .view import AttackView, JokerWindowView, PlayerView, all_cards

RULES = RuleTable(SECTIONS, {
    Nominate: Rule(turn.check_nominate, turn.do_nominate),
    PlayMovementCard: Rule(turn.check_movement_card, turn.do_movement_card),
    EndTurn: Rule(turn.check_end_turn, turn.do_end_turn),
    Step: Rule(moving.check_step, moving.do_step),
    Jump: Rule(moving.check_jump, moving.do_jump),
    ToggleDoor: Rule(moving.check_toggle_door, moving.do_toggle_door),
    Attack: Rule(attacking.check_attack, attacking.do_attack),
    ChooseAttackCard: Rule(attacking.check_attack_card, attacking.do_attack_card),
    ChooseDefenceCard: Rule(attacking.check_defence_card, attacking.do_defence_card),
    PlayJoker: Rule(jokers.check_play_joker, jokers.do_play_joker),
    CancelJoker: Rule(jokers.check_cancel_joker, jokers.do_cancel_joker),
    DeclineJoker: Rule(jokers.check_decline_joker, jokers.do_decline_joker),
})


_DOORS: dict = {}  # id(setup) -> (setup, its door squares)


class PhlogState(GameState):
    """A game in progress: ``game.setup`` holds the grid and terrain, ``position`` everything that changes."""

    rules = RULES

    # -- the contract ----------------------------------------------------------------------------
    def _standing(self) -> dict[str, int]:
        # Most actions leave the fighters mapping as it was (the same object), so count it once.
        fighters = self.position.fighters
        cached = self.__dict__.get("_standing_of")
        if cached is None or cached[0] is not fighters:
            standing = dict.fromkeys(self.sides, 0)
            for fighter in fighters.values():
                if fighter.alive and fighter.side in standing:
                    standing[fighter.side] += 1
            cached = self.__dict__["_standing_of"] = (fighters, standing)
        return dict(cached[1])

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

    # -- legal actions -------------------------------------------------------------------------------
    def _legal_actions(self) -> Iterator:
        p = self.position
        player = self.current_player
        if p.phase == NOMINATE:
            if not self.value_cards(player):
                yield made(EndTurn, player)
                return
            for fighter in p.fighters.values():
                if fighter.alive and fighter.side == player:
                    yield made(Nominate, player, fighter.id)
        elif p.phase in (MOVEMENT_CARD, ATTACK_CARD, DEFENCE_CARD):
            kind = {MOVEMENT_CARD: PlayMovementCard, ATTACK_CARD: ChooseAttackCard,
                    DEFENCE_CARD: ChooseDefenceCard}[p.phase]
            for card in dict.fromkeys(self.value_cards(player)):
                yield made(kind, player, card.code)
        elif p.phase == JOKER:
            yield made(DeclineJoker, player)
            if self.jokers_in_hand(player):
                if p.pending.stage == CANCEL:
                    yield made(CancelJoker, player)
                else:
                    yield from (made(PlayJoker, player, v) for v in self.values.values())
        elif p.phase == MOVE:
            yield from self._legal_moves(player)
            yield made(EndTurn, player)

    def _legal_moves(self, player: str) -> Iterator:
        # The same rules as the checks (step_refusal and the rest), asked through their cheap "block" form.
        p = self.position
        fighter = self.activated_fighter
        if not fighter.alive:
            return
        board = self.board
        points = p.movement_left
        square = fighter.square
        if not p.movement_stopped:
            for direction in "NESW":
                if step_block(board, square, direction, points) is None:
                    yield made(Step, player, direction)
            for direction, squares in jumps_from(board, square, points):
                yield made(Jump, player, direction, squares)
            for door in self._doors:
                if toggle_door_block(board, fighter, door, points) is None:
                    yield made(ToggleDoor, player, door)
        if not p.attacked and self.value_cards(p.side):
            for target in p.fighters.values():
                if target.alive and target.side != fighter.side and attack_block(board, fighter, target) is None:
                    yield made(Attack, player, target.id)

    @property
    def _doors(self) -> tuple:
        """The ordinary doors' squares, in the terrain's order (the setup never changes: found once)."""
        setup = self.game.setup
        cached = _DOORS.get(id(setup))
        if cached is None or cached[0] is not setup:
            if len(_DOORS) >= 256:
                _DOORS.clear()
            cached = _DOORS[id(setup)] = (setup, tuple(s for s, kind in setup.terrain.items() if kind == DOOR))
        return cached[1]

    # -- reading the position ------------------------------------------------------------------------
    @property
    def grid(self):
        return self.game.setup.grid

    @property
    def terrain(self):
        return self.game.setup.terrain

    @property
    def fighters(self):
        return self.position.fighters

    @property
    def open_doors(self) -> frozenset:
        return self.position.open_doors

    @property
    def piles(self):
        return self.position.piles

    @property
    def phase(self) -> str:
        return self.position.phase

    @property
    def active(self) -> str:
        return self.position.side

    @property
    def turn(self) -> int:
        return self.position.turn

    @property
    def activated(self):
        return self.position.activated

    @property
    def movement_card(self):
        return self.position.movement_card

    @property
    def movement_value(self):
        return self.position.movement_value

    @property
    def movement_left(self) -> int:
        return self.position.movement_left

    @property
    def movement_stopped(self):
        return self.position.movement_stopped

    @property
    def attacked(self) -> bool:
        return self.position.attacked

    @property
    def attack(self):
        return self.position.attack

    @property
    def window(self) -> JokerWindow | None:
        pending = self.position.pending
        return pending if isinstance(pending, JokerWindow) else None

    @property
    def board(self) -> Board:
        """The board of the current position (built once per position)."""
        cached = self.__dict__.get("_board")
        if cached is None or cached[0] is not self.position:
            cached = (self.position, Board.of(self))
            self.__dict__["_board"] = cached
        return cached[1]

    @property
    def values(self):
        return self.settings.card_values

    def value_cards(self, side: str) -> list[Card]:
        return [c for c in self.position.piles[side].hand if not c.is_joker]

    def jokers_in_hand(self, side: str) -> list[Card]:
        return [c for c in self.position.piles[side].hand if c.is_joker]

    @property
    def activated_fighter(self) -> Fighter | None:
        p = self.position
        return p.fighters.get(p.activated) if p.activated else None

    def card_locations(self) -> list[tuple[Card, str]]:
        return self.position.card_locations()

    # -- hidden information ----------------------------------------------------------------------------
    @property
    def setup_log(self) -> tuple[Event, ...]:
        """What happened before the first action: the deal, and each player's first hand."""
        start = self._start[0]
        events = [event("deal", "The deck is shuffled and split evenly into two draw piles; each player "
                        "shuffles their joker into their own pile.", ("setup.deck",))]
        for side in self.sides:
            events += draw_events(side, [c.code for c in start.piles[side].hand])
        return tuple(events)

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see now: their own hand, only counts of the opponent's cards."""
        if player not in self.sides:
            raise ValueError(f"{player!r} is not a player; the players are {', '.join(self.sides)}")
        p = self.position
        opponent = self.other(player)
        mine, theirs = p.piles[player], p.piles[opponent]
        return PlayerView(
            player=player, opponent=opponent, settings=self.settings, grid=self.grid,
            terrain=self.terrain, open_doors=p.open_doors, fighters=dict(p.fighters),
            turn=p.turn, active=p.side, phase=p.phase, current_player=self.current_player,
            activated=p.activated, movement_card=p.movement_card, movement_value=p.movement_value,
            movement_left=p.movement_left, attacked=p.attacked, hand=mine.hand,
            draw_count=len(mine.draw), spent=mine.spent, opponent_hand_count=len(theirs.hand),
            opponent_draw_count=len(theirs.draw), opponent_spent_count=len(theirs.spent),
            opponent_spent=theirs.spent if self.settings.spent_piles_face_up else None,
            attack=self._attack_view(player), joker_window=self._window_view(),
            events=tuple(self.events_for(player)), outcome=self.outcome, all_cards=all_cards(self.sides),
            movement_stopped=p.movement_stopped,
        )

    def _attack_view(self, player: str) -> AttackView | None:
        a = self.position.attack
        if a is None:
            return None
        attacker_side = self.position.side
        defender_side = self.other(attacker_side)

        def shown(card, owner):
            return card if card is not None and (a.revealed or owner == player) else None

        return AttackView(
            a.attacker, a.target, attacker_side, defender_side, a.attack_card is not None,
            a.defence_card is not None, a.revealed, shown(a.attack_card, attacker_side),
            shown(a.defence_card, defender_side), a.attack_value if a.revealed else None,
            a.defence_value if a.revealed else None,
        )

    def _window_view(self) -> JokerWindowView | None:
        w = self.window
        if w is None:
            return None
        return JokerWindowView(w.owner, w.reactor, w.slot, w.stage, w.card, w.value, w.joker, w.named)
