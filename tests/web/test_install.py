"""The installable app as the server serves it: the manifest (its content, its colours taken
from the stylesheet, its icons at the sizes browsers ask for), the service worker's script
and headers, the offline pages it keeps, and the manifest linked from every page's head."""

from __future__ import annotations

import re
import struct

import pytest
from fastapi.testclient import TestClient

from app.languages import i18n
from app.languages.i18n import LANGUAGES, translations
from app.web import install
from app.web.install import DESCRIPTION, stylesheet_colour
from tests.web.driver import HTMX, start_game

PAGES = ["/", "/how-to-play", "/history", "/leaderboard", "/no-such-page"]
OFFLINE_HEADING = "No connection to the server"


def manifest_of(client: TestClient, language: str) -> dict[str, object]:
    answer = client.get(f"/manifest.webmanifest?lang={language}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "application/manifest+json"
    manifest: dict[str, object] = answer.json()
    return manifest


def png_size(body: bytes) -> tuple[int, int]:
    """Width and height from a PNG's header chunk."""
    assert body[:8] == b"\x89PNG\r\n\x1a\n"
    width, height = struct.unpack(">II", body[16:24])
    return width, height


def test_the_manifest_makes_an_app_that_starts_at_the_home_page(client: TestClient) -> None:
    manifest = manifest_of(client, "en")
    assert manifest["name"] == "Doko · Doppelkopf"
    assert manifest["short_name"] == "Doko"
    assert manifest["start_url"] == "/"
    assert manifest["id"] == "/"
    assert manifest["scope"] == "/"
    assert manifest["display"] == "standalone"
    assert manifest["description"] == DESCRIPTION


def test_the_manifest_takes_its_colours_from_the_stylesheet(client: TestClient) -> None:
    manifest = manifest_of(client, "en")
    assert manifest["theme_color"] == stylesheet_colour("--felt-dark") == "#174a31"
    assert manifest["background_color"] == stylesheet_colour("--page") == "#eef1ec"
    head = client.get("/").text
    assert '<meta name="theme-color" content="#174a31">' in head


def test_the_manifest_names_png_icons_of_192_and_512_pixels_and_maskable_ones(
    client: TestClient,
) -> None:
    icons = manifest_of(client, "en")["icons"]
    assert isinstance(icons, list)
    found = set()
    for icon in icons:
        answer = client.get(icon["src"])
        assert answer.status_code == 200, icon
        assert answer.headers["content-type"] == icon["type"] == "image/png"
        width, height = png_size(answer.content)
        assert icon["sizes"] == f"{width}x{height}"
        found.add((width, icon["purpose"]))
    assert {(192, "any"), (512, "any"), (192, "maskable"), (512, "maskable")} <= found


@pytest.mark.parametrize("language", sorted(set(LANGUAGES) - {"en"}))
def test_the_manifest_speaks_the_language_its_link_names(client: TestClient, language: str) -> None:
    manifest = manifest_of(client, language)
    assert manifest["lang"] == language
    assert manifest["description"] == translations(language).gettext(DESCRIPTION)
    assert manifest["description"] != DESCRIPTION


def test_a_manifest_without_a_known_language_takes_the_readers(client: TestClient) -> None:
    answer = client.get("/manifest.webmanifest", headers={"accept-language": "hu"})
    assert answer.json()["lang"] == "hu"
    assert {"accept-language", "cookie"} <= {
        part.strip().lower() for part in answer.headers["vary"].split(",")
    }
    assert client.get("/manifest.webmanifest?lang=xx").json()["lang"] == "en"
    assert client.get(f"/manifest.webmanifest?lang={'x' * 6}").status_code == 400


@pytest.mark.parametrize("path", PAGES)
def test_every_page_links_the_manifest_and_registers_the_worker(
    client: TestClient, path: str
) -> None:
    client.cookies.set("doko_lang", "ro")
    head = client.get(path).text.split("</head>")[0]
    assert '<link rel="manifest" href="/manifest.webmanifest?lang=ro">' in head
    worker = r'data-worker="/sw\.js"'
    assert re.search(rf'<script src="/static/js/install\.js\?v=\w+" {worker} defer></script>', head)
    assert re.search(r'<link rel="apple-touch-icon" href="/static/icons/[\w-]+\.png\?v=\w+">', head)


def test_the_table_links_them_too(client: TestClient) -> None:
    head = client.get(start_game(client, "install-table")).text.split("</head>")[0]
    assert 'rel="manifest"' in head
    assert "install.js" in head


def test_the_worker_is_served_from_the_root_as_a_script_asked_again_each_time(
    client: TestClient,
) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/javascript; charset=utf-8"
    assert answer.headers["service-worker-allowed"] == "/"
    assert answer.headers["cache-control"] == "no-cache"
    assert answer.headers["x-content-type-options"] == "nosniff"
    head = client.head("/sw.js")
    assert head.status_code == 200
    assert head.content == b""


def test_the_worker_keeps_the_offline_pages_and_their_files_and_nothing_else(
    client: TestClient,
) -> None:
    script = client.get("/sw.js").text
    pages = re.search(r"const PAGES = (\{.*\});", script)
    files = re.search(r"const FILES = (\[.*\]);", script)
    assert pages and files
    assert pages.group(1) == (
        "{" + ", ".join(f'"{code}": "/offline/{code}"' for code in sorted(LANGUAGES)) + "}"
    )
    offline = client.get("/offline/en").text
    kept = re.findall(r'"(/static/[^"]+)"', files.group(1))
    assert sorted(kept) == sorted(re.findall(r'href="(/static/[^"]+)"', offline))
    for url in kept:
        assert client.get(url).headers["cache-control"].startswith("public, max-age=")


def worker_version(client: TestClient) -> str:
    client.app.state.offline_kit = None  # type: ignore[attr-defined]
    version = re.search(r'const VERSION = "(\w+)";', client.get("/sw.js").text)
    assert version and len(version.group(1)) == 16
    return version.group(1)


def test_the_workers_version_changes_with_what_it_keeps_and_only_then(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Browsers fetch the kept files again only for a new version; two servers of one
    release give the same one."""
    first = worker_version(client)
    assert worker_version(client) == first
    monkeypatch.setattr(install, "KEPT_FILES", (*install.KEPT_FILES, "css/home.css"))
    assert worker_version(client) != first
    monkeypatch.undo()
    english = i18n.translations("en")
    monkeypatch.setattr(i18n, "translations", lambda language: english)
    i18n.template_words.cache_clear()
    try:
        assert worker_version(client) != first
    finally:
        monkeypatch.undo()
        i18n.template_words.cache_clear()


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_offline_page_speaks_its_language_and_says_the_game_needs_the_server(
    client: TestClient, language: str
) -> None:
    answer = client.get(f"/offline/{language}")
    assert answer.status_code == 200
    assert answer.headers["content-type"] == "text/html; charset=utf-8"
    assert answer.headers["cache-control"] == "no-cache"
    assert "set-cookie" not in answer.headers, "any cache may keep it: no newcomer's id"
    assert "script-src 'self'" in answer.headers["content-security-policy"]
    page = answer.text
    assert f'<html lang="{language}">' in page
    assert f"<h1>{translations(language).gettext(OFFLINE_HEADING)}</h1>" in page
    assert "<script" not in page and "style=" not in page


def test_an_unknown_offline_page_is_not_found(client: TestClient) -> None:
    assert client.get("/offline/xx").status_code == 404
    assert client.get("/offline/xx", headers=HTMX).status_code == 404
    assert client.post("/offline/en").status_code == 405
