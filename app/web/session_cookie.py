"""The player cookie read safely: Starlette's `SessionMiddleware` makes its session with
`dict(payload)` once the signature holds, so a signed payload that is not a JSON object (a
list, a number, bytes that are not JSON) raised inside it, a 500 on every page. Only a holder
of the secret can sign such a cookie, but an old or broken signer must not take the site down
for that browser: the cookie is dropped before the session middleware reads it, and the
request comes as a newcomer's.

The cookie's signer (`PlayerSigner`) also reads the signing time as several servers need it.
A server whose clock lags the one that signed the cookie read it as signed in the future,
which itsdangerous refuses: the browser came as a newcomer, was given a new player, and its
games were out of its reach until its clock caught up (for good, once it had played as the
new one). A time no date can hold raised inside the session middleware, a 500 on every page;
it is a bad signature here."""

from __future__ import annotations

import json
from base64 import b64decode
from datetime import UTC, datetime, timedelta
from typing import Literal, overload

from itsdangerous import BadSignature, BadTimeSignature, SignatureExpired, TimestampSigner
from starlette.middleware.sessions import SessionMiddleware
from starlette.requests import HTTPConnection, Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app.operations.middleware import HttpMiddleware
from app.table.store import made_by_new_id, new_id
from app.web.deps import player_id

MOST_AHEAD = timedelta(days=1)
"""How far ahead of this server's clock another server's may run: a cookie signed further
ahead came from a broken signer, and is a bad signature."""


class PlayerSigner(TimestampSigner):
    """A cookie is as old as its signing time says, never younger than now: one signed a
    moment ahead, by a server whose clock runs ahead, is read."""

    @overload
    def unsign(
        self,
        signed_value: str | bytes,
        max_age: int | None = None,
        return_timestamp: Literal[False] = False,
    ) -> bytes: ...

    @overload
    def unsign(
        self,
        signed_value: str | bytes,
        max_age: int | None = None,
        return_timestamp: Literal[True] = True,
    ) -> tuple[bytes, datetime]: ...

    def unsign(
        self,
        signed_value: str | bytes,
        max_age: int | None = None,
        return_timestamp: bool = False,
    ) -> tuple[bytes, datetime] | bytes:
        try:
            value, signed_at = super().unsign(signed_value, return_timestamp=True)
        except (ValueError, OverflowError, OSError) as error:
            raise BadTimeSignature("a signing time no date can hold") from error
        age = datetime.now(UTC) - signed_at
        if age < -MOST_AHEAD:
            raise BadTimeSignature("signed too far ahead of this server's clock")
        if max_age is not None and age > timedelta(seconds=max_age):
            raise SignatureExpired(f"signed over {max_age} s ago", payload=value)
        return (value, signed_at) if return_timestamp else value


class PlayerCookies(SessionMiddleware):
    """Starlette's session middleware with the player cookie's signer."""

    def __init__(self, app: ASGIApp, secret_key: str, session_cookie: str, max_age: int) -> None:
        super().__init__(app, secret_key, session_cookie, max_age, same_site="lax")
        self.signer = PlayerSigner(secret_key)


class SessionPayloadGuard(HttpMiddleware):
    """Sits just outside `SessionMiddleware`, with its secret and cookie name."""

    def __init__(self, app: ASGIApp, secret_key: str, session_cookie: str) -> None:
        super().__init__(app)
        self._signer = PlayerSigner(secret_key)
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


NEWCOMER_COOKIE = "doko_newcomer"
NEWCOMER_MAX_AGE = 24 * 3600
"""A day, in the browser and at the server: a first visit's taps come within it."""


class NewcomerIds(HttpMiddleware):
    """Sits just inside `PlayerCookies`: a page shown to a browser without a player gives it
    the id its player will have, in a signed cookie of its own (`app.web.deps.newcomer_id`
    reads it). Every page holds a form that starts a game (the daily game's, the challenge's
    Play, the Rules dialog's), and a start without an id made a new player: a first tap sent
    twice (a slow link, a second click, two servers) made two players, each with a ranked
    attempt of the day's deals that used up one of the address's, the browser keeping only
    one. With the id the page gave, the taps are one player's, and one of them starts.

    The id is not in the player cookie: a page asked for before the first start and answered
    after it would write that cookie back without the new player (the service worker fetches
    pages in the background), and the browser would lose its first game. The answer that
    gives the browser its player takes the newcomer's cookie away: kept, it made the browser
    that player again once the player cookie was gone, after the player had been left behind
    for a restore key's, whose games are out of reach without a key of their own."""

    def __init__(self, app: ASGIApp, secret_key: str) -> None:
        super().__init__(app)
        self._signer = TimestampSigner(secret_key, salt=NEWCOMER_COOKIE)

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        sent = HTTPConnection(scope).cookies.get(NEWCOMER_COOKIE)
        given = self._read(sent)
        if given is not None:
            scope.setdefault("state", {})["newcomer"] = given

        async def send_with_id(message: Message) -> None:
            if message["type"] == "http.response.start":
                player = player_id(Request(scope))
                if sent is not None and player:
                    message = _with_cookie(message, "", 0)
                elif given is None and not player and _is_page(scope, message):
                    message = _with_cookie(message, self._cookie(), NEWCOMER_MAX_AGE)
            await send(message)

        await self.app(scope, receive, send_with_id)

    def _read(self, value: str | None) -> str | None:
        if value is None:
            return None
        try:
            newcomer = self._signer.unsign(value, max_age=NEWCOMER_MAX_AGE).decode()
        except (BadSignature, UnicodeDecodeError):
            return None
        return newcomer if made_by_new_id(newcomer) else None

    def _cookie(self) -> str:
        return self._signer.sign(new_id()).decode()


def _with_cookie(start: Message, value: str, max_age: int) -> Message:
    """The answer's start with the newcomer's cookie set to `value` (0 s: taken away)."""
    cookie = f"{NEWCOMER_COOKIE}={value}; path=/; Max-Age={max_age}; httponly; samesite=lax"
    return {**start, "headers": [*start.get("headers", []), (b"set-cookie", cookie.encode())]}


def _is_page(scope: Scope, start: Message) -> bool:
    """An HTML page answered 200 to a GET (not an error page, a redirect, a fragment's data or
    a file) and kept by this browser alone: the offline pages a service worker keeps may be
    kept by any cache, so no player's id goes with them."""
    headers = start.get("headers", [])
    kinds = [value for name, value in headers if name == b"content-type"]
    caching = b",".join(value for name, value in headers if name == b"cache-control")
    kept_privately = not caching or b"private" in caching or b"no-store" in caching
    page = any(kind.startswith(b"text/html") for kind in kinds)
    return scope["method"] == "GET" and start["status"] == 200 and page and kept_privately
