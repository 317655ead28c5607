"""Every language of the site in a real browser. The language is chosen with the picker on the
home page, then a whole hand is played by clicks on a phone, with a look at the Rules dialog
and at how to play on the way, and at the leaderboard after it. Every page seen fits the
phone's width, says its language in `<html lang>`, offers the picker, and shows no English
word of the interface: the words of 4 letters or more of the English messages
(`locales/messages.pot`), less those the language's own translations use too (Solo, Kontra)
and the computer players' names. For English itself the hand is just played. The table is
kept as screenshots in test-artifacts/ (`language-de-play-phone.png`, …) to look at for
words that do not fit. The choice is kept in a cookie; without one, the browser's
`Accept-Language` picks the language."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Iterator
from functools import cache

import pytest
from babel.messages.catalog import Catalog
from babel.messages.pofile import read_po
from playwright.sync_api import BrowserContext, Page

from app.languages.i18n import LANGUAGE_COOKIE, LANGUAGES, LOCALES, SOURCE, read_catalog
from app.languages.words import BOT_NAMES
from tests.browser.helpers.chromium import PHONE
from tests.browser.helpers.table import ARTIFACTS, NARROWEST

from .clicks import enabled_actions, open_menu, play_until

WORD = re.compile(r"[^\W\d_]{4,}")
MARKUP = re.compile(r"<[^>]*>|%\(\w+\)[sd]|\{\w+\}")
"""Tags and placeholders in a message: not words a page shows."""
UNTRANSLATED = {name.lower() for name in BOT_NAMES}
"""Words every language shows as they are."""
VISIBLE_TEXTS = """() => {
    const shown = e => e.tagName === 'OPTION' ? e.closest('select').checkVisibility()
                                              : e.checkVisibility();
    const texts = [document.title];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent.closest('code') && shown(parent)) texts.push(node.data);
    }
    const named = document.body.querySelectorAll('[aria-label], [title], [placeholder], [alt]');
    for (const element of [...named].filter(shown)) {
        for (const name of ['aria-label', 'title', 'placeholder', 'alt']) {
            if (element.hasAttribute(name)) texts.push(element.getAttribute(name));
        }
    }
    return texts;
}"""
"""What a player reads or hears on the page: the title, every rendered text outside `code`
(rule-set keys, hashes), and the names and tooltips of rendered elements."""


# ---- the English words ---------------------------------------------------------------------


def words(texts: Iterable[str]) -> set[str]:
    return {word.lower() for text in texts for word in WORD.findall(MARKUP.sub(" ", text))}


def message_texts(catalog: Catalog, translated: bool) -> Iterator[str]:
    """Every message's English text or its translation (plural forms included)."""
    for message in catalog:
        if not message.id:
            continue
        text = message.string if translated else message.id
        yield from (text if isinstance(text, tuple | list) else (text,))


@cache
def english_words() -> frozenset[str]:
    with (LOCALES / "messages.pot").open("rb") as pot:
        return frozenset(words(message_texts(read_po(pot), translated=False)) - UNTRANSLATED)


@cache
def foreign_to(language: str) -> frozenset[str]:
    """The English words a page in `language` must not show: those its translations do not
    use themselves."""
    own = words(message_texts(read_catalog(language), translated=True))
    return english_words() - own


# ---- checking a page -----------------------------------------------------------------------


def english_on(page: Page, language: str) -> list[str]:
    """English words the page shows, each with the text it was found in."""
    foreign = foreign_to(language)
    found = []
    for text in page.evaluate(VISIBLE_TEXTS):
        english = sorted(words([text]) & foreign)
        if english:
            found.append(f"{english} in {' '.join(text.split())[:80]!r}")
    return found


Problems = list[tuple[str, str]]
"""(where, what) of each problem found."""


def check_page(page: Page, language: str, where: str) -> Problems:
    """What is wrong with the page for a player of `language`."""
    problems = []
    said = page.locator("html").get_attribute("lang")
    if said != language:
        problems.append(f'<html lang="{said}">')
    offered = page.eval_on_selector_all("nav.languages a", "links => links.map(a => a.hreflang)")
    if sorted(offered) != sorted(LANGUAGES):
        problems.append(f"the picker offers {offered}")
    width = page.evaluate("document.documentElement.scrollWidth")
    if width > page.evaluate("window.innerWidth"):
        problems.append(f"the page is {width} px wide: longer words push it past the screen")
    if language != SOURCE:
        problems += [f"English {found}" for found in english_on(page, language)]
    return [(where, problem) for problem in problems]


def keep(page: Page, language: str, state: str) -> None:
    """A full-page screenshot of the table, to look at in each language."""
    ARTIFACTS.mkdir(exist_ok=True)
    path = ARTIFACTS / f"language-{language}-{state}-phone.png"
    page.screenshot(path=str(path), full_page=True, animations="disabled")


def report(problems: Problems) -> str:
    """Each problem once, with the pages it was seen on (the table stays the same behind
    the Rules dialog, and from one page to the next)."""
    pages: dict[str, list[str]] = {}
    for where, what in problems:
        pages.setdefault(what, []).append(where)
    lines = [f"{what} (on {', '.join(dict.fromkeys(seen))})" for what, seen in pages.items()]
    return f"{len(lines)} problems:\n" + "\n".join(lines)


# ---- the hand ------------------------------------------------------------------------------


def choose_language(page: Page, language: str) -> None:
    """Clicks the language in the picker (in the header's menu on a phone); the same page
    comes back in that language."""
    open_menu(page)
    with page.expect_navigation():
        page.locator(f'nav.languages a[hreflang="{language}"]').click()


def playing(page: Page) -> bool:
    return any(action.startswith("play ") for action in enabled_actions(page))


