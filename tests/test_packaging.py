"""The two ways to install agree: pyproject.toml and environment.yml pin the same versions; installing says no
warning."""

import re
import subprocess
import sys
import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _pyproject_pins() -> dict[str, str]:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    specs = project["dependencies"] + [d for extra in project["optional-dependencies"].values() for d in extra]
    return dict(_split(spec) for spec in specs)


def _environment_pins() -> dict[str, str]:
    lines = (ROOT / "environment.yml").read_text().splitlines()
    specs = [m.group(1) for line in lines if (m := re.match(r"\s+-\s+([A-Za-z0-9_.\-]+==\S+)", line))]
    return dict(_split(spec) for spec in specs)


def _split(spec: str) -> tuple[str, str]:
    name, _, version = spec.partition("==")
    assert version, f"{spec!r} is not pinned with =="
    return name.lower().replace("_", "-"), version


def test_every_dependency_is_pinned_the_same_in_both_files():
    assert _environment_pins() == _pyproject_pins()


def test_installing_the_project_for_editing_prints_no_warning(tmp_path):
    """What make lab and make test run (pip install -e, its build backend in a fresh environment from the package
    index), into a scratch environment: the project's own pyproject.toml draws no deprecation or other warning.

    Into a scratch virtual environment (pip --python), never this one: pip installing the project anywhere from
    this environment (even with --prefix) first uninstalls its editable install here, and the notebooks' kernels
    could no longer import the engine."""
    scratch = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(scratch)], check=True)
    done = subprocess.run([sys.executable, "-m", "pip", "--python", str(scratch / "bin" / "python"), "install",
                           "--quiet", "--no-deps", "--no-compile", "--editable", str(ROOT)],
                          capture_output=True, text=True)
    said = done.stdout + done.stderr
    assert done.returncode == 0, said
    assert "warning" not in said.lower() and "deprecat" not in said.lower(), said
