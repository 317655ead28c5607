"""Issue 8, finding 1: a ranked daily attempt can never be played with its day's seed known.

Ranked attempts of day D close two hours after D ends (UTC); the seed is published only then.
An attempt unfinished by then is closed: shown, never played on, never ranked. The clock is
moved under one running server, as the day turns while a player is at the table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass, replace
from datetime import UTC, datetime, time, timedelta
from pathlib import Path

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.storage.models import DailyAttempt
from tests.web.driver import HTMX, data_actions, default_choice, page_version, play_game
from tests.web.helpers.daily import (
    DAY,
    SECRET,
    advance,
    daily_settings,
    fair_play_checked,
    known_seed,
    rows,
    running,
    start_daily,
)
from tests.web.helpers.daily_deadline import CLOSING, Clock

BOARD = f"/leaderboard?day={DAY.isoformat()}&rules=pagat"


@dataclass
class Table:
    app: FastAPI
    client: TestClient
    clock: Clock
    url: str


@pytest.fixture
def late_start(tmp_path: Path) -> Iterator[Table]:
    """A ranked attempt started at 23:50 UTC, a few moves in."""
    clock = Clock(datetime.combine(DAY, time(23, 50), UTC))
    base = daily_settings(tmp_path)
    settings = replace(base, clock=clock)
    with running(settings) as application, TestClient(application) as client:
        url = start_daily(client)
        advance(client, url, 3)
        yield Table(application, client, clock, url)


def move(table: Table) -> int:
    """One default move as htmx sends it; the status code."""
    body = table.client.get(table.url).text
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    return table.client.post(f"{table.url}/actions", data=data, headers=HTMX).status_code


def published_seeds(page: str) -> list[str]:
    return re.findall(r"The seed, published now[^<]*<code class=\"hash\">([0-9a-f]{64})", page)


def test_the_attempt_goes_on_after_midnight_with_the_seed_secret(late_start: Table) -> None:
    late_start.clock.moment = CLOSING - timedelta(minutes=1)
    assert move(late_start) == 200
    page = late_start.client.get(late_start.url).text
    assert "Ranked if finished by <strong>2024-03-15 02:00 UTC</strong>" in page
    board = late_start.client.get(BOARD).text
    assert published_seeds(board) == []
    assert known_seed(SECRET, DAY, "pagat") not in board + page
    assert "published here at <strong>2024-03-15 02:00 UTC</strong>" in board
    assert "1 ranked game is still being played; it counts if finished by" in board


def test_at_closing_time_the_attempt_is_closed_and_the_seed_published(late_start: Table) -> None:
    body = late_start.client.get(late_start.url).text
    version = page_version(body)
    data = {"version": str(version), "action": default_choice(data_actions(body))}
    late_start.clock.moment = CLOSING
    answer = late_start.client.post(f"{late_start.url}/actions", data=data, headers=HTMX)
    assert answer.status_code == 409 and "closed unfinished" in answer.text
    page = late_start.client.get(late_start.url).text
    assert page_version(page) == version, "the refused move changed nothing"
    assert "Closed unfinished" in page and data_actions(page) == []

    board = late_start.client.get(BOARD).text
    assert published_seeds(board) == [known_seed(SECRET, DAY, "pagat")]
    assert "1 ranked game was not finished" in board
    (attempt,) = rows(late_start.app, DailyAttempt)
    assert attempt.finished_at is None and attempt.total is None
    assert "Continue your game" not in late_start.client.get("/").text


@pytest.mark.slow
def test_a_game_finished_before_closing_is_ranked(late_start: Table) -> None:
    late_start.clock.moment = CLOSING - timedelta(seconds=1)
    play_game(late_start.client, late_start.url)
    (attempt,) = rows(late_start.app, DailyAttempt)
    assert attempt.finished_at is not None
    # SQLite gives the stored moment back without its time zone (UTC).
    assert attempt.finished_at.replace(tzinfo=UTC) == CLOSING - timedelta(seconds=1)
    late_start.clock.moment = CLOSING
    fair_play_checked(late_start.app)
    board = late_start.client.get(BOARD).text
    assert "(you)" in board and "not finished" not in board
    assert "<td>15\u00a0Mar, 01:59</td>" in board, "finished the next day: the day is written"


@pytest.mark.slow
def test_the_deals_are_offered_again_only_once_the_seed_is_public(tmp_path: Path) -> None:
    clock = Clock(datetime.combine(DAY, time(20), UTC))
    base = daily_settings(tmp_path)
    settings = replace(base, clock=clock)
    with running(settings) as application, TestClient(application) as client:
        ranked = start_daily(client)
        play_game(client, ranked)
        clock.moment = CLOSING - timedelta(minutes=1)
        before = client.get(ranked).text
        clock.moment = CLOSING
        after = client.get(ranked).text
    seed = known_seed(SECRET, DAY, "pagat")
    assert seed not in before and "Play these deals again" not in before
    assert f'name="seed" value="{seed}"' in after
