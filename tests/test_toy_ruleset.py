"""The test run's sixth ruleset (tests/toy_ruleset, installed by tests/conftest.py) on the surfaces that read the
registry and are not already run on every registered ruleset by a parametrized test: its board drawn in its own
look, the comparison chapter's tables, the concept index page, the house-rules lab and its studies, practice, a
live game with no widget code, and a one-chapter Sphinx build of its pages. (Conformance, live play and taps, golden
games, challenges, hostile input and the lesson run on it already; its full-game page also runs under nbval.)"""

from __future__ import annotations

from fractions import Fraction

from boards import classroom, compare, family
from explorer import get_ruleset
from explorer.core.session import Session
from toy_ruleset import RULESET as TOY  # (as tests/conftest.py imports it: one copy)

NAME = TOY.name


def test_the_toy_is_one_folder_and_a_board_module_installed_only_for_the_tests():
    from toy_ruleset import board

    assert family.look(NAME) is board and NAME in family.rulesets("tabletop")
    assert TOY.state_type.__module__ == "toy_ruleset.game"  # tests/toy_ruleset: nothing under explorer/ or boards/


def test_its_board_is_drawn_in_its_own_look_with_its_text_alternative():
    from widgets.tabletop_board import board_figure

    layout = board_figure(TOY.new_game(seed=1))
    assert [child.name for child in layout.children] == ["toy-board", "toy-board-alt", "toy-board-legend"]
    assert ("Tabletop 24 by 24 inches, seen from above (x inches from the left edge, y inches from the bottom edge). "
            "Green: squad green squad (3): g1 trooper at (3, 9), g2 trooper at (3, 12), g3 trooper at (3, 15).") in \
        layout.children[1].text


def test_the_comparison_tables_have_its_row_from_its_engine_and_board_module():
    needs = {row[0]: row for row in compare.needs_table()["rows"]}[TOY.title]
    assert needs[1] == "3 figures a side (squads)" and needs[2] == "24 × 24 inches" and needs[3] == "one D6"
    curve = {row[0]: row for row in compare.lethality_table()["rows"]}[TOY.title]
    assert curve[2] == "1 to 12 inches 1/2 (50%); 13 to 30 inches 0 (0%)"  # 4+ on a D6 within 12 inches


def test_the_concept_index_page_has_its_row():
    from widgets.concepts import concepts_html

    page = concepts_html()
    assert TOY.title in page and "A figure moves up to 6 inches in a straight line." in page


def test_the_house_rules_lab_sweeps_its_setting_and_knows_its_exact_odds():
    assert classroom.house_rules(NAME)["to_kill"] == [2, 3, 4, 5, 6]
    assert classroom.EXACT[NAME](TOY.settings(to_kill=6)) == [("a shot kills", Fraction(1, 6))]
    summaries = classroom.LabRun(NAME, "squads", "to_kill", [2, 6], games=2).play_all()
    assert len(summaries) == 2 and all(s.games == 2 for s in summaries.values())


def test_practice_plays_its_challenge_by_its_recorded_solution_solved_and_shown():
    session = Session(NAME, "squads", seed=3, bot="greedy")
    answer = session.practise("close-in")
    assert answer["mode"] == "practice" and answer["challenge"]["goal"] == "Move g1 where it can shoot t1."
    answer = session.show_me()
    assert answer["challenge"]["solved"] and answer["challenge"]["shown"] and answer["challenge"]["stars"] == 0
    assert get_ruleset(NAME) is TOY


def test_its_live_game_needs_no_widget_code_and_play_here_starts_the_same_game_in_the_page():
    from boards.live import new_session
    from widgets.tabletop_live import live_game

    live = live_game(NAME, human="green", seed=3)
    live.play(0)
    assert live.session.state.history[0].action == next(iter(TOY.new_game(seed=3).legal_actions))
    page = new_session(live.play_here)  # what "Play here" starts on the site (boards/live.py, the page's own path)
    assert page.save() == TOY.new_game("squads", seed=3).to_json() and page.human == "green"


CONF = '''import sys
from pathlib import Path
ROOT = Path({root!r})
__file__ = str(ROOT / "conf.py")
exec(compile(ROOT.joinpath("conf.py").read_text(), __file__, "exec"))  # the site's own configuration
html_static_path = [str(ROOT / p) for p in html_static_path]  # (its paths are the project's, not this folder's)
templates_path = [str(ROOT / p) for p in templates_path]
html_favicon = str(ROOT / html_favicon)
nb_execution_cache_path = {cache!r}
from tests.toy_ruleset.install import install
install()
'''
TOC = """format: jb-book
root: index
parts:
  - caption: Toy
    chapters:
      - file: toy_ruleset/rules
        sections:
          - file: toy_ruleset/rulings
          - file: toy_ruleset/full_game
"""


def test_its_chapter_builds_with_every_extension_and_its_game_page_offers_play_here(tmp_path):
    """A one-chapter book of the toy's own pages, built as the site is (the project's conf.py, every extension,
    warnings as errors, its full-game page run in a kernel): its rule labels, rulings and live game resolve."""
    import os
    import shutil
    import subprocess
    import sys
    from pathlib import Path

    root = Path(__file__).resolve().parents[1]
    source, conf, out = tmp_path / "book", tmp_path / "conf", tmp_path / "html"
    shutil.copytree(root / "tests" / "toy_ruleset" / "book", source / NAME)
    (source / "index.md").write_text("# Toy book\n\nThe test run's own chapter.\n", encoding="utf-8")
    (source / "_toc.yml").write_text(TOC, encoding="utf-8")
    conf.mkdir()
    (conf / "conf.py").write_text(CONF.format(root=str(root), cache=str(tmp_path / "cache")), encoding="utf-8")
    env = {**os.environ, "PYTHONPATH": str(root)}
    done = subprocess.run([sys.executable, "-m", "sphinx", "-W", "--keep-going", "-n", "-q", "-b", "html",
                           "-c", str(conf), str(source), str(out)], capture_output=True, text=True, env=env, cwd=root)
    assert done.returncode == 0, done.stderr[-3000:]
    rules = (out / NAME / "rules.html").read_text(encoding="utf-8")
    assert 'id="toy-ruleset-shooting"' in rules
    assert "A side with no figures left loses" in (out / NAME / "rulings.html").read_text(encoding="utf-8")
    game = (out / NAME / "full_game.html").read_text(encoding="utf-8")
    assert 'data-ruleset="toy_ruleset"' in game and 'data-scenario="squads"' in game and "tsr-play-here" in game
