"""The engine on the page's own Python: the vendored Pyodide (CPython 3.14 in WebAssembly) under Node.js.

One Pyodide boot for the module's checks and games (and one to compile the site's wheel): Node runs ``sitebuild/run_in_pyodide.mjs`` (the site build compiles the engine with it too),
which loads the runtime from ``.vendor/`` (never from another host), unzips the
engine's wheel built as the site build does, and runs
``conformance.checks.self_check``. Its games must be saved exactly as CPython,
in this process, saves the same games; its conformance checks must all pass.

Node.js is required (``make browser`` installs Debian's ``nodejs``): without
it these tests fail, they do not skip.
"""

from __future__ import annotations

import base64
import hashlib
import importlib.util
import json
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

from conformance.cases import new_game, scenario_cases, shipped_rulesets
from conformance.checks import SELF_CHECK_GAMES, played_save
from sitebuild import engine_wheel, vendor

ROOT = Path(__file__).resolve().parents[1]
RUNNER = engine_wheel.RUNNER
PYODIDE = vendor.manifest()["pyodide"]
# Only a hang stops the page's Python: a run takes a minute on a quiet machine and five on a busy one (issue 36:
# no test may depend on the machine's load)
HUNG = 1800

SNIPPET = """
import json, explorer
from conformance.checks import self_check
report = self_check()
report["engine_file"] = explorer.__file__
print(json.dumps(report))
"""


def _node() -> str:
    node = shutil.which("node") or shutil.which("nodejs")
    if node is None:
        pytest.fail("Node.js is needed to run the page's Python (Pyodide) outside a browser: "
                    "install Debian's nodejs ('make browser' does).")
    return node


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    return engine_wheel.build_wheel(tmp_path_factory.mktemp("engine"))


@pytest.fixture(scope="module")
def site_wheel(tmp_path_factory) -> Path:
    """The wheel as the site build publishes it: each module compiled by the page's Python, in place of its source."""
    _node()
    return engine_wheel.build_wheel(tmp_path_factory.mktemp("site-engine"), compile_in=vendor.fetch("pyodide", PYODIDE))


@pytest.fixture(scope="module")
def page_python(site_wheel) -> dict:
    """One boot of the page's Python, with the site's wheel: the conformance checks (SNIPPET), then live play's
    Session played to the end in each ruleset (SESSION_GAMES, under ``"sessions"``)."""
    node = _node()
    runtime = vendor.fetch("pyodide", PYODIDE)
    result = subprocess.run(
        [node, str(RUNNER), "--pyodide", str(runtime), "--wheel", str(site_wheel),
         "--package", str(ROOT / "tests" / "conformance")],
        input=SNIPPET + SESSION_GAMES, capture_output=True, text=True, timeout=HUNG, cwd=ROOT,
    )
    assert result.returncode == 0, f"the page's Python failed:\n{result.stderr}"
    *_, checked, sessions = result.stdout.splitlines()
    report = json.loads(checked)
    report["sessions"] = json.loads(sessions)
    report["timings"] = json.loads(result.stderr.splitlines()[-1])
    print(f"\npage python: {report['timings']}", file=sys.stderr)
    return report


def test_node_is_installed():
    _node()


# -- the wheel ---------------------------------------------------------------------

def test_the_wheel_is_the_same_bytes_each_build(wheel, tmp_path):
    again = engine_wheel.build_wheel(tmp_path)
    assert again.name == wheel.name
    assert again.read_bytes() == wheel.read_bytes()


def test_the_wheel_holds_the_engine_and_a_valid_record(wheel):
    with zipfile.ZipFile(wheel) as archive:
        names = archive.namelist()
        dist_info = {n.split("/")[0] for n in names if ".dist-info/" in n}
        assert dist_info == {f"{engine_wheel.DIST_NAME}-{engine_wheel.version()}.dist-info"}
        engine = [n for n in names if ".dist-info/" not in n]
        assert engine and all(n.split("/")[0] in engine_wheel.PACKAGES for n in engine)
        assert {n for n in engine if not n.endswith(".py")} == {  # the practice challenges, read by the engine
            f"explorer/rulesets/{name}/challenges.toml" for name in shipped_rulesets()}
        assert "explorer/__init__.py" in engine and "boards/__init__.py" in engine
        sources = {p.relative_to(ROOT).as_posix() for name in engine_wheel.PACKAGES for pattern in engine_wheel.DATA
                   for p in (ROOT / name).rglob(pattern) if "__pycache__" not in p.parts}
        assert set(engine) == sources
        (info,) = dist_info
        assert "Root-Is-Purelib: true" in archive.read(f"{info}/WHEEL").decode()
        record = archive.read(f"{info}/RECORD").decode().splitlines()
        assert {line.split(",")[0] for line in record} == set(names)
        for line in record:
            name, digest, size = line.split(",")
            if name.endswith("RECORD"):
                continue
            data = archive.read(name)
            expected = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
            assert digest == f"sha256={expected}" and int(size) == len(data), name


