"""Alembic environment: the URL comes from the app's settings unless the caller set one."""

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager

from alembic import context
from sqlalchemy import Connection

from app.operations.settings import Settings
from app.storage import models  # noqa: F401  (registers the tables)
from app.storage.db import Base, make_engine, sqlite_file

config = context.config
url = config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url


def run_migrations_offline() -> None:
    context.configure(url=url, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK = 0x446F6B6F
"""PostgreSQL advisory lock key ("Doko") held while migrating."""


@contextmanager
def migrating_alone(connection: Connection) -> Iterator[None]:
    """Two `python -m app.operations.migrate` at once (two hosts' serve scripts, or two on one
    host) would both create the same tables and one fail on a duplicate: the second waits
    here for the first to finish, then finds the database at head. PostgreSQL holds an
    advisory lock to the transaction's end; a SQLite file, a lock on a file beside it (its
    DDL is not transactional)."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
        yield
        return
    database = sqlite_file(url)
    if database is None:
        yield
        return
    with open(f"{database}.migrating", "w") as held:
        fcntl.flock(held, fcntl.LOCK_EX)
        yield


def run_migrations_online() -> None:
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection, target_metadata=Base.metadata, render_as_batch=True
        )
        with context.begin_transaction(), migrating_alone(connection):
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
