"""Challenges in real browsers (issue 29): three players (three cookies) play one challenge
of two hands; the board shows each result, keeps the deals and the hands' results from a
player who has not finished, and the third cookie is dealt the same cards (the maker clicks
through the game; the friends' games, dealt in the browser, are played over HTTP:
`helpers/over_http.py`). axe audits the challenge board in every language at phone and
desktop size; screenshots of the board go to test-artifacts/."""

from __future__ import annotations

from collections.abc import Callable, Iterator

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.live import LiveServer
from tests.web.driver import play_game

from .clicks import play_until
from .helpers.accessibility import audit, report
from .helpers.over_http import play_on
from .helpers.table import snapshot

SHORT_RULES = "pagat+hands_per_game=2"
HAND_CARDS = "els => els.map(e => e.getAttribute('aria-label') || e.textContent.trim())"


def finished(page: Page) -> bool:
    return page.locator("section.summary ol.standings").count() > 0


def play_through(page: Page) -> None:
    """Plays the table the page shows to the final standings, as a player clicks."""
    play_until(page, finished)


def first_hand(page: Page) -> list[str]:
    return page.eval_on_selector_all("#table div.hand .card", HAND_CARDS)


def board_rows(page: Page) -> int:
    return page.locator("table.standings-board tbody tr").count()


def test_three_players_play_one_challenge(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    maker = new_context(permissions=["clipboard-read", "clipboard-write"]).new_page()
    maker.context.add_cookies(
        [{"name": "doko_rules", "value": SHORT_RULES, "url": live_server.url}]
    )
    maker.goto("/")
    maker.locator("button.new-challenge").click()
    maker.wait_for_url("**/challenges/*")
    link = maker.locator(".challenge-link input.link").input_value()
    assert link.startswith(live_server.url) and "/challenges/" in link
    maker.locator(".challenge-link [data-share-copy]").click()
    maker.locator(".challenge-link [data-share-status]").filter(has_text="Copied").wait_for()
    assert maker.evaluate("() => navigator.clipboard.readText()") == link
    assert maker.locator("table.standings-board").count() == 0

    maker.locator(".challenge-play button").click()
    maker.wait_for_url("**/games/*")
    dealt = first_hand(maker)
    play_through(maker)
    for size, viewport in {"phone": PHONE, "desktop": DESKTOP}.items():
        maker.set_viewport_size(viewport)
        assert snapshot(maker, f"challenge-game-over-{size}") is None
    maker.locator("a.challenge-board-link").click()
    maker.wait_for_url("**/challenges/*")
    assert board_rows(maker) == 1
    assert maker.locator(".challenge-deals .card.mini").count() == 4 * 2 * 12

    friend = new_context().new_page()
    friend.goto(link)
    assert board_rows(friend) == 0, "no total before playing: it tells how the deals go"
    assert "1 player has finished" in friend.locator(".challenge-board").inner_text()
    assert friend.locator(".challenge-deals .card.mini").count() == 0, "no deal before playing"
    assert friend.locator("table.hands-board").count() == 0, "no hand's result before playing"
    friend.set_viewport_size(PHONE)
    assert snapshot(friend, "challenge-board-not-played-phone") is None
    friend.set_viewport_size(DESKTOP)
    friend.locator(".challenge-play button").click()
    friend.wait_for_url("**/games/*")
    assert first_hand(friend) == dealt
    play_on(friend)
    friend.goto(link)
    assert board_rows(friend) == 2
    deals = friend.locator(".challenge-deals").inner_text()

    third = new_context().new_page()
    third.goto(link)
    assert board_rows(third) == 0
    assert "2 players have finished" in third.locator(".challenge-board").inner_text()
    assert third.locator(".challenge-deals .card.mini").count() == 0
    third.locator(".challenge-play button").click()
    third.wait_for_url("**/games/*")
    assert first_hand(third) == dealt, "a third cookie is dealt the same cards"
    play_on(third)
    third.goto(link)
    assert board_rows(third) == 3
    assert third.locator(".challenge-deals").inner_text() == deals
    assert third.locator("table.hands-board tbody tr").count() == 2
    assert third.locator("table.standings-board tr.own").count() == 1

    maker.reload()
    assert board_rows(maker) == 3
    wider = {}
    for size, viewport in {"phone": PHONE, "desktop": DESKTOP}.items():
        maker.set_viewport_size(viewport)
        assert snapshot(maker, f"challenge-board-{size}") is None
        wider[size] = maker.locator("table.hands-board").evaluate(WIDER_THAN_ITS_BOX)
        assert maker.locator("[data-scroll-cue]").is_visible() == wider[size], size
    assert wider == {"phone": True, "desktop": False}, "the cue was seen both ways"


WIDER_THAN_ITS_BOX = (
    "table => table.parentElement.scrollWidth > table.parentElement.clientWidth + 1"
)
"""Whether the table scrolls sideways in its box: on a phone, three players and the par do."""


@pytest.fixture(scope="module")
def played_challenge(live_server: LiveServer) -> Iterator[tuple[str, str]]:
    """A two-hand challenge its maker has played (through HTTP, as the web tests do): its
    address and the maker's cookie."""
    with httpx.Client(base_url=live_server.url, cookies={"doko_rules": SHORT_RULES}) as client:
        made = client.post("/challenges")
        assert made.status_code == 303, made.text[:300]
        board = made.headers["location"]
        game = client.post(f"{board}/play").headers["location"]
        play_game(client, game)  # type: ignore[arg-type]
        yield board, client.cookies["doko_player"]


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_challenge_board_passes_axe(
    new_context: Callable[..., BrowserContext],
    live_server: LiveServer,
    played_challenge: tuple[str, str],
    language: str,
) -> None:
    board, cookie = played_challenge
    visitor = new_context().new_page()
    visitor.emulate_media(reduced_motion="reduce")
    visitor.goto(f"/language?lang={language}&back={board}")
    found = audit(visitor, "challenge board, not played")
    maker = new_context().new_page()
    maker.context.add_cookies([{"name": "doko_player", "value": cookie, "url": live_server.url}])
    maker.emulate_media(reduced_motion="reduce")
    maker.goto(f"/language?lang={language}&back={board}")
    assert maker.locator(".challenge-deals .card.mini").count() > 0
    found += audit(maker, "challenge board, finished")
    assert not found, report(found)
