"""Settings from the environment, with defaults that make `scripts/serve.sh` work at once."""

from __future__ import annotations

import ipaddress
import os
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime
from pathlib import Path
from urllib.parse import urlsplit

from app.operations.ratelimit import Limits
from bots.search.budget import DEFAULT_BUDGET

VAR = Path(__file__).resolve().parents[2] / "var"


def utc_now() -> datetime:
    return datetime.now(UTC)


DEFAULT_BOT_DELAY_MS = 500
DEFAULT_RANKED_PER_ADDRESS = 4
DEFAULT_RANKED_PER_SITE = 32
DEFAULT_BACKGROUND_WORKERS = 1
DEFAULT_FAIR_PLAY_WORLDS = DEFAULT_BUDGET.worlds
DEFAULT_REVIEW_WORLDS = 4 * DEFAULT_BUDGET.worlds
"""A review may think longer than a bot at the table: four times a decision's worlds there."""
SERVER_SEARCH_WORKERS = 1
"""The server's live workers (`DOKO_SEARCH_WORKERS`); an app made in code starts none."""


@dataclass(frozen=True)
class Settings:
    database_url: str
    """SQLAlchemy URL; SQLite by default, `postgresql+psycopg://…` for PostgreSQL."""
    secret_key: str | None
    """Signs the player cookie and seeds the daily deals. None: the one kept in the database,
    made by the first process that needed it (`app.operations.secret`), so that every process
    sharing the database shares it."""
    bot_delay_ms: int = DEFAULT_BOT_DELAY_MS
    """Pause between bot cards in the browser; 0 for tests."""
    limits: Limits | None = field(default_factory=Limits)
    """Rate limits; None switches them off (`DOKO_RATE_LIMITS=off`, for load tests)."""
    clock: Callable[[], datetime] = utc_now
    """The current time, timezone-aware UTC (tests move it)."""
    search_workers: int = 0
    """Worker processes for the strong bots' decisions at the tables (0: in the server
    process). The server's default is 1 (`DOKO_SEARCH_WORKERS`); an app made in code (a test,
    a bench) starts none unless it asks, since spawning one costs seconds of imports."""
    background_workers: int = DEFAULT_BACKGROUND_WORKERS
    """Worker processes for hints, reviews, fair-play checks and pars (0: in the server
    process); started only when such work first comes."""
    trusted_proxies: tuple[str, ...] = ()
    """Addresses or networks of reverse proxies whose `X-Forwarded-For` and
    `X-Forwarded-Proto` headers are believed; nobody's by default."""
    public_url: str | None = None
    """The site's address as others reach it (`DOKO_PUBLIC_URL`, e.g. `https://doko.example`):
    the links a player shares point there. None: the address each request came to, which is
    only as good as the request's `Host` header."""
    ranked_per_address: int = DEFAULT_RANKED_PER_ADDRESS
    """Ranked attempts a day (per rule set), and counting games at one challenge, started from
    one network address, as the rate limits count it; past them a new player's game there is
    practice. 0: no cap."""
    ranked_per_site: int = DEFAULT_RANKED_PER_SITE
    """Ranked attempts a day (per rule set) started from one IPv6 site (a /48) as a whole,
    whatever its /64s: a subscriber given a /48 holds 65,536 of them, each with
    `ranked_per_address` of its own. 0: no cap."""
    fair_play_worlds: int = DEFAULT_FAIR_PLAY_WORLDS
    """Worlds per decision searched from the player's view by a fair-play check
    (`DOKO_FAIR_PLAY_WORLDS`; the rest of the search's budget in proportion, and stored with
    each check's verdict): fewer check a game sooner and judge it less surely (a pagat game
    takes about 3.5 s of one core at 40, 1 s at 8)."""
    review_worlds: int = DEFAULT_REVIEW_WORLDS
    """Worlds per decision of a hand's review (`DOKO_REVIEW_WORLDS`; the rest of the strong
    level's budget in proportion, and stored with each review): fewer finish a review sooner
    and weigh it less surely."""
    tune_collector: bool = False
    """Whether start-up tunes the garbage collector for a long-lived server process
    (`app.web.factory._spare_the_collector`): the server's settings (`from_env`) say yes; an app
    made in code (a test, a bench) leaves its process's collector alone."""

    @property
    def secret(self) -> str:
        """The secret in force; `create_app` fills in the database's when none was set."""
        if self.secret_key is None:
            raise RuntimeError("the secret comes from the database: make the app first")
        return self.secret_key

    def now(self) -> datetime:
        return self.clock()

    def today(self) -> date:
        """The current UTC date: the day whose daily game is dealt."""
        return self.clock().date()

    @staticmethod
    def from_env() -> Settings:
        """The settings of the environment; raises `SettingsError` naming a bad one, so that a
        typo stops the server at start-up rather than failing requests (or being ignored)."""
        return Settings(
            database_url=os.environ.get("DOKO_DATABASE_URL") or f"sqlite:///{VAR / 'doko.sqlite3'}",
            secret_key=secret_from(os.environ.get("DOKO_SECRET_KEY", "")),
            bot_delay_ms=count_from("DOKO_BOT_DELAY_MS", DEFAULT_BOT_DELAY_MS, MOST_BOT_DELAY_MS),
            limits=limits_from(
                os.environ.get("DOKO_RATE_LIMITS", "on"),
                pages=count_from(
                    "DOKO_PAGES_PER_ADDRESS", Limits.pages_per_ip, MOST_PAGES_PER_ADDRESS
                ),
                app_ms=count_from(
                    "DOKO_APP_MS_PER_ADDRESS", Limits.app_ms_per_ip, MOST_APP_MS_PER_ADDRESS
                ),
            ),
            search_workers=count_from(
                "DOKO_SEARCH_WORKERS", SERVER_SEARCH_WORKERS, MOST_SEARCH_WORKERS
            ),
            background_workers=count_from(
                "DOKO_BACKGROUND_WORKERS", DEFAULT_BACKGROUND_WORKERS, MOST_SEARCH_WORKERS
            ),
            trusted_proxies=proxy_list(os.environ.get("DOKO_TRUSTED_PROXIES", "")),
            public_url=public_url_from(os.environ.get("DOKO_PUBLIC_URL", "")),
            ranked_per_address=count_from(
                "DOKO_RANKED_PER_ADDRESS", DEFAULT_RANKED_PER_ADDRESS, MOST_RANKED_PER_ADDRESS
            ),
            ranked_per_site=count_from(
                "DOKO_RANKED_PER_SITE", DEFAULT_RANKED_PER_SITE, MOST_RANKED_PER_ADDRESS
            ),
            fair_play_worlds=worlds_from("DOKO_FAIR_PLAY_WORLDS", DEFAULT_FAIR_PLAY_WORLDS),
            review_worlds=worlds_from("DOKO_REVIEW_WORLDS", DEFAULT_REVIEW_WORLDS),
            tune_collector=True,
        )


