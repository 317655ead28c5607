"""The back button brings pages back as the server has them now. Chromium keeps a page left
for another (its back/forward cache, which Playwright switches off unless asked) and showed
it as it was: the home page without "Continue your game" after a game was started, or the
previous player's after a restore key was typed (found by an outside check)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page

from tests.browser.helpers.chromium import CHROMIUM, CHROMIUM_ARGS, PHONE
from tests.live import LiveServer

from .clicks import post_to_a_new_game

NO_CACHE_OF_PAGES = "--disable-back-forward-cache"


@pytest.fixture
def caching_page(browser: Browser, live_server: LiveServer) -> Iterator[Page]:
    """A page of a Chromium that keeps the pages left, as players' browsers do."""
    caching = browser.browser_type.launch(
        executable_path=str(CHROMIUM), args=CHROMIUM_ARGS, ignore_default_args=[NO_CACHE_OF_PAGES]
    )
    try:
        page = caching.new_context(base_url=live_server.url, viewport=PHONE).new_page()
        page.set_default_timeout(10_000)
        yield page
    finally:
        caching.close()


def test_back_from_a_new_game_shows_the_home_page_with_the_game(caching_page: Page) -> None:
    page = caching_page
    page.goto("/")
    assert page.get_by_text("Continue your game").count() == 0
    game = post_to_a_new_game(page, "/games", {})
    page.go_back(wait_until="commit")
    page.wait_for_url("**/")
    resume = page.get_by_role("link", name="Continue your game")
    resume.wait_for()
    assert game.endswith(resume.get_attribute("href") or "-")
