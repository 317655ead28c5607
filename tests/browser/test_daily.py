"""Today's daily game in a real browser: from the home page's Daily button to the end of the
game by clicking what a player sees, then a nickname, then the leaderboard: the total being
checked for fair play, then (the check done) the player's own row highlighted."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGES, writing
from tests.browser.helpers.fair_play import reload_until_checked
from tests.browser.helpers.table import SMALL_PHONE
from tests.live import LiveServer

from .clicks import game_over, play_until

NICKNAME = "Browser Jürgen"


def test_todays_daily_game_ends_on_the_leaderboard(page: Page, live_server: LiveServer) -> None:
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('form[action="/daily/pagat"] button').click()
    title = page.locator("#table .game-title").inner_text()
    match = re.match(r"Daily (\d{4}-\d\d-\d\d), pagat\.com rules, ranked", title)
    assert match is not None, title
    day = match.group(1)
    assert "hand 1 of 8" in page.locator("#table .contract").inner_text()

    play_until(page, game_over)
    standings = page.locator("ol.standings").inner_text()
    mine = re.search(r"You: ([+-]?\d+)", standings)
    assert mine is not None, standings

    form = page.locator("form.nickname")
    # The sheet asks for the nickname first: the focus is in its field, in view.
    page.wait_for_function(
        """() => document.activeElement.matches('form.nickname input[name="nickname"]')
            && document.activeElement.getBoundingClientRect().bottom <= window.innerHeight"""
    )
    form.locator('input[name="nickname"]').fill(f"  {NICKNAME} ")
    with page.expect_navigation(url="**/leaderboard*"):
        form.get_by_role("button", name="Save and see the board").click()
    assert f"day={day}" in page.url and "rules=pagat" in page.url
    pending = page.locator(".fair-play-own").inner_text()
    total = writing("en").signed(int(mine.group(1)))
    assert f"Your total, {total}, is being checked for fair play" in pending

    reload_until_checked(page, "table.leaderboard tr.own")
    own = page.locator("table.leaderboard tr.own")
    assert own.count() == 1, "the player's own row is highlighted"
    cells = own.locator("td").all_inner_texts()
    assert cells[1] == f"{NICKNAME} (you)"
    assert int(cells[2]) == int(mine.group(1)), "the board shows the game's total"
    background = own.evaluate("row => getComputedStyle(row).backgroundColor")
    assert background not in ("rgba(0, 0, 0, 0)", "transparent"), "the own row stands out"


READ_TO_THE_END = """() => {
    const said = document.querySelector('.board-empty');
    return said !== null && said.getBoundingClientRect().right <= window.innerWidth;
}"""
"""The empty board's sentence stands whole on the screen, not in a box scrolled sideways."""


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_an_empty_board_is_read_whole_on_a_small_phone(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = new_context(SMALL_PHONE).new_page()
    page.goto(f"/language?lang={language}&back=/leaderboard?day=2026-01-01")
    assert page.locator("table.leaderboard").count() == 0, "no table of nobody"
    assert page.evaluate(READ_TO_THE_END), page.locator("main").inner_text()[:300]
