"""Issue 25, point 1: a call cannot be taken back, so it is never made by accident. Two taps
300 ms apart on a call make one call (the next call never slides under the finger: the call
made stays in its place as a mark, and the row rests a moment after it is shown); pressing A
twice makes one; a call of "no 60" or beyond asks again, and only a second, deliberate tap on
its "Yes" makes it."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import BrowserContext, Page, Request

from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import SMALL_PHONE, SOLO_SEED, start_seeded_game

from .clicks import click_action, enabled_actions

SIZES = [SMALL_PHONE, PHONE, DESKTOP]
IDS = ["360x640", "375x667", "1280x800"]
REST_MS = 800
"""How long the call row takes no tap after it is shown (static/css/play.css)."""


@contextmanager
def calls_posted(page: Page) -> Iterator[list[str]]:
    """The actions the page posts meanwhile, as they left the browser."""
    posted: list[str] = []

    def sent(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/actions"):
            posted.extend(parse_qs(request.post_data or "").get("action", []))

    page.on("request", sent)
    try:
        yield posted
    finally:
        page.wait_for_timeout(REST_MS)
        page.remove_listener("request", sent)


def soloist_at_the_calls(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> Page:
    """A table where the player has declared a solo and may call Re at once."""
    page = new_context(viewport).new_page()
    page.goto("/")
    start_seeded_game(page, SOLO_SEED)
    solo = next(action for action in enabled_actions(page) if action.startswith("solo-"))
    click_action(page, solo)
    page.locator('[data-action="announce re"]').wait_for()
    page.wait_for_timeout(REST_MS)
    return page


def middle(page: Page, selector: str) -> tuple[float, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def calls_shown(page: Page) -> str:
    return page.locator("#table .calls").inner_text()


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_two_taps_on_a_call_make_one_call(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = soloist_at_the_calls(new_context, viewport)
    page.locator('[data-action="announce re"]').scroll_into_view_if_needed()
    x, y = middle(page, '[data-action="announce re"]')
    with calls_posted(page) as posted:
        page.mouse.click(x, y)
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
    assert posted == ["announce re"]
    assert "No 90" not in calls_shown(page)
    under_finger = "([x, y]) => document.elementFromPoint(x, y).closest('button')"
    assert page.evaluate(under_finger, [x, y]) is None, "no call where the last one was"
    assert "Re" in page.locator(".announce .call-made").inner_text().split()


@pytest.mark.parametrize("pause_ms", [50, 300])
def test_pressing_a_twice_makes_one_call(
    new_context: Callable[..., BrowserContext], pause_ms: int
) -> None:
    page = soloist_at_the_calls(new_context, PHONE)
    page.locator("main").focus()
    with calls_posted(page) as posted:
        page.keyboard.press("a")
        page.wait_for_timeout(pause_ms)
        page.keyboard.press("a")
    assert posted == ["announce re"]
    assert "No 90" not in calls_shown(page)


ON_TOP = """e => {
    const box = e.getBoundingClientRect();
    const found = [0.25, 0.75].map(x => document.elementFromPoint(
        box.left + box.width * x, box.top + box.height / 2));
    return found.every(top => e.contains(top));
}"""
"""Whether the element is the topmost thing at its middle, left and right (nothing covers it)."""


@pytest.mark.parametrize("viewport", SIZES, ids=IDS)
def test_no_60_asks_for_a_second_deliberate_tap(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = soloist_at_the_calls(new_context, viewport)
    high = '.announce [data-action="announce no60"]'
    page.locator(high).scroll_into_view_if_needed()
    x, y = middle(page, high)
    with calls_posted(page) as posted:
        page.mouse.click(x, y)
        page.wait_for_timeout(300)
        page.mouse.click(x, y)
    assert posted == [], "a tap, or a double tap, on No 60 only asks"
    question = page.locator(".call-confirm .question")
    assert question.is_visible() and "No 60" in question.inner_text()
    assert question.evaluate(ON_TOP), "the question is not under the header or anything else"
    yes = page.locator(".call-confirm [data-confirmed-call]")
    yes_box = yes.bounding_box()
    assert yes_box is not None
    assert not yes_box["y"] <= y <= yes_box["y"] + yes_box["height"], "Yes is not under the finger"
    with calls_posted(page) as posted:
        page.locator(".call-confirm [data-cancel-call]").click()
    assert posted == [] and page.locator(".call-confirm").count() == 0, "Cancel calls nothing"

    page.mouse.click(x, y)
    with calls_posted(page) as posted:
        # The second tap at once: Yes rests 700 ms, and a tap after a 300 ms wait came after
        # the rest had ended on a loaded machine.
        yes.click(force=True, no_wait_after=True)
    assert posted == [], "Yes rests a moment: a quick second tap makes no call"
    with calls_posted(page) as posted:
        yes.click()
    assert posted == ["announce no60"]
    assert "No 60" in calls_shown(page)


def test_a_on_a_high_call_only_asks(new_context: Callable[..., BrowserContext]) -> None:
    """Once Re and No 90 are made, A's next call is No 60: A opens its question, a second A
    calls nothing, and Enter on the focused Yes (after its rest) makes it."""
    page = soloist_at_the_calls(new_context, DESKTOP)
    for call in ("announce re", "announce no90"):
        click_action(page, call)
        page.wait_for_timeout(REST_MS)
    page.locator("main").focus()
    with calls_posted(page) as posted:
        page.keyboard.press("a")
        page.wait_for_timeout(300)
        page.keyboard.press("a")
        page.keyboard.press("Enter")
    assert posted == []
    assert page.evaluate("document.activeElement.matches('[data-confirmed-call]')")
    with calls_posted(page) as posted:
        page.keyboard.press("Enter")
    assert posted == ["announce no60"]
