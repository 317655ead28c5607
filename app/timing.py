"""`Server-Timing` on every response: the time the app spent, for the browser's dev tools
and `bench/web.py` (a pure ASGI middleware, so it adds next to nothing itself)."""

from __future__ import annotations

import time

from starlette.types import Receive, Scope, Send

from app.middleware import Headers, HttpMiddleware, changing_headers


class ServerTiming(HttpMiddleware):
    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        began = time.perf_counter()

        def timed(headers: Headers) -> Headers:
            spent = (time.perf_counter() - began) * 1000
            return [*headers, (b"server-timing", f"app;dur={spent:.1f}".encode())]

        await self.app(scope, receive, changing_headers(send, timed))
