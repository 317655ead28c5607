"""Fixtures for the web tests: a throwaway SQLite database per test, a copy of a migrated
template (`tests.databases`). The app made here starts no search worker process and
leaves the collector alone (the `Settings` defaults for an app made in code). Rate limits are
off here (tests play whole games quickly); tests/web/test_rate_limits.py
switches them on with small limits. The rate-limit tests share a throwaway PostgreSQL per
module (`postgres`) and run on both databases (`database`)."""

from __future__ import annotations

import secrets
import warnings
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.operations.migrate import upgrade
from app.operations.settings import Settings
from app.web.factory import create_app
from tests.databases import migrated_sqlite
from tests.postgres import Postgres, throwaway_postgres
from tests.web.helpers.daily import daily_settings, running
from tests.web.helpers.review import REVIEW_WORLDS

warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    """No worker processes: reviews, fair-play checks, pars and hints run in the server's
    threads (`tests/web/test_worker_processes.py` runs them in real workers)."""
    return Settings(
        database_url=migrated_sqlite(tmp_path / "doko.sqlite3"),
        secret_key="test-secret",
        bot_delay_ms=0,
        limits=None,
        review_worlds=REVIEW_WORLDS,
        background_workers=0,
    )


@pytest.fixture
def app(settings: Settings) -> Iterator[FastAPI]:
    application = create_app(settings)
    yield application
    application.state.engine.dispose()


@pytest.fixture
def daily_app(tmp_path: Path) -> Iterator[FastAPI]:
    """A server of the daily games at `tests.web.helpers.daily`'s fixed day and secret."""
    with running(daily_settings(tmp_path)) as application:
        yield application


@pytest.fixture
def client(app: FastAPI) -> Iterator[TestClient]:
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture
def other(app: FastAPI) -> Iterator[TestClient]:
    """A second browser (its own cookie jar) on the same server."""
    with TestClient(app) as test_client:
        yield test_client


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway_postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def database(request: pytest.FixtureRequest) -> str | None:
    """None for the test's SQLite file, or a fresh PostgreSQL database: there a click's count
    rides in the statement that stores its step, and a refusal must undo it there."""
    if request.param == "sqlite":
        return None
    server: Postgres = request.getfixturevalue("postgres")
    url = server.new_database(f"limits_{secrets.token_hex(6)}")
    upgrade(url)
    return url
