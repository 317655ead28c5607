"""The player cookie read safely: Starlette's `SessionMiddleware` makes its session with
`dict(payload)` once the signature holds, so a signed payload that is not a JSON object (a
list, a number, bytes that are not JSON) raised inside it, a 500 on every page. Only a holder
of the secret can sign such a cookie, but an old or broken signer must not take the site down
for that browser: the cookie is dropped before the session middleware reads it, and the
request comes as a newcomer's."""

from __future__ import annotations

import json
from base64 import b64decode

from itsdangerous import BadSignature, TimestampSigner
from starlette.requests import HTTPConnection
from starlette.types import ASGIApp, Receive, Scope, Send

from app.operations.middleware import HttpMiddleware


class SessionPayloadGuard(HttpMiddleware):
    """Sits just outside `SessionMiddleware`, with its secret and cookie name."""

    def __init__(self, app: ASGIApp, secret_key: str, session_cookie: str) -> None:
        super().__init__(app)
        self._signer = TimestampSigner(secret_key)
        self._cookie = session_cookie

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        value = HTTPConnection(scope).cookies.get(self._cookie)
        if value is not None and not self._readable(value):
            scope = {**scope, "headers": _without_cookie(scope["headers"], self._cookie)}
        await self.app(scope, receive, send)

    def _readable(self, value: str) -> bool:
        """Whether the session middleware can read the cookie: a bad signature it reads as
        no session by itself; a good one must carry a JSON object."""
        try:
            payload = self._signer.unsign(value.encode())
        except BadSignature:
            return True
        try:
            return isinstance(json.loads(b64decode(payload)), dict)
        except (ValueError, RecursionError):
            return False


def _without_cookie(headers: list[tuple[bytes, bytes]], name: str) -> list[tuple[bytes, bytes]]:
    """The request's headers with the cookie `name` taken out of every `Cookie` header, its
    name read as Starlette reads it (a header in Latin-1, the name up to the first `=`,
    whitespace around it set aside), so `doko_player =…` goes too."""
    kept: list[tuple[bytes, bytes]] = []
    for key, value in headers:
        if key.lower() == b"cookie":
            parts = [part for part in value.split(b";") if _cookie_name(part) != name]
            if not parts:
                continue
            value = b";".join(parts)
        kept.append((key, value))
    return kept


def _cookie_name(part: bytes) -> str:
    text = part.decode("latin-1")
    return text.split("=", 1)[0].strip() if "=" in text else ""
