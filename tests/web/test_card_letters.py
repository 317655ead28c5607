"""A card's corner and a card in a line of text carry the letters of the player's own deck:
a German deck's Dame and Bube are D and B; the other languages write A, K, Q, J as the rules
they were specified from do, and the ten and the nine are figures everywhere. The hand's
corners, hints and reviews (a card played, an Armut's cards), and the sentences that name a
card (Charlie, the fox) agree."""

from __future__ import annotations

import re
from collections import Counter

import pytest
from fastapi.testclient import TestClient

from app.languages.i18n import LANGUAGES, translations
from app.languages.words import action_text, short_card
from app.table.service import HUMAN, new_table
from bots.registry import bot_named
from engine import PRESETS, Card, view_of

from .driver import start_game

LETTERS = {
    "en": {"A": "A", "10": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"},
    "de": {"A": "A", "10": "10", "K": "K", "Q": "D", "J": "B", "9": "9"},
    "ru": {"A": "A", "10": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"},
    "hu": {"A": "A", "10": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"},
    "ro": {"A": "A", "10": "10", "K": "K", "Q": "Q", "J": "J", "9": "9"},
}
"""Each language's letter for each rank (as the engine writes the rank)."""
CHARLIE = {"en": "J♣", "de": "B♣", "ru": "J♣", "hu": "J♣", "ro": "J♣"}
RANK_SHOWN = re.compile(r'<span class="rank">([^<]+)</span>')
SEED = "card-letters"
"""A deal whose first hand gives the human every rank (10D 10D 10H 9C 9H AH AS JC KC KS QC
QH under the default rules)."""


def test_every_language_says_which_letters_its_deck_has() -> None:
    """A language added without its deck's letters here would go untested."""
    assert set(LETTERS) == set(CHARLIE) == set(LANGUAGES)


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_a_card_in_words_has_the_decks_letters(language: str) -> None:
    t = translations(language)
    for rank, letter in LETTERS[language].items():
        card = Card.parse(f"{rank}C")
        assert short_card(card, t) == f"{letter}♣"
        assert action_text(f"play {rank}C", t) == f"{letter}♣"
    passed = action_text("armut-give QH JS 9D", t).split()
    letters = LETTERS[language]
    assert {f"{letters['Q']}♥", f"{letters['J']}♠", "9♦"} <= set(passed)


@pytest.mark.parametrize("language", sorted(LETTERS))
def test_charlie_is_named_with_the_decks_letters(language: str) -> None:
    t = translations(language)
    for sentence in (
        "won the last trick with Charlie (J♣)",
        "caught Charlie (J♣) in the last trick",
    ):
        assert f"{CHARLIE[language]})" in t.gettext(sentence)


@pytest.mark.parametrize("language", ["de", "en"])
def test_the_hands_corners_have_the_decks_letters(client: TestClient, language: str) -> None:
    table = new_table(PRESETS["pagat"], SEED, bot_named("heuristic-v1"))
    dealt = view_of(table.game.hand, HUMAN).hand
    client.get(f"/language?lang={language}&back=/")
    page = client.get(start_game(client, SEED)).text
    shown = Counter(RANK_SHOWN.findall(page))
    assert shown == Counter(LETTERS[language][card.rank.text] for card in dealt)
