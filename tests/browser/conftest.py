"""Fixtures for the real-browser and restart tests: a live server on a free port with its own
migrated SQLite file (`tests.live`), and Debian's headless Chromium driven by Playwright. Every
page is watched for console errors about the Content-Security-Policy: the page must work
with the policy on."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright

from tests.browser.helpers.chromium import CHROMIUM, CHROMIUM_ARGS, DESKTOP, POLICY_ERROR
from tests.browser.helpers.table_in_step import BOT_DELAY_MS
from tests.databases import migrated_sqlite
from tests.live import LiveServer
from tests.web.helpers.daily import PIPELINE_WORLDS
from tests.web.helpers.review import REVIEW_WORLDS


@pytest.fixture
def new_server(tmp_path: Path) -> Iterator[Callable[[], LiveServer]]:
    """Makes (not starts) servers on fresh migrated databases; stops them all at the end."""
    servers: list[LiveServer] = []

    def make() -> LiveServer:
        number = len(servers)
        url = migrated_sqlite(tmp_path / f"doko-{number}.sqlite3")
        server = LiveServer(url, tmp_path / f"server-{number}.log")
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    directory = tmp_path_factory.mktemp("live-server")
    url = migrated_sqlite(directory / "doko.sqlite3")
    # Every browser of the session comes from 127.0.0.1: the day's cap of ranked attempts per
    # address would refuse the daily game to whichever module comes later (in its xdist
    # process).
    # tests/web/test_ranked_per_address.py tests the cap.
    # Its fair-play checks and reviews search fewer worlds: the browser tests wait for them as
    # players do, but test how well they judge only in tests/test_fairplay.py and the web tests.
    quick_checks = {
        "DOKO_FAIR_PLAY_WORLDS": str(PIPELINE_WORLDS),
        "DOKO_REVIEW_WORLDS": str(REVIEW_WORLDS),
    }
    server = LiveServer(
        url, directory / "server.log", env={"DOKO_RANKED_PER_ADDRESS": "0", **quick_checks}
    )
    server.start()
    yield server
    server.stop()


@pytest.fixture(scope="session")
def browser() -> Iterator[Browser]:
    """Debian's Chromium; its absence is a failure, since the browser tests are required."""
    if not CHROMIUM.exists():
        pytest.fail(
            f"{CHROMIUM} is missing: install Debian's chromium package "
            "(apt-get install chromium); the browser tests must run, not be skipped."
        )
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        yield launched
        launched.close()


@pytest.fixture
def new_context(
    browser: Browser, live_server: LiveServer
) -> Iterator[Callable[..., BrowserContext]]:
    """Fresh browser profiles (own cookies, own cache) aimed at the live server. Console
    errors about the Content-Security-Policy in any of their pages fail the test."""
    contexts: list[BrowserContext] = []
    refused: list[str] = []

    def watch(message: ConsoleMessage) -> None:
        if message.type == "error" and POLICY_ERROR.search(message.text):
            refused.append(message.text)

    def make(viewport: dict[str, int] | None = None, **options: Any) -> BrowserContext:
        """`options` go to Playwright's `new_context` (e.g. `locale`, which sets the
        browser's `Accept-Language`)."""
        context = browser.new_context(
            base_url=live_server.url, viewport=viewport or DESKTOP, **options
        )
        context.set_default_timeout(10_000)
        context.on("console", watch)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()
    assert refused == [], f"the page broke its Content-Security-Policy: {refused[:3]}"


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    return new_context().new_page()


@pytest.fixture
def speaking(new_context: Callable[..., BrowserContext]) -> Iterator[Callable[[str], Page]]:
    """A page whose device has chosen `language` with the picker's link; motion is reduced,
    as many players with low vision ask for."""

    def make(language: str) -> Page:
        page = new_context().new_page()
        page.emulate_media(reduced_motion="reduce")
        page.goto(f"/language?lang={language}&back=/")
        assert page.locator("html").get_attribute("lang") == language
        return page

    yield make


@pytest.fixture(scope="module")
def slow_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose bots' cards come BOT_DELAY_MS apart, one per module: each test plays
    in its own browser profile (a player of its own), so the tests need no server each."""
    directory = tmp_path_factory.mktemp("slow-server")
    url = migrated_sqlite(directory / "doko.sqlite3")
    server = LiveServer(url, directory / "server.log", env={"DOKO_BOT_DELAY_MS": str(BOT_DELAY_MS)})
    server.start()
    yield server
    server.stop()
