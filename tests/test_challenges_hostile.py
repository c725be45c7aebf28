"""Hostile challenge files (issue 38): ``make challenge``'s entry point (``python -m explorer.core.challenges``)
answers each in words, never with a traceback. Exit status 2: the file or the ruleset cannot be used; 1: the
file reads, but a challenge is not ready (its goal names a piece the start lacks, its proof is too big, its
solution does not solve it). The corpus is written here, one case a line, from the issue's list."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from explorer.core import challenges as c
from tests.test_challenges_core import SOUND

ROOT = Path(__file__).resolve().parent.parent
GOAL = 'goal = { kind = "reach", test = "enemy_down", text = "Take a tan figure out." }'


def goal(text: str) -> str:
    return SOUND.replace(GOAL, f"goal = {{ {text} }}")


def changed(old: str, new: str) -> str:
    assert old in SOUND
    return SOUND.replace(old, new)


IN_BUSHES = 'kind = "reach", test = "in_terrain", text = "Into the bushes.", args = '
TOO_BIG = SOUND.replace(GOAL, 'goal = { kind = "sure", test = "enemy_down", args = { count = 0 }, action = "EndPhase", '
                        'text = "End the turn." }').replace('side = "green"', 'side = "green"\nopponent = "greedy"')
"""Green ends its move phase: the proof plays on through every attack and every roll, then all of tan's turn
(every move of each figure, every attack), before green has a choice again; the test always holds, so every
branch is played out."""
ONE_MOVE = goal(IN_BUSHES + '{ figure = "g-sniper", terrain = "bushes" }').replace(
    'solution = [ { action = { type = "EndPhase", player = "green" } }, { action = { type = "Attack", player = '
    '"green", attacker = "g-sniper", target = "t2" }, dice = [6] } ]',
    'solution = [ { action = { type = "EndPhase", player = "green" } } ]')



def terrain(text: str) -> str:
    """SOUND with its start's terrain given (a tabletop's pieces, replacing the scenario's)."""
    return changed("seed = 1", f"seed = 1\nterrain = {text}")


def wall(points: str = "[[1.0, 1.0], [2.0, 1.0], [2.0, 2.0], [1.0, 2.0]]", **fields) -> str:
    keys = {"name": '"wall"', "kind": '"solid"', "elevation": "0", "points": points, **fields}
    return "{ " + ", ".join(f"{key} = {value}" for key, value in keys.items() if value is not None) + " }"


TERRAIN_CASES = [
    ("terrain a number", terrain("5"), 2, "the start's terrain is a list: a tabletop's terrain pieces or a grid's rows"),
    ("terrain a list of numbers", terrain("[1, 2]"), 2,
     "the start's terrain is a list of a tabletop's pieces (tables of name, kind, elevation, points) or of a grid's "
     "rows (text), not 1"),
    ("a piece and a row", terrain(f'[{wall()}, "..."]'), 2, "the start's terrain is a list of a tabletop's pieces"),
    ("a piece without points", terrain(f"[{wall(points=None)}]"), 2,
     "the start's terrain piece 1 is a table of name, kind, elevation and points: a piece has no points"),
    ("a piece with a colour", terrain(f'[{wall(colour=chr(34) + "red" + chr(34))}]'), 2, "a piece has no key 'colour'"),
    ("a name a number", terrain(f"[{wall(name='5')}]"), 2, "the start's terrain piece 1's name is text, not 5"),
    ("a name of 5,000 characters", terrain(f"[{wall(name=chr(34) + 'w' * 5000 + chr(34))}]"), 2,
     "the start's terrain piece 1's name is 5,000 characters long; at most 80"),
    ("an elevation as text", terrain(f"[{wall(elevation=chr(34) + 'high' + chr(34))}]"), 2,
     "the start's terrain piece 1's elevation is a whole number"),
    ("points a table", terrain(f"[{wall(points='{ x = 1 }')}]"), 2,
     "the start's terrain piece 1's points are a list of its corners, 3 to 1,000, each [x, y]"),
    ("two corners", terrain(f"[{wall(points='[[1, 1], [2, 2]]')}]"), 2, "a list of its corners, 3 to 1,000"),
    ("a point not two numbers", terrain(f"[{wall(points='[[1, 1], [2, 1], [2, {x = 2}]]')}]"), 2,
     "the start's terrain piece 1's corner [2, {'x': 2}] is not [x, y], two numbers of inches"),
    ("a point of three numbers", terrain(f"[{wall(points='[[1, 1], [2, 1, 0], [2, 2]]')}]"), 2,
     "corner [2, 1, 0] is not [x, y]"),
    ("a point at infinity", terrain(f"[{wall(points='[[1, 1], [inf, 1], [2, 2]]')}]"), 2, "corner [inf, 1] is not"),
    ("1,001 corners", terrain(f"[{wall(points='[' + ', '.join(['[1, 1]'] * 1001) + ']')}]"), 2,
     "points are a list of its corners, 3 to 1,000"),
    ("201 pieces", terrain("[" + ", ".join([wall()] * 201) + "]"), 2,
     "the start's terrain holds 201 pieces or rows; at most 200"),
    ("a piece off the table", terrain(f"[{wall(points='[[20, 20], [30, 20], [30, 22], [20, 22]]')}]"), 1,
     "the start's terrain is not on the table: the wall's corner (30, 20) would be off the 24 by 24 inch table"),
    ("a kind no table has", terrain(f'[{wall(kind=chr(34) + "lava" + chr(34))}]'), 1,
     "the start's terrain cannot be laid out: malformed terrain 1: a terrain piece's kind is one of solid"),
    ("an elevation of 500", terrain(f"[{wall(elevation='500')}]"), 1,
     "the start's terrain cannot be laid out: malformed terrain 1: a piece of terrain's elevation is a whole number "
     "from 0 to 100, not 500"),
    ("a wall on a figure", terrain(f"[{wall(points='[[14, 15], [16, 15], [16, 17], [14, 17]]')}]"), 1,
     "the start is not a legal position"),
    ("a grid's rows on a tabletop", terrain('["...", "..."]'), 1, "the start's terrain cannot be laid out"),
]
"""The start's terrain (issue 38: a set-up's table made a challenge): its shape checked by the file format, the
rest by the save's own checks and the table's edges."""

