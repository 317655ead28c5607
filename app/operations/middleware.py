"""What the app's own ASGI middlewares share: they act on HTTP requests only, and several
change the headers of the response as it starts."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from starlette.types import ASGIApp, Message, Receive, Scope, Send

Headers = list[tuple[bytes, bytes]]


class HttpMiddleware:
    """A pure ASGI middleware that lets everything but HTTP requests (the lifespan) pass."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        await self.handle(scope, receive, send)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        raise NotImplementedError


def changing_headers(send: Send, change: Callable[[Headers], Headers]) -> Send:
    """`send`, with the response's headers passed through `change` as it starts."""

    async def send_changed(message: Message) -> None:
        if message["type"] == "http.response.start":
            message = {**message, "headers": change(list(message.get("headers", [])))}
        await send(message)

    return send_changed


def tokens(headers: Headers, name: bytes) -> list[bytes]:
    """The comma-separated values of the header `name`, over all its lines."""
    return [
        token.strip()
        for key, value in headers
        if key.lower() == name
        for token in value.split(b",")
        if token.strip()
    ]


def with_tokens(headers: Headers, name: bytes, added: Iterable[bytes]) -> Headers:
    """`headers` with each of `added` named in the header `name` (one line, each value once,
    compared without case)."""
    named = tokens(headers, name)
    known = {token.lower() for token in named}
    named += [token for token in added if token.lower() not in known]
    return [
        *((key, value) for key, value in headers if key.lower() != name),
        (name, b", ".join(named)),
    ]
