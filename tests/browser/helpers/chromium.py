"""Debian's Chromium as the browser tests drive it: its path and flags, the two screens most
tests use, and the console error of something the page's Content-Security-Policy refused."""

from __future__ import annotations

import re
from pathlib import Path

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
POLICY_ERROR = re.compile(r"Content Security Policy|Refused to (load|apply|execute|evaluate)")
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