CASES = [
    # (case, text or bytes, exit status, words said)
    ("args missing", goal(IN_BUSHES + '{ figure = "g-sniper" }'), 2, "the test in_terrain needs terrain"),
    ("args extra", goal(IN_BUSHES + '{ figure = "g-sniper", terrain = "bushes", colour = "red" }'), 2,
     "the test in_terrain has no argument 'colour'; it takes figure, terrain"),
    ("args wrong type", goal(IN_BUSHES + '{ figure = 3, terrain = "bushes" }'), 2, "in_terrain's figure is text, not 3"),
    ("args not a table", goal(IN_BUSHES + '"bushes"'), 2, "the goal's args are a table"),
    ("unknown figure", goal(IN_BUSHES + '{ figure = "g-nobody", terrain = "bushes" }'), 1,
     "the goal names 'g-nobody', which the start does not have"),
    ("unknown terrain", goal(IN_BUSHES + '{ figure = "g-sniper", terrain = "lake" }'), 1,
     "the goal names 'lake', which the start does not have"),
    ("binary", bytes(range(256)) * 4, 2, "the file is not text (UTF-8)"),
    ("NUL bytes", b"\x00" * 100, 2, "it holds NUL bytes"),
    ("UTF-16", SOUND.encode("utf-16"), 2, "the file is UTF-16 text: save it as UTF-8"),
    ("nested 100,000 deep", "x = " + "[" * 100_000 + "]" * 100_000, 2, "nested too deep"),
    ("inline tables 100,000 deep", "x = " + "{a=" * 100_000 + "1" + "}" * 100_000, 2, "nested too deep"),
    ("challenge = [1, 2, 3]", "challenge = [1, 2, 3]", 2, "challenge 1 is 1: each challenge is a [[challenge]] table"),
    ("settings = 5", changed("seed = 1", "seed = 1\nsettings = 5"), 2, "the start's settings is a table, not 5"),
    ("figures = [1, 2]", changed("figures = { g-sniper = { x = 15.0, y = 16.0 } }", "figures = [1, 2]"), 2,
     "the start's figures is a table of pieces by id, not [1, 2]"),
    ("a figure not a table", changed("{ g-sniper = { x = 15.0, y = 16.0 } }", "{ g-sniper = 5 }"), 2,
     "each a table of fields"),
    ("remove = 't3'", changed('remove = ["t3"]', 'remove = "t3"'), 2, "the start's remove is a list of ids"),
    ("side a list", changed('side = "green"', 'side = ["green"]'), 2, "side is text, not ['green']"),
    ("test a list", goal('kind = "reach", test = ["won"], text = "Win."'), 2, "the goal's test is a name (text)"),
    ("kind a list", goal('kind = ["reach"], test = "won", text = "Win."'), 2, "the goal's kind is one of"),
    ("opponent a list", changed('side = "green"', 'side = "green"\nopponent = ["greedy"]'), 2, "the opponent is none"),
    ("a section a list", changed('sections = ["attacking.modifiers"]', 'sections = [["attacking.modifiers"]]'), 2,
     "has no rule section"),
    ("scenario a list", changed('scenario = "sniper_duel"', 'scenario = ["sniper_duel"]'), 2,
     "the start's scenario is text"),
    ("goal is text", goal('kind = "reach"').replace('goal = { kind = "reach" }', 'goal = "win"'), 2, "goal is a table"),
    ("limit true", changed("limit = 2", "limit = true"), 2, "limit is the learner's actions allowed"),
    ("a prelude step not a table", changed("seed = 1", "seed = 1\nprelude = [5]"), 2, "the start's prelude is a list"),
    ("a solution step's action a list", changed('solution = [ { action = { type = "EndPhase", player = "green" } }',
                                                'solution = [ { action = ["EndPhase"] }'), 2, "solution is a list"),
    ("an unknown action", changed('type = "EndPhase"', 'type = "Fly"'), 1, "the recorded solution cannot be played"),
    ("dice as text", changed("dice = [6]", 'dice = "six"'), 1, "dice are a list of faces, not 'six'"),
    ("an unknown scenario", changed('scenario = "sniper_duel"', 'scenario = "moon"'), 1, "the start cannot be made"),
    ("a seed out of range", changed("seed = 1", "seed = -1"), 1, "the start cannot be made"),
    ("a number of 5,000 digits", changed("seed = 1", "seed = 1" + "0" * 5000), 2, "The file cannot be used: not readable as TOML: it holds a number too long"),
    ("a field of the wrong type", changed("{ x = 15.0, y = 16.0 }", '{ x = "far", y = 16.0 }'), 1,
     "the start is not a legal position"),
    ("over 1 MB", "# " + "x" * 1_100_000, 2, "1,100,002 bytes; a challenges file is at most 1,000,000"),
    ("a title of 900,000 characters", changed('title = "Pick your best shot"', f'title = "{"x" * 900_000}"'), 2,
     "the title is 900,000 characters long; at most 80"),
    ("a long hint", changed('hint = "Closer is better."', f'hint = "{"x" * 5000}"'), 2,
     "the hint is 5,000 characters long"),
    ("a long goal", goal(f'kind = "reach", test = "won", text = "{"x" * 5000}"'), 2, "the goal's text is 5,000"),
    ("101 challenges", "".join(SOUND.replace('"best-attack"', f'"c{n}"') for n in range(101)), 2,
     "the file holds 101 challenges; a file holds at most 100"),
    ("a name no link carries", changed('name = "best-attack"', 'name = "My best attack!"'), 2,
     "goes into a link: lower-case letters, digits and dashes only"),
    ("a name of 5,000 characters", changed('name = "best-attack"', f'name = "{"a" * 5000}"'), 2,
     "the name is 5,000 characters long; at most 40"),
    ("not TOML", "[[challenge]\nname = ", 2, "not readable as TOML"),
    ("empty", "", 2, "a challenges file holds [[challenge]] tables"),
    ("a sure goal too big to prove", TOO_BIG, 1, "plays out more than 5,000 actions"),
    ("a solution that does not solve, no dice", ONE_MOVE, 1,
     "the recorded solution does not solve it: Goal: Into the bushes. (1 of 2 actions used)"),
    *TERRAIN_CASES,
]


