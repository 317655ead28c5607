"""The threads that carry a piece of stored background work (a review, a fair-play check, a
par) from its claim to its row's end.

They are daemon threads, so a stuck one never keeps a stopping server alive. But a daemon
thread dies with the process: a server stopped cleanly while a review ran left its row
`pending`, and every server waited for `app.storage.claims.STALE_AFTER` (five minutes) before
claiming it again, so each rolling restart showed players "computing" for that long. Once
the workers are closed each carrier fails at its next step and stores `failed`, which the
next request claims at once; `join` gives them the moment that takes.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any


class BackgroundThreads:
    """The carriers running in this process."""

    def __init__(self) -> None:
        self._running: set[threading.Thread] = set()
        self._lock = threading.Lock()

    def start(self, target: Callable[..., None], *args: Any, name: str | None = None) -> None:
        thread = threading.Thread(target=self._carry, args=(target, *args), daemon=True, name=name)
        with self._lock:
            self._running.add(thread)
        try:
            thread.start()
        except BaseException:
            self._ended(thread)
            raise

    def join(self, timeout: float) -> None:
        """Waits until every carrier has ended, for `timeout` seconds in all at most."""
        deadline = time.monotonic() + timeout
        with self._lock:
            running = list(self._running)
        for thread in running:
            thread.join(max(0.0, deadline - time.monotonic()))

    def _carry(self, target: Callable[..., None], *args: Any) -> None:
        try:
            target(*args)
        finally:
            self._ended(threading.current_thread())

    def _ended(self, thread: threading.Thread) -> None:
        with self._lock:
            self._running.discard(thread)
