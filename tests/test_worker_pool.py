"""The worker processes of a pool end with the process that started them, however it ends:
a server killed outright (SIGKILL, the OOM killer) never shuts its pool down."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

SERVER = """
import os, sys
from app.operations.worker_pool import WorkerPool

pool = WorkerPool(1)
print(pool.submit(os.getpid).result(timeout=60), flush=True)
sys.stdin.read()
"""
"""Stands in for the server: starts a pool's worker, says its process id, then waits."""


def alive(pid: int) -> bool:
    """Whether `pid` is a process that has not ended (a zombie has ended: its parent, here
    PID 1 or this test, has only not yet collected it)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def test_a_worker_ends_when_its_server_is_killed() -> None:
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER],
        cwd=ROOT,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert server.stdout is not None
    worker = int(server.stdout.readline())
    assert alive(worker)
    os.kill(server.pid, signal.SIGKILL)
    server.wait(timeout=30)
    deadline = time.monotonic() + 20
    while alive(worker) and time.monotonic() < deadline:
        time.sleep(0.05)
    outlived = alive(worker)
    if outlived:
        os.kill(worker, signal.SIGKILL)
    assert not outlived, "the worker outlived the server that started it"
