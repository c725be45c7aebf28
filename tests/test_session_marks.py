"""The answer's ``marks`` (issue 35.7): the marks a tap may pick now, in the ``choices`` layer's order, each with
what picking it does in plain words, for the page's keyboard and screen reader (sitebuild/.../keys.js): a pick
by keys is the tap on that mark, so the words must say what that tap does, with no figure id nor coordinate."""

from __future__ import annotations

import random

import pytest

from boards.live import new_session
from tests.test_plain_words import COORDINATES, ID_LIKE

GAMES = [("army_men", "green"), ("dice_tactics", "green"), ("one_brain_cell", "green"), ("phlog", "tan"),
         ("simple_plastic", "green")]


def _rows(answer) -> list[tuple]:
    layer = answer["layers"]["choices"]
    return list(zip(layer["x"], layer["y"], layer["kind"]))


@pytest.mark.parametrize("ruleset,human", GAMES)
def test_marks_are_the_choices_layer_with_plain_words_and_each_picks_what_it_says(ruleset, human):
    session = new_session({"ruleset": ruleset, "seed": 3, "human": human})
    rng = random.Random(11)
    answer, seen = session.answer(), 0
    for _ in range(60):
        if answer["outcome"]:
            break
        marks = answer["marks"]
        assert [(m["x"], m["y"], m["kind"]) for m in marks] == _rows(answer)
        for mark in marks:
            words = mark["words"]
            assert words and not ID_LIKE.search(words) and not COORDINATES.search(words), words
        seen += len(marks)
        for mark in marks:  # a mark picks what it says: its offered action, or its figure
            if "play" in mark:
                said = answer["actions"][mark["play"]]["words"]
                assert mark["words"].startswith(said[:1].upper() + said[1:]), (mark["words"], said)
            else:
                assert mark["kind"] in ("piece", "chosen") and mark["choose"] == [mark["x"], mark["y"]], mark
                assert mark["words"].startswith("Let go of " if mark["kind"] == "chosen" else "Choose "), mark
        if marks:
            mark = rng.choice(marks)
            before = answer["moves"]
            answer = session.play(mark["play"]) if "play" in mark else session.choose(*mark["choose"])
            assert (answer["message"] or {}).get("kind") != "error", answer["message"]
            if "choose" in mark:  # a figure chosen, or let go (when another may act): nothing played
                assert answer["moves"] == before
                chosen = [(m["x"], m["y"]) for m in answer["marks"] if m["kind"] == "chosen"]
                if mark["kind"] == "piece":
                    assert chosen == [(mark["x"], mark["y"])], chosen
                elif sum(m["kind"] in ("piece", "chosen") for m in marks) > 1:
                    assert chosen == [], chosen
        elif answer["actions"]:
            answer = session.play(rng.randrange(len(answer["actions"])))  # a card, a choice: on to marks
        else:
            break
    assert seen > 0, "no mark offered in the whole game"


def test_moves_said_alike_are_told_apart_by_their_way():
    """Simple Plastic's squad moves all "move in the open": each is said with its way from the chosen trooper."""
    session = new_session({"ruleset": "simple_plastic", "seed": 1, "human": "green"})
    piece = session.answer()["marks"][0]
    assert piece["kind"] == "piece" and piece["words"].startswith("Choose your ")
    marks = session.tap(piece["x"], piece["y"])["marks"]
    chosen = next(m for m in marks if m["kind"] == "chosen")
    assert chosen["words"] == "Let go of " + piece["words"][len("Choose "):]
    moves = [m for m in marks if m["kind"] == "target"]
    assert len(moves) > 2 and len({m["words"] for m in moves}) == len(moves), [m["words"] for m in moves]
    right = next(m for m in moves if m["y"] == chosen["y"] and m["x"] > chosen["x"])
    assert right["words"].endswith(f", {right['x'] - chosen['x']:.0f} to the right"), right["words"]

