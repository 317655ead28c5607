"""The static files served from memory (app.web.assets): pages name them by their content's hash,
such URLs may be kept for a year, bare ones are revalidated, gzip only for clients that take
it, and nothing but the files found at start-up can be fetched."""

from __future__ import annotations

import gzip
import re
from pathlib import Path

import pytest
from fastapi.testclient import TestClient

from app.operations.compression import accepts_gzip
from app.web.assets import Assets, without_comments
from app.web.factory import ROOT

STATIC = ROOT / "static"
ASSET_URL = re.compile(r'(?:href|src)="(/static/[^"?]+)\?v=([0-9a-f]+)"')


def named_assets(client: TestClient) -> dict[str, str]:
    """path → version, for every static file the home page names."""
    return dict(ASSET_URL.findall(client.get("/").text))


def test_the_page_names_each_file_by_its_content(client: TestClient) -> None:
    named = named_assets(client)
    assert set(named) == {
        "/static/css/doko.css",
        "/static/css/home.css",
        "/static/js/doko.js",
        "/static/vendor/htmx/htmx.min.js",
        "/static/favicon.svg",
        "/static/js/install.js",
        "/static/icons/apple-touch-icon.png",
    }
    for path, version in named.items():
        answer = client.get(f"{path}?v={version}")
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "public, max-age=31536000, immutable"
        stored = (STATIC / path.removeprefix("/static/")).read_bytes()
        served = without_comments(stored) if path.endswith(".css") else stored
        assert answer.content == served


def test_a_stylesheet_is_served_without_its_comments(client: TestClient) -> None:
    for sheet in sorted((STATIC / "css").glob("*.css")):
        served = client.get(f"/static/css/{sheet.name}").text
        assert "/*" not in served and "*/" not in served, sheet.name
    stored = (STATIC / "css/doko.css").read_text("utf-8")
    served = client.get("/static/css/doko.css").text
    assert "links that stand alone as controls" in stored
    assert "links that stand alone as controls" not in served
    assert ".hand .card.playable { transform: translateY(-0.6rem);" in served
    assert len(served) < len(stored) * 0.9


def test_a_changed_file_gets_another_url(tmp_path: Path) -> None:
    (tmp_path / "site.css").write_text("body { color: black }")
    before = Assets(tmp_path).url("site.css")
    (tmp_path / "site.css").write_text("body { color: navy }")
    after = Assets(tmp_path).url("site.css")
    assert before.startswith("/static/site.css?v=") and after.startswith("/static/site.css?v=")
    assert before != after


def test_a_bare_or_outdated_url_is_revalidated(client: TestClient) -> None:
    for url in ("/static/css/doko.css", "/static/css/doko.css?v=0123456789abcdef"):
        answer = client.get(url)
        assert answer.status_code == 200
        assert answer.headers["cache-control"] == "no-cache"
        again = client.get(url, headers={"if-none-match": answer.headers["etag"]})
        assert again.status_code == 304
        assert again.content == b""
        assert again.headers["etag"] == answer.headers["etag"]


def test_gzip_only_for_clients_that_take_it(client: TestClient) -> None:
    raw = (STATIC / "vendor/htmx/htmx.min.js").read_bytes()
    url = "/static/vendor/htmx/htmx.min.js"
    packed = client.get(url, headers={"accept-encoding": "gzip, deflate"})
    assert packed.headers["content-encoding"] == "gzip"
    assert int(packed.headers["content-length"]) < len(raw) // 2
    assert packed.content == raw
    assert "accept-encoding" in packed.headers["vary"].lower()
    for refusing in ("identity", "gzip;q=0", "br"):
        plain = client.get(url, headers={"accept-encoding": refusing})
        assert "content-encoding" not in plain.headers, refusing
        assert plain.content == raw
        assert plain.headers["etag"] != packed.headers["etag"]


@pytest.mark.parametrize(
    ("header", "accepted"),
    [
        ("gzip", True),
        ("gzip, deflate, br", True),
        ("GZIP;q=0.5", True),
        ("gzip;q=0", False),
        ("gzip;q=oops", False),
        ("*", True),
        ("*;q=0", False),
        ("gzip;q=0, *", False),
        ("br, *;q=0.1", True),
        ("br", False),
        ("", False),
    ],
)
def test_accept_encoding_is_read_with_its_qualities(header: str, accepted: bool) -> None:
    assert accepts_gzip(header) is accepted


def test_head_answers_without_a_body(client: TestClient) -> None:
    got = client.get("/static/js/doko.js")
    head = client.head("/static/js/doko.js")
    assert head.status_code == 200
    assert head.content == b""
    assert head.headers["content-length"] == got.headers["content-length"]
    assert head.headers["etag"] == got.headers["etag"]


@pytest.mark.parametrize(
    "path",
    ["/static/nope.css", "/static/../app/settings.py", "/static/%2e%2e/pyproject.toml", "/static/"],
)
def test_only_the_files_found_at_start_up_exist(client: TestClient, path: str) -> None:
    answer = client.get(path)
    assert answer.status_code == 404
    assert answer.headers["content-type"].startswith("text/html")


def test_files_cannot_be_posted_to(client: TestClient) -> None:
    answer = client.post("/static/css/doko.css")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, HEAD"


def test_the_stored_gzip_form_is_the_served_file() -> None:
    stylesheet = Assets(STATIC).files["css/doko.css"]
    assert stylesheet.gzipped is not None
    stored = (STATIC / "css/doko.css").read_bytes()
    assert gzip.decompress(stylesheet.gzipped) == without_comments(stored)
