"""Every word of the challenges' pages goes through gettext (the pseudo-translation of
`tests/web/test_untranslated.py`, whose fixtures this module uses)."""

from __future__ import annotations

from fastapi import FastAPI
from fastapi.testclient import TestClient

from tests.web.driver import play_game, start_game
from tests.web.test_untranslated import NICKNAME, Pages, pages, pseudo

__all__ = ["pages", "pseudo"]


def test_the_challenge_pages(
    app: FastAPI, client: TestClient, other: TestClient, pages: Pages
) -> None:
    url = start_game(client, "words-challenge")
    end = play_game(client, url)[-1]
    assert f'action="{url}/challenge"' in end
    made = client.post(f"{url}/challenge", follow_redirects=False)
    board_url = made.headers["location"]
    link = board_url.rsplit("/", 1)[1]
    pages.see("challenge board, its maker finished", client.get(board_url))
    pages.see("challenge board, a visitor", other.get(board_url))
    game = other.post(f"/challenges/{link}/play", follow_redirects=False).headers["location"]
    pages.see("challenge table", other.get(game))
    pages.see("challenge board, part way", other.get(board_url))
    play_game(other, game)
    pages.see("challenge table at the end", other.get(game))
    pages.see("challenge board, finished", other.get(board_url))
    pages.see("challenge named", client.post(f"/challenges/{link}/name", data={"name": NICKNAME}))
    pages.see(
        "challenge name refused",
        client.post(f"/challenges/{link}/name", data={"name": "Lena"}),
        400,
    )
    pages.see("challenge unknown", client.get("/challenges/" + "x" * 24), 404)
    pages.see("home with new challenge", client.get("/"))
    pages.see("history with challenges", other.get("/history"))
