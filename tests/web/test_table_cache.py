"""Requests that read one game at once (`app.table.table_cache.TableCache.lent`): each takes
the game's kept table in turn instead of replaying the game. An outside check sent the page
of a 100-hand game on eight connections: each request found the table lent to another and
replayed the game, and every other player's pages came about 20 times slower."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager

import pytest
from fastapi import FastAPI
from fastapi.testclient import TestClient

from app.operations.bot_pool import BotRoster
from app.storage.models import GameRow
from app.table import table_cache
from app.table.service import Table
from tests.web.driver import data_actions, default_choice, post_action, start_game
from tests.web.helpers.daily import game_id

WAIT = 10.0
"""Seconds a test waits for a thread before it fails."""


@pytest.fixture
def replays(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The games replayed from the database to rebuild a table, in order."""
    replayed: list[str] = []
    real = table_cache.read_table

    def counted(row: GameRow, roster: BotRoster) -> Table:
        replayed.append(row.id)
        return real(row, roster)

    monkeypatch.setattr(table_cache, "read_table", counted)
    return replayed


@pytest.fixture
def waiting(monkeypatch: pytest.MonkeyPatch) -> threading.Event:
    """Set when a reader starts waiting for a table another reader has lent."""
    started = threading.Event()

    class NotedEvent(threading.Event):
        def wait(self, timeout: float | None = None) -> bool:
            started.set()
            return super().wait(timeout)

    monkeypatch.setattr(table_cache, "Event", NotedEvent)
    return started


def read_table(app: FastAPI, game: str, reading: Callable[[Table], object]) -> None:
    """A request's read of the game's table: `reading` runs while the table is lent."""
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        with app.state.tables.lent(row) as table:
            reading(table)


@contextmanager
def lent_in_thread(app: FastAPI, game: str) -> Iterator[Callable[[], Table]]:
    """Another request's lend of the game's table, held until the block ends; yields a
    function returning that table."""
    holding, release = threading.Event(), threading.Event()
    tables: list[Table] = []

    def hold(table: Table) -> None:
        tables.append(table)
        holding.set()
        release.wait(WAIT)

    thread = threading.Thread(target=read_table, args=(app, game, hold))
    thread.start()
    assert holding.wait(WAIT)
    try:
        yield lambda: tables[0]
    finally:
        release.set()
        thread.join(WAIT)


def read_in_thread(app: FastAPI, game: str) -> tuple[threading.Thread, list[Table]]:
    tables: list[Table] = []
    thread = threading.Thread(target=read_table, args=(app, game, tables.append))
    thread.start()
    return thread, tables


def test_a_reader_waits_for_the_table_another_reader_has_lent(
    app: FastAPI,
    client: TestClient,
    replays: list[str],
    waiting: threading.Event,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(table_cache, "READER_WAIT_SECONDS", WAIT)
    game = start_game(client, "cache-1")
    with lent_in_thread(app, game) as first_table:
        reader, tables = read_in_thread(app, game)
        assert waiting.wait(WAIT), "the second reader waits"
    reader.join(WAIT)
    assert len(tables) == 1 and tables[0] is first_table(), "the same table, given back"
    assert replays == [], "nobody replayed the game"


def test_a_reader_kept_waiting_too_long_replays_the_game(
    app: FastAPI, client: TestClient, replays: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(table_cache, "READER_WAIT_SECONDS", 0.05)
    game = start_game(client, "cache-2")
    with lent_in_thread(app, game) as first_table:
        reader, tables = read_in_thread(app, game)
        reader.join(WAIT)
        assert len(tables) == 1 and tables[0] is not first_table()
    assert replays == [game_id(game)]


def test_a_reader_that_fails_drops_the_table_and_leaves_none_waiting(
    app: FastAPI, client: TestClient, replays: list[str], waiting: threading.Event
) -> None:
    game = start_game(client, "cache-3")
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        with pytest.raises(RuntimeError), app.state.tables.lent(row):
            raise RuntimeError("the page failed")
        with app.state.tables.lent(row) as table:
            assert table.version == row.version
    assert not waiting.is_set(), "the failed reader is known no more"
    assert replays == [game_id(game)], "the next reader rebuilt the table"


def test_a_reader_of_an_older_moment_keeps_no_table_over_a_newer_one(
    app: FastAPI, client: TestClient, replays: list[str]
) -> None:
    """A click stored while a page was being read keeps the newer table; the page's reader,
    giving back the older one, must not replace it (the next request would replay the
    game)."""
    game = start_game(client, "cache-4")
    body = client.get(game).text
    with lent_in_thread(app, game):
        clicked = post_action(client, game, body, default_choice(data_actions(body)))
        assert clicked.status_code == 200
    replayed = len(replays)
    with app.state.sessions() as session:
        row = session.get(GameRow, game_id(game))
        with app.state.tables.lent(row) as table:
            assert table.version == row.version
    assert len(replays) == replayed, "the click's table was kept, not the reader's"
