"""Work let through in turns: by urgency, then each owner (the address that asked) in turn.

Two kinds of work wait for a worker process in small pieces. Bulk work (a hand of a
fair-play check, a decision of a review, a hand of a par) waits for the background workers'
share, the most urgent kind first (`app.operations.bulk.Bulk`): so however many pars anybody
asks for (a challenge is free to make, and its par can be a hundred hands of search bots), a
ranked game's check and a review somebody opened wait for one piece at most, never behind
the whole queue; and however many reviews one address opens at once (an outside check opened
20 from 20 new players, and another player's review took 72 s instead of 4), another
address's review gets every other piece. A strong bot's decision at a table waits for the
live workers the same way, its address's decisions in turn with the others': forty clicks
of one address sent at once put 120 searches ahead of another player's own strong click,
which waited 6 s. The challenges' pars, played one after the other, wait the same way
(`OwnersInTurn`): four hundred challenges of one address put no other challenge's par
behind all of theirs.
"""

from __future__ import annotations

import heapq
import itertools
import threading
from collections import deque
from typing import Generic, TypeVar

T = TypeVar("T")


class TurnGate:
    """`slots` pieces of work at once; waiting pieces are let through by kind (the lowest
    first), then by their owner's turn, then in the order they came.

    An owner's pieces of a kind take turns 0, 1, 2, … as they ask; an owner with nothing of
    that kind waiting starts at the kind's turn last let through, so that it neither waits
    behind another owner's backlog nor jumps ahead of pieces that waited before it."""

    def __init__(self, slots: int) -> None:
        self._free = slots
        self._waiting: list[tuple[int, int, int]] = []
        self._tickets = itertools.count()
        self._changed = threading.Condition()
        self._turns: dict[tuple[int, str], int] = {}
        """By kind and owner: the turn of its next piece, while that is ahead of the kind's
        clock."""
        self._clocks: dict[int, int] = {}
        """By kind: the turn of the last piece let through."""

    def acquire(self, kind: int = 0, owner: str = "") -> None:
        """Waits, in the caller's thread, until a slot is free and no more urgent piece, nor
        one of an earlier turn or the same turn asked earlier, waits for it."""
        with self._changed:
            clock = self._clocks.get(kind, 0)
            turn = max(self._turns.get((kind, owner), 0), clock)
            self._turns[kind, owner] = turn + 1
            ticket = (int(kind), turn, next(self._tickets))
            heapq.heappush(self._waiting, ticket)
            while not (self._free and self._waiting[0] == ticket):
                self._changed.wait()
            heapq.heappop(self._waiting)
            self._free -= 1
            self._clocks[kind] = clock = max(self._clocks.get(kind, 0), turn)
            self._turns = {
                key: ahead for key, ahead in self._turns.items() if key[0] != kind or ahead > clock
            }
            self._changed.notify_all()

    def release(self) -> None:
        with self._changed:
            self._free += 1
            self._changed.notify_all()


class OwnersInTurn(Generic[T]):
    """A queue that serves its owners in turn, each owner's items in the order they came:
    one owner's hundred items wait behind another owner's one only once. Not thread-safe
    (its user holds a lock)."""

    def __init__(self) -> None:
        self._items: dict[str, deque[T]] = {}
        self._turns: deque[str] = deque()

    def __bool__(self) -> bool:
        return bool(self._turns)

    def add(self, owner: str, item: T) -> None:
        if owner not in self._items:
            self._items[owner] = deque()
            self._turns.append(owner)
        self._items[owner].append(item)

    def take(self) -> T:
        """The next item: the first of the owner whose turn it is (who goes last again)."""
        owner = self._turns.popleft()
        items = self._items[owner]
        item = items.popleft()
        if items:
            self._turns.append(owner)
        else:
            del self._items[owner]
        return item

    def remove(self, item: T) -> None:
        for owner, items in self._items.items():
            if item in items:
                items.remove(item)
                if not items:
                    del self._items[owner]
                    self._turns.remove(owner)
                return

    def in_order(self) -> list[T]:
        """Every item, in the order `take` would give them."""
        copy: OwnersInTurn[T] = OwnersInTurn()
        copy._items = {owner: deque(items) for owner, items in self._items.items()}
        copy._turns = deque(self._turns)
        return [copy.take() for _ in range(sum(map(len, self._items.values())))]
