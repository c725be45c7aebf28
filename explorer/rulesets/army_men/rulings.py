"""Where the army-men page is silent, loose or contradicts itself: our choices, and the settings.

:data:`RULINGS` is data the book's Rulings page renders; :class:`Settings`
holds the choices where players reasonably differ. Each ruling's ``setting``
names the field of :class:`Settings` that changes it.
"""

from __future__ import annotations

from explorer.core import RuleRef, Ruling, setting, settings_class

VARIANTS = ("tutorial", "standard")
SIDES = ("green", "tan")
COHESION_CHOICES = ("forbidden", "allowed")
LEADERSHIP_CHOICES = ("penalty", "literal", "easier_target")
FLAG_TURNS = ("in_a_row", "in_all")
DEPLOYMENT_CHOICES = ("scenario", "players")


@settings_class
class Settings:
    """The house rules of one game (every default is the ruling below); checked by type and range."""

    variant: str | None = setting(None, choices=VARIANTS)  # None: the scenario's own variant
    first_side: str = setting("green", choices=SIDES)
    deployment: str = setting("scenario", choices=DEPLOYMENT_CHOICES)  # the scenario sets up, or the players do
    leave_cohesion: str = setting("forbidden", choices=COHESION_CHOICES)
    leadership: str = setting("penalty", choices=LEADERSHIP_CHOICES)
    standard_moving_target: bool = setting(False)  # the tutorial's -1 for a target that moved, in the standard too
    flag_turns: str = setting("in_a_row", choices=FLAG_TURNS)  # capture the flag: turns held in a row, or in all
    max_rounds: int | None = setting(20, low=1, high=1000)

    @property
    def standard(self) -> bool:
        return self.variant == "standard"

    def first_of(self, sides: tuple[str, str]) -> str:
        """Who plays first in every round: ``first_side``, or the first of ``sides`` when no side has that name."""
        return self.first_side if self.first_side in sides else sides[0]


