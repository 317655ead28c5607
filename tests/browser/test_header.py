"""The header in a real browser: one row at the table on two phones and two wider screens, in
every language, and still a way to every page and every language. On a phone the pages and
the languages fold into a menu (a `<details>`): it is opened, walked and closed with the
keyboard, and a tap outside it closes it. Screenshots of the header, closed and open, go to
test-artifacts/ (`header-de-360.png`, …)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGES
from tests.browser.helpers.table import ARTIFACTS, SMALL_PHONE

from .clicks import open_menu

SCREENS = {
    "360": SMALL_PHONE,
    "390": {"width": 390, "height": 844},
    "768": {"width": 768, "height": 1024},
    "1440": {"width": 1440, "height": 900},
}
ONE_ROW = 56
"""The tallest header that is one row: a row of links is 36 px, the phone's menu button 50."""

ROWS = """() => {
    const header = document.querySelector('header');
    const boxes = [...header.querySelectorAll('a, button, summary')]
        .filter(e => e.checkVisibility())
        .map(e => e.getBoundingClientRect());
    return {
        height: header.getBoundingClientRect().height,
        middles: boxes.map(b => b.top + b.height / 2),
        wide: header.scrollWidth > window.innerWidth,
    };
}"""
"""The header's height, the heights of the middles of its visible links and buttons, and
whether it is wider than the screen."""
SAME_ROW = 8
"""Pixels the middles of one row's links and buttons may differ by (the brand's larger font,
the menu button's frame); a second row is a line of text (20 px) or more away."""

REACHABLE = """() => [...document.querySelectorAll('header a, header button')]
    .filter(e => e.checkVisibility())
    .map(e => e.getAttribute('hreflang') || (e.getAttribute('href') || '').split('?')[0]
              || e.dataset.openDialog
              || (e.hasAttribute('data-toggle-colours') ? 'colours' : e.textContent.trim()))"""
"""What a player can reach from the header as it is now: each language, page (its path: a
table's How to play names the table's rules in its query) and button."""

EVERYTHING = {"/", "/history", "/how-to-play", "rules-dialog", "colours", *LANGUAGES}


def start_a_game(page: Page, language: str) -> None:
    page.goto(f"/language?lang={language}&back=/")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()


def keep(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(exist_ok=True)
    width = page.viewport_size["width"] if page.viewport_size else 0
    page.screenshot(
        path=str(ARTIFACTS / f"{name}.png"),
        clip={"x": 0, "y": 0, "width": width, "height": 320},
        animations="disabled",
    )


@pytest.mark.parametrize("screen", list(SCREENS))
def test_the_header_is_one_row_in_every_language(
    new_context: Callable[..., BrowserContext], screen: str
) -> None:
    page = new_context(SCREENS[screen]).new_page()
    problems = []
    for language in LANGUAGES:
        start_a_game(page, language)
        keep(page, f"header-{language}-{screen}")
        rows = page.evaluate(ROWS)
        if rows["height"] > ONE_ROW or max(rows["middles"]) - min(rows["middles"]) > SAME_ROW:
            problems.append(f"{language}: {rows['height']:.0f} px high, more than one row")
        if rows["wide"]:
            problems.append(f"{language}: the header is wider than the screen")
        table_at = page.locator("#table").bounding_box()
        open_menu(page)
        keep(page, f"header-{language}-{screen}-open")
        missing = EVERYTHING - set(page.evaluate(REACHABLE))
        if missing:
            problems.append(f"{language}: {sorted(missing)} cannot be reached from the header")
        if page.locator("#table").bounding_box() != table_at:
            problems.append(f"{language}: the open menu pushed the table down")
    assert not problems, "\n".join(problems)


def focused(page: Page) -> str:
    return page.evaluate(
        "() => { const e = document.activeElement;"
        " return e.tagName + ' ' + (e.getAttribute('href') || e.textContent.trim()); }"
    )


def tab_to(page: Page, selector: str, limit: int = 20) -> None:
    for _ in range(limit):
        page.keyboard.press("Tab")
        if page.evaluate("s => document.activeElement.matches(s)", selector):
            return
    raise AssertionError(f"Tab never reached {selector}; last: {focused(page)}")


def test_the_phone_menu_works_by_keyboard(new_context: Callable[..., BrowserContext]) -> None:
    page = new_context(SMALL_PHONE).new_page()
    start_a_game(page, "en")
    menu = page.locator("header details.menu")
    assert page.locator('header a[href="/history"]').is_hidden(), "folded away on a phone"

    tab_to(page, "header summary")
    assert page.evaluate("document.activeElement.matches(':focus-visible')")
    page.keyboard.press("Enter")
    assert menu.evaluate("m => m.open"), "Enter opens the menu"
    page.keyboard.press("Tab")
    assert focused(page) == "A /history", "the first page in the menu comes next"
    page.keyboard.press("Escape")
    assert not menu.evaluate("m => m.open"), "Escape closes the menu"
    assert page.evaluate("document.activeElement.matches('header summary')"), "focus goes back"

    page.keyboard.press("Space")
    assert menu.evaluate("m => m.open"), "Space opens it too"
    felt = page.locator(".felt").bounding_box()
    assert felt is not None
    page.mouse.click(felt["x"] + 5, felt["y"] + felt["height"] - 5)
    assert not menu.evaluate("m => m.open"), "a tap outside the menu closes it"

    page.locator("header summary").focus()
    page.keyboard.press("Enter")
    tab_to(page, 'header a[hreflang="de"]')
    with page.expect_navigation(url="**/games/*"):
        page.keyboard.press("Enter")
    assert page.locator("html").get_attribute("lang") == "de", "a language chosen by keyboard"
    assert page.locator("#table").count() == 1, "and the table is back"


def test_a_wide_screen_shows_the_menu_in_the_row(
    new_context: Callable[..., BrowserContext],
) -> None:
    """From 768 px up there is no menu button: every page and language is one Tab away."""
    page = new_context(SCREENS["768"]).new_page()
    start_a_game(page, "hu")
    assert page.locator("header summary").is_hidden()
    assert set(page.evaluate(REACHABLE)) >= EVERYTHING
    tab_to(page, 'header a[href="/how-to-play?rules=pagat"]')
    with page.expect_navigation(url="**/how-to-play?rules=pagat"):
        page.keyboard.press("Enter")
