"""The game state of "The Rules! (with no name)" and how each action changes it.

A turn is a sequence of decisions; ``phase`` says which one is due and
``current_player`` who makes it:

``nominate`` → ``movement_card`` → ``joker`` (the opponent may joker the card)
→ ``move`` (step, jump, doors, and at most one ``Attack``: ``attack_card``,
``defence_card``, then a ``joker`` window on each revealed card, then the
trick) → ``EndTurn``.

Every event carries ``data["visibility"]``: ``"public"`` or the one player
allowed to see it; :meth:`PhlogState.events_for` and :meth:`PhlogState.view`
filter by it.
"""

from __future__ import annotations

import functools
from collections.abc import Iterator

from explorer.core import Event, GameState, Outcome, RuleViolation
from explorer.core.actions import PUBLIC
from explorer.core.cards import Card, Piles, deal_halves, parse_code, standard_deck
from explorer.core.grid import Grid, Square, step

from .actions import (
    Attack, CancelJoker, ChooseAttackCard, ChooseDefenceCard, DeclineJoker, EndTurn, Jump, Nominate,
    PlayJoker, PlayMovementCard, Step, ToggleDoor,
)
from .data import (
    DOOR, DOOR_COST, HAND_SIZE, JUMP_COST_PER_SQUARE, SIDES, STAR_TREK_DOOR, STEP_COST, TERRAIN,
    Fighter,
)
from .mechanics import (
    Board, arrival, attack_refusal, jump_refusal, legal_jumps, resolve_trick, spoils_taker, step_refusal,
    toggle_door_refusal,
)
from .sections import ref
from .view import AttackView, JokerWindowView, PlayerView, all_cards

NOMINATE, MOVEMENT_CARD, JOKER, MOVE, ATTACK_CARD, DEFENCE_CARD = (
    "nominate", "movement_card", "joker", "move", "attack_card", "defence_card")
OFFER, CANCEL = "offer", "cancel"


def _count(n: int, noun: str) -> str:
    return f"{n} {noun}{'s' * (n != 1)}"


def _event(kind: str, text: str, keys: tuple[str, ...], visibility: str = PUBLIC, **data) -> Event:
    return Event(kind, text, tuple(ref(k).key for k in keys), {"visibility": visibility, **data})


def _draw_events(side: str, codes: list[str]) -> list[Event]:
    """Everyone sees how many cards were drawn; only the drawer sees which."""
    if not codes:
        return []
    return [_event("draw", f"{side} draws {_count(len(codes), 'card')}.", ("turn.draw",), count=len(codes)),
            _event("draw", f"{side} draws {', '.join(codes)}.", ("turn.draw",), side, cards=list(codes))]


