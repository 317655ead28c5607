"""The streak, the result to share and the week's and month's boards in a real browser: axe
finds nothing on the home page and the history with a streak, the end of a daily game and the
day's board with the share box, and the week's and month's boards, in every language, at
phone and desktop size, light and dark; Copy puts the text on the clipboard (no card in it);
screenshots of each into test-artifacts/."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import BrowserContext, Page
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.accessibility import audit, report
from tests.browser.helpers.chromium import DESKTOP, PHONE
from tests.browser.helpers.fair_play import reload_until_checked
from tests.live import LiveServer
from tests.web.driver import play_game
from tests.web.helpers.daily import random_choice, start_daily
from tests.web.helpers.share import spoils
from tests.web.seeded_attempts import Seeded, days, seed_attempts

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
STREAK_DAYS = 14
"""Days of the streak before today, today's game making one more."""
PAST_MONTH = datetime(2026, 10, 15).date()
"""A month long before any day the suite runs on, so the streak never reaches it: the
player's own days there do not depend on today."""
MONTH_PLAYERS = 12


@dataclass(frozen=True)
class Player:
    cookies: list[dict[str, Any]]
    game_url: str


def player_id_of(server: LiveServer, game_url: str) -> str:
    engine = create_engine(server.database_url)
    with engine.connect() as connection:
        found = connection.exec_driver_sql(
            "SELECT player_id FROM games WHERE id = ?", (game_url.rsplit("/", 1)[-1],)
        ).scalar_one()
    engine.dispose()
    return str(found)


@pytest.fixture(scope="module")
def player(live_server: LiveServer) -> Player:
    """A player who finished today's pagat game (played over HTTP, quickly) and, before it,
    one on each of the last days; and days of a past month, with other players to fill its
    board."""
    with httpx.Client(base_url=live_server.url, timeout=30) as client:
        url = start_daily(client)  # type: ignore[arg-type]
        play_game(client, url, random_choice("browser share"))  # type: ignore[arg-type]
        cookies = [
            {"name": name, "value": value, "url": live_server.url}
            for name, value in client.cookies.items()
        ]
    me = player_id_of(live_server, url)
    today = datetime.now(UTC).date()
    streak = [
        Seeded(me, day, 3 - day.day % 5)
        for day in days(today - timedelta(STREAK_DAYS), STREAK_DAYS)
    ]
    month_start = PAST_MONTH.replace(day=2)
    past_month = [Seeded(me, day, day.day % 7 - 2) for day in days(month_start, 13)] + [
        Seeded(f"5eed{number:028x}", day, (number * 7 + day.day) % 11 - 4)
        for number in range(MONTH_PLAYERS)
        for day in days(month_start, 12 + number % 4)
    ]
    engine = create_engine(live_server.database_url)
    with Session(engine) as session:
        seed_attempts(session, streak + past_month)
    engine.dispose()
    return Player(cookies, url)


@pytest.fixture
def as_player(
    new_context: Callable[..., BrowserContext], player: Player
) -> Iterator[Callable[[str], Page]]:
    def make(language: str) -> Page:
        context = new_context(permissions=["clipboard-read", "clipboard-write"])
        context.add_cookies(player.cookies)
        page = context.new_page()
        page.emulate_media(reduced_motion="reduce")
        page.goto(f"/language?lang={language}&back=/")
        return page

    yield make


def shoot(page: Page, name: str, selector: str | None = None) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    for size, viewport in (("phone", PHONE), ("desktop", DESKTOP)):
        page.set_viewport_size(viewport)
        path = ARTIFACTS / f"streaks-{name}-{size}.png"
        if selector:
            page.locator(selector).scroll_into_view_if_needed()
        page.screenshot(path=str(path), full_page=selector is None)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_streak_share_and_long_boards_pass_axe(
    as_player: Callable[[str], Page], player: Player, language: str
) -> None:
    page = as_player(language)
    streak = page.locator("p.streak")
    assert streak.get_attribute("data-current") == str(STREAK_DAYS + 1)
    found = audit(page, "home with a streak")
    english = language == "en"
    if english:
        shoot(page, "home")
    page.goto("/history")
    page.locator("p.streak").wait_for()
    found += audit(page, "history with a streak")
    page.goto(player.game_url)
    page.locator("section.summary .share").wait_for()
    found += audit(page, "end of the daily game, share box")
    if english:
        shoot(page, "table-share", "section.summary .share")
    page.goto("/leaderboard")
    reload_until_checked(page, "table.leaderboard tr.own")
    page.locator(".share").wait_for()
    found += audit(page, "day's board with the share box")
    if english:
        shoot(page, "day-board")
    last_week = datetime.now(UTC).date() - timedelta(7)
    page.goto(f"/leaderboard/week?day={last_week.isoformat()}")
    page.locator("table.leaderboard tr.own").wait_for()
    found += audit(page, "week's board")
    if english:
        shoot(page, "week-board")
    page.goto(f"/leaderboard/month?day={PAST_MONTH.isoformat()}")
    page.locator("table.leaderboard tr.own").wait_for()
    found += audit(page, "month's board")
    if english:
        shoot(page, "month-board")
    page.goto("/leaderboard/month")
    found += audit(page, "this month's board, nobody placed")
    assert not found, report(found)


def test_copy_puts_the_text_on_the_clipboard(
    as_player: Callable[[str], Page], player: Player
) -> None:
    page = as_player("de")
    page.goto("/leaderboard")
    box = page.locator(".share")
    sheet = page.evaluate("() => typeof navigator.share === 'function'")
    assert box.locator("[data-share-send]").is_visible() == sheet, "Share… only with a sheet"
    box.locator("[data-share-copy]").click()
    page.wait_for_function("() => document.querySelector('[data-share-status]').textContent")
    copied = page.evaluate("() => navigator.clipboard.readText()")
    assert copied == box.locator("textarea").input_value()
    assert copied.startswith("Doko-Tagesspiel") and "http" in copied
    assert spoils(copied, "de") == []
    shown = box.locator("[data-share-status]").inner_text()
    assert shown.startswith("Kopiert")
