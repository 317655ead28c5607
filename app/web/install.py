"""What makes the site an installable app: the web app manifest, the offline pages and the
service worker that keeps them (templates/service_worker.js).

The colours come from the site's own stylesheet, so the browser's bar and the splash screen
are the header's felt and the page's ground. The offline pages, one per language, are
rendered once per process; the worker's version is a hash of them and of the files they
name (which carry their content's hash), so a new wording or stylesheet makes browsers fetch
the new pages, and an unchanged release leaves the kept ones alone.
"""

from __future__ import annotations

import hashlib
import json
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from jinja2 import Environment

from app.languages.i18n import LANGUAGES, N_, template_words, translations
from app.operations.urls import offline_url

AssetUrl = Callable[[str], str]
"""`Assets.url`: a static file's URL with its content's hash."""
STYLESHEET = Path(__file__).resolve().parents[2] / "static" / "css" / "doko.css"


def stylesheet_colour(name: str, stylesheet: Path = STYLESHEET) -> str:
    """A colour of the stylesheet's first `:root` block (the light scheme): `--felt-dark`."""
    root = stylesheet.read_text(encoding="utf-8").split(":root", 1)[1].split("}", 1)[0]
    found = re.search(rf"{re.escape(name)}:\s*(#[0-9a-fA-F]{{3,8}})\s*;", root)
    if found is None:
        raise LookupError(f"{name} is not a colour of {stylesheet.name}'s :root")
    return found.group(1).lower()


THEME_COLOUR = stylesheet_colour("--felt-dark")
"""The header's felt: the browser's bar and the installed app's title bar continue it."""
BACKGROUND_COLOUR = stylesheet_colour("--page")
"""The page's ground, shown while the installed app starts."""
NAME = "Doko · Doppelkopf"
SHORT_NAME = "Doko"
DESCRIPTION = N_(
    "Doppelkopf against three computer players, with the same daily deal for everybody."
)
ICONS = (
    ("icons/icon-192.png", 192, "any"),
    ("icons/icon-512.png", 512, "any"),
    ("icons/maskable-192.png", 192, "maskable"),
    ("icons/maskable-512.png", 512, "maskable"),
)
"""192 and 512 pixels are what Chromium asks for; the maskable ones fill the square and keep
the cards in the middle 80 %, which a launcher's mask never cuts."""
KEPT_FILES = ("css/doko.css", "favicon.svg")
"""The files the offline page uses (templates/offline.html), kept with it."""


def manifest(language: str, asset_url: AssetUrl) -> dict[str, object]:
    """The manifest in `language`. Its `id` is the start page whatever the language, so that
    a browser sees one app however the page it was installed from spoke."""
    words = translations(language)
    return {
        "id": "/",
        "name": NAME,
        "short_name": SHORT_NAME,
        "description": words.gettext(DESCRIPTION),
        "lang": language,
        "dir": "ltr",
        "start_url": "/",
        "scope": "/",
        "display": "standalone",
        "theme_color": THEME_COLOUR,
        "background_color": BACKGROUND_COLOUR,
        "categories": ["games"],
        "icons": [
            {"src": asset_url(path), "sizes": f"{size}x{size}", "type": "image/png", "purpose": use}
            for path, size, use in ICONS
        ],
    }


@dataclass(frozen=True)
class OfflineKit:
    """The offline pages by language and the worker that keeps them, as served."""

    pages: dict[str, bytes]
    worker: bytes

    @staticmethod
    def of(env: Environment, asset_url: AssetUrl) -> OfflineKit:
        page = env.get_template("offline.html")
        pages = {code: page.render(template_words(code)).encode() for code in LANGUAGES}
        files = [asset_url(name) for name in KEPT_FILES]
        version = hashlib.sha256(json.dumps(files).encode() + b"".join(pages.values()))
        worker = env.get_template("service_worker.js").render(
            version=version.hexdigest()[:16],
            pages={code: offline_url(code) for code in pages},
            files=files,
        )
        return OfflineKit(pages, worker.encode())
