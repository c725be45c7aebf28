"""Where the Simple Plastic Wargame is silent or loose: our choices, and the settings.

:data:`RULINGS` is data the book's Rulings page renders; :class:`Settings`
holds the choices where players reasonably differ. Each ruling's ``setting``
names the field of :class:`Settings` that changes it.
"""

from __future__ import annotations

from explorer.core import RuleRef, Ruling, setting, settings_class
from explorer.core.tabletop import BASE_DIAMETER

from .data import BASE_TO_KILL, HIGHEST_TO_KILL, NEVER_KILLS, SPAN_INCHES

SPAN_CHOICES = ("child", "adult")
LEADER_CHOICES = ("frontmost", "any")
HEAVY_KILL_CHOICES = ("each_die", "one")
PROTECTED_CHOICES = ("shields_squad", "ignored")
SPAN_RANGE = (0.5, 48.0)
"""A span, in inches: finite, from a toy's step to a table's length (NaN and infinity are refused)."""


@settings_class
class Settings:
    """The house rules of one game (every default is the ruling below); checked by type and range."""

    span: str = setting("child", choices=SPAN_CHOICES)  # whose hand measures moves: child (span) or adult (short span)
    child_span_inches: float = setting(SPAN_INCHES, low=SPAN_RANGE[0], high=SPAN_RANGE[1])
    short_span_inches: float = setting(SPAN_INCHES, low=SPAN_RANGE[0], high=SPAN_RANGE[1])  # the adults' short span
    leader: str = setting("frontmost", choices=LEADER_CHOICES)  # which squad member may lead a move
    heavy_weapons_kills: str = setting("each_die", choices=HEAVY_KILL_CHOICES)  # one kill per die, or at most one
    base_to_kill: int = setting(BASE_TO_KILL, low=NEVER_KILLS + 1, high=HIGHEST_TO_KILL)  # before modifiers
    too_well_protected: str = setting("shields_squad", choices=PROTECTED_CHOICES)  # the closest member at 7+
    hills_block_sight: bool = setting(True)
    figures_block_sight: bool = setting(False)
    max_rounds: int | None = setting(None, low=1, high=1000)  # None: play until one side has no figures left

    @property
    def span_inches(self) -> float:
        return float(self.child_span_inches if self.span == "child" else self.short_span_inches)


def _ref(section: str) -> RuleRef:
    return RuleRef("simple_plastic", section)


