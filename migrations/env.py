"""Alembic environment: the URL comes from the app's settings unless the caller set one."""

from alembic import context

from app.operations.settings import Settings
from app.storage import models  # noqa: F401  (registers the tables)
from app.storage.db import Base, make_engine

config = context.config
url = config.get_main_option("sqlalchemy.url") or Settings.from_env().database_url


def run_migrations_offline() -> None:
    context.configure(url=url, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


MIGRATION_LOCK = 0x446F6B6F
"""PostgreSQL advisory lock key ("Doko") held while migrating."""


def run_migrations_online() -> None:
    engine = make_engine(url)
    with engine.connect() as connection:
        context.configure(
            connection=connection, target_metadata=Base.metadata, render_as_batch=True
        )
        with context.begin_transaction():
            if connection.dialect.name == "postgresql":
                # Two hosts running `python -m app.operations.migrate` at once (each its serve
                # script) would both create the same tables and one fail on a duplicate: the second
                # waits here for the first's commit, then finds the database at head.
                connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK})")
            context.run_migrations()
    engine.dispose()


if context.is_offline_mode():
    run_migrations_offline()
else:
    run_migrations_online()
