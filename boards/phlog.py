"""Phlog's board layers (tiles, units, reachable squares, cards) as column data, from one seat's view.

Bokeh-free: ``widgets.phlog.PhlogBoard`` draws them; the page's Web Worker
computes them after each move of live play. Only ``PhlogState.view`` data is
used for cards, so nothing hidden from the seat is ever in the layers.
"""

from __future__ import annotations

from collections.abc import Sequence
from fractions import Fraction

from explorer.core.cards import Card
from explorer.core.grid import step
from explorer.core.session import Anchor
from explorer.rulesets.phlog import (Attack, CancelJoker, DeclineJoker, Jump, Nominate, PlayerView, PlayJoker, Step,
                                    ToggleDoor, reachable_squares)
from explorer.rulesets.phlog.data import (
    DOOR, HAND_TO_HAND, OBSTACLE, PIT, RANGED, SET_DRESSING, STAR_TREK_DOOR, WALL,
)
from explorer.rulesets.phlog.mechanics import Board, arrival
from explorer.rulesets.phlog.position import MOVE
from explorer.rulesets.phlog.reach import REMOVED, STANDS, STOPS

from .grid import FATE_COLOURS, FATE_HATCHES, GridLayers, Highlight, TileStyle, Unit, square_words
from .naming import Seen, card_words, figure_name
from .pages import SQUARES, Curve, Needs, Study
from .palette import OKABE_ITO, side_colour
from .toys import CARD_BACK, SUIT_WORDS, card_sprite, sprite

RED_SUITS = ("♥", "♦")

STYLES = {
    SET_DRESSING: TileStyle("set dressing", "#cfe3c4", "#3b6e2f", "No effect on play."),
    WALL: TileStyle("wall", "#4a4a4a", "#bbbbbb", "Impassable; blocks sight."),
    DOOR: TileStyle("door (closed)", "#8c5a2b", "#f3ead7",
                    "Closed: 1 point opens it from a square beside it; blocks sight."),
    "door_open": TileStyle("door (open)", "#e8d2b0", "#000000", "Open: pass through or stand in it."),
    STAR_TREK_DOOR: TileStyle("Star-Trek door (shut)", "#9b7fb8", "#ffffff",
                              "Opens as a fighter enters, shuts as it leaves."),
    "star_trek_door_open": TileStyle("Star-Trek door (open)", "#e3d7ef", "#000000",
                                     "Open while a fighter stands in it."),
    PIT: TileStyle("pit", "#1f1f1f", "#777777", "Cross only by jumping; ending a move here removes the fighter."),
    OBSTACLE: TileStyle("obstacle", "#b08d57", "#4a3a1a",
                        "Cross only by jumping; stepping or landing on it ends the movement."),
}
KIND_NAMES = {RANGED: "RANGED", HAND_TO_HAND: "HAND-TO-HAND"}
FIGURE_WORDS = {RANGED: "ranged fighter", HAND_TO_HAND: "hand-to-hand fighter"}
"""Each kind of fighter (the source's RANGED and HAND-TO-HAND) in the simple mode's words."""
FATE_WORDS = {STANDS: "stands here", STOPS: "movement ends here", REMOVED: "removed from play here"}
CARD_W, CARD_H, CARD_STEP = 1.05, 1.47, 1.12  # a playing card's proportions (boards.toys.card_sprite, 50 x 70)
ROW_STEP = 2.3  # card rows: a caption line above each row of cards
FIRST_ROW = 1.25  # the first row's middle
SLOT_STEP = 2.9  # the cards on the table, each with its caption beside it
OUT_X, OUT_STEP, OUT_SIZE = 11.0, 0.62, 0.62  # fighters out of the game, lying at the right of their side's row

FAMILY = "grid"  # its board: a grid of squares (boards.family)
SIMPLEST = 3  # its place from the simplest game to learn (the house-rules lab's order)
CHAPTER = 4  # its place in the book's order of chapters
SHORT = "The Rules!"  # its name on the charts' rows (a phone keeps room for bars)
MARK = (OKABE_ITO["purple"], "diamond")  # its colour and marker on the charts (apart by shape too)


def grid_board(table, *, title: str | None = None, grid_type: type = GridLayers):
    return grid_type(table.grid.width, table.grid.height, STYLES, KIND_NAMES, tuple(_sides(table)),
                     title=title)


def _sides(table) -> tuple[str, ...]:
    """The seats of a game state, or of a player's view (the player first)."""
    return tuple(getattr(table, "sides", ())) or (table.player, table.opponent)


