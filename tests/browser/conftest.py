"""Fixtures for the real-browser and restart tests: a live uvicorn server on a free port with
its own migrated SQLite file, and Debian's headless Chromium driven by Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
SECRET = "browser-test-secret"
DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 375, "height": 667}
STARTUP_SECONDS = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def migrate(database_url: str) -> None:
    """Migrates the way the README's run command does, in a separate process."""
    subprocess.run(
        [sys.executable, "-m", "app.migrate", database_url],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


@dataclass
class LiveServer:
    """One server process started as the serve script does (`python -m app.serve`); `start`
    and `stop` may be repeated on the same database, secret and port (the restart test does)."""

    database_url: str
    log_path: Path
    port: int = field(default_factory=free_port)
    secret: str = SECRET
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {
            **os.environ,
            "DOKO_DATABASE_URL": self.database_url,
            "DOKO_SECRET_KEY": self.secret,
            "DOKO_BOT_DELAY_MS": "0",
        }
        command = [sys.executable, "-m", "app.serve", "--port", str(self.port)]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        self._wait_until_answering()

    def _wait_until_answering(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited at start-up:\n{self.log()}")
            try:
                if httpx.get(self.url + "/", timeout=1.0).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"the server did not answer within {STARTUP_SECONDS} s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]


@pytest.fixture
def new_server(tmp_path: Path) -> Iterator[Callable[[], LiveServer]]:
    """Makes (not starts) servers on fresh migrated databases; stops them all at the end."""
    servers: list[LiveServer] = []

    def make() -> LiveServer:
        number = len(servers)
        database = tmp_path / f"doko-{number}.sqlite3"
        url = f"sqlite:///{database}"
        migrate(url)
        server = LiveServer(url, tmp_path / f"server-{number}.log")
        servers.append(server)
        return server

    yield make
    for server in servers:
        server.stop()


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    directory = tmp_path_factory.mktemp("live-server")
    url = f"sqlite:///{directory / 'doko.sqlite3'}"
    migrate(url)
    server = LiveServer(url, directory / "server.log")
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
    """Fresh browser profiles (own cookies, own cache) aimed at the live server."""
    contexts: list[BrowserContext] = []

    def make(viewport: dict[str, int] | None = None) -> BrowserContext:
        context = browser.new_context(base_url=live_server.url, viewport=viewport or DESKTOP)
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context

    yield make
    for context in contexts:
        context.close()


@pytest.fixture
def page(new_context: Callable[..., BrowserContext]) -> Page:
    return new_context().new_page()
