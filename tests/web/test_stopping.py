"""A server stopped cleanly (SIGTERM, as a rolling restart does) leaves no stored background
work claimed: a review or a par it was computing is stored `failed`, so the next request, on
any server, claims it again at once instead of after `STALE_AFTER`."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import create_engine, select
from sqlalchemy.orm import InstrumentedAttribute, Session

from app.storage.models import Challenge, HandReview
from app.storage.work import WorkStatus
from tests.databases import migrated_sqlite
from tests.live import LiveServer
from tests.waiting import until
from tests.web.driver import finished_first_hand

pytestmark = pytest.mark.slow

SLOW_REVIEW = {"DOKO_REVIEW_WORLDS": "400"}
"""The most worlds a review may take: its hand's decisions take seconds, longer than the
moment between the claim and the stop."""


def statuses(server: LiveServer, column: InstrumentedAttribute[Any]) -> list[str | None]:
    """The status in `column` of every stored row (a review's, a challenge's par's)."""
    engine = create_engine(server.database_url)
    with Session(engine) as session:
        found = list(session.scalars(select(column)))
    engine.dispose()
    return found


def test_a_review_under_way_is_stored_failed_when_its_server_stops(tmp_path: Path) -> None:
    server = LiveServer(
        migrated_sqlite(tmp_path / "doko.sqlite3"), tmp_path / "server.log", env=SLOW_REVIEW
    )
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            game = client.post("/games", data={"seed": "stopped-review"}).headers["location"]
            finished_first_hand(client, game)
            assert client.get(f"{game}/hands/1/review").status_code == 200
        claimed = [WorkStatus.PENDING]
        until(lambda: statuses(server, HandReview.status) == claimed, "the review claimed", 10)
    finally:
        server.stop()
    assert statuses(server, HandReview.status) == [WorkStatus.FAILED], server.log()


def test_pars_under_way_stop_with_the_server_without_an_error(tmp_path: Path) -> None:
    """A clean stop is no failure of a par: it is stored `failed` (claimed again by the next
    view), and the log shows no traceback for it."""
    server = LiveServer(migrated_sqlite(tmp_path / "doko.sqlite3"), tmp_path / "server.log")
    server.start()
    try:
        with httpx.Client(base_url=server.url, timeout=30) as client:
            for _ in range(3):
                assert client.post("/challenges", follow_redirects=True).status_code == 200
    finally:
        server.stop()
    pars = set(statuses(server, Challenge.par_status))
    assert pars <= {WorkStatus.DONE, WorkStatus.FAILED}, pars
    assert "Traceback" not in server.log(), server.log()
