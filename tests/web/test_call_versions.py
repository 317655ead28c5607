"""Issue 25, point 1 on the server: a call cannot be taken back, so two posts of two different
calls made on one moment of the game (a double tap whose second tap found the next call under
the finger, two tabs, a retried request) must never both apply. Each form carries the game's
version; a call changes it, so the second post is for an earlier moment and changes nothing,
one after the other as well as at the same instant."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient

from tests.databases import migrated_sqlite
from tests.live import LiveServer
from tests.web.driver import HTMX, data_actions, page_version, start_game
from tests.web.helpers.call_versions import SOLO_SEED, soloist_may_announce
from tests.web.helpers.concurrency import statuses, together

pytestmark = pytest.mark.slow


def test_a_second_call_on_the_same_version_changes_nothing(client: TestClient) -> None:
    game = start_game(client, SOLO_SEED)
    body = soloist_may_announce(client.post, client.get, game)
    version = str(page_version(body))
    first = client.post(
        f"{game}/actions", data={"version": version, "action": "announce re"}, headers=HTMX
    )
    assert first.status_code == 200
    assert page_version(first.text) > int(version), "a call moves the game's version on"
    second = client.post(
        f"{game}/actions", data={"version": version, "action": "announce no90"}, headers=HTMX
    )
    assert second.status_code == 409, "the second call was made on an earlier moment"
    assert "announce no90" in data_actions(second.text), "No 90 is still only offered"
    assert page_version(second.text) == page_version(first.text)


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    url = migrated_sqlite(tmp_path / "doko.sqlite3")
    live = LiveServer(url, tmp_path / "server.log")
    live.start()
    yield live
    live.stop()


def test_two_different_calls_at_once_make_one_call(server: LiveServer) -> None:
    with httpx.Client(base_url=server.url, timeout=30) as client:
        game = client.post("/games", data={"seed": SOLO_SEED}).headers["location"]
        body = soloist_may_announce(client.post, client.get, game)
        version = str(page_version(body))
        calls = iter(["announce re", "announce no90"] * 4)

        def call() -> httpx.Response:
            data = {"version": version, "action": next(calls)}
            return client.post(f"{game}/actions", data=data, headers=HTMX)

        answers = together(8, call)
        assert statuses(answers) == [200] + [409] * 7
        table = client.get(game).text
        assert page_version(table) == int(version) + 1, "one call was stored"
