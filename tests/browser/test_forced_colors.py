"""Forced colours (a contrast theme): an outside check found the cards' ranks and suits on grey
blocks (a jack read as "I"); they keep their faces now. (It also found the Armut's disabled
pass button drawn as an enabled one: Chromium draws it in the theme's GrayText, as this test
checks, so its look there is the theme's.)"""

from __future__ import annotations

from collections.abc import Callable

from playwright.sync_api import BrowserContext, Page

from tests.browser.helpers.chromium import PHONE

from .clicks import click_action
from .helpers.table import poor_seed, start_seeded_game

FACES = """() => [...document.querySelectorAll('.hand .card')].map(card => {
    const corner = card.querySelector('.corner') || card;
    return [getComputedStyle(card).backgroundColor, getComputedStyle(corner).color];
})"""

GRAY_TEXT = """() => {
    const probe = document.body.appendChild(document.createElement('span'));
    probe.style.color = 'GrayText';
    return getComputedStyle(probe).color;
}"""
"""The theme's colour for disabled text, as the browser computes it."""


def at_the_pick(page: Page) -> None:
    page.goto("/")
    start_seeded_game(page, poor_seed())
    click_action(page, "armut")
    page.locator(".pickable").first.wait_for()


def test_cards_keep_their_faces_and_a_disabled_button_looks_disabled(
    new_context: Callable[..., BrowserContext],
) -> None:
    plain = new_context(PHONE).new_page()
    at_the_pick(plain)
    forced = new_context(PHONE, forced_colors="active").new_page()
    at_the_pick(forced)
    assert forced.evaluate("matchMedia('(forced-colors: active)').matches")
    assert forced.evaluate(FACES) == plain.evaluate(FACES)
    forced.locator("label.pickable:has(input:checked)").first.click()
    button = forced.locator(".pick button")
    assert button.is_disabled()
    drawn = button.evaluate("b => [getComputedStyle(b).color, getComputedStyle(b).borderTopColor]")
    assert drawn == [forced.evaluate(GRAY_TEXT)] * 2
