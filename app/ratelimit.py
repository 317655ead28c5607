"""Rate limits per player id and per IP address, counted in the database so that every server
process sharing it counts together: with two processes the limit is the limit, not twice it.

Fixed windows of a minute: one row per key and window. A request's keys (its address and
its player) are raised together by one atomic upsert that leaves a key at its limit alone; a
request refused for one key has its count taken back from the other, so a refused request
is not counted and changes nothing else. Rows of windows that have passed are purged by the
first request of each new window.

Each statement is atomic on its own, so they run without a transaction (autocommit): a
BEGIN and a COMMIT would add two round trips to the database to every click.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from sqlalchemy import (
    Connection,
    Engine,
    Integer,
    String,
    bindparam,
    case,
    delete,
    literal,
    select,
    true,
    union_all,
    update,
)
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.sql import Executable

from app.models import RateCount

WINDOW_SECONDS = 60
KEY_LENGTH = 200
"""The longest key the table stores (a forwarded address can be long)."""


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
        """Counts the request for its address and its player in one statement; when either
        is at its limit the request is refused and the other's count is taken back."""
        limits = {f"{kind}:ip:{ip}"[:KEY_LENGTH]: per_ip}
        if player is not None:
            limits[f"{kind}:player:{player}"[:KEY_LENGTH]] = per_player
        if min(limits.values()) < 1:
            return False
        window = int(self.clock() // WINDOW_SECONDS)
        with self._engine.connect() as connection:
            self._purge(connection, window)
            counted = _count(connection, limits, window)
            if counted == set(limits):
                return True
            if counted:
                taken_back = [{"counted_key": key, "counted_window": window} for key in counted]
                connection.execute(UNCOUNT, taken_back)
            return False

    def _purge(self, connection: Connection, window: int) -> None:
        if window != self._purged:
            connection.execute(delete(RateCount).where(RateCount.window < window))
            self._purged = window


def _count(connection: Connection, limits: dict[str, int], window: int) -> set[str]:
    """Counts one request for each key that is below its limit in this window; returns
    those keys."""
    counting = UPSERTS[connection.dialect.name, len(limits)]
    values: dict[str, object] = {"window": window}
    for number, (key, limit) in enumerate(limits.items()):
        values |= {f"key{number}": key, f"limit{number}": limit}
    return set(connection.execute(counting, values).scalars())


def _upsert(
    insert: Callable[[type[RateCount]], postgresql.Insert | sqlite.Insert], keys: int
) -> Executable:
    """The counting statement for `keys` keys, each with its own limit, built once with
    parameters. Its rows come from a SELECT, not a multi-row VALUES: SQLAlchemy cannot
    cache the compiled form of the latter, and compiling it again for every request cost
    more than running it. (SQLite wants a WHERE in the SELECT of an upsert.)"""
    rows = union_all(
        *(
            select(
                bindparam(f"key{n}", type_=String), bindparam("window", type_=Integer), literal(1)
            ).where(true())
            for n in range(keys)
        )
    )
    limit = case(
        *((RateCount.key == bindparam(f"key{n}"), bindparam(f"limit{n}")) for n in range(keys))
    )
    counting: Executable = (
        insert(RateCount)
        .from_select(["key", "window", "count"], rows)
        .on_conflict_do_update(
            index_elements=[RateCount.key, RateCount.window],
            set_={"count": RateCount.count + 1},
            where=RateCount.count < limit,
        )
        .returning(RateCount.key)
    )
    return counting


UPSERTS = {
    (dialect, keys): _upsert(insert, keys)
    for dialect, insert in (("postgresql", postgresql.insert), ("sqlite", sqlite.insert))
    for keys in (1, 2)
}
UNCOUNT = (
    update(RateCount)
    .where(
        RateCount.key == bindparam("counted_key"),
        RateCount.window == bindparam("counted_window"),
    )
    .values(count=RateCount.count - 1)
)
