"""Issue 25, point 7: picking the three cards of an Armut. The pass button sits below the hand
and waits until exactly three cards are chosen, and a fourth is refused; the trumps, which
must all go, come chosen; a refusal of an earlier try ("Choose exactly three cards, not 0.")
goes once three are chosen; the arrow keys step from card to card, and Tab goes on to the
button."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import (
    BUTTON_GAP,
    SMALL_PHONE,
    normal_trumps,
    poor_seed,
    start_seeded_game,
)

from .clicks import click_action

CHECKED = "els => els.filter(e => e.querySelector('input').checked).map(e => e.dataset.card)"


def at_the_pick(page: Page) -> str:
    """The player has declared an Armut and picks the three cards to pass; returns the seed."""
    seed = poor_seed()
    page.goto("/")
    start_seeded_game(page, seed)
    click_action(page, "armut")
    page.locator(".pickable").first.wait_for()
    return seed


def chosen(page: Page) -> list[str]:
    return sorted(page.eval_on_selector_all("label.pickable", CHECKED))


def choose_none(page: Page) -> None:
    checked = page.locator("label.pickable:has(input:checked)")
    while checked.count():
        checked.first.click()


def pass_button_enabled(page: Page) -> bool:
    return page.locator(".pick button").is_enabled()


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE, DESKTOP], ids=["360", "375", "1280"])
def test_the_pass_button_waits_below_the_hand_for_three_cards(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    seed = at_the_pick(page)
    trumps = normal_trumps(seed)
    assert chosen(page) == trumps, "the trumps that must go come chosen"
    assert page.evaluate(BUTTON_GAP) >= 8, "the button is below the hand"
    unchosen = page.locator("label.pickable:not(:has(input:checked))")
    choose_none(page)
    assert chosen(page) == [] and not pass_button_enabled(page), "nothing chosen: no passing"
    for count in (1, 2, 3):
        unchosen.first.click()
        assert len(chosen(page)) == count
        assert pass_button_enabled(page) == (count == 3)
    counted = page.locator(".pick .picked")
    assert "(3 of 3 chosen)" in counted.inner_text()
    three = chosen(page)
    unchosen.first.click()
    assert chosen(page) == three and pass_button_enabled(page), "a fourth card is refused"
    assert "unpick one first" in counted.inner_text()
    page.locator("label.pickable:has(input:checked)").first.click()
    assert len(chosen(page)) == 2 and "(2 of 3 chosen)" in counted.inner_text()


def test_the_refusal_goes_once_three_are_chosen(new_context: Callable[..., BrowserContext]) -> None:
    """A pass of no card (a page without its script, an old tab) is refused; the refusal stays
    until three cards are chosen, not after."""
    page = new_context(PHONE).new_page()
    at_the_pick(page)
    choose_none(page)
    button = page.locator(".pick button")
    button.evaluate("button => { button.disabled = false; }")
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    button.click()
    page.wait_for_function("() => !document.getElementById('table').dataset.stale")
    refusal = page.locator("#table > .error")
    assert "Choose exactly three cards, not 0." in refusal.inner_text()
    choose_none(page)
    unchosen = page.locator("label.pickable:not(:has(input:checked))")
    for count in (0, 1, 2):
        assert refusal.count() == 1, f"still there with {count} chosen"
        unchosen.first.click()
    assert refusal.count() == 0, "gone once three are chosen"


def test_the_arrow_keys_step_through_the_cards(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(DESKTOP).new_page()
    at_the_pick(page)
    codes = page.eval_on_selector_all("label.pickable", "els => els.map(e => e.dataset.card)")
    focused = "document.activeElement.closest('label.pickable').dataset.card"
    page.locator(".pickable input").first.focus()
    for code in codes[1:4]:
        page.keyboard.press("ArrowRight")
        assert page.evaluate(focused) == code
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == codes[2]
    page.locator(".pickable input").first.focus()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate(focused) == codes[-1], "from the first card to the last"
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.dataset.action") == "armut-give"
