"""The day's board is kept by each server process between changes (issue 26, §4): a view reads
the board's version (one row) and, once its par is done, the par by its key, not the board
again; any change of what the board shows, made by this process, another one sharing the
database or by hand, raises the version in its own transaction (triggers of migration 0014),
so the next view anywhere shows it."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from sqlalchemy import create_engine, delete, event, insert, update
from sqlalchemy.orm import Session

from app.daily.board_versions import board_version
from app.operations.migrate import upgrade
from app.storage.models import DailyAttempt, DailyPar, GameRow, Player
from tests.postgres import throwaway_postgres
from tests.web.driver import play_game
from tests.web.helpers.daily import (
    DAY,
    browsers,
    daily_settings,
    fair_play_checked,
    noon,
    random_choice,
    running,
    start_daily,
)
from tests.web.helpers.daily_deadline import Clock
from tests.web.helpers.leaderboard import BOARD, add_finished_attempts, board_rows, set_nickname


@contextmanager
def statements(application: FastAPI) -> Iterator[list[str]]:
    """The SQL statements the app runs meanwhile."""
    seen: list[str] = []

    def run(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    engine = application.state.engine
    event.listen(engine, "before_cursor_execute", run)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", run)


def par_done(application: FastAPI) -> None:
    with application.state.sessions() as session:
        session.merge(
            DailyPar(
                day=DAY,
                rules_key="pagat",
                bot_id="heuristic-v1",
                status="done",
                total=12,
                hands_won=5,
                started_at=datetime.now(UTC),
            )
        )
        session.commit()


def test_a_board_seen_again_costs_two_lookups(tmp_path: Path) -> None:
    """It cost eleven statements, a write and a commit among them, for every view."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 2) as pair:
        add_finished_attempts(application, [5, 9, 3])
        par_done(application)
        visitor, player = pair
        start_daily(player)
        first = visitor.get(BOARD).text
        with statements(application) as seen:
            again = visitor.get(BOARD).text
        assert board_rows(again) == board_rows(first)
        assert len(seen) == 2, seen
        assert all(statement.lstrip().startswith("SELECT") for statement in seen)
        player.get(BOARD)
        with statements(application) as seen:
            player.get(BOARD)
        assert len(seen) == 4, (
            "and the player's own attempt, wherever it is, and the Rules dialog's question "
            "whether a game is running (app/web/in_progress.py)"
        )


def test_a_past_days_board_seen_again_costs_two_lookups(tmp_path: Path) -> None:
    """Whether the day was played (and so has a par) is kept with the board: asked at each
    view it cost a third statement."""
    settings = daily_settings(tmp_path, day=DAY + timedelta(days=1))
    with running(settings) as application, browsers(application, 1) as (visitor,):
        add_finished_attempts(application, [5, 9, 3])
        par_done(application)
        first = visitor.get(BOARD).text
        with statements(application) as seen:
            again = visitor.get(BOARD).text
        assert "bot par: <strong>+12</strong>" in again
        oldest = DAY + timedelta(days=1) - timedelta(days=366)
        assert f'min="{oldest}" max="{DAY + timedelta(days=1)}"' in again, "the day picker"
        assert board_rows(again) == board_rows(first)
        assert len(seen) == 2, seen


def test_the_board_is_read_again_after_a_new_result(tmp_path: Path) -> None:
    """A game finished, its check done, a nickname chosen: each shows at the next view."""
    with running(daily_settings(tmp_path)) as application, browsers(application, 2) as pair:
        add_finished_attempts(application, [5])
        viewer, player = pair
        assert [row.total for row in board_rows(viewer.get(BOARD).text)] == [5]
        url = start_daily(player)
        play_game(player, url, random_choice("new result"))
        assert "being checked for fair play" in viewer.get(BOARD).text
        fair_play_checked(application)
        rows = board_rows(viewer.get(BOARD).text)
        assert len(rows) == 2 and "Anonymous" in {row.name for row in rows}
        assert set_nickname(player, "Newcomer").status_code == 303
        assert "Newcomer" in {row.name for row in board_rows(viewer.get(BOARD).text)}


def test_a_kept_board_of_a_day_nobody_played_wants_no_par_once_the_day_is_over(
    tmp_path: Path,
) -> None:
    """Today's board always has a par; the next day the same board, kept by this process,
    says what a process reading it afresh says: nobody played, no par."""
    clock = Clock(noon(DAY))
    settings = replace(daily_settings(tmp_path), clock=clock)
    with running(settings) as application, browsers(application, 1) as (viewer,):
        assert "bot par: being computed" in viewer.get(BOARD).text
        clock.moment = noon(DAY + timedelta(days=1))
        assert "no bot par: nobody played this day’s game" in viewer.get(BOARD).text


def test_a_change_by_another_server_or_by_hand_shows_at_once(tmp_path: Path) -> None:
    """Two processes on one database: what one (or an operator's UPDATE) changes, the
    other's next view shows, with no time to wait."""
    settings = daily_settings(tmp_path)
    with (
        running(settings) as first,
        running(settings) as second,
        browsers(first, 1) as (viewer,),
        browsers(second, 1) as (other,),
    ):
        add_finished_attempts(first, [5, 7])
        assert [row.name for row in board_rows(viewer.get(BOARD).text)] == ["P1", "P0"]
        other.get(BOARD)
        with second.state.sessions() as session:
            session.execute(update(Player).where(Player.nickname == "P0").values(nickname="Z"))
            session.execute(update(DailyAttempt).where(DailyAttempt.total == 7).values(total=1))
            session.commit()
        assert [row.name for row in board_rows(viewer.get(BOARD).text)] == ["Z", "P1"]
        with second.state.sessions() as session:
            session.execute(delete(DailyAttempt).where(DailyAttempt.total == 5))
            session.commit()
        assert [row.name for row in board_rows(viewer.get(BOARD).text)] == ["P1"]


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    with throwaway_postgres() as server:
        url = server.new_database(f"boards_{secrets.token_hex(4)}")
        upgrade(url)
        yield url


def test_postgresqls_triggers_raise_the_versions(postgres_url: str) -> None:
    engine = create_engine(postgres_url)

    def version() -> int:
        with Session(engine) as session:
            return board_version(session, DAY, "pagat")

    def change(*statements: Any) -> int:
        with Session(engine) as session:
            for statement in statements:
                session.execute(statement)
            session.commit()
        return version()

    with Session(engine) as session:
        session.add(Player(id="pg1"))
        session.add(
            GameRow(
                id="gpg1",
                player_id="pg1",
                rules_key="pagat",
                seed="s",
                bot_id="heuristic-v1",
                log=[[]],
                version=0,
                mode="daily",
                day=DAY,
            )
        )
        session.commit()
    assert version() == 0
    started = insert(DailyAttempt).values(
        player_id="pg1", day=DAY, rules_key="pagat", game_id="gpg1"
    )
    assert change(started) == 1, "a ranked attempt started"
    finished = update(DailyAttempt).values(total=3, finished_at=datetime.now(UTC))
    assert change(finished) == 2
    assert change(update(Player).values(nickname="Pg")) == 3, "a nickname"
    assert change(update(Player).values(nickname_set_aside=None)) == 3, "not a nickname"
    assert change(delete(DailyAttempt)) == 4, "gone"
    engine.dispose()
