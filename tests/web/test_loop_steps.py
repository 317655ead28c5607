"""Where a click is played. On PostgreSQL the common click (its table kept here, bots that
decide in a moment, no purge of the rate limits due) is played on the event loop, and its one
statement is sent from there; every other click goes to a worker thread, so that the loop
never waits on more of the database, nor on a search."""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable, Iterator
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient
from httpx import Response
from sqlalchemy import Engine, create_engine, event, select, text

import app.play.clicks as clicks
from app.operations.migrate import upgrade
from app.operations.ratelimit import WINDOW_SECONDS, Limits
from app.operations.settings import Settings
from app.storage.models import GameHand, GameRow
from app.table.store import RowHeld
from app.web.factory import create_app
from tests.postgres import Postgres, throwaway_postgres
from tests.web.driver import HTMX, data_actions, default_choice, page_version, start_game
from tests.web.helpers.daily import game_id
from tests.web.helpers.levels import choose

START = 1_000 * WINDOW_SECONDS
"""The limiter's clock at the start of a test: well inside a window."""


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    with throwaway_postgres() as server:
        yield server


def settings_on(url: str) -> Settings:
    upgrade(url)
    limits = Limits()
    return Settings(url, "test-secret", bot_delay_ms=0, limits=limits, search_workers=0)


@pytest.fixture
def settings(postgres: Postgres) -> Settings:
    return settings_on(postgres.new_database(f"loop_{secrets.token_hex(6)}"))


@pytest.fixture
def clock() -> list[float]:
    return [float(START)]


@pytest.fixture
def app(settings: Settings, clock: list[float]) -> Iterator[FastAPI]:
    application = create_app(settings)
    application.state.limiter.clock = lambda: clock[0]
    yield application
    application.state.engine.dispose()


def where_sent(act: Callable[[], Response]) -> tuple[Response, list[tuple[str, bool]]]:
    """Does `act`; returns its answer, and each statement it sent (its first word) with
    whether it was sent from the event loop."""
    sent: list[tuple[str, bool]] = []

    def watch(_conn: Any, _cursor: Any, statement: str, *_: Any) -> None:
        try:
            asyncio.get_running_loop()
        except RuntimeError:
            on_loop = False
        else:
            on_loop = True
        sent.append((statement.split()[0].upper(), on_loop))

    event.listen(Engine, "before_cursor_execute", watch)
    try:
        answer = act()
    finally:
        event.remove(Engine, "before_cursor_execute", watch)
    return answer, sent


def post_click(client: TestClient, game: str, body: str, action: str = "") -> Response:
    chosen = action or default_choice(data_actions(body))
    data = {"version": str(page_version(body)), "action": chosen}
    return client.post(f"{game}/actions", data=data, headers=HTMX)


def logged(app: FastAPI, game: str) -> list[Any]:
    """The game's actions as stored, hand by hand."""
    with app.state.sessions() as session:
        query = (
            select(GameHand.actions)
            .where(GameHand.game_id == game_id(game))
            .order_by(GameHand.number)
        )
        return list(session.scalars(query))


def stored_actions(app: FastAPI, game: str) -> int:
    return sum(len(actions) for actions in logged(app, game))


def started(client: TestClient, seed: str) -> tuple[str, str]:
    game = start_game(client, seed)
    return game, client.get(game, headers=HTMX).text


def test_a_common_click_is_stored_from_the_event_loop(app: FastAPI) -> None:
    with TestClient(app) as client:
        game, body = started(client, "loop-1")
        for _ in range(3):
            answer, sent = where_sent(partial(post_click, client, game, body))
            assert answer.status_code == 200
            assert sent == [("WITH", True)]
            body = answer.text
        with app.state.sessions() as session:
            row = session.get(GameRow, game_id(game))
            assert row is not None and row.version == page_version(body)


def test_a_click_that_purges_the_rate_limits_goes_to_a_worker_thread(
    app: FastAPI, clock: list[float]
) -> None:
    with TestClient(app) as client:
        game, body = started(client, "loop-2")
        clock[0] += WINDOW_SECONDS
        answer, sent = where_sent(lambda: post_click(client, game, body))
        assert answer.status_code == 200
        assert sent == [("DELETE", False), ("WITH", False)]
        _, sent = where_sent(lambda: post_click(client, game, answer.text))
        assert sent == [("WITH", True)]


def test_a_refused_click_is_answered_from_a_worker_thread(app: FastAPI) -> None:
    """The refusal is counted and answered from the row as stored: more of the database
    than the loop may wait on. Nothing is stored, and the next click is on the loop again."""
    with TestClient(app) as client:
        game, body = started(client, "loop-3")
        before = stored_actions(app, game)
        answer, sent = where_sent(lambda: post_click(client, game, body, "announce re"))
        assert answer.status_code == 422, "no announcing during the reservations"
        assert sent and not any(on_loop for _, on_loop in sent)
        assert stored_actions(app, game) == before
        _, sent = where_sent(lambda: post_click(client, game, body))
        assert sent == [("WITH", True)]


