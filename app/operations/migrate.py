"""Brings a database to the latest migration (`python -m app.operations.migrate [URL]`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.runtime.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from app.operations.settings import SettingsError
from app.storage.db import make_engine

ROOT = Path(__file__).resolve().parents[2]


def alembic_config(url: str | None = None) -> Config:
    config = Config(str(ROOT / "alembic.ini"))
    if url:
        config.set_main_option("sqlalchemy.url", url)
    return config


def upgrade(url: str | None = None) -> None:
    command.upgrade(alembic_config(url), "head")


def behind(url: str) -> str | None:
    """The database's migration when it lacks one this code has ("none" for an empty
    database), else None. A database at a migration this code does not know is let through:
    it is ahead, as while servers are updated one by one."""
    script = ScriptDirectory.from_config(alembic_config(url))
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            current = set(MigrationContext.configure(connection).get_current_heads())
    finally:
        engine.dispose()
    known = {revision.revision for revision in script.walk_revisions()}
    if current == set(script.get_heads()) or not current <= known:
        return None
    return ", ".join(sorted(current)) or "none"


def head() -> str:
    return ", ".join(sorted(ScriptDirectory.from_config(alembic_config()).get_heads()))


def reason(error: Exception) -> str:
    """One line on why the database could not be reached or used: the driver's own first
    line (`connection refused`, `no such table`) rather than SQLAlchemy's whole story."""
    cause = error.orig if isinstance(error, DBAPIError) else error
    lines = str(cause).strip().splitlines()
    return lines[0] if lines else type(cause).__name__


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m app.operations.migrate", description=__doc__)
    parser.add_argument(
        "url", nargs="?", help="a SQLAlchemy URL (default: $DOKO_DATABASE_URL, else var/ SQLite)"
    )
    args = parser.parse_args(argv)
    try:
        upgrade(args.url)
    except (SQLAlchemyError, SettingsError, ImportError, OSError) as error:
        # A bad URL, a missing driver, a database that does not answer, a folder that cannot
        # be written: said in one line, for the operator running the command or serve.sh.
        print(f"python -m app.operations.migrate: error: {reason(error)}", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
