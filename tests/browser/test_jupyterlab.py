"""The book played live: JupyterLab opens a chapter as a notebook and its boards draw."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOKEN = "tsr-test"


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    sys.path.insert(0, str(ROOT))
    from sitebuild.lab_settings import write_overrides

    write_overrides(Path(sys.prefix))  # what `make lab` does: .md pages open as notebooks
    port = _free_port()
    env = {**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path_factory.mktemp("runtime"))}
    env.pop("TSR_STATIC_BUILD", None)
    server = subprocess.Popen(
        [sys.executable, "-m", "jupyterlab", "--no-browser", f"--port={port}", "--ip=127.0.0.1",
         f"--IdentityProvider.token={TOKEN}", "--allow-root", "--ServerApp.open_browser=False",
         "--LabApp.news_url=", "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate"],
        cwd=ROOT / "book", env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}"
    for _ in range(120):
        try:
            urllib.request.urlopen(f"{url}/api/status?token={TOKEN}", timeout=1)
            break
        except OSError:
            time.sleep(0.5)
    else:
        server.terminate()
        pytest.fail("JupyterLab did not start")
    yield url
    server.terminate()
    server.wait(timeout=30)


def test_a_chapter_runs_live_and_its_boards_draw(browser, lab_url):
    page = browser.new_page(viewport={"width": 1400, "height": 1000})
    page.goto(f"{lab_url}/lab/tree/classroom/dice.md?token={TOKEN}")
    page.locator(".jp-Notebook").first.wait_for(timeout=60_000)
    page.wait_for_timeout(2000)  # let the kernel start before asking it to run
    page.locator(".lm-MenuBar-itemLabel", has_text="Run").first.click()
    page.locator(".lm-Menu-itemLabel", has_text="Run All Cells").first.click()
    try:
        page.locator(".bk-Figure").nth(1).wait_for(state="attached", timeout=90_000)
    finally:
        page.screenshot(path=str(ROOT / "_build" / "jupyterlab-test.png"))
    # Both Bokeh figures of the page drew, and no widget failed to render.
    assert page.locator(".bk-Figure").count() >= 2
    assert page.get_by_text("Failed to create view").count() == 0
    # The live-only control really plays: a click rolls dice in the kernel.
    page.get_by_role("button", name="Roll 10 dice").click()
    page.get_by_text("scored 4+").first.wait_for(timeout=30_000)
    page.close()
