"""Draws the app's icons (static/icons/*.png) from their SVG sources with Debian's Chromium,
which the browser tests use already, so no image library is needed. Run it after changing an
SVG and commit the PNGs:

    python scripts/make_icons.py

`icon.svg` is the icon as it is (rounded corners, transparent outside them); `maskable.svg`
fills the whole square and keeps the cards inside the middle 80 %, the safe zone that a
launcher's circle or squircle mask never cuts."""

from __future__ import annotations

import argparse
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
CHROMIUM = "/usr/bin/chromium"
SIZES = {
    "icon.svg": {"icon-192.png": 192, "icon-512.png": 512},
    "maskable.svg": {"maskable-192.png": 192, "maskable-512.png": 512, "apple-touch-icon.png": 180},
}
"""Source → PNG name → size: 192 and 512 are what Chromium asks a manifest for; iOS takes
180 from `apple-touch-icon` and rounds its corners itself, so it gets the full square."""


def main() -> None:
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=["--headless"])
        page = browser.new_page(device_scale_factor=1)
        for source, outputs in SIZES.items():
            svg = (ICONS / source).read_text()
            for name, size in outputs.items():
                page.set_viewport_size({"width": size, "height": size})
                page.set_content(
                    "<!doctype html><style>html,body{margin:0;background:transparent}"
                    f"svg{{display:block;width:{size}px;height:{size}px}}</style>{svg}"
                )
                page.screenshot(path=str(ICONS / name), omit_background=True)
                print(f"{name}: {size}x{size}")
        browser.close()


if __name__ == "__main__":
    argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    ).parse_args()
    main()
