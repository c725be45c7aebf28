"""Draw the app icons (PNG) from ``static/favicon.svg`` with chromium; run by hand.

``python -m sitebuild.make_icons`` writes ``static/icons/``: the favicon at
192 and 512 pixels (home screens and the install prompt) and a "maskable"
512-pixel icon, olive to the edges with the soldier inside the safe circle,
for launchers that cut icons to their own shape. The PNGs are committed, so
a site build needs neither chromium nor this script.
"""

from __future__ import annotations

import base64
import shutil
from pathlib import Path

STATIC = Path(__file__).parent / "static"
OLIVE = "#4b5320"  # --tsr-olive in css/army-men.css, the favicon's background


def _page(svg: str, size: int, maskable: bool) -> str:
    data = base64.b64encode(svg.encode()).decode()
    # Maskable: the launcher may keep only the central circle of 80% diameter.
    inner = round(size * 0.72) if maskable else size
    background = OLIVE if maskable else "transparent"
    return (
        f"<html><body style='margin:0;background:{background};width:{size}px;height:{size}px;"
        f"display:flex;align-items:center;justify-content:center'>"
        f"<img src='data:image/svg+xml;base64,{data}' width='{inner}' height='{inner}'></body></html>"
    )


def main() -> None:
    from playwright.sync_api import sync_playwright

    svg = (STATIC / "favicon.svg").read_text()
    square = svg.replace('rx="6" ', "")  # a maskable icon is cut by the launcher: no corners of its own
    out = STATIC / "icons"
    out.mkdir(exist_ok=True)
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=shutil.which("chromium"), args=["--no-sandbox"], headless=True)
        for name, size, maskable in (
            ("icon-192.png", 192, False), ("icon-512.png", 512, False), ("icon-maskable-512.png", 512, True)
        ):
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(_page(square if maskable else svg, size, maskable))
            page.screenshot(path=str(out / name), omit_background=not maskable)
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
