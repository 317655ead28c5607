"""A statement in flight (`app.in_flight`): sent when the block starts, committed without
waiting for the block, answered when it ends; errors as SQLAlchemy's; the pool's connections
lent again as the pool lends them."""

from __future__ import annotations

import time
from collections.abc import Iterator
from typing import Any

import pytest
from sqlalchemy import JSON, Column, Engine, Integer, MetaData, Table, bindparam, select, text
from sqlalchemy.exc import IntegrityError, OperationalError

from app.db import make_engine
from app.in_flight import in_flight
from tests.postgres import throwaway_postgres

METADATA = MetaData()
SCRATCH = Table("scratch", METADATA, Column("id", Integer, primary_key=True), Column("doc", JSON))
STORE = (
    SCRATCH.insert()
    .values(id=bindparam("key"), doc=bindparam("doc", type_=JSON))
    .returning(SCRATCH.c.id, SCRATCH.c.doc)
)


@pytest.fixture(scope="module")
def engine() -> Iterator[Engine]:
    with throwaway_postgres() as server:
        engine = make_engine(server.url)
        METADATA.create_all(engine)
        yield engine
        engine.dispose()


def stored(engine: Engine, key: int) -> Any:
    """The row's document as another connection sees it (None before it is committed)."""
    with engine.connect() as connection:
        return connection.execute(select(SCRATCH.c.doc).where(SCRATCH.c.id == key)).scalar()


def lent_in_autocommit(engine: Engine) -> list[bool]:
    """Whether each of the pool's connections would be lent in autocommit."""
    pooled = [engine.raw_connection() for _ in range(engine.pool.size())]  # type: ignore[attr-defined]
    try:
        return [bool(each.driver_connection.autocommit) for each in pooled]  # type: ignore[union-attr]
    finally:
        for each in pooled:
            each.close()


def close_the_other_connections(engine: Engine) -> None:
    """As a restart does, from the server's side."""
    with engine.connect() as connection:
        connection.execute(
            text(
                "SELECT pg_terminate_backend(pid) FROM pg_stat_activity "
                "WHERE pid <> pg_backend_pid() AND datname = current_database() "
                "AND backend_type = 'client backend'"
            )
        )


def test_the_statement_is_committed_while_the_block_runs(engine: Engine) -> None:
    """Another connection sees the row before the block ends: the statement and its commit
    did not wait for the block. Its answer is there after the block, the JSON parameter as
    SQLAlchemy would have sent it."""
    doc = [{"act": "play", "card": "QC"}, {"act": "pass"}]
    with in_flight(engine, STORE, {"key": 1, "doc": doc}) as answer:
        waited_until = time.monotonic() + 10
        while stored(engine, 1) is None and time.monotonic() < waited_until:
            time.sleep(0.01)
        assert stored(engine, 1) == doc
        assert answer.row is None
    assert answer.row == (1, doc)
    assert not any(lent_in_autocommit(engine))


def test_the_statement_stands_when_the_block_fails(engine: Engine) -> None:
    with pytest.raises(ZeroDivisionError), in_flight(engine, STORE, {"key": 2, "doc": []}):
        _ = 1 / 0
    assert stored(engine, 2) == []
    assert not any(lent_in_autocommit(engine))


def test_a_refused_statement_raises_sqlalchemys_error_and_stores_nothing(engine: Engine) -> None:
    with in_flight(engine, STORE, {"key": 3, "doc": ["first"]}):
        pass
    with pytest.raises(IntegrityError), in_flight(engine, STORE, {"key": 3, "doc": [2]}) as answer:
        pass
    assert answer.row is None
    assert stored(engine, 3) == ["first"]
    assert not any(lent_in_autocommit(engine))


def test_a_connection_lost_in_flight_is_an_operational_error_and_not_lent_again(
    engine: Engine,
) -> None:
    """The database closing the connection (a restart) comes out as SQLAlchemy's
    `OperationalError`, which the app answers with a 503; the next statement gets a
    working connection."""
    with pytest.raises(OperationalError), in_flight(engine, STORE, {"key": 4, "doc": []}):
        close_the_other_connections(engine)
    with in_flight(engine, STORE, {"key": 5, "doc": ["after"]}) as answer:
        pass
    assert answer.row == (5, ["after"])