@pytest.mark.parametrize("case, content, status, words", CASES, ids=[case[0] for case in CASES])
def test_a_hostile_file_is_answered_in_words(tmp_path, capsys, case, content, status, words):
    path = tmp_path / "hostile.toml"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    assert c.main(["simple_plastic", str(path)]) == status  # an exception here would be a traceback
    said = capsys.readouterr().out
    assert words in said and "could not finish" not in said  # said by the check itself, not its last guard
    assert len(said) < 2_000  # a 900,000-character title or a 100,000-deep list is never printed whole


RIVER = ["V..W~W..V", ".h..~..h.", "..T.=.T..", ".B.f~f.B.", "..V.=.V..", ".h..~..h.", "V..W~W..V"]


def rows(*changed: tuple[int, str]) -> list[str]:
    """The river crossing's rows, some replaced (index, row)."""
    board = list(RIVER)
    for index, row in changed:
        board[index] = row
    return board


GRID_CASES = [
    ("the board itself", rows(), 0, "ok  up-the-hill"),
    ("a square changed", rows((3, ".B.f~fhB.")), 0, "ok  up-the-hill"),
    ("a row of the wrong length", rows((2, "..T.=.T...")), 1,
     "the start's terrain cannot be laid out: the terrain is 7 rows of 9 symbols"),
    ("a row too few", RIVER[:6], 1, "the terrain is 7 rows of 9 symbols"),
    ("an unknown symbol", rows((1, ".h..~..h?")), 1, "unknown terrain symbol '?' at (8, 1)"),
    ("a row of 5,000 squares", rows((0, "." * 5000)), 2,
     "a row of the start's terrain is 5,000 squares long; at most 80"),
    ("10,000 rows", ["........."] * 10_000, 2, "the start's terrain holds 10,000 pieces or rows; at most 200"),
    ("water on the solution's way", rows((0, "V~.W~W..V")), 1,
     "the recorded solution cannot be played: that movement costs"),
]


