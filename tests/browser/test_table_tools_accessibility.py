"""axe-core finds no accessibility violation in what issue 25 added to the table: the settings
dialog open, the last trick open under the felt, and the question a high call asks, in every
language, at phone and desktop size, light and dark (see test_accessibility.py)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.accessibility import audit, report
from tests.browser.helpers.table import SOLO_SEED, start_seeded_game

from .clicks import click_action, enabled_actions, play_until


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_table_tools(speaking: Callable[[str], Page], language: str) -> None:
    page = speaking(language)
    start_seeded_game(page, SOLO_SEED)
    solo = next(action for action in enabled_actions(page) if action.startswith("solo-"))
    click_action(page, solo)
    page.locator('.announce [data-action="announce no60"]').click()
    page.locator(".call-confirm").wait_for()
    found = audit(page, "a high call's question")
    page.keyboard.press("Escape")
    page.locator("#table .settings-button").click()
    page.locator("#settings-dialog[open]").wait_for()
    found += audit(page, "settings dialog")
    page.keyboard.press("Escape")
    play_until(page, lambda p: p.locator("#table .last-trick-button").count() > 0)
    page.locator("#table .last-trick-button").click()
    found += audit(page, "the last trick open")
    assert not found, report(found)