def test_the_sites_wheel_holds_each_module_compiled_by_the_pages_python(wheel, site_wheel):
    """In place of each source, its bytecode as the page's Python (3.14) writes it, as an "unchecked hash" pyc
    (valid whatever the zip's times); the data files as they are (the page's self-check imports from it, below)."""
    with zipfile.ZipFile(wheel) as plain, zipfile.ZipFile(site_wheel) as site:
        sources = {n for n in plain.namelist() if n.endswith(".py")}
        names = set(site.namelist())
        assert {n for n in names if n.endswith(".pyc")} == {n + "c" for n in sources} and not names & sources
        assert names - {n + "c" for n in sources} == set(plain.namelist()) - sources  # data and dist-info
        headers = {site.read(n)[:8] for n in names if n.endswith(".pyc")}
    (header,) = headers  # one magic number for all, and the flags of an unchecked hash-based pyc
    magic, flags = header[:4], int.from_bytes(header[4:8], "little")
    assert magic != importlib.util.MAGIC_NUMBER and flags == 0b01  # (not this CPython's: 3.14's)


def test_cpython_imports_the_engine_from_the_wheel(wheel, tmp_path):
    code = "import sys; sys.path.insert(0, sys.argv[1]); import explorer; print(explorer.__file__)"
    result = subprocess.run([sys.executable, "-c", code, str(wheel)], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(str(wheel))


def _runtime(static: Path) -> Path:
    """A stand-in for the vendored runtime in ``static``: each of its files as many bytes as its name is long."""
    runtime = static / "npm" / f"pyodide@{PYODIDE['version']}"
    runtime.mkdir(parents=True)
    for name in engine_wheel.RUNTIME_FILES:
        (runtime / name).write_bytes(b"x" * len(name))
    return runtime


def test_the_site_build_publishes_the_wheel_and_its_manifest(tmp_path):
    engine = tmp_path / "engine"
    engine.mkdir()
    (engine / "stale.whl").write_bytes(b"old")
    manifest = json.loads(engine_wheel.publish(engine, PYODIDE["version"], _runtime(tmp_path)).read_text())
    wheel = engine / manifest["wheel"]
    assert sorted(p.name for p in engine.iterdir()) == sorted(["manifest.json", wheel.name])
    assert manifest["sha256"] == hashlib.sha256(wheel.read_bytes()).hexdigest()
    assert manifest["pyodide"] == PYODIDE["version"] == "314.0.7"
    # what the first game fetches, by path from _static/: the page says their sum on its Play button
    assert manifest["files"] == {f"npm/pyodide@314.0.7/{name}": len(name) for name in engine_wheel.RUNTIME_FILES} | {
        f"engine/{wheel.name}": wheel.stat().st_size}


def test_the_sphinx_hook_puts_the_engine_among_the_static_files(tmp_path, monkeypatch, site_wheel):
    """The build publishes the wheel compiled in the vendored runtime: the same bytes as compiled apart (so the
    compiling, too, gives the same bytes for the same source)."""
    from types import SimpleNamespace

    from sitebuild import offline

    monkeypatch.setattr(vendor, "VENDOR_DIR", tmp_path)
    monkeypatch.setattr(vendor, "fetch_all", lambda: {})
    (tmp_path / "npm").mkdir()
    (tmp_path / "npm" / f"pyodide@{PYODIDE['version']}").symlink_to(vendor.fetch("pyodide", PYODIDE))
    app = SimpleNamespace(config=SimpleNamespace(html_static_path=[]))
    offline.prepare_static(app)
    assert app.config.html_static_path == [str(tmp_path)]
    manifest = json.loads((tmp_path / "engine" / "manifest.json").read_text())
    assert (tmp_path / "engine" / manifest["wheel"]).read_bytes() == site_wheel.read_bytes()


def test_the_vendored_runtime_is_the_core_and_its_licences():
    runtime = vendor.fetch("pyodide", PYODIDE)
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json",
                 "LICENSE", "LICENSE-CPython.txt", "NOTICE.txt"):
        assert (runtime / name).is_file(), name
    lock = json.loads((runtime / "pyodide-lock.json").read_text())
    assert lock["info"]["python"].startswith("3.14.")


