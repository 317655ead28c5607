"""The history page in a real browser: a short game (its rules chosen in the Rules dialog) and
a daily game (started with its button) played through by the browser's player, then
`/history` reached from the header, its hands opened, and screenshots at phone and desktop
size (test-artifacts/history-*.png) that must fit the screen. The hands are played over HTTP
(`helpers/over_http.py`): clicking a whole daily game is `test_daily.py`'s business, and
announcing by clicking `test_table.py`'s."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import UTC, datetime

from playwright.sync_api import BrowserContext, Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.languages.i18n import writing
from app.storage.models import HandReview
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.fair_play import reload_until_checked
from tests.browser.helpers.over_http import play_on
from tests.browser.helpers.table import NARROWEST, SMALL_PHONE, choose_rules, snapshot
from tests.live import LiveServer

SEED = "browser-history-1"
LOSSES = (0.4, 1.7)
"""Reviews stored for the short game's two hands (the review itself is not this test's
business): the decision-loss chart draws them."""
ENGLISH = writing("en")


def standing_total(page: Page) -> int:
    match = re.search(r"You: ([+-]?\d+)", page.locator("ol.standings").inner_text())
    assert match is not None
    return int(match.group(1))


def play_short_game(page: Page) -> tuple[str, int]:
    """A game of two hands with the rules dialog, announcing Re or Kontra when offered."""
    choose_rules(page, hands=2)
    game_id = page.url.rsplit("/", 1)[1]
    play_on(page, wishes=["announce re", "announce kontra"])
    return game_id, standing_total(page)


def play_daily(page: Page) -> int:
    page.goto("/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('form[action="/daily/pagat"] button').click()
    play_on(page)
    return standing_total(page)


def store_reviews(server: LiveServer, game_id: str) -> None:
    engine = create_engine(server.database_url)
    with Session(engine) as session:
        for hand, loss in enumerate(LOSSES, start=1):
            session.merge(
                HandReview(
                    game_id=game_id,
                    hand=hand,
                    status="done",
                    evaluator="search-v1/test",
                    loss=loss,
                    loss_spread=0.2,
                    decisions=[],
                    finished_at=datetime.now(UTC),
                )
            )
        session.commit()
    engine.dispose()


def open_history(page: Page) -> None:
    with page.expect_navigation(url="**/history"):
        page.locator("header nav").get_by_role("link", name="History").click()


def test_history_after_a_short_game_and_a_daily_game(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    page = new_context(DESKTOP).new_page()
    page.goto("/history")
    assert "No games yet" in page.locator("main").inner_text()

    game_id, total = play_short_game(page)
    daily_total = play_daily(page)
    store_reviews(live_server, game_id)
    open_history(page)
    reload_until_checked(page, "ol.games .game-result a[href^='/leaderboard']")

    games = page.locator("ol.games > li.game")
    assert games.count() == 2
    daily, short = games.nth(0), games.nth(1)
    assert daily.get_attribute("data-mode") == "daily", "newest first"
    assert short.get_attribute("data-game") == game_id
    # A total of 0 is written "0", not "+0" (the games are dealt afresh each run).
    assert ENGLISH.signed(total) in short.locator(".game-result").inner_text()
    assert ENGLISH.signed(daily_total) in daily.locator(".game-result").inner_text()
    assert re.search(r"daily rank \d+ of \d+", daily.locator(".game-result").inner_text())

    assert not short.locator("a", has_text="Review").first.is_visible()
    short.locator("details.hands summary").click()
    reviews = short.locator("a", has_text="Review")
    assert reviews.count() == 2 and reviews.first.is_visible()
    assert reviews.first.get_attribute("href") == f"/games/{game_id}/hands/1/review"
    assert short.locator("a", has_text="Record").nth(1).get_attribute("href") == (
        f"/games/{game_id}/hands/2/record.json"
    )
    assert page.locator('[data-stat="hands"]').inner_text() == "10"
    assert page.locator('[data-stat="loss"]').inner_text().startswith("1.05")

    assert page.locator("#points-chart svg rect.bar").count() == 2
    assert page.locator("#loss-chart svg circle.dot").count() == 2
    assert page.locator(".calendar a.result .points").inner_text() == ENGLISH.signed(daily_total)

    complaints = [snapshot(page, "history-desktop")]
    page.set_viewport_size(PHONE)
    page.reload()
    page.locator("ol.games details.hands summary").last.click()
    complaints.append(snapshot(page, "history-phone"))
    label = page.locator("#points-chart svg text").first
    font = label.evaluate("t => t.getBoundingClientRect().height")
    assert font >= 9, f"chart labels are {font:.1f} px high on a phone"
    too_wide = [complaint for complaint in complaints if complaint]
    assert not too_wide, "\n".join(too_wide)


def test_history_fits_a_small_phone_in_every_language(
    new_context: Callable[..., BrowserContext],
) -> None:
    """The statistics' table by side has long headings in Russian ("Баллов за раздачу") and
    long row names ("За Re (с партнёром)"): on a 360 px phone it scrolls in its own box
    rather than running off the page, where the body's overflow hides it. On a 320 px phone
    its last column was cut mid-number, with nothing to say the box scrolls: the headings
    break where the catalogs put soft hyphens, and the table fits."""
    page = new_context(DESKTOP).new_page()
    choose_rules(page, hands=1)
    play_on(page)
    page.set_viewport_size(SMALL_PHONE)
    too_wide = []
    for lang in ("en", "de", "ru", "hu", "ro"):
        page.goto(f"/language?lang={lang}&back=/history")
        assert page.locator("table.roles").count() == 1
        complaint = snapshot(page, f"history-small-phone-{lang}")
        if complaint:
            too_wide.append(complaint)
    assert not too_wide, "\n".join(too_wide)
    page.set_viewport_size(NARROWEST)
    for lang in ("ru", "hu"):
        page.goto(f"/language?lang={lang}&back=/history")
        box = page.locator("table.roles").locator("xpath=..")
        hidden = box.evaluate("box => box.scrollWidth - box.clientWidth")
        assert hidden <= 1, f"{lang}: {hidden} px of the table by side need a swipe on 320 px"
