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
`ADDRESSES_KEPT` addresses, the least recently seen forgotten first."""

from __future__ import annotations

import time
from collections.abc import Callable

from app.operations.kept import Kept

BURST_SECONDS = 5.0
"""The app's time an address may use at once after a quiet spell: a few hundred pages."""
LONGEST_WAIT = 10.0
"""The longest a request waits for its address's share; beyond it the request is refused
(429), so that a flood's waiting requests stay few."""
ADDRESSES_KEPT = 10_000


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
        self._left.put(address, (self._now_left(address) - seconds, self.clock()))

    def _now_left(self, address: str) -> float:
        kept = self._left.get(address)
        if kept is None:
            return BURST_SECONDS
        left, at = kept
        return min(BURST_SECONDS, left + (self.clock() - at) * self.per_second)
