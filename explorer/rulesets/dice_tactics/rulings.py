"""Where Dice Tactics is silent or ambiguous: the choice made, and why.

The source never defines the Operation Track, the Target die, the Target
Zone, the spawn points, the board, the squads' starting strength, the
Action deck or how a game is won: each is designed here, most of them as a
setting with a documented default.
"""

from __future__ import annotations

from explorer.core import Ruling

from .sections import ref

RULINGS = (
    Ruling("victory", "How is a game won?",
           "By victory points (VP). The first player to reach 20 VP wins at once. Otherwise the game ends when the "
           "Operation Track runs out, and the player with more VP wins (equal VP is a draw). A player with no unit "
           "in play and no squad to bolster with loses at once, as the source says.",
           "The source awards VP (Eliminate 3, Capture 1) but never says what they are for. A VP goal gives an "
           "early finish to a dominant player; the track gives every game an end. 20 VP is about three turns of "
           "holding the zone late in the game plus a few kills: reachable, not automatic.",
           "victory_points", (ref("operation.victory"),)),
    Ruling("target-zone", "What is the Target Zone, and what does the Target die mean?",
           "Each board marks a Target Zone (a block of spaces in the middle). At the end of your turn, if at least "
           "one of your units stands in the zone and no enemy unit does, you hold it and score as many VP as the "
           "Target die shows.",
           "The source names the zone (nobody respawns there) and a Target die set to 2, and nothing else. Scoring "
           "the die's value for holding the zone gives both a reason to fight in the middle, and the die a meaning "
           "that grows as the operation goes on.", None, (ref("operation.target_zone"),)),
    Ruling("operation-track", "How long is the Operation Track, and what does reaching a space do?",
           "The track has 8 spaces. The marker starts on space 1 and advances one space at the end of every round "
           "(after the second player's turn) and for each Faster Tech. The Target die is 2 on spaces 1-2 and rises "
           "by 1 every 2 spaces (3, 4, 5 on spaces 7-8; never above 6). When a round ends with the marker on the "
           "last space, the game ends.",
           "A marker that only Faster Tech moves would leave most games without an end; one step a round gives a "
           "clock of 8 rounds, and a rising Target die makes the late turns count more. Both the length and the "
           "step are settings.", "track_length", (ref("operation.track"),)),
    Ruling("target-step", "How fast does the Target die rise?",
           "By 1 every 2 spaces of the Operation Track (the setting target_step).",
           "Slower and the zone matters little; every space and the last rounds dwarf everything else.",
           "target_step", (ref("operation.track"),)),
    Ruling("squad-strength", "What strength do squads start with?",
           "3, when placed at the start and when bolstered.",
           "The source gives no number. A 3 is in the middle of a die: weaker than a respawned unit resting in a "
           "village (4), and two upgrades away from a strong tank. It is a setting.", "squad_strength",
           (ref("setup.supply"), ref("turn.bolster"))),
    Ruling("action-deck", "What is in the Action deck?",
           "Two copies of each of the ten cards: 20 cards.",
           "The draft deals 8 cards at once, so the deck needs more than the ten distinct cards; two copies keep "
           "every card likely to appear. The number of copies is a setting.", "card_copies", (ref("cards"),)),
    Ruling("board", "What does the board look like; where are the spawn points?",
           "Two boards, 9 by 7 and 11 by 7 spaces, each using every kind of terrain, mirror-symmetric, with four spawn points "
           "on each of the west and east edges and the Target Zone as the middle 3 by 3 block. Villages sit on "
           "both flanks so that Bolster has somewhere to go.",
           "The source describes terrain but no board. A mirror-symmetric board makes the choice of side fair and "
           "the second player's first pick a matter of taste.", None, (ref("setup.board"),)),
    Ruling("respawn-where", "Which spawn points may a defeated unit come back on, and who chooses?",
           "Any free spawn point outside the Target Zone, of either side of the board; the attacking player "
           "chooses, for both units.",
           "The source says 'any spawn point outside the Target Zone', and that the attacking player does the "
           "steps of an attack. Respawning only on the owner's own side is a setting.", "respawn_anywhere",
           (ref("attacking.defeat"),)),
    Ruling("no-spawn-point", "What if no spawn point is free when a unit must respawn?",
           "The unit goes back to its owner's supply.",
           "It cannot be placed; the supply is where the source keeps units that are not in play. This is also how "
           "a player can end up with no unit in play, which Bolster is for.", None, (ref("attacking.defeat"),)),
    Ruling("occupied", "May two units share a space?",
           "No: one unit a space. Units cannot move through or onto another unit.",
           "Units are dice standing on the spaces; the source's push ('move it to any adjacent space') only makes "
           "sense if spaces can be full.", None, (ref("moving.occupied"),)),
    Ruling("range", "How is range counted? Does anything block it?",
           "In orthogonal steps (up, down, left, right), like adjacency; nothing blocks an attack.",
           "The source defines adjacency as orthogonal and says nothing about line of sight.", None,
           (ref("attacking.range"),)),
    Ruling("counter-attack", "How is the counter-attack worked out?",
           "As an attack the other way: the defender's strength (after its losses, +1 on a hill) + 1 minus the "
           "attacker's strength (with its own terrain). It needs no range, and Fullmetal and Bullseye do not "
           "apply to it.",
           "The counter-attack is a step of the attack, not a new Attack action, so range and 'at the start of an "
           "Attack' do not apply.", None, (ref("attacking.counter"),)),
    Ruling("machinery-squad", "Where does the squad that replaces a destroyed tank come from?",
           "The tank's die stays on its space and becomes a squad of 1; the supply is not touched.",
           "The source says the tank is removed and replaced, without taking the squad from the supply; a player "
           "whose supply is empty still gets the squad.", None, (ref("attacking.machinery"),)),
    Ruling("windmill-pass", "May a unit pass over a windmill that holds resources?",
           "No: a unit may not enter a windmill while it holds resources (and nothing may be pushed onto it).",
           "The source forbids ending a move there. With orthogonal moves a windmill is always easy to go round, "
           "and forbidding entry keeps a march from ending with a unit stuck on one.", None,
           (ref("terrain.windmill"),)),
    Ruling("upgrade-where", "Which squads can a tower upgrade?",
           "Any of your squads anywhere, except one standing in a village (the source) or in water or a forest "
           "(a tank could not stand there). The tank comes from the supply and takes the squad's place; the squad "
           "goes to the supply.", "A tank cannot enter water or a forest, so it cannot appear there either.",
           None, (ref("terrain.tower"),)),
    Ruling("ballista-attack", "Is a ballista shot an attack?",
           "It is an attack with fixed losses: a defender brought to 0 respawns and the shooter chooses eliminate "
           "or capture. There is no counter-attack, no push and no Fullmetal, Bullseye or Scare Tactics.",
           "The source calls it an attack that deals 3 losses; the numbers and steps of an Attack action do not "
           "apply.", None, (ref("terrain.ballista"),)),
    Ruling("bolster-villages", "Which are 'the 2 villages furthest from the Target Zone'?",
           "Villages are ranked by their distance (orthogonal steps) to the nearest space of the zone; ties go to "
           "the villages nearer your own spawn points. Bolster places its squads on the free ones of those two, at "
           "the squads' starting strength.",
           "A symmetric board has four villages at the same distance; a player bolsters on their own side.", None,
           (ref("turn.bolster"),)),
    Ruling("bolster-count", "Does Bolster place 2 squads, or may the player place just 1?",
           "Bolster places as many squads as it can: 2, or fewer when only one of the two villages is free or the "
           "supply holds one squad. With bolster='choose' the player may place 1 and keep the other in the supply.",
           "'Place up to 2 Squads' may mean the most the villages allow or a choice left to the player; keeping a "
           "squad back matters, since an empty supply loses the game when no unit is in play. Placing both is the "
           "plain reading of a rescue action; the setting allows the other.",
           "bolster", (ref("turn.bolster"),)),
    Ruling("start-order", "May the ballista fire before the action card is played?",
           "Yes: the card (played or ignored) and the ballista's shot both belong to the start of the turn, in the "
           "order the player likes, before the first action. With start_order='card_first' the card comes first: "
           "once the ballista has fired, no card may be played or ignored that turn.",
           "Both are 'at the start of your turn' and the source orders neither; the turn's rules list the action "
           "cards first, which some tables will read as an order, so that reading is a setting.",
           "start_order", (ref("cards.play"), ref("terrain.ballista"))),
    Ruling("scare-cap", "Does Scare Tactics' 'no more than 6 strength' count the terrain?",
           "Yes: the card's +1 is added only as far as the defending strength with its terrain reaches 6 "
           "(a 5 in a forest defends at 6, card or not). With scare_cap='before_terrain' the cap holds for the die "
           "alone and the terrain is added after (that 5 in a forest defends at 7 with the card).",
           "'A Unit can have no more than 6 strength' may speak of the unit's die, which can show no more than 6, "
           "or of the strength the losses are worked out with, which the card is about. The default keeps the "
           "card from lifting any defence above 6 that terrain alone would not.",
           "scare_cap", (ref("cards.scare_tactics"), ref("terrain"))),
    Ruling("empty-supply", "When does an empty supply lose the game?",
           "When a player has no unit in play and no squad in the supply: tanks cannot be bolstered.",
           "Bolster places squads only, so a supply of tanks alone cannot save a player.", None,
           (ref("turn.empty_supply"),)),
    Ruling("temporary-resource", "What does ignoring a card give?",
           "One resource that is spent before your own and vanishes at the end of the turn. The ignored card goes "
           "back into the deck, which is shuffled, as a played card does.",
           "The source says the resource lasts until the end of the turn.", None, (ref("cards.play"),)),
    Ruling("card-timing", "When do the effects of cards that last begin and end?",
           "Exhaustion, Fuel Shortage and Supply and Demand hold through the opponent's next turn; Scare Tactics "
           "protects your units through the opponent's next turn; Bullseye lasts until your next Attack this turn "
           "and Navigation Expert until your next March this turn, and both are lost at the end of the turn. "
           "Forward! and Fuel Shortage count as a March (Exhaustion and Fuel Shortage apply to Forward!).",
           "These are the source's words, read literally.", None, (ref("cards.play"),)),
    Ruling("windmill-resources", "How many resources does a windmill hold?",
           "3 at the start of the game.",
           "The source puts resources on windmills but never says how many. Three gives a reason to go there "
           "without making it richer than a capture.", "windmill_resources", (ref("terrain.windmill"),)),
    Ruling("older-draft", "What about the block between the //// lines of the source?",
           "It is an older draft and is not in force: it is mentioned in the book as history only.",
           "The source comments it out; its numbers (tanks at squad + 1, a 2-loss ballista) differ from the rules "
           "above it.", None, (ref("terrain"),)),
)
