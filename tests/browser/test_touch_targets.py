"""Links that stand alone as controls on a touch phone take a finger's 44 px: the boards'
periods, rule sets and days were 19–31 px tall, the day picked 21 px and the history's
sections 19 px (the player has a game, so the history has its sections); the table's Hint was
36 px."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from .clicks import click_action, post_to_a_new_game
from .helpers.table import FINGER, SMALL_PHONE

HEIGHTS = """parts => parts.filter(part => part.checkVisibility())
    .map(part => [part.innerText || part.name, Math.round(part.getBoundingClientRect().height)])"""
CONTROLS = {
    "/leaderboard": ".board-periods a, .board-nav a, .day-pick input",
    "/leaderboard/week": ".board-periods a, .board-nav a",
    "/history": ".history-nav a",
}


@pytest.mark.parametrize("path", list(CONTROLS))
def test_a_touch_phone_gives_each_control_link_a_fingers_height(
    new_context: Callable[..., BrowserContext], path: str
) -> None:
    touch = new_context(SMALL_PHONE, has_touch=True, is_mobile=True).new_page()
    touch.goto("/")
    post_to_a_new_game(touch, "/games", {})
    touch.goto(path)
    heights = touch.eval_on_selector_all(CONTROLS[path], HEIGHTS)
    assert heights, f"no control link on {path}"
    assert [(name, height) for name, height in heights if height < FINGER] == []


def test_the_headers_controls_take_a_fingers_height_in_a_slim_row(
    new_context: Callable[..., BrowserContext],
) -> None:
    """The header's Rules was 32 px tall and its Menu 40 px; they grow under the finger, not
    the row (the phone's first screen is measured to the pixel)."""
    touch = new_context(SMALL_PHONE, has_touch=True, is_mobile=True).new_page()
    touch.goto("/")
    header = ".bar .brand, .bar .rules-button, .menu > summary"
    heights = touch.eval_on_selector_all(header, HEIGHTS)
    assert len(heights) == 3
    assert [(name, height) for name, height in heights if height < FINGER] == []
    bar = touch.locator(".bar").bounding_box()
    assert bar is not None and bar["height"] <= 50


def test_the_tables_hint_takes_a_fingers_height_in_its_row(
    new_context: Callable[..., BrowserContext],
) -> None:
    """The Hint grows under the finger; the row of the turn's words keeps its height (the
    phone's first screen is measured to the pixel)."""
    touch = new_context(SMALL_PHONE, has_touch=True, is_mobile=True).new_page()
    touch.goto("/")
    post_to_a_new_game(touch, "/games", {})
    click_action(touch, "healthy")
    hint = touch.locator("#table [data-hint]")
    hint.wait_for()
    heights = touch.eval_on_selector_all("#table [data-hint]", HEIGHTS)
    assert [(name, height) for name, height in heights if height < FINGER] == []
    row = touch.locator("#table .hint-form").bounding_box()
    assert row is not None and row["height"] <= 38
