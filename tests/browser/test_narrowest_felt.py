"""The felt on a 320 px phone in the languages with the longest words: the side seats'
columns are about 70 px, and a Hungarian total ("összesen +0") ran over the felt's rounded
edge while the last trick's button let "Legutóbbi" and "Последняя" out of its border; a side
seat with its team and its call ("Re", "Re!") wrapped "gesamt +0" onto the settings' button
under it."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from app.languages.i18n import LANGUAGE_COOKIE
from tests.browser.helpers.chromium import PHONE

from .clicks import play_until
from .helpers.table import NARROWEST, start_seeded_game

SPILLED = """() => [...document.querySelectorAll(
    '.felt .last-trick-button, .felt .seat, .felt .seat *')]
  .filter(e => !e.closest('.visually-hidden') && e.clientWidth > 0
    && e.scrollWidth > e.clientWidth + 1)
  .map(e => e.innerText.replace(/\\s+/g, ' '))"""
PAST_THE_FELT = """() => { const felt = document.querySelector('.felt').getBoundingClientRect();
  return [...document.querySelectorAll('.felt .seat .counts')]
    .filter(e => { const r = e.getBoundingClientRect();
      return r.left < felt.left || r.right > felt.right; })
    .map(e => e.innerText); }"""


@pytest.mark.parametrize("language", ["hu", "ru"])
def test_the_seats_and_the_last_trick_keep_their_words_inside(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = new_context(NARROWEST).new_page()
    page.goto("/")
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": language, "url": page.url}])
    start_seeded_game(page, "felt-1")
    play_until(page, lambda p: p.locator(".last-trick-button").count() > 0)
    page.reload()
    assert page.evaluate(SPILLED) == []
    assert page.evaluate(PAST_THE_FELT) == []


UNDER_THE_TOOLS = """() => { const tools = [...document.querySelectorAll('.felt > .felt-tool')]
    .map(tool => tool.getBoundingClientRect());
  const meets = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom
    && b.top < a.bottom;
  return [...document.querySelectorAll('.felt .seat-west *, .felt .seat-east *')]
    .filter(e => !e.children.length && e.checkVisibility())
    .filter(e => tools.some(tool => meets(e.getBoundingClientRect(), tool)))
    .map(e => e.innerText); }"""
CALLED_EAST = "a1"
"""A deal whose east seat has announced Re when the player first plays (the team shown too)."""


def test_a_side_seat_with_a_call_clears_the_felts_buttons(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(NARROWEST).new_page()
    page.goto("/")
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "de", "url": page.url}])
    start_seeded_game(page, CALLED_EAST)
    play_until(page, lambda p: p.locator(".seat-east .called").count() > 0)
    page.reload()
    assert page.locator(".felt > .felt-tool").count() >= 1
    assert page.evaluate(UNDER_THE_TOOLS) == []


HOCHZEIT_EAST = "hz-5"
"""A deal whose east seat declares a Hochzeit and announces Re: its column holds the name,
the team, the contract, the call and the counts."""


@pytest.mark.parametrize("size", ["320", "375"])
def test_a_side_seats_hochzeit_team_and_call_clear_the_felts_buttons(
    new_context: Callable[..., BrowserContext], size: str
) -> None:
    """At the end of the hand too, when the totals have grown (a German "gesamt +11" ran
    under the settings' button at 375 px)."""
    page = new_context(NARROWEST if size == "320" else PHONE).new_page()
    page.goto("/")
    page.context.add_cookies([{"name": LANGUAGE_COOKIE, "value": "de", "url": page.url}])
    start_seeded_game(page, HOCHZEIT_EAST)
    east = ".seat-east"
    play_until(page, lambda p: p.locator(f"{east} .called").count() > 0)
    assert page.locator(f"{east} .declared").count() == 1, "east declared the Hochzeit"
    page.reload()
    assert page.evaluate(UNDER_THE_TOOLS) == []
    play_until(page, lambda p: p.locator("button.next-hand").count() > 0)
    page.reload()
    assert page.locator(f"{east} .called").count() == 1
    assert page.evaluate(UNDER_THE_TOOLS) == []