# -- the page's Python -------------------------------------------------------------

def test_the_page_runs_python_3_14(page_python):
    assert page_python["version_info"][:2] == [3, 14]
    assert page_python["platform"] == "emscripten"
    assert page_python["engine_file"] == "/home/pyodide/engine.whl/explorer/__init__.pyc"  # compiled, from the wheel


# the page's wheel holds the shipped rulesets, not the test run's toy one
@pytest.mark.parametrize("case", [c for c in scenario_cases() if c[0] in shipped_rulesets()], ids="/".join)
def test_the_page_saves_the_same_games_as_cpython(page_python, case):
    prefix = "/".join(case) + "/"
    games = {key: save for key, save in page_python["games"].items() if key.startswith(prefix)}
    bots = sorted(new_game(case).ruleset.bots)
    assert sorted(games) == sorted(f"{prefix}{bot}/{seed}" for bot in bots for seed in SELF_CHECK_GAMES["seeds"])
    for key, save in games.items():
        _, _, bot, seed = key.split("/")
        assert save == played_save(case, bot, int(seed), SELF_CHECK_GAMES["plies"]), f"{key} differs"


def test_the_conformance_checks_pass_on_the_page(page_python):
    assert page_python["checks"] > 0
    assert not page_python["failures"], "\n".join(f"{k}: {v}" for k, v in page_python["failures"].items())


# -- live play's Session on the page's Python ----------------------------------------------

SESSION_GAMES = """
import json, random
from boards import live
out = {}
for ruleset, scenario in (("simple_plastic", "skirmish"), ("phlog", "corridor"), ("army_men", "standard"),
                          ("one_brain_cell", "patrol"), ("dice_tactics", "river_crossing")):
    config = {"ruleset": ruleset, "scenario": scenario, "seed": 3, "human": "green", "bot": "greedy"}
    answer = json.loads(live.start(json.dumps(config)))
    rng = random.Random(11)
    while not answer["outcome"]:
        answer = json.loads(live.command(json.dumps({"name": "play", "args": [rng.randrange(len(answer["actions"]))]})))
    save = json.loads(live.command(json.dumps({"name": "save"})))["save"]
    link = json.loads(live.command(json.dumps({"name": "link"})))["link"]
    view = json.loads(live.command(json.dumps({"name": "at", "args": [1]})))
    live.start(json.dumps({**config, "seed": 4, "bot": "person"}))  # two people; then the link's game
    opened = json.loads(live.command(json.dumps({"name": "open", "args": [link]})))
    reopened = json.loads(live.command(json.dumps({"name": "save"})))["save"] == save
    out[ruleset] = {"save": save, "last": answer, "view": view, "opened": opened["message"], "reopened": reopened}
print(json.dumps(out))
"""


def test_a_live_game_in_the_page_saves_the_same_json_as_in_cpython(page_python):
    """The Session the page's worker drives (boards.live), played to the end on Pyodide and on CPython."""
    page = page_python["sessions"]
    here = subprocess.run([sys.executable, "-c", SESSION_GAMES], capture_output=True, text=True, cwd=ROOT,
                          check=True, env={**__import__("os").environ, "PYTHONPATH": str(ROOT)})
    cpython = json.loads(here.stdout.splitlines()[-1])
    assert sorted(page) == ["army_men", "dice_tactics", "one_brain_cell", "phlog", "simple_plastic"]
    for ruleset in page:
        assert page[ruleset]["last"]["outcome"] is not None
        assert page[ruleset]["save"] == cpython[ruleset]["save"], f"{ruleset}: the page saved another game"
        assert page[ruleset]["last"] == cpython[ruleset]["last"], f"{ruleset}: the page answered otherwise"
        assert page[ruleset]["view"] == cpython[ruleset]["view"], f"{ruleset}: the page showed entry 1 otherwise"
        assert page[ruleset]["opened"]["kind"] == "note" and page[ruleset]["reopened"], f"{ruleset}: link not opened"
