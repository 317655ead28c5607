"""The bots as the server runs them. A search bot thinks for tens of milliseconds per card;
in the server's own process that would hold the interpreter lock and make every other player
wait, so such bots decide in worker processes and the request only waits for the answer."""

from __future__ import annotations

import multiprocessing
import random
from collections.abc import Callable
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass
from threading import BoundedSemaphore, Lock
from typing import Any, TypeVar

from bots.protocol import Bot
from bots.registry import BOTS, bot_named
from bots.search.bot import SearchBot
from engine import Action, SeatView

T = TypeVar("T")
HEAVY_BOTS = frozenset(bot_id for bot_id, bot in BOTS.items() if isinstance(bot, SearchBot))
"""Bots whose decisions are worth sending to another process: the search bots."""


def _choose(bot_id: str, view: SeatView, rng: random.Random) -> Action:
    """Runs in a worker process: the bot is looked up there, so only ids, views and actions
    travel between processes."""
    return bot_named(bot_id).choose(view, rng)


@dataclass(frozen=True)
class PooledBot:
    """A bot that decides in a worker process; the same decision as in this process (the rng
    travels with its state)."""

    id: str
    pool: Executor

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        return self.pool.submit(_choose, self.id, view, rng).result()


class RosterClosed(RuntimeError):
    """The server is stopping: its worker processes are gone and no new ones are started."""


class BotRoster:
    """Bots by id; heavy ones go through a pool of `workers` processes, started on first
    need (0 workers: every bot decides in this process)."""

    def __init__(self, workers: int) -> None:
        self._workers = workers
        self._pool: ProcessPoolExecutor | None = None
        self._closed = False
        self._lock = Lock()
        self._background = BoundedSemaphore(max(1, workers // 2))

    def submit(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """Runs heavy work (a search, a review's evaluation) in the pool; without workers,
        here and now. `RosterClosed` once the server is stopping."""
        if self._workers:
            with self._lock:
                return self._open_pool().submit(work, *args)
        done: Future[T] = Future()
        try:
            done.set_result(work(*args))
        except Exception as error:
            done.set_exception(error)
        return done

    def submit_in_background(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """Heavy work that no player at the table waits for (a review's decisions) is given
        half the workers at most (at least one): however many reviews are being computed,
        the bots and hints of live play find the other workers free, or, with one worker,
        wait behind one piece of such work at most. Waits in the caller's thread for a
        free share."""
        self._background.acquire()
        try:
            future = self.submit(work, *args)
        except BaseException:
            self._background.release()
            raise
        future.add_done_callback(lambda _: self._background.release())
        return future

    def decides_quickly(self, bot_id: str) -> bool:
        """A search bot thinks for tens of milliseconds to a second per card, wherever it
        runs; the others decide in well under a millisecond."""
        return bot_id not in HEAVY_BOTS

    def bot(self, bot_id: str) -> Bot:
        bot = bot_named(bot_id)
        if self._workers and bot_id in HEAVY_BOTS:
            with self._lock:
                return PooledBot(bot_id, self._open_pool())
        return bot

    def _open_pool(self) -> ProcessPoolExecutor:
        """The worker processes, started on first need; the caller holds the lock. None are
        started once the roster is closed: a review still running in a thread of its own as
        the server stops would otherwise start a new pool, or submit to the one being shut
        down (a traceback in the log)."""
        if self._closed:
            raise RosterClosed("the server is stopping")
        if self._pool is None:
            # Spawned, not forked: the server process has threads.
            context = multiprocessing.get_context("spawn")
            self._pool = ProcessPoolExecutor(self._workers, mp_context=context)
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
