"""The end of a hand on a phone: the sheet (title, card points, scoring, the game so far, the
four hands as dealt) is about two screens long, and Next hand stood at its foot, a scroll away;
it now stays at the screen's foot while the sheet is read, and deals the next hand."""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

from .clicks import changes_table, game_over, play_until
from .helpers.table import SMALL_PHONE, start_seeded_game

IN_SIGHT = """selector => {
    const box = document.querySelector(selector).getBoundingClientRect();
    return box.top >= 0 && box.bottom <= innerHeight;
}"""


def hand_over(page: Page) -> bool:
    return page.locator("button.next-hand").count() > 0 or game_over(page)


def test_next_hand_is_in_reach_while_the_sheet_is_read(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(SMALL_PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto("/")
    start_seeded_game(page, "end-1")
    play_until(page, hand_over)
    page.evaluate("window.scrollTo(0, 0)")
    assert page.evaluate("document.documentElement.scrollHeight") > 1.5 * SMALL_PHONE["height"]
    assert page.evaluate(IN_SIGHT, "button.next-hand"), "Next hand is below the first screen"
    page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)")
    assert page.evaluate(IN_SIGHT, "button.next-hand")
    changes_table(page, page.locator("button.next-hand").tap)
    assert page.locator("section.summary").count() == 0, "the next hand is dealt"
