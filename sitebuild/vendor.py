"""Fetch the pinned third-party web assets of ``vendor.toml`` into a local folder.

Run by the Sphinx build when a file is missing (``python -m sitebuild.vendor``
does it by hand). Uses ``npm pack``, which downloads one tarball per package
without its dependencies and checks the registry's integrity hash.
"""

from __future__ import annotations

import fnmatch
import shutil
import subprocess
import sys
import tarfile
import tempfile
import tomllib
from pathlib import Path

HERE = Path(__file__).parent
VENDOR_DIR = HERE.parent / ".vendor"


def manifest() -> dict:
    return tomllib.loads((HERE / "vendor.toml").read_text())["packages"]


def package_dir(name: str, version: str, root: Path = VENDOR_DIR) -> Path:
    """Where a package lands, laid out like a CDN: ``npm/<name>@<version>/``."""
    return root / "npm" / f"{name}@{version}"


def _wanted(member: str, spec: dict) -> bool:
    path = member.removeprefix("package/")
    return any(fnmatch.fnmatch(path, pattern) for pattern in spec["files"]) and not any(
        fnmatch.fnmatch(path, pattern) for pattern in spec.get("exclude", [])
    )


def _add_notices(spec: dict, target: Path) -> None:
    """Licence files kept in this repository for a package whose tarball has none (``notices``)."""
    if "notices" in spec:
        shutil.copytree(HERE / spec["notices"], target, dirs_exist_ok=True)


def fetch(name: str, spec: dict, root: Path = VENDOR_DIR) -> Path:
    target = package_dir(name, spec["version"], root)
    stamp = target / ".complete"
    if stamp.exists():
        _add_notices(spec, target)
        return target
    npm = shutil.which("npm")
    if npm is None:
        raise RuntimeError(f"npm is needed once to fetch {name}@{spec['version']} for the offline site")
    with tempfile.TemporaryDirectory() as tmp:
        result = subprocess.run(
            [npm, "pack", "--silent", f"{name}@{spec['version']}"],
            cwd=tmp, capture_output=True, text=True,
        )
        if result.returncode != 0:
            raise RuntimeError(f"npm pack {name}@{spec['version']} failed:\n{result.stderr}")
        tarball = next(Path(tmp).glob("*.tgz"))
        with tarfile.open(tarball) as tar:
            members = [m for m in tar.getmembers() if m.isfile() and _wanted(m.name, spec)]
            if not members:
                raise RuntimeError(f"{name}@{spec['version']} has none of {spec['files']}")
            for member in members:
                member.name = member.name.removeprefix("package/")
                tar.extract(member, target, filter="data")
    _add_notices(spec, target)
    stamp.touch()
    return target


def prune(root: Path = VENDOR_DIR, keep: tuple[Path, ...] = ()) -> None:
    """Remove packages fetched for an earlier ``vendor.toml`` (the whole folder is served with the site)."""
    for scope in (root / "npm").glob("*"):
        for folder in ([scope] if not scope.name.startswith("@") else list(scope.glob("*"))):
            if folder.is_dir() and folder not in keep:
                shutil.rmtree(folder)
        if scope.name.startswith("@") and scope.is_dir() and not any(scope.iterdir()):
            scope.rmdir()


def fetch_all(root: Path = VENDOR_DIR) -> dict[str, Path]:
    fetched = {name: fetch(name, spec, root) for name, spec in manifest().items()}
    prune(root, tuple(fetched.values()))
    return fetched


if __name__ == "__main__":
    for name, path in fetch_all().items():
        print(f"{name}: {path}", file=sys.stderr)
