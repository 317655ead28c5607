"""The row of calls on the smallest phone in the longest words: a made Kontra and the four
steps after it ("Keine 90" … "Schwarz") in German once pushed the page to 378 px on a 375 px
screen, so the player had to scroll sideways to reach Schwarz; a row let wrap instead pushed
Schwarz below the first screen (tests/browser/test_layout.py), and buttons let shrink past their
words cut Schwarz off at the screen's edge. On a 320 px phone the Kontra still to make lost its
last letters in German and Hungarian ("Kont"), and the Keine 90 after it ("Keir 90")."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGE_COOKIE
from engine import deal

from .clicks import play_until, step
from .helpers.table import NARROWEST, SMALL_PHONE, no_horizontal_scrolling, start_seeded_game

KONTRA_SEED = "browser-kontra-3"
"""A first deal without a Q♣ in the human's hand: the human is Kontra in a normal game."""
CUT_OFF = "el => el.scrollWidth > el.clientWidth"


def cut_buttons(page: Page) -> list[str]:
    return [
        button.inner_text()
        for button in page.locator(".announce button[data-action]").all()
        if button.evaluate(CUT_OFF)
    ]


@pytest.mark.parametrize(
    ("language", "viewport"),
    [("de", SMALL_PHONE), ("de", NARROWEST), ("hu", NARROWEST)],
    ids=["de-360", "de-320", "hu-320"],
)
def test_a_made_kontra_and_every_step_after_it_fit_a_small_phone(
    new_context: Callable[..., BrowserContext], language: str, viewport: dict[str, int]
) -> None:
    assert "QC" not in [str(card) for card in deal(KONTRA_SEED, 0).hands[0]]
    page = new_context(viewport).new_page()
    page.goto("/")
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": page.url}])
    start_seeded_game(page, KONTRA_SEED)
    play_until(page, lambda p: p.locator('[data-action="announce kontra"]').count() > 0)
    assert cut_buttons(page) == [], "the call still to make, in whole words"
    step(page, ["announce kontra"])
    made = page.locator(".announce .call-made")
    made.wait_for()
    assert "Kontra" in made.inner_text()
    steps = page.locator(".announce button[data-action]")
    assert steps.count() == 4, steps.all_inner_texts()
    assert no_horizontal_scrolling(page), page.evaluate("document.documentElement.scrollWidth")
    assert cut_buttons(page) == [], "a button narrower than its words"
