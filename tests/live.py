"""A live server for tests that need a real process: browsers, restarts, threads hitting it at
once. It is started the way the serve script starts it (`python -m app.operations.serve`), on a free
loopback port, with its own database, secret and settings from the environment."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

import httpx
import pytest

ROOT = Path(__file__).resolve().parents[1]
SECRET = "browser-test-secret"
STARTUP_SECONDS = 20.0


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def migrate(database_url: str) -> None:
    """Migrates the way the README's run command does, in a separate process."""
    subprocess.run(
        [sys.executable, "-m", "app.operations.migrate", database_url],
        cwd=ROOT,
        check=True,
        capture_output=True,
    )


@dataclass
class LiveServer:
    """One server process started as the serve script does (`python -m app.operations.serve`);
    `start` and `stop` may be repeated on the same database, secret and port (the restart test
    does)."""

    database_url: str
    log_path: Path
    port: int = field(default_factory=free_port)
    secret: str | None = SECRET
    """None: the server keeps its secret in the database, as without DOKO_SECRET_KEY."""
    env: dict[str, str] = field(default_factory=dict)
    """More settings for the server (`DOKO_RATE_LIMITS`, `DOKO_TRUSTED_PROXIES`, …)."""
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        env = {
            **{name: value for name, value in os.environ.items() if name != "DOKO_SECRET_KEY"},
            **({"DOKO_SECRET_KEY": self.secret} if self.secret else {}),
            "DOKO_DATABASE_URL": self.database_url,
            "DOKO_BOT_DELAY_MS": "0",
            **self.env,
        }
        command = [sys.executable, "-m", "app.operations.serve", "--port", str(self.port)]
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT
            )
        self._wait_until_answering()

    def _wait_until_answering(self) -> None:
        assert self.process is not None
        deadline = time.monotonic() + STARTUP_SECONDS
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                pytest.fail(f"the server exited at start-up:\n{self.log()}")
            try:
                if httpx.get(self.url + "/", timeout=1.0).status_code == 200:
                    return
            except httpx.TransportError:
                time.sleep(0.05)
        self.stop()
        pytest.fail(f"the server did not answer within {STARTUP_SECONDS} s:\n{self.log()}")

    def stop(self) -> None:
        if self.process is None:
            return
        self.process.terminate()
        try:
            self.process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-4000:]