# -- the board layers --------------------------------------------------------------------------
def tile_layer(gb: GridLayers, table) -> dict[str, list]:
    variants = {}
    board = Board.of(table)  # the engine says which doors are open
    for square, kind in table.terrain.items():
        if kind in (DOOR, STAR_TREK_DOOR) and board.door_is_open(square):
            variants[square] = f"{kind}_open"
    return gb.tiles(table.terrain, variants)


def unit_layer(gb: GridLayers, table, *, activated: str | None = None) -> dict[str, list]:
    units = [Unit(f.id, f.side, f.weapon, f.square, note="activated" if f.id == activated else "",
                  emphasis=f.id == activated, label=_mark(f.id, f.side),
                  said=card_words(_seen(f), "acting now" if f.id == activated else ""))
             for f in table.fighters.values() if f.alive]
    return gb.units(units)


def _seen(fighter) -> Seen:
    """A fighter as the board shows it: its weapon in words and its number (the label less its side's initial)."""
    return Seen(fighter.side, FIGURE_WORDS.get(fighter.weapon, fighter.weapon), fighter.square,
                mark=_mark(fighter.id, fighter.side)[1:])


def _mark(fighter_id: str, side: str) -> str:
    """The label drawn on a fighter: its side's initial and its number (``g1``, ``t3``), a cue besides colour."""
    return side[:1] + fighter_id.rsplit("-", 1)[-1]


def reach_marks(routes: dict, *, detail: bool = True) -> list[Highlight]:
    """The squares of :func:`reachable_squares` as highlights: colour and hatch by fate, cost in the square."""
    marks = []
    for square, explained in sorted(routes.items(), key=lambda item: (item[0][1], item[0][0])):
        route = explained.value
        if not route.actions:
            continue  # the square the fighter stands on
        text = "; ".join(r.text + (f" ({r.delta})" if r.delta is not None else "") for r in explained.reasons)
        marks.append(Highlight(square, FATE_COLOURS[route.fate], str(route.cost), FATE_HATCHES[route.fate],
                               FATE_WORDS[route.fate], str(route.cost), text if detail else ""))
    return marks


class PhlogLayers:
    """The Board protocol for Phlog, from one player's view.

    ``player`` is the seat whose view is drawn (its own hand face up, the
    opponent's as a count); ``None`` draws the public view (both hands face
    down), for spectators and replays. Only :meth:`PhlogState.view` data is
    used for cards, so nothing hidden from that seat is ever in the layers.
    """

    grid_type = GridLayers  # widgets.phlog.PhlogBoard draws with widgets.grid_board.GridBoard

    def __init__(self, player: str | None = None, *, cards: bool = True, reach: bool = True,
                 reach_detail: bool = True, title: str | None = None):
        self.player = player
        self.cards = cards
        self.reach = reach
        self.reach_detail = reach_detail
        self.title = title
        self._gb = None  # the widgets' GridBoard, once drawn (boards import no bokeh)
        self._table = None

    def views(self, table) -> tuple[PlayerView, ...]:
        """The views the layers are drawn from: the seat's own, or (public) both seats' for the counts."""
        if isinstance(table, PlayerView):
            if self.player not in (None, table.player):
                raise ValueError(f"this board shows {self.player}'s view, not {table.player}'s")
            return (table,)
        if self.player is not None:
            return (table.view(self.player),)
        return tuple(table.view(side) for side in table.sides)

    def layers(self, table) -> dict[str, dict[str, list]]:
        views = self.views(table)
        view = views[0]
        if self._gb is None or (self._gb.width, self._gb.height) != (view.grid.width, view.grid.height):
            self._gb = grid_board(view, title=self.title, grid_type=self.grid_type)  # a first or another board
        self._table = self._table or view
        gb = self._gb
        routes = {}
        if self.reach and view.can_move:
            routes = reachable_squares(view, view.fighters[view.activated], view.movement_left)
        layers = {
            "floor": gb.floor(),
            "tiles": tile_layer(gb, view),
            "units": unit_layer(gb, view, activated=view.activated if view.phase == MOVE else None),
            "reach": gb.highlights(reach_marks(routes, detail=self.reach_detail)),
        }
        if self.cards:
            layers.update(card_layers(views, public=self.player is None and not isinstance(table, PlayerView)))
        return layers


