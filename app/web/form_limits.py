"""What the server refuses before it reads a form (a kind of body no page sends), and the
pause before any request with a body from an address that has sent many malformed ones this
minute.

A form is read on the server's event loop, where every other player's request waits its
turn. An outside check sent the Rules form, refused each time, as 1,200 multipart parts in
64 KiB, 16 at a time from one address: the rest of the site answered 90 times slower
(`bench/forms.py`). Every form of the site is URL-encoded and far under 1 KiB, so multipart
bodies are refused unread, and an address past `Limits.refusals_per_ip` malformed requests
in a minute has each further request with a body wait a pause that costs the server nothing
(as pages do, `app.web.deps.limit_pages`), so each of its connections sends one a second at
most. The requests are then answered as any other: refusing them would shut out every
player behind the same address (an office, a family's router, a mobile carrier) for the
minute, for one person's requests."""

from __future__ import annotations

import asyncio

from fastapi import Request
from starlette.types import Message, Receive, Scope, Send

from app.languages.i18n import translator
from app.operations.middleware import HttpMiddleware
from app.operations.ratelimit import NO_ADDRESS, RateLimiter
from app.web.deps import client_address
from app.web.errors import MESSAGES, malformed, mark_malformed, message_page
from app.web.security import UNSAFE_METHODS

sleep = asyncio.sleep
"""How a slowed request waits (tests replace it to see the wait without taking it)."""


class FormLimits(HttpMiddleware):
    """Counts, per address, the requests with a body that no page of the site sends: a
    multipart body, one over `MAX_BODY` (413), a form the routes cannot read
    (`app.web.errors.mark_malformed`). A refusal the routes explain
    (rules the game does not know, a nickname taken) is a player's, and not counted. A
    request without an address (`NO_ADDRESS`: a socket, or a host that is no address passed
    on by a trusted proxy) is never slowed for it: such clients would share one count."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        request = Request(scope, receive)
        limiter: RateLimiter | None = scope["app"].state.limiter
        address = client_address(request)
        counts = request.method in UNSAFE_METHODS and address != NO_ADDRESS
        counter = limiter if counts else None
        if counter is not None and counter.slows(address):
            await sleep(counter.page_pause)
        counted = send if counter is None else _counting(counter, address, scope, send)
        if _multipart(request):
            mark_malformed(request)
            await _refuse(request, counted)
            return
        await self.app(scope, receive, counted)


def _counting(limiter: RateLimiter, address: str, scope: Scope, send: Send) -> Send:
    """`send`, noting the address's refusal when the answer refuses a request no page sends:
    one over `MAX_BODY` (413), or one the refusal marked (`app.web.errors.malformed`)."""

    async def noted(message: Message) -> None:
        start = message["type"] == "http.response.start"
        if start and (message["status"] == 413 or malformed(scope)):
            limiter.note_refusal(address)
        await send(message)

    return noted


def _multipart(request: Request) -> bool:
    kind = request.headers.get("content-type", "")
    return kind.split(";", 1)[0].strip().lower() == "multipart/form-data"


async def _refuse(request: Request, send: Send) -> None:
    page = message_page(request, 400, translator(request).gettext(MESSAGES[400]))
    await page(request.scope, request.receive, send)