def hand_over(page: Page) -> bool:
    return page.locator("section.summary").count() > 0


def look_at_the_rules(page: Page, language: str) -> Problems:
    """Opens the Rules dialog from the header, reads it, and closes it again."""
    page.locator("header [data-open-dialog=rules-dialog]").click()
    page.locator("#rules-dialog[open]").wait_for()
    problems = check_page(page, language, "Rules dialog")
    page.locator("#rules-dialog .buttons [data-close-dialog]").click()
    page.locator("#rules-dialog:not([open])").wait_for(state="attached")
    return problems


def look_at_how_to_play(page: Page, language: str) -> Problems:
    """Follows the header's link to how to play (in its menu on a phone), which explains the
    table's rules, and comes back to the table."""
    open_menu(page)
    with page.expect_navigation(url="**/how-to-play?rules=pagat"):
        page.locator('header a[href="/how-to-play?rules=pagat"]').click()
    problems = check_page(page, language, "how to play")
    with page.expect_navigation(url="**/games/*"):
        page.go_back()
    page.locator("#table").wait_for()
    return problems


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_a_whole_hand_in_each_language(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = new_context(PHONE).new_page()
    page.goto("/")
    choose_language(page, language)
    problems = check_page(page, language, "home")

    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()
    problems += check_page(page, language, "reservations")
    keep(page, language, "reservations")
    play_until(page, playing)
    problems += check_page(page, language, "play")
    keep(page, language, "play")
    problems += look_at_the_rules(page, language)
    problems += look_at_how_to_play(page, language)
    play_until(page, hand_over)
    problems += check_page(page, language, "end of the hand")
    keep(page, language, "end")
    page.goto("/leaderboard")
    problems += check_page(page, language, "leaderboard")

    cookies = {cookie["name"]: cookie["value"] for cookie in page.context.cookies()}
    assert cookies.get(LANGUAGE_COOKIE) == language, "the choice is kept on the device"
    assert not problems, report(problems)


# ---- the picker and the default ------------------------------------------------------------

PAGES = ("/", "/history", "/how-to-play", "/leaderboard", "/no-such-page")


def test_the_picker_is_on_every_page_and_comes_back_to_it(page: Page) -> None:
    problems = []
    for path in PAGES:
        page.goto(path)
        problems += check_page(page, SOURCE, path)
        backs = page.eval_on_selector_all(
            "nav.languages a", "links => links.map(a => new URL(a.href).searchParams.get('back'))"
        )
        if set(backs) != {path}:
            problems.append((path, f"the picker comes back to {backs}"))
    assert not problems, report(problems)
    page.goto("/how-to-play")
    for code, name in LANGUAGES.items():
        link = page.get_by_role("link", name=f"{name} ({code.upper()})", exact=True)
        assert link.get_attribute("lang") == code, "a screen reader says each name in its language"
    choose_language(page, SOURCE)
    assert page.url.endswith("/how-to-play")


ACCEPTED = [(f"{code}-{code.upper()}", code) for code in LANGUAGES] + [("fr-FR", SOURCE)]
"""The browser's language (a regional one) and the site's language it gets: a language the
site does not offer gets English."""


@pytest.mark.parametrize(("locale", "expected"), ACCEPTED)
def test_the_browser_language_is_the_default_until_one_is_chosen(
    new_context: Callable[..., BrowserContext], locale: str, expected: str
) -> None:
    page = new_context(locale=locale).new_page()
    page.goto("/")
    assert page.locator("html").get_attribute("lang") == expected
    for chosen in LANGUAGES:
        choose_language(page, chosen)
        page.goto("/how-to-play")
        assert page.locator("html").get_attribute("lang") == chosen, "the choice beats the browser"


TABLE_STATE = """() => ({
    version: document.querySelector('#act input[name=version]').value,
    hand: [...document.querySelectorAll('.hand .card')].map(card => card.dataset.action
        || card.getAttribute('aria-label').split(',')[0]),
    trick: [...document.querySelectorAll('.trick:not(.mini) .played')].length,
})"""
"""What the table holds, whatever its words: the version, the hand's actions, the trick."""


def test_switching_language_mid_hand_keeps_the_table(
    new_context: Callable[..., BrowserContext],
) -> None:
    page = new_context(PHONE).new_page()
    page.goto("/")
    choose_language(page, "ru")
    with page.expect_navigation(url="**/games/*"):
        page.locator('.modes form[action="/games"] button').click()
    play_until(page, lambda p: playing(p) and len(p.locator(".hand .card").all()) <= 9)
    before = page.evaluate(TABLE_STATE)
    status = page.locator(".status").inner_text()
    table = page.url

    choose_language(page, "ro")
    assert page.url == table, "the same table comes back"
    assert page.locator("html").get_attribute("lang") == "ro"
    assert page.locator(".status").inner_text() != status, "in the other language's words"
    playable = [action for action in before["hand"] if action.startswith("play ")]
    assert page.evaluate(TABLE_STATE)["version"] == before["version"]
    assert [a for a in page.evaluate(TABLE_STATE)["hand"] if a.startswith("play ")] == playable
    assert not check_page(page, "ro", "table after the switch"), "no English left"
    assert enabled_actions(page), "and the player plays on"


@pytest.mark.parametrize("language", list(LANGUAGES))
def test_the_restore_key_page_fits_the_narrowest_phone(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    """A heading of one long word ("Dein Wiederherstellungsschlüssel") made the German page
    527 px wide on a 320 px phone, its end cut off."""
    page = new_context(NARROWEST, has_touch=True, is_mobile=True).new_page()
    page.goto(f"/language?lang={language}&back=/players/key")
    wide = page.evaluate("document.documentElement.scrollWidth")
    assert wide <= NARROWEST["width"], f"{language}: the page is {wide} px wide"
