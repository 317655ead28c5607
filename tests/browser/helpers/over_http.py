"""Hands played over HTTP as the browser's own player, for tests whose business is a page the
hands lead to (the history, a review, a board), not the clicks of the table: the same posts
the table's forms make (`tests/web/driver.py`), with the browser profile's cookies, about ten
times as fast as clicking. Clicking whole hands and games is tested where it is the point
(`test_table.py`, `test_daily.py`, `test_languages.py`, `test_learning.py`'s levels,
`test_challenges.py`'s maker, `test_layout.py`)."""

from __future__ import annotations

from collections.abc import Callable
from urllib.parse import urlsplit

import httpx
from playwright.sync_api import Page

from tests.browser.clicks import choose
from tests.web.driver import (
    HTMX,
    data_actions,
    game_is_over,
    hand_is_over,
    page_version,
    post_action,
)

MAX_REQUESTS = 400
"""Posts a whole game may take (12 hands of 12 tricks and their reservations)."""
TABLE_ERROR = '<p class="error" role="alert">'
"""How the table shows a refused click (templates/table.html)."""


def as_player(page: Page) -> httpx.Client:
    """An HTTP client with the page's cookies (its player), aimed at the page's server."""
    address = urlsplit(page.url)
    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    return httpx.Client(
        base_url=f"{address.scheme}://{address.netloc}", cookies=cookies, timeout=60
    )


def play_on(
    page: Page,
    done: Callable[[str], bool] = game_is_over,
    wishes: list[str] | None = None,
) -> None:
    """Plays the game the page shows until `done` holds for the table (the final standings by
    default; `hand_is_over` for the end of the hand), choosing as `clicks.play_until` does
    (`wishes` first, then healthy, then a card); then reloads the page to show it."""
    wishes = [] if wishes is None else wishes
    game = urlsplit(page.url).path
    with as_player(page) as client:
        body = checked(client.get(game)).text
        for _ in range(MAX_REQUESTS):
            if done(body):
                break
            if hand_is_over(body):
                answer = client.post(
                    f"{game}/next", data={"version": str(page_version(body))}, headers=HTMX
                )
            else:
                actions = data_actions(body)
                assert actions, f"nothing to do and the hand is not over:\n{body[:2000]}"
                answer = post_action(client, game, body, choose(actions, wishes))  # type: ignore[arg-type]
            body = checked(answer).text
        else:
            raise AssertionError(f"not done after {MAX_REQUESTS} posts")
    page.reload()


def checked(response: httpx.Response) -> httpx.Response:
    """Every post is taken and the table shows no refusal (as `clicks.changes_table`
    demands)."""
    assert response.status_code == 200, f"{response.request.url}: {response.status_code}"
    assert TABLE_ERROR not in response.text, response.text[:2000]
    return response
