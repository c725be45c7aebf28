"""Where the 1BC sheet is silent, loose or contradicts itself: our choices, and the settings.

:data:`RULINGS` is data the book's Rulings page renders; :class:`Settings`
holds the choices where players reasonably differ (the advanced rules are
settings too, each on or off). Each ruling's ``setting`` names the field of
:class:`Settings` that changes it.
"""

from __future__ import annotations

from explorer.core import RuleRef, Ruling, setting, settings_class

SIDES = ("green", "tan")
MEASURING = ("inches", "sheet")
MORALE_THRESHOLD = ("at_half", "below_half")
MORALE_WHEN = ("own_turn", "end_of_round")
ACTIVATION = ("army", "squad")
GANG_LOSS = ("all", "one")
RIFLE_SHORT = (8, 12)


@settings_class
class Settings:
    """The house rules of one game (every default is the ruling below); checked by type and range."""

    first_side: str = setting("green", choices=SIDES)          # who rolls the first initiative
    rifle_short: int = setting(8, choices=RIFLE_SHORT)          # the rifle's short range, lost from the chart
    measuring: str = setting("inches", choices=MEASURING)       # 'sheet': round to the 8.5 x 11 rules sheet
    gang_loss: str = setting("all", choices=GANG_LOSS)          # a defender who wins against a gang beats all, or one
    wounding: bool = setting(False)                             # advanced wounding rules
    morale: bool = setting(False)                               # advanced morale rules
    morale_threshold: str = setting("at_half", choices=MORALE_THRESHOLD)
    morale_when: str = setting("own_turn", choices=MORALE_WHEN)
    overwatch: bool = setting(False)                            # advanced overwatch rules
    activation: str = setting("army", choices=ACTIVATION)       # 'squad': the advanced turn sequence
    max_rounds: int | None = setting(12, low=1, high=1000)


