"""A double tap plays one card, whatever the pace of the bots' cards: at "At once" the next
table came ready for taps the moment it was shown, and the second tap of a double tap played
a card of a table the player had not seen (found by an outside check, 1 in 8 double taps);
and a page's form is sent once however often it is tapped.
The server here paces the bots' cards as a real one does (the suite's own shows them at once,
so its tables have nothing to wait for)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from urllib.parse import parse_qs

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, Request

from tests.live import LiveServer

from .clicks import click_action, enabled_actions, play_until
from .helpers.table import SMALL_PHONE, start_seeded_game

FIRST_PLAYABLE = """() => {
    const box = document.querySelector('#table .hand .playable').getBoundingClientRect();
    return [box.left + box.width / 2, box.top + box.height / 2];
}"""


@pytest.fixture
def quickest(browser: Browser, slow_server: LiveServer) -> Iterator[Page]:
    """A touch phone at the "At once" pace, at a server that paces its bots' cards."""
    context = browser.new_context(
        base_url=slow_server.url, viewport=SMALL_PHONE, has_touch=True, is_mobile=True
    )
    context.set_default_timeout(10_000)
    context.add_init_script("localStorage.setItem('doko-speed', 'instant')")
    yield context.new_page()
    context.close()


def test_the_second_tap_lands_on_a_table_not_yet_ready_at_the_quickest_pace(
    quickest: Page,
) -> None:
    page = quickest
    page.goto("/")
    start_seeded_game(page, "double-1")
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    page.locator("#table .hand .playable").first.wait_for()
    page.wait_for_function("() => !stillShowing(document.getElementById('table'))")
    posted: list[str] = []

    def sent(request: Request) -> None:
        if request.method == "POST" and request.url.endswith("/actions"):
            posted.extend(parse_qs(request.post_data or "").get("action", []))

    page.on("request", sent)
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    page.mouse.click(*page.evaluate(FIRST_PLAYABLE))
    page.wait_for_function(
        "() => { const t = document.getElementById('table'); return t && !t.dataset.stale; }"
    )
    page.mouse.click(*page.evaluate(FIRST_PLAYABLE))
    page.wait_for_timeout(600)
    assert len(posted) == 1, f"a double tap played {posted}"
    assert page.locator("#table [role=alert]").count() == 0
    click_action(page, next(a for a in enabled_actions(page) if a.startswith("play ")))
    assert len(posted) == 2, "a deliberate tap after the table is shown plays"


def test_a_second_tap_on_daily_game_on_a_slow_link_sends_nothing(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A newcomer's two taps on Daily game sent two starts: two players, two ranked attempts,
    the first out of reach (its cookie replaced by the second's). Taps by the mouse's own
    input: Playwright's own taps wait for the navigation the first one started."""
    context = new_context(SMALL_PHONE)
    page = context.new_page()
    page.goto("/")
    posted: list[str] = []
    page.on(
        "request", lambda request: posted.append(request.url) if request.method == "POST" else None
    )
    slow = context.new_cdp_session(page)
    slow.send("Network.enable")
    slow.send("Network.emulateNetworkConditions", SLOW_LINK)
    box = page.locator('.modes form[action^="/daily/"] button').first.bounding_box()
    assert box is not None
    middle = (box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.mouse.click(*middle)
    page.wait_for_timeout(300)
    page.mouse.click(*middle)
    page.wait_for_url("**/games/*")
    assert len(posted) == 1, f"the second tap sent the form again: {posted}"


SLOW_LINK = {"offline": False, "latency": 1000, "downloadThroughput": -1, "uploadThroughput": -1}
"""A second's round trip: the first tap's page is still on its way at the second tap."""
