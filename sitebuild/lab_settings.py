"""Make JupyterLab open the book's MyST ``.md`` pages as notebooks (jupytext).

Run by ``make lab``: writes JupyterLab's settings overrides inside the
project's virtual environment, touching nothing outside it.
"""

import json
import sys
from pathlib import Path


def write_overrides(venv: Path) -> Path:
    target = venv / "share" / "jupyter" / "lab" / "settings" / "overrides.json"
    target.parent.mkdir(parents=True, exist_ok=True)
    settings = json.loads(target.read_text()) if target.exists() else {}
    settings.setdefault("@jupyterlab/docmanager-extension:plugin", {})["defaultViewers"] = {
        "markdown": "Jupytext Notebook",
        "myst": "Jupytext Notebook",
    }
    # A projector shows no "get notified about Jupyter news?" pop-up over the book.
    settings.setdefault("@jupyterlab/apputils-extension:notification", {})["fetchNews"] = "false"
    target.write_text(json.dumps(settings, indent=2))
    return target


if __name__ == "__main__":
    print(f"JupyterLab settings: {write_overrides(Path(sys.argv[1]))}")
