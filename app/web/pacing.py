"""The middleware that keeps each address, and each IPv6 site (`SITE_SHARES`), to its share of the
server's time (`app.operations.pacing`): a request of an address past its share waits, on the
event loop and holding nothing, or is refused (429) when the wait would be long; every answer is
charged to its address (and site) its `Server-Timing` figure
(`app.operations.timing.app_seconds`), at least `LEAST_CHARGED` and at most `MOST_CHARGED` (time
the server spent waiting, for a database connection or behind other players' work, can reach
seconds) and nothing for the server's own failures (5xx). Static files are paced too
(`app.web.assets` answers them after it, without a `Server-Timing`): an outside check asked for
one 7,500 times a second, and for 404s 1,100 times, each charged less than the server spent on
it, and the other players' pages came 6 to 40 times slower. Requests without an address
(`NO_ADDRESS`: a socket, or a host a trusted proxy passed on that is no address) share one
share, as the rate limits count them.

The search its bots did for a request (`app.operations.timing.search_seconds`: the strong
bots' decisions in the live workers, a forced card as what it is paced as) is charged too,
up to `MOST_SEARCH_CHARGED`: ten cookies of one address clicking in strong games kept the
live worker busy, and another player's strong game waited behind their searches (its clicks'
95th percentile 2.0 s where it was 0.3 s alone). A player clicking at a human pace uses a
small part of the share on its bots."""

from __future__ import annotations

import asyncio
import math

from fastapi import Request
from starlette.types import Message, Receive, Scope, Send

from app.languages.i18n import translator
from app.operations.bot_pool import asked_by
from app.operations.middleware import HttpMiddleware
from app.operations.pacing import LONGEST_WAIT, AtOnce, NoPlace, Pacer
from app.operations.ratelimit import PAGE_PAUSE_SECONDS
from app.operations.timing import app_seconds, search_seconds
from app.web.deps import TOO_MANY_PAGES, client_address, site_of
from app.web.errors import message_page

MOST_CHARGED = 1.0
"""Seconds one answer is charged at most: more than any page takes of the app's own work."""
MOST_SEARCH_CHARGED = 3.0
"""Seconds of the bots' search one answer is charged at most: a click's three strong bots
search a few tenths of a second together, more only on a machine under load."""
LEAST_CHARGED = 0.002
"""Seconds one answer is charged at least: about what the server spends on any request
outside the app's own work (its parsing, the middlewares, the connection), so an address's
share is a few hundred of the cheapest answers a second, not thousands."""
sleep = asyncio.sleep
"""How a paced request waits (tests replace it to see the wait without taking it)."""


class Pacing(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        pacer: Pacer | None = scope["app"].state.pacer
        if pacer is None:
            await self.app(scope, receive, send)
            return
        request = Request(scope, receive)
        address = client_address(request)
        shares = _shares(pacer, scope["app"].state.site_pacer, address)
        wait = max(share.wait(key) for share, key in shares)
        if wait > LONGEST_WAIT:
            await sleep(PAGE_PAUSE_SECONDS)
            await _refuse(request, wait, send)
            return
        if wait > 0:
            await sleep(wait)
        at_once: AtOnce = scope["app"].state.at_once
        try:
            async with at_once.place(address, LONGEST_WAIT - wait):
                with asked_by(address):
                    await self.app(scope, receive, _charging(shares, scope, send))
        except NoPlace:
            await _refuse(request, LONGEST_WAIT, send)


def _shares(addresses: Pacer, sites: Pacer, address: str) -> list[tuple[Pacer, str]]:
    """The shares a request draws on: its address's, and its IPv6 site's (none for IPv4)."""
    site = site_of(address)
    return [(addresses, address)] + ([(sites, site)] if site else [])


def _charging(shares: list[tuple[Pacer, str]], scope: Scope, send: Send) -> Send:
    """`send`, charging the answer to each of the request's shares as it starts."""

    async def charged(message: Message) -> None:
        if message["type"] == "http.response.start" and message["status"] < 500:
            spent = min(max(app_seconds(scope), LEAST_CHARGED), MOST_CHARGED)
            cost = spent + min(search_seconds(scope), MOST_SEARCH_CHARGED)
            for share, key in shares:
                share.charge(key, cost)
        await send(message)

    return charged


async def _refuse(request: Request, wait: float, send: Send) -> None:
    headers = {"Retry-After": str(math.ceil(wait))}
    text = translator(request).gettext(TOO_MANY_PAGES)
    page = message_page(request, 429, text, headers)
    await page(request.scope, request.receive, send)
