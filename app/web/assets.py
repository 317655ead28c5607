"""The static files (stylesheet, scripts, icon), read and compressed once at start-up and
served from memory.

A first visit fetches four of them. Through Starlette's `StaticFiles` each cost the server
about 1.35 ms of CPU (the file looked up, opened and read in worker threads), and the
compression middleware compressed htmx again for every visitor (1.5 ms more): a crowd
arriving at once for the daily deal paid that before its first click. Here each file's
bytes, their gzip form and an ETag are made once per process.

A stylesheet is served without its comments: they are for the next engineer, they were a
quarter of the table's stylesheets (12.7 KB of 50 KB), and the first load has a budget
(`tests/browser/test_table.py`).

Pages name the files with `asset_url`, which adds the content's hash: a browser may keep such
a URL for a year, and a changed file gets a new URL, so a release reaches every player at
once. A URL without the current hash is revalidated (its ETag answers with 304).
"""

from __future__ import annotations

import gzip
import hashlib
import mimetypes
import re
from dataclasses import dataclass
from pathlib import Path

from starlette.datastructures import Headers
from starlette.requests import Request
from starlette.types import ASGIApp, Receive, Scope, Send

from app.languages.i18n import translator
from app.operations.compression import accepts_gzip
from app.operations.middleware import Headers as HeaderList
from app.operations.middleware import HttpMiddleware
from app.web.errors import MESSAGES, message_page

YEAR_S = 365 * 24 * 3600
KEPT = f"public, max-age={YEAR_S}, immutable".encode()
"""For a URL that names the file's hash: its content never changes."""
REVALIDATED = b"no-cache"
"""For a bare URL: the browser asks again each time and gets a 304 while the file is the same."""
COMPRESSIBLE = ("text/", "application/javascript", "image/svg+xml", "application/json")
CSS_COMMENT = re.compile(rb"/\*.*?\*/", re.DOTALL)


@dataclass(frozen=True)
class Asset:
    """One file as it is served: its bytes, their gzip form if that is smaller, and the hash
    that names this content."""

    media_type: str
    body: bytes
    gzipped: bytes | None
    version: str

    @staticmethod
    def of(path: Path) -> Asset:
        guessed = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
        body = path.read_bytes()
        if guessed == "text/css":
            body = without_comments(body)
        media_type = f"{guessed}; charset=utf-8" if guessed.startswith("text/") else guessed
        version = hashlib.sha256(body).hexdigest()[:16]
        return Asset(media_type, body, _gzipped(body, guessed), version)

    def etag(self, compressed: bool) -> bytes:
        """A strong ETag per representation: the gzip form is another byte sequence."""
        return f'"{self.version}{"-gz" if compressed else ""}"'.encode()


def without_comments(css: bytes) -> bytes:
    """A stylesheet less its comments (no stylesheet here has `/*` inside a string)."""
    return CSS_COMMENT.sub(b"", css)


def _gzipped(body: bytes, media_type: str) -> bytes | None:
    """The gzip form of a text file, when it is smaller; None for anything else."""
    if not media_type.startswith(COMPRESSIBLE):
        return None
    packed = gzip.compress(body, compresslevel=9, mtime=0)
    return packed if len(packed) < len(body) else None


class Assets:
    """Every file under `folder`, as found at start-up, by its path relative to the folder."""

    def __init__(self, folder: Path, prefix: str = "/static") -> None:
        self.prefix = prefix.rstrip("/") + "/"
        self.files = {
            path.relative_to(folder).as_posix(): Asset.of(path)
            for path in sorted(folder.rglob("*"))
            if path.is_file()
        }

    def url(self, name: str) -> str:
        """The URL of the file `name` with its content's hash; a name that is not a file is a
        mistake in a template, so it raises KeyError."""
        return f"{self.prefix}{name}?v={self.files[name].version}"

    def at(self, path: str) -> Asset | None:
        """The file a request path names, if any: a lookup in a dictionary, so nothing
        outside the folder can be named."""
        if not path.startswith(self.prefix):
            return None
        return self.files.get(path.removeprefix(self.prefix))


class ServeAssets(HttpMiddleware):
    """Answers a GET for one of the files before the middlewares inside it run: a file needs
    no session (its cookie read and its signature checked), no timing, and its compression
    is done. A HEAD arrives as a GET (`app.operations.head.HeadAsGet`, outside this middleware,
    drops the body). Anything else, an unknown file included, goes on to the app, whose 404 page
    answers it."""

    def __init__(self, app: ASGIApp, assets: Assets) -> None:
        super().__init__(app)
        self.assets = assets

    async def handle(self, scope: Scope, receive: Receive, send: Send) -> None:
        asset = self.assets.at(scope["path"])
        if asset is None:
            await self.app(scope, receive, send)
        elif scope["method"] != "GET":
            request = Request(scope, receive)
            message = translator(request).gettext(MESSAGES[405])
            await message_page(request, 405, message, {"Allow": "GET, HEAD"})(scope, receive, send)
        else:
            await _send_asset(scope, send, asset)


async def _send_asset(scope: Scope, send: Send, asset: Asset) -> None:
    asked = Headers(scope=scope)
    gzipped = asset.gzipped if accepts_gzip(asked.get("accept-encoding", "")) else None
    etag = asset.etag(compressed=gzipped is not None)
    named = f"v={asset.version}" in scope.get("query_string", b"").decode("latin-1")
    headers: HeaderList = [
        (b"etag", etag),
        (b"cache-control", KEPT if named else REVALIDATED),
        (b"vary", b"Accept-Encoding"),
    ]
    if etag in _tags(asked.get("if-none-match", "")):
        await _send(send, 304, headers, b"")
        return
    body = gzipped or asset.body
    headers += [(b"content-type", asset.media_type.encode())]
    headers += [(b"content-encoding", b"gzip")] if gzipped is not None else []
    headers += [(b"content-length", str(len(body)).encode())]
    await _send(send, 200, headers, body)


def _tags(header: str) -> set[bytes]:
    """The entity tags an `If-None-Match` names, weak ones compared by their opaque part."""
    return {tag.strip().removeprefix("W/").encode() for tag in header.split(",") if tag.strip()}


async def _send(send: Send, status: int, headers: HeaderList, body: bytes) -> None:
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})