def test_a_click_on_a_table_not_kept_here_goes_to_a_worker_thread(
    app: FastAPI, settings: Settings
) -> None:
    """Another server process, sharing the database, has not kept the game's table: it
    reads and replays the game first."""
    with TestClient(app) as client:
        game, body = started(client, "loop-4")
        second = create_app(settings)
        try:
            with TestClient(second, cookies=client.cookies) as elsewhere:
                answer, sent = where_sent(lambda: post_click(elsewhere, game, body))
        finally:
            second.state.engine.dispose()
        assert answer.status_code == 200
        assert len(sent) > 1 and not any(on_loop for _, on_loop in sent)


def test_a_click_against_search_bots_goes_to_a_worker_thread(app: FastAPI) -> None:
    """A search bot thinks for tens of milliseconds or more per card: never on the loop,
    which every other player of the process waits on."""
    with TestClient(app) as client:
        game = choose(client, "strong")
        body = client.get(game, headers=HTMX).text
        answer, sent = where_sent(lambda: post_click(client, game, body))
        assert answer.status_code == 200
        assert sent == [("WITH", False)]


def test_a_click_when_no_pooled_connection_is_idle_goes_to_a_worker_thread(app: FastAPI) -> None:
    """The loop does not wait for the pool (`app.storage.db.has_idle_connection`): with every idle
    connection taken, the click goes to a worker thread, which may wait, and is stored."""
    with TestClient(app) as client:
        game, body = started(client, "loop-6")
        engine = app.state.engine
        taken = []
        try:
            while engine.pool.checkedin():
                taken.append(engine.raw_connection())
            answer, sent = where_sent(lambda: post_click(client, game, body))
        finally:
            for connection in taken:
                connection.close()
        assert answer.status_code == 200
        assert sent == [("WITH", False)]
        _, sent = where_sent(lambda: post_click(client, game, answer.text))
        assert sent == [("WITH", True)]


def test_a_click_on_sqlite_goes_to_a_worker_thread(tmp_path: Path) -> None:
    """SQLite stores a step in several statements, and a writer may have to wait for
    another's lock."""
    application = create_app(settings_on(f"sqlite:///{tmp_path / 'doko.sqlite3'}"))
    try:
        with TestClient(application) as client:
            game, body = started(client, "loop-5")
            answer, sent = where_sent(lambda: post_click(client, game, body))
        assert answer.status_code == 200
        assert len(sent) > 1 and not any(on_loop for _, on_loop in sent)
    finally:
        application.state.engine.dispose()


def test_a_click_that_met_a_held_row_is_stale_when_a_step_was_stored_meanwhile(
    app: FastAPI, settings: Settings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A click whose statement meets a held row on the loop is sent again from a worker
    thread. Should another process store a step in between, the click was made on an
    earlier moment: it is answered as stale and the other step stays stored (the retry must
    check the version the click was played on, not the row as stored by then)."""
    stored_meanwhile: list[list[Any]] = []
    with TestClient(app) as client:
        game, body = started(client, "loop-7")
        ours, theirs = data_actions(body)[:2]
        second = create_app(settings)
        sending = clicks.write_table

        def held_while_another_step_is_stored(*args: Any, **options: Any) -> None:
            if options.get("hurried") or args[4:5] == (True,):
                assert post_click(elsewhere, game, body, theirs).status_code == 200
                stored_meanwhile.append(logged(app, game))
                raise RowHeld(game_id(game))
            sending(*args, **options)

        try:
            with TestClient(second, cookies=client.cookies) as elsewhere:
                monkeypatch.setattr(clicks, "write_table", held_while_another_step_is_stored)
                answer = post_click(client, game, body, ours)
        finally:
            second.state.engine.dispose()
    assert ours != theirs
    assert answer.status_code == 409
    assert [logged(app, game)] == stored_meanwhile


def test_a_click_in_a_worker_thread_that_waits_too_long_for_a_row_is_a_503(
    postgres: Postgres,
) -> None:
    """Past the requests' lock wait (here the URL's own 200 ms) a step stored from a worker
    thread fails like any statement that waited too long: 503, nothing stored. Only a step
    sent from the loop is sent again."""
    url = postgres.new_database(f"loop_{secrets.token_hex(6)}")
    settings = replace(settings_on(url), database_url=f"{url}&options=-c%20lock_timeout%3D200")
    first, second = create_app(settings), create_app(settings)
    holder = create_engine(url)
    try:
        with TestClient(first) as client:
            game, body = started(client, "loop-8")
            before = logged(first, game)
            with (
                TestClient(second, cookies=client.cookies) as elsewhere,
                holder.connect() as holding,
            ):
                holding.execute(
                    text("SELECT id FROM games WHERE id = :id FOR UPDATE"), {"id": game_id(game)}
                )
                answer = post_click(elsewhere, game, body)
            assert answer.status_code == 503
            assert logged(first, game) == before
    finally:
        holder.dispose()
        for application in (first, second):
            application.state.engine.dispose()