def _ref(section: str) -> RuleRef:
    return RuleRef("army_men", section)


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "variant", "The Tutorial Rules or the Standard Rules?",
        "Both are played by the one ruleset army_men; the setting variant chooses ('tutorial' or 'standard'). "
        "Left unset, a scenario plays its own variant: the tutorial's first game the tutorial, the skirmish the "
        "standard.",
        "The standard rules are the tutorial's with additions and changed numbers; one ruleset with a setting keeps "
        "one catalogue, one save format and one set of tests, and lets a class play the tutorial squad by the "
        "standard numbers.",
        "variant", (_ref("turn"), _ref("standard")),
    ),
    Ruling(
        "date", "When was the page written, and by whom?",
        "We record the year 2021 and the author as unnamed; no licence is stated.",
        "The page names no author and no date. It loads Bootstrap 5.0.0-beta1, which was current from December "
        "2020 to February 2021, so it cannot be older than December 2020 and is most likely from early 2021.",
        None, (_ref("equipment"),),
    ),
    Ruling(
        "distances", "Where are distances measured, and is 'within' inclusive?",
        "Centre of base to centre of base, every base half an inch across; 'within' and 'in range' include the "
        "distance itself (exactly 10 inches is within half of a 20-inch range).",
        "The page measures with a tape and says nothing of bases; inclusive distances are the usual tabletop "
        "reading and make 'exactly half range' a clear case.",
        None, (_ref("shooting.range"), _ref("moving.cohesion")),
    ),
    Ruling(
        "deployment", "What do '24\" away' and 'no more than 4\" apart' mean at deployment?",
        "No trooper stands nearer than 24 inches to an enemy trooper, and every trooper stands within 4 inches of "
        "another member of its squad (the same cohesion as in play).",
        "Measured between the nearest opposing troopers the squads are at least 24 inches apart wherever they "
        "stand; 'apart' read pair by pair would forbid a squad of five in a line.",
        None, (_ref("deployment"),),
    ),
    Ruling(
        "deployment_phase", "Who sets up first, and how?",
        "With deployment='players' the players set up before the first turn, one trooper at a time in the order of "
        "the army list: first the whole army of the side that plays second, then the side that plays first. Each "
        "trooper is placed anywhere on the table at least 24 inches from every enemy trooper already placed and, "
        "unless it is the first of its squad, within 4 inches of a squad mate already placed. With "
        "deployment='scenario' (the default) the scenario's own set-up is used, which keeps both rules.",
        "The page says how far apart the squads stand, not who places first. Checking each trooper as it is placed "
        "means no placement is ever undone and the finished set-up keeps both rules; the side that moves second "
        "places first so that moving first and seeing the enemy's set-up are not both one side's.",
        "deployment", (_ref("deployment"),),
    ),
    Ruling(
        "first_side", "Who goes first?",
        "Green, unless the setting first_side says tan. Every round begins with that side's turn and ends after "
        "the other's, so both play as many turns before the round limit.",
        "The page does not say; players toss a coin, and the setting records the toss.",
        "first_side", (_ref("turn"),),
    ),
    Ruling(
        "action_step", "Does each trooper finish its action step before the next acts?",
        "Yes. A trooper's step is: shoot (or not), then move (or not), and combat follows the move at once. "
        "Once another trooper acts, the earlier trooper's step is over, even if it did not move.",
        "'Each of his troopers take one action step' and 'they must shoot before moving': interleaving two troopers' "
        "shots and moves would let one shot reveal where the next trooper should go, which the page does not hint at.",
        None, (_ref("turn"), _ref("turn.action_step")),
    ),
    Ruling(
        "moved_previous_turn", "What is 'the target moved in the previous turn'?",
        "The target moved (walked, ran away from a fight or charged) during its own side's most recent turn.",
        "Sides take turns, so the turn before the shooter's is the target's own; a trooper that stood still then is "
        "an easy target even if it moved long ago.",
        None, (_ref("shooting.moving_target"),),
    ),
    Ruling(
        "modifier_direction", "Which way does each modifier point?",
        "Every modifier is worked into the number the die must reach: the tutorial's '-1' to the roll for a moving "
        "target adds 1 to the number needed, as the standard's cover does. No face always hits or always misses: a "
        "shot needing more than 6 cannot be made.",
        "On a D6 with no automatic result, taking 1 from the roll and adding 1 to the number needed are the same "
        "chance (the page's own example: a 5 beyond half range, needing 5, misses a moving target). Refusing "
        "hopeless shots spares a roll that cannot matter.",
        None, (_ref("shooting.to_hit"), _ref("shooting.moving_target"), _ref("standard.cover")),
    ),
    Ruling(
        "standard_moving_target", "Does the moving-target -1 apply in the Standard Rules?",
        "No: the standard's shooting section has the new numbers (6 in range, 5 or 6 within half) and no moving "
        "target. The setting standard_moving_target puts the tutorial's -1 back.",
        "The draft rewrote the shooting section and left the sentence out; with 6 needed in range it would make "
        "every shot at a trooper that moved impossible beyond half range.",
        "standard_moving_target", (_ref("standard.shooting"), _ref("shooting.moving_target")),
    ),
    Ruling(
        "rate_of_fire", "What does a rate of fire above 1 do against one trooper?",
        "The shooter rolls all its dice at the one target; the target dies if any die reaches the number needed "
        "(one kill at most).",
        "'Select an enemy trooper as the target ... rolls one dice per rate of fire, and kills the enemy trooper': "
        "one target per shot, and a trooper can die only once.",
        None, (_ref("shooting.rate_of_fire"),),
    ),
    Ruling(
        "half_rate", "What is the mortar's rate of fire of 1/2?",
        "One die, every other turn: a mortar, bazooka or RPG that fired in its side's last turn may not fire in "
        "this one.",
        "Half a roll a turn is one roll every two turns.",
        None, (_ref("standard.area_effect"), _ref("shooting.rate_of_fire")),
    ),
    Ruling(
        "friendly_fire", "Who is 'in combat', and which combatant does the D2 pick?",
        "A trooper in a tied fight (still in combat) may be targeted. After a hit, a D2 (a D6: 1-3 is 1, 4-6 is 2) "
        "decides: 1 kills the shooter's own trooper in that fight (the first by name, if several), 2 the target.",
        "A fight that is won or lost ends at once; only a tie leaves two troopers locked in combat. '1 is your "
        "trooper, 2 is theirs.'",
        None, (_ref("shooting.friendly_fire"),),
    ),
    Ruling(
        "cohesion", "When is cohesion checked, and is leaving it forbidden or penalised?",
        "Where a move ends: it may not end more than 4 inches from every other living member of the squad "
        "(leave_cohesion='forbidden'). A trooper already cut off (its friends fell) may move anywhere, and a move "
        "off the table is never refused for cohesion. With leave_cohesion='allowed' any move is allowed and only "
        "the standard's leadership penalty follows.",
        "The tutorial says troopers 'must stay within 4\"'; the standard's leadership rule speaks of troopers out "
        "of it 'for some reason', which casualties supply.",
        "leave_cohesion", (_ref("moving.cohesion"), _ref("standard.leadership")),
    ),
    Ruling(
        "leadership", "What does the leadership '+1 modifier' do?",
        "A trooper out of cohesion (checked when the dice are rolled) fights worse: its shots need 1 more and it "
        "scores 1 less in combat (leadership='penalty'). leadership='literal' adds 1 to its own rolls as written "
        "(5s count as 6s); 'easier_target' adds 1 to rolls made against it. The blast die of an area weapon is "
        "rolled for the trooper it may kill, and every reading agrees there: out of cohesion, his 5 counts as a 6 "
        "and he dies on a 5 or a 6.",
        "The page says +1 to 'all dice rolls for this individual', that '5's rolled for them will count as 6's', "
        "and that this shows 'reduced morale'. The first two help the trooper, the last hurts it; the purpose "
        "decides, and the settings keep both literal readings.",
        "leadership", (_ref("standard.leadership"),),
    ),
    Ruling(
        "contact", "When do troopers 'come into contact', and who attacks?",
        "When their bases touch. Combat follows the move that made contact at once; the side that moved in is the "
        "attacker.",
        "The page has combat as the third part of the action step, after moving.",
        None, (_ref("combat"), _ref("combat.initiative")),
    ),
    Ruling(
        "ganging_up", "Who fights whom when numbers are unequal?",
        "Everyone in a chain of base contact with the mover's enemies fights. Each trooper of the larger side is "
        "paired with an enemy it touches (the one with fewest pairs so far), and any trooper left unpaired is "
        "paired too; the larger side adds +1 per extra trooper, on top of the attacker's +1. Pairs are fought in "
        "turn and a trooper that dies fights no more pairs.",
        "'The single trooper rolls regularly, but the three troopers all get a +2 modifier ... The results of each "
        "pair is determined seperately.' A dead trooper cannot fight on.",
        None, (_ref("combat.ganging_up"),),
    ),
    Ruling(
        "tie", "What happens after a tie?",
        "The two stay locked in combat. In each following turn the trooper of the side to play must run away (a "
        "move that ends out of contact with its opponent) or fight on before its side's turn ends; the fight on "
        "has no modifier in the tutorial and +1 for the one fighting on in the standard. A trooper in combat may "
        "not shoot. Another tie locks them again.",
        "Tutorial: 'the attacked trooper can choose to run away, or continue the fight, but may not shoot ... the "
        "scoring has no modifier'. Standard: 'niether trooper can attack, and the attacked trooper can choose to "
        "run away, or continue the fight, taking the attack +1 advantage'.",
        None, (_ref("combat.tie"), _ref("standard.combat")),
    ),
    Ruling(
        "cover", "When is a trooper 'more than half concealed'?",
        "When more than half of the sight lines from the shooter's eye to its base are cut by solid terrain or "
        "pass through hedges, bushes and fences. Cover counts in the standard rules only.",
        "The engine traces five lines across the target's base; three or more hidden is more than half.",
        None, (_ref("standard.cover"), _ref("shooting.line_of_sight")),
    ),
    Ruling(
        "area_effect", "How do area-effect weapons work in detail?",
        "No roll to hit: the aim needs range and line of sight to a target trooper, then every trooper in play "
        "within 6 inches of the target, of either side and the target included, rolls a D6 and dies on a 6; cover "
        "does not help. The grenadier may fire and move in one step; the mortar (bazooka, RPG) and flamethrower "
        "may not move after firing.",
        "'All troopers (on any side) within 6\" of the target trooper must roll 1D6' names no to-hit roll and no "
        "cover; 'area effect weapons (except grenades) ... cannot fire and move in the same turn'.",
        None, (_ref("standard.area_effect"),),
    ),
    Ruling(
        "heavy", "Which profiles do the 'heavy' 30 points buy, and what is a special weapon?",
        "The three rows of the area-effect table (mortar/bazooka/RPG, grenadier, flamethrower) are the heavy "
        "weapons, 30 points each; they and the submachine gunner are the special weapons, at most two a squad.",
        "The points table has one 'heavy' row whose profile says 'see table below', and that table lists those "
        "three.",
        None, (_ref("standard.army"), _ref("standard.squads")),
    ),
    Ruling(
        "squad_size", "Does the sargent count in a squad of 5-10?",
        "Yes: a squad is 5 to 10 troopers of every kind, the sargent included.",
        "'Squads are 5-10 troopers. Each squad can include a sargent': the sargent is one of them.",
        None, (_ref("standard.squads"),),
    ),
    Ruling(
        "prone", "How do prone troopers work?",
        "A figure is prone or standing for the whole game (it is moulded that way): prone, it moves half and "
        "shoots to double the range of its profile, and its half-range band doubles with it. Prone figures are a "
        "standard rule only.",
        "'Regular men cannot be switched back and forth with prone men. For simplicity, kneeling men are "
        "considered to be standing.' The page gives prone men no cover, so none is given.",
        None, (_ref("standard.prone"),),
    ),
    Ruling(
        "climbing", "How tall are obstacles?",
        "There is no height model: solid terrain (walls, houses, rocks) is taller than a trooper and cannot be "
        "entered; hedges and fences are low and crossed freely, at no cost, standing or prone.",
        "'Troopers can climb obstacles as long as they are not taller than the trooper. No penalty is applied for "
        "climbing.' Two kinds of terrain say which pieces are which.",
        None, (_ref("moving.climbing"),),
    ),
    Ruling(
        "path", "How is a move 'not in a straight line' measured?",
        "Along the shortest way round solid terrain (straight, or turning at one corner); bases may not pass "
        "through solid terrain.",
        "'Movement does not need to be in a straight line': the allowance is spent on the path walked.",
        None, (_ref("moving"),),
    ),
    Ruling(
        "off_table", "When has a trooper left the table?",
        "When a move ends with its base not wholly on the table; it is out of play for good and counts as lost.",
        "'Troopers moving beyond the edge of the table cannot be returned to play.'",
        None, (_ref("moving.off_table"),),
    ),
    Ruling(
        "vehicles", "What about tanks and boats?",
        "There are no vehicles: the Tanks and Boats sections of the draft are empty, so nothing says how a vehicle "
        "moves, shoots or dies.",
        "Inventing a whole vehicle rule would not be the page's game; the cover rule's 'vehicles do not benefit "
        "from cover' has nothing to apply to.",
        None, (_ref("standard.vehicles"),),
    ),
    Ruling(
        "capture_the_flag", "How is capture the flag played?",
        "The marker stands where the scenario puts it. Each side rolls its own terms before play: 2D6 troopers "
        "(no more than it fielded), within 1D6 inches (centre to the marker), at the beginning of 1D3 of its own "
        "turns, a D3 read off a D6. The beginning of a turn is when the other side ends its turn (the very first "
        "turn does not count). The turns must come in a row (flag_turns='in_a_row': a turn short resets the count) "
        "or may be any (flag_turns='in_all'). The first side to meet its terms wins; annihilation still wins too.",
        "'Roll 2D6 to determine the number of troopers ... you need to have within 1D6 inches at the beginning of "
        "1D3 turns for that player'. A 12 against a side of eight could never be met; 'for the start of 2 turns' "
        "reads most naturally as two turns running, holding the ground.",
        "flag_turns", (_ref("standard.capture_the_flag"),),
    ),
    Ruling(
        "victory", "How is the game won?",
        "The last side with troopers in play wins. After max_rounds rounds (20 unless set), the side with more "
        "troopers in play wins, or it is a draw.",
        "The page leaves 'terms of victory (annihilation, capture the flag, etc.)' to the players; annihilation "
        "with a round limit always ends.",
        "max_rounds", (_ref("turn"),),
    ),
)
