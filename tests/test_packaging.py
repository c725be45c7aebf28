"""The two ways to install agree: pyproject.toml and environment.yml pin the same versions."""

import re
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