# -- cards ----------------------------------------------------------------------------------------
def _face(card: Card, values, x: float, y: float, note: str = "") -> dict:
    """A card face up, drawn as a playing card (boards.toys.card_sprite); its note says it in words."""
    if card.is_joker:
        return dict(x=x, y=y, text="JOKER", colour=OKABE_ITO["purple"], fill="#f6e9f2", hatch="blank",
                    note=note or f"{card.suit}'s joker: changes a card the opponent reveals", sprite=card_sprite("", ""))
    colour = OKABE_ITO["vermillion"] if card.suit in RED_SUITS else "#111111"
    rank = card.code.removesuffix(card.suit)
    return dict(x=x, y=y, text=card.code, colour=colour, fill="#ffffff", hatch="blank",
                note=note or f"{card.code} ({rank} of {SUIT_WORDS.get(card.suit, card.suit)}) counts {values.value(card)}",
                sprite=card_sprite(rank, card.suit))


def _back(x: float, y: float, note: str) -> dict:
    return dict(x=x, y=y, text="", colour="#ffffff", fill="#5d5b3a", hatch="diagonal_cross", note=note,
                sprite=CARD_BACK)


def _rows(items: list[dict]) -> dict[str, list]:
    keys = ("x", "y", "text", "colour", "fill", "hatch", "note", "sprite")
    return {k: [item[k] for item in items] for k in keys}


def card_layers(views: Sequence[PlayerView], *, public: bool = False) -> dict[str, dict[str, list]]:
    """The cards a seat may see (``public``: none of either hand), laid out in three rows."""
    view = views[0]
    values = view.settings.card_values
    cards, labels, out = [], [], []
    seats = ([(side, None) for side in _sides(view)] if public else [(view.player, view), (view.opponent, None)])
    for index, (side, own) in enumerate(seats):
        y = FIRST_ROW + ROW_STEP * index
        out += _out(view, side, y)
        if own is not None:
            hand = list(own.hand)
            label = f"{side} (you): {_cards(len(hand))} in hand"
            piles = f"draw pile {own.draw_count} · spent {len(own.spent)}"
            for i, card in enumerate(hand):
                cards.append(_face(card, values, 0.5 + i * CARD_STEP, y))
        else:
            count = (len(views[index].hand) if public else view.opponent_hand_count)
            draw = views[index].draw_count if public else view.opponent_draw_count
            spent = len(views[index].spent) if public else view.opponent_spent_count
            label = f"{side}: {_cards(count)} in hand, face down"
            piles = f"draw pile {draw} · spent {spent}"
            for i in range(count):
                cards.append(_back(0.5 + i * CARD_STEP, y, f"{side}'s card, face down"))
        labels.append(dict(x=0.1, y=y - 0.98, text=label))
        labels.append(dict(x=6.3, y=y - 0.98, text=piles))
    table_y = FIRST_ROW + ROW_STEP * len(seats)
    labels.append(dict(x=0.1, y=table_y - 0.98, text="on the table"))
    slots = []
    if view.movement_card is not None:
        value = view.movement_value
        slots.append((view.movement_card, f"movement {value}"))
    attack = view.attack
    if attack is not None:
        for chosen, card, val, who in ((attack.attack_chosen, attack.attack_card, attack.attack_value, "attack"),
                                       (attack.defence_chosen, attack.defence_card, attack.defence_value, "defence")):
            if card is not None and (attack.revealed or not public):
                slots.append((card, f"{who}" + (f" {val}" if val is not None else " (yours)")))
            elif chosen:
                slots.append((None, f"{who}: face down"))
    window = view.joker_window
    if window is not None and window.joker is not None:
        slots.append((window.joker, f"joker: {window.named_value}"))
    if not slots:
        labels.append(dict(x=0.5, y=table_y, text="nothing yet"))
    for i, (card, caption) in enumerate(slots):
        x = 0.6 + i * SLOT_STEP
        cards.append(_face(card, values, x, table_y) if card else _back(x, table_y, caption))
        labels.append(dict(x=x + 0.65, y=table_y, text=caption))
    return {"cards": _rows(cards),
            "card_labels": {k: [item[k] for item in labels] for k in ("x", "y", "text")},
            "out": {k: [item[k] for item in out] for k in ("x", "y", "sprite", "note")}}


def _out(view, side: str, y: float) -> list[dict]:
    """``side``'s fighters out of the game, lying down at the right of its row of cards (the board has no square
    for them): a removed fighter still counts in words and to the eye."""
    gone = [f for f in view.fighters.values() if f.side == side and not f.alive]
    colour = side_colour(side, list(_sides(view)))
    return [dict(x=OUT_X - i * OUT_STEP, y=y, sprite=sprite(f.weapon, colour),
                 note=f"{side}'s {FIGURE_WORDS.get(f.weapon, f.weapon)} {_mark(f.id, side)[1:]}: out of the game")
            for i, f in enumerate(gone)]


