"""Seeded games at the table, their hand and controls, and screenshots. Shared by several test
modules (moved out of `tests/browser/test_table.py`, so that no test module imports another)."""

from __future__ import annotations

from playwright.sync_api import Page

from engine import Contract, card_order, deal
from tests.browser.clicks import (
    post_to_a_new_game,
)
from tests.live import ROOT

ARTIFACTS = ROOT / "test-artifacts"

SMALL_PHONE = {"width": 360, "height": 640}
NARROWEST = {"width": 320, "height": 568}
"""The smallest phone the table is measured on (an iPhone SE of the first kind)."""
FINGER = 44
"""CSS pixels a finger needs (WCAG 2.5.5)."""

SOLO_SEED = "browser-solo-1"

RELOAD_SEED = "browser-reload-1"


def poor_seed(seat: int = 0, prefix: str = "browser-armut") -> str:
    """The first seed whose first deal gives `seat` at most 3 trumps of the normal game (so it
    may declare Armut) while every other seat has more (so no other Armut comes first). With
    seat 3 poor, the human is the first asked to take the Armut."""
    order = card_order(Contract.NORMAL)
    for number in range(1000):
        seed = f"{prefix}-{number}"
        hands = deal(seed, 0).hands
        trumps = [sum(1 for card in hand if order.is_trump(card)) for hand in hands]
        if trumps[seat] <= 3 and all(
            count > 3 for other, count in enumerate(trumps) if other != seat
        ):
            return seed
    raise AssertionError(f"no seed with a poor seat {seat} among the first 1000")


def armut_offered_seed() -> str:
    return poor_seed(seat=3, prefix="axe-armut")


def normal_trumps(seed: str) -> list[str]:
    order = card_order(Contract.NORMAL)
    return sorted(str(card) for card in deal(seed, 0).hands[0] if order.is_trump(card))


def hand_cards(page: Page) -> list[str]:
    """The accessible names of the cards in the human's hand, in the order shown."""
    return page.eval_on_selector_all(
        ".hand .card",
        "els => els.map(e => e.getAttribute('aria-label') || e.dataset.card)",
    )


def choose_rules(
    page: Page, hands: int | None = None, preset: str | None = None, level: str | None = None
) -> None:
    """Through the Rules dialog, as a player would: open, change, submit (and confirm, when a
    game is in progress: tests/browser/test_teaching.py)."""
    page.goto("/")
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Rules", exact=True).click()
    dialog = page.locator("#rules-dialog")
    if preset is not None:
        dialog.locator(f'input[name="preset"][value="{preset}"]').check()
    if hands is not None:
        dialog.locator('input[name="hands_per_game"]').fill(str(hands))
    if level is not None:
        dialog.locator(f'input[name="level"][value="{level}"]').check()
    with page.expect_navigation(url="**/games/*"):
        dialog.locator('button[type="submit"]').click()


def start_seeded_game(page: Page, seed: str) -> str:
    """POSTs the New-game form with a seed from the page itself (the UI offers a seed only
    after a game); returns the new table's URL."""
    return post_to_a_new_game(page, "/games", {"seed": seed})


def hand_label(page: Page) -> str:
    return page.locator("#table .info .contract").inner_text()


def no_horizontal_scrolling(page: Page) -> bool:
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")


def snapshot(page: Page, name: str) -> str | None:
    """Saves a full-page screenshot under test-artifacts/; returns a complaint when the page is
    wider than the screen (checked for every page before the test fails, so that all the
    screenshots are there to look at)."""
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True, animations="disabled")
    if no_horizontal_scrolling(page):
        return None
    width = page.evaluate("document.documentElement.scrollWidth")
    return f"{name}: the page is {width} px wide in a {page.viewport_size} viewport"


BUTTON_GAP = """() => {
    const button = document.querySelector('.pick button').getBoundingClientRect();
    const cards = [...document.querySelectorAll('.pickable')];
    return button.top - Math.max(...cards.map(card => card.getBoundingClientRect().bottom));
}"""

"""Pixels between the lowest card's bottom and the pass button's top: the button is below
the hand, and a chosen card rises away from it."""
