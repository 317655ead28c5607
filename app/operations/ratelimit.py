"""Rate limits per player id and per IP address, counted in the database so that every server
process sharing it counts together: with two processes the limit is the limit, not twice it.

Fixed windows of a minute: one row per key and window. A request's keys (its address and
its player) are raised together by one atomic upsert that leaves a key at its limit alone; a
request refused for one key has its count taken back from the other, so a refused request
is not counted and changes nothing else. Rows of windows that have passed are purged by the
first request of each new window.

Each statement is atomic on its own, so they run without a transaction (autocommit): a
BEGIN and a COMMIT would add two round trips to the database to every click. On PostgreSQL a
click's count can also ride in the statement that stores the click's step, which saves the
click a round trip: the request's `Count` says what to count, the counting statement here is
built so that it can be part of another, and the click service (`app.play.clicks`) hands it
to the store as the step's guard (the store knows nothing of rate limits).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import astuple, dataclass

from sqlalchemy import (
    Connection,
    Engine,
    Insert,
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

from app.storage.models import RateCount

WINDOW_SECONDS = 60
PAGE_PAUSE_SECONDS = 1.0
"""How long an address already refused pages this minute waits for each further refusal
(`app.web.deps.limit_pages`). A script reading as fast as the answers come asks again the moment
it is refused: without the pause each connection of it kept the server busy with refusals;
with it, a connection costs one cheap answer a second, while the server serves others."""
REFUSERS_KEPT = 10_000
"""Addresses whose malformed requests are counted in a minute (`RateLimiter.note_refusal`)."""
NO_ADDRESS = "unknown"
"""The one client the rate limits count every host that is no address as: a socket that
names none, or a made-up one only a proxy trusted by mistake passes on (the client's own
X-Forwarded-For). Counted one by one, each made-up host was an allowance of its own, and a
long one outgrew the counts' key."""


KEY_LENGTH = 200
"""The longest key the table stores (a forwarded address can be long)."""


@dataclass(frozen=True)
class Limits:
    """Requests per minute; generous for people, firm for scripts."""

    starts_per_player: int = 20
    starts_per_ip: int = 120
    actions_per_player: int = 240
    actions_per_ip: int = 2400
    pages_per_ip: int = 600
    """Reads of the pages that cost the database a query (the boards, the history, reviews,
    hand records, a player's home page), all together, from one address."""
    hints_per_player: int = 30
    """A hint costs a background worker about a quarter of a second: a person asking at
    every decision of a quick game asks about 20 a minute."""
    hints_per_ip: int = 90
    reviews_per_player: int = 10
    """Reviews started (a few seconds of a background worker each); one at a time per
    player, and one reopened is not counted again."""
    reviews_per_ip: int = 20
    refusals_per_ip: int = 60
    """Requests refused as malformed (a form no page sends): a player's page never sends
    one, a script probing the forms sends them as fast as they are answered."""
    names_per_player: int = 10
    """Nicknames and challenge names chosen (each a write, and a look-alike check): a person
    tries a few; a script renamed 265 times a second."""
    names_per_ip: int = 60
    restores_per_ip: int = 10
    """Restore keys tried (`app.play.players`): a person types one or two."""
    app_ms_per_ip: int = 30_000
    """Milliseconds of the app's own work (`app.operations.timing`) an address's requests
    may take, in each process: half of a core (`app.operations.pacing`). A player uses a
    few hundred a minute, a few thousand on a loaded server."""

    def __post_init__(self) -> None:
        if min(astuple(self)) < 1:
            raise ValueError("a limit below 1 would refuse everything: switch the limits off")


class TooManyRequests(Exception):
    """A request past one of its limits; nothing of it was counted or stored."""