@pytest.mark.parametrize("case, board, status, words", GRID_CASES, ids=[case[0] for case in GRID_CASES])
def test_a_grids_terrain_in_a_file_is_checked_in_words(tmp_path, capsys, case, board, status, words):
    """Dice Tactics' first shipped challenge (green-1 at column 2, row 0, the hill below-left), its start's terrain
    given as the board's rows."""
    from explorer import get_ruleset

    first = c.ruleset_challenges(get_ruleset("dice_tactics"))["up-the-hill"]
    text = c.own_text(first).replace("seed = 1\n", f"seed = 1\nterrain = {board!r}\n".replace("'", '"'), 1)
    path = tmp_path / "grid.toml"
    path.write_text(text, encoding="utf-8")
    assert c.main(["dice_tactics", str(path)]) == status
    said = capsys.readouterr().out
    assert words in said and "could not finish" not in said and len(said) < 2_000, said


def test_a_bad_terrain_opened_in_a_session_is_refused_in_one_sentence_and_nothing_changes():
    """Each hostile terrain opened as a teacher's text (``open_lesson``, as a link or a file is): refused in one
    sentence of the same words, the game, the challenge being played and its tries left as they were."""
    from tests.test_challenges_sharing import _as_it_is, _session

    session = _session()
    before = _as_it_is(session)
    for case, text, _status, words in TERRAIN_CASES:
        said = session.command("open_lesson", text, "text")["message"]
        assert said["kind"] == "error" and said["text"].startswith("Not opened: ") and words in said["text"], case
        assert said["text"].count("\n") == 0 and _as_it_is(session) == before, case


def test_the_dice_are_blamed_only_where_dice_were_rolled(tmp_path, capsys):
    path = tmp_path / "unlucky.toml"
    path.write_text(SOUND.replace("dice = [6]", "dice = [1]"))  # the attack rolls, and a 1 never kills
    assert c.main(["simple_plastic", str(path)]) == 1
    assert "does not solve it: You played it the right way, but the dice said no" in capsys.readouterr().out


@pytest.mark.parametrize("argv, words", [
    (["chess"], "No such ruleset: unknown ruleset 'chess'; known rulesets: army_men"),
    (["simple_plastic", "/nonexistent/mine.toml"], "The file cannot be used: [Errno 2] No such file"),
])
def test_an_unknown_ruleset_or_a_missing_file_is_said_in_words(capsys, argv, words):
    assert c.main(argv) == 2
    assert words in capsys.readouterr().out


def test_the_command_answers_without_a_traceback(tmp_path):
    """The command itself (as ``make challenge`` runs it), on the cases that once overflowed Python's stack or
    could not be decoded: words on stdout, nothing on stderr, exit status 2."""
    for name, content in [("deep", "x = " + "[" * 100_000 + "]" * 100_000), ("binary", bytes(range(256)))]:
        path = tmp_path / f"{name}.toml"
        path.write_bytes(content if isinstance(content, bytes) else content.encode())
        done = subprocess.run([sys.executable, "-m", "explorer.core.challenges", "simple_plastic", str(path)],
                              capture_output=True, text=True, cwd=ROOT, env={"PYTHONPATH": str(ROOT)})
        assert (done.returncode, done.stderr) == (2, ""), done.stderr[-2000:]
        assert done.stdout.startswith("The file cannot be used:")


@pytest.mark.parametrize("name", ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"])
def test_a_sure_goal_over_a_whole_turn_is_checked_in_words_in_every_ruleset(name):
    """Each ruleset's first challenge made "lose nobody whatever the other side answers", the first action any:
    the proof plays on through the other side's turn, and the check says what is wrong in words, its proofs
    bounded (``MAX_PROOF_STEPS`` a choice, ``MAX_CHECK_STEPS`` in all), never raising."""
    import dataclasses

    from explorer import get_ruleset

    first = next(iter(c.ruleset_challenges(get_ruleset(name)).values()))
    whole_turn = dataclasses.replace(first, goal=c.Goal("sure", "none_lost", {}, ""),
                                     opponent=next(iter(first.ruleset.bots)))
    problems = c.check(whole_turn)
    assert problems and all(isinstance(p, str) and len(p) < 400 for p in problems)
