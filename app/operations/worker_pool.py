"""A pool of worker processes, started on first need, that takes no work once closed.

The server keeps two (`app.operations.bot_pool`): one for the strong bots at the tables and one
for the work no card at a table waits for. Each worker process holds its own copy of the bots (about
25 MB), so a pool is started only when something needs it.
"""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from multiprocessing.connection import wait
from multiprocessing.process import BaseProcess
from threading import Lock, Thread
from typing import Any, TypeVar

T = TypeVar("T")


class RosterClosed(RuntimeError):
    """The server is stopping: its worker processes are gone and no new ones are started."""


def start_worker(niceness: int) -> None:
    """Runs as a worker process starts. Its work gives way to the server process and to the
    other pool's workers when the cores are busy (a process may always lower its own
    priority). It ends when the server process ends, however that ends: a server killed
    outright never tells its workers, which would wait for work for ever (about 65 MB each,
    and a server restarted by a process manager after each crash adds more)."""
    os.nice(niceness)
    server = multiprocessing.parent_process()
    if server is not None:
        Thread(target=_end_with, args=(server,), name="server-watch", daemon=True).start()


def _end_with(server: BaseProcess) -> None:
    wait([server.sentinel])
    os._exit(1)


class WorkerPool:
    """`workers` processes (0: the work runs in the caller's thread, here and now), each
    `niceness` steps below the server's priority."""

    def __init__(self, workers: int, niceness: int = 0) -> None:
        self.workers = workers
        self._niceness = niceness
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._lock = Lock()

    @property
    def closed(self) -> bool:
        return self._closed

    def submit(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """`work(*args)` in a worker process; without workers, at once in this thread.
        `RosterClosed` once the server is stopping."""
        if self.workers:
            with self._lock:
                return self._open_pool().submit(work, *args)
        if self._closed:
            raise RosterClosed("the server is stopping")
        done: Future[T] = Future()
        try:
            done.set_result(work(*args))
        except Exception as error:
            done.set_exception(error)
        return done

    def _open_pool(self) -> ProcessPoolExecutor:
        """The worker processes, started on first need; the caller holds the lock. None are
        started once the pool is closed: work still running in a thread of its own as the
        server stops (a review) would otherwise start a new pool, or submit to the one being
        shut down (a traceback in the log)."""
        if self._closed:
            raise RosterClosed("the server is stopping")
        if self._pool is None:
            # Spawned, not forked: the server process has threads.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(
                self.workers,
                mp_context=context,
                initializer=start_worker,
                initargs=(self._niceness,),
            )
        return self._pool

    def open(self) -> None:
        """Takes work again after `close` (an app whose lifespan starts once more, as tests
        do)."""
        with self._lock:
            self._closed = False

    def close(self) -> None:
        with self._lock:
            self._closed = True
            if self._pool is not None:
                self._pool.shutdown(cancel_futures=True)
                self._pool = None
