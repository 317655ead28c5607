"""A request's session left in a transaction is closed (rolled back) by threads of its own,
never waiting for a request thread: in a burst of requests every request thread could be
waiting for a pooled connection that only such a close gives back. And it is closed when the
route raises, not when the garbage collector comes round."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from types import SimpleNamespace
from typing import get_args

import anyio
import pytest
from anyio.to_thread import current_default_thread_limiter
from sqlalchemy import text
from sqlalchemy.exc import OperationalError

from app.storage.db import make_engine, request_session, session_factory
from app.web.deps import SessionDep

CLOSE_SECONDS = 1.0
"""How long the close may take: waiting for no request thread, it is done long before."""


def test_a_session_is_closed_while_every_request_thread_is_taken(tmp_path: Path) -> None:
    engine = make_engine(f"sqlite:///{tmp_path / 'doko.sqlite3'}")
    factory = session_factory(engine)

    async def scenario() -> tuple[bool, bool]:
        limiter = current_default_thread_limiter()
        limiter.total_tokens = 1
        taken, released, closed = anyio.Event(), anyio.Event(), anyio.Event()

        async def every_request_thread_busy() -> None:
            async with limiter:
                taken.set()
                await released.wait()

        async with anyio.create_task_group() as tasks:
            tasks.start_soon(every_request_thread_busy)
            await taken.wait()
            sessions = request_session(factory)
            session = await sessions.__anext__()
            session.execute(text("SELECT 1"))
            assert session.in_transaction()

            async def close() -> None:
                await sessions.aclose()
                closed.set()

            tasks.start_soon(close)
            with anyio.move_on_after(CLOSE_SECONDS):
                await closed.wait()
            in_time = closed.is_set()
            released.set()  # a close waiting for a request thread ends now, so the test fails
        return in_time, session.in_transaction()

    with ThreadPoolExecutor(1) as thread:  # a loop of its own (the browser tests' runs here)
        in_time, still_open = thread.submit(anyio.run, scenario).result()
    assert in_time, f"the close waited for the request thread ({CLOSE_SECONDS} s)"
    assert not still_open
    assert engine.pool.checkedout() == 0  # type: ignore[attr-defined]


def test_a_route_that_raises_after_a_write_leaves_no_transaction_open(tmp_path: Path) -> None:
    """A refused start wrote (it forgets old networks first), then raised its refusal: the
    session stayed in its transaction until the garbage collector closed it, and meanwhile
    every other writer on SQLite waited for the lock, up to "database is locked" (a 503)."""
    engine = make_engine(f"sqlite:///{tmp_path / 'doko.sqlite3'}")
    factory = session_factory(engine)
    dependency = get_args(SessionDep)[1].dependency
    request = SimpleNamespace(app=SimpleNamespace(state=SimpleNamespace(sessions=factory)))

    async def scenario() -> bool:
        sessions = dependency(request)
        session = await sessions.__anext__()
        session.execute(text("CREATE TABLE written (n INTEGER)"))
        session.execute(text("INSERT INTO written VALUES (1)"))
        with pytest.raises(LookupError):
            await sessions.athrow(LookupError("the route's refusal"))
        return session.in_transaction()

    with ThreadPoolExecutor(1) as thread:
        still_open = thread.submit(anyio.run, scenario).result()
    assert not still_open
    assert engine.pool.checkedout() == 0  # type: ignore[attr-defined]


class LostConnection:
    """A session whose rollback meets a connection the database dropped (it restarted)."""

    def in_transaction(self) -> bool:
        return True

    def close(self) -> None:
        lost = OSError("server closed the connection unexpectedly")
        raise OperationalError("ROLLBACK", {}, lost, connection_invalidated=True)


def test_a_rollback_on_a_dropped_connection_is_no_error(caplog: pytest.LogCaptureFixture) -> None:
    """The database restarted while a page was answered: the rollback as its session closed
    failed after the answer had gone out, and was logged as an unexpected error of the
    request (a 500 that never was). The database rolled back with the connection."""

    async def scenario() -> None:
        sessions = request_session(lambda: LostConnection())  # type: ignore[arg-type,return-value]
        await sessions.__anext__()
        await sessions.aclose()

    with ThreadPoolExecutor(1) as thread:
        thread.submit(anyio.run, scenario).result()
    assert "connection was lost" in caplog.text
