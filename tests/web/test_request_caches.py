"""What is kept between requests to make a click cheaper never leaks into another request:
the words formatted once per language, the rules parsed once per cookie."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGE_COOKIE
from app.table.preferences import RULES_COOKIE
from engine import PAGAT, PRESETS
from engine.rules import with_toggles
from tests.web.driver import HTMX, start_game

YOUR_CARDS = {"de": "Deine Karten", "en": "Your cards", "ru": "Твои карты", "hu": "A lapjaid"}


def test_each_request_speaks_its_own_language(client: TestClient) -> None:
    """The same words, asked for in one language after another on one game: each answer is in
    its request's language, however often the others were formatted before it."""
    game = start_game(client, "cache-words")
    for _ in range(2):
        for language, words in YOUR_CARDS.items():
            client.cookies.set(LANGUAGE_COOKIE, language)
            fragment = client.get(game, headers=HTMX).text
            assert f'aria-label="{words}"' in fragment
            others = [text for code, text in YOUR_CARDS.items() if code != language]
            assert not any(text in fragment for text in others)


def test_each_request_shows_its_own_remembered_rules(client: TestClient) -> None:
    """The Rules dialog away from a table starts from the cookie's rules, whichever were
    parsed before; an unreadable key still falls back to the default."""
    start_game(client, "cache-rules")
    four = with_toggles(PAGAT, {"hands_per_game": 4})
    ddv = with_toggles(PRESETS["ddv"], {"hands_per_game": 7})
    cookies = [(four.key, 4), (ddv.key, 7), ("nonsense", PAGAT.hands_per_game)]
    for key, hands in cookies + cookies:
        client.cookies.set(RULES_COOKIE, key)
        page = client.get("/history").text
        assert f'name="hands_per_game" min="1" max="100" value="{hands}"' in page