@dataclass(frozen=True)
class Count:
    """What one request adds to the counts: each of its keys with its limit, in one window."""

    limits: tuple[tuple[str, int], ...]
    window: int

    @property
    def keys(self) -> frozenset[str]:
        return frozenset(key for key, _ in self.limits)

    def parameters(self) -> dict[str, object]:
        """The counting statement's parameters (`UPSERTS`)."""
        values: dict[str, object] = {"window": self.window}
        for number, (key, limit) in enumerate(self.limits):
            values |= {f"key{number}": key, f"limit{number}": limit}
        return values

    def settle(self, connection: Connection, counted: set[str]) -> None:
        """After a statement counted `counted` of the keys: when a key was at its limit,
        the others' counts are taken back (on the same connection, so in the same
        transaction if there is one) and the request is refused."""
        if counted == self.keys:
            return
        if counted:
            taken_back = [{"counted_key": key, "counted_window": self.window} for key in counted]
            connection.execute(UNCOUNT, taken_back)
        raise TooManyRequests


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
        self.page_pause = PAGE_PAUSE_SECONDS
        self._full: dict[str, int] = {}
        """Keys refused in the current window, by window: a key's count there only grows
        until the window passes (in every process), so they are refused without asking."""
        self._refused: dict[str, int] = {}
        """Malformed requests refused in `_refused_window`, by address."""
        self._refused_window = -1

    def start_count(self, player: str | None, ip: str) -> Count:
        return self._count_of(
            "start", self.limits.starts_per_ip, self.limits.starts_per_player, player, ip
        )

    def action_count(self, player: str | None, ip: str) -> Count:
        return self._count_of(
            "action", self.limits.actions_per_ip, self.limits.actions_per_player, player, ip
        )

    def allow_name(self, player: str | None, ip: str) -> bool:
        count = self._count_of(
            "name", self.limits.names_per_ip, self.limits.names_per_player, player, ip
        )
        return self.allow(count)

    def allow_restore(self, ip: str) -> bool:
        limit = self.limits.restores_per_ip
        return self.allow(self._count_of("restore", limit, limit, None, ip))

    def allow_page(self, ip: str) -> bool:
        """Counts a read of a page that costs a query, by its address alone. Past the limit
        the refusals cost the database nothing: the key is remembered as full until the
        window passes, so a script reading as fast as it can is turned away in memory."""
        if self.page_full(ip):
            return False
        count = self._count_of("page", self.limits.pages_per_ip, 0, None, ip)
        ((key, _),) = count.limits
        if self.allow(count):
            return True
        self._full = {k: w for k, w in self._full.items() if w == count.window} | {
            key: count.window
        }
        return False

    def page_full(self, ip: str) -> bool:
        """Whether the address was refused a page in this window already (no I/O)."""
        return self._full.get(f"page:ip:{ip}"[:KEY_LENGTH]) == self._window()

    def note_refusal(self, ip: str) -> None:
        """Counts a request refused as malformed. In this process's memory, not the
        database: a refusal costs no write, and with several processes an address gets a
        few times its allowance, still a few a second at most. Only the current minute is
        kept, and at most `REFUSERS_KEPT` addresses of it: past them a new address goes
        uncounted rather than make every refusal pay for a larger table."""
        window = self._window()
        if window != self._refused_window:
            self._refused, self._refused_window = {}, window
        if ip in self._refused or len(self._refused) < REFUSERS_KEPT:
            self._refused[ip] = self._refused.get(ip, 0) + 1

    def slows(self, ip: str) -> bool:
        """Whether the address's requests with a body wait before they are read
        (`app.web.form_limits`): it has had more malformed requests refused this minute than
        `refusals_per_ip` (no I/O)."""
        if self._refused_window != self._window():
            return False
        return self._refused.get(ip, 0) > self.limits.refusals_per_ip

    def hint_count(self, player: str | None, ip: str) -> Count:
        return self._count_of(
            "hint", self.limits.hints_per_ip, self.limits.hints_per_player, player, ip
        )

    def review_count(self, player: str | None, ip: str) -> Count:
        return self._count_of(
            "review", self.limits.reviews_per_ip, self.limits.reviews_per_player, player, ip
        )

    def purges_next(self) -> bool:
        """Whether the next count purges the windows that have passed first (a statement
        of its own: see `_count_of`)."""
        return self._window() != self._purged

    def allow_start(self, player: str | None, ip: str) -> bool:
        return self.allow(self.start_count(player, ip))

    def allow(self, count: Count) -> bool:
        """Counts the request in a statement of its own; when one of its keys is at its
        limit the request is refused and the others' counts are taken back."""
        with self._engine.connect() as connection:
            counting = UPSERTS[connection.dialect.name, len(count.limits)]
            counted = set(connection.execute(counting, count.parameters()).scalars())
            try:
                count.settle(connection, counted)
            except TooManyRequests:
                return False
        return True

    def _window(self) -> int:
        return int(self.clock() // WINDOW_SECONDS)

    def _count_of(
        self, kind: str, per_ip: int, per_player: int, player: str | None, ip: str
    ) -> Count:
        """The request's keys: its address, and its player when it has one. The first
        request of a new window purges the rows of windows that have passed."""
        limits = {f"{kind}:ip:{ip}"[:KEY_LENGTH]: per_ip}
        if player is not None:
            limits[f"{kind}:player:{player}"[:KEY_LENGTH]] = per_player
        window = self._window()
        if window != self._purged:
            with self._engine.connect() as connection:
                connection.execute(delete(RateCount).where(RateCount.window < window))
            self._purged = window
        return Count(tuple(limits.items()), window)


def _upsert(
    insert: Callable[[type[RateCount]], postgresql.Insert | sqlite.Insert], keys: int
) -> Insert:
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
    return (
        insert(RateCount)
        .from_select(["key", "window", "count"], rows)
        .on_conflict_do_update(
            index_elements=[RateCount.key, RateCount.window],
            set_={"count": RateCount.count + 1},
            where=RateCount.count < limit,
        )
        .returning(RateCount.key)
    )


UPSERTS = {
    (dialect, keys): _upsert(insert, keys)
    for dialect, insert in (("postgresql", postgresql.insert), ("sqlite", sqlite.insert))
    for keys in (1, 2)
}
"""Counting statements by dialect and number of keys: each counts the request once for every
key below its limit in the window and returns those keys (on its own, or inside the
statement that stores a click's step, `app.play.clicks`)."""
UNCOUNT = (
    update(RateCount)
    .where(
        RateCount.key == bindparam("counted_key"),
        RateCount.window == bindparam("counted_window"),
    )
    .values(count=RateCount.count - 1)
)


@dataclass(frozen=True)
class ClientLimits:
    """One client's clicks as the rate limits count them: the limiter (None when the limits
    are off), the cookie's player and the address counted (`app.web.deps.client_address`).
    The click service counts through it, knowing nothing of the request."""

    limiter: RateLimiter | None
    player: str | None
    address: str

    def action_count(self) -> Count | None:
        """What an action adds to the counts (None when they are off). It may talk to the
        database (once a minute, to purge): call it in a worker thread, unless
        `counted_without_purge`."""
        if self.limiter is None:
            return None
        return self.limiter.action_count(self.player, self.address)

    def counted_without_purge(self) -> bool:
        """Whether `action_count` would only form the keys, without talking to the database."""
        return self.limiter is None or not self.limiter.purges_next()

    def enforce(self, count: Count | None) -> None:
        """Counts an action in a statement of its own; `TooManyRequests` past a limit. It
        talks to the database: call it in a worker thread."""
        if count is not None and self.limiter is not None and not self.limiter.allow(count):
            raise TooManyRequests
