"""Migrated SQLite databases for tests, made by copying: the first call in a process runs the
Alembic upgrade once into a template file, and every database after it is a copy (a
millisecond, where an upgrade took a tenth of a second and more under load, and the
`python -m app.operations.migrate` process the live servers ran took seconds). The migrations
themselves still run from nothing in `tests/web/test_migrations.py`, and the PostgreSQL
tests migrate their own databases."""

from __future__ import annotations

import atexit
import shutil
import sqlite3
import subprocess
import sys
import tempfile
from functools import cache
from pathlib import Path


@cache
def _template() -> Path:
    """One SQLite file at the latest migration for this process (each xdist worker makes its
    own), checkpointed so that the file alone holds it all (the app runs SQLite in WAL
    mode), and removed when the process ends."""
    from app.operations.migrate import upgrade  # here: the engine's tests never import the app

    folder = Path(tempfile.mkdtemp(prefix="doko-template-"))
    atexit.register(shutil.rmtree, folder, ignore_errors=True)
    path = folder / "doko.sqlite3"
    upgrade(f"sqlite:///{path}")
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return path


def migrated_sqlite(path: Path) -> str:
    """The URL of a SQLite database at `path` at the latest migration: a copy of the template
    when no file is there yet; a file already there is kept as it is (apps made on the same
    file share it, as a restarted server does), as an upgrade at the latest migration would."""
    if not path.exists():
        shutil.copyfile(_template(), path)
    return f"sqlite:///{path}"


def migrated_at_once(url: str, runs: int = 4) -> list[str]:
    """`python -m app.operations.migrate url` started `runs` times at once, as several serve
    scripts may; the error output of each run that failed."""
    root = Path(__file__).resolve().parents[1]
    started = [
        subprocess.Popen(
            [sys.executable, "-m", "app.operations.migrate", url],
            cwd=root,
            stderr=subprocess.PIPE,
            text=True,
        )
        for _ in range(runs)
    ]
    failed = []
    for run in started:
        _, error = run.communicate(timeout=120)
        if run.returncode:
            failed.append(error or f"exit code {run.returncode}")
    return failed
