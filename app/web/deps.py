"""Typed dependencies, so routes read like plain functions.

Those that do no I/O are `async def`: FastAPI runs a plain `def` dependency in a worker
thread, and each such hop cost a click about 0.2 ms of CPU (there were eight per click)."""

from __future__ import annotations

import asyncio
import ipaddress
import secrets
from collections.abc import AsyncIterator
from contextlib import aclosing
from functools import lru_cache
from typing import Annotated

from fastapi import Depends, HTTPException, Request
from jinja2_fragments.fastapi import Jinja2Blocks
from sqlalchemy.orm import Session
from starlette.concurrency import run_in_threadpool

from app.languages.i18n import N_
from app.operations.bot_pool import BotRoster
from app.operations.ratelimit import NO_ADDRESS, ClientLimits, RateLimiter
from app.operations.settings import Settings
from app.storage.db import request_session
from app.table.store import made_by_new_id


async def _settings(request: Request) -> Settings:
    settings: Settings = request.app.state.settings
    return settings


async def _session(request: Request) -> AsyncIterator[Session]:
    """The request's session, closed when the request ends however it ends. An exception of
    the route (a refusal raised after a write) is thrown in at the `yield`: a plain `async
    for` would leave `request_session` suspended, its transaction open until the garbage
    collector came round, and on SQLite every other writer waited for its lock until
    "database is locked"."""
    async with aclosing(request_session(request.app.state.sessions)) as sessions:
        async for session in sessions:
            yield session


async def _templates(request: Request) -> Jinja2Blocks:
    templates: Jinja2Blocks = request.app.state.templates
    return templates


async def _roster(request: Request) -> BotRoster:
    roster: BotRoster = request.app.state.bots
    return roster


SettingsDep = Annotated[Settings, Depends(_settings)]
RosterDep = Annotated[BotRoster, Depends(_roster)]
SessionDep = Annotated[Session, Depends(_session)]
TemplatesDep = Annotated[Jinja2Blocks, Depends(_templates)]


def _limiter(request: Request) -> RateLimiter | None:
    limiter: RateLimiter | None = request.app.state.limiter
    return limiter


IPV6_BLOCK = 64
IPV6_SITE = 48


def client_address(request: Request) -> str:
    """The client's address as the rate limits and the ranked attempts per address count
    it (`counted_address`), behind trusted proxies the one they pass on."""
    return counted_address(request.client.host if request.client else NO_ADDRESS)


@lru_cache(maxsize=4096)
def counted_address(host: str) -> str:
    """The client's address as the rate limits count it: an IPv6 address by its /64, the
    block one subscriber or machine is usually given (counted one by one, a client holding
    one would have 2^64 allowances); a host that is no address as `NO_ADDRESS`."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return NO_ADDRESS
    if isinstance(address, ipaddress.IPv4Address):
        return host
    if address.ipv4_mapped is not None:
        return str(address.ipv4_mapped)
    return str(ipaddress.ip_network(f"{address}/{IPV6_BLOCK}", strict=False))


@lru_cache(maxsize=4096)
def site_of(address: str) -> str | None:
    """The IPv6 site of an address as `counted_address` gives it: its /48, the most a
    subscriber is usually given, whose ranked attempts and share of the server's time are
    counted as a whole too, since one holding a /48 holds 65,536 /64s. None for an IPv4
    address (never handed out by the thousand to one subscriber) and for no address."""
    if "/" not in address:
        return None
    return str(ipaddress.ip_network(address).supernet(new_prefix=IPV6_SITE))


async def give_player_id(request: Request) -> None:
    """With the rate limits on, a start hands out the player id first, refused or not: the
    requests that follow with the cookie are one player for the limits. A browser a page
    gave a newcomer's id (`newcomer_id`) plays as that id, whichever of its first taps comes
    first. (Otherwise a newcomer's player is made with the game, with nothing to look up
    first.)"""
    if _limiter(request) is not None or newcomer_id(request) is not None:
        ensure_player_id(request)


def count_start(request: Request) -> None:
    """Counts a new game, refusing it (429) when this player or address starts too many.
    Called once the form is known to be good: a refused form starts nothing, so it must not
    use up the allowance. A first visit's first game counts for its player too. It talks
    to the database: call it in a worker thread."""
    limiter = _limiter(request)
    if limiter is None:
        return
    if not limiter.allow_start(ensure_player_id(request), client_address(request)):
        raise HTTPException(429, N_("Too many new games at once. Wait a minute and try again."))


TOO_MANY_ACTIONS = N_("Too many actions at once. Wait a moment and try again.")


def client_limits(request: Request) -> ClientLimits:
    """The request's client as the rate limits count its clicks."""
    return ClientLimits(_limiter(request), player_id(request), client_address(request))


def hint_allowed(request: Request) -> bool:
    """Counts a hint against its own limits (per player and per address); False past them,
    with nothing counted. It talks to the database: call it in a worker thread."""
    limiter = _limiter(request)
    if limiter is None:
        return True
    return limiter.allow(limiter.hint_count(player_id(request), client_address(request)))