def _cards(n: int) -> str:
    return f"{n} card{'s' * (n != 1)}"


def anchor(state, action) -> Anchor | None:
    """Where an action sits on the grid (a square's column and row): tap a fighter to nominate it, then the
    square to step or jump to, the door to work, the enemy to attack. Cards stay in the list of actions."""
    if isinstance(action, Nominate):
        return Anchor(None, state.fighters[action.fighter].square)
    mover = state.activated_fighter
    if mover is None:
        return None
    if isinstance(action, Step):
        return _move_anchor(state, mover.square, step(mover.square, action.direction))
    if isinstance(action, Jump):
        return _move_anchor(state, mover.square, step(mover.square, action.direction, action.squares))
    if isinstance(action, ToggleDoor):
        return Anchor(mover.square, action.square)
    if isinstance(action, Attack):
        return Anchor(mover.square, state.fighters[action.target].square)
    return None


def _move_anchor(state, start, square) -> Anchor:
    """A step or jump to ``square``: marked apart (``off``) where ending there removes the fighter (a pit, a deadly
    obstacle), so its words and its mark say it leaves the game."""
    return Anchor(start, square, off=arrival(state.board, square).removes)


TAP_RADIUS = 0.5  # half a square: a tap anywhere in a square means that square


def place(state, square) -> str:
    """A square in plain words, by its terrain (live play's words of an action)."""
    return square_words(STYLES, state.terrain, square)


def name(state, figure_id, seat) -> str | None:
    """A fighter in plain words from ``seat``, by its kind and the number the board writes on it ("your ranged
    fighter 1", the board's g1). Live play's words of an action."""
    fighters = {f.id: _seen(f) for f in state.fighters.values() if f.alive}
    return figure_name(fighters, figure_id, seat, y_down=True)


def live_board(human: str) -> PhlogLayers:
    """The board of live play: the human's own view (their hand face up, the bot's as a count)."""
    return PhlogLayers(human)


# The actions that play a card without naming one, as live play's card buttons show them: the joker's ways (its play
# names a value, not a card; cancelling and declining answer a joker). Action type -> the card's name in card_faces.
CARD_PLAYS = {kind.__name__: "joker" for kind in (PlayJoker, CancelJoker, DeclineJoker)}


def card_faces(state, seat: str) -> dict[str, dict]:
    """The seat's own cards as live play's card buttons show them, by the name its card actions give them (a
    card's code; ``joker`` for a joker, whose play names a value): the face, what it counts, whether it is red.
    From the seat's own view only, so nothing hidden from it is said."""
    view = state.view(seat)
    values = view.settings.card_values
    faces = {}
    for card in view.hand:
        if card.is_joker:
            faces["joker"] = {"face": "JOKER", "does": "changes a card the opponent reveals", "red": False}
        else:
            faces[card.code] = {"face": card.code, "does": f"counts {values.value(card)}", "red": card.suit in RED_SUITS}
    return faces


# -- on the cross-ruleset pages (boards/compare.py, lesson.py and classroom.py read these via boards.family) --

NEEDS = Needs(
    dice="none: cards decide everything",
    cards="one deck of 52 and two jokers (one a player)",
    measuring="none: squares are counted",
    time="not stated by the source",
)
STUDY = Study("corridor", 60, 30, 0)


def pieces_a_side(state) -> dict[str, int]:
    """Fighters a side in ``state`` (the cross-ruleset pages' figures a side)."""
    counts = {side: 0 for side in state.sides}
    for fighter in state.fighters.values():
        counts[fighter.side] += 1
    return counts


def playing_area(state) -> str:
    return f"{state.grid.width} × {state.grid.height} squares"


def attack_remove() -> Fraction:
    """A ranged fighter's attack: each side plays a card from a shuffled deck of 52 (jokers aside), every
    card equally likely; winning by 4 or more removes the loser's figure. Distance and cover play no part."""
    from explorer.core.cards import standard_deck
    from explorer.core.registry import get_ruleset
    from explorer.rulesets.phlog import odds

    values = get_ruleset("phlog").settings().card_values
    deck = standard_deck()
    total = Fraction(0)
    for mine in deck:
        unseen = [c for c in deck if c != mine]
        play = odds.opponent_play(unseen, 1, values, odds.UNIFORM)
        total += odds.odds_for_card(values.value(mine), play, lowest=values.lowest).remove_enemy
    return total / len(deck)


