"""A click that goes wrong, in a real browser on a phone: the server refuses it (409: the
table moved on), cannot answer it (503), or its answer never comes (the connection drops, or
the request hangs past the page's timeout). Each time the player reads why, in the page's
language, next to the buttons, in place of an earlier refusal, with the table still there and
a way on (click again, or reload), and the focus stays where it was; while a click is on its
way the choices dim."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page, Route

from app.languages.i18n import read_catalog
from tests.browser.helpers.chromium import PHONE

from .clicks import changes_table, enabled_actions

SETTLED = "() => !document.querySelector('.htmx-request')"
"""htmx has done with the last click (a click while it settles the answer is dropped)."""
PAGE_TIMEOUT_MS = 20_000
"""How long the page waits for a click's answer before it says none came (templates/base.html)."""

FAILED_ANSWER = (
    "The server could not answer this click just now. Wait a moment, then try again or "
    "reload the page."
)
NO_ANSWER = (
    "No answer from the server: the click may not have reached it. Check the connection, then "
    "try again or reload the page."
)
"""Said of a dropped connection, and of an answer that never came: the click may have been
played all the same (it said the click did not reach the server)."""


def german(message: str) -> str:
    translated = read_catalog("de").get(message)
    assert translated is not None and translated.string, message
    return str(translated.string)


def a_game_in_german(new_context: Callable[..., BrowserContext]) -> Page:
    page = new_context(PHONE).new_page()
    page.goto("/language?lang=de&back=/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()
    return page


def unavailable(route: Route) -> None:
    route.fulfill(status=503, body="busy", headers={"Content-Type": "text/plain"})


def disconnected(route: Route) -> None:
    route.abort("internetdisconnected")


def older(route: Route) -> None:
    """The click as if made on an older version of the table."""
    data = route.request.post_data or ""
    route.continue_(post_data=re.sub(r"version=\d+", "version=999", data))


def refused_once(page: Page) -> None:
    """A click the server refuses (409), its table and message shown and settled."""
    page.route("**/actions", older)
    page.locator("#table [data-action]").first.click()
    page.locator("#table p.error[role=alert]").wait_for()
    page.wait_for_function(SETTLED)
    page.unroute("**/actions")


@pytest.mark.parametrize(
    ("failure", "message"), [(unavailable, FAILED_ANSWER), (disconnected, NO_ANSWER)]
)
def test_a_click_without_an_answer_says_so_and_the_next_one_plays_on(
    new_context: Callable[..., BrowserContext],
    failure: Callable[[Route], None],
    message: str,
) -> None:
    page = a_game_in_german(new_context)
    actions = enabled_actions(page)
    page.route("**/actions", failure)
    button = page.locator("#table [data-action]").first
    button.click()

    alert = page.locator("#table .request-failed[role=alert]")
    alert.wait_for()
    assert alert.inner_text().startswith(german(message))
    assert alert.get_by_role("link").get_attribute("href") == page.url, "a reload of the table"
    assert page.evaluate("document.querySelector('.request-failed + #act') !== null"), (
        "the message stands just above the buttons"
    )
    assert enabled_actions(page) == actions, "the table is as it was, every choice still there"
    assert button.evaluate("b => b === document.activeElement"), "the focus stays"

    page.unroute("**/actions")
    changes_table(page, button.click)
    assert page.locator(".request-failed").count() == 0, "the next answer takes it away"


def test_a_refused_click_shows_the_table_as_it_is(
    new_context: Callable[..., BrowserContext],
) -> None:
    """The server's own refusal (409: a click on an older version of the table) comes with
    the table and its message: the player clicks again."""
    page = a_game_in_german(new_context)
    refused_once(page)
    assert enabled_actions(page), "the choices are offered again"
    changes_table(page, page.locator("#table [data-action]").first.click)


def test_too_many_clicks_are_read_out_and_lead_back_to_the_table(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A 429 replaces the table with the server's message page: a screen reader hears it,
    the keyboard is on its button, and the button goes back to the table."""
    page = a_game_in_german(new_context)
    game = page.url

    def too_many(route: Route) -> None:
        """The server's message page for the click, as a refusal renders it (a version it
        cannot read stands in for the rate limit: it changes nothing either)."""
        headers = {**route.request.headers, "HX-Current-URL": game}
        refusal = route.fetch(headers=headers, post_data="version=x&action=healthy")
        route.fulfill(response=refusal, status=429)

    page.route("**/actions", too_many)
    page.locator("#table [data-action]").first.click()
    back = page.locator("main section.message .button.primary")
    back.wait_for()
    assert back.evaluate("b => b === document.activeElement"), "the focus is on the way back"
    heard = page.locator("#announcer").inner_text()
    assert page.locator("main section.message h1").inner_text() in heard, "read out"
    assert german("Back to the table") not in heard, "the button is not read as a sentence"
    page.unroute("**/actions")
    with page.expect_navigation(url=game):
        page.keyboard.press("Enter")
    assert enabled_actions(page), "back at the table, the choices offered"


def test_a_click_whose_answer_never_comes_times_out_and_says_so(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A request that hung left the table as it was, its cards highlighted, until a reload
    (found by an outside check on a throttled connection)."""
    page = a_game_in_german(new_context)
    assert page.evaluate("htmx.config.timeout") == PAGE_TIMEOUT_MS
    page.evaluate("htmx.config.timeout = 500")
    hanging: list[Route] = []
    page.route("**/actions", lambda route: hanging.append(route))
    button = page.locator("#table [data-action]").first
    button.click()
    alert = page.locator("#table .request-failed[role=alert]")
    alert.wait_for()
    assert alert.inner_text().startswith(german(NO_ANSWER))
    assert len(hanging) == 1
    page.unroute("**/actions")
    changes_table(page, button.click)
    assert page.locator(".request-failed").count() == 0


def test_a_failure_takes_the_place_of_an_earlier_refusal(
    new_context: Callable[..., BrowserContext],
) -> None:
    """A refusal ("that click was for an earlier moment") above a failure said two things at
    once; the later one stands alone."""
    page = a_game_in_german(new_context)
    refused_once(page)
    page.route("**/actions", disconnected)
    page.locator("#table [data-action]").first.click()
    page.locator("#table .request-failed[role=alert]").wait_for()
    assert page.locator("#table p.error[role=alert]:not(.request-failed)").count() == 0


def first_held(page: Page, held: list[Route]) -> Route:
    """The first request a route handler held. htmx dims the choices as a click starts,
    possibly before Playwright has handed its request to the handler, which it does only
    inside a call of its own: so this waits in Playwright's calls."""
    for _ in range(500):
        if held:
            return held[0]
        page.wait_for_timeout(20)
    raise AssertionError("no request held within 10 s")


def test_the_choices_dim_while_a_slow_click_is_on_its_way(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = a_game_in_german(new_context)
    held: list[Route] = []
    page.route("**/actions", lambda route: held.append(route))
    button = page.locator("#table [data-action]").first
    button.click()
    opacity = "() => getComputedStyle(document.querySelector('#act > *')).opacity"
    page.wait_for_function(f"() => Number(({opacity})()) < 0.7")
    first_held(page, held).continue_()
    page.wait_for_function(
        "() => !document.querySelector('.htmx-request') && document.querySelector('#act')"
    )
    assert float(page.evaluate(opacity)) == 1.0
