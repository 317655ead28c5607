"""Issue 8, hardening: security headers on every answer, other sites' forms refused, Secure
cookies over HTTPS (the proxy's word believed only from trusted addresses), and unexpected
errors answered with a friendly page and a reference instead of a stack trace."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.storage.models import GameRow, Player
from app.web.security import CONTENT_SECURITY_POLICY
from tests.databases import migrated_sqlite
from tests.live import LiveServer
from tests.web.driver import start_game

EXPECTED = {
    "content-security-policy": CONTENT_SECURITY_POLICY,
    "x-content-type-options": "nosniff",
    "x-frame-options": "DENY",
    "referrer-policy": "same-origin",
}


def count(app: FastAPI, model: type[object]) -> int:
    with app.state.sessions() as session:
        return int(session.scalar(select(func.count()).select_from(model)) or 0)


def test_the_policy_allows_this_server_only() -> None:
    directives = dict(part.split(" ", 1) for part in CONTENT_SECURITY_POLICY.split("; "))
    assert directives["script-src"] == "'self'" and directives["style-src"] == "'self'"
    assert directives["frame-ancestors"] == "'none'"
    assert "unsafe" not in CONTENT_SECURITY_POLICY


def test_every_kind_of_answer_carries_the_headers(client: TestClient) -> None:
    table = start_game(client, "headers")
    answers = [
        client.get("/"),
        client.get(table),
        client.get("/static/css/doko.css"),
        client.get("/no-such-page"),
        client.post(f"{table}/actions", data={"version": "x"}),
        client.get("/leaderboard?rules=nope"),
    ]
    assert [a.status_code for a in answers] == [200, 200, 200, 404, 400, 404]
    for answer in answers:
        for name, value in EXPECTED.items():
            assert answer.headers.get(name) == value, (answer.request.url, name)
        assert "server" not in answer.headers
        assert "strict-transport-security" not in answer.headers


def test_the_pages_hold_no_inline_script_or_style(client: TestClient) -> None:
    pages = [client.get("/").text, client.get(start_game(client, "inline")).text]
    pages.append(client.get("/how-to-play").text)
    for page in pages:
        assert "<script>" not in page and " style=" not in page and "<style" not in page
        assert " on" + "click=" not in page


@pytest.mark.parametrize(
    "headers",
    [
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://testserver.evil.example"},
        {"Referer": "https://evil.example/page"},
        {"Origin": "http://[::1"},
        {"Referer": "http://[::1/page"},
        {"Sec-Fetch-Site": "cross-site"},
        {"Sec-Fetch-Site": "cross-site", "Referer": "http://testserver/rules"},
    ],
)
def test_forms_sent_from_another_site_are_refused(
    app: FastAPI, client: TestClient, headers: dict[str, str]
) -> None:
    refused = client.post("/games", headers=headers, follow_redirects=False)
    assert refused.status_code == 403
    assert "another site" in refused.text
    assert count(app, GameRow) == 0 and count(app, Player) == 0


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "http://testserver"},
        {"Referer": "http://testserver/rules"},
        {"Sec-Fetch-Site": "same-origin"},
        {"Sec-Fetch-Site": "none"},
    ],
)
def test_forms_of_this_site_are_taken(client: TestClient, headers: dict[str, str]) -> None:
    assert client.post("/games", headers=headers, follow_redirects=False).status_code == 303


@pytest.mark.parametrize("path", ["/leaderboard/", "/how-to-play/", "/history/", "/healthz/"])
def test_a_trailing_slash_is_not_found_rather_than_redirected_to_the_host_header(
    client: TestClient, path: str
) -> None:
    """The framework's redirect to the path without the slash named the request's Host, which
    the client chooses: `Host: evil.example` sent the browser to that site."""
    answer = client.get(path, headers={"Host": "evil.example"}, follow_redirects=False)
    assert answer.status_code == 404
    assert "location" not in answer.headers
    assert "evil.example" not in answer.text


def test_cookies_are_secure_over_https(app: FastAPI) -> None:
    with TestClient(app, base_url="https://testserver") as browser:
        answer = browser.post("/games", follow_redirects=False)
    assert answer.status_code == 303
    assert "; Secure" in answer.headers["set-cookie"]
    assert answer.headers["strict-transport-security"].startswith("max-age=")


def test_a_forwarded_scheme_from_an_untrusted_address_is_ignored(client: TestClient) -> None:
    answer = client.post("/games", headers={"X-Forwarded-Proto": "https"}, follow_redirects=False)
    assert answer.status_code == 303
    assert "secure" not in answer.headers["set-cookie"].lower()


@pytest.fixture
def behind_proxy(tmp_path: Path) -> Iterator[LiveServer]:
    """A live server that trusts a proxy on the loopback address (where the test runs)."""
    url = migrated_sqlite(tmp_path / "doko.sqlite3")
    server = LiveServer(url, tmp_path / "server.log", env={"DOKO_TRUSTED_PROXIES": "127.0.0.1"})
    server.start()
    yield server
    server.stop()


@pytest.mark.slow
def test_a_trusted_proxy_makes_cookies_secure_and_the_server_unnamed(
    behind_proxy: LiveServer,
) -> None:
    https = httpx.post(f"{behind_proxy.url}/games", headers={"X-Forwarded-Proto": "https"})
    plain = httpx.post(f"{behind_proxy.url}/games")
    assert https.status_code == plain.status_code == 303
    assert "; Secure" in https.headers["set-cookie"]
    assert "secure" not in plain.headers["set-cookie"].lower()
    for answer in (https, plain, httpx.get(behind_proxy.url + "/")):
        assert "server" not in answer.headers
        assert answer.headers["x-frame-options"] == "DENY"


def test_an_unexpected_error_is_a_friendly_500_with_a_reference(
    app: FastAPI,
    client: TestClient,
    monkeypatch: pytest.MonkeyPatch,
    caplog: pytest.LogCaptureFixture,
) -> None:
    def broken(*_: object) -> None:
        raise RuntimeError("the secret internals")

    monkeypatch.setattr("app.web.routes.home.game_in_progress", broken)
    start_game(client, "error")
    with caplog.at_level(logging.ERROR, logger="doko"):
        answer = client.get("/")
    assert answer.status_code == 500
    reference = answer.headers["x-request-id"]
    assert f"Reference: {reference}" in answer.text
    assert "Traceback" not in answer.text and "secret internals" not in answer.text
    assert answer.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
    assert any(reference in record.getMessage() for record in caplog.records)
    assert any("secret internals" in (record.exc_text or "") for record in caplog.records)