class SettingsError(ValueError):
    """A setting of the environment that cannot be used; the message names it."""


SHORTEST_SECRET = 16
"""Characters a `DOKO_SECRET_KEY` needs at least: whoever guesses it can sign any player's
cookie and knows every day's deals, and a word like `secret` is guessed at once."""


def secret_from(text: str) -> str | None:
    """None when unset or empty (the database's secret is used)."""
    if not text:
        return None
    if len(text.strip()) < SHORTEST_SECRET:
        raise SettingsError(
            f"DOKO_SECRET_KEY must be a long random string (at least {SHORTEST_SECRET} "
            'characters), e.g. python -c "import secrets; print(secrets.token_hex(32))"'
        )
    return text


MOST_BOT_DELAY_MS = 10_000
"""A pause between bot cards longer than this leaves the player looking at a table that
seems stuck."""
MOST_SEARCH_WORKERS = 64
"""Each worker (live or background) is a process holding its own copy of the bots (about
25 MB);
a typo such as 1000 would start that many at the first strong game and take the machine's
memory. More workers than cores decide no faster."""

MOST_PAGES_PER_ADDRESS = 100_000
"""Reads a minute of the pages that cost a query, from one address: over a thousand a second
is no limit at all, so a larger number is a typo."""

MOST_APP_MS_PER_ADDRESS = 60_000_000
"""Milliseconds of the app's work a minute per address: a thousand cores' worth is no share
at all, so a larger number is a typo."""