def review_allowed(request: Request) -> bool:
    """Counts the start of a review's computation against the reviews' limits, as
    `hint_allowed` does for a hint."""
    limiter = _limiter(request)
    if limiter is None:
        return True
    return limiter.allow(limiter.review_count(player_id(request), client_address(request)))


TOO_MANY_NAMES = N_("Too many names chosen at once. Wait a minute and try again.")


def count_name(request: Request) -> None:
    """Counts a nickname or a challenge's name chosen, refusing it (429) past a limit. It
    talks to the database: call it in a worker thread."""
    limiter = _limiter(request)
    if limiter is None:
        return
    if not limiter.allow_name(player_id(request), client_address(request)):
        raise HTTPException(429, TOO_MANY_NAMES)


async def limit_names(request: Request) -> None:
    """`count_name` as a dependency, in a worker thread of its own."""
    if _limiter(request) is not None:
        await run_in_threadpool(count_name, request)


TOO_MANY_RESTORES = N_("Too many restore keys tried from here. Wait a minute and try again.")


def count_restore(request: Request) -> None:
    """Counts a restore key made or tried from the address, refusing it (429) past the
    limit. It talks to the database: call it in a worker thread."""
    limiter = _limiter(request)
    if limiter is not None and not limiter.allow_restore(client_address(request)):
        raise HTTPException(429, TOO_MANY_RESTORES)


async def limit_restores(request: Request) -> None:
    """`count_restore` as a dependency, in a worker thread of its own."""
    if _limiter(request) is not None:
        await run_in_threadpool(count_restore, request)


TOO_MANY_PAGES = N_(
    "Too many pages asked for from your address in a short time. Wait a minute and try again."
)


def count_page(request: Request) -> None:
    """Counts a read of a page that costs the database a query, refusing it (429) past the
    address's limit. It talks to the database: call it in a worker thread."""
    limiter = _limiter(request)
    if limiter is not None and not limiter.allow_page(client_address(request)):
        raise HTTPException(429, TOO_MANY_PAGES)


async def limit_pages(request: Request) -> None:
    """`count_page` as a dependency, in a worker thread of its own. An address already
    refused in this minute is refused without the thread, after a pause
    (`app.operations.ratelimit.PAGE_PAUSE_SECONDS`) that costs the server nothing meanwhile."""
    limiter = _limiter(request)
    if limiter is None:
        return
    if limiter.page_full(client_address(request)):
        await asyncio.sleep(limiter.page_pause)
        raise HTTPException(429, TOO_MANY_PAGES)
    await run_in_threadpool(count_page, request)


async def limit_players_pages(request: Request) -> None:
    """`limit_pages` for a page that costs a query only for a player (its cookie)."""
    if player_id(request) is not None:
        await limit_pages(request)


NameLimit = Depends(limit_names)
RestoreLimit = Depends(limit_restores)
PageLimit = Depends(limit_pages)
PlayersPageLimit = Depends(limit_players_pages)
PlayerId = Depends(give_player_id)


def player_id(request: Request) -> str | None:
    """The cookie's player id; none on answers the session middleware never saw (a static
    file's error page), nor for a cookie that holds no id `new_id` could have made (signed
    with the server's secret, but by hand: `""` or `../x` were stored as players)."""
    session = request.scope.get("session")
    if not isinstance(session, dict):
        return None
    value = session.get("player")
    return value if isinstance(value, str) and made_by_new_id(value) else None


FORMER_PLAYERS = 8
"""How many players a browser has been before the present one it remembers."""


def remember_player(request: Request, player: str) -> None:
    """The cookie plays as `player` from now on; the player it was is remembered among its
    former players (`former_players`)."""
    current = player_id(request)
    if current is not None and current != player:
        kept = [current, *(former for former in former_players(request) if former != player)]
        request.session["former"] = kept[:FORMER_PLAYERS]
    request.session["player"] = player


def newcomer_id(request: Request) -> str | None:
    """The id a page gave this browser while it had no player, the player it becomes at its
    first start (`app.web.session_cookie.NewcomerIds`). Until then the browser is a visitor
    (`player_id` is None), whose pages cost no player's lookups."""
    value = request.scope.get("state", {}).get("newcomer")
    return value if isinstance(value, str) else None


def former_players(request: Request) -> tuple[str, ...]:
    """The players this browser played as before its present one, latest first: a restore
    key switches a browser to another player, and a browser that was dealt a day's daily
    deals as one player is not dealt them again as another (`app.play.daily`)."""
    session = request.scope.get("session")
    former = session.get("former") if isinstance(session, dict) else None
    if not isinstance(former, list):
        return ()
    current = player_id(request)
    return tuple(
        value
        for value in former
        if isinstance(value, str) and made_by_new_id(value) and value != current
    )


def ensure_player_id(request: Request) -> str:
    """The cookie's player id, or the newcomer's id a page gave it, or a new one, put into
    the cookie (the row comes later)."""
    current = player_id(request)
    if current is None:
        current = newcomer_id(request) or secrets.token_hex(16)
        remember_player(request, current)
    return current


def is_htmx(request: Request) -> bool:
    return request.headers.get("HX-Request") == "true"
