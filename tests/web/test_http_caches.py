"""What the server tells HTTP clients and caches about its pages: HEAD is answered as GET
without the body, a page's `Vary` names what its language follows, and a page that follows
the player is never kept by a shared cache."""

from __future__ import annotations

import re

import pytest
from fastapi.testclient import TestClient

from tests.waiting import until
from tests.web.driver import HTMX, start_game

PAGES = ["/healthz", "/", "/how-to-play", "/leaderboard", "/history", "/no-such-page"]


BACKGROUND_SECONDS = 60
"""How long a page may wait for the work its first view starts (the day's par)."""


def settled(client: TestClient, path: str) -> None:
    """Waits until the page no longer changes with work its first view started in the
    background: the board's par, done in an instant by a warm worker or in this process."""
    until(lambda: "being computed" not in client.get(path).text, path, BACKGROUND_SECONDS)


@pytest.mark.parametrize("path", PAGES)
def test_head_answers_as_get_without_the_body(client: TestClient, path: str) -> None:
    settled(client, path)
    got = client.get(path, headers={"accept-encoding": "gzip"})
    head = client.head(path, headers={"accept-encoding": "gzip"})
    assert head.status_code == got.status_code
    assert head.content == b""
    for name in ("content-type", "content-length", "content-encoding", "vary"):
        assert head.headers.get(name) == got.headers.get(name), name


def test_a_players_pages_are_private_and_the_static_files_public(client: TestClient) -> None:
    """A proxy that kept one player's table, board row or history would show it to the next
    reader; the files named by their hash are kept for a year by anyone."""
    game = start_game(client, "private-1")
    review = client.post(f"{game}/actions", data={"version": "x"})
    pages = [client.get(path) for path in (*PAGES, game)] + [review]
    for page in pages:
        assert page.headers["cache-control"] in ("private, no-cache", "no-store"), page.url
    table = client.get(game)
    asset = re.search(r'href="(/static/css/doko\.css\?v=[0-9a-f]+)"', table.text)
    assert asset, "the table names its style sheet by hash"
    cached = client.get(asset.group(1)).headers["cache-control"]
    assert cached == "public, max-age=31536000, immutable"


def test_head_of_a_game_changes_nothing_and_shows_nothing(client: TestClient) -> None:
    game = start_game(client, "head-1")
    before = client.get(game).text
    head = client.head(game)
    assert head.status_code == 200 and head.content == b""
    assert client.get(game).text == before


def test_head_where_only_post_is_allowed_is_refused(client: TestClient) -> None:
    answer = client.head("/games")
    assert answer.status_code == 405 and answer.content == b""
    assert answer.headers["allow"] == "POST"


@pytest.mark.parametrize("method", ["POST", "PUT", "DELETE"])
def test_a_refused_method_is_told_that_head_is_served_with_get(
    client: TestClient, method: str
) -> None:
    answer = client.request(method, "/leaderboard")
    assert answer.status_code == 405
    assert answer.headers["allow"] == "GET, HEAD"


@pytest.mark.parametrize("path", ["/no-such-page", "/leaderboard?day=nonsense", "/how-to-play"])
@pytest.mark.parametrize("htmx", [False, True])
def test_an_error_page_varies_with_htmx_and_the_language(
    client: TestClient, path: str, htmx: bool
) -> None:
    """htmx gets only the message, a browser the whole page: a shared cache must tell them
    apart, as it does for the table and the review."""
    method = "POST" if path == "/how-to-play" else "GET"
    answer = client.request(method, path, headers=HTMX if htmx else {})
    assert 400 <= answer.status_code < 500
    assert ("<html" in answer.text) is not htmx
    named = [token.strip().lower() for token in answer.headers["vary"].split(",")]
    assert {"hx-request", "accept-language", "cookie"} <= set(named)
    assert len(named) == len(set(named)), "each named once"


@pytest.mark.parametrize("path", ["/", "/how-to-play", "/leaderboard", "/no-such-page"])
def test_a_page_varies_with_the_language_it_follows(client: TestClient, path: str) -> None:
    german = client.get(path, headers={"accept-language": "de"})
    english = client.get(path, headers={"accept-language": "en"})
    assert german.text != english.text, "the page is in the asked language"
    for answer in (german, english):
        named = [token.strip().lower() for token in answer.headers["vary"].split(",")]
        assert {"accept-language", "cookie"} <= set(named)
        assert len(named) == len(set(named)), "each named once"


def test_a_file_that_is_not_a_page_does_not_vary_with_the_language(client: TestClient) -> None:
    css = next(
        line.split('href="')[1].split('"')[0]
        for line in client.get("/").text.splitlines()
        if 'rel="stylesheet"' in line
    )
    answer = client.get(css)
    assert answer.status_code == 200
    assert "accept-language" not in answer.headers.get("vary", "").lower()
