"""What the app sends to its databases, watched at the drivers: SQLite's statements through
SQLAlchemy's events, psycopg's at its cursor, which also sees the statements the app sends
past SQLAlchemy (`app.in_flight`)."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import psycopg
import pytest
from sqlalchemy import Connection, Engine, event


@dataclass(frozen=True)
class Sent:
    statement: str
    parameters: Any
    on_loop: bool
    """Sent from the thread running the event loop (else from a worker thread)."""
    autocommit: bool
    """Sent outside a transaction: always False on SQLite, whose driver keeps one."""

    @property
    def verb(self) -> str:
        return self.statement.split()[0].upper()


def _on_loop() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True


@contextmanager
def statements_sent() -> Iterator[list[Sent]]:
    """Collects each statement sent while the block runs, in order."""
    sent: list[Sent] = []

    def watch_sqlite(
        conn: Connection, _cursor: Any, statement: str, parameters: Any, *_: Any
    ) -> None:
        if conn.dialect.name == "sqlite":
            sent.append(Sent(statement, parameters, _on_loop(), autocommit=False))

    execute = psycopg.Cursor.execute

    def watch_psycopg(
        cursor: psycopg.Cursor[Any], query: Any, params: Any = None, **kwargs: Any
    ) -> Any:
        sent.append(Sent(str(query), params, _on_loop(), cursor.connection.autocommit))
        return execute(cursor, query, params, **kwargs)

    event.listen(Engine, "before_cursor_execute", watch_sqlite)
    try:
        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(psycopg.Cursor, "execute", watch_psycopg)
            yield sent
    finally:
        event.remove(Engine, "before_cursor_execute", watch_sqlite)
