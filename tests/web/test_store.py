"""How a game is kept: hand by hand, a click writing only the hand in progress, and a table
rebuilt from the database always of the version its row says. Each test runs on SQLite and
on a throwaway PostgreSQL, where a step is stored by a statement of its own."""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import Engine, event, select

from app.operations.migrate import upgrade
from app.operations.ratelimit import Limits
from app.operations.settings import Settings
from app.storage.models import GameHand, GameRow, RateCount
from app.table.table_cache import TableCache
from app.web.factory import create_app
from tests.databases import migrated_sqlite
from tests.postgres import Postgres, throwaway_postgres
from tests.web.driver import (
    HTMX,
    data_actions,
    default_choice,
    hand_is_over,
    page_version,
    start_game,
)
from tests.web.helpers.daily import game_id


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway_postgres() as server:
        yield server


@pytest.fixture(params=["sqlite", "postgresql"])
def settings(request: pytest.FixtureRequest, tmp_path: Path) -> Settings:
    if request.param == "sqlite":
        url = migrated_sqlite(tmp_path / "doko.sqlite3")
    else:
        postgres: Postgres = request.getfixturevalue("postgres")
        url = postgres.new_database(f"store_{secrets.token_hex(6)}")
        upgrade(url)
    return Settings(database_url=url, secret_key="test-secret", bot_delay_ms=0, limits=None)


def click(client: TestClient, game: str, body: str) -> str:
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    answer = client.post(f"{game}/actions", data=data, headers=HTMX)
    assert answer.status_code == 200, answer.text[:300]
    return answer.text


def hands_written(app: FastAPI, client: TestClient, game: str, body: str) -> tuple[str, set[int]]:
    """Clicks once; returns the page and the numbers of the hands the click wrote."""
    written: set[int] = set()

    def watch(_conn: Any, _cursor: Any, statement: str, parameters: Any, *_: Any) -> None:
        if isinstance(parameters, dict) and "added" in parameters:  # PostgreSQL: one statement
            written.add(parameters["hand"])
            written.update(hand["number"] for hand in parameters["added"].obj)
        elif "game_hands" in statement and not statement.lstrip().upper().startswith("SELECT"):
            rows = parameters if isinstance(parameters, list) else [parameters]
            written.update(int(row[-1] if "UPDATE" in statement else row[1]) for row in rows)

    event.listen(app.state.engine, "before_cursor_execute", watch)
    try:
        return click(client, game, body), written
    finally:
        event.remove(app.state.engine, "before_cursor_execute", watch)


def stored_log(app: FastAPI, game: str) -> list[list[dict[str, Any]]]:
    with app.state.sessions() as session:
        query = select(GameHand).where(GameHand.game_id == game).order_by(GameHand.number)
        return [hand.actions for hand in session.scalars(query)]


def test_a_click_writes_only_the_hand_in_progress(app: FastAPI, client: TestClient) -> None:
    game = start_game(client, "store-1")
    body = client.get(game).text
    while not hand_is_over(body):
        body, written = hands_written(app, client, game, body)
        assert written == {0}
    answer = client.post(f"{game}/next", data={"version": page_version(body)}, headers=HTMX)
    assert answer.status_code == 200
    body = answer.text
    body, written = hands_written(app, client, game, body)
    assert written == {1}, "the second hand's clicks leave the first alone"
    log = stored_log(app, game_id(game))
    assert len(log) == 2
    assert sum(entry["act"] == "play" for entry in log[0]) == 48


def test_a_step_committed_between_row_and_hands_is_seen_whole(
    app: FastAPI, client: TestClient
) -> None:
    """A request reads the game's row, another commits a step, then the first rebuilds the
    table: it gets the game as it now is, row and hands alike, never the row's old version
    with the newer hands (which would apply its click to a position it never saw)."""
    game = start_game(client, "store-2")
    body = client.get(game).text
    cache = TableCache(app.state.tables.roster)
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        assert row is not None
        before = row.version
        click(client, game, body)
        table = cache.take(row)
        assert row.version > before
        assert table.version == row.version


