"""`GET /healthz` answers 200 while the database answers and 503 when it does not; a page that
needs the database then says so with a 503 instead of failing with a 500."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine

from app.operations.settings import Settings
from app.storage.db import session_factory
from app.web.factory import create_app
from tests.live import free_port


def test_healthy_with_a_database(client: TestClient) -> None:
    answer = client.get("/healthz")
    assert (answer.status_code, answer.text) == (200, "ok\n")


def test_unavailable_without_one() -> None:
    nowhere = f"postgresql+psycopg://doko@127.0.0.1:{free_port()}/doko?connect_timeout=2"
    app = create_app(Settings(database_url=nowhere, secret_key="s", bot_delay_ms=0, limits=None))
    with TestClient(app) as client:
        health = client.get("/healthz")
        page = client.post("/games")
    assert health.status_code == 503 and "unavailable" in health.text
    assert page.status_code == 503 and "nothing was changed" in page.text
    assert page.headers["retry-after"] == "5"


def test_a_request_that_finds_no_free_connection_is_a_503(settings: Settings) -> None:
    """Every pooled connection busy past the pool's timeout (a burst of slow requests) is
    the database being busy, not a fault of the server: the page says so and changes
    nothing."""
    app = create_app(settings)
    engine = create_engine(settings.database_url, pool_size=1, max_overflow=0, pool_timeout=0.1)
    with TestClient(app) as client, engine.connect():
        app.state.sessions = session_factory(engine)
        page = client.post("/games")
    engine.dispose()
    app.state.engine.dispose()
    assert page.status_code == 503 and "nothing was changed" in page.text
    assert page.headers["retry-after"] == "5"


@pytest.mark.parametrize("replaced", [False, True])
def test_a_sqlite_file_deleted_or_replaced_is_unhealthy(
    client: TestClient, settings: Settings, replaced: bool
) -> None:
    """Deleted under a running server, the file lives on in its open connections until they
    close, and then every game stored since is lost; a file put in its place is not the
    database the server migrated and wrote. Either way the process must be seen to fail."""
    assert client.get("/healthz").status_code == 200
    path = Path(settings.database_url.removeprefix("sqlite:///"))
    moved = path.with_name("moved.sqlite3")
    path.rename(moved)
    if replaced:
        shutil.copyfile(moved, path)
    health = client.get("/healthz")
    assert (health.status_code, health.text) == (503, "database file deleted or replaced\n")
