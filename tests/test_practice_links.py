"""The practice challenges around their pages (issue 24): "Practise this" links on the chapter pages,
generated at build time (sitebuild/practice.py), and the teacher's check, ``make challenge``, run on the
example that book/classroom/write_a_challenge.md documents."""

from __future__ import annotations

import html as html_text
import os
import re
import subprocess
from pathlib import Path

import jinja2
import pytest

from explorer.core.challenges import ruleset_challenges
from explorer.core.registry import all_rulesets
from sitebuild import practice

ROOT = Path(__file__).resolve().parents[1]
BOOK = ROOT / "book"
TEMPLATES = jinja2.Environment(loader=jinja2.FileSystemLoader(ROOT / "sitebuild" / "templates"), autoescape=True)
RULESETS = [name for name, ruleset in all_rulesets().items() if ruleset_challenges(ruleset) and (BOOK / name).is_dir()]


def _rendered(pagename: str) -> str:
    """The page's practice links as the site writes them (the build's hook, then its templates)."""
    context: dict = {}
    practice.add_practice_links(None, pagename, "page.html", context, None)
    return "".join(TEMPLATES.get_template(name).render(**context)
                   for name in ("practice-top.html", "practice-links.html"))


def _pages_stating(ruleset, key: str) -> set[str]:
    """The chapter pages whose text carries the rule section's label: read from the book itself."""
    label = f"({ruleset.sections[key].ref.label})="
    return {path.stem for path in (BOOK / ruleset.name).glob("*.md") if label in path.read_text(encoding="utf-8")}


@pytest.mark.parametrize("name", RULESETS)
def test_each_chapter_page_links_exactly_the_challenges_that_practise_it(name):
    ruleset = all_rulesets()[name]
    expected: dict[str, set[str]] = {}
    for challenge in ruleset_challenges(ruleset).values():
        for key in challenge.sections:
            for page in _pages_stating(ruleset, key):
                expected.setdefault(page, set()).add(challenge.name)
    assert expected, "no challenge is linked from any page"
    for path in sorted((BOOK / name).glob("*.md")):
        html = _rendered(f"{name}/{path.stem}")
        linked = set(re.findall(r'href="practice\.html#challenge=([\w-]+)"', html))
        assert linked == expected.get(path.stem, set()), path.name
        for challenge_name in linked:
            assert f"Practise this: {ruleset_challenges(ruleset)[challenge_name].title}<" in html_text.unescape(html)


@pytest.mark.parametrize("name", RULESETS)
def test_the_index_links_the_practice_page_and_the_practice_page_links_nothing(name):
    assert f'href="practice.html">Practise {all_rulesets()[name].title}' in _rendered(f"{name}/index")
    assert _rendered(f"{name}/practice").strip() == ""
    assert _rendered("classroom/dice").strip() == ""


def _check(*args: str) -> subprocess.CompletedProcess:
    # -o: the venv counts as installed (a worktree shares it; 'make' must not reinstall it from here)
    return subprocess.run(["make", "--no-print-directory", "-o", ".venv/.installed", "challenge", *args],
                          cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)}, capture_output=True, text=True,
                          timeout=600)


def test_the_documented_example_passes_the_make_challenge_check():
    page = (BOOK / "classroom" / "write_a_challenge.md").read_text(encoding="utf-8")
    assert "```{literalinclude} example_challenge.toml" in page  # the example shown is the one checked here
    command = re.search(r"\$ (make challenge RULESET=(\w+) FILE=(\S+))", page)
    assert command, "the page shows the command"
    done = _check(f"RULESET={command[2]}", f"FILE={command[3]}")
    assert done.returncode == 0, done.stdout + done.stderr
    assert "ok  sniper-to-the-bushes: Sniper to the bushes" in done.stdout
    assert "1 of 1 challenges are ready." in done.stdout
    assert "Warning" not in done.stderr


def test_the_documented_terrain_examples_lay_out_their_tables():
    """The page's two ``terrain`` examples (a tabletop's pieces, a grid's rows) are start blocks the file format
    reads and the start lays out as written."""
    import tomllib
    from types import SimpleNamespace

    from explorer.core.challenges.starting import build_start
    from explorer.core.registry import get_ruleset

    page = (BOOK / "classroom" / "write_a_challenge.md").read_text(encoding="utf-8")
    examples = [tomllib.loads(block)["challenge"]["start"] for block in re.findall(r"```toml\n(.*?)```", page, re.S)]
    assert [start["scenario"] for start in examples] == ["sniper_duel", "river_crossing"]
    for start, name in zip(examples, ["simple_plastic", "dice_tactics"]):
        ruleset = get_ruleset(name)
        side = ruleset.new_game(start["scenario"]).current_player
        built = build_start(SimpleNamespace(ruleset=ruleset, start_spec=start, side=side))
        assert built.to_dict()["setup"]["terrain"] == start["terrain"]


def test_make_challenge_says_in_words_what_is_wrong(tmp_path):
    example = (BOOK / "classroom" / "example_challenge.toml").read_text(encoding="utf-8")
    wrong_limit = tmp_path / "limit.toml"
    wrong_limit.write_text(example.replace("limit = 2", "limit = 0"), encoding="utf-8")
    done = _check("RULESET=simple_plastic", f"FILE={wrong_limit}")
    assert done.returncode != 0
    assert ("The file cannot be used: challenge 1 (sniper-to-the-bushes): limit is the learner's actions allowed, "
            "a whole number from 1 to 50") in done.stdout
    short = tmp_path / "short.toml"  # the recorded walk stops short of the bushes
    short.write_text(example.replace("6.82842712474619, 19.82842712474619", "5.0, 18.0"), encoding="utf-8")
    done = _check("RULESET=simple_plastic", f"FILE={short}")
    assert done.returncode != 0
    assert "NO  sniper-to-the-bushes" in done.stdout and "the recorded solution does not solve it" in done.stdout
    assert _check(f"FILE={short}").stdout.startswith("Say which ruleset")


def test_the_teachers_tables_list_every_goal_kind_and_every_rulesets_tests():
    from explorer.core.challenges import GOAL_KINDS, ruleset_tests

    assert [row[0] for row in practice.goal_kinds_table()["rows"]] == list(GOAL_KINDS)
    rows = practice.tests_table()["rows"]
    for name, ruleset in all_rulesets().items():
        assert [row[1] for row in rows if row[0] == name] == list(ruleset_tests(ruleset))
    assert all(row[3] for row in rows), "every test says what it checks"