def curve() -> Curve:
    remove = attack_remove()
    return Curve("phlog", "a ranged fighter attacks a fighter; each plays a card at random", "squares", SQUARES,
                 tuple(remove for _ in SQUARES), tuple(remove for _ in SQUARES),
                 "the rules have no cover: the same odds", "any distance in line of sight")


PHLOG_HAND = ("K♠", "9♥", "8♦", "6♣", "4♠", "2♥")
"""Your hand in the phlog exercises: six cards, just drawn."""


def lessons() -> list:
    """The classroom exercises of this ruleset (boards.lesson), each answer its own odds code's."""
    from explorer.core.cards import Card, standard_deck
    from explorer.rulesets.phlog.data import HAND_SIZE, REMOVAL_MARGIN, SIDES
    from explorer.rulesets.phlog.odds import BEST, UNIFORM, odds_for_card, opponent_play_weights
    from explorer.rulesets.phlog.settings import Settings
    from .lesson import Choice, Exercise, percent

    values = Settings().card_values
    hand = [Card.parse(code) for code in PHLOG_HAND]
    unseen = [c for c in standard_deck() if c not in hand] + [Card.joker(side) for side in SIDES]  # both jokers

    def lose(p: Fraction) -> str:
        return "never loses your fighter" if p == 0 else f"loses your fighter {percent(p)}"

    def odds(card: str, assumption: str):
        weights, total = opponent_play_weights(unseen, HAND_SIZE, values, assumption)
        return odds_for_card(values.value(Card.parse(card)), weights, total=total)

    king, nine = odds("K♠", UNIFORM), odds("9♥", UNIFORM)
    careful = odds("K♠", BEST)
    shown = " ".join(PHLOG_HAND)
    rules = ("phlog:attacking.cards", "phlog:attacking.card_values", "phlog:attacking.removal")
    return [
        Exercise(
            "phlog-king-or-nine", "phlog", "The Rules! (with no name): the King or the 9?",
            f"You attack, holding {shown}, at the start of the game (you have seen no other card). Say the "
            "defender plays any card of their hand, all equally likely. Which card gives the better chance of "
            "removing the enemy fighter: the King or the 9?",
            (Choice("The King", king.remove_enemy,
                    f"removes {percent(king.remove_enemy)}, {lose(king.lose_own)}"),
             Choice("The 9", nine.remove_enemy,
                    f"removes {percent(nine.remove_enemy)}, {lose(nine.lose_own)}")),
            rules, "the chance of removing the enemy fighter",
            f"To remove a fighter you must win by {REMOVAL_MARGIN}: the King needs the defender's card at "
            f"{values.value(Card.parse('K♠')) - REMOVAL_MARGIN} or less, the 9 at "
            f"{values.value(Card.parse('9♥')) - REMOVAL_MARGIN} or less."),
        Exercise(
            "phlog-careful-defender", "phlog", "The Rules! (with no name): a careful defender",
            f"The same hand ({shown}) and the King. Is it a better attack against a defender who plays any card "
            "at random, or against one who always plays their highest card?",
            (Choice("Against a random card", king.remove_enemy, f"removes {percent(king.remove_enemy)}"),
             Choice("Against their highest card", careful.remove_enemy, f"removes {percent(careful.remove_enemy)}")),
            rules + ("phlog:setup.hand",), "the chance of removing the enemy fighter",
            "Exact odds rest on an assumption about the other player: say which one you made."),
    ]


def house_rule_odds(settings) -> list[tuple[str, Fraction]]:
    """A few exact chances (or numbers) a house rule may move, for the house-rules lab (boards.classroom)."""
    from collections import Counter

    from explorer.core.cards import standard_deck
    from explorer.rulesets.phlog.mechanics import Trick, spoils_taker

    deck = Counter(settings.card_values.value(card) for card in standard_deck())
    pairs = sum(deck.values()) * (sum(deck.values()) - 1)  # two different cards of one deck, alike likely
    counts = Counter()
    for attack, a in deck.items():
        for defence, d in deck.items():
            trick, ways = Trick(attack, defence, settings.removal_margin), a * (d - (attack == defence))
            counts["removed"] += ways * (trick.removed == "defender")
            counts["lost"] += ways * (trick.removed == "attacker")
            counts["spoils"] += ways * (spoils_taker(trick, settings) == "attacker")
    return [("two random cards: the attacker removes the defender", Fraction(counts["removed"], pairs)),
            ("... the attacker loses his own figure", Fraction(counts["lost"], pairs)),
            ("... the attacker keeps both cards", Fraction(counts["spoils"], pairs))]
