"""The HTTP protocol the server speaks: uvicorn's httptools parser, with a bound on the size of
a request's head (its request line and headers).

httptools takes a head of any size, and grows a long header value by appending each piece the
network delivers, on the event loop, before any limit of the app can see the request: two
connections sending 100 MB headers stalled every player for 12 s and took the server to
1.2 GB. A head past `MOST_HEAD_BYTES` is answered 431 and its connection closed as soon as it
has come that far. Bodies keep their own limits (app.web.security)."""

from __future__ import annotations

from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

MOST_HEAD_BYTES = 64 * 1024
"""Far above what a browser sends (a few KB of cookies and headers), far below a costly one."""
TOO_LARGE = (
    b"HTTP/1.1 431 Request Header Fields Too Large\r\n"
    b"content-type: text/plain; charset=utf-8\r\n"
    b"content-length: 32\r\n"
    b"connection: close\r\n"
    b"\r\n"
    b"Request header fields too large."
)


class BoundedHead(HttpToolsProtocol):
    """Counts the bytes of each request until its head is complete; past the bound, refuses it.
    The bytes are counted after the parser has read them, so that a head and a large body in
    one piece from the network count only while the head is open; a piece that ends a request
    counts for none (its bytes are that request's, whatever of the next one follows them). A
    piece costs the parser little, many pieces of one value cost it much."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._head_bytes = 0
        self._head_open = True
        self._requests_ended = 0

    def data_received(self, data: bytes) -> None:
        ended = self._requests_ended
        super().data_received(data)
        if not self._head_open or ended != self._requests_ended or self.transport.is_closing():
            return
        self._head_bytes += len(data)
        if self._head_bytes > MOST_HEAD_BYTES:
            self.transport.write(TOO_LARGE)
            self.transport.close()

    def on_headers_complete(self) -> None:
        self._head_open = False
        super().on_headers_complete()

    def on_message_complete(self) -> None:
        super().on_message_complete()
        self._head_open = True
        self._head_bytes = 0
        self._requests_ended += 1