def _ref(section: str) -> RuleRef:
    return RuleRef("one_brain_cell", section)


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "weapons_chart", "The weapons chart lost its column of weapon names: which row is which weapon?",
        "Pistol 4/12 inches, one die; rifle (short range: see the next ruling)/24 inches, one die; light machine "
        "gun 8/24, two dice; heavy machine gun 8/36, three dice, no moving and shooting; bazooka at least 8/24, "
        "four dice, always long range; flamethrower 8 inches and no long range, four dice, always short range; "
        "mortar at least 8/36, three dice, always long range, indirect fire through a spotter; sniper rifle 12/36, "
        "three dice, one hit at most.",
        "Each row's Special text repeats the numbered Special Weapons list word for word (two dice, three dice and "
        "no moving, four dice and always long...), in the same order; the two rows above them with no special rule "
        "are the pistol and the rifle, the only other weapons the sheet names; and the stray line of ranges that "
        "the extraction left under the chart gives '4\" 12\"' for the first row, which the chart itself lost. The "
        "Weapons page goes through it row by row.",
        None, (_ref("weapons.chart"),),
    ),
    Ruling(
        "rifle_short_range", "What is the rifle's short range?",
        "8 inches (long range 24). The setting rifle_short makes it 12.",
        "The chart kept only the rifle's 24-inch long range. The stray line of ranges begins with an 8\" that no "
        "other row claims, and four of the five weapons with both ranges have a long range three times the short "
        "(4/12, 8/24, 12/36, and the rifle's 8/24 would make it the same as the light machine gun's). 12 inches, "
        "the sniper rifle's short range and half the long, is the other reading players may prefer.",
        "rifle_short", (_ref("weapons.chart"),),
    ),
    Ruling(
        "distances", "Where are distances measured, and is 'within' inclusive?",
        "Centre of base to centre of base for ranges, moves and the 4-inch squad distance; edge to edge of the bases "
        "for H2H's 1 inch; 'within' and 'up to' include the distance itself (exactly 8 inches is short range for an "
        "8-inch weapon).",
        "The sheet measures with a tape and says nothing of bases. Every base is half an inch across (as in every "
        "tabletop ruleset of this book), so 'within 1 inch' of H2H means the bases are an inch or less apart.",
        None, (_ref("shooting.range"), _ref("combat.locked")),
    ),
    Ruling(
        "leader_in_squad", "Is the leader one of the 5-10 troopers, and what does he carry?",
        "The leader is one of the 5 to 10 figures of his squad, one leader a squad, and carries a pistol or a rifle "
        "(never a special weapon).",
        "'Squads should be 5-10 troopers with a leader': the morale example speaks of 'a squad of 10 men', the leader "
        "among them. A special weapon costs 3 points and a leader 2: a figure is one or the other.",
        None, (_ref("squads"), _ref("squads.points")),
    ),
    Ruling(
        "cohesion", "What do 'all 6's rolled for them count as 5's' change?",
        "A trooper more than 4 inches from every other living member of his squad reads a 6 as a 5 on every die "
        "rolled for him: to hit (so he cannot hit a shot that needs a 6), in H2H (his 6 adds up as a 5) and for his "
        "charge (a 6 moves him 5 inches: 2D6 reach 10 at most, and 10 only on two 5s or 6s, 1 in 9). Rolls "
        "made for the whole squad (morale) or for his wounds are not his.",
        "The sheet says 'all 6's rolled for them'; a die rolled for a wound is rolled on him, not for him, and "
        "a wound of 6 is a kill as much as a 5 is.",
        None, (_ref("squads.cohesion"),),
    ),
    Ruling(
        "initiative", "How is initiative rolled, and what of a tie?",
        "Each player rolls a die at the start of every round; a tie is rolled again. The high roller chooses to be "
        "player A (who plays first) or B. In the game the first roll is made by the setting first_side's player, "
        "later ones by the player who played last.",
        "The sheet says 'high roller decides', which a tie cannot answer; rolling again is the usual way. Who "
        "presses the button changes nothing: both dice are rolled together.",
        "first_side", (_ref("turn.initiative"),),
    ),
    Ruling(
        "run", "When can a figure not run?",
        "When any enemy figure in play is within 12 inches of it at the start of its move. Rough terrain holds "
        "every move to 4 inches: a move that starts, ends or passes through rough terrain is a rough-terrain move.",
        "'Can not Run when within 12\" of enemy' is measured where the run starts, as a player would before moving; "
        "measuring along the route would forbid running past an enemy's flank, which the sheet does not hint at.",
        None, (_ref("moving"), _ref("moving.rough")),
    ),
    Ruling(
        "charge", "How does a charge move, and when does it fall short?",
        "The charger names an enemy it can see whose base is within reach of the best roll (12 inches plus 1, or 6 "
        "plus 1 from rough terrain), rolls 2D6 (1D6 if it starts in or crosses rough terrain) and moves that many "
        "inches straight at the target, stopping when the bases touch. Within 1 inch of the target, they are "
        "locked in H2H; otherwise the charge fell short and the charger stands where the roll left it. A charge "
        "is the charger's move: it may not walk or shoot as well. A defender already locked with three of the "
        "charger's side may not be charged by a fourth (up to 3 attackers gang up on one defender).",
        "'Roll two dice and move that number of inches. Sometimes the soldier will get cold feet'. Moving straight "
        "at the target makes the chance of arriving exact (the book shows it) and needs no choice after the roll.",
        None, (_ref("moving.charge"),),
    ),
    Ruling(
        "must_charge", "May a walking figure stop next to an enemy?",
        "No: a walk or run may not end within 1 inch of a standing enemy. Only a charge enters H2H.",
        "'A figure wishing to enter H2H Combat Must Charge (they may not walk, etc.)'.",
        None, (_ref("moving.charge"), _ref("combat.locked")),
    ),
    Ruling(
        "cover", "What is 'behind cover'?",
        "A target is in cover when the shooter sees it only in part: a wall or a building hides some of it, or a "
        "bush, hedge or fence (semi-solid terrain) stands between them. A target standing in rough terrain counts as "
        "in cover too. Figures in the way block sight but give no cover.",
        "The sheet asks players to 'agree before the game as to which things are cover and rough terrain'; the "
        "scenarios' terrain is marked solid (blocks sight), semi-solid (cover), hill or rough, and the engine measures "
        "sight with five lines across the target's base (the book's tabletop rule).",
        None, (_ref("shooting.cover"),),
    ),
    Ruling(
        "multiple_hits", "Who is removed when an attack scores several hits?",
        "The target first; then figures of the target's squad, the nearest to the target first (a tie by name), "
        "whether or not the shooter could see or reach them. Hits beyond the squad's figures are lost.",
        "'The attacker removes the initial figure and then the defender removes additional figures starting with the "
        "next one(s) closest': closest to the first figure, within the 'enemy squad' the sentence before names. The "
        "defender has no real choice left but ties, which we break by name.",
        None, (_ref("shooting.multiple_hits"),),
    ),
    Ruling(
        "h2h_shooting", "Can figures in H2H shoot or be shot?",
        "Figures locked in H2H may not shoot (nor move away). They may be shot at, by anyone who can see them.",
        "'Neither figure may move away' and they fight instead; the sheet forbids no shot at them, and the figures "
        "around them still block sight.",
        None, (_ref("combat.locked"),),
    ),
    Ruling(
        "h2h_when", "When are H2H fights fought, and who is the attacker?",
        "In every fight step, the active player's figures fight each enemy they are locked with: the enemy is the "
        "defender, up to three of the active player's figures touching it are the attackers. A tied fight is simply "
        "fought again in the next fight step, the other player's.",
        "The turn order gives each player a 'Fights H2H' step; 'fight again next round' is the next fight. Fighting "
        "every lock in every fight step keeps a fight from lasting forever when neither side moves away (they may "
        "not).",
        None, (_ref("combat"), _ref("turn")),
    ),
    Ruling(
        "gang_loss", "Three attackers roll against one defender and the defender rolls highest: who is removed?",
        "All three: the highest roll wins and every loser is removed. The setting gang_loss='one' removes only "
        "the attacker with the lowest total.",
        "'The highest roll wins. Losers are removed immediately': the plural covers a gang. With +2 each, a gang of "
        "three wins most fights, so losing all three is rare.",
        "gang_loss", (_ref("combat.result"),),
    ),
    Ruling(
        "downed", "What can stunned and dazed figures do?",
        "Nothing: they lie on the board, may be shot at (a new hit rolls again on the wound table, and the worse "
        "result stands), do not block sight, and neither lock nor are locked in H2H. They count as figures left "
        "alive for morale. They recover at the start of their own side's next turn: stunned ones stand up, dazed "
        "ones become stunned.",
        "'Recovers next turn and can act normally' and 'becomes stunned next turn'. A figure lying on its back does "
        "not fight; wounds come from hits, and H2H's losers are removed at once, as the sheet says.",
        "wounding", (_ref("advanced.wounding"),),
    ),
    Ruling(
        "morale_threshold", "Does a squad at exactly half its starting number test morale?",
        "Yes: a squad at or below half tests. The setting morale_threshold='below_half' keeps the text's 'less than "
        "half'.",
        "The sheet's own example tests a squad of 10 reduced to 5, which 'less than half' would not; the example is "
        "the clearer of the two, and with a roll above 5 needed to rout, testing at half rarely matters.",
        "morale_threshold", (_ref("advanced.morale"),),
    ),
    Ruling(
        "morale_when", "When is morale tested: after each player's turn, or after both?",
        "At the end of each player's own turn, for that player's squads. The setting morale_when='end_of_round' "
        "tests both players' squads after player B's turn, as the turn order's last line reads.",
        "The morale section says 'at the end of a players turn, any of their units'; the turn order's '(Players "
        "A+B Test for Morale)' is a summary at the end of the list. Both readings are reasonable.",
        "morale_when", (_ref("advanced.morale"), _ref("turn")),
    ),
    Ruling(
        "routed", "What happens to a routed squad?",
        "Its figures leave the battle at once (they count as out of play, like the dead).",
        "'The squad Routs and flees from the battle' and the example: 'the unit Routs and is removed from the board'.",
        None, (_ref("advanced.morale"),),
    ),
    Ruling(
        "overwatch", "When may a squad go on overwatch, and when does it fire?",
        "In its own move or shoot step, a squad none of whose figures has moved, shot or fought this turn (and none "
        "locked in H2H) may go on overwatch; it then does nothing more this turn. During the enemy's turn, when an "
        "enemy figure it can see ends a walk, run or charge, or shoots at the squad, the squad's pistols and rifles "
        "that can see and reach that figure may fire at it (the token is then removed) or hold. The token goes at "
        "the start of the squad's own next turn.",
        "The sheet: 'may shoot at any enemy that is in its line of site and moves or shoots at them. This action "
        "interrupts the active player's turn'. The engine asks the overwatching player after the move (at the spot "
        "the figure reached) or the shot; where fire is simultaneous (a shot at the squad), figures that the shot "
        "hit still fire back.",
        "overwatch", (_ref("advanced.overwatch"),),
    ),
    Ruling(
        "activation", "What is a turn in the advanced turn sequence?",
        "Player A activates one squad (it moves, shoots and fights H2H), then player B one squad; then the round "
        "ends and initiative is rolled again. The squad is the one whose figure acts first in the turn.",
        "'On their turn, players activate only one Squad instead of their entire army': the turn order stays as it "
        "was, a turn just moves one squad.",
        "activation", (_ref("advanced.activation"),),
    ),
    Ruling(
        "sheet_measuring", "What does measuring with the rules sheet round?",
        "Every fixed distance of the rules: 4 inches become half the sheet's width (4.25), 8 its width (8.5), 12 its "
        "length (11), 24 twice its length (22) and 36 three times (33). Rolled charges and the inch of H2H stay in "
        "inches.",
        "'Round all measurements to equal half the page width, the entire width, the length, twice the length, or "
        "three times the length': each of the sheet's distances stands for the rule's number nearest to it.",
        "measuring", (_ref("measuring"),),
    ),
    Ruling(
        "victory", "How does a game end?",
        "When one side has no figure left in play (dead or routed), or after max_rounds rounds (12 unless set): the "
        "side with more figures in play wins, equal is a draw.",
        "The sheet names no victory condition; 'a game with 2 or 3 squads on a side can be played in an hour or "
        "so'. Last side standing is the plain reading; the round limit keeps games to that hour.",
        "max_rounds", (_ref("turn"),),
    ),
    Ruling(
        "date", "Who wrote the sheet, and when?",
        "Pete Kautz, 2001, as the sheet's title says.",
        "The sheet names its author and year and asks for feedback by e-mail.",
        None, (_ref("equipment"),),
    ),
)
