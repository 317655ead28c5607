"""The row of calls on the smallest phone in the longest words: a made Kontra and the four
steps after it ("Keine 90" … "Schwarz") in German once pushed the page to 378 px on a 375 px
screen, so the player had to scroll sideways to reach Schwarz; a row let wrap instead pushed
Schwarz below the first screen (tests/browser/test_layout.py), and buttons let shrink past their
words cut Schwarz off at the screen's edge."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext

from app.languages.i18n import LANGUAGE_COOKIE
from engine import deal

from .clicks import play_until, step
from .helpers.table import SMALL_PHONE, no_horizontal_scrolling, start_seeded_game

KONTRA_SEED = "browser-kontra-3"
"""A first deal without a Q♣ in the human's hand: the human is Kontra in a normal game."""


def test_a_made_kontra_and_every_step_after_it_fit_a_small_phone_in_german(
    new_context: Callable[..., BrowserContext],
) -> None:
    assert "QC" not in [str(card) for card in deal(KONTRA_SEED, 0).hands[0]]
    page = new_context(SMALL_PHONE).new_page()
    page.goto("/")
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "de", "url": page.url}])
    start_seeded_game(page, KONTRA_SEED)
    play_until(page, lambda p: p.locator('[data-action="announce kontra"]').count() > 0)
    step(page, ["announce kontra"])
    made = page.locator(".announce .call-made")
    made.wait_for()
    assert "Kontra" in made.inner_text()
    steps = page.locator(".announce button[data-action]")
    assert steps.count() == 4, steps.all_inner_texts()
    assert no_horizontal_scrolling(page), page.evaluate("document.documentElement.scrollWidth")
    cut_off = "el => el.scrollWidth > el.clientWidth"
    assert [
        button.inner_text() for button in steps.all() if button.evaluate(cut_off)
    ] == [], "a button narrower than its words"
