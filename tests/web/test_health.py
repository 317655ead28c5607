"""`GET /healthz` answers 200 while the database answers and 503 when it does not; a page that
needs the database then says so with a 503 instead of failing with a 500."""

from __future__ import annotations

from fastapi.testclient import TestClient

from app.factory import create_app
from app.settings import Settings
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
