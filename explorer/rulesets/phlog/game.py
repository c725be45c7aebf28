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

from itertools import filterfalse
from operator import attrgetter

from explorer.core import Event
from explorer.core.cards import JOKER as JOKER_RANK, Card
from explorer.core.gridstate import GridState
from explorer.core.ruletable import Phase, Rule, RuleTable

from . import attacking, jokers, moving, saves, turn
from .actions import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate, PlayJoker,
    PlayMovementCard, Step, ToggleDoor, describe,
)
from .data import Fighter
from .mechanics import Board
from .position import (
    ATTACK_CARD, DEFENCE_CARD, JOKER, MOVE, MOVEMENT_CARD, NOMINATE, JokerWindow, draw_events, event,
)
from .sections import SECTIONS
from .view import AttackView, JokerWindowView, PlayerView, all_cards

_IS_JOKER = Card.is_joker.fget
_RANK = attrgetter("rank")

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
}, phases={
    # The turn's steps, each with what it allows (offered in this order), the section that says so and its offers
    # (each phase lists its own: no table's loop over its kinds between, at every listing).
    NOMINATE: Phase("turn.nominate", (Nominate, EndTurn), "the active player must first nominate a fighter to activate",
                    legal=turn.nominate_offers),
    MOVEMENT_CARD: Phase("turn.movement_card", (PlayMovementCard,),
                         "the active player must first play a card from hand for the fighter's movement",
                         legal=turn.movement_card_candidates),
    JOKER: Phase("jokers.play", (DeclineJoker, CancelJoker, PlayJoker),
                 "a card has just been revealed: its joker window must first close", legal=jokers.window_offers),
    MOVE: Phase("turn.expend", (Step, Jump, ToggleDoor, Attack, EndTurn),
                "the fighter is activated: move, attack or end the turn", legal=moving.fighter_offers),
    ATTACK_CARD: Phase("attacking.cards", (ChooseAttackCard,), "the attacker must first choose a card for the attack",
                       legal=attacking.attack_card_candidates),
    DEFENCE_CARD: Phase("attacking.cards", (ChooseDefenceCard,), "the defender must first choose a card to defend with",
                        legal=attacking.defence_card_candidates),
}, phase_of=attrgetter("position.phase"))  # (a C getter: asked at every listing and check)


