"""A throwaway PostgreSQL server from Debian's postgresql binaries, for the tests that need
the real thing: on a Unix socket in its own folder, stopped and removed at the end, and
restartable in between (the server-restart test)."""

from __future__ import annotations

import glob
import os
import shutil
import socket
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy import create_engine


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


@dataclass
class Postgres:
    bin_dir: Path
    root: Path
    port: int

    @property
    def data(self) -> Path:
        return self.root / "data"

    @property
    def sockets(self) -> Path:
        return self.root / "sockets"

    @property
    def url(self) -> str:
        return self.database_url("postgres")

    def database_url(self, name: str) -> str:
        return f"postgresql+psycopg://doko@/{name}?host={self.sockets}&port={self.port}"

    def new_database(self, name: str) -> str:
        """A fresh, empty database on this server (one per test that needs a clean slate);
        returns its URL."""
        engine = create_engine(self.url, isolation_level="AUTOCOMMIT")
        try:
            with engine.connect() as connection:
                connection.exec_driver_sql(f'CREATE DATABASE "{name}"')
        finally:
            engine.dispose()
        return self.database_url(name)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.sockets} -c listen_addresses=''"
        command = [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-o", options, "-w"]
        command += ["-l", str(self.root / "log"), "start"]
        subprocess.run(_as_postgres(command), check=True, capture_output=True)

    def stop(self, mode: str = "fast") -> None:
        command = [str(self.bin_dir / "pg_ctl"), "-D", str(self.data), "-m", mode, "-w", "stop"]
        subprocess.run(_as_postgres(command), check=False, capture_output=True)


@contextmanager
def throwaway_postgres() -> Iterator[Postgres]:
    # Not under pytest's private tmp folder: the postgres user must be able to reach it.
    server = Postgres(_binaries(), Path(tempfile.mkdtemp(prefix="doko-postgres-")), _free_port())
    server.sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(server.root, "postgres")
        shutil.chown(server.sockets, "postgres")
    initdb = [str(server.bin_dir / "initdb"), "-D", str(server.data), "-A", "trust", "-U", "doko"]
    subprocess.run(_as_postgres(initdb), check=True, capture_output=True)
    server.start()
    try:
        yield server
    finally:
        server.stop("immediate")
        shutil.rmtree(server.root, ignore_errors=True)
