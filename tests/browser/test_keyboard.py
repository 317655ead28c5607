"""The keyboard at a table whose bots' cards are shown one by one (a server with its usual
delay, not the tests' 0 ms): Enter pressed twice, the second time while the bots' cards are
still coming, must not play the next card before the player has seen the table; a tap on the
waiting hand shows the table at once, as the second Enter does."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest
from playwright.sync_api import Browser, Page, Request

from tests.browser.helpers.chromium import PHONE, POLICY_ERROR
from tests.browser.helpers.table import RELOAD_SEED, choose_rules, hand_cards, start_seeded_game
from tests.browser.helpers.table_in_step import BOT_DELAY_MS
from tests.live import LiveServer

from .clicks import enabled_actions, game_over, play_until

UNLOCKED = """() => {
    const act = document.querySelector('#table .act');
    return !document.querySelector('.htmx-settling, .htmx-swapping, .htmx-added')
        && act && act.getAnimations().every(shown => shown.playState !== 'running');
}"""
"""The new table is in place and its buttons wait no longer for the bots' cards."""
ON_A_CARD = "() => document.activeElement.matches('#table .hand .playable')"
"""The new table has given the focus to its first playable card, where a second Enter goes."""
READY_MS = """() => parseInt(
    getComputedStyle(document.getElementById('table')).getPropertyValue('--ready')) || 0"""
"""How long the table shows the bots' cards before the player's turn."""


@pytest.fixture
def slow_page(browser: Browser, slow_server: LiveServer) -> Iterator[Page]:
    """A phone at a table served with the bots' cards 400 ms apart (a player of its own on
    the module's slowed server)."""
    context = browser.new_context(base_url=slow_server.url, viewport=PHONE)
    refused: list[str] = []
    context.on(
        "console",
        lambda message: refused.append(message.text) if POLICY_ERROR.search(message.text) else None,
    )
    page = context.new_page()
    yield page
    context.close()
    assert refused == [], refused


def a_new_game(page: Page) -> None:
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()


def playing(page: Page) -> bool:
    return any(action.startswith("play ") for action in enabled_actions(page))


SETTLED = "() => !document.querySelector('.htmx-request, .htmx-swapping, .htmx-settling')"
"""htmx has no request in flight and nothing being swapped in."""


def posts_during(page: Page, act: Callable[[], None]) -> int:
    """The POSTs the act sent. Each act here sends one (a move): this waits for it, then for
    its answer to be in the page, by which time a second POST that the act's keys caused
    has been sent too."""
    sent: list[str] = []

    def count(request: Request) -> None:
        if request.method == "POST":
            sent.append(request.url)

    page.on("request", count)
    with page.expect_request(lambda request: request.method == "POST"):
        act()
    page.wait_for_function(SETTLED)
    page.remove_listener("request", count)
    return len(sent)


def test_enter_pressed_twice_plays_one_card_and_shows_the_bots_cards_at_once(
    slow_page: Page,
) -> None:
    """The second Enter, while the bots' cards are still coming, plays nothing: it shows the
    table as it is at once (as a tap on the trick does), and the next Enter plays."""
    page = slow_page
    a_new_game(page)
    play_until(page, playing)
    for _ in range(12):
        page.wait_for_function(UNLOCKED)
        before = len(hand_cards(page))
        page.locator(".hand .playable").first.focus()
        page.evaluate("document.getElementById('table').dataset.stale = 'yes'")

        def press_twice() -> None:
            page.keyboard.press("Enter")
            page.wait_for_function("() => !document.getElementById('table').dataset.stale")
            if page.evaluate(READY_MS) >= 3 * BOT_DELAY_MS:
                page.wait_for_function(ON_A_CARD)
                page.keyboard.press("Enter")

        assert posts_during(page, press_twice) == 1, "the second Enter sent a move"
        assert len(hand_cards(page)) == before - 1
        if page.evaluate(READY_MS) < 3 * BOT_DELAY_MS:
            continue
        assert page.locator("#table.fast").count() == 1, "the bots' cards are shown at once"
        page.wait_for_function(UNLOCKED)
        if not page.locator(".hand .playable").count():
            return
        assert page.evaluate("document.activeElement.matches('.hand .playable')")
        assert posts_during(page, lambda: page.keyboard.press("Enter")) == 1, "then Enter plays"
        return
    raise AssertionError("no move was followed by three bots' cards")


