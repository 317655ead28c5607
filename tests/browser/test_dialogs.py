"""The Rules and Settings dialogs close as dialogs do on a phone: a × at the top that stays in
sight while the long Rules dialog scrolls (its Cancel is at the foot, a long way down), in a bar
the lines scroll under rather than beside it, and a tap on the darkened page around them. A tap
inside a dialog leaves it open."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, expect

from .clicks import post_to_a_new_game
from .helpers.table import FINGER, SMALL_PHONE

OPENERS = {
    "rules-dialog": "header [data-open-dialog=rules-dialog]",
    "settings-dialog": "#table [data-open-dialog=settings-dialog]",
}


@pytest.fixture
def at_the_table(new_context: Callable[..., BrowserContext]) -> Page:
    page = new_context(SMALL_PHONE, has_touch=True, is_mobile=True).new_page()
    page.goto("/")
    post_to_a_new_game(page, "/games", {})
    return page


def opened(page: Page, dialog: str) -> None:
    page.locator(OPENERS[dialog]).click()
    page.locator(f"#{dialog}[open]").wait_for()


def is_open(page: Page, dialog: str) -> bool:
    return bool(page.locator(f"#{dialog}").evaluate("d => d.open"))


@pytest.mark.parametrize("dialog", list(OPENERS))
def test_the_cross_stays_in_sight_and_closes(at_the_table: Page, dialog: str) -> None:
    page = at_the_table
    opened(page, dialog)
    page.locator(f"#{dialog}").evaluate("d => d.scrollTo(0, d.scrollHeight)")
    cross = page.locator(f"#{dialog} .dialog-close")
    box = cross.bounding_box()
    frame = page.locator(f"#{dialog}").bounding_box()
    assert box is not None and frame is not None
    assert frame["y"] <= box["y"] and box["y"] + box["height"] <= frame["y"] + frame["height"]
    assert min(box["width"], box["height"]) >= FINGER
    beside = [box["x"] - 8, box["y"] + box["height"] / 2]
    covered = "([x, y]) => document.elementFromPoint(x, y).closest('.dialog-top') !== null"
    assert page.evaluate(covered, beside), "a line of the dialog runs beside the ×, cut off"
    expect(cross).to_have_accessible_name("Close")
    cross.tap()
    page.locator(f"#{dialog}:not([open])").wait_for(state="attached")


@pytest.mark.parametrize("dialog", list(OPENERS))
def test_a_tap_outside_closes_and_a_tap_inside_does_not(at_the_table: Page, dialog: str) -> None:
    page = at_the_table
    opened(page, dialog)
    page.locator(f"#{dialog} legend").first.tap()
    assert is_open(page, dialog), "a tap on the dialog's own words closed it"
    frame = page.locator(f"#{dialog}").bounding_box()
    assert frame is not None
    below = frame["y"] + frame["height"] + 5
    if below < SMALL_PHONE["height"]:
        page.touchscreen.tap(SMALL_PHONE["width"] / 2, below)
    else:
        page.touchscreen.tap(2, SMALL_PHONE["height"] / 2)
    page.locator(f"#{dialog}:not([open])").wait_for(state="attached")
    assert page.locator("#table").is_visible()
