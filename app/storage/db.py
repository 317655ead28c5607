"""Database engine and sessions. The request owns the transaction: data functions in
`app.table.store` never commit, the route does."""

from __future__ import annotations

import asyncio
import logging
import select
import time
from collections.abc import AsyncGenerator, Callable
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from anyio import CancelScope
from sqlalchemy import Engine, MetaData, create_engine, event, make_url
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import DBAPIError, DisconnectionError
from sqlalchemy.orm import DeclarativeBase, Session, sessionmaker
from sqlalchemy.pool import QueuePool

log = logging.getLogger("doko")

NAMING = {
    "ix": "ix_%(column_0_label)s",
    "uq": "uq_%(table_name)s_%(column_0_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING)


IN_UTC = "-c timezone=UTC"
"""A PostgreSQL session's zone: times come back in it, and the pages write every time as
UTC. The server's own default is the zone of the machine it was set up on."""


def sqlite_file(url: str) -> Path | None:
    """The file a SQLite URL names; None for another database, or SQLite in memory."""
    address = make_url(url)
    if address.get_backend_name() != "sqlite" or address.database in (None, "", ":memory:"):
        return None
    return Path(address.database)


REQUEST_LOCK_WAIT = "-c lock_timeout=5s"
"""How long a request's statement on PostgreSQL waits for a row another transaction holds,
then fails (answered 503, nothing stored): as long as SQLite waits for its file (the
driver's 5 s). Without it a click would wait for a session an operator left open on a
game's row for as long as it stays open, holding a worker thread and a pooled connection.
An operator's own `lock_timeout` in the URL's `options` wins."""


def make_engine(url: str, for_requests: bool = False) -> Engine:
    """The database's engine. `for_requests`: the server's, whose statements wait for a lock
    at most `REQUEST_LOCK_WAIT` (a migration waits for another host's as long as it takes)."""
    path = sqlite_file(url)
    if path is not None:
        path.parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(url, connect_args={"check_same_thread": False})
        event.listen(engine, "connect", _sqlite_pragmas)
        event.listen(engine, "connect", _remember_file(path))
        return engine
    defaults = (REQUEST_LOCK_WAIT,) if for_requests else ()
    engine = create_engine(url, connect_args=_options(url, IN_UTC, defaults=defaults))
    _check_before_use(engine)
    return engine


def make_counter_engine(url: str, engine: Engine) -> Engine:
    """The engine for counts that may be lost in a crash (the rate limits). On PostgreSQL its
    connections commit without waiting for the write-ahead log to reach the disk
    (`synchronous_commit=off`): that wait is most of a small commit's time, and each click
    makes one. Games keep the durable `engine`. SQLite (WAL, synchronous=NORMAL) already
    commits without a sync, so it shares `engine`."""
    if engine.dialect.name != "postgresql":
        return engine
    options = _options(url, "-c synchronous_commit=off", IN_UTC, defaults=(REQUEST_LOCK_WAIT,))
    counter = create_engine(url, connect_args=options)
    _check_before_use(counter)
    return counter


def _options(url: str, *ours: str, defaults: tuple[str, ...] = ()) -> dict[str, str]:
    """A PostgreSQL connection's `options`: our `defaults`, the URL's own (an operator's
    `statement_timeout`, say), which `connect_args` would replace, then ours, which stand
    whatever the URL says (of a setting given twice, the last counts)."""
    own = make_url(url).query.get("options", ())
    given = (own,) if isinstance(own, str) else own
    return {"options": " ".join((*defaults, *given, *ours))}


IDLE_PING_S = 1.0
"""A pooled connection unused for longer than this is pinged before a request gets it."""


def _check_before_use(engine: Engine) -> None:
    """Makes sure a pooled connection is alive before a request gets it, without a round
    trip for the connections in steady use. SQLAlchemy's `pool_pre_ping` pings on every
    checkout, which cost a click about 1 ms on PostgreSQL. Here a connection is given up
    when the server has closed it (a restart, an administrator), which shows locally, and
    pinged when it has been idle for a while (a server gone without a word). One that breaks
    while busy fails its request with a 503 (`app.web.errors`), and the pool then drops all
    its connections."""

    def returned(_dbapi: Any, record: Any, *_: Any) -> None:
        record.info["returned"] = time.monotonic()

    def check(dbapi: Any, record: Any, _proxy: Any) -> None:
        if _closed_by_server(dbapi):
            raise DisconnectionError("the database closed a pooled connection")
        if time.monotonic() - record.info.get("returned", 0.0) < IDLE_PING_S:
            return
        try:
            engine.dialect.do_ping(dbapi)
        except Exception as error:
            raise DisconnectionError("a pooled connection did not answer its ping") from error

    event.listen(engine, "connect", returned)
    event.listen(engine, "checkin", returned)
    event.listen(engine, "checkout", check)


def _closed_by_server(dbapi: Any) -> bool:
    """Between transactions the server has nothing to send but its goodbye (the message it
    sends as it ends the session, then the end of the stream): so an idle connection whose
    socket can be read from is one the server has closed. A local check, no round trip
    (`poll`, not `select`, which fails on descriptors past 1024 in a busy process)."""
    try:
        poller = select.poll()
        poller.register(dbapi.fileno(), select.POLLIN)
        return bool(poller.poll(0))
    except Exception:
        return True


def _sqlite_pragmas(connection: object, _record: object) -> None:
    """WAL lets readers go on while a move is written; foreign keys are off by default."""
    cursor = connection.cursor()  # type: ignore[attr-defined]
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


FileIdentity = tuple[int, int] | None
"""A file's device and inode; None when nothing is at the path."""


def _file_identity(path: Path) -> FileIdentity:
    try:
        found = path.stat()
    except OSError:
        return None
    return found.st_dev, found.st_ino


def _remember_file(path: Path) -> Callable[[object, Any], None]:
    """Notes, on each new SQLite connection, which file it opened (`database_file_in_place`)."""

    def remember(_dbapi: object, record: Any) -> None:
        record.info["file"] = (path, _file_identity(path))

    return remember


def database_file_in_place(session: Session) -> bool:
    """Whether the SQLite file the session's connection opened is still the one at the
    database's path (always True on other databases). A database file deleted or replaced
    while the server runs goes unnoticed otherwise: open connections go on reading and
    writing the deleted file, which is lost when the last of them closes, while new ones
    open whatever is at the path now."""
    opened = session.connection().connection.info.get("file")
    if opened is None:
        return True
    path, identity = opened
    return identity is not None and identity == _file_identity(path)


def insert_unless_present(session: Session, model: type[Base], values: dict[str, Any]) -> bool:
    """Inserts a row unless one with the same key exists, in one statement: two requests that
    race to create the same row (a player, a day's par) both succeed and one row is stored.
    A check-then-insert would let both see nothing and the second fail on the key. True when
    this call stored the row: the count of rows is asked for (`preserve_rowcount`), as
    SQLAlchemy gives none for an INSERT on PostgreSQL otherwise (-1: no claim of a review,
    par or fair-play check was ever taken by its first request there, only when taken for
    abandoned, minutes later)."""
    dialect = session.get_bind().dialect.name
    insert = postgresql.insert if dialect == "postgresql" else sqlite.insert
    statement = insert(model).values(**values).on_conflict_do_nothing()
    result = session.execute(statement.execution_options(preserve_rowcount=True))
    return bool(getattr(result, "rowcount", 0) == 1)


def has_idle_connection(session: Session) -> bool:
    """Whether the session can take a pooled connection without waiting: one is idle. The
    event loop must not wait for the pool. A new connection takes milliseconds to open, and
    when every connection is out, those it would wait for are handed back only as the loop
    closes the sessions of requests that are done: it would wait for itself until the
    pool's timeout."""
    pool = getattr(session.get_bind(), "pool", None)
    return isinstance(pool, QueuePool) and pool.checkedin() > 0


def at_rest(session: Session) -> None:
    """Ends the session's transaction before a wait (a search bot thinking, a hint worked
    out), so that the wait holds no pooled connection. Requests that held theirs through
    their bots' search took every pooled connection at 30 strong starts at once, and other
    players' pages answered 503 after the pool's timeout. It commits: call it before the
    request writes anything, so that what is stored together is written after it. What the
    session read stays as read (`expire_on_commit=False`)."""
    assert not (session.new or session.dirty or session.deleted), "a write before the wait"
    session.commit()


def session_factory(engine: Engine) -> sessionmaker[Session]:
    return sessionmaker(engine, expire_on_commit=False)


SESSION_CLOSERS = ThreadPoolExecutor(max_workers=4, thread_name_prefix="session-close")
"""Threads that only close sessions a request left in a transaction, not the request
threads: when every request thread waits for a pooled connection (a burst of requests), the
connections they wait for are given back by these closes, which would otherwise wait for a
request thread themselves until the pool's timeout (seen with 120 clients at once: every
page answered 503 after 30 s)."""


async def request_session(factory: sessionmaker[Session]) -> AsyncGenerator[Session, None]:
    """One session per request. Routes that change state commit before they answer (so an
    accepted action is stored before the player sees it); anything uncommitted is rolled
    back when the session closes. A session touches the database only once used, so it is
    made on the event loop rather than in a worker thread (each hop to one cost a click
    ~0.2 ms of CPU); closing it is as cheap unless a transaction is still open, whose
    rollback talks to the database: that is done in a thread of its own, even when the
    request was cancelled, so no connection is left checked out (`SESSION_CLOSERS`). A
    rollback on a connection the database dropped (it restarted) has nothing to undo: the
    database rolled back with the connection, which the pool has thrown away, and the answer
    (often sent already) stands."""
    session = factory()
    try:
        yield session
    finally:
        try:
            if session.in_transaction():
                with CancelScope(shield=True):
                    await asyncio.wrap_future(SESSION_CLOSERS.submit(session.close))
            else:
                session.close()
        except DBAPIError as error:
            if not error.connection_invalidated:
                raise
            log.warning("the database connection was lost as a request's session closed")
