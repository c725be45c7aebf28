"""Where "The Rules! (with no name)" is silent or ambiguous: the choice made, and why."""

from __future__ import annotations

from explorer.core import Ruling

from .data import REMOVAL_MARGIN
from .sections import ref

RULINGS = (
    Ruling("card-values", "What is each card worth?",
           "Ace 1, number cards their number, Jack 11, Queen 12, King 13.",
           "The source never says; counting a king 13 keeps every rank distinct, so fewer tricks tie. "
           "Ace high (14) and court cards all 10 are settings.",
           "ace_high", (ref("attacking.card_values"),)),
    Ruling("court-cards", "Do Jack, Queen and King count 10, as in many card games?",
           "No by default: 11, 12 and 13.",
           "Distinct values make the four-point margin matter more often; a table that prefers 10 can "
           "choose it.", "court_cards_ten", (ref("attacking.card_values"),)),
    Ruling("removal-margin", "May a table change the four points that remove a figure?",
           f"The source's {REMOVAL_MARGIN} is the ruling. A house rule may set removal_margin from 1 (every won "
           "trick removes the loser) to 13 (only an ace against a king, with ace high, could).",
           "'If a player wins by four or more points the losing player will remove their figure': the one "
           "number that decides how deadly a trick is, and so how long a game lasts. A margin of 0 would "
           "remove a figure on a tie, which nobody won, so the least is 1.",
           "removal_margin", (ref("attacking.removal"),)),
    Ruling("ties", "The higher card wins the trick: what happens on a tie?",
           "Nobody wins; each player puts their own card in their own spent pile, and nobody is removed.",
           "With no winner there is nobody to keep both cards. Giving ties to the defender or the attacker "
           "is a setting.", "ties", (ref("attacking.trick"), ref("attacking.spoils"))),
    Ruling("hand-to-hand-adjacent", "Which squares count as 'adjacent' for a hand-to-hand attack?",
           "Orthogonally adjacent only (sharing a side).",
           "Movement is orthogonal only, so fighters meet along sides; diagonal reach is a setting.",
           "diagonal_hand_to_hand", (ref("attacking.hand_to_hand"),)),
    Ruling("line-of-sight", "How is line of sight traced on the grid?",
           "Along the straight line between the two square centres; every square it passes through must "
           "not block. Walls and closed doors (a Star-Trek door is closed unless a fighter stands in it) "
           "block; fighters, pits, obstacles and set dressing do not. Where the line passes exactly through "
           "a corner, it is blocked only if both squares meeting there block.",
           "The source only says 'line-of-sight'. Fighters blocking sight, and strict corners, are settings.",
           "fighters_block_sight", (ref("attacking.line_of_sight"),)),
    Ruling("sight-corners", "Can a fighter see past a corner where two blocking squares do not quite meet?",
           "Yes, if only one of the two squares at the corner blocks.", "It is the generous reading of a "
           "grid drawn through the corners of squares.", "sight_through_corners",
           (ref("attacking.line_of_sight"),)),
    Ruling("spent-piles", "Are spent piles face up?",
           "Yes: every card in a spent pile was shown when it was played, so both players may look at both "
           "spent piles. Draw piles and hands stay hidden; the opponent's hand is shown only as a count.",
           "Nothing secret goes to a spent pile, so hiding it only tests memory.", "spent_piles_face_up",
           (ref("turn.hidden_cards"),)),
    Ruling("reshuffle-when", "When does a player shuffle their spent pile into a new draw pile?",
           "When they must draw and their draw pile is empty. A player with no cards left anywhere simply "
           "draws none.", "'If a player runs out of cards' happens at the moment they need one.", None,
           (ref("setup.reshuffle"),)),
    Ruling("no-card", "What if a player has no card to play?",
           "With no value card in hand after drawing, the player cannot activate a fighter and passes the turn. "
           "A fighter cannot attack without a card in hand; a defender with no card defends with 0.",
           "Winning tricks takes the loser's cards, so a losing band can run short; the game goes on.",
           None, (ref("turn.movement_card"), ref("attacking.cards"))),
    Ruling("jokers-no-value", "Can a joker be played as a movement or attack card?",
           "No. A joker has no value: it is only played against a card the opponent reveals.",
           "The source only describes the joker as a reply to the opponent's card.", None,
           (ref("jokers.play"),)),
    Ruling("jokers-which-cards", "Which revealed cards can a joker target?",
           "The opponent's movement card, and the opponent's card in an attack, whether attacking or "
           "defending. In an attack both cards are revealed together; the defender may joker the attacker's "
           "card first, then the attacker the defender's.",
           "Both cards of an attack are 'revealed for attack'; the defender answers first because the "
           "attacker chose first.", None, (ref("jokers.play"),)),
    Ruling("jokers-ownership", "Whose joker is it once it has changed hands?",
           "Whoever holds it: a joker placed in your spent pile is reshuffled into your draw pile and is "
           "yours to play. When a joker cancels a joker, each player puts the joker they played in their own "
           "spent pile.", "The source names no owner beyond 'their joker'.", None,
           (ref("jokers.spent"), ref("jokers.cancel"))),
    Ruling("joker-always-asked", "Is a player without a joker still asked whether to play one?",
           "Yes, after every revealed card the opponent must decline (or play a joker).",
           "Skipping the question would tell the other player that no joker is held.", None,
           (ref("jokers.play"), ref("turn.hidden_cards"))),
    Ruling("pits-entry", "May a fighter step into a pit?",
           "Yes, but its movement ends there and it is removed from play. A pit can only be crossed by jumping "
           "over it; a jump may also land in it, with the same result.",
           "'A figure ending its movement in a pit is removed' only has force if a fighter can get there.",
           None, (ref("terrain.pits"),)),
    Ruling("obstacles", "What happens to a fighter that ends its movement on an obstacle?",
           "It may step or jump onto an obstacle, but that ends its movement there; it is not removed, and "
           "may step off on a later activation.",
           "'Navigate them as per pits' is about crossing; obstacles 'take more effort', they do not kill. "
           "Deadly obstacles are a setting.", "deadly_obstacles", (ref("terrain.obstacles"),)),
    Ruling("jump-over", "What may a jump pass over?",
           "Floor, pits, obstacles, set dressing, open doors and Star-Trek doors (which open for the jumper). "
           "Not walls (no scaling), not closed doors, and not other fighters.",
           "Fighters 'may not pass through' another fighter's square; jumping over other fighters is a "
           "setting.", "jump_over_fighters", (ref("moving.jump"), ref("moving.occupied"))),
    Ruling("doors-adjacent", "From where may a door be opened or closed?",
           "From a square orthogonally next to it, for one movement point; not while a fighter stands in "
           "the frame. Star-Trek doors cannot be worked by hand.",
           "Movement is orthogonal; the source says a fighter in the frame keeps a door from closing.", None,
           (ref("terrain.doors"), ref("terrain.star_trek_doors"))),
    Ruling("victory", "How is the game won?",
           "A band with no fighters left loses. Optionally the game stops after a number of rounds (a round "
           "is one turn of each player), and the band with more fighters standing wins (equal is a draw).",
           "The source gives no victory condition; wiping out the other band is the plain one.", "max_rounds",
           (ref("turn.victory"),)),
    Ruling("round-limit", "The optional limit used to count turns: what does it count now?",
           "Rounds, as in every ruleset here: max_rounds rounds are two turns each, so both bands always "
           "get the same number of turns. The default is still no limit, so a default game is unchanged; "
           "an old limit of 2N turns is max_rounds N, and an odd number of turns (one band moving once "
           "more than the other) can no longer be chosen.",
           "Stopping after the first player's turn gives that band an extra turn; counting whole rounds is "
           "fairer and is how the other rulesets count.", "max_rounds", (ref("turn.victory"), ref("turn"))),
    Ruling("decisions-by-the-other-player", "Who acts while a joker may be played or a defence card chosen?",
           "The other player: the game waits on their decision (a joker window, or the defender's card) "
           "before the active player goes on, and any other action is refused citing the rule that gives "
           "them the choice.",
           "The source has both players choose at these moments; naming who must answer keeps the turn "
           "order exact.", None, (ref("jokers.play"), ref("attacking.cards"))),
)
