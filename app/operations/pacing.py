"""Each address's share of the server's time: its requests wait while it has used more
than its share, so that no one client, whatever pages it asks for, slows the others.

The count limits (`app.operations.ratelimit`) bound how many requests of a kind an address
makes; they cannot say what the requests cost. An outside check asked for the table of a
100-hand game, the history of a player with 200 games and How to play as fast as the
answers came: within every count, each flood made the other players' pages 3 to 20 times
slower. A request is charged what it took of the app's own time, the `Server-Timing`
figure, and the search its strong bots did in the workers (not the time it waited for
them, nor a hint's search, which has slots of its own: so a slow click costs what it costs
everyone); an address may use `Limits.app_ms_per_ip` of it a minute,
with up to `BURST_SECONDS` at once after a quiet spell, like a bucket that fills at that
rate. The count is kept in each process's memory (no write per request), for at most
`ADDRESSES_KEPT` addresses, the least recently seen forgotten first.

A charge lands when its answer starts, so requests sent all at once pass before any is
charged: forty clicks against the strong bots from one address, sent together, held the
server's forty threads for 1.7 to 4.5 s, and another player's page waited 1.5 s for one. So
an address also has at most `AT_ONCE` requests served at once (`AtOnce`); the others wait for
a place on the event loop, holding no thread."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager

from app.operations.kept import Kept

BURST_SECONDS = 5.0
"""The app's time an address may use at once after a quiet spell: a few hundred pages."""
LONGEST_WAIT = 10.0
"""The longest a request waits for its address's share; beyond it the request is refused
(429), so that a flood's waiting requests stay few."""
MOST_OWED = 2 * LONGEST_WAIT
"""Seconds of waiting an address may owe at most, however much its requests took: a flood
from it is refused while it lasts, and its address (a family's, an office's) plays again
this long after it stops, not for an hour (an outside check was owed 1,189 s)."""
ADDRESSES_KEPT = 10_000
SITE_SHARES = 2
"""An IPv6 site's share of the server's time (its /48, `app.web.deps.site_of`), in
addresses' shares. A host given a /48 holds 65,536 /64s, each an address with a share of its
own: an outside check flooding from 64 of them made another player's pages 25 times slower
(median 5 ms to 132 ms). The players of one site at a human pace use a small part of it."""
AT_ONCE = 8
"""Requests of one address served at once: more than the six connections a browser opens to
a server, which load a page's files together."""


class Pacer:
    """The app's time each address may still use: at most `BURST_SECONDS`, growing by the
    share each second, less what its requests took."""

    def __init__(self, ms_per_minute: int, clock: Callable[[], float] = time.monotonic) -> None:
        self.per_second = ms_per_minute / 1000 / 60
        self.clock = clock
        self._left: Kept[str, tuple[float, float]] = Kept(ADDRESSES_KEPT)
        """By address: the seconds it may still use, and when that was worked out."""

    def wait(self, address: str) -> float:
        """Seconds the address's next request waits before it is served (0: at once)."""
        left = self._now_left(address)
        return 0.0 if left >= 0 else -left / self.per_second

    def charge(self, address: str, seconds: float) -> None:
        """The app's time a request of the address took."""
        left = max(self._now_left(address) - seconds, -MOST_OWED * self.per_second)
        self._left.put(address, (left, self.clock()))

    def _now_left(self, address: str) -> float:
        kept = self._left.get(address)
        if kept is None:
            return BURST_SECONDS
        left, at = kept
        return min(BURST_SECONDS, left + (self.clock() - at) * self.per_second)


class NoPlace(Exception):
    """The address's requests being served left this one no place in time."""


class AtOnce:
    """At most `AT_ONCE` requests of each address served at once, the others let in in the
    order they came; an address is kept only while it has requests being served or
    waiting."""

    def __init__(self) -> None:
        self._gates: dict[str, tuple[asyncio.Semaphore, int]] = {}
        """By address: its gate, and its requests holding or waiting for a place."""

    @asynccontextmanager
    async def place(self, address: str, timeout: float) -> AsyncIterator[None]:
        """Holds one of the address's places while the request is served; `NoPlace` after
        `timeout` seconds without one."""
        gate, users = self._gates.get(address, (asyncio.Semaphore(AT_ONCE), 0))
        self._gates[address] = (gate, users + 1)
        try:
            if gate.locked():
                try:
                    await asyncio.wait_for(gate.acquire(), timeout)
                except TimeoutError:
                    raise NoPlace from None
            else:
                await gate.acquire()
            try:
                yield
            finally:
                gate.release()
        finally:
            gate, users = self._gates[address]
            if users == 1:
                del self._gates[address]
            else:
                self._gates[address] = (gate, users - 1)
