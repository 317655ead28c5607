"""The bots as the server runs them. A search bot thinks for tens of milliseconds per card;
in the server's own process that would hold the interpreter lock and make every other player
wait, so such bots decide in worker processes and the request only waits for the answer.

The workers are two pools. The strong bots at the tables have `live` workers of their own:
a card at a table never waits behind a hint, a review, a fair-play check or a par, which
take the `background` workers. (One pool with priorities cannot promise that: with one
worker, the default, a bot's card would still wait for the search already running.) The
background workers run at a lower priority, so when the cores are busy the bots' searches
and the server come first; and there the bulk work (reviews, checks, pars) takes half of
them at most, so a hint waits behind one piece of it at most; among the bulk work the most
urgent kind goes first (`app.operations.bulk`). At both pools each address's work takes its
turn with the others' (`app.operations.turns`).
"""

from __future__ import annotations

import asyncio
import random
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

from app.operations.background_threads import BackgroundThreads
from app.operations.bulk import Bulk
from app.operations.settings import DEFAULT_BACKGROUND_WORKERS
from app.operations.think_times import ThinkTimes, think_key
from app.operations.timing import bots_thought
from app.operations.turns import TurnGate
from app.operations.worker_pool import RosterClosed, WorkerPool
from bots.protocol import Bot
from bots.registry import BOTS, bot_named
from bots.search.bot import SearchBot
from engine import Action, SeatView

__all__ = ["HEAVY_BOTS", "BotRoster", "Bulk", "RosterClosed", "TableSearch", "asked_by"]

T = TypeVar("T")
SEARCHING_CLICKS = 16
"""Clicks at search bots' tables that hold a worker thread at once, in a process (the others
wait on the event loop, holding none): the threads (anyio's 40) stay free for the rest of the
players' clicks. A found attack of 60 strong clicks at once from 16 addresses held them all,
and another player's click at a normal table went from 13 ms to 805 ms (median)."""
HEAVY_BOTS = frozenset(bot_id for bot_id, bot in BOTS.items() if isinstance(bot, SearchBot))
"""Bots whose decisions are worth sending to another process: the search bots."""
BACKGROUND_NICENESS = 10
"""How far below the server the background workers run (Linux `nice`): a share of a busy
core about a tenth of the live workers'."""
STORE_STOPPED_S = 5.0
"""How long a stopping server waits for its background work to store that it stopped: the
piece running in a worker ends first (a hand of a review or a check takes about a second)."""


_ASKER: ContextVar[str] = ContextVar("doko_asker", default="")
"""The address whose request the bots decide for (none outside a request, or without the
rate limits: then every decision has the same owner, and they go in the order they came)."""


@contextmanager
def asked_by(address: str) -> Iterator[None]:
    """The strong bots' decisions made within (in the request's worker thread too: a context
    variable) take their turns at the live workers as `address`'s."""
    token = _ASKER.set(address)
    try:
        yield
    finally:
        _ASKER.reset(token)


def decide(bot_id: str, view: SeatView, rng: random.Random) -> tuple[Action, float]:
    """Runs in a live worker process: the bot's decision and the seconds its search took
    there (without the wait for the worker). The bot is looked up there, so only ids, views
    and actions travel between processes."""
    began = time.perf_counter()
    action = bot_named(bot_id).choose(view, rng)
    return action, time.perf_counter() - began


@dataclass(frozen=True)
class TableSearch:
    """A search bot at a table: it decides in the live workers (the same decision as in this
    process: the rng travels with its state), reports its time to the request
    (`app.operations.timing`), and has every card it follows with paced to the time most
    searches there took (`app.operations.think_times`). A forced card goes to the workers like
    any other, so it also waits its turn there as one, and is reported as the search it is
    paced as: the address's charge for its bots' search (`app.web.pacing`) must not tell a
    forced card either."""

    id: str
    pool: WorkerPool
    times: ThinkTimes
    turns: TurnGate
    """The live workers' turns: each address's decisions in turn with the others'."""

    def choose(self, view: SeatView, rng: random.Random) -> Action:
        began = time.perf_counter()
        self.turns.acquire(owner=_ASKER.get())
        try:
            action, searched = self.pool.submit(decide, self.id, view, rng).result()
        finally:
            self.turns.release()
        spent = time.perf_counter() - began
        key = think_key(self.id, view)
        owed = 0.0
        if key is not None:
            paced = self.times.paced(key)
            owed = max(0.0, paced - searched)
            if len(view.legal) == 1:
                searched = paced
            else:
                self.times.add(key, searched)
        bots_thought(spent, owed, searched)
        return action


class BotRoster:
    """Bots by id, and the work of the search behind hints and reviews. `workers` live
    processes for the strong bots and `background_workers` for the rest, each pool started
    on first need (0: that work runs in the server process)."""

    def __init__(self, workers: int, background_workers: int = DEFAULT_BACKGROUND_WORKERS) -> None:
        self._live = WorkerPool(workers)
        self._live_turns = TurnGate(max(1, workers))
        self._background = WorkerPool(background_workers, BACKGROUND_NICENESS)
        self._bulk = TurnGate(max(1, background_workers // 2))
        self.think_times = ThinkTimes()
        self.background_workers = background_workers
        self.searching_clicks = asyncio.Semaphore(SEARCHING_CLICKS)
        self._carriers = BackgroundThreads()

    def submit_hint(self, work: Callable[..., T], *args: Any) -> Future[T]:
        """Work a player waits for away from the table (a hint), in the background workers:
        it waits behind other hints and one piece of bulk work at most (`app.learning.hints` limits
        how many hints wait)."""
        return self._background.submit(work, *args)

    def submit_in_background(
        self, kind: Bulk, work: Callable[..., T], *args: Any, owner: str = ""
    ) -> Future[T]:
        """Work nobody waits for at once (a review's decision, a hand of a fair-play check,
        a hand of a par) is given half the background workers at most (at least one): however
        much of it there is, hints find the other workers free, or, with one worker, wait
        behind one piece of it at most. Waits in the caller's thread for a free share, which
        goes to the most urgent `kind` waiting first, its `owner`s in turn."""
        self._bulk.acquire(kind, owner)
        try:
            future = self._background.submit(work, *args)
        except BaseException:
            self._bulk.release()
            raise
        future.add_done_callback(lambda _: self._bulk.release())
        return future

    def decides_quickly(self, bot_id: str) -> bool:
        """A search bot thinks for tens of milliseconds to a second per card, wherever it
        runs; the others decide in well under a millisecond."""
        return bot_id not in HEAVY_BOTS

    def bot(self, bot_id: str) -> Bot:
        if bot_id not in HEAVY_BOTS:
            return bot_named(bot_id)
        if self._live.closed:
            raise RosterClosed("the server is stopping")
        return TableSearch(bot_id, self._live, self.think_times, self._live_turns)

    def open(self) -> None:
        """Takes work again after `close` (an app whose lifespan starts once more, as tests
        do)."""
        self._live.open()
        self._background.open()

    def carry(self, work: Callable[..., None], *args: Any, name: str | None = None) -> None:
        """Runs `work(*args)`, a piece of stored background work from its claim to its row's
        end, in a thread of its own (named `name`) that `close` waits for."""
        self._carriers.start(work, *args, name=name)

    def close(self) -> None:
        """Takes no more work; the threads carrying stored work then fail at their next step
        and store it, for `STORE_STOPPED_S` at most, so that another server claims it again at
        once (`app.operations.background_threads`)."""
        self._live.close()
        self._background.close()
        self._carriers.join(STORE_STOPPED_S)
