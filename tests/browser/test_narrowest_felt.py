"""The felt on a 320 px phone in the languages with the longest words: the side seats'
columns are about 70 px, and a Hungarian total ("összesen +0") ran over the felt's rounded
edge while the last trick's button let "Legutóbbi" and "Последняя" out of its border."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext

from app.languages.i18n import LANGUAGE_COOKIE

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
