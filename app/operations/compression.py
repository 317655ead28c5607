"""Content negotiation for gzip, shared by the pages and the static files.

Starlette's `GZipMiddleware` compresses whenever the word "gzip" appears in
`Accept-Encoding`, so a client that refuses it (`gzip;q=0`) would get a body it said it cannot
read. Here the header is read with its qualities."""

from __future__ import annotations

from starlette.datastructures import Headers
from starlette.middleware.gzip import GZipMiddleware, IdentityResponder
from starlette.types import Receive, Scope, Send


def accepts_gzip(header: str) -> bool:
    """gzip is accepted when named with a non-zero quality, or, unnamed, when `*` is."""
    weights = {}
    for part in header.split(","):
        coding, _, parameters = part.partition(";")
        weights[coding.strip().lower()] = _quality(parameters)
    return weights.get("gzip", weights.get("*", 0.0)) > 0


def _quality(parameters: str) -> float:
    """`q=0.5` → 0.5; no quality means 1; a malformed one counts as refusal."""
    name, _, value = parameters.strip().partition("=")
    if name.strip().lower() != "q":
        return 1.0
    try:
        return float(value)
    except ValueError:
        return 0.0


class NegotiatedGZip(GZipMiddleware):
    """Compresses a response only for a client that accepts gzip (`accepts_gzip`); the
    others get it as it is, still marked `Vary: Accept-Encoding` for caches."""

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and not accepts_gzip(
            Headers(scope=scope).get("accept-encoding", "")
        ):
            plain = IdentityResponder(
                self.app, self.minimum_size, exclude_content_types=self.exclude_content_types
            )
            await plain(scope, receive, send)
            return
        await super().__call__(scope, receive, send)
