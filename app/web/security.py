"""What keeps a public server safe to run: strict response headers, Secure cookies over HTTPS,
a cap on request bodies and same-origin checks on every request that changes state.

The proxy headers (client address, scheme) are believed only from the proxies named in the
settings (uvicorn's `ProxyHeadersMiddleware`, installed by the factory), so the scheme seen
here is the one the player's browser used.
"""

from __future__ import annotations

from urllib.parse import urlsplit

from fastapi import HTTPException, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.languages.i18n import N_, translator
from app.operations.middleware import Headers, HttpMiddleware, changing_headers
from app.web.errors import message_page

CONTENT_SECURITY_POLICY = "; ".join(
    [
        "default-src 'self'",
        "script-src 'self'",
        "style-src 'self'",
        "img-src 'self'",
        "font-src 'self'",
        "connect-src 'self'",
        "form-action 'self'",
        "base-uri 'none'",
        "object-src 'none'",
        "frame-ancestors 'none'",
    ]
)
"""Scripts, styles and everything else from this server only: no inline code, no eval."""

HEADERS = [
    (b"content-security-policy", CONTENT_SECURITY_POLICY.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"x-frame-options", b"DENY"),
    (b"referrer-policy", b"same-origin"),
]
HTTPS_ONLY_HEADERS = [(b"strict-transport-security", b"max-age=31536000")]
UNLESS_SAID = (b"cache-control", b"private, no-cache")
"""How an answer that does not say how it may be cached may be: by its reader's browser only,
asked again before each use. Nearly every page follows the cookie (the player's table,
board row, streak and language); a shared cache must never hand one player's page to
another, whatever else it is told."""
MAX_BODY = 8 * 1024
"""Bytes in a request body: every form of the site is well under 1 KiB, and a body is read
on the event loop every other request waits for (`app.web.form_limits`)."""
TOO_LARGE = N_("That request is too large.")


class SecurityHeaders(HttpMiddleware):
    """Adds the security headers to every response, drops any `server` header, marks
    cookies `Secure` when the page was fetched over HTTPS, and makes an answer that names no
    caching private (`UNLESS_SAID`)."""

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        https = scope.get("scheme") == "https"

        def secured(headers: Headers) -> Headers:
            kept = [
                _secure_cookie(name, value) if https else (name, value)
                for name, value in headers
                if name.lower() != b"server"
            ]
            said = any(name.lower() == UNLESS_SAID[0] for name, _ in kept)
            unsaid = [] if said else [UNLESS_SAID]
            return kept + HEADERS + unsaid + (HTTPS_ONLY_HEADERS if https else [])

        await self.app(scope, receive, changing_headers(send, secured))


def _secure_cookie(name: bytes, value: bytes) -> tuple[bytes, bytes]:
    if name.lower() == b"set-cookie" and b"; secure" not in value.lower():
        return name, value + b"; Secure"
    return name, value


class BodyLimit(HttpMiddleware):
    """Refuses (413) a request body over `MAX_BODY` bytes, whether its length is announced or
    it arrives in chunks, before a form parser holds it in memory."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        super().__init__(app)
        self.limit = limit

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        declared = dict(scope.get("headers", [])).get(b"content-length", b"0")
        if not declared.isdigit() or int(declared) > self.limit:
            request = Request(scope, receive)
            message = translator(request).gettext(TOO_LARGE)
            response = message_page(request, 413, message)
            await response(scope, receive, send)
            return
        received = 0

        async def counted() -> Message:
            nonlocal received
            message = await receive()
            received += len(message.get("body", b""))
            if received > self.limit:
                raise HTTPException(413, TOO_LARGE)
            return message

        await self.app(scope, counted, send)


UNSAFE_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})


async def same_origin(request: Request) -> None:
    """Refuses (403) a state-changing request that a page of another site sent: its `Origin`
    (or, without one, its `Referer`) names another host, or the browser says so itself
    (`Sec-Fetch-Site: cross-site`, sent even where a policy strips the other two). SameSite
    cookies already keep the player's cookie off such requests; this also stops them for
    browsers that send it. `async`, so that every request need not hop to a worker thread
    for it."""
    if request.method not in UNSAFE_METHODS:
        return
    if request.headers.get("sec-fetch-site", "").lower() == "cross-site":
        raise HTTPException(403, FROM_ANOTHER_SITE)
    source = request.headers.get("origin") or request.headers.get("referer")
    if source is None:
        return
    if _host_of(source) != request.headers.get("host", "").lower():
        raise HTTPException(403, FROM_ANOTHER_SITE)


FROM_ANOTHER_SITE = N_("This request came from another site and was refused.")


def _host_of(address: str) -> str | None:
    """The host (and port) an `Origin` or `Referer` names; None for one no browser sends
    (`http://[::1`): a request with it is refused as from another site, not failed."""
    try:
        return urlsplit(address).netloc.lower()
    except ValueError:
        return None
