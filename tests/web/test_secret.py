"""Issue 12: without DOKO_SECRET_KEY the secret lives in the database, made once, so every
process sharing the database signs the same cookies and deals the same daily cards; a set
DOKO_SECRET_KEY still wins, and an older server's secret file is taken over."""

from __future__ import annotations

import threading
from pathlib import Path

from fastapi.testclient import TestClient
from sqlalchemy import func, select

from app.operations.secret import shared_secret
from app.operations.settings import Settings
from app.storage.db import make_engine, session_factory
from app.storage.models import ServerSecret
from app.web.factory import create_app
from tests.web.driver import start_game


def settings_without_secret(settings: Settings) -> Settings:
    return Settings(settings.database_url, None, bot_delay_ms=0, limits=None)


def test_two_apps_on_one_database_share_the_secret(settings: Settings) -> None:
    first, second = (create_app(settings_without_secret(settings)) for _ in range(2))
    assert first.state.settings.secret == second.state.settings.secret
    assert len(first.state.settings.secret) == 64
    with TestClient(first) as one:
        url = start_game(one, "shared-1")
        cookies = dict(one.cookies)
    with TestClient(second, cookies=cookies) as two:
        assert two.get(url).status_code == 200, "the other process accepts the cookie"


def test_the_environment_wins(settings: Settings) -> None:
    app = create_app(settings)
    assert app.state.settings.secret == "test-secret"
    with app.state.sessions() as session:
        assert session.scalar(select(func.count()).select_from(ServerSecret)) == 0


def test_racing_processes_keep_one_secret(settings: Settings, tmp_path: Path) -> None:
    sessions = session_factory(make_engine(settings.database_url))
    barrier = threading.Barrier(6)
    found: list[str] = []

    def make() -> None:
        barrier.wait()
        found.append(shared_secret(sessions, tmp_path / "none"))

    threads = [threading.Thread(target=make) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(set(found)) == 1 and len(found) == 6
    with sessions() as session:
        assert session.scalar(select(func.count()).select_from(ServerSecret)) == 1


def test_an_older_servers_secret_file_is_taken_over(settings: Settings, tmp_path: Path) -> None:
    legacy = tmp_path / "secret_key"
    legacy.write_text("the-old-secret\n")
    sessions = session_factory(make_engine(settings.database_url))
    assert shared_secret(sessions, legacy) == "the-old-secret"
    legacy.write_text("changed later")
    assert shared_secret(sessions, legacy) == "the-old-secret", "made once, then kept"
