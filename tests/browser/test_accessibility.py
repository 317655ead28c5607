"""axe-core finds no accessibility violation on the pages a player sees: home, the table in
the reservations, during an Armut (asked to take it, then choosing the cards to give back),
during play (with a hint shown, and with the four-colour deck) and at the end of a hand, the
leaderboard (also with results held after the fair-play check), the Fair play page, how to
play, the restore key's page (a key refused) and the open Rules dialog. Each state is reached
once per language and audited at phone and desktop size in the light and the dark colour
scheme, on the same page (resizing and switching the scheme do not reload it), so the whole
audit of a language takes seconds, not minutes.

No axe rule is switched off: a violation is fixed where it arises (the stylesheet's colours,
the templates' labels, landmarks and ARIA)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import Page

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.accessibility import audit, report
from tests.browser.helpers.fair_play import set_aside_today
from tests.browser.helpers.table import armut_offered_seed, start_seeded_game
from tests.live import LiveServer

from .clicks import click_action, enabled_actions, play_until

# ---- running axe ---------------------------------------------------------------------------


# ---- the pages -----------------------------------------------------------------------------


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_pages_outside_the_table(speaking: Callable[[str], Page], language: str) -> None:
    page = speaking(language)
    found = audit(page, "home")
    page.locator("header details.menu").evaluate("menu => { menu.open = true; }")
    found += audit(page, "home, the header's menu open")
    page.locator("header details.menu").evaluate("menu => { menu.open = false; }")
    page.locator("button[data-open-dialog=rules-dialog]").first.click()
    page.locator("#rules-dialog[open]").wait_for()
    found += audit(page, "rules dialog")
    page.goto("/how-to-play")
    found += audit(page, "how to play")
    page.goto("/leaderboard")
    found += audit(page, "leaderboard")
    page.goto("/players/key")
    page.locator("form.restore input").fill("not-a-key")
    page.locator("form.restore button").click()
    page.locator("form.restore .error").wait_for()
    found += audit(page, "restore key, one refused")
    assert not found, report(found)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_table_through_a_hand_with_an_armut(
    speaking: Callable[[str], Page], language: str
) -> None:
    page = speaking(language)
    start_seeded_game(page, armut_offered_seed())
    found = audit(page, "reservations")
    play_until(page, lambda p: "armut-accept" in enabled_actions(p))
    found += audit(page, "asked to take the Armut")
    click_action(page, "armut-accept")
    page.locator("label[data-card]").first.wait_for()
    found += audit(page, "choosing the cards to give back")
    play_until(page, lambda p: any(a.startswith("play ") for a in enabled_actions(p)))
    page.keyboard.press("h")
    page.locator("#hint .hint-box").wait_for()
    found += audit(page, "play, a hint shown")
    page.locator("[data-toggle-colours]").click()
    found += audit(page, "play, four-colour deck")
    page.locator("[data-toggle-colours]").click()
    play_until(page, lambda p: p.locator("section.summary").count() > 0)
    found += audit(page, "end of the hand")
    assert not found, report(found)


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_board_with_held_results_and_the_fair_play_page(
    speaking: Callable[[str], Page], live_server: LiveServer, language: str
) -> None:
    set_aside_today(live_server)
    page = speaking(language)
    page.goto("/leaderboard")
    page.locator("section.set-aside li").first.wait_for()
    found = audit(page, "board with held results")
    page.goto("/fair-play")
    found += audit(page, "fair play")
    assert not found, report(found)