RULINGS: tuple[Ruling, ...] = (
    Ruling(
        "span_length",
        "How far is a span, and how far is the adults' short span?",
        f"Both are exactly {SPAN_INCHES:g} inches. Choose span='adult' to measure with the short span; "
        "short_span_inches lets a table give adults a shorter move (3 inches, say).",
        "The source's only measurement is 'exactly 4 inches' for the move; the short span exists so adults' "
        "hands move figures as far as children's ('it would be unfair otherwise'), so it is the same distance.",
        "short_span_inches", (_ref("moving.span"),),
    ),
    Ruling(
        "span_range",
        "Can a span be any length?",
        "A span is a finite length from half an inch to 48 inches (the longest side of a big table). NaN, "
        "infinity, zero and negative spans are refused when the settings are made, from code, a widget or a save.",
        "A hand is a hand: 'roughly 4 inches'. A span of infinity would let a figure cross any table in one move, "
        "and NaN would make every measurement false (so every move would pass).",
        "child_span_inches", (_ref("moving.span"),),
    ),
    Ruling(
        "bases",
        "Where does a figure stand, and how are distances measured?",
        f"Every figure stands on a round base {BASE_DIAMETER:g} inch across. Moves are measured centre to centre; "
        "squad cohesion edge to edge. Bases may not overlap, stand off the table or on solid terrain.",
        "The source measures with hands; the engine needs one size to measure sight and cohesion the same way "
        "every time. Half an inch is the foot of a typical plastic soldier.",
        None, (_ref("moving.span"), _ref("moving.cohesion")),
    ),
    Ruling(
        "leader",
        "Which unit is the squad's 'frontmost unit' that is measured?",
        "The member furthest forward in the direction of the move (within one finger of the front). "
        "Choose leader='any' to let any member lead.",
        "'First move the frontmost unit... then move the rest of the squad behind him': leading with the rear "
        "unit would let a squad go a span plus its own length.",
        "leader", (_ref("moving.squads"),),
    ),
    Ruling(
        "followers",
        "Where may the rest of the squad go?",
        "Anywhere behind the leader, however far, as long as the squad ends in cohesion and no base ends off the "
        "table, on solid terrain or on another base. Behind him means no follower ends further forward than the "
        "leader along the direction of his move (level with him is fine). Left unplaced, they form up in a file "
        "behind the leader, flowing around terrain.",
        "'First move the frontmost unit by the desired distance. Then move the rest of the squad behind him... "
        "It doesn't matter if some units move a lot more than one span... only the distance of the first move "
        "matters.' Followers placed ahead of the leader would let a squad's front advance a span plus the "
        "squad's length in one turn.",
        None, (_ref("moving.squads"),),
    ),
    Ruling(
        "cohesion",
        "What does 'within one finger distance from each other' mean for a whole squad?",
        "The squad is one chain: every member within half an inch (edge to edge) of another, and all of them "
        "linked.",
        "A squad split into two clumps is not 'within one finger from each other', even if each clump is tight.",
        None, (_ref("moving.cohesion"),),
    ),
    Ruling(
        "closing_gaps",
        "When has a squad 'merely closed gaps', and when must gaps be closed?",
        "A squad move whose leader stays where it is only closes gaps: the squad has not moved (it keeps the "
        "'did not move' modifier). Only a squad with gaps (not in cohesion) may make it, and each follower moves "
        "toward the leader: it ends no further from him than it stood, and within one finger (half an inch) of "
        "the straight line from where it stood to him. A side may not end its move phase while one of its "
        "squads has gaps it could close and has not closed this turn.",
        "'Any gaps... must be closed' and 'if a squad merely closes gaps but stays roughly at the same location "
        "then the squad is considered to have not moved'; the leader standing still is 'the same location'. A "
        "squad without gaps has none to close, and a squad whose members walk past the leader has moved: "
        "otherwise a squad could creep forward every turn and keep the 'did not move' bonus.",
        None, (_ref("moving.cohesion"),),
    ),
    Ruling(
        "specialists",
        "What counts as a squad for 'one specialist for every squad fielded'?",
        "A squad with at least one ordinary unit (a trooper). A heavy weapons unit may join such a squad or "
        "operate individually (no squad); a 'squad' of specialists alone is refused. Each side fields at most "
        "one specialist per squad; casualties still count as fielded.",
        "'Players may employ one specialist for every squad fielded' and 'a heavy weapons unit may be part of a "
        "squad or may operate individually': a lone heavy weapon named a squad would otherwise pay for itself.",
        None, (_ref("special_units"), _ref("setup")),
    ),
    Ruling(
        "solid_terrain",
        "Can figures move through walls and buildings?",
        "The leader's straight move may not pass through solid terrain, and no base may end on it. Hills, "
        "bushes and fences do not slow a move.",
        "The source gives no terrain costs; walking through a wall is not a move a child would accept either.",
        None, (_ref("moving.span"), _ref("attacking.cover")),
    ),
    Ruling(
        "sight_lines",
        "How much of a target must be seen, and what is 'behind cover'?",
        "Sight is five lines from the attacker's centre to points across the target's base. Blocked only if "
        "solid terrain cuts all five; behind cover if it cuts some, or any line passes through semi-solid terrain.",
        "'If even a small part of the target can be seen... it may be attacked'; semi-solid cover 'always "
        "counts as partially covering the target even if the target is completely behind cover'.",
        None, (_ref("attacking.line_of_sight"), _ref("attacking.cover")),
    ),
    Ruling(
        "own_cover",
        "Does the hedge an attacker stands at cover the targets it shoots at?",
        "No: semi-solid terrain touching the attacker's base is ignored for its own shots (unless the target "
        "touches it too). Solid terrain always counts.",
        "A soldier at a hedge shoots over it; the hedge covers him, not the enemy in the open.",
        None, (_ref("attacking.cover"),),
    ),
    Ruling(
        "hills",
        "What is uphill and downhill, and do hills hide figures?",
        "A hill is an area with a level (1, 2, ...); a figure stands at the highest level under its centre "
        "(0 off the hills). A hill blocks sight between two figures that both stand lower than it.",
        "The modifiers compare heights; 'terrain may completely block the target', and a hill between two "
        "figures at its foot does.",
        "hills_block_sight", (_ref("attacking.modifiers"), _ref("attacking.cover")),
    ),
    Ruling(
        "figures_and_sight",
        "Do other figures block line of sight?",
        "No, unless figures_block_sight is on (then a base cuts sight lines like a wall).",
        "The source lists only 'terrain, buildings or other types of cover'; toy soldiers are thin.",
        "figures_block_sight", (_ref("attacking.line_of_sight"),),
    ),
    Ruling(
        "squad_targets",
        "An attack on a squad: who is the target, and whose modifiers count?",
        "The attacker names any member; the attack falls on the member closest to the attacker that it can "
        "see, and that member's height, cover and kind set the to-kill number.",
        "'Attacks are resolved closest first. That is, if the target is a squad, the frontmost unit gets "
        "killed first.'",
        None, (_ref("attacking.closest_first"),),
    ),
    Ruling(
        "heavy_weapons_kills",
        "Can each of a heavy weapon's 4 dice kill a different figure?",
        "Yes: each die that kills takes the next closest visible member of the target squad; all four dice "
        "use the to-kill number of the first. Choose heavy_weapons_kills='one' for at most one kill.",
        "Each D6 'of 4 or more kills one target', and squads lose their frontmost unit first.",
        "heavy_weapons_kills", (_ref("special_units.heavy_weapons"), _ref("attacking.closest_first")),
    ),
    Ruling(
        "too_well_protected",
        "A squad's closest member in sight would need more than 6: may the others be attacked?",
        f"No: an attack on a squad falls on its closest member in sight, and if he would need more than "
        f"{HIGHEST_TO_KILL} the attack cannot be made, so he shields the whole squad (even members in the open "
        f"behind him). With too_well_protected='ignored' he is passed over: the attack falls on the closest member "
        f"in sight who can be attacked, with that member's own to-kill number, and further kills (a heavy weapon's "
        f"dice, a sniper's second shot) skip him too.",
        "The source says both 'if the target is a squad, the frontmost unit gets killed first' and that a target "
        f"needing more than {HIGHEST_TO_KILL} 'is too well protected to be attacked and must be ignored'. Whether "
        "'ignored' means the attack is lost or that the attacker looks past him is open; the default keeps the "
        "closest-first rule whole.",
        "too_well_protected", (_ref("attacking.too_well_protected"), _ref("attacking.closest_first")),
    ),
    Ruling(
        "base_to_kill",
        "May a table play with a different to-kill number?",
        f"The source's number, {BASE_TO_KILL}+, is the ruling. A house rule may set base_to_kill from "
        f"{NEVER_KILLS + 1} to {HIGHEST_TO_KILL}: a bloodier game with 3+, a slower one with 5+. The modifiers, "
        f"the natural {NEVER_KILLS} and 'more than {HIGHEST_TO_KILL} cannot be attacked' apply to it as written.",
        "'Generally, a roll of 4 or more kills one target': 'generally' invites a table to tune how deadly "
        "its games are, and the one number to tune is this base. Below 2 a 1 would kill, which the source "
        "forbids; above 6 no unmodified attack could be made.",
        "base_to_kill", (_ref("attacking.to_kill"),),
    ),
    Ruling(
        "low_to_kill",
        "What if the modifiers bring the to-kill number to 1 or lower?",
        "The attacker still needs a 2: the number shown is 2+.",
        "'A roll of 1 never kill regardless of the to-kill modifier.'",
        None, (_ref("attacking.natural_one"),),
    ),
    Ruling(
        "snipers_moving",
        "Has a sniper that moves 0 inches moved?",
        "No: a unit has moved only if it ends its move somewhere else.",
        "Snipers 'cannot attack if they have moved'; standing still is not moving.",
        None, (_ref("special_units.sniper"),),
    ),
    Ruling(
        "vehicles",
        "How do vehicles work?",
        "Only as a target condition: a figure may be marked in_vehicle and is then harder to kill (+1).",
        "The source mentions vehicles only in the modifiers table.",
        None, (_ref("attacking.modifiers"),),
    ),
    Ruling(
        "victory",
        "How is the game won?",
        "A side with no figures left loses. With max_rounds set, after that round the side with more "
        "figures wins (equal is a draw).",
        "The source is silent; the last side standing is what children expect.",
        "max_rounds", (_ref("turn"),),
    ),
    Ruling(
        "first_side",
        "Who goes first?",
        "The scenario names the side that moves first; sides alternate, a whole turn (move, then attack) each.",
        "The source only says 'each turn is divided into two phases'.",
        None, (_ref("turn"),),
    ),
)
