"""HEAD requests, answered as GET would be, without the body. FastAPI routes a GET route's
HEAD to 405, and load balancers, uptime monitors and link checkers often ask with HEAD."""

from __future__ import annotations

from starlette.types import Message, Receive, Scope, Send

from app.operations.middleware import Headers, HttpMiddleware, changing_headers, tokens, with_tokens


class HeadAsGet(HttpMiddleware):
    """The GET answer's status and headers (its `content-length` included), no body. A 405
    names HEAD among the allowed methods wherever it names GET, as it is served there."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        send = changing_headers(send, _head_allowed)
        if scope["method"] != "HEAD":
            await self.app(scope, receive, send)
            return

        async def without_body(message: Message) -> None:
            if message["type"] != "http.response.body":
                await send(message)
            elif not message.get("more_body", False):
                await send({"type": "http.response.body", "body": b"", "more_body": False})

        await self.app({**scope, "method": "GET"}, receive, without_body)


def _head_allowed(headers: Headers) -> Headers:
    """`Allow: GET` becomes `Allow: GET, HEAD` (FastAPI lists a route's own methods only)."""
    if b"GET" not in tokens(headers, b"allow"):
        return headers
    return with_tokens(headers, b"allow", (b"HEAD",))