class PhlogState(GameState):
    """A game in progress. Board: ``grid``, ``terrain``, ``open_doors``, ``fighters``; cards: ``piles``."""

    def __init__(self, settings, *, seed: int = 0, grid: Grid, terrain: dict[Square, str],
                 fighters: list[Fighter], sides: tuple[str, str] = SIDES):
        super().__init__(settings, seed=seed)
        self.grid = grid
        self.terrain = dict(terrain)
        self.open_doors: set[Square] = set()
        self.fighters = {f.id: f for f in fighters}
        self.sides = tuple(sides)
        self.piles = {side: Piles() for side in self.sides}
        self.active = self.sides[0]
        self.turn = 1
        self._reset_activation()
        self.dealt = self._deal()

    # -- setting up --------------------------------------------------------------------
    def _reset_activation(self) -> None:
        self.phase = NOMINATE
        self.activated: str | None = None
        self.movement_card: Card | None = None
        self.movement_value: int | None = None
        self.movement_left = 0
        self.movement_stopped: str | None = None  # the section whose rule ended the movement
        self.attacked = False
        self.attack: dict | None = None
        self.window: dict | None = None

    def _deal(self) -> dict[str, list[str]]:
        """Split the shuffled deck, add each player's joker, draw the first hands; return those hands."""
        for side, half in zip(self.sides, deal_halves(standard_deck(), self.rng.shuffle)):
            half.append(Card.joker(side))
            self.rng.shuffle(half)
            self.piles[side].draw = half
            self.piles[side].draw_up_to(HAND_SIZE, self.rng.shuffle)
        return {side: [c.code for c in self.piles[side].hand] for side in self.sides}

    @property
    def setup_log(self) -> list[Event]:
        """What happened before the first action: the deal, and each player's first hand."""
        events = [_event("deal", "The deck is shuffled and split evenly into two draw piles; each player "
                         "shuffles their joker into their own pile.", ("setup.deck",))]
        for side, codes in self.dealt.items():
            events += _draw_events(side, codes)
        return events

    def _draw(self, side: str) -> list[Event]:
        drawn = self.piles[side].draw_up_to(HAND_SIZE, self.rng.shuffle)
        events = []
        if drawn.reshuffled:
            events.append(_event("reshuffle", f"{side} shuffles their spent pile ({drawn.reshuffled} cards) "
                                 "into a new draw pile.", ("setup.reshuffle",)))
        return events + _draw_events(side, [c.code for c in drawn.cards])

    # -- who, what ---------------------------------------------------------------------
    def other(self, side: str) -> str:
        return self.sides[1] if side == self.sides[0] else self.sides[0]

    @property
    def round(self) -> int:
        return (self.turn + 1) // 2

    @property
    def current_player(self) -> str | None:
        if self.outcome:
            return None
        if self.phase == JOKER:
            return self.window["reactor"] if self.window["stage"] == OFFER else self.window["owner"]
        if self.phase == DEFENCE_CARD:
            return self.other(self.active)
        return self.active

    @property
    def outcome(self) -> Outcome | None:
        standing = {side: 0 for side in self.sides}
        for fighter in self.fighters.values():
            if fighter.alive:
                standing[fighter.side] += 1
        for side in self.sides:
            if not standing[side]:
                return Outcome(self.other(side), f"{side}'s band has no fighters left")
        limit = self.settings.turn_limit
        if limit and self.turn > limit:
            first, second = self.sides
            if standing[first] == standing[second]:
                return Outcome(None, f"the {limit} turns are played with {standing[first]} fighters each")
            winner = max(self.sides, key=standing.get)
            return Outcome(winner, f"after {limit} turns {winner} has more fighters standing")
        return None

    @property
    def board(self) -> Board:
        return Board.of(self)

    @property
    def values(self):
        return self.settings.card_values

    def value_cards(self, side: str) -> list[Card]:
        return [c for c in self.piles[side].hand if not c.is_joker]

    def jokers_in_hand(self, side: str) -> list[Card]:
        return [c for c in self.piles[side].hand if c.is_joker]

    @property
    def activated_fighter(self) -> Fighter | None:
        return self.fighters.get(self.activated) if self.activated else None

    # -- legal actions -----------------------------------------------------------------
    def _legal_actions(self) -> Iterator:
        if self.outcome:
            return
        player = self.current_player
        if self.phase == NOMINATE:
            if not self.value_cards(player):
                yield EndTurn()
                return
            for fighter in self.fighters.values():
                if fighter.alive and fighter.side == player:
                    yield Nominate(fighter.id)
        elif self.phase in (MOVEMENT_CARD, ATTACK_CARD, DEFENCE_CARD):
            kind = {MOVEMENT_CARD: PlayMovementCard, ATTACK_CARD: ChooseAttackCard,
                    DEFENCE_CARD: ChooseDefenceCard}[self.phase]
            for card in dict.fromkeys(self.value_cards(player)):
                yield kind(card.code)
        elif self.phase == JOKER:
            yield DeclineJoker()
            if self.jokers_in_hand(player):
                if self.window["stage"] == CANCEL:
                    yield CancelJoker()
                else:
                    yield from (PlayJoker(v) for v in self.values.values())
        elif self.phase == MOVE:
            yield from self._legal_moves()
            yield EndTurn()

    def _legal_moves(self) -> Iterator:
        fighter = self.activated_fighter
        if not fighter.alive:
            return
        board = self.board
        points = self.movement_left
        if not self.movement_stopped:
            for direction in "NESW":
                if not step_refusal(board, fighter, direction, points):
                    yield Step(direction)
            for direction, squares in legal_jumps(board, fighter, points):
                yield Jump(direction, squares)
            for square, kind in self.terrain.items():
                if kind == DOOR and not toggle_door_refusal(board, fighter, square, points):
                    yield ToggleDoor(square)
        if not self.attacked and self.value_cards(self.active):
            for target in self.fighters.values():
                if target.alive and target.side != fighter.side and not attack_refusal(board, fighter, target):
                    yield Attack(target.id)

    # -- applying ----------------------------------------------------------------------
    def _apply(self, act) -> list[Event]:
        if self.outcome:
            raise RuleViolation(f"the game is over: {self.outcome.reason}", ref("turn.victory"), act)
        handler = _HANDLERS[type(act)]
        try:
            return handler(self, act)
        except RuleViolation as violation:
            violation.action = act
            raise

    def _expect(self, *phases: str) -> None:
        if self.phase not in phases:
            message, key = self._what_is_due()
            raise RuleViolation(message, ref(key))

    def _what_is_due(self) -> tuple[str, str]:
        side, fighter = self.active, self.activated
        if self.phase == NOMINATE:
            return f"{side} must first nominate a fighter to activate", "turn.nominate"
        if self.phase == MOVEMENT_CARD:
            return f"{side} must first play a card from hand for {fighter}'s movement", "turn.movement_card"
        if self.phase == JOKER:
            w = self.window
            if w["stage"] == OFFER:
                return (f"{w['reactor']} must first decide whether to play a joker against {w['owner']}'s "
                        f"{w['card']}", "jokers.play")
            return f"{w['owner']} must first decide whether to cancel the joker with a joker", "jokers.cancel"
        if self.phase == ATTACK_CARD:
            return f"{side} must first choose a card for {fighter}'s attack", "attacking.cards"
        if self.phase == DEFENCE_CARD:
            return f"{self.other(side)} must first choose a card to defend {self.attack['target']}", "attacking.cards"
        return f"{fighter} is activated: move, attack or end the turn", "turn.expend"

    def _card_from_hand(self, side: str, code, key: str) -> Card:
        """The value card ``code`` from ``side``'s hand, or a refusal citing ``key``."""
        try:
            card = parse_code(code)
        except ValueError as exc:
            raise RuleViolation(str(exc), ref(key)) from None
        if card not in self.piles[side].hand:
            raise RuleViolation(f"{side} has no {card} in hand", ref(key))
        if card.is_joker:
            raise RuleViolation("a joker has no value of its own: it is only played against a card the "
                                "opponent reveals", ref("jokers.play"))
        return self.piles[side].take_from_hand(card)

    # nominate, movement card -------------------------------------------------------------
    def _nominate(self, act: Nominate) -> list[Event]:
        self._expect(NOMINATE)
        fighter = self.fighters.get(act.fighter) if isinstance(act.fighter, str) else None
        if fighter is None or not fighter.alive or fighter.side != self.active:
            raise RuleViolation(f"{act.fighter!r} is not a fighter of {self.active}'s band on the board",
                                ref("turn.nominate"))
        if not self.value_cards(self.active):
            raise RuleViolation(f"{self.active} has no card to play for movement, so can only end the turn",
                                ref("turn.movement_card"))
        self.activated, self.phase = fighter.id, MOVEMENT_CARD
        return [_event("nominate", f"{self.active} activates {fighter.id}.", ("turn.nominate",), fighter=fighter.id)]

    def _play_movement_card(self, act: PlayMovementCard) -> list[Event]:
        self._expect(MOVEMENT_CARD)
        card = self._card_from_hand(self.active, act.card, "turn.movement_card")
        self.movement_card = card
        self.movement_value = self.values.value(card)
        self._open_window("movement", self.active, card, self.movement_value)
        return [_event("movement_card", f"{self.active} plays {card} for {self.activated}'s movement: "
                       f"{_count(self.movement_value, 'square')}.", ("turn.movement_card", "attacking.card_values"),
                       card=card.code, value=self.movement_value)]

    # jokers ------------------------------------------------------------------------------
    def _open_window(self, slot: str, owner: str, card: Card, value: int) -> None:
        self.window = {"slot": slot, "owner": owner, "reactor": self.other(owner), "stage": OFFER,
                       "card": card.code, "value": value, "joker": None, "named": None}
        self.phase = JOKER

    def _play_joker(self, act: PlayJoker) -> list[Event]:
        self._expect(JOKER)
        w = self.window
        if w["stage"] != OFFER:
            raise RuleViolation(f"a joker has been played against {w['owner']}'s card: only {w['owner']} may "
                                "answer it, with a joker of their own", ref("jokers.cancel"))
        jokers = self.jokers_in_hand(w["reactor"])
        if not jokers:
            raise RuleViolation(f"{w['reactor']} holds no joker", ref("jokers.play"))
        allowed = self.values.values()
        if not isinstance(act.value, int) or isinstance(act.value, bool) or act.value not in allowed:
            raise RuleViolation(f"a joker names a card value from {allowed[0]} to {allowed[-1]}, not {act.value!r}",
                                ref("jokers.play"))
        joker = self.piles[w["reactor"]].take_from_hand(jokers[0])
        w.update(stage=CANCEL, joker=joker.code, named=act.value)
        return [_event("joker", f"{w['reactor']} plays a joker: {w['owner']}'s {w['card']} counts {act.value}.",
                       ("jokers.play",), joker=joker.code, value=act.value)]

    def _cancel_joker(self, act: CancelJoker) -> list[Event]:
        self._expect(JOKER)
        w = self.window
        if w["stage"] != CANCEL:
            raise RuleViolation("there is no joker to cancel", ref("jokers.cancel"))
        jokers = self.jokers_in_hand(w["owner"])
        if not jokers:
            raise RuleViolation(f"{w['owner']} holds no joker to cancel with", ref("jokers.cancel"))
        own = self.piles[w["owner"]].take_from_hand(jokers[0])
        self.piles[w["owner"]].spent.append(own)
        self.piles[w["reactor"]].spent.append(parse_code(w["joker"]))
        events = [_event("joker", f"{w['owner']} cancels the joker with a joker: {w['card']} counts {w['value']} "
                         "again; each joker goes to its player's spent pile.", ("jokers.cancel",), joker=own.code)]
        return events + self._close_window()

    def _decline_joker(self, act: DeclineJoker) -> list[Event]:
        self._expect(JOKER)
        w = self.window
        if w["stage"] == OFFER:
            events = [_event("joker", f"{w['reactor']} lets {w['owner']}'s {w['card']} stand.", ("jokers.play",))]
        else:
            self.piles[w["owner"]].spent.append(parse_code(w["joker"]))
            w["value"] = w["named"]
            events = [_event("joker", f"The joker stands: {w['card']} counts {w['value']}, and the joker goes to "
                             f"{w['owner']}'s spent pile.", ("jokers.spent",))]
        return events + self._close_window()

    def _close_window(self) -> list[Event]:
        w, self.window = self.window, None
        if w["slot"] == "movement":
            self.movement_value = self.movement_left = w["value"]
            self.phase = MOVE
            return [_event("movement", f"{self.activated} has {_count(w['value'], 'movement point')}.", ("turn.expend",))]
        self.attack[f"{w['slot']}_value"] = w["value"]
        if w["slot"] == "attack" and self.attack["defence_card"]:
            self._open_window("defence", self.other(self.active), parse_code(self.attack["defence_card"]),
                              self.attack["defence_value"])
            return []
        return self._resolve_attack()

    # moving ------------------------------------------------------------------------------
    def _mover(self) -> Fighter:
        self._expect(MOVE)
        fighter = self.activated_fighter
        if not fighter.alive:
            raise RuleViolation(f"{fighter.id} has been removed from play: end the turn", ref(self.movement_stopped))
        if self.movement_stopped:
            raise RuleViolation(f"{fighter.id}'s movement has ended this turn", ref(self.movement_stopped))
        return fighter

    def _step(self, act: Step) -> list[Event]:
        fighter = self._mover()
        refusal = step_refusal(self.board, fighter, act.direction, self.movement_left)
        if refusal:
            raise refusal
        return self._relocate(fighter, step(fighter.square, act.direction), STEP_COST,
                              f"steps {act.direction}", "moving.orthogonal")

    def _jump(self, act: Jump) -> list[Event]:
        fighter = self._mover()
        refusal = jump_refusal(self.board, fighter, act.direction, act.squares, self.movement_left)
        if refusal:
            raise refusal
        return self._relocate(fighter, step(fighter.square, act.direction, act.squares),
                              act.squares * JUMP_COST_PER_SQUARE, f"jumps {act.squares} squares {act.direction}",
                              "moving.jump")

    def _relocate(self, fighter: Fighter, to: Square, cost: int, how: str, key: str) -> list[Event]:
        board = self.board
        self.movement_left -= cost
        self.fighters[fighter.id] = Fighter(fighter.id, fighter.side, fighter.weapon, to)
        events = [_event("move", f"{fighter.id} {how} to {to} ({_count(cost, 'point')}; "
                         f"{self.movement_left} left).", (key, "moving.points"), fighter=fighter.id, to=list(to))]
        if board.kind(fighter.square) == STAR_TREK_DOOR:
            events.append(_event("door", f"The Star-Trek door at {fighter.square} slides shut.",
                                 ("terrain.star_trek_doors",)))
        if board.kind(to) == STAR_TREK_DOOR:
            events.append(_event("door", f"The Star-Trek door at {to} slides open.", ("terrain.star_trek_doors",)))
        result = arrival(board, to)
        if result.ends_movement:
            self.movement_stopped = result.reason.ref.section
            if result.removes:
                self.fighters[fighter.id] = Fighter(fighter.id, fighter.side, fighter.weapon, None)
            events.append(Event("arrival", f"{fighter.id} {result.reason.text}.", (result.reason.ref.key,),
                                {"visibility": PUBLIC, "removed": result.removes}))
        return events + self._game_over_events()

    def _game_over_events(self) -> list[Event]:
        if not self.outcome:
            return []
        return [_event("game_over", f"Game over: {self.outcome.reason}.", ("turn.victory",))]

    def _toggle_door(self, act: ToggleDoor) -> list[Event]:
        fighter = self._mover()
        square = tuple(act.square) if isinstance(act.square, (tuple, list)) else act.square
        refusal = toggle_door_refusal(self.board, fighter, square, self.movement_left)
        if refusal:
            raise refusal
        opening = square not in self.open_doors
        (self.open_doors.add if opening else self.open_doors.discard)(square)
        self.movement_left -= DOOR_COST
        verb = "opens" if opening else "closes"
        return [_event("door", f"{fighter.id} {verb} the door at {square} ({DOOR_COST} point; "
                       f"{self.movement_left} left).", ("terrain.doors",), square=list(square), open=opening)]

    # attacking ---------------------------------------------------------------------------
    def _attack(self, act: Attack) -> list[Event]:
        self._expect(MOVE)
        fighter = self.activated_fighter
        if not fighter.alive:
            raise RuleViolation(f"{fighter.id} has been removed from play: end the turn", ref(self.movement_stopped))
        if self.attacked:
            raise RuleViolation(f"{fighter.id} has already attacked this activation",
                                ref("attacking.one_per_activation"))
        if not self.value_cards(self.active):
            raise RuleViolation(f"{self.active} has no card in hand to attack with", ref("attacking.cards"))
        target = self.fighters.get(act.target) if isinstance(act.target, str) else None
        refusal = attack_refusal(self.board, fighter, target)
        if refusal:
            raise refusal
        self.attacked = True
        key = "attacking.ranged" if fighter.ranged else "attacking.hand_to_hand"
        if not fighter.ranged:
            self.movement_stopped = "attacking.hand_to_hand"
        self.attack = {"attacker": fighter.id, "target": act.target, "attack_card": None, "defence_card": None,
                       "attack_value": None, "defence_value": None, "revealed": False}
        self.phase = ATTACK_CARD
        how = "shoots at" if fighter.ranged else "attacks hand-to-hand"
        return [_event("attack", f"{fighter.id} {how} {act.target}.", (key,),
                       attacker=fighter.id, target=act.target)]

    def _choose_attack_card(self, act: ChooseAttackCard) -> list[Event]:
        self._expect(ATTACK_CARD)
        card = self._card_from_hand(self.active, act.card, "attacking.cards")
        self.attack["attack_card"] = card.code
        defender = self.other(self.active)
        events = [_event("card_chosen", f"{self.active} chooses an attack card face down.", ("attacking.cards",)),
                  _event("card_chosen", f"{self.active} chooses {card} to attack with.", ("attacking.cards",),
                         self.active, card=card.code)]
        if self.value_cards(defender):
            self.phase = DEFENCE_CARD
            return events
        events.append(_event("card_chosen", f"{defender} has no card in hand to defend with: the defence counts 0.",
                             ("attacking.cards",)))
        return events + self._reveal()

    def _choose_defence_card(self, act: ChooseDefenceCard) -> list[Event]:
        self._expect(DEFENCE_CARD)
        defender = self.other(self.active)
        card = self._card_from_hand(defender, act.card, "attacking.cards")
        self.attack["defence_card"] = card.code
        return [_event("card_chosen", f"{defender} chooses {card} to defend with.", ("attacking.cards",),
                       defender, card=card.code)] + self._reveal()

    def _reveal(self) -> list[Event]:
        a = self.attack
        a["revealed"] = True
        a["attack_value"] = self.values.value(parse_code(a["attack_card"]))
        a["defence_value"] = self.values.value(parse_code(a["defence_card"])) if a["defence_card"] else 0
        defence = f"{a['defence_card']} ({a['defence_value']})" if a["defence_card"] else "no card (0)"
        self._open_window("attack", self.active, parse_code(a["attack_card"]), a["attack_value"])
        return [_event("reveal", f"Revealed: {a['attack_card']} ({a['attack_value']}) attacks, {defence} defends.",
                       ("attacking.cards", "attacking.card_values"), attack_card=a["attack_card"],
                       defence_card=a["defence_card"])]

    def _resolve_attack(self) -> list[Event]:
        a, self.attack = self.attack, None
        self.phase = MOVE
        explained = resolve_trick(a["attack_value"], a["defence_value"])
        trick = explained.value
        sides = {"attacker": self.active, "defender": self.other(self.active)}
        fighters = {"attacker": a["attacker"], "defender": a["target"]}
        cards = {"attacker": a["attack_card"], "defender": a["defence_card"]}
        taker = spoils_taker(trick, self.settings)
        for role, code in cards.items():
            if code:
                self.piles[sides[taker or role]].spent.append(parse_code(code))
        events = [Event("trick", " ".join(r.text[0].upper() + r.text[1:] + "." for r in explained.reasons),
                        tuple(r.key for r in explained.refs), {"visibility": PUBLIC, "margin": trick.margin})]
        spoils = (f"{sides[taker]} keeps both cards in their spent pile." if taker
                  else "Each player puts their own card in their spent pile.")
        events.append(_event("spoils", spoils, ("attacking.spoils",)))
        if trick.removed:
            lost = self.fighters[fighters[trick.removed]]
            self.fighters[lost.id] = Fighter(lost.id, lost.side, lost.weapon, None)
            events.append(_event("removed", f"{lost.id} is removed from play.", ("attacking.removal",),
                                 fighter=lost.id))
            if trick.removed == "attacker":
                self.movement_stopped = "attacking.removal"
        return events + self._game_over_events()

    # ending the turn ------------------------------------------------------------------------
    def _end_turn(self, act: EndTurn) -> list[Event]:
        if self.phase == NOMINATE and self.value_cards(self.active):
            raise RuleViolation(f"{self.active} must activate a fighter: they hold cards to move with",
                                ref("turn.nominate"))
        self._expect(NOMINATE, MOVE)
        events = []
        if self.phase == NOMINATE:
            events.append(_event("pass", f"{self.active} has no card to move with and passes.", ("turn.movement_card",)))
        else:
            self.piles[self.active].spent.append(self.movement_card)
            events.append(_event("end_turn", f"{self.active} ends the turn; {self.movement_card} goes to their "
                                 "spent pile.", ("moving.spent_card",)))
        self.turn += 1
        self.active = self.other(self.active)
        self._reset_activation()
        if self.outcome:
            return events + self._game_over_events()
        return events + self._draw(self.active)

    # -- hidden information -------------------------------------------------------------------
    def events_for(self, player: str) -> list[Event]:
        """Every event so far that ``player`` may see, setup included."""
        everything = list(self.setup_log) + [e for turn in self.history for e in turn.events]
        return [e for e in everything if e.visible_to(player)]

    def view(self, player: str) -> PlayerView:
        """What ``player`` may see now (see :mod:`.view`)."""
        if player not in self.sides:
            raise ValueError(f"{player!r} is not a player; the players are {', '.join(self.sides)}")
        opponent = self.other(player)
        mine, theirs = self.piles[player], self.piles[opponent]
        return PlayerView(
            player=player, opponent=opponent, settings=self.settings, grid=self.grid,
            terrain=dict(self.terrain), open_doors=frozenset(self.open_doors), fighters=dict(self.fighters),
            turn=self.turn, active=self.active, phase=self.phase, current_player=self.current_player,
            activated=self.activated, movement_card=self.movement_card, movement_value=self.movement_value,
            movement_left=self.movement_left, attacked=self.attacked, hand=tuple(mine.hand),
            draw_count=len(mine.draw), spent=tuple(mine.spent), opponent_hand_count=len(theirs.hand),
            opponent_draw_count=len(theirs.draw), opponent_spent_count=len(theirs.spent),
            opponent_spent=tuple(theirs.spent) if self.settings.spent_piles_face_up else None,
            attack=self._attack_view(player), joker_window=self._window_view(),
            events=tuple(self.events_for(player)), outcome=self.outcome, all_cards=all_cards(self.sides),
        )

    def _attack_view(self, player: str) -> AttackView | None:
        a = self.attack
        if a is None:
            return None
        attacker_side = self.active

        def shown(code, owner):
            return parse_code(code) if code and (a["revealed"] or owner == player) else None

        return AttackView(
            a["attacker"], a["target"], attacker_side, self.other(attacker_side),
            a["attack_card"] is not None, a["defence_card"] is not None, a["revealed"],
            shown(a["attack_card"], attacker_side), shown(a["defence_card"], self.other(attacker_side)),
            a["attack_value"] if a["revealed"] else None, a["defence_value"] if a["revealed"] else None,
        )

    def _window_view(self) -> JokerWindowView | None:
        w = self.window
        if w is None:
            return None
        return JokerWindowView(w["owner"], w["reactor"], w["slot"], w["stage"], parse_code(w["card"]), w["value"],
                               parse_code(w["joker"]) if w["joker"] else None, w["named"])

    # -- cards, everywhere -----------------------------------------------------------------------
    def card_locations(self) -> list[tuple[Card, str]]:
        """Every card of the game with where it is; each of the 54 should appear exactly once."""
        places = [(c, f"{side}:{pile}") for side, piles in self.piles.items()
                  for pile in ("draw", "hand", "spent") for c in getattr(piles, pile)]
        return places + self._table_cards()

    def _table_cards(self) -> list[tuple[Card, str]]:
        """The cards in play: the movement card, the attack's cards, a joker awaiting an answer."""
        table = [(self.movement_card, "table:movement")]
        if self.attack:
            table += [(self.attack["attack_card"], "table:attack"), (self.attack["defence_card"], "table:defence")]
        if self.window:
            table.append((self.window["joker"], "table:joker"))
        return [(parse_code(c) if isinstance(c, str) else c, where) for c, where in table if c]

    # -- saving ----------------------------------------------------------------------------------
    def _state_dict(self) -> dict:
        return {
            "grid": [self.grid.width, self.grid.height],
            "terrain": terrain_rows(self.grid, self.terrain),
            "open_doors": [list(s) for s in sorted(self.open_doors)],
            "fighters": [f.to_dict() for f in self.fighters.values()],
            "sides": list(self.sides),
            "piles": {side: piles.to_dict() for side, piles in self.piles.items()},
            "active": self.active, "turn": self.turn, "phase": self.phase, "activated": self.activated,
            "movement_card": self.movement_card.code if self.movement_card else None,
            "movement_value": self.movement_value, "movement_left": self.movement_left,
            "movement_stopped": self.movement_stopped, "attacked": self.attacked,
            "attack": dict(self.attack) if self.attack else None,
            "window": dict(self.window) if self.window else None,
            "dealt": {side: list(codes) for side, codes in self.dealt.items()},
        }

    def _load_state_dict(self, data: dict) -> None:
        self.grid = Grid(*data["grid"])
        self.terrain = terrain_from_rows(data["terrain"])
        self.open_doors = {tuple(s) for s in data["open_doors"]}
        self.fighters = {f["id"]: Fighter.from_dict(f) for f in data["fighters"]}
        self.sides = tuple(data["sides"])
        self.piles = {side: Piles.from_dict(p) for side, p in data["piles"].items()}
        self.active, self.turn, self.phase = data["active"], data["turn"], data["phase"]
        self.activated = data["activated"]
        self.movement_card = parse_code(data["movement_card"]) if data["movement_card"] else None
        self.movement_value, self.movement_left = data["movement_value"], data["movement_left"]
        self.movement_stopped, self.attacked = data["movement_stopped"], data["attacked"]
        self.attack = dict(data["attack"]) if data["attack"] else None
        self.window = dict(data["window"]) if data["window"] else None
        self.dealt = {side: list(codes) for side, codes in data["dealt"].items()}
        self._check_cards()

    def _cards_are_all_here(self) -> bool:
        cards = [c for piles in self.piles.values() for pile in (piles.draw, piles.hand, piles.spent) for c in pile]
        cards += [c for c, _ in self._table_cards()]
        return len(cards) == len(all_cards(self.sides)) and set(cards) == _card_set(self.sides)

    def _check_cards(self) -> None:
        """Every card exactly once: a save that loses or copies a card is not a position of this game."""
        if self._cards_are_all_here():
            return
        where: dict[Card, str] = {}
        for card, place in self.card_locations():
            if card in where:
                raise ValueError(f"the card {card} is in two places ({where[card]} and {place})")
            where[card] = place
        expected = all_cards(self.sides)
        if len(where) != len(expected) or not all(card in where for card in expected):
            missing = [c.code for c in expected if c not in where]
            raise ValueError(f"cards missing from the position: {', '.join(missing) or 'unknown extra cards'}")