class PhlogState(GridState):
    """A game in progress: ``game.setup`` holds the grid and terrain, ``position`` everything that changes."""

    rules = RULES
    saves = saves  # the legality check and the save format (the core's save hooks answer from it)

    # -- the contract ----------------------------------------------------------------------------
    def _standing(self) -> dict[str, int]:
        # Most actions leave the fighters mapping as it was (the same object), so count it once.
        fighters = self.position.fighters
        cached = self.__dict__.get("_standing_of")
        if cached is None or cached[0] is not fighters:
            standing = dict.fromkeys(self.sides, 0)
            for fighter in fighters.values():
                if fighter.square is not None and fighter.side in standing:  # alive, read directly (every move)
                    standing[fighter.side] += 1
            cached = self.__dict__["_standing_of"] = (fighters, standing)
        return dict(cached[1])

    def _outcome(self):
        # Who has won depends only on who stands, and on the turn when there is a round limit (the settings never
        # change); most actions keep both: the fighters mapping is the same object. Worked out when one changes.
        p = self.position
        cached = self.__dict__.get("_outcome_for")
        if cached is not None and cached[0] is p.fighters and (cached[1] is None or cached[1] == p.turn):
            return cached[2]  # (the key is None exactly when the rounds are not limited: see _outcome_key)
        cached = self.__dict__["_outcome_for"] = (p.fighters, self._outcome_key(p), super()._outcome())
        return cached[2]

    def _outcome_key(self, p):
        """Besides the fighters, what the outcome at ``p`` depends on: its turn, if the rounds are limited."""
        return p.turn if self.settings.max_rounds is not None else None

    def outcome_at(self, position):
        cached = self.__dict__.get("_outcome_for")  # the end of a turn asks with the same fighters: known
        if cached is not None and cached[0] is position.fighters and cached[1] == self._outcome_key(position):
            return cached[2]
        return super().outcome_at(position)

    def describe(self, act, viewer: str | None = None) -> str:
        return describe(act, hide_cards=viewer != getattr(act, "player", None))

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
        """The board of the current position, built once for its fighters and open doors: playing a card, a
        joker or an attack card keeps both (the same objects), so the positions of a turn share a board."""
        p = self.position
        cached = self.__dict__.get("_board")
        if cached is None or cached[0] is not p.fighters or cached[1] is not p.open_doors:
            cached = (p.fighters, p.open_doors, Board.of(self))
            self.__dict__["_board"] = cached
        return cached[2]

    def moved_to(self, fighters, board: Board, *, removed: bool) -> None:
        """A move is about to make ``fighters`` the fighters, ``board`` their board: kept for them (by identity),
        so the next position does not build its board again, nor count who stands unless someone was removed.
        Only what the move changed is worked out again; an entry for fighters that never come is simply unused."""
        p = self.position
        kept = self.__dict__
        kept["_board"] = (fighters, p.open_doors, board)
        cached = kept.get("_outcome_for")  # (its key: None, or the turn, which a move keeps; see _outcome_key)
        if not removed and cached is not None and cached[0] is p.fighters and cached[1] in (None, p.turn):
            kept["_outcome_for"] = (fighters, cached[1], cached[2])

    @property
    def values(self):
        """The settings' card values (made once a game, not at every card played: the settings never change)."""
        return self._card_values()[0]

    @property
    def value_range(self) -> tuple[int, ...]:
        """Every value a card can have, lowest first (``values.values()``, kept with them)."""
        return self._card_values()[1]

    def value_of(self, card: Card) -> int:
        """What the value card ``card`` counts (``values.value``, read from the settings' table of ranks, kept with
        them: a card is played at every turn)."""
        return self._card_values()[2][card.rank]

    def _card_values(self):
        settings = self.game.settings  # (self.settings, read in place)
        cached = self.__dict__.get("_values_of")
        if cached is None or cached[0] is not settings:
            values = settings.card_values
            cached = self.__dict__["_values_of"] = (settings, (values, values.values(), values.table()))
        return cached[1]

    def value_cards(self, side: str) -> list[Card]:
        return list(self.hand_split(side)[0])

    def jokers_in_hand(self, side: str) -> list[Card]:
        return list(self.hand_split(side)[1])

    def hand_split(self, side: str) -> tuple[tuple[Card, ...], tuple[Card, ...]]:
        """The value cards and the jokers of ``side``'s hand, as tuples (read, never copied: the rules' own
        questions, several a position, ask this rather than :meth:`value_cards`)."""
        # Kept per side for the hand it was split from (the same tuple until a card of that hand moves: most
        # actions keep it, and a card played by one side keeps the other's). Clones share the dict: an answer
        # depends only on the hand it is kept for.
        hand = self.position.piles[side].hand
        kept = self.__dict__.get("_hands")
        if kept is None:
            kept = self.__dict__["_hands"] = {}
        entry = kept.get(side)
        if entry is not None and entry[0] is hand:
            return entry[1]
        if JOKER_RANK in map(_RANK, hand):  # (Card.is_joker's test, by C calls: most hands hold no joker)
            split = (tuple(filterfalse(_IS_JOKER, hand)), tuple(filter(_IS_JOKER, hand)))
        else:
            split = (hand, ())
        kept[side] = (hand, split)
        return split

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
            events += draw_events(side, tuple(c.code for c in start.piles[side].hand))
        return tuple(events)

    def decision_is_private(self) -> bool:
        """Whether the decision now needs the hand of its player (two people on one screen pass the device for it):
        every one does but a joker window when every joker lies face up in a spent pile, so no hand holds one and
        letting the card stand is forced, in the open (explorer.core.session.answers.decision_is_private)."""
        p = self.position
        if p.phase != JOKER or not self.settings.spent_piles_face_up:
            return True
        return sum(card.is_joker for side in self.sides for card in p.piles[side].spent) < len(self.sides)

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
