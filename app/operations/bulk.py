"""The order in which bulk work gets the background workers' share.

Bulk work comes in small pieces (a hand of a fair-play check, a decision of a review, a hand
of a par), and each piece waits for a free slot. When several wait, the most urgent kind goes
first, and within a kind the first to ask: so however many pars anybody asks for (a challenge
is free to make, and its par can be a hundred hands of search bots), a ranked game's check and
a review somebody opened wait for one piece at most, never behind the whole queue.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from enum import IntEnum


class Bulk(IntEnum):
    """Kinds of bulk work, the most urgent first."""

    CHECK = 0
    """A ranked daily game's fair-play check: its result stays off the day's board until it
    is done, and ranked games are few (a cap per address and day)."""
    REVIEW = 1
    """A review a player opened: they are looking at "being weighed"."""
    PAR = 2
    """A par: one figure on a board, and anybody can ask for one by making a challenge."""


class BulkGate:
    """`slots` pieces of bulk work at once; waiting pieces are let through by kind, then in
    the order they came."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._waiting: list[tuple[int, int]] = []
        self._tickets = itertools.count()
        self._changed = threading.Condition()

    def acquire(self, kind: Bulk) -> None:
        """Waits, in the caller's thread, until a slot is free and no more urgent or earlier
        piece waits for it."""
        with self._changed:
            ticket = (int(kind), next(self._tickets))
            heapq.heappush(self._waiting, ticket)
            while not (self._free and self._waiting[0] == ticket):
                self._changed.wait()
            heapq.heappop(self._waiting)
            self._free -= 1
            self._changed.notify_all()

    def release(self) -> None:
        with self._changed:
            self._free += 1
            self._changed.notify_all()
