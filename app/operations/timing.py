"""`Server-Timing` on every response: the time the app spent on its own work, for the
browser's dev tools and `bench/web.py` (a pure ASGI middleware, so it adds next to nothing
itself). The search bots' thinking and the wait for the client's body are left out of it,
and every card a bot follows with is paced like most searches before the response starts.

How long a search bot thought tells how many cards it could choose from, which is hidden: a
step whose bots all played forced cards answered in 6 ms, one where a bot chose in 55 ms.
So the bots report their time to the request's `HiddenTime` (a context variable reaches the
worker thread that plays the step), the header counts everything else, and the response
waits, on the event loop and holding nothing, for the time the paced cards owe
(`app.operations.think_times`).
"""

from __future__ import annotations

import asyncio
import time
from contextvars import ContextVar
from dataclasses import dataclass

from starlette.types import Message, Receive, Scope, Send

from app.operations.middleware import HttpMiddleware


@dataclass
class HiddenTime:
    """What a request's bots did that the response must not show."""

    thought: float = 0.0
    """Seconds the search bots took to decide (left out of the header)."""
    owed: float = 0.0
    """Seconds the response waits before it starts: the forced cards' pacing."""
    searched: float = 0.0
    """Seconds of the workers' own search the request caused, a forced card counted as what
    it is paced as: what the address is charged for its bots (`app.web.pacing`)."""
    reading: float = 0.0
    """Seconds the app waited for the client's body: the client's time, not the server's
    (an outside check held 600 bodies half sent, each charged a second to its address)."""


_HIDDEN: ContextVar[HiddenTime | None] = ContextVar("doko_hidden_time", default=None)


def bots_thought(seconds: float, owed: float = 0.0, searched: float = 0.0) -> None:
    """Reports a search bot's decision to the request it was made for (outside a request, a
    game's par or a test calling the service, there is nobody to hide it from)."""
    hidden = _HIDDEN.get()
    if hidden is not None:
        hidden.thought += seconds
        hidden.owed += owed
        hidden.searched += searched


sleep = asyncio.sleep
"""How the response waits (tests replace it to see the wait without taking it)."""


async def paused(seconds: float) -> float:
    """Waits `seconds` on the event loop; the time it took."""
    if seconds <= 0:
        return 0.0
    began = time.perf_counter()
    await sleep(seconds)
    return time.perf_counter() - began


APP_SECONDS = "doko.app_seconds"
"""Where `ServerTiming` leaves a request's figure in its ASGI scope, for the middlewares
around it that weigh it (`app.web.pacing`), as the response starts."""
SEARCH_SECONDS = "doko.search_seconds"
"""Where it leaves the request's `HiddenTime.searched`, for the same middlewares."""


def app_seconds(scope: Scope) -> float:
    """The request's own time as the header gives it; 0 for an answer made outside the app
    (a static file)."""
    seconds: float = scope.get(APP_SECONDS, 0.0)
    return seconds


def search_seconds(scope: Scope) -> float:
    """The workers' search the request caused (`HiddenTime.searched`); never in a header."""
    seconds: float = scope.get(SEARCH_SECONDS, 0.0)
    return seconds


class ServerTiming(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        began = time.perf_counter()
        hidden = HiddenTime()
        token = _HIDDEN.set(hidden)

        async def read() -> Message:
            asked = time.perf_counter()
            try:
                return await receive()
            finally:
                hidden.reading += time.perf_counter() - asked

        async def timed(message: Message) -> None:
            if message["type"] == "http.response.start":
                waited = await paused(hidden.owed)
                elsewhere = hidden.thought + hidden.reading + waited
                spent = max(0.0, time.perf_counter() - began - elsewhere)
                scope[APP_SECONDS] = spent
                scope[SEARCH_SECONDS] = hidden.searched
                header = f"app;dur={spent * 1000:.1f}".encode()
                headers = [*message.get("headers", []), (b"server-timing", header)]
                message = {**message, "headers": headers}
            await send(message)

        try:
            await self.app(scope, read, timed)
        finally:
            _HIDDEN.reset(token)
