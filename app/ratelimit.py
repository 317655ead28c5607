"""Rate limits per player id and per IP address, in memory (one server process).

A sliding window per key: a request is refused when the key already made `limit` requests in
the last `window` seconds. Refused requests change nothing.
"""

from __future__ import annotations

import time
from collections import defaultdict, deque
from collections.abc import Callable
from dataclasses import dataclass, field
from threading import Lock


@dataclass
class SlidingWindow:
    limit: int
    window: float = 60.0
    clock: Callable[[], float] = time.monotonic
    _hits: defaultdict[str, deque[float]] = field(default_factory=lambda: defaultdict(deque))
    _lock: Lock = field(default_factory=Lock)

    def allow(self, keys: list[str]) -> bool:
        """Counts one request for every key, unless one of them is over its limit."""
        now = self.clock()
        with self._lock:
            queues = [self._hits[key] for key in keys]
            for queue in queues:
                while queue and queue[0] <= now - self.window:
                    queue.popleft()
            if any(len(queue) >= self.limit for queue in queues):
                return False
            for queue in queues:
                queue.append(now)
            return True


@dataclass(frozen=True)
class Limits:
    """Requests per minute; generous for people, firm for scripts."""

    starts_per_player: int = 20
    starts_per_ip: int = 120
    actions_per_player: int = 240
    actions_per_ip: int = 2400


class RateLimiter:
    def __init__(self, limits: Limits) -> None:
        self.starts_player = SlidingWindow(limits.starts_per_player)
        self.starts_ip = SlidingWindow(limits.starts_per_ip)
        self.actions_player = SlidingWindow(limits.actions_per_player)
        self.actions_ip = SlidingWindow(limits.actions_per_ip)

    def allow_start(self, player: str | None, ip: str) -> bool:
        return self._allow(self.starts_player, self.starts_ip, player, ip)

    def allow_action(self, player: str | None, ip: str) -> bool:
        return self._allow(self.actions_player, self.actions_ip, player, ip)

    @staticmethod
    def _allow(by_player: SlidingWindow, by_ip: SlidingWindow, player: str | None, ip: str) -> bool:
        if not by_ip.allow([ip]):
            return False
        return player is None or by_player.allow([player])
