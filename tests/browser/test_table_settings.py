"""Issue 25, point 8: the table's settings and the features that were hidden. A settings panel
(on the felt) sets the pace of the bots' cards, sounds made in the browser, a forced card
played by itself and the last trick kept open; the choices are kept on the device across a
reload. The last trick has a button a thumb can hit, on the first screen of a phone."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.table import RELOAD_SEED, SMALL_PHONE, start_seeded_game
from tests.browser.helpers.table_in_step import BOT_DELAY_MS
from tests.live import LiveServer

from .clicks import changes_table, click_action, enabled_actions, play_until

SETTINGS = {
    "speed": "doko-speed",
    "sound": "doko-sound",
    "autoplay": "doko-autoplay",
    "last-trick": "doko-last-trick",
}


def open_settings(page: Page) -> None:
    page.locator("#table .settings-button").click()
    page.locator("#settings-dialog").wait_for(state="visible")


def close_settings(page: Page) -> None:
    page.locator("#settings-dialog button.primary").click()
    page.locator("#settings-dialog").wait_for(state="hidden")


def at_the_table(page: Page) -> None:
    page.goto("/")
    start_seeded_game(page, RELOAD_SEED)
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))


def set_up(page: Page, speed: str = "normal", **switches: bool) -> None:
    open_settings(page)
    page.locator(f'#settings-dialog input[name="speed"][value="{speed}"]').check()
    for name, on in switches.items():
        page.locator(f'#settings-dialog [data-setting="{name.replace("_", "-")}"]').set_checked(on)
    close_settings(page)


@pytest.mark.parametrize("viewport", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_settings_are_kept_across_a_reload(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    at_the_table(page)
    set_up(page, "fast", sound=True, autoplay=True, last_trick=True)
    page.reload()
    open_settings(page)
    dialog = page.locator("#settings-dialog")
    assert dialog.locator('input[name="speed"][value="fast"]').is_checked()
    for name in ("sound", "autoplay", "last-trick"):
        assert dialog.locator(f'[data-setting="{name}"]').is_checked(), name
    kept = page.evaluate(
        "keys => Object.values(keys).map(key => localStorage.getItem(key))", SETTINGS
    )
    assert kept == ["fast", "1", "1", "1"]


def forced(page: Page) -> bool:
    """One card may be played, and nothing else (no call) is offered."""
    actions = enabled_actions(page)
    return len(actions) == 1 and actions[0].startswith("play ")


def test_auto_play_plays_a_forced_card(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(PHONE).new_page()
    at_the_table(page)
    set_up(page, autoplay=True)
    played_by_itself = 0
    while page.locator("section.summary").count() == 0:
        if forced(page):
            page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
            page.wait_for_function(
                "() => !document.getElementById('table').dataset.stale", timeout=5_000
            )
            played_by_itself += 1
            continue
        actions = enabled_actions(page)
        plays = [action for action in actions if action.startswith("play ")]
        click_action(page, (plays or actions)[0])
    assert played_by_itself >= 1, "the last card, at least, is forced"


def test_without_auto_play_a_forced_card_waits(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(PHONE).new_page()
    at_the_table(page)
    play_until(page, forced)
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    page.wait_for_timeout(1_500)
    assert page.evaluate("document.getElementById('table').dataset.stale") == "yes"


@pytest.mark.parametrize("viewport", [SMALL_PHONE, PHONE], ids=["360", "375"])
def test_the_last_trick_button_is_on_the_first_screen(
    new_context: Callable[..., BrowserContext], viewport: dict[str, int]
) -> None:
    page = new_context(viewport).new_page()
    at_the_table(page)
    play_until(page, lambda p: p.locator("#table .last-trick-button").count() > 0)
    page.evaluate("window.scrollTo(0, 0)")
    button = page.locator("#table .last-trick-button")
    box = button.bounding_box()
    assert box is not None and box["height"] >= 44 and box["width"] >= 44, box
    assert box["y"] + box["height"] <= viewport["height"], "on the first screen"
    button.click()
    trick = page.locator("#last-trick")
    assert trick.is_visible() and trick.locator(".played").count() == 4
    changes_table(page, page.locator("#table .hand .playable").first.click)
    assert not page.locator("#last-trick").is_visible(), "closed again by default"
    set_up(page, last_trick=True)
    assert page.locator("#last-trick").is_visible(), "kept open"
    changes_table(page, page.locator("#table .hand .playable").first.click)
    assert page.locator("#last-trick").is_visible(), "still open after the next card"


@pytest.fixture
def slow_page(browser: Browser, slow_server: LiveServer) -> Iterator[Page]:
    context = browser.new_context(base_url=slow_server.url, viewport=PHONE)
    yield context.new_page()
    context.close()


READY_AT_LEAST_MS = 250
"""The least a table with cards to show waits before it takes taps, whatever the pace
(static/js/doko.js): at "At once" a double tap's second tap played a card of the next table."""
READY = """() => [
    document.getElementById('table').dataset.vars.match(/--ready:(\\d+)ms/)[1],
    getComputedStyle(document.getElementById('table')).getPropertyValue('--ready'),
]"""


@pytest.mark.parametrize(("speed", "factor"), [("slow", 1.6), ("fast", 0.5), ("instant", 0)])
def test_the_pace_of_the_bots_cards(slow_page: Page, speed: str, factor: float) -> None:
    page = slow_page
    at_the_table(page)
    set_up(page, speed, sound=True)
    for _ in range(6):
        changes_table(page, page.locator("#table .hand .playable").first.click)
        served, shown = page.evaluate(READY)
        if int(served) >= BOT_DELAY_MS:
            paced = max(READY_AT_LEAST_MS, int(served) * factor)
            assert float(shown.removesuffix("ms")) == pytest.approx(paced)
            assert page.evaluate("audio !== null"), "the sounds were made in the browser"
            return
        page.evaluate("document.getElementById('table').classList.add('fast')")
    raise AssertionError("no move was followed by a bot's card")