@functools.lru_cache(maxsize=16)
def _card_set(sides: tuple[str, ...]) -> frozenset[Card]:
    return frozenset(all_cards(sides))


_SYMBOLS = {key: kind.symbol for key, kind in TERRAIN.items()}
_KINDS = {kind.symbol: key for key, kind in TERRAIN.items()}


def terrain_rows(grid: Grid, terrain: dict[Square, str]) -> list[str]:
    """The terrain as text rows, one symbol a square (``.`` for open floor): compact and readable in a save."""
    return ["".join(_SYMBOLS[terrain[(c, r)]] if (c, r) in terrain else "." for c in range(grid.width))
            for r in range(grid.height)]


def terrain_from_rows(rows: list[str]) -> dict[Square, str]:
    terrain = {}
    for r, row in enumerate(rows):
        for c, symbol in enumerate(row):
            if symbol != ".":
                if symbol not in _KINDS:
                    raise ValueError(f"unknown terrain symbol {symbol!r} at {(c, r)}")
                terrain[(c, r)] = _KINDS[symbol]
    return terrain


_HANDLERS = {
    Nominate: PhlogState._nominate, PlayMovementCard: PhlogState._play_movement_card,
    PlayJoker: PhlogState._play_joker, CancelJoker: PhlogState._cancel_joker,
    DeclineJoker: PhlogState._decline_joker, Step: PhlogState._step, Jump: PhlogState._jump,
    ToggleDoor: PhlogState._toggle_door, Attack: PhlogState._attack,
    ChooseAttackCard: PhlogState._choose_attack_card, ChooseDefenceCard: PhlogState._choose_defence_card,
    EndTurn: PhlogState._end_turn,
}
