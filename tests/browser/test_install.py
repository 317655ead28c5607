"""The site as an installable app, in Debian's Chromium: the browser reads the manifest
without an error and finds nothing that stops an install, the service worker becomes active,
and when the server cannot be reached (the network switched off, or the server stopped) a
page is the offline page in the player's language, whose Try again link leads back once the
server answers. The worker keeps nothing but the offline pages and their files while a game
is played through htmx with it in place. axe audits the offline page in every language at
phone and desktop size, light and dark."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Browser, BrowserContext, Page

from app.languages.i18n import LANGUAGES, translations
from tests.browser.helpers.accessibility import audit, report
from tests.browser.helpers.chromium import CHROMIUM, CHROMIUM_ARGS, DESKTOP, PHONE
from tests.browser.helpers.table import start_seeded_game
from tests.live import LiveServer

from .clicks import game_over, play_until

ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
OFFLINE_HEADING = "No connection to the server"
KEPT_URLS = """async () => {
    const urls = [];
    for (const name of await caches.keys()) {
        for (const request of await (await caches.open(name)).keys()) {
            const url = new URL(request.url);
            urls.push(url.pathname + url.search);
        }
    }
    return urls;
}"""


def worker_ready(page: Page) -> None:
    """Waits until the worker is active, controls the page and has been told its language."""
    page.wait_for_function(
        "() => navigator.serviceWorker.controller?.state === 'activated'", polling=100
    )
    page.wait_for_function(
        """async () => {
            const told = await caches.match('/offline/language', {cacheName: 'doko-language'});
            return told !== undefined && (await told.text()) === document.documentElement.lang;
        }""",
        polling=100,
    )


def hand_over(page: Page) -> bool:
    return page.locator("button.next-hand").count() > 0 or game_over(page)


def offline_heading(language: str) -> str:
    heading = translations(language).gettext(OFFLINE_HEADING)
    assert language == "en" or heading != OFFLINE_HEADING, f"{language}: not translated"
    return heading


def shows_offline_page(page: Page, language: str) -> None:
    assert page.locator("h1").inner_text() == offline_heading(language)
    assert page.evaluate("document.documentElement.lang") == language


@pytest.fixture
def profile(browser: Browser, live_server: LiveServer, tmp_path: Path) -> Iterator[BrowserContext]:
    """A browser profile kept on disk, as a player's is: Chromium offers no install from an
    incognito profile (what `browser.new_context` makes), so only such a profile shows that
    nothing else stands in the way."""
    context = browser.browser_type.launch_persistent_context(
        tmp_path / "profile",
        executable_path=str(CHROMIUM),
        args=CHROMIUM_ARGS,
        base_url=live_server.url,
        viewport=DESKTOP,
    )
    context.set_default_timeout(10_000)
    yield context
    context.close()


def test_chromium_finds_the_site_installable(profile: BrowserContext) -> None:
    page = profile.new_page()
    page.goto("/")
    worker_ready(page)
    worker = page.evaluate(
        "() => navigator.serviceWorker.ready"
        ".then(r => [r.active.state, r.active.scriptURL, r.scope])"
    )
    assert worker == ["activated", f"{page.url}sw.js", page.url]
    # A page's request starts while the worker wakes up, not after it.
    preload = "() => navigator.serviceWorker.ready.then(r => r.navigationPreload.getState())"
    assert page.evaluate(preload)["enabled"] is True
    cdp = profile.new_cdp_session(page)
    manifest = cdp.send("Page.getAppManifest")
    assert manifest["errors"] == []
    assert manifest["url"] == f"{page.url}manifest.webmanifest?lang=en"
    parsed = manifest["manifest"]
    assert parsed["display"] == "kStandalone"
    assert parsed["startUrl"] == parsed["id"] == page.url
    assert parsed["themeColor"] == "rgba(23,74,49,1)"
    assert cdp.send("Page.getInstallabilityErrors")["installabilityErrors"] == []


@pytest.mark.parametrize("language", ["de", "ru", "en"])
def test_offline_a_page_is_the_offline_page_in_the_players_language(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    """The language chosen on the site wins over the browser's (here British English)."""
    ARTIFACTS.mkdir(exist_ok=True)
    context = new_context(locale="en-GB")
    page = context.new_page()
    page.goto(f"/language?lang={language}&back=/how-to-play")
    worker_ready(page)
    context.set_offline(True)
    for path in ("/", "/history", "/games/some-game"):
        page.goto(path)
        shows_offline_page(page, language)
    for size, viewport in {"phone": PHONE, "desktop": DESKTOP}.items():
        page.set_viewport_size(viewport)
        page.screenshot(path=str(ARTIFACTS / f"offline-{language}-{size}.png"), full_page=True)


def test_offline_a_form_sent_shows_the_offline_page_of_the_page_it_was_on(
    new_context: Callable[..., BrowserContext], live_server: LiveServer
) -> None:
    """New game with the network off: the offline page, at the home page's address, so that
    Try again asks for the home page (the form's address answers only forms) and then starts
    nothing by itself."""
    context = new_context()
    page = context.new_page()
    page.goto("/language?lang=de&back=/")
    worker_ready(page)
    context.set_offline(True)
    page.locator('.modes form[action="/games"] button').click()
    page.wait_for_url(f"{live_server.url}/")
    shows_offline_page(page, "de")
    context.set_offline(False)
    page.get_by_role("link", name=translations("de").gettext("Try again")).click()
    page.locator('.modes form[action="/games"]').wait_for()
    assert page.url == f"{live_server.url}/"


def test_with_the_server_stopped_the_offline_page_leads_back_once_it_answers(
    browser: Browser, new_server: Callable[[], LiveServer]
) -> None:
    server = new_server()
    server.start()
    context = browser.new_context(base_url=server.url, viewport=PHONE, locale="hu-HU")
    context.set_default_timeout(10_000)
    page = context.new_page()
    page.goto("/how-to-play")
    worker_ready(page)
    server.stop()
    page.goto("/history")
    shows_offline_page(page, "hu")
    server.start()
    page.get_by_role("link", name=translations("hu").gettext("Try again")).click()
    page.wait_for_selector("header.bar nav", state="attached")
    assert page.url == f"{server.url}/history"
    assert page.locator("h1").inner_text() != offline_heading("hu")
    context.close()


def test_a_game_played_with_the_worker_in_place_leaves_nothing_of_it_kept(
    new_context: Callable[..., BrowserContext],
) -> None:
    """Every click of a whole hand goes through htmx to the server (the table changes with
    each); afterwards the browser's caches hold the offline pages and their files only."""
    page = new_context().new_page()
    page.goto("/")
    worker_ready(page)
    start_seeded_game(page, "install-worker")
    worker_ready(page)
    play_until(page, hand_over)
    script = page.request.get("/sw.js").text()
    kept = set(page.evaluate(KEPT_URLS))
    allowed = {f"/offline/{code}" for code in LANGUAGES} | {"/offline/language"}
    assert {url for url in kept if not url.startswith("/static/")} == allowed
    for url in kept - allowed:
        assert f'"{url}"' in script, f"{url} kept, yet not one of the worker's files"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_axe_finds_nothing_on_the_offline_page(
    new_context: Callable[..., BrowserContext], language: str
) -> None:
    page = new_context().new_page()
    page.goto(f"/offline/{language}")
    found = audit(page, f"offline page ({language})")
    assert not found, report(found)
