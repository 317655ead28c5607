"""Database engine and sessions. The request owns the transaction: data functions in
`app.store` never commit, the route does."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from sqlalchemy import Engine, MetaData, create_engine, event
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


def make_engine(url: str) -> Engine:
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def _sqlite_pragmas(connection: object, _record: object) -> None:
    """WAL lets readers go on while a move is written; foreign keys are off by default."""
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


def insert_unless_present(session: Session, model: type[Base], values: dict[str, Any]) -> bool:
    """Inserts a row unless one with the same key exists, in one statement: two requests that
    race to create the same row (a player, a day's par) both succeed and one row is stored.
    A check-then-insert would let both see nothing and the second fail on the key. True when
    this call stored the row."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    result = session.execute(insert(model).values(**values).on_conflict_do_nothing())
    return bool(getattr(result, "rowcount", 0) == 1)


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


def request_session(factory: sessionmaker[Session]) -> Iterator[Session]:
    """One session per request. Routes that change state commit before they answer (so an
    accepted action is stored before the player sees it); anything uncommitted is rolled
    back when the session closes."""
    with factory() as session:
        yield session