def test_the_table_waits_from_the_moment_it_is_in_the_page(slow_page: Page) -> None:
    """The buttons are locked as soon as the new table is swapped in, not only once htmx has
    settled it: a tap or a key in between would play on a table not yet shown. The table
    before was sped up (a tap on its trick): the new one must not start sped up too."""
    page = slow_page
    # A deal whose first moves are buttons (a random one may make the player take an Armut,
    # whose return waits for three cards picked).
    page.goto("/")
    start_seeded_game(page, RELOAD_SEED)
    page.evaluate(
        """() => document.addEventListener('htmx:afterSwap', () => {
            const act = document.querySelector('#table .act');
            window.lockedAtSwap = getComputedStyle(act).pointerEvents === 'none';
            window.readyAtSwap = getComputedStyle(document.getElementById('table'))
                .getPropertyValue('--ready');
        })"""
    )
    for _ in range(30):
        page.wait_for_function(UNLOCKED)
        page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
        page.evaluate("document.getElementById('table').classList.add('fast')")
        page.locator("#table [data-action]").first.click()
        page.wait_for_function("() => !document.getElementById('table').dataset.stale")
        if page.evaluate(READY_MS) > 0:
            assert page.evaluate("window.lockedAtSwap"), page.evaluate("window.readyAtSwap")
            return
    raise AssertionError("no move was followed by a bot's card")


def test_enter_held_down_plays_one_card(slow_page: Page) -> None:
    """A held key repeats: each repeat used to act like a new press, so the cards the new
    tables gave the focus to were played one after another, none of them seen or chosen."""
    page = slow_page
    a_new_game(page)
    play_until(page, playing)
    page.wait_for_function(UNLOCKED)
    page.locator(".hand .playable").first.focus()

    def hold_enter() -> None:
        page.keyboard.down("Enter")
        for _ in range(40):
            page.wait_for_timeout(50)
            page.keyboard.down("Enter")
        page.keyboard.up("Enter")

    assert posts_during(page, hold_enter) == 1, "a held Enter played more than one card"


def test_a_tap_on_the_waiting_hand_shows_the_bots_cards_at_once(slow_page: Page) -> None:
    """The hand lets a tap through while it waits: a player tapping the next card during the
    bots' cards saw nothing happen for up to three seconds. The tap plays nothing; it shows
    the table as it is at once."""
    page = slow_page
    a_new_game(page)
    play_until(page, playing)
    sent: list[str] = []
    page.on("request", lambda request: sent.append(request.method))
    for _ in range(12):
        page.wait_for_function(UNLOCKED)
        before = len(hand_cards(page))
        page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
        page.locator(".hand .playable").first.click()
        page.wait_for_function("() => !document.getElementById('table').dataset.stale")
        if page.evaluate(READY_MS) < 3 * BOT_DELAY_MS or not page.locator(".hand .card").count():
            continue
        assert page.locator("#table.fast").count() == 0, "a new table starts at its own pace"
        box = page.locator(".hand .card").last.bounding_box()
        assert box is not None
        sent.clear()
        page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
        assert page.locator("#table.fast").count() == 1, "the bots' cards are shown at once"
        page.wait_for_function(UNLOCKED)
        assert "POST" not in sent and len(hand_cards(page)) == before - 1, "the tap played nothing"
        return
    raise AssertionError("no move was followed by three bots' cards")


def test_the_hands_sheet_gives_next_hand_the_focus_once_shown(slow_page: Page) -> None:
    """The sheet and its Next hand are hidden until the hand's last cards have been shown, and
    a hidden button takes no focus: after the last card the focus was left on the page, so
    Enter did nothing. Once the sheet shows, Next hand has the focus and Enter deals on. The
    hand is played at once (the At once pace) up to its last card, then at the usual pace."""
    page = slow_page
    page.goto("/")
    page.evaluate("localStorage.setItem('doko-speed', 'instant')")
    a_new_game(page)
    play_until(page, lambda page: playing(page) and len(hand_cards(page)) == 1)
    page.evaluate("localStorage.setItem('doko-speed', 'normal')")
    page.wait_for_function(UNLOCKED)
    page.locator(".hand .playable").focus()
    page.keyboard.press("Enter")
    page.locator("#table .next-hand").wait_for(state="visible")
    page.wait_for_function("() => document.activeElement.matches('#table .next-hand')")
    page.evaluate("document.getElementById('table').dataset.stale = 'yes'")
    page.keyboard.press("Enter")
    page.wait_for_function("() => !document.getElementById('table').dataset.stale")
    assert page.locator("#table .next-hand").count() == 0, "Enter dealt the next hand"
    assert len(hand_cards(page)) == 12


def test_the_last_sheet_gives_its_first_button_the_focus_in_view(page: Page) -> None:
    """The game's last sheet is long: its New game lay below the screen with the focus on it,
    so that Enter started a new game the player had not seen offered."""
    page.goto("/")
    choose_rules(page, hands=1)
    play_until(page, game_over)
    page.wait_for_function("() => document.activeElement.matches('#table .summary .primary')")
    in_view = """() => { const box = document.activeElement.getBoundingClientRect();
        return box.top >= 0 && box.bottom <= window.innerHeight; }"""
    page.wait_for_function(in_view)