MOST_RANKED_PER_ADDRESS = 10_000
"""More than any office shares; a larger number is a typo (0 is how the cap is switched off)."""


def whole_number(text: str) -> int | None:
    """`text` as a whole number of at most nine digits (more is a typo, and thousands would
    stop `int` itself); None for anything else."""
    if text.isascii() and text.isdigit() and len(text) <= 9:
        return int(text)
    return None


def count_from(name: str, default: int, most: int) -> int:
    """A whole number from 0 to `most` from the variable `name` (`default` when unset)."""
    text = os.environ.get(name, str(default)).strip()
    number = whole_number(text)
    if number is None or number > most:
        raise SettingsError(f"{name} must be a whole number from 0 to {most}, not {text[:20]!r}")
    return number


MOST_SEARCH_WORLDS = 400
"""Ten times a fair-play check's default: a check that long holds a background worker for most
of a minute per game, a review longer; a larger number is a typo."""


def worlds_from(name: str, default: int) -> int:
    """A search's worlds from the variable `name`: from 1 (no world, no search) to
    `MOST_SEARCH_WORLDS`."""
    text = os.environ.get(name, str(default)).strip()
    number = whole_number(text)
    if number is None or not 1 <= number <= MOST_SEARCH_WORLDS:
        raise SettingsError(
            f"{name} must be a whole number from 1 to {MOST_SEARCH_WORLDS}, not {text[:20]!r}"
        )
    return number


def limits_from(
    text: str, pages: int = Limits.pages_per_ip, app_ms: int = Limits.app_ms_per_ip
) -> Limits | None:
    """`on` (the default) or `off`: anything else might be meant as either. `pages`: reads of
    the pages that cost a query a minute per address (`DOKO_PAGES_PER_ADDRESS`); `app_ms`:
    the app's work an address may take a minute (`DOKO_APP_MS_PER_ADDRESS`, raised where
    many players share an address)."""
    if text not in ("on", "off"):
        raise SettingsError(f"DOKO_RATE_LIMITS must be on or off, not {text!r}")
    for name, value in (("DOKO_PAGES_PER_ADDRESS", pages), ("DOKO_APP_MS_PER_ADDRESS", app_ms)):
        if value < 1:
            raise SettingsError(f"{name} must be at least 1 (or DOKO_RATE_LIMITS=off)")
    return None if text == "off" else Limits(pages_per_ip=pages, app_ms_per_ip=app_ms)


def proxy_list(text: str) -> tuple[str, ...]:
    """Comma-separated addresses or networks (`127.0.0.1, 10.0.0.0/8`); each is checked at
    start-up so that a typo fails loudly instead of trusting nobody (or everybody)."""
    proxies = tuple(part.strip() for part in text.split(",") if part.strip())
    for proxy in proxies:
        try:
            ipaddress.ip_network(proxy, strict=False)
        except ValueError:
            raise SettingsError(
                f"DOKO_TRUSTED_PROXIES: {proxy!r} is not an address or network "
                "(comma-separated, e.g. 127.0.0.1, 10.0.0.0/8)"
            ) from None
    return proxies


def public_url_from(text: str) -> str | None:
    """An http(s) origin, a path under it allowed (`https://example.org/doko`), without its
    trailing slash; no query or fragment, which the links' paths would follow. None when
    unset."""
    if not text.strip():
        return None
    if not _site_address(text.strip()):
        raise SettingsError(
            f"DOKO_PUBLIC_URL: {text[:100]!r} is not a site's address (http:// or https://, a "
            "host and a port if any, no user, spaces, query or fragment; e.g. https://doko.example)"
        )
    return text.strip().rstrip("/")


def _site_address(text: str) -> bool:
    try:
        address = urlsplit(text)
        port = address.port  # a port out of range, or a broken IPv6 host, raises
    except ValueError:
        return False
    return (
        address.scheme in ("http", "https")
        and bool(address.hostname)
        and port != 0
        and not (set("?# @") & set(text))
    )