def statements_of(app: FastAPI, act: Callable[[], Any]) -> list[str]:
    """Does `act`; returns the statements it sent to the database, in order."""
    sent: list[str] = []

    def watch(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        sent.append(" ".join(statement.split()).upper())

    event.listen(app.state.engine, "before_cursor_execute", watch)
    try:
        act()
    finally:
        event.remove(app.state.engine, "before_cursor_execute", watch)
    return sent


def game_reads(app: FastAPI, act: Callable[[], str]) -> tuple[str, int]:
    """Does `act`; returns its page and how many statements read the `games` table."""
    pages: list[str] = []
    sent = statements_of(app, lambda: pages.append(act()))
    return pages[0], sum(sql.startswith("SELECT") and "FROM GAMES" in sql for sql in sent)


def test_a_click_on_the_table_this_server_showed_reads_no_game_row(
    app: FastAPI, client: TestClient
) -> None:
    """The row is kept with the table; the UPDATE's version check stands in for reading it.
    The game still moves on, and the stored log is the one the page shows."""
    game = start_game(client, "store-3")
    body = client.get(game).text
    for _ in range(5):
        before = page_version(body)
        body, reads = game_reads(app, lambda body=body: click(client, game, body))
        assert reads == 0
        assert page_version(body) > before
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        assert row is not None and row.version == page_version(body)


def test_a_click_on_a_table_another_server_moved_on_is_stale(
    app: FastAPI, client: TestClient, settings: Settings
) -> None:
    """Two servers on one database, the player's cookie on both. When the second stores a
    step, the first still keeps the earlier table: a click made on that table is refused as
    made on an earlier moment, nothing of it is stored, and the answer shows the game as it
    now is; the next click goes through."""
    game = start_game(client, "store-4")
    body = client.get(game).text
    second = create_app(settings)
    try:
        with TestClient(second, cookies=client.cookies) as elsewhere:
            moved = click(elsewhere, game, elsewhere.get(game, headers=HTMX).text)
        log = stored_log(app, game_id(game))
        data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
        stale = client.post(f"{game}/actions", data=data, headers=HTMX)
        assert stale.status_code == 409
        assert page_version(stale.text) == page_version(moved)
        assert stored_log(app, game_id(game)) == log
        assert page_version(click(client, game, stale.text)) > page_version(moved)
    finally:
        second.state.engine.dispose()


def test_a_kept_table_answers_only_its_owner(
    app: FastAPI, client: TestClient, other: TestClient
) -> None:
    game = start_game(client, "store-5")
    body = client.get(game).text
    other.get("/")
    data = {"version": str(page_version(body)), "action": default_choice(data_actions(body))}
    log = stored_log(app, game_id(game))
    assert other.post(f"{game}/actions", data=data, headers=HTMX).status_code == 404
    assert stored_log(app, game_id(game)) == log
    click(client, game, body)


@pytest.mark.parametrize("settings", ["postgresql"], indirect=True)
def test_a_click_on_postgresql_is_one_statement_outside_a_transaction(
    app: FastAPI, client: TestClient
) -> None:
    """BEGIN and COMMIT were two of a click's round trips to PostgreSQL: the step is one
    statement, atomic on its own. (SQLite, in process, keeps a transaction.)"""
    game = start_game(client, "store-6")
    body = client.get(game).text
    seen: list[tuple[str, bool]] = []

    def watch(conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append((statement, conn.connection.driver_connection.autocommit))

    event.listen(app.state.engine, "before_cursor_execute", watch)
    try:
        after = click(client, game, body)
    finally:
        event.remove(app.state.engine, "before_cursor_execute", watch)
    assert len(seen) == 1
    statement, autocommit = seen[0]
    assert statement.startswith("WITH stored_game") and autocommit
    pooled = [app.state.engine.raw_connection() for _ in range(app.state.engine.pool.size())]
    try:
        assert not any(each.driver_connection.autocommit for each in pooled), "reset on return"
    finally:
        for each in pooled:
            each.close()
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        assert row is not None and row.version == page_version(after)


def test_a_newcomers_first_game_reads_nothing_before_it_is_stored(
    app: FastAPI, client: TestClient
) -> None:
    """A visitor without a cookie gets a new player: there is no row to look for first. The
    table made for the game is kept, so the page the start leads to rebuilds nothing."""
    answers: list[Response] = []
    started = statements_of(
        app, lambda: answers.append(client.post("/games", follow_redirects=False))
    )
    assert not [sql for sql in started if sql.startswith("SELECT")]
    assert any(sql.startswith("INSERT INTO PLAYERS") for sql in started)
    shown = statements_of(app, lambda: answers.append(client.get(answers[0].headers["location"])))
    assert not [sql for sql in shown if "FROM GAME_HANDS" in sql]
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(answers[0].headers["location"]))
        assert row is not None and row.version == page_version(answers[1].text)


@pytest.mark.parametrize("settings", ["postgresql"], indirect=True)
def test_a_counted_click_on_postgresql_is_still_one_statement(settings: Settings) -> None:
    """With the rate limits on, the click's count rides in the statement that stores its
    step (counting it on its own was another round trip), and is counted once per key."""
    application = create_app(replace(settings, limits=Limits()))
    seen: list[str] = []

    def watch(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        seen.append(statement)

    try:
        with TestClient(application) as client:
            game = start_game(client, "store-7")
            body = client.get(game).text
            event.listen(Engine, "before_cursor_execute", watch)
            try:
                after = click(client, game, body)
            finally:
                event.remove(Engine, "before_cursor_execute", watch)
        assert len(seen) == 1 and seen[0].startswith("WITH counted"), seen
        with application.state.sessions() as session:
            row = session.get(GameRow, game_id(game))
            assert row is not None and row.version == page_version(after)
            counts = session.execute(select(RateCount.key, RateCount.count)).all()
        actions = sorted(key.split(":")[1] for key, n in counts if key.startswith("action:"))
        assert actions == ["ip", "player"]
        assert {n for key, n in counts if key.startswith("action:")} == {1}
    finally:
        application.state.engine.dispose()
