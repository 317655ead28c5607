"""Rate limits per player id and per IP address, counted in the database so that every server
process sharing it counts together: with two processes the limit is the limit, not twice it.

Fixed windows of a minute: one row per key and window, raised by one atomic upsert that
refuses to go past the limit (a refused request is not counted, and changes nothing else).
Rows of windows that have passed are purged by the first request of each new window.

Each statement is atomic on its own, so they run without a transaction (autocommit): a
BEGIN and a COMMIT would add two round trips to the database to every click.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import Connection, Engine, bindparam, delete
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Executable

from app.models import RateCount

WINDOW_SECONDS = 60


@dataclass(frozen=True)
class Limits:
    """Requests per minute; generous for people, firm for scripts."""

    starts_per_player: int = 20
    starts_per_ip: int = 120
    actions_per_player: int = 240
    actions_per_ip: int = 2400


class RateLimiter:
    def __init__(
        self,
        limits: Limits,
        engine: Engine,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.limits = limits
        self.clock = clock
        self._engine = engine.execution_options(isolation_level="AUTOCOMMIT")
        self._purged = -1

    def allow_start(self, player: str | None, ip: str) -> bool:
        return self._allow(
            "start", self.limits.starts_per_ip, self.limits.starts_per_player, player, ip
        )

    def allow_action(self, player: str | None, ip: str) -> bool:
        return self._allow(
            "action", self.limits.actions_per_ip, self.limits.actions_per_player, player, ip
        )

    def _allow(self, kind: str, per_ip: int, per_player: int, player: str | None, ip: str) -> bool:
        window = int(self.clock() // WINDOW_SECONDS)
        with self._engine.connect() as connection:
            self._purge(connection, window)
            return _count(connection, f"{kind}:ip:{ip}", window, per_ip) and (
                player is None or _count(connection, f"{kind}:player:{player}", window, per_player)
            )

    def _purge(self, connection: Connection, window: int) -> None:
        if window != self._purged:
            connection.execute(delete(RateCount).where(RateCount.window < window))
            self._purged = window


def _count(connection: Connection, key: str, window: int, limit: int) -> bool:
    """Counts one request for `key` unless it already has `limit` in this window."""
    if limit < 1:
        return False
    counted = UPSERTS[connection.dialect.name]
    values = {"key": key[:200], "window": window, "limit": limit}
    return connection.execute(counted, values).first() is not None


def _upsert(insert: Callable[[type[RateCount]], postgresql.Insert | sqlite.Insert]) -> Executable:
    """The counting statement, built once with parameters: building it for every request
    cost about as much as running it."""
    first = insert(RateCount).values(key=bindparam("key"), window=bindparam("window"), count=1)
    counted: Executable = first.on_conflict_do_update(
        index_elements=[RateCount.key, RateCount.window],
        set_={"count": RateCount.count + 1},
        where=RateCount.count < bindparam("limit"),
    ).returning(RateCount.count)
    return counted


UPSERTS = {"postgresql": _upsert(postgresql.insert), "sqlite": _upsert(sqlite.insert)}
