"""The server a web bench plays against: `python -m app.operations.serve` on a free loopback
port and a fresh migrated database, stopped whatever happens."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
HOST = "127.0.0.1"
SECRET = "bench-web-secret"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind((HOST, 0))
        return int(probe.getsockname()[1])


@contextmanager
def fresh_database(kind: str, folder: Path) -> Iterator[str]:
    """The URL of an empty database: an SQLite file, or a throwaway PostgreSQL server started
    from Debian's binaries (as the PostgreSQL tests do)."""
    if kind == "sqlite":
        yield f"sqlite:///{folder / 'doko.sqlite3'}"
        return
    from tests.postgres import throwaway_postgres

    with throwaway_postgres() as postgres:
        yield postgres.url


@contextmanager
def running_server(
    workers: int, database: str = "sqlite", rate_limits: bool = False
) -> Iterator[tuple[str, Path]]:
    """The game as `python -m app.operations.serve` runs it, on a fresh database; yields its base
    URL and log file, and stops it (terminate, then kill if it hangs) whatever happens. With
    `rate_limits` the limits are counted as in production, and the bench's loopback address
    is a trusted proxy: each player names its own address (`player_address`)."""
    with (
        tempfile.TemporaryDirectory(prefix="doko-bench-") as folder,
        fresh_database(database, Path(folder)) as url,
    ):
        subprocess.run([sys.executable, "-m", "app.operations.migrate", url], cwd=ROOT, check=True)
        port = free_port()
        env = {
            **os.environ,
            "DOKO_DATABASE_URL": url,
            "DOKO_SECRET_KEY": SECRET,
            "DOKO_BOT_DELAY_MS": "0",
        }
        env |= {"DOKO_TRUSTED_PROXIES": HOST} if rate_limits else {"DOKO_RATE_LIMITS": "off"}
        serve = [sys.executable, "-m", "app.operations.serve"]
        command = [*serve, "--host", HOST, "--port", str(port)]
        command += ["--workers", str(workers), "--quiet"]
        log = Path(folder) / "server.log"
        with log.open("wb") as sink:
            server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=sink, stderr=sink)
            try:
                base = f"http://{HOST}:{port}"
                wait_until_up(base, server, log)
                yield base, log
            finally:
                server.terminate()
                try:
                    server.wait(timeout=15)
                except subprocess.TimeoutExpired:
                    server.kill()
                    server.wait()


def wait_until_up(base: str, server: subprocess.Popen[bytes], log: Path) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if server.poll() is not None:
            raise SystemExit(f"the server exited early:\n{log.read_text()}")
        try:
            if httpx.get(f"{base}/how-to-play", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise SystemExit(f"the server did not answer within 30 s:\n{log.read_text()}")
