"""The app on PostgreSQL (by URL, through psycopg): migrations, a whole daily game, the board
and a restart, against a throwaway server started from Debian's postgresql binaries."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import create_engine, inspect

from app.factory import create_app
from app.migrate import upgrade
from app.settings import Settings
from tests.web.driver import HTMX, page_version, play_game


def _binaries() -> Path:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    if not found:
        pytest.fail("Debian's postgresql is needed: apt-get install postgresql")
    return Path(found[-1]).parent


def _as_postgres(command: list[str]) -> list[str]:
    """initdb refuses to run as root; Debian's package brings the `postgres` user."""
    return ["runuser", "-u", "postgres", "--", *command] if os.geteuid() == 0 else command


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    bin_dir = _binaries()
    # Not under pytest's private tmp folder: the postgres user must be able to reach it.
    root = Path(tempfile.mkdtemp(prefix="doko-postgres-"))
    data, sockets = root / "data", root / "sockets"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    port = _free_port()
    initdb = [str(bin_dir / "initdb"), "-D", str(data), "-A", "trust", "-U", "doko"]
    subprocess.run(_as_postgres(initdb), check=True, capture_output=True)
    options = f"-p {port} -k {sockets} -c listen_addresses=''"
    start = [str(bin_dir / "pg_ctl"), "-D", str(data), "-o", options, "-w", "start"]
    subprocess.run(_as_postgres([*start, "-l", str(root / "log")]), check=True, capture_output=True)
    try:
        yield f"postgresql+psycopg://doko@/postgres?host={sockets}&port={port}"
    finally:
        stop = [str(bin_dir / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]
        subprocess.run(_as_postgres(stop), check=False, capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


def test_migrations_create_every_table(postgres_url: str) -> None:
    upgrade(postgres_url)
    engine = create_engine(postgres_url)
    tables = set(inspect(engine).get_table_names())
    engine.dispose()
    assert {"players", "games", "daily_attempts", "daily_par", "alembic_version"} <= tables


def test_a_daily_game_is_played_ranked_and_resumed_after_a_restart(postgres_url: str) -> None:
    upgrade(postgres_url)
    settings = Settings(database_url=postgres_url, secret_key="pg", bot_delay_ms=0, limits=None)
    app = create_app(settings)
    with TestClient(app) as client:
        table = client.post("/daily/ddv")
        url = table.url.path
        version = page_version(table.text)
    app.state.engine.dispose()
    restarted = create_app(settings)
    with TestClient(restarted, cookies=client.cookies) as client:
        resumed = client.get(url, headers=HTMX)
        assert page_version(resumed.text) == version
        play_game(client, url)
        board = client.get("/leaderboard?rules=ddv")
    restarted.state.engine.dispose()
    assert 'class="own"' in board.text
    assert "bot par:" in board.text
