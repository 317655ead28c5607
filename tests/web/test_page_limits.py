"""Pages that cost the database a query have a limit per address (issue 26, §4): one client
read `/leaderboard` 136 times a second, `/history` 87 and `/` 219, and another player's
clicks slowed down meanwhile. Past `DOKO_PAGES_PER_ADDRESS` reads a minute the address gets
the 429 page, in its own language; those refusals cost the database nothing, and each
after the first of the minute comes after a pause."""

from __future__ import annotations

import html
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import Engine, event

from app.operations.ratelimit import Limits
from app.operations.settings import MOST_PAGES_PER_ADDRESS, Settings
from tests.helpers.settings import assert_refused
from tests.web.helpers.daily import browsers, start_daily
from tests.web.helpers.rate_limits import (
    OTHER_ADDRESS,
    Clock,
    assert_slow_down,
    limited,
)

BOARD = "/leaderboard"
PAGES = ("/leaderboard", "/history", "/games/0123456789abcdef/hands/1/review")
RECORD = "/games/0123456789abcdef/hands/1/record.json"


def test_reads_past_the_limit_are_refused_for_the_address(
    tmp_path: Path, database: str | None
) -> None:
    """The board, the history, reviews and records count together, and so does a player's
    home page (it looks up the game in progress); another address reads on."""
    clock = Clock()
    with limited(tmp_path, clock, database, pages_per_ip=4) as application:
        application.state.limiter.page_pause = 0.0
        with browsers(application, 1) as (client,):
            start_daily(client)
            assert client.get(BOARD).status_code == 200
            assert client.get("/history").status_code == 200
            assert client.get(PAGES[2]).status_code == 404, "counted, then not found"
            assert client.get("/").status_code == 200
            for page in (*PAGES, RECORD, "/"):
                assert_slow_down(client.get(page))
        with TestClient(application, client=OTHER_ADDRESS) as other:
            assert other.get(BOARD).status_code == 200
        clock.now += 60
        with browsers(application, 1) as (client,):
            assert client.get(BOARD).status_code == 200, "a new minute, a new allowance"


def test_a_visitors_home_page_is_not_counted(tmp_path: Path) -> None:
    """A first visit's home page asks the database nothing, so it uses up nothing."""
    with (
        limited(tmp_path, Clock(), pages_per_ip=1) as application,
        browsers(application, 1) as (client,),
    ):
        application.state.limiter.page_pause = 0.0
        for _ in range(3):
            assert client.get("/").status_code == 200
        assert client.get(BOARD).status_code == 200
        assert_slow_down(client.get(BOARD))


def test_the_refusal_speaks_the_readers_language(tmp_path: Path) -> None:
    with (
        limited(tmp_path, Clock(), pages_per_ip=1) as application,
        browsers(application, 1) as (client,),
    ):
        application.state.limiter.page_pause = 0.0
        german = {"Accept-Language": "de"}
        assert client.get(BOARD, headers=german).status_code == 200
        refused = client.get(BOARD, headers=german)
        assert refused.status_code == 429
        assert int(refused.headers["retry-after"]) > 0
        text = html.unescape(refused.text)
        assert "Zu viele Seiten in kurzer Zeit von deiner Adresse" in text


def test_refusals_past_the_limit_cost_no_statement(tmp_path: Path) -> None:
    """Once the address is refused in a minute, it is refused from memory: the count only
    grows until the minute passes, in every process. The allowance is spent on the history,
    since a first read of the board starts the day's par, whose worker writes whenever it
    is done."""
    statements: list[str] = []

    def seen(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        statements.append(statement)

    with (
        limited(tmp_path, Clock(), pages_per_ip=2) as application,
        browsers(application, 1) as (client,),
    ):
        application.state.limiter.page_pause = 0.0
        for _ in range(3):
            client.get("/history")
        event.listen(Engine, "before_cursor_execute", seen)
        try:
            for page in (*PAGES, RECORD):
                assert_slow_down(client.get(page))
        finally:
            event.remove(Engine, "before_cursor_execute", seen)
    assert statements == []


def test_a_refused_reader_waits_for_each_further_refusal(tmp_path: Path) -> None:
    """A script asking again the moment it is refused kept the server busy with refusals;
    past its first refusal of the minute, each waits (the server serving others meanwhile)."""
    with (
        limited(tmp_path, Clock(), pages_per_ip=1) as application,
        browsers(application, 1) as (client,),
    ):
        application.state.limiter.page_pause = 0.3
        assert client.get(BOARD).status_code == 200
        assert_slow_down(client.get(BOARD))
        started = time.perf_counter()
        assert_slow_down(client.get("/history"))
        assert time.perf_counter() - started >= 0.3


def test_the_page_limit_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    assert Limits().pages_per_ip == 600
    monkeypatch.setenv("DOKO_PAGES_PER_ADDRESS", "50")
    limits = Settings.from_env().limits
    assert limits is not None and limits.pages_per_ip == 50
    wrong = ("0", "fifty", str(MOST_PAGES_PER_ADDRESS + 1))
    assert_refused(monkeypatch, "DOKO_PAGES_PER_ADDRESS", *wrong)
